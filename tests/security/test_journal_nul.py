"""A NUL byte anywhere in a request is a 400 that says so, never a 500 (issue K, finding 14).

PostgreSQL refuses NUL in text, so before this any URL, filter or field that reached a query
with one answered 500 there. One middleware (config.nul) refuses such a request before any view
runs. Run on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/journal.
"""

import re
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from campaigns.models import Post, Thread
from tests.campaigns.test_permission_matrix import MATRIX, _kwargs

MESSAGE = "zero byte"
GET_PARAMETERS = ("q", "page", "version", "next", "before", "actor", "expression", "target",
                  "kind", "targets", "weapon", "modifiers", "more", "system", "o", "p")  # fmt: skip


def _refused(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 400, response.status_code
    assert MESSAGE in response.content.decode()


@pytest.fixture
def gm(roles):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(roles["gm"])
    return client


@pytest.mark.parametrize("who", ["anonymous", "gm"])
def test_a_nul_in_the_join_link_is_a_400(roles, who):  # type: ignore[no-untyped-def]
    client = Client()
    if who == "gm":
        client.force_login(roles["outsider"])
    _refused(client.get("/campaigns/join/%00/"))
    _refused(client.post("/campaigns/join/%00/"))
    _refused(client.get("/campaigns/join/a%00b/", HTTP_HX_REQUEST="true"))


@pytest.mark.parametrize(
    "query",
    [
        "q=%00", "system=%00", "q=a%00b", "o=%00", "p=%00", "e=%00", "%00=1",
        "campaign__id__exact=%00",
    ],
)  # fmt: skip
def test_a_nul_in_an_admin_filter_or_search_is_a_400(roles, query):  # type: ignore[no-untyped-def]
    roles["gm"].is_staff = True
    roles["gm"].save()
    group = Group.objects.filter(name__icontains="gm").first()
    if group is not None:
        roles["gm"].groups.add(group)
    superuser = Client()
    superuser.force_login(type(roles["gm"]).objects.create_superuser("root", password="x"))
    for path in ("/admin/campaigns/monster/", "/admin/campaigns/character/",
                 "/admin/campaigns/weapon/", "/admin/auth/user/", "/admin/combat/encounter/"):  # fmt: skip
        _refused(superuser.get(f"{path}?{query}"))


def test_every_get_parameter_of_every_route_with_a_nul_is_a_400(roles, gm):  # type: ignore[no-untyped-def]
    thread = Thread.open(roles["campaign"], roles["gm"], "Scéna", "Text.", key="n")
    assert isinstance(thread.posts.get(), Post)
    query = "&".join(f"{name}=%00" for name in GET_PARAMETERS)
    for name, (keys, _table) in MATRIX.items():
        url = reverse(name, kwargs=_kwargs(keys, roles))
        _refused(gm.get(f"{url}?{query}"))
        _refused(gm.get(f"{url}?{query}", HTTP_HX_REQUEST="true"))


def test_a_nul_in_a_path_segment_is_a_400(roles, gm):  # type: ignore[no-untyped-def]
    campaign = roles["campaign"].pk
    for path in (f"/campaigns/{campaign}/%00/", "/%00", f"/campaigns/{campaign}/bestiary/%00/",
                 "/admin/campaigns/monster/%00/change/", "/static/%00.css"):  # fmt: skip
        _refused(gm.get(path))


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("campaigns:journal", {"title": "Scéna", "body": "a\x00b", "key": "k"}),
        ("campaigns:journal", {"title": "Scéna", "body": "ok", "key": "\x00"}),
        ("campaigns:journal_preview", {"body": "ok", "post": "\x00"}),
        ("campaigns:create", {"name": "x\x00", "system": "ose"}),
        ("combat:roll", {"expression": "1d6", "key": "a\x00b"}),
        ("campaigns:journal", {"title": "Scéna", "body": "ok", "x\x00": "1"}),
    ],
)
def test_a_nul_in_a_posted_field_is_a_400_and_saves_nothing(roles, gm, name, data):  # type: ignore[no-untyped-def]
    url = reverse(name, kwargs=_kwargs(MATRIX[name][0], roles))
    before = Thread.objects.count()
    _refused(gm.post(url, data))  # multipart, as the test client sends a form
    _refused(gm.post(url, data, HTTP_HX_REQUEST="true"))
    encoded = urlencode(data)  # and form-encoded, as a browser does
    _refused(gm.post(url, encoded, content_type="application/x-www-form-urlencoded"))
    assert Thread.objects.count() == before


def test_a_login_with_a_nul_is_a_400_and_counts_no_attempt(db):  # type: ignore[no-untyped-def]
    _refused(Client().post(reverse("login"), {"username": "gm\x00", "password": "x"}))
    _refused(Client().post(reverse("admin:login"), {"username": "\x00", "password": "x"}))


def test_a_session_cookie_with_a_nul_is_a_400(roles):  # type: ignore[no-untyped-def]
    client = Client()
    client.cookies["sessionid"] = "\x00" * 32
    _refused(client.get(reverse("campaigns:list")))


def test_a_request_without_a_nul_is_untouched(roles, gm):  # type: ignore[no-untyped-def]
    url = reverse("campaigns:bestiary", args=[roles["campaign"].pk])
    assert gm.get(url, {"q": "Skřet 0 %0 \\0"}).status_code == 200


def test_the_400_page_knows_who_is_logged_in_and_its_language_switch_works(roles):  # type: ignore[no-untyped-def]
    """Found walking the page: the refusal ran before the login and CSRF middleware, so a
    logged-in player read "Log in", and the page's language switch answered 403."""
    gm = Client(enforce_csrf_checks=True)
    gm.force_login(roles["gm"])
    page = gm.get("/campaigns/join/%00/")
    _refused(page)
    html = page.content.decode()
    assert roles["gm"].get_username() in html and 'href="/accounts/login/' not in html
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token is not None
    switched = gm.post(
        reverse("set_language"),
        {"language": "pl", "next": "/", "csrfmiddlewaretoken": token.group(1)},
    )
    assert switched.status_code == 302
