"""Every URL of the URL conf × every role of the attacker × GET and POST.

For each: no 500; anonymous is sent to the login page; a role that may not gets no success
and writes nothing (every row of every model is compared before and after); a request that
names another campaign's object is answered exactly like one naming an object that never
existed. Bodies are ones that succeed for an allowed user (`writes` proves it), so a refusal
means something. The admin has its own sweep (test_sweep_admin.py).
"""

import re
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from .conftest import NEVER, changed, snapshot
from .sweep_table import (
    ANON,
    CROSS,
    CROSS_HYBRID,
    OBJECT_KEYS,
    OTHER,
    OUTSIDER,
    ROLES,
    SECOND_GM,
    STRANGERS,
    URLS,
    USERS,
    Url,
)

pytestmark = pytest.mark.django_db

EXCLUDED_NAMESPACES = {"admin"}  # the admin's sweep is test_sweep_admin.py
B_NAMES = (
    "Brackwater",
    "Quill",
    "Bogwight",
    "Brinehook",
    "Brinemail",
    "Bramblemoss",
    "Bridge at Brackwater",
    "Brackish tide",
)
A_SECRETS = (
    "Ashford",
    "Caelan",
    "Dorran",
    "Hollowmere",
    "Mordrake",
    "Ashen vigil",
    "Ambush at Ashford",
)


def _patterns(patterns: Any, prefix: str = "") -> Any:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace in EXCLUDED_NAMESPACES:
                continue
            namespace = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            yield from _patterns(pattern.url_patterns, namespace)
        elif isinstance(pattern, URLPattern):
            yield prefix + (pattern.name or f"<unnamed {pattern.pattern}>")


def test_every_url_of_the_url_conf_is_in_the_sweep():
    names = set(_patterns(get_resolver().url_patterns))
    assert names - URLS.keys() == set(), "add these URLs to tests/security/sweep_table.py"
    assert URLS.keys() - names == set(), "the sweep names URLs that no longer exist"


def _applies(spec: Url, role: str) -> bool:
    """Strangers' roles need a campaign in the URL; the hybrid GMs B, so it needs B's objects
    inside A's URL to be a stranger."""
    if role in {SECOND_GM, CROSS}:
        return "pk" in spec.keys
    if role == CROSS_HYBRID:
        return bool(OBJECT_KEYS & set(spec.keys))
    return True


CASES = [
    pytest.param(name, role, method, id=f"{name}-{role}-{method}")
    for name, spec in URLS.items()
    for role in ROLES
    if _applies(spec, role)
    for method in ("GET", "POST")
]


def _target(w: Any, spec: Url, role: str, never: bool) -> tuple[Any, dict[str, Any]]:
    """The side whose objects the URL names, and the URL's kwargs (with `never`: the ids a
    stranger named replaced by one that never existed)."""
    from .sweep_table import kwargs_for

    crossing = role in {CROSS, CROSS_HYBRID}
    side = w.b if crossing else w.a
    with_objects = bool(OBJECT_KEYS & set(spec.keys))
    campaign = w.a.campaign if not crossing or with_objects else w.b.campaign
    kwargs = kwargs_for(w, spec.keys, side, campaign)
    if never:
        named = {"monster_pk" if k == "library_monster_pk" else k for k in spec.keys}
        replaced = (named & (OBJECT_KEYS | {"monster_pk"})) if crossing and with_objects else {"pk"}
        kwargs.update({key: NEVER for key in replaced})
    return side, kwargs


def _request(
    client: Any, w: Any, name: str, role: str, method: str, never: bool = False, **headers: str
):  # type: ignore[no-untyped-def]
    spec = URLS[name]
    side, kwargs = _target(w, spec, role, never)
    url = reverse(name, kwargs=kwargs)
    user = getattr(w, USERS[role]) if role != ANON else None
    if user is not None:
        client.force_login(user)
    if method == "GET":
        query = spec.query(w, side, user) if spec.query else {}
        return client.get(url, query, **headers), url
    body = spec.body(w, side, user) if spec.body else {}
    return client.post(url, body, **headers), url


def _shape(response: Any, url: str) -> tuple[Any, ...]:
    """Status, redirect, htmx headers and page, apart from the path and the CSRF tokens."""
    text = response.content.decode("utf-8", "replace").replace(url, "<url>")
    text = re.sub(r"[A-Za-z0-9]{64}", "<token>", text)
    headers = {
        k: v.replace(url, "<url>")
        for k, v in response.headers.items()
        if k in {"Location", "HX-Retarget", "HX-Reswap", "Content-Type"}
    }
    return response.status_code, headers, text


def _is_login(response: Any) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("name", "role", "method"), CASES)
def test_sweep(client, world, name, role, method):  # type: ignore[no-untyped-def]
    spec = URLS[name]
    before = snapshot()
    response, url = _request(client, world, name, role, method)
    wrote = changed(before, snapshot())
    where = f"{method} {url} as {role}"
    assert response.status_code < 500, where
    if role == ANON and not spec.public:
        assert _is_login(response), f"{where}: {response.status_code}, not the login page"
        assert not wrote, f"{where} wrote {wrote}"
        return
    if method not in spec.methods:
        assert response.status_code == 405, where
        assert not wrote, f"{where} wrote {wrote}"
        return
    if role in (spec.get if method == "GET" else spec.post):
        assert response.status_code in {200, 204, 302}, where
        assert spec.public or not _is_login(response), where
        if method == "POST" and role in spec.writes:
            assert wrote, f"{where}: the body meant to succeed changed nothing"
        if method == "GET":
            assert not wrote, f"{where}: a GET wrote {wrote}"
        return
    _assert_refused(client, world, name, role, method, response, url, wrote)


def _assert_refused(client, w, name, role, method, response, url, wrote):  # type: ignore[no-untyped-def]
    where = f"{method} {url} as {role}"
    assert not wrote, f"{where} was refused yet wrote {wrote}"
    assert response.status_code in URLS[name].refusals, f"{where}: {response.status_code}"
    if role not in STRANGERS:
        return
    html = response.content.decode("utf-8", "replace")
    secrets = A_SECRETS if role in {OUTSIDER, SECOND_GM} else B_NAMES if role == CROSS else ()
    assert not [s for s in secrets if s in html], f"{where} shows another campaign's names"
    before = snapshot()
    missing, missing_url = _request(client, w, name, role, method, never=True)
    assert not changed(before, snapshot())
    assert _shape(response, url) == _shape(missing, missing_url), (
        f"{where}: another campaign's object is answered unlike a missing one ({missing_url})"
    )
    if method == "GET":  # and so is htmx's (an alert in place of the page)
        hx = [
            _request(client, w, name, role, method, never, HTTP_HX_REQUEST="true")
            for never in (False, True)
        ]
        assert _shape(*hx[0]) == _shape(*hx[1]), f"{where} (htmx)"


# Forms of A that name B's objects in their fields: refused, nothing written anywhere.
def _b(w: Any, what: str) -> Any:
    return {
        "monster": lambda: f"monster:{w.b.monster.pk}",
        "character": lambda: f"character:{w.b.characters['q'].pk}",
        "combatant": lambda: w.b.combatants["Bogwight"],
        "actor": lambda: w.b.combatants["Quill"],
        "roll": lambda: str(w.b.gm_roll.pk),
        "weapon": lambda: [str(w.b.weapon.pk)],
        "armor": lambda: [str(w.b.armor.pk)],
        "owner": lambda: str(w.q.pk),
    }[what]()


FORM_CASES = {
    "add B's monster": ("combat:encounter_add", "gm_a", "record", "monster"),
    "add B's character": ("combat:encounter_add", "gm_a", "record", "character"),
    "adjust B's combatant": ("combat:encounter_adjust", "gm_a", "combatant", "combatant"),
    "attack B's combatant": ("combat:encounter_action", "gm_a", "targets", "combatant"),
    "act as B's combatant": ("combat:encounter_action", "gm_a", "actor", "actor"),
    "spend B's journal roll": ("combat:encounter_action", "gm_a", "journal_roll", "roll"),
    "arm with B's weapon": ("campaigns:character_edit", "gm_a", "weapons", "weapon"),
    "dress in B's armor": ("campaigns:character_edit", "gm_a", "armor", "armor"),
    "give to B's player": ("campaigns:character_edit", "gm_a", "owner", "owner"),
    "B's GM arms their A hero": ("campaigns:character_edit", "hybrid", "weapons", "weapon"),
}


def _hybrid_body(w: Any) -> dict[str, Any]:
    from campaigns.recordforms import character_form_class

    from .sweep_table import form_data

    character = w.a.hybrid_character
    return form_data(character_form_class(character, gm=False)(instance=character))


@pytest.mark.parametrize("case", FORM_CASES)
def test_a_form_of_one_campaign_never_takes_anothers_objects(client, world, case):  # type: ignore[no-untyped-def]
    name, username, field, what = FORM_CASES[case]
    spec, user = URLS[name], getattr(world, username)
    side, kwargs = _target(world, spec, "gm", never=False)
    body = spec.body(world, side, user)  # type: ignore[misc]
    if username == "hybrid":
        kwargs["char_pk"] = world.a.hybrid_character.pk
        body = _hybrid_body(world)
    if field == "journal_roll":
        body.pop("faces")
    body[field] = _b(world, what)
    client.force_login(user)
    before = snapshot(timestamps=False)  # a form without that field may save the rest as it was
    response = client.post(reverse(name, kwargs=kwargs), body)
    assert response.status_code < 500
    assert changed(before, snapshot(timestamps=False)) == [], (
        f"{case}: saved with another campaign's object"
    )


def test_the_other_player_is_refused_on_the_owners_character(client, world):  # type: ignore[no-untyped-def]
    """The table's claim checked once more by hand: p2 editing p1's Caelan is a 403."""
    response, _url = _request(client, world, "campaigns:character_edit", OTHER, "POST")
    assert response.status_code == 403


def test_another_players_page_never_offers_the_owners_action_panel(client, world):  # type: ignore[no-untyped-def]
    """p2 asks the encounter page for Caelan's panel (?actor=): p2 gets no form acting for him."""
    caelan = world.a.combatants["Caelan"]
    response, _url = _request(client, world, "combat:encounter", OTHER, "GET")
    assert response.status_code == 200
    assert not re.search(rf'name="actor"[^>]*value="{caelan}"', response.content.decode())
    owner, _url = _request(client, world, "combat:encounter", "player", "GET")
    assert re.search(rf'name="actor"[^>]*value="{caelan}"', owner.content.decode())


def _ids_case(w: Any, case: str) -> tuple[str, str, str, dict[str, Any], Any, Any]:
    """(URL name, user, method, kwargs, the data naming a hidden or foreign id, the same data
    naming an id that never existed)."""
    a, enc = w.a.campaign.pk, w.a.encounter.pk
    odds = {"kind": "attack", "targets": [w.b.combatants["Bogwight"]]}
    preview = {"body": "Mine. [dice]1d20[/dice]"}
    return {
        "an NPC's sheet": (
            "campaigns:character",
            "p1",
            "GET",
            {"pk": a, "char_pk": w.a.npc.pk},
            {},
            {},
        ),
        "an NPC's edit form": (
            "campaigns:character_edit",
            "p1",
            "GET",
            {"pk": a, "char_pk": w.a.npc.pk},
            {},
            {},
        ),
        "odds for B's combatant": (
            "combat:encounter_odds",
            "gm_a",
            "GET",
            {"pk": a, "enc_pk": enc},
            {**odds, "actor": w.b.combatants["Quill"]},
            {**odds, "actor": f"c{NEVER}"},
        ),
        "preview of one's post in B": (
            "campaigns:journal_preview",
            "hybrid",
            "POST",
            {"pk": a},
            {**preview, "post": w.b.hybrid_post.pk},
            {**preview, "post": NEVER},
        ),
    }[case]


@pytest.mark.parametrize(
    "case",
    [
        "an NPC's sheet",
        "an NPC's edit form",
        "odds for B's combatant",
        "preview of one's post in B",
    ],
)
def test_hidden_and_foreign_ids_answer_like_missing_ones(client, world, case):  # type: ignore[no-untyped-def]
    name, username, method, kwargs, theirs, missing = _ids_case(world, case)
    client.force_login(getattr(world, username))
    send = client.get if method == "GET" else client.post
    if "char_pk" in kwargs:
        never = {**kwargs, "char_pk": NEVER}
        answers = [
            (send(reverse(name, kwargs=k)), reverse(name, kwargs=k)) for k in (kwargs, never)
        ]
    else:
        url = reverse(name, kwargs=kwargs)
        answers = [(send(url, data), url) for data in (theirs, missing)]
    (answer, url), (none, none_url) = answers
    assert answer.status_code in {204, 200, 404}, case
    assert _shape(answer, url) == _shape(none, none_url), f"{case} is told apart from a missing id"
