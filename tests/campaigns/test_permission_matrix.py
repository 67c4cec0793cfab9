"""Every URL × {anonymous, outsider, player, GM} × {GET, POST} has an expected status.

A URL that is missing from MATRIX fails `test_every_url_is_in_the_matrix`, so no view can be
added without saying who may use it.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from campaigns.models import Weapon

ROLES = ("anonymous", "outsider", "player", "gm")
LOGIN = 302  # anonymous users are sent to the login page
# An allowed user's empty form: shown again with its errors (issue L: the bound form at 200)
INVALID = 200

# name: (kwargs keys, {role: (GET status, POST status)})
MATRIX: dict[str, tuple[tuple[str, ...], dict[str, tuple[int, int]]]] = {
    "healthz": (
        (),
        {"anonymous": (200, 405), "outsider": (200, 405), "player": (200, 405), "gm": (200, 405)},
    ),
    "home": (
        (),
        {"anonymous": (200, 405), "outsider": (302, 405), "player": (302, 405), "gm": (302, 405)},
    ),
    "signup": (
        (),
        {"anonymous": (200, 200), "outsider": (302, 302), "player": (302, 302), "gm": (302, 302)},
    ),
    "login": (
        (),
        {"anonymous": (200, 200), "outsider": (200, 200), "player": (200, 200), "gm": (200, 200)},
    ),
    "logout": (
        (),
        {"anonymous": (405, 302), "outsider": (405, 302), "player": (405, 302), "gm": (405, 302)},
    ),
    "password_change": (
        (),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (200, 200),
            "player": (200, 200),
            "gm": (200, 200),
        },
    ),
    "password_change_done": (
        (),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (200, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "set_language": (
        (),
        {"anonymous": (302, 302), "outsider": (302, 302), "player": (302, 302), "gm": (302, 302)},
    ),
    "campaigns:list": (
        (),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (200, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:create": (
        (),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (200, 200),
            "player": (200, 200),
            "gm": (200, 200),
        },
    ),
    "campaigns:detail": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:edit": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, 200),
        },
    ),
    "campaigns:leave": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 302),
            "gm": (405, 302),
        },
    ),
    "campaigns:member_remove": (
        ("pk", "member_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:member_role": (
        ("pk", "member_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:invites": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, 200),
        },
    ),
    "campaigns:invite_revoke": (
        ("pk", "invite_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:character_claim": (  # the player's own character: "has a player already"
        ("pk", "char_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 302),
            "gm": (405, 302),
        },
    ),
    "campaigns:conditions": (  # the campaign's own conditions: the GM's; an empty post is
        ("pk",),  # shown again with its errors
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, 200),
        },
    ),
    "campaigns:condition_delete": (
        ("pk", "condition_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:register": (  # people and places: every member reads; only a GM adds (an
        ("pk",),  # empty post is shown again with its errors)
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 403),
            "gm": (200, INVALID),
        },
    ),
    "campaigns:register_entry": (  # revealed to the players (its name)
        ("pk", "entry_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:register_edit": (
        ("pk", "entry_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "campaigns:register_reveal": (  # an empty reveal: refused with a message
        ("pk", "entry_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:register_withdraw": (
        ("pk", "entry_pk", "reveal_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:register_delete": (
        ("pk", "entry_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:invite_accept": (
        ("token",),
        {"anonymous": (200, 200), "outsider": (200, 302), "player": (302, 302), "gm": (302, 302)},
    ),
    "campaigns:export": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (403, 405),
            "gm": (200, 405),
        },
    ),
    "combat:roll": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 200),
            "gm": (405, 200),
        },
    ),
    "combat:rolls": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:dice_audit": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:ledger": (  # every member reads; a player enters their own character's money
        ("pk",),  # (an empty post is shown again with its errors)
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, INVALID),
            "gm": (200, INVALID),
        },
    ),
    "combat:sessions": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 403),
            "gm": (200, INVALID),
        },
    ),
    "combat:session": (  # an empty post renames it to no title (a title is optional)
        ("pk", "number"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 403),
            "gm": (200, 302),
        },
    ),
    "combat:session_print": (
        ("pk", "number"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:session_markdown": (
        ("pk", "number"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:encounter_award": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "combat:dice_receipt": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:search": (  # every member searches; each finds only what they may read
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:odds": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:encounters": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 403),
            "gm": (200, 302),
        },
    ),
    "combat:encounter": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "combat:encounter_add": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, INVALID),
        },
    ),
    "combat:encounter_action": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 302),
            "gm": (405, 302),
        },
    ),
    "combat:encounter_proposal": (
        ("pk", "enc_pk", "seq"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "combat:encounter_gm_forms": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (403, 405),
            "gm": (200, 405),
        },
    ),
    "combat:encounter_odds": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (204, 405),
            "gm": (204, 405),
        },
    ),
    "combat:encounter_simulate": (  # the GM's preparation: players may not, outsiders 404
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (403, 405),
            "gm": (200, 405),
        },
    ),
    "combat:encounter_events": (  # the page's stream; 204 from this (not ASGI) test client
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (204, 405),
            "gm": (204, 405),
        },
    ),
    "combat:encounter_table": (  # the room's screen, opened by the GM
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (403, 405),
            "gm": (200, 405),
        },
    ),
    "combat:encounter_record": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "combat:encounter_options": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, INVALID),
        },
    ),
    "combat:encounter_adjust": (
        ("pk", "enc_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, INVALID),
        },
    ),
    "combat:encounter_turn": (
        ("pk", "enc_pk", "step"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, INVALID),
        },
    ),
    "campaigns:characters": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:character_create": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, 200),
        },
    ),
    "campaigns:character": (
        ("pk", "char_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:character_edit": (
        ("pk", "char_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 200),
            "gm": (200, 200),
        },
    ),
    "campaigns:bestiary": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (403, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:monster": (
        ("pk", "monster_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (403, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:bestiary_add": (
        ("pk", "library_monster_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:armory": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:armory_add": (
        ("pk", "kind", "item_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
    "campaigns:monster_create": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "campaigns:monster_edit": (
        ("pk", "monster_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "campaigns:armory_create": (
        ("pk", "kind"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "campaigns:armory_edit": (
        ("pk", "kind", "own_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, INVALID),
        },
    ),
    "campaigns:journal": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 200),
            "gm": (200, 200),
        },
    ),
    "campaigns:journal_thread": (
        ("pk", "thread_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (200, 200),
            "gm": (200, 200),
        },
    ),
    "campaigns:journal_preview": (
        ("pk",),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 200),
            "gm": (405, 200),
        },
    ),
    "campaigns:journal_post_edit": (  # the post is the GM's: only its author edits it
        ("pk", "post_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 404),
            "player": (403, 403),
            "gm": (200, 200),
        },
    ),
    "campaigns:journal_post_history": (  # every member reads an edited post's earlier texts
        ("pk", "post_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (404, 405),
            "player": (200, 405),
            "gm": (200, 405),
        },
    ),
    "campaigns:journal_void": (
        ("pk", "roll_pk"),
        {
            "anonymous": (LOGIN, LOGIN),
            "outsider": (405, 404),
            "player": (405, 403),
            "gm": (405, 302),
        },
    ),
}

# The admin has its own staff check; test_admin_requires_staff covers it.
EXCLUDED_NAMESPACES = {"admin"}


def _url_names(patterns, prefix=""):  # type: ignore[no-untyped-def]
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace in EXCLUDED_NAMESPACES:
                continue
            namespace = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            yield from _url_names(pattern.url_patterns, namespace)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield prefix + pattern.name


def test_every_url_is_in_the_matrix():
    names = set(_url_names(get_resolver().url_patterns))
    assert names - MATRIX.keys() == set(), "add these URLs to MATRIX"
    assert MATRIX.keys() - names == set(), "MATRIX names URLs that no longer exist"


def _kwargs(keys, roles):  # type: ignore[no-untyped-def]
    values = {
        "pk": roles["campaign"].pk,
        "member_pk": roles["player_membership"].pk,
        "invite_pk": roles["invite"].pk,
        "token": roles["invite"].token,
        "char_pk": roles["character"].pk,
        "monster_pk": roles["monster"].pk,
        "library_monster_pk": roles["library_monster"].pk,
        "kind": "weapon",
        "enc_pk": roles["encounter"].pk,
        "step": "next",
        "seq": 1,
        "item_pk": roles["library_weapon"].pk,
    }
    if {"thread_pk", "post_pk", "roll_pk"} & set(keys):
        values.update(_journal(roles))
    if "own_pk" in keys:  # the campaign's own weapon (the library's is not edited here)
        weapon = roles["library_weapon"]
        values["own_pk"] = Weapon.objects.create(
            campaign=roles["campaign"], system=weapon.system, name="Kord", stats=weapon.stats
        ).pk
    if "condition_pk" in keys:
        values["condition_pk"] = roles["campaign"].conditions.create(name="Webbed").pk
    if "number" in keys:  # the campaign's first session
        values["number"] = _session(roles)
    if {"entry_pk", "reveal_pk"} & set(keys):
        values.update(_register(roles))
    renamed = {"library_monster_pk": "monster_pk"}
    return {renamed.get(key, key): values[key] for key in keys}


def _session(roles):  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from combat.models import PlaySession

    session, _made = PlaySession.objects.get_or_create(
        campaign=roles["campaign"], number=1, defaults={"opened_at": timezone.now(), "key": "m"}
    )
    return session.number


def _journal(roles):  # type: ignore[no-untyped-def]
    """A scene with the GM's post and its one roll, made once per `roles`."""
    if "journal" not in roles:
        from campaigns.models import Thread

        thread = Thread.open(roles["campaign"], roles["gm"], "Scéna", "[dice]3d6[/dice]", key="m")
        post = thread.posts.get()
        roles["journal"] = {"thread_pk": thread.pk, "post_pk": post.pk,
                            "roll_pk": post.rolls.get().pk}  # fmt: skip
    return roles["journal"]


def _register(roles):  # type: ignore[no-untyped-def]
    """An entry whose name every player was shown, made once per `roles`."""
    if "register" not in roles:
        from campaigns.models import Part, RegisterEntry

        entry = RegisterEntry.objects.create(campaign=roles["campaign"], name="Ferryman", key="m")
        entry.reveal(None, Part.NAME, roles["gm"])
        roles["register"] = {"entry_pk": entry.pk, "reveal_pk": entry.reveals.get().pk}
    return roles["register"]


CASES = [
    pytest.param(name, role, method, id=f"{name}-{role}-{method}")
    for name in MATRIX
    for role in ROLES
    for method in ("GET", "POST")
]


@pytest.mark.parametrize(("name", "role", "method"), CASES)
def test_permission_matrix(client, roles, name, role, method, caplog):  # type: ignore[no-untyped-def]
    keys, expected = MATRIX[name]
    if role != "anonymous":
        client.force_login(roles[role])
    url = reverse(name, kwargs=_kwargs(keys, roles))
    response = client.get(url) if method == "GET" else client.post(url, {})
    want = expected[role][0 if method == "GET" else 1]
    assert response.status_code == want, f"{method} {url} as {role}"
    if (
        want == LOGIN
        and role == "anonymous"
        and name not in {"home", "signup", "logout", "set_language", "campaigns:invite_accept"}
    ):
        assert response["Location"].startswith(reverse("login"))
    if want == 403:
        assert any("403" in r.getMessage() or "Forbidden" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("role", ROLES)
def test_unknown_campaign_is_404_for_everybody_logged_in(client, roles, role):  # type: ignore[no-untyped-def]
    if role != "anonymous":
        client.force_login(roles[role])
    response = client.get(reverse("campaigns:detail", args=[999999]))
    assert response.status_code == (LOGIN if role == "anonymous" else 404)


@pytest.mark.parametrize("role", ROLES)
def test_admin_requires_staff(client, roles, role):  # type: ignore[no-untyped-def]
    if role != "anonymous":
        client.force_login(roles[role])
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
