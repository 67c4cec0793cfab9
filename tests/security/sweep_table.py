"""What every URL is for: who may GET it, who may POST it, and a POST body that succeeds.

`test_sweep_urls` fails when a URL of the URL conf is missing here, so a new view cannot escape
the sweep. The roles (see `ROLES`) extend tests/campaigns/test_permission_matrix.py's four
with the attacker's: another player acting on a character not theirs, a second GM (of B only),
and A's GM and a GM of B who plays in A, both pointing A's URLs at B's objects.

A body is built for the side whose ids are in the URL, so a request that got past the scoping
would really act: a refusal then means something.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ANON, OUTSIDER, PLAYER, OTHER = "anonymous", "outsider", "player", "other_player"
SECOND_GM, CROSS, CROSS_HYBRID, GM = "second_gm", "cross_gm", "cross_hybrid", "gm"
ROLES = (ANON, OUTSIDER, PLAYER, OTHER, SECOND_GM, CROSS, CROSS_HYBRID, GM)
# Roles whose requests name objects that are not theirs to see: refused exactly like a
# request for an object that never existed.
STRANGERS = frozenset({OUTSIDER, SECOND_GM, CROSS, CROSS_HYBRID})
USERS = {
    OUTSIDER: "outsider",
    PLAYER: "p1",
    OTHER: "p2",
    SECOND_GM: "gm_b",
    CROSS: "gm_a",
    CROSS_HYBRID: "hybrid",
    GM: "gm_a",
}
LOGGED_IN = frozenset(ROLES) - {ANON}
MEMBERS = frozenset({PLAYER, OTHER, GM})
OWNER = frozenset({PLAYER, GM})  # p1 on Caelan, and the GM
GMS = frozenset({GM})
EVERYBODY = frozenset(ROLES)

Body = Callable[[Any, Any, Any], dict[str, Any]]  # (world, side, user) -> POST data


@dataclass(frozen=True)
class Url:
    keys: tuple[str, ...] = ()
    methods: frozenset[str] = frozenset({"GET"})
    get: frozenset[str] = frozenset()
    post: frozenset[str] = frozenset()
    body: Body | None = None
    writes: frozenset[str] = frozenset()  # roles whose allowed POST must change the database
    query: Body | None = None
    public: bool = False  # no login needed
    refusals: frozenset[int] = frozenset({403, 404})
    extra: dict[str, Any] = field(default_factory=dict)


GET, POST, BOTH = frozenset({"GET"}), frozenset({"POST"}), frozenset({"GET", "POST"})


def form_data(form: Any) -> dict[str, Any]:
    """What a browser would post back from an unbound form: every field's initial value."""
    data: dict[str, Any] = {}
    for name, form_field in form.fields.items():
        if form_field.widget.needs_multipart_form and name == "portrait":
            continue
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, list | tuple):
            data[name] = [str(getattr(item, "pk", item)) for item in value]
        elif value is not None:
            data[name] = value
    return data


def _character_body(w: Any, side: Any, user: Any) -> dict[str, Any]:
    from campaigns.recordforms import character_form_class

    character = next(iter(side.characters.values()))
    gm = side.campaign.memberships.filter(user=user, role="gm").exists()
    form = character_form_class(character, gm=gm)(instance=character)
    return {**form_data(form), "name": character.name + " the Bold"}


def _new_character_body(w: Any, side: Any, user: Any) -> dict[str, Any]:
    from campaigns.models import Character
    from campaigns.recordforms import character_form_class

    character = Character(campaign=side.campaign, system=side.campaign.system)
    form = character_form_class(character, gm=True)(instance=character)
    return {**form_data(form), "name": "Newcomer", "kind": "npc"}


def _record_body(kind: str, *, new: bool = False) -> Body:
    """The GM's in-app form for a monster or a weapon of `side`, new or its own, renamed."""

    def body(w: Any, side: Any, user: Any) -> dict[str, Any]:
        from campaigns.models import Monster, Weapon
        from campaigns.recordforms import record_form_class

        model = {"monster": Monster, "weapon": Weapon}[kind]
        record = (
            model(campaign=side.campaign, system=side.campaign.system)
            if new
            else getattr(side, kind)
        )
        form = record_form_class(record)(instance=record)
        return {**form_data(form), "name": f"{record.name or 'Newcomer'} the Bold"}

    return body


def _campaign_body(w: Any, side: Any, user: Any) -> dict[str, Any]:
    from campaigns.forms import CampaignEditForm

    return {**form_data(CampaignEditForm(instance=side.campaign)), "name": "Renamed"}


def _action(w: Any, side: Any, user: Any) -> dict[str, Any]:
    """The first PC's attack on the monster, on that PC's turn, with typed faces."""
    pc = next(iter(side.characters.values())).name
    return {
        "key": "sweep-act",
        "kind": "attack",
        "actor": side.combatants[pc],
        "targets": [side.combatants[side.monster.name]],
        "faces": "3, 1",
    }


def _odds_query(w: Any, side: Any, user: Any) -> dict[str, Any]:
    return {k: v for k, v in _action(w, side, user).items() if k not in {"key", "faces"}}


def _encounter_query(w: Any, side: Any, user: Any) -> dict[str, Any]:
    return {"actor": _action(w, side, user)["actor"]}


def _ledger_body(w: Any, side: Any, user: Any) -> dict[str, Any]:
    """Money for the first player's character (p1's Caelan): theirs, and any GM's to enter."""
    character = next(iter(side.characters.values()))
    return {"character": character.pk, "kind": "money", "amount": "5", "unit": "gp",
            "reason": "Sweep", "key": "sweepledger"}  # fmt: skip


def _receipt_query(w: Any, side: Any, user: Any) -> dict[str, Any]:
    """The receipt of the fight's first roll (its initiative)."""
    return {"encounter": side.encounter.pk, "seq": side.encounter.log_length, "hash": "abcdef"}


def _const(data: dict[str, Any]) -> Body:
    return lambda w, side, user: dict(data)


URLS: dict[str, Url] = {
    "healthz": Url(public=True, get=EVERYBODY),
    "home": Url(public=True, get=EVERYBODY),
    "signup": Url(methods=BOTH, public=True, get=EVERYBODY, post=EVERYBODY),
    "login": Url(methods=BOTH, public=True, get=EVERYBODY, post=EVERYBODY),
    "logout": Url(methods=POST, public=True, post=EVERYBODY),
    "set_language": Url(methods=BOTH, public=True, get=EVERYBODY, post=EVERYBODY),
    "password_change": Url(methods=BOTH, get=LOGGED_IN, post=LOGGED_IN),
    "password_change_done": Url(get=LOGGED_IN),
    "campaigns:list": Url(get=LOGGED_IN),
    "campaigns:create": Url(
        methods=BOTH,
        get=LOGGED_IN,
        post=LOGGED_IN,
        writes=LOGGED_IN,
        body=_const({"name": "Fresh start", "system": "draci_hlidka", "description": ""}),
    ),
    "campaigns:invite_accept": Url(
        ("token",),
        BOTH,
        public=True,
        get=EVERYBODY,
        post=EVERYBODY,
        writes=frozenset({OUTSIDER, SECOND_GM}),
    ),  # the token is the capability: whoever has it may join
    "campaigns:detail": Url(("pk",), get=MEMBERS),
    "campaigns:edit": Url(("pk",), BOTH, get=GMS, post=GMS, body=_campaign_body, writes=GMS),
    "campaigns:leave": Url(("pk",), POST, post=MEMBERS, writes=frozenset({PLAYER, OTHER})),
    "campaigns:export": Url(("pk",), get=GMS),
    "campaigns:member_remove": Url(("pk", "member_pk"), POST, post=GMS, writes=GMS),
    "campaigns:member_role": Url(
        ("pk", "member_pk"), POST, post=GMS, writes=GMS, body=_const({"role": "gm"})
    ),
    "campaigns:invites": Url(
        ("pk",), BOTH, get=GMS, post=GMS, writes=GMS, body=_const({"valid_days": "7"})
    ),
    "campaigns:invite_revoke": Url(("pk", "invite_pk"), POST, post=GMS, writes=GMS),
    "campaigns:conditions": Url(
        ("pk",), BOTH, get=GMS, post=GMS, writes=GMS, body=_const({"name": "Marked", "rounds": "3"})
    ),
    "campaigns:condition_delete": Url(("pk", "condition_pk"), POST, post=GMS, writes=GMS),
    "campaigns:register": Url(
        ("pk",),
        BOTH,
        get=MEMBERS,
        post=GMS,
        writes=GMS,
        body=_const({"kind": "person", "name": "Newcomer", "key": "sweep-entry"}),
    ),
    "campaigns:register_entry": Url(("pk", "entry_pk"), get=MEMBERS),  # its name: revealed
    "campaigns:register_edit": Url(
        ("pk", "entry_pk"),
        BOTH,
        get=GMS,
        post=GMS,
        writes=GMS,
        body=_const({"kind": "place", "name": "Ferry house"}),
    ),
    "campaigns:register_reveal": Url(
        ("pk", "entry_pk"),
        POST,
        post=GMS,
        writes=GMS,
        body=_const({"audience": "all", "part": "2"}),
    ),
    "campaigns:register_withdraw": Url(("pk", "entry_pk", "reveal_pk"), POST, post=GMS, writes=GMS),
    "campaigns:register_delete": Url(("pk", "entry_pk"), POST, post=GMS, writes=GMS),
    "combat:roll": Url(
        ("pk",),
        POST,
        post=MEMBERS,
        writes=MEMBERS,
        body=_const({"expression": "2d6", "key": "sweep-roll"}),
    ),
    "combat:rolls": Url(("pk",), get=MEMBERS),
    "combat:dice_audit": Url(("pk",), get=MEMBERS, query=_const({"who": "u1"})),
    "combat:dice_receipt": Url(("pk",), get=MEMBERS, query=_receipt_query),
    "combat:search": Url(("pk",), get=MEMBERS, query=_const({"q": "sweep words"})),
    "combat:ledger": Url(("pk",), BOTH, get=MEMBERS, post=MEMBERS, writes=OWNER, body=_ledger_body),
    "combat:sessions": Url(
        ("pk",),
        BOTH,
        get=MEMBERS,
        post=GMS,
        writes=GMS,
        body=_const(
            {"past": "1", "past-day": "2020-02-02", "past-title": "Old", "past-key": "sweep"}
        ),
    ),  # fmt: skip
    "combat:session": Url(
        ("pk", "number"), BOTH, get=MEMBERS, post=GMS, writes=GMS, body=_const({"close": "1"})
    ),
    "combat:session_print": Url(("pk", "number"), get=MEMBERS),
    "combat:session_markdown": Url(("pk", "number"), get=MEMBERS),
    "combat:encounter_award": Url(
        ("pk", "enc_pk"),
        BOTH,
        get=GMS,
        post=GMS,
        writes=GMS,
        body=_const({"money": "10", "coin": "gp", "reason": "Loot", "key": "sweepaward"}),
    ),  # fmt: skip
    "combat:odds": Url(("pk",), get=MEMBERS, query=_const({"expression": "2d6", "target": "7"})),
    "combat:encounters": Url(
        ("pk",), BOTH, get=MEMBERS, post=GMS, writes=GMS, body=_const({"name": "Second fight"})
    ),
    "combat:encounter": Url(("pk", "enc_pk"), get=MEMBERS, query=_encounter_query),
    "combat:encounter_add": Url(
        ("pk", "enc_pk"),
        POST,
        post=GMS,
        writes=GMS,
        body=lambda w, side, user: {
            "key": "sweep-add",
            "record": f"character:{side.npc.pk}",
            "count": "1",
            "side": "enemies",
        },
    ),
    "combat:encounter_action": Url(("pk", "enc_pk"), POST, post=OWNER, writes=OWNER, body=_action),
    "combat:encounter_proposal": Url(
        ("pk", "enc_pk", "seq"),
        POST,
        post=GMS,
        body=_const({"decision": "accept", "key": "sweep-proposal"}),
    ),  # no proposal is pending: the GM is told so, nothing is written
    "combat:encounter_gm_forms": Url(("pk", "enc_pk"), get=GMS),
    "combat:encounter_odds": Url(
        ("pk", "enc_pk"), get=OWNER, query=_odds_query, refusals=frozenset({204, 403, 404})
    ),
    "combat:encounter_simulate": Url(("pk", "enc_pk"), get=GMS),
    "combat:encounter_table": Url(("pk", "enc_pk"), get=GMS),
    "combat:encounter_events": Url(("pk", "enc_pk"), get=MEMBERS),  # 204 here: not ASGI
    "combat:encounter_record": Url(
        ("pk", "enc_pk"),
        BOTH,
        get=GMS,
        post=GMS,
        writes=GMS,
        body=_const(
            {"scene": "new", "title": "The record", "body": "Who fell", "key": "sweep-record"}
        ),
    ),
    "combat:encounter_options": Url(
        ("pk", "enc_pk"), POST, post=GMS, body=_const({"key": "sweep-options"})
    ),  # the fight is running: options are refused with a message, nothing written
    "combat:encounter_adjust": Url(
        ("pk", "enc_pk"),
        POST,
        post=GMS,
        writes=GMS,
        body=lambda w, side, user: {
            "key": "sweep-adjust",
            "hp": "3",
            "combatant": side.combatants[side.monster.name],
        },
    ),
    "combat:encounter_turn": Url(
        ("pk", "enc_pk", "step"), POST, post=GMS, writes=GMS, body=_const({"turn-key": "sw-n"})
    ),
    "campaigns:characters": Url(("pk",), get=MEMBERS),
    "campaigns:character_create": Url(
        ("pk",), BOTH, get=GMS, post=GMS, writes=GMS, body=_new_character_body
    ),
    "campaigns:character": Url(("pk", "char_pk"), get=MEMBERS),
    # p1's own character: nobody can take it (a message, nothing written); a free one: below
    "campaigns:character_claim": Url(("pk", "char_pk"), POST, post=MEMBERS),
    "campaigns:character_edit": Url(
        ("pk", "char_pk"), BOTH, get=OWNER, post=OWNER, writes=OWNER, body=_character_body
    ),
    "campaigns:bestiary": Url(("pk",), get=GMS),
    "campaigns:monster": Url(("pk", "monster_pk"), get=GMS),
    "campaigns:bestiary_add": Url(("pk", "library_monster_pk"), POST, post=GMS, writes=GMS),
    "campaigns:armory": Url(("pk",), get=MEMBERS),
    "campaigns:armory_add": Url(("pk", "kind", "item_pk"), POST, post=GMS, writes=GMS),
    "campaigns:monster_create": Url(
        ("pk",), BOTH, get=GMS, post=GMS, writes=GMS, body=_record_body("monster", new=True)
    ),
    "campaigns:monster_edit": Url(
        ("pk", "monster_pk"), BOTH, get=GMS, post=GMS, writes=GMS, body=_record_body("monster")
    ),
    "campaigns:armory_create": Url(
        ("pk", "kind"), BOTH, get=GMS, post=GMS, writes=GMS, body=_record_body("weapon", new=True)
    ),
    "campaigns:armory_edit": Url(
        ("pk", "kind", "own_pk"), BOTH, get=GMS, post=GMS, writes=GMS, body=_record_body("weapon")
    ),
    "campaigns:journal": Url(
        ("pk",),
        BOTH,
        get=MEMBERS,
        post=MEMBERS,
        writes=MEMBERS,
        body=_const(
            {"title": "Night watch", "body": "Who goes? [dice]1d6[/dice]", "key": "sweep-scene"}
        ),
    ),
    "campaigns:journal_thread": Url(
        ("pk", "thread_pk"),
        BOTH,
        get=MEMBERS,
        post=MEMBERS,
        writes=MEMBERS,
        body=_const({"body": "I stay awake. [dice]1d6[/dice]", "key": "sweep-reply"}),
    ),
    "campaigns:journal_preview": Url(
        ("pk",), POST, post=MEMBERS, body=_const({"body": "Maybe [dice]1d6[/dice]"})
    ),
    "campaigns:journal_post_edit": Url(  # p1's post: only its author edits it
        ("pk", "post_pk"),
        BOTH,
        get=frozenset({PLAYER}),
        post=frozenset({PLAYER}),
        writes=frozenset({PLAYER}),
        body=_const({"body": "I watch closely. [dice]1d6[/dice]"}),
    ),
    "campaigns:journal_post_history": Url(("pk", "post_pk"), get=MEMBERS),
    "campaigns:journal_void": Url(
        ("pk", "roll_pk"), POST, post=GMS, writes=GMS, body=_const({"reason": "misclick"})
    ),
}


def kwargs_for(w: Any, keys: tuple[str, ...], side: Any, campaign: Any) -> dict[str, Any]:
    """The URL's ids: the campaign's, with every other object taken from `side`."""
    first_player = next(iter(side.members))
    values = {
        "pk": campaign.pk,
        "member_pk": side.members[first_player].pk,
        "invite_pk": side.invite.pk,
        "condition_pk": side.condition.pk,
        "entry_pk": side.entry.pk,
        "reveal_pk": side.reveal.pk,
        "token": w.a.invite.token,
        "char_pk": side.characters[first_player].pk,
        "monster_pk": side.monster.pk,
        # B's own monster and weapon stand in for the library's when B's ids are used
        "library_monster_pk": (w.library_monster if side is w.a else side.monster).pk,
        "kind": "weapon",
        "item_pk": (w.library_weapon if side is w.a else side.weapon).pk,
        "own_pk": side.weapon.pk,  # the campaign's own weapon
        "enc_pk": side.encounter.pk,
        "step": "next",
        "seq": 1,
        "thread_pk": side.thread.pk,
        "post_pk": side.player_post.pk,
        "roll_pk": side.gm_roll.pk,
        "number": side.session.number,
    }
    renamed = {"library_monster_pk": "monster_pk"}
    return {renamed.get(key, key): values[key] for key in keys}


OBJECT_KEYS = frozenset(
    {
        "member_pk",
        "invite_pk",
        "condition_pk",
        "entry_pk",
        "reveal_pk",
        "char_pk",
        "monster_pk",
        "library_monster_pk",
        "item_pk",
        "own_pk",
        "enc_pk",
        "thread_pk",
        "post_pk",
        "roll_pk",
    }
)
