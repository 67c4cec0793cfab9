"""The attacker's world for the sweeps: two campaigns of one system, built once per module.

Campaign A ("Ashford"): GM `gm_a`, players `p1` (owns Caelan) and `p2` (owns Dorran), and
`hybrid`, a player of A who is also a GM of B. Campaign B ("Brackwater"): GM `gm_b`, player
`q` (owns Quill). Each has its own bestiary, armory, running encounter, journal scene with a
roll, and invite; the library (no campaign) has a monster and a weapon. `outsider` belongs to
nothing. Names are unique words so a page can be searched for any of them.

Both campaigns use the same system, so a lookup of B's id inside A's URL can only fail because
of scoping, never because the record does not fit A's system.
"""

from types import SimpleNamespace
from typing import Any

import pytest
from django.apps import apps
from django.db import transaction

SYSTEM = "draci_hlidka"
NEVER = 987654  # an id no row ever has in these tests
# Secrets of A: none of these may appear on a page B's GM or an outsider is shown.
A_NAMES = (
    "Ashford",
    "Caelan",
    "Dorran",
    "Hollowmere",
    "Mordrake",
    "Ashblade",
    "Ashplate",
    "Ambush at Ashford",
    "Ashen vigil",
)


def _user(username: str) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password="pw-" + username)


def _records(campaign: Any, tag: str, system: Any) -> dict[str, Any]:
    from campaigns.models import Armor, Monster, Weapon

    names = {"a": ("Mordrake", "Ashblade", "Ashplate"), "b": ("Bogwight", "Brinehook", "Brinemail")}
    monster, weapon, armor = names[tag]
    return {
        "monster": Monster.objects.create(
            campaign=campaign, system=SYSTEM, name=monster, stats=system.creature.defaults()
        ),
        "weapon": Weapon.objects.create(
            campaign=campaign, system=SYSTEM, name=weapon, stats=system.weapon.defaults()
        ),
        "armor": Armor.objects.create(
            campaign=campaign, system=SYSTEM, name=armor, stats=system.armor.defaults()
        ),
    }


def _character(campaign: Any, name: str, owner: Any, system: Any, kind: str = "pc") -> Any:
    from campaigns.models import Character

    return Character.objects.create(
        campaign=campaign,
        system=SYSTEM,
        name=name,
        owner=owner,
        kind=kind,
        stats=system.creature.defaults(),
    )


def _encounter(campaign: Any, gm: Any, name: str, pcs: list[Any], monster: Any) -> Any:
    """A running fight: the PCs and the monster, initiative rolled, the first PC's turn."""
    from combat import workflows

    encounter = workflows.create_encounter(campaign, name, gm)
    for number, record in enumerate([*pcs, monster]):
        side = "enemies" if record is monster else "party"
        workflows.add_combatants(encounter.pk, gm, f"{name}-add-{number}", record=record, side=side)
    faces = [6, 4, 3][: len(pcs)] + [1]  # 1d6 + OBR each, no ties: the first PC acts first
    workflows.roll_initiative(encounter.pk, gm, f"{name}-init", typed_faces=faces)
    encounter.refresh_from_db()
    return encounter


def _campaign(name: str, gm: Any) -> Any:
    from campaigns.models import Campaign, Membership, Role
    from campaigns.staff import make_game_master_staff

    campaign = Campaign.objects.create(name=name, system=SYSTEM)
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    make_game_master_staff(gm)
    return campaign


def _side(w: SimpleNamespace, tag: str, gm: Any, players: dict[str, Any]) -> SimpleNamespace:
    """One campaign with its members, records, fight, scene and invite."""
    from campaigns.models import Invite, Membership, Part, Post, RegisterEntry, Thread
    from combat.rules.systems import get_system
    from combat.services import quick_roll

    system = get_system(SYSTEM)
    campaign = _campaign("Ashford" if tag == "a" else "Brackwater", gm)
    side = SimpleNamespace(campaign=campaign, gm=gm, **_records(campaign, tag, system))
    side.members = {}
    side.characters = {}
    for username, (user, character_name) in players.items():
        side.members[username] = Membership.objects.create(campaign=campaign, user=user)
        side.characters[username] = _character(campaign, character_name, user, system)
    side.npc = _character(
        campaign, "Hollowmere" if tag == "a" else "Bramblemoss", None, system, kind="npc"
    )
    side.gm_membership = campaign.memberships.get(user=gm)
    pcs = list(side.characters.values())[:2]
    title = "Ambush at Ashford" if tag == "a" else "Bridge at Brackwater"
    side.encounter = _encounter(campaign, gm, title, pcs, side.monster)
    side.combatants = {c.name: c.key for c in side.encounter.combatants.all()}
    scene = "Ashen vigil" if tag == "a" else "Brackish tide"
    side.thread = Thread.open(campaign, gm, scene, "We wait. [dice]2d6[/dice]", key=f"{tag}-t")
    gm_post = side.thread.posts.get()
    side.gm_post, side.gm_roll = gm_post, gm_post.rolls.get()
    first = next(iter(players.values()))[0]
    side.player_post = Post.write(side.thread, first, "I watch. [dice]1d6[/dice]", key=f"{tag}-p")
    side.player_roll = side.player_post.rolls.get()
    side.invite = Invite.objects.create(campaign=campaign, created_by=gm)
    side.condition = campaign.conditions.create(name=f"Webbed {tag}", rounds=2)
    side.entry = RegisterEntry.objects.create(  # people and places: its name shown to players
        campaign=campaign, name=f"{campaign.name} ferryman", gm_notes=f"{tag} secret", key=tag
    )
    side.entry.reveal(None, Part.NAME, gm)
    side.reveal = side.entry.reveals.get()
    side.quick_roll, _fresh = quick_roll(campaign, gm, "3d6", key=f"{tag}-roll")
    side.session = _session(campaign, gm, tag)
    return side


def _session(campaign: Any, gm: Any, tag: str) -> Any:
    """A session of the campaign, open, with a ledger row of its first player character."""
    from django.utils import timezone

    from combat.models import LedgerEntry, PlaySession

    session = PlaySession.objects.create(
        campaign=campaign, number=1, title=f"Night {tag}", opened_at=timezone.now(), key=tag
    )
    pc = campaign.characters.filter(kind="pc").order_by("pk").first()
    LedgerEntry(campaign=campaign, character=pc, kind="money", amount=5, unit="gp",
                reason=f"Purse {tag}", user=gm, key=f"{tag}:0", created_at=timezone.now()).save()  # fmt: skip
    return session


def build_world() -> SimpleNamespace:
    from campaigns.models import Armor, Membership, Monster, Post, Weapon
    from combat.rules.systems import get_system

    system = get_system(SYSTEM)
    w = SimpleNamespace()
    w.gm_a, w.gm_b = _user("gm_a"), _user("gm_b")
    w.p1, w.p2, w.q = _user("p1"), _user("p2"), _user("q")
    w.hybrid, w.outsider = _user("hybrid"), _user("outsider")
    w.a = _side(w, "a", w.gm_a, {"p1": (w.p1, "Caelan"), "p2": (w.p2, "Dorran")})
    w.b = _side(w, "b", w.gm_b, {"q": (w.q, "Quill")})
    # hybrid: GM of B (so staff in the GM group) and a player of A with a character there
    Membership.objects.create(campaign=w.b.campaign, user=w.hybrid, role="gm")
    from campaigns.staff import make_game_master_staff

    make_game_master_staff(w.hybrid)
    w.a.members["hybrid"] = Membership.objects.create(campaign=w.a.campaign, user=w.hybrid)
    w.a.hybrid_character = _character(w.a.campaign, "Ashwalker", w.hybrid, system)
    w.b.hybrid_post = Post.write(w.b.thread, w.hybrid, "Mine. [dice]1d20[/dice]", key="h-p")
    w.library_monster = Monster.objects.create(
        system=SYSTEM, name="Libwolf", stats=system.creature.defaults()
    )
    w.library_weapon = Weapon.objects.create(
        system=SYSTEM, name="Libsword", stats=system.weapon.defaults()
    )
    w.library_armor = Armor.objects.create(
        system=SYSTEM, name="Libmail", stats=system.armor.defaults()
    )
    return w


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    """Built once per module inside a transaction that is rolled back at the module's end;
    every test runs inside its own savepoint (pytest-django's `db`), so no test sees another's
    writes."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            built = build_world()
        except BaseException:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            raise
    yield built
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)


def _models() -> list[Any]:
    wanted = {"campaigns", "combat", "auth"}
    return [m for m in apps.get_models(include_auto_created=True) if m._meta.app_label in wanted]


def snapshot(timestamps: bool = True) -> dict[str, list[str]]:
    """Every row of the project's models (users without their last login): a refused request
    must leave this exactly as it was. `timestamps=False` leaves out `auto_now` fields.
    Raw SQL: the sweep takes two of these per request."""
    from django.db import connection

    dump = {}
    with connection.cursor() as cursor:
        for model in _models():
            columns = ", ".join(
                connection.ops.quote_name(f.column)
                for f in model._meta.concrete_fields
                if f.name != "last_login" and (timestamps or not getattr(f, "auto_now", False))
            )
            table = connection.ops.quote_name(model._meta.db_table)
            cursor.execute(f"SELECT {columns} FROM {table}")  # noqa: S608 - our own names
            dump[model._meta.label] = sorted(map(repr, cursor.fetchall()))
    return dump


def changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return [label for label in before if before[label] != after[label]]
