"""Attack of issue L's board and panel (combat/views/, combat/panel.py, combat/submit.py,
combat/presenter.py, `?panel=1`, `data-offer`, the query forms): as a stranger, an outsider, a
player of another campaign, a player acting for someone else's character, a second GM and a
player while a combatant is hidden. Every test here is an attack that must hold; a failing one
is a finding (see /tmp/reports/attack.md)."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Character, Monster
from combat import workflows
from combat.models import Event, OpenProposal
from combat.rules.systems import get_system
from tests.security.conftest import NEVER, SYSTEM, changed, snapshot
from tests.security.test_redteam_secrecy import _fight, _user

HTMX = {"HTTP_HX_REQUEST": "true"}
GHOST = "Wraithspur"  # the hidden combatant's name: never on a player's page


def _urls(campaign: int, encounter: int) -> list[tuple[str, str]]:
    args = [campaign, encounter]
    page = reverse("combat:encounter", args=args)
    return [
        ("get", page),
        ("get", page + "?panel=1&forms=1"),
        ("get", page + "?version=0"),
        ("get", page + "?before=99"),
        ("get", reverse("combat:encounter_gm_forms", args=args)),
        ("get", reverse("combat:encounter_odds", args=args)),
        ("get", reverse("combat:encounter_simulate", args=args)),
        ("post", reverse("combat:encounter_action", args=args)),
        ("post", reverse("combat:encounter_turn", args=[*args, "next"])),
        ("post", reverse("combat:encounter_proposal", args=[*args, 1])),
        ("post", reverse("combat:encounter_add", args=args)),
        ("post", reverse("combat:encounter_adjust", args=args)),
        ("post", reverse("combat:encounter_options", args=args)),
    ]


def _ask(client: Client, method: str, url: str, htmx: bool) -> Any:
    data = {"key": "attack-k", "turn-key": "attack-k", "kind": "attack", "decision": "accept"}
    headers = HTMX if htmx else {}
    if method == "get":
        return client.get(url, **headers)
    return client.post(url, data, **headers)


def _client(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


# -- strangers, outsiders, other campaigns: refusals that do not tell an encounter exists -----


@pytest.mark.parametrize("who", ["anonymous", "outsider", "q", "gm_b"])
@pytest.mark.parametrize("htmx", [False, True])
def test_another_campaigns_encounter_answers_like_an_unknown_one(world, db, who, htmx):
    """Every encounter URL, asked for A's encounter (under A's campaign, and under B's campaign
    for B's members) and for an id nobody has: the same status, nothing of A, nothing written."""
    user = None if who == "anonymous" else getattr(world, who)
    client = _client(user)
    a, b = world.a, world.b
    campaign = b.campaign.pk if who in ("q", "gm_b") else a.campaign.pk
    before = snapshot(timestamps=False)
    for real, unknown in zip(_urls(campaign, a.encounter.pk), _urls(campaign, NEVER), strict=True):
        answers = [_ask(client, method, url, htmx) for method, url in (real, unknown)]
        assert answers[0].status_code == answers[1].status_code, real
        assert answers[0].status_code in (302, 404), real
        body = answers[0].content.decode()
        assert "Ambush" not in body and "Caelan" not in body and "Mordrake" not in body
    assert changed(before, snapshot(timestamps=False)) == []


@pytest.mark.parametrize("htmx", [False, True])
def test_a_player_of_a_who_is_gm_of_b_gets_no_gm_control_of_a(world, db, htmx):
    """`hybrid` is GM of B (so staff) and a player of A: A's GM-only posts are 403, nothing
    written; B's GM-ship does not carry over."""
    client = _client(world.hybrid)
    before = snapshot(timestamps=False)
    for method, url in _urls(world.a.campaign.pk, world.a.encounter.pk):
        if "gm-forms" in url or method == "post" and "/action/" not in url:
            assert _ask(client, method, url, htmx).status_code == 403, url
    assert changed(before, snapshot(timestamps=False)) == []


# -- a player asking for the GM's panel ------------------------------------------------------

GM_MARKS = ('name="turn-key"', "gm-panel", 'name="record"', 'name="hp"', "option_", "gm-forms")


@pytest.mark.parametrize(
    "query",
    [
        "?panel=1",
        "?panel=1&forms=1",
        "?panel=true&forms=on",
        "?panel=1&forms=1&actor={mordrake}",
        "?panel=1&actor={dorran}",
        "?forms=1",
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_player_never_gets_the_gms_panel_or_forms(world, db, query, htmx):
    keys = world.a.combatants
    url = reverse("combat:encounter", args=[world.a.campaign.pk, world.a.encounter.pk])
    query = query.format(mordrake=keys["Mordrake"], dorran=keys["Dorran"])
    html = _client(world.p1).get(url + query, **(HTMX if htmx else {})).content.decode()
    assert not [mark for mark in GM_MARKS if mark in html]
    assert 'id="act-as"' not in html  # p1 plays only Caelan: nobody else to act as
    assert "Caelan acts" in html  # p1's own, on Caelan's turn


def test_a_players_gm_forms_and_simulation_are_refused(world, db):
    client = _client(world.p1)
    args = [world.a.campaign.pk, world.a.encounter.pk]
    for name in ("combat:encounter_gm_forms", "combat:encounter_simulate"):
        assert client.get(reverse(name, args=args), **HTMX).status_code == 403


# -- a player acting for somebody else, out of turn, or deciding a proposal -----------------


@pytest.mark.parametrize(
    ("who", "actor"),
    [("p2", "Dorran"), ("p2", ""), ("p2", "Caelan"), ("p1", "Dorran"), ("p1", "Mordrake")],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_player_acts_for_nobody_elses_combatant_nor_out_of_turn(world, db, who, actor, htmx):
    """Caelan's (p1's) turn in Dračí Hlídka (no out-of-turn actions): p2 acting for Dorran,
    for the current Caelan, for whoever is current; p1 for Dorran or the monster: 403."""
    keys = world.a.combatants
    data = {"key": f"oot-{who}", "kind": "attack", "targets": [keys["Mordrake"]], "faces": "3, 1"}
    if actor:
        data["actor"] = keys[actor]
    url = reverse("combat:encounter_action", args=[world.a.campaign.pk, world.a.encounter.pk])
    before = Event.objects.filter(encounter=world.a.encounter).count()
    response = _client(getattr(world, who)).post(url, data, **(HTMX if htmx else {}))
    assert response.status_code == 403
    assert Event.objects.filter(encounter=world.a.encounter).count() == before


def _proposal(world: Any) -> int:
    campaign = world.a.campaign
    campaign.players_propose = True
    campaign.save()
    keys = world.a.combatants
    data = {"key": "prop-1", "kind": "attack", "targets": [keys["Mordrake"]], "faces": "3, 1"}
    url = reverse("combat:encounter_action", args=[campaign.pk, world.a.encounter.pk])
    assert _client(world.p1).post(url, data, **HTMX).status_code == 200
    return OpenProposal.objects.get(encounter=world.a.encounter).seq


@pytest.mark.parametrize("who", ["p1", "p2", "hybrid", "gm_b", "outsider"])
def test_nobody_but_as_gm_decides_a_proposal(world, db, who):
    seq = _proposal(world)
    url = reverse(
        "combat:encounter_proposal", args=[world.a.campaign.pk, world.a.encounter.pk, seq]
    )
    for decision in ("accept", "reject"):
        response = _client(getattr(world, who)).post(url, {"key": "d", "decision": decision})
        assert response.status_code in (403, 404)
    assert OpenProposal.objects.filter(encounter=world.a.encounter, seq=seq).exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_a_retried_decision_decides_once_and_answers_with_the_panel(world, db, htmx):
    seq = _proposal(world)
    url = reverse(
        "combat:encounter_proposal", args=[world.a.campaign.pk, world.a.encounter.pk, seq]
    )
    client = _client(world.gm_a)
    actions = Event.objects.filter(encounter=world.a.encounter, type="action").count()
    answers = [
        client.post(url, {"key": "dec-1", "decision": "accept"}, **(HTMX if htmx else {}))
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == ([200, 200] if htmx else [302, 302])
    assert Event.objects.filter(encounter=world.a.encounter, type="action").count() == actions + 1
    if htmx:
        assert "That proposal was already decided" not in answers[1].content.decode()


# -- retries: the same one-time key never acts twice ----------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_a_retried_action_acts_once_and_answers_like_the_first(world, db, htmx):
    keys = world.a.combatants
    data = {"key": "retry-1", "kind": "attack", "targets": [keys["Mordrake"]], "faces": "3, 1"}
    url = reverse("combat:encounter_action", args=[world.a.campaign.pk, world.a.encounter.pk])
    client = _client(world.p1)
    before = Event.objects.filter(encounter=world.a.encounter).count()
    first, second = (client.post(url, data, **(HTMX if htmx else {})) for _ in range(2))
    assert Event.objects.filter(encounter=world.a.encounter).count() == before + 1
    assert first.status_code == second.status_code == (200 if htmx else 302)
    if htmx:  # the second answer shows the first's result, no error, a fresh form
        html = second.content.decode()
        assert 'role="alert"' not in html and 'value="retry-1"' not in html
        assert f'data-seq="{before + 1}"' in html


def test_another_users_key_neither_answers_nor_blocks(world, db):
    """p2 cannot act on Caelan's turn even with p1's used key (403, not p1's answer); the GM
    posting p1's key acts as a new request."""
    keys = world.a.combatants
    data = {"key": "shared-1", "kind": "attack", "targets": [keys["Mordrake"]], "faces": "3, 1"}
    url = reverse("combat:encounter_action", args=[world.a.campaign.pk, world.a.encounter.pk])
    assert _client(world.p1).post(url, data, **HTMX).status_code == 200
    assert _client(world.p2).post(url, data, **HTMX).status_code == 403
    turn = reverse(
        "combat:encounter_turn", args=[world.a.campaign.pk, world.a.encounter.pk, "next"]
    )
    before = world.a.encounter.current
    assert _client(world.gm_a).post(turn, {"turn-key": "shared-1"}, **HTMX).status_code == 200
    world.a.encounter.refresh_from_db()
    assert world.a.encounter.current != before


# -- the query forms and posted fields: junk is absent or refused, never a 500 ---------------

# NUL: config/nul.py answers 400 before any view (a refusal, never a 500)
JUNK = ["²", "١٢", "9" * 5000, "\x00", "1\x00", "-1", "-" + "9" * 30, str(10**19), "", " ", "1e9"]


@pytest.mark.parametrize("value", JUNK)
@pytest.mark.parametrize("name", ["before", "version", "actor", "panel", "forms"])
def test_page_queries_out_of_shape_never_500(world, db, name, value):
    url = reverse("combat:encounter", args=[world.a.campaign.pk, world.a.encounter.pk])
    for user in (world.p1, world.gm_a):
        for headers in (HTMX, {}):
            response = _client(user).get(url, {name: value, "panel": "1"}, **headers)
            assert response.status_code in (200, 204, 400), (name, value)


@pytest.mark.parametrize("value", JUNK)
@pytest.mark.parametrize(
    "name", ["actor", "targets", "weapon", "journal_roll", "value_attack_bonus"]
)
def test_odds_queries_out_of_shape_never_500(world, db, name, value):
    url = reverse("combat:encounter_odds", args=[world.a.campaign.pk, world.a.encounter.pk])
    data = {"key": "o", "kind": "attack", name: value}
    for user in (world.p1, world.gm_a):
        assert _client(user).get(url, data, **HTMX).status_code in (200, 204, 400)


@pytest.mark.parametrize("value", JUNK)
@pytest.mark.parametrize("name", ["key", "actor", "faces", "targets", "journal_roll", "kind"])
def test_action_fields_out_of_shape_never_500(world, db, name, value):
    keys = world.a.combatants
    data = {"key": "junk-k", "kind": "attack", "targets": [keys["Mordrake"]], name: value}
    url = reverse("combat:encounter_action", args=[world.a.campaign.pk, world.a.encounter.pk])
    for headers in (HTMX, {}):
        response = _client(world.gm_a).post(url, data, **headers)
        assert response.status_code in (200, 302, 400, 403), (name, value)


@pytest.mark.parametrize("value", JUNK)
@pytest.mark.parametrize(
    ("step", "name"),
    [
        ("next", "turn-key"),
        ("next", "turn-faces"),
        ("adjust", "hp"),
        ("adjust", "combatant"),
        ("adjust", "position"),
        ("add", "count"),
        ("add", "record"),
        ("options", "key"),
    ],
)
def test_gm_fields_out_of_shape_never_500(world, db, step, name, value):
    args = [world.a.campaign.pk, world.a.encounter.pk]
    if step == "next":
        url, data = reverse("combat:encounter_turn", args=[*args, step]), {"turn-key": "t"}
    else:
        url, data = reverse(f"combat:encounter_{step}", args=args), {"key": "g"}
    data = {**data, "combatant": world.a.combatants["Mordrake"], name: value}
    for headers in (HTMX, {}):
        assert _client(world.gm_a).post(url, data, **headers).status_code in (200, 302, 400)


@pytest.mark.parametrize("number", [10**19, 10**30, 2**63])
def test_huge_ids_in_urls_are_not_found(world, db, number):
    client = _client(world.gm_a)
    a = world.a
    urls = [
        reverse("combat:encounter", args=[a.campaign.pk, number]),
        reverse("combat:encounter", args=[number, a.encounter.pk]),
        reverse("combat:encounter_proposal", args=[a.campaign.pk, a.encounter.pk, number]),
    ]
    for url in urls:
        method = client.post if "proposals" in url else client.get
        response = method(url, {"key": "h", "decision": "accept"}, **HTMX)
        assert response.status_code in (200, 404), url  # 200: the refusal in the panel
        if response.status_code == 200:
            assert "already decided" in response.content.decode()


# -- escaping: what an attacker typed or named -----------------------------------------------

XSS = '"><img src=x onerror=alert(1)>'


def test_a_combatant_and_a_weapon_named_as_html_are_text(world, db):
    system = get_system(SYSTEM)
    from campaigns.models import Weapon

    rogue = Character.objects.create(
        campaign=world.a.campaign,
        system=SYSTEM,
        name="Rogue" + XSS,
        owner=world.p1,
        kind="pc",
        stats=system.creature.defaults(),
    )
    weapon = Weapon.objects.create(
        campaign=world.a.campaign,
        system=SYSTEM,
        name="Blade" + XSS,
        stats=system.weapon.defaults(),
    )
    rogue.weapons.add(weapon)
    workflows.add_combatants(world.a.encounter.pk, world.gm_a, "x-add", record=rogue, side="party")
    rows = {c.name: c.key for c in world.a.encounter.combatants.all()}
    page = reverse("combat:encounter", args=[world.a.campaign.pk, world.a.encounter.pk])
    for user, query in (
        (world.gm_a, "?panel=1&forms=1"),
        (world.p1, "?panel=1"),
        (world.gm_a, f"?panel=1&actor={rows['Rogue' + XSS]}"),
        (world.p1, f"?panel=1&actor={rows['Rogue' + XSS]}"),
    ):
        for headers in (HTMX, {}):
            html = _client(user).get(page + query, **headers).content.decode()
            assert "<img src=x" not in html
    forms = reverse("combat:encounter_gm_forms", args=[world.a.campaign.pk, world.a.encounter.pk])
    assert "<img src=x" not in _client(world.gm_a).get(forms, **HTMX).content.decode()


@pytest.mark.parametrize(
    ("step", "field"),
    [
        ("action", "faces"),
        ("action", "actor"),
        ("action", "weapon"),
        ("action", "targets"),
        ("action", "value_attack_bonus"),
        ("action", "key"),
        ("turn", "turn-faces"),
        ("turn", "turn-key"),
        ("adjust", "hp"),
        ("adjust", "combatant"),
        ("add", "record"),
        ("add", "count"),
        ("options", "option_monster_stats"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_bound_form_shows_typed_values_escaped(world, db, step, field, htmx):
    args = [world.a.campaign.pk, world.a.encounter.pk]
    keys = world.a.combatants
    data: dict[str, Any] = {"key": "xss-k", "turn-key": "xss-k", "kind": "attack"}
    data["targets"] = [keys["Mordrake"]]
    data["combatant"] = keys["Mordrake"]
    data[field] = XSS
    url = reverse(
        "combat:encounter_turn" if step == "turn" else f"combat:encounter_{step}",
        args=[*args, "next"] if step == "turn" else args,
    )
    response = _client(world.gm_a).post(url, {**data, "forms": "1"}, **(HTMX if htmx else {}))
    assert response.status_code in (200, 302)
    assert "<img src=x" not in response.content.decode()


# -- a hidden combatant, seen by a player ----------------------------------------------------


def _ghost(world: Any) -> str:
    monster = Monster.objects.create(
        campaign=world.a.campaign,
        system=SYSTEM,
        name=GHOST,
        stats=get_system(SYSTEM).creature.defaults(),
    )
    workflows.add_combatants(world.a.encounter.pk, world.gm_a, "ghost", record=monster, hidden=True)
    return next(c.key for c in world.a.encounter.combatants.all() if c.name == GHOST)


def _clean(html: str, *keys: str) -> str:
    html = re.sub(r'(name="(?:csrfmiddlewaretoken|key|turn-key)" value=)"[^"]*"', r"\1", html)
    html = re.sub(r'data-seen="[^"]*"|"X-CSRFToken": "[^"]*"', "", html)
    html = re.sub(r'name="next" value="[^"]*"', "", html)  # the URL as typed (language form)
    for key in keys:
        html = re.sub(rf"(?<![0-9A-Za-z]){re.escape(key)}(?![0-9A-Za-z])", "KEY", html)
    return html


def _word(key: str, html: str) -> bool:
    """`key` as a whole word: not inside a random token (a CSRF token is mixed-case, and once
    held "c6" between capitals — found by the fresh-clone CI)."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(key)}(?![0-9A-Za-z])", html) is not None


@pytest.mark.parametrize(
    "query",
    [
        "",
        "?panel=1",
        "?panel=1&actor={ghost}",
        "?panel=1&forms=1&actor={ghost}",
        "?version=0",
        "?before=999",
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_players_page_panel_and_offer_never_name_a_hidden_combatant(world, db, query, htmx):
    ghost = _ghost(world)
    url = reverse("combat:encounter", args=[world.a.campaign.pk, world.a.encounter.pk])
    html = _client(world.p1).get(url + query.format(ghost=ghost), **(HTMX if htmx else {}))
    body = _clean(html.content.decode())  # no random tokens, nor the URL as typed
    assert GHOST not in body and not _word(ghost, body)


@pytest.mark.parametrize("field", ["actor", "targets"])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_hidden_key_posted_or_asked_answers_like_an_unknown_one(world, db, field, htmx):
    ghost = _ghost(world)
    keys = world.a.combatants
    unknown = "c987654"
    url = reverse("combat:encounter_action", args=[world.a.campaign.pk, world.a.encounter.pk])
    odds = reverse("combat:encounter_odds", args=[world.a.campaign.pk, world.a.encounter.pk])
    client = _client(world.p1)
    answers = []
    for key in (ghost, unknown):
        client.get(reverse("combat:encounter", args=[world.a.campaign.pk, world.a.encounter.pk]))
        data = {"key": f"h-{key}", "kind": "attack", "faces": "3, 1", "weapon": "Ashblade"}
        data["targets"] = [keys["Mordrake"]]
        data[field] = [key] if field == "targets" else key
        post = client.post(url, data, **(HTMX if htmx else {}))
        asked = client.get(odds, data, **HTMX)
        answers.append(
            (
                post.status_code,
                _clean(post.content.decode(), key).replace(f"h-{key}", "H"),
                asked.status_code,
                _clean(asked.content.decode(), key),
            )
        )
        assert GHOST not in answers[-1][1]
    assert answers[0] == answers[1]


def _clean_panel(client: Client, encounter: Any, keys: dict[str, str]) -> str:
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    html = client.get(url + "?panel=1", **HTMX).content.decode()
    return _clean(html, *keys.values())


def test_a_players_panel_is_the_same_whichever_hidden_combatant_acts(client, db):
    """5e: Helga's player has an out-of-turn panel while two hidden wolves act; the panel (and
    its `data-offer`) must read the same on either wolf's turn."""
    gm, encounter, _keys = _fight("dnd5e", ("Helga", "party", False), ("Wolf", "enemies", True))
    wolf = Monster.objects.get(campaign=encounter.campaign, name="Wolf")
    workflows.add_combatants(encounter.pk, gm, "w2", record=wolf, hidden=True)
    keys = {c.name + c.key: c.key for c in encounter.combatants.all()}
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[20, 10, 5])
    client.force_login(_user("hrac"))
    workflows.next_turn(encounter.pk, gm, "to-wolf-1")
    first = _clean_panel(client, encounter, keys)
    workflows.next_turn(encounter.pk, gm, "to-wolf-2")
    assert "Wolf" not in first
    assert _clean_panel(client, encounter, keys) == first


SHADE = "Shadeling"  # p1's own character, brought in hidden by the GM (a twist to reveal later)


def _hidden_own(world: Any) -> str:
    shade = Character.objects.create(
        campaign=world.a.campaign,
        system=SYSTEM,
        name=SHADE,
        owner=world.p1,
        kind="pc",
        stats=get_system(SYSTEM).creature.defaults(),
    )
    workflows.add_combatants(world.a.encounter.pk, world.gm_a, "shade", record=shade, hidden=True)
    return next(c.key for c in world.a.encounter.combatants.all() if c.name == SHADE)


@pytest.mark.parametrize("query", ["", "?panel=1", "?panel=1&actor={shade}"])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_hidden_combatant_the_player_owns_is_not_on_their_panel(world, db, query, htmx):
    """The red team's finding, fixed: the "act as" select and the acting combatant were every
    row the player owns, hidden or not, while the tracker, the log, `data-offer` and
    posted_actor treat a hidden one as nobody (now one `Scene.playable()` for all)."""
    shade = _hidden_own(world)
    url = reverse("combat:encounter", args=[world.a.campaign.pk, world.a.encounter.pk])
    response = _client(world.p1).get(url + query.format(shade=shade), **(HTMX if htmx else {}))
    body = _clean(response.content.decode())  # no random tokens, nor the URL as typed
    assert SHADE not in body and not _word(shade, body)
