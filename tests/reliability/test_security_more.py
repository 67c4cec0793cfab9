"""Login throttling (RELIABILITY R13), escaped user text on every page, logged denials.

The throttle's own tests run with Django's real password hasher, because what they prove is
that refused guesses cost no hasher time; the tests of its mechanics (the window, the proxy's
address, a Redis outage) keep the suite's fast hasher, since they count attempts and real
hashing would only add seconds.
"""

import json
import os
import subprocess
import sys
import uuid
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher
from django.test import Client, RequestFactory
from django.urls import reverse

from config import throttle
from tests.campaigns.test_permission_matrix import MATRIX, ROLES, _kwargs

ROOT = Path(__file__).resolve().parents[2]
REAL_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.MD5PasswordHasher",  # only so the fixtures' users still log in
]
LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                           "LOCATION": "relsec-security"}}  # fmt: skip
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def own_cache(settings):  # type: ignore[no-untyped-def]
    """A cache no other test shares, empty at the start."""
    settings.CACHES = {**settings.CACHES, **LOCAL_CACHE}  # the default alone: fragments stay
    from django.core.cache import cache

    cache.clear()
    return settings


@pytest.fixture
def real_hasher(own_cache, django_user_model):  # type: ignore[no-untyped-def]
    own_cache.PASSWORD_HASHERS = REAL_HASHERS
    user = django_user_model.objects.create_user("hrac", password="Spravne-heslo-1")
    assert get_hasher().algorithm == "pbkdf2_sha256"
    assert user.password.startswith("pbkdf2_sha256$")
    return user


def _login(client: Client, password: str, username: str = "hrac", path: str = "") -> Any:
    data = {"username": username, "password": password}
    return client.post(path or reverse("login"), data)


@pytest.fixture
def hashed(monkeypatch):  # type: ignore[no-untyped-def]
    """How many times the real hasher ran."""
    calls = []
    encode = PBKDF2PasswordHasher.encode

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return encode(self, *args, **kwargs)

    monkeypatch.setattr(PBKDF2PasswordHasher, "encode", counting)
    return calls


def test_failed_logins_past_the_limit_are_refused_without_hashing(real_hasher, hashed, settings):  # type: ignore[no-untyped-def]
    limit, client = settings.LOGIN_FAILURES_PER_USERNAME, Client()
    for _ in range(limit):
        assert _login(client, "spatne").status_code == 200  # the form's own error
    assert len(hashed) == limit
    refused = _login(client, "Spravne-heslo-1")  # even the right password, for a while
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= settings.LOGIN_THROTTLE_WINDOW
    assert "Too many failed logins" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    htmx = client.post(reverse("login"), {"username": "HRAC ", "password": "x"},
                       HTTP_HX_REQUEST="true")  # fmt: skip
    assert htmx.status_code == 429 and htmx["HX-Retarget"] == "#messages"
    admin = _login(client, "spatne", path=reverse("admin:login"))
    assert admin.status_code == 429  # the admin's login shares the counters
    assert len(hashed) == limit  # no refused attempt reached the hasher


def test_a_successful_login_resets_the_username_counter(real_hasher, settings):  # type: ignore[no-untyped-def]
    limit, client = settings.LOGIN_FAILURES_PER_USERNAME, Client()
    for _ in range(limit - 1):
        assert _login(client, "spatne").status_code == 200
    assert _login(client, "Spravne-heslo-1").status_code == 302
    client.post(reverse("logout"))
    # Without the reset this one would be attempt limit + 1, and refused.
    assert _login(client, "spatne").status_code == 200


def test_the_address_limit_holds_across_usernames_and_spares_successes(own_cache, make_user):  # type: ignore[no-untyped-def]
    own_cache.LOGIN_FAILURES_PER_ADDRESS = 3  # the mechanics, not the number: see above
    make_user("gm")
    client = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(5):  # successes give their attempt back
        assert _login(client, "pw-gm", username="gm").status_code == 302
    for name in ("a", "b", "c"):
        assert _login(client, "x", username=name).status_code == 200
    assert _login(client, "x", username="d").status_code == 429
    assert _login(Client(REMOTE_ADDR="203.0.113.8"), "x", username="d").status_code == 200


def test_the_refusal_ends_with_its_window(own_cache, db, monkeypatch):  # type: ignore[no-untyped-def]
    import time

    own_cache.LOGIN_FAILURES_PER_USERNAME = 1
    client, now = Client(), time.time
    assert _login(client, "x").status_code == 200
    refused = _login(client, "x")
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert own_cache.LOGIN_THROTTLE_WINDOW - 5 <= wait <= own_cache.LOGIN_THROTTLE_WINDOW
    monkeypatch.setattr(time, "time", lambda: now() + wait - 10)  # not yet
    assert _login(client, "x").status_code == 429
    monkeypatch.setattr(time, "time", lambda: now() + wait + 1)  # the cache forgot the count
    assert _login(client, "x").status_code == 200


@pytest.mark.parametrize(
    ("proxies", "forwarded", "address"),
    [
        (0, "198.51.100.1", "10.0.0.1"),  # no proxy: a client's header is ignored
        (1, "6.6.6.6, 198.51.100.1", "198.51.100.1"),  # the proxy's entry, not the forged one
        (2, "6.6.6.6, 198.51.100.1, 10.0.0.2", "198.51.100.1"),
        (1, "", "10.0.0.1"),
    ],
)
def test_the_client_address_comes_from_trusted_proxies_only(settings, proxies, forwarded, address):  # type: ignore[no-untyped-def]
    settings.NUM_PROXIES = proxies
    request = RequestFactory().post("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert throttle.client_address(request) == address


def test_logins_go_on_when_the_cache_is_down(settings, make_user, caplog):  # type: ignore[no-untyped-def]
    settings.CACHES = {**settings.CACHES, "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }}  # fmt: skip
    make_user("gm")
    assert _login(Client(), "pw-gm", username="gm").status_code == 302
    assert any("cache failed" in record.getMessage() for record in caplog.records)


# --- R13: two processes, one Redis, at most N accepted ----------------------------------------

R13_CLIENT = r"""
import json, os, sys
import django
django.setup()
from django.contrib.auth.hashers import get_hasher
from django.test import Client
assert get_hasher().algorithm == "pbkdf2_sha256", get_hasher().algorithm
client = Client(REMOTE_ADDR=os.environ["R13_ADDRESS"])
client.get("/accounts/login/")
print("ready", flush=True)
sys.stdin.readline()
statuses = [client.post("/accounts/login/", {"username": os.environ["R13_USER"],
            "password": "wrong"}).status_code for _ in range(int(os.environ["R13_TRIES"]))]
print(json.dumps(statuses), flush=True)
"""


def _redis_or_skip() -> Any:
    """Redis for R13; missing, the test skips on a developer's machine and fails in CI."""
    try:
        import redis

        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
        client.ping()
        return client
    except Exception as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs Redis at {REDIS_URL} for R13: {error!r}")
        pytest.skip(f"no Redis at {REDIS_URL}: {error!r}")


def _database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def test_two_processes_sharing_redis_accept_at_most_n_guesses(django_db_setup, settings):  # type: ignore[no-untyped-def]
    redis_client = _redis_or_skip()
    limit, prefix, username = (
        settings.LOGIN_FAILURES_PER_USERNAME,
        f"relsec-r13-{uuid.uuid4()}",
        "obet",
    )
    base = {k: v for k, v in os.environ.items() if k not in {"FAST_PASSWORD_HASHER", "DEBUG"}}
    env = {**base, "DJANGO_SETTINGS_MODULE": "config.settings", "REDIS_URL": REDIS_URL,
           "CACHE_KEY_PREFIX": prefix, "DATABASE_URL": _database_url(), "ALLOWED_HOSTS": "testserver",
           "R13_USER": username, "R13_TRIES": str(limit)}  # fmt: skip
    workers = [
        subprocess.Popen(  # noqa: S603 - our own interpreter and script
            [sys.executable, "-c", R13_CLIENT],
            cwd=ROOT,
            text=True,
            env={**env, "R13_ADDRESS": f"192.0.2.{n}"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )  # fmt: skip
        for n in (1, 2)
    ]
    try:
        for worker in workers:
            assert worker.stdout is not None and worker.stdout.readline().strip() == "ready", (
                worker.stderr.read() if worker.stderr else ""
            )
        for worker in workers:  # both start their burst together
            assert worker.stdin is not None
            worker.stdin.write("go\n")
            worker.stdin.flush()
        results = [json.loads(worker.communicate(timeout=120)[0]) for worker in workers]
        counter = redis_client.get(f"{prefix}:1:{throttle._key('user', username)}")
    finally:
        for worker in workers:
            worker.kill()
        keys = list(redis_client.scan_iter(f"{prefix}:*"))
        if keys:
            redis_client.delete(*keys)
    statuses = [status for result in results for status in result]
    assert statuses.count(200) == limit, statuses  # exactly N guesses were checked, in all
    assert statuses.count(429) == len(statuses) - limit, statuses
    assert int(counter) == 2 * limit  # every attempt was counted in Redis itself


# --- user-written text is escaped everywhere --------------------------------------------------

PAYLOAD = '"\'><script>alert(1)</script><img src=x onerror=alert(2)><b hx-get="/x" hx-on:load=y>'
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


class _Markup(HTMLParser):
    """Every element and attribute of a page, and the text of its scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def injected(html: str) -> list[str]:
    """What of PAYLOAD became markup instead of text."""
    page = _Markup()
    page.feed(html)
    found = [f"<{tag} {attrs}>" for tag, attrs in page.tags
             if attrs.get("src") == "x" or "onerror" in attrs or attrs.get("hx-get") == "/x"
             or "hx-on:load" in attrs]  # fmt: skip
    found += [script for script in page.scripts if "alert(" in script]
    if "<script>alert(1)" in html:
        found.append("<script>alert(1) in the source")
    return found


@pytest.fixture
def hostile(roles):  # type: ignore[no-untyped-def]
    """Every name and note a member can write holds the payload."""
    from campaigns.models import Campaign, Character, Monster, Weapon
    from combat import workflows

    campaign, gm = roles["campaign"], roles["gm"]
    Campaign.objects.filter(pk=campaign.pk).update(name=PAYLOAD, description=PAYLOAD + "\n2")
    character = roles["character"]
    Character.objects.filter(pk=character.pk).update(
        name=PAYLOAD, notes=PAYLOAD, stats={**character.stats, "notes": PAYLOAD}
    )
    Monster.objects.filter(pk=roles["monster"].pk).update(name=PAYLOAD, notes=PAYLOAD)
    Weapon.objects.create(campaign=campaign, system=campaign.system, name=PAYLOAD,
                          stats=roles["library_weapon"].stats)  # fmt: skip
    roles["encounter"].__class__.objects.filter(pk=roles["encounter"].pk).update(name=PAYLOAD)
    running = workflows.create_encounter(campaign, PAYLOAD, gm)
    character.refresh_from_db()
    workflows.add_combatants(running.pk, gm, "h-1", record=character, side="party")
    workflows.add_combatants(
        running.pk, gm, "h-2", record=Monster.objects.get(pk=roles["monster"].pk)
    )
    workflows.roll_initiative(running.pk, gm, "h-3", typed_faces=[6, 1])
    monster = running.combatants.get(character__isnull=True).key  # ids differ on PostgreSQL
    workflows.adjust(running.pk, gm, "h-4", monster, hp=1, add="prone")
    roles["running"] = running
    return roles


SHOWN_BY = {  # pages that must show the payload (escaped), so the test cannot pass vacuously
    "campaigns:list", "campaigns:detail", "campaigns:edit", "campaigns:invites",
    "campaigns:characters", "campaigns:character", "campaigns:character_edit",
    "campaigns:bestiary", "campaigns:monster", "campaigns:armory", "combat:encounters",
    "combat:encounter", "combat:encounter_gm_forms", "campaigns:invite_accept",
}  # fmt: skip


def _pages(hostile: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(route, role, url) of every page and partial a member may GET, in both encounters."""
    pages = []
    for name, (keys, table) in MATRIX.items():
        for role in ROLES:
            if table[role][0] != 200:
                continue
            kwargs = _kwargs(keys, hostile)
            pages.append((name, role, reverse(name, kwargs=kwargs)))
            if "enc_pk" in kwargs:
                kwargs["enc_pk"] = hostile["running"].pk
                pages.append((name, role, reverse(name, kwargs=kwargs)))
    searches = {"campaigns:bestiary": "q", "campaigns:armory": "q", "login": "next",
                "signup": "next", "combat:odds": "expression"}  # fmt: skip
    pk = hostile["campaign"].pk
    for name, param in searches.items():
        url = reverse(name, args=[pk] if MATRIX[name][0] else [])
        query = urlencode({param: PAYLOAD})
        pages.append((name, "gm" if MATRIX[name][0] else "anonymous", f"{url}?{query}"))
    return pages


def test_user_text_is_escaped_on_every_page_and_partial(hostile):  # type: ignore[no-untyped-def]
    logged = {"anonymous": Client()}
    for role in ("outsider", "player", "gm"):
        logged[role] = Client()
        logged[role].force_login(hostile[role])
    showing = set()
    for name, role, url in _pages(hostile):
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = logged[role].get(url, **htmx)
            if "html" not in response.get("Content-Type", ""):
                continue  # the JSON export is data, not a page
            html = response.content.decode()
            assert injected(html) == [], (name, role, url, htmx)
            if ESCAPED in html:
                showing.add(name)
    assert SHOWN_BY - showing == set(), "these pages no longer show the names tested"


def _as_posted(character: Any) -> dict[str, Any]:
    """What the GM's edit form sends unchanged."""
    from campaigns.recordforms import character_form_class

    form = character_form_class(character, gm=True)(instance=character)
    values = {name: form[name].value() for name in form.fields if name != "portrait"}
    return {k: ("on" if v is True else v) for k, v in values.items()
            if v is not None and v is not False and v != []}  # fmt: skip


def test_a_saved_name_is_escaped_in_the_message_that_confirms_it(hostile):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(hostile["gm"])
    url = reverse(
        "campaigns:character_edit", args=[hostile["campaign"].pk, hostile["character"].pk]
    )
    response = client.post(url, {**_as_posted(hostile["character"]), "name": PAYLOAD}, follow=True)
    html = response.content.decode()
    assert "alert-success" in html and ESCAPED in html
    assert injected(html) == []


# --- every denial leaves a log record ---------------------------------------------------------


def test_every_denial_is_logged_404s_for_outsiders_too(roles, caplog):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(roles["outsider"])
    denied = 0
    for name, (keys, table) in MATRIX.items():
        for method, status in zip(("GET", "POST"), table["outsider"], strict=True):
            if status not in (403, 404):
                continue
            caplog.clear()
            url = reverse(name, kwargs=_kwargs(keys, roles))
            response = client.get(url) if method == "GET" else client.post(url, {})
            assert response.status_code == status
            logged = [r for r in caplog.records if getattr(r, "status_code", None) == status]
            assert logged and url in logged[0].getMessage(), (method, url)
            denied += 1
    assert denied >= 30


def test_the_injection_check_sees_raw_markup():
    assert len(injected(f"<p>{PAYLOAD}</p>")) >= 3
    assert injected(f'<input value="{PAYLOAD}">') != []  # breaking out of an attribute
    from django.utils.html import escape

    assert injected(f'<p title="{escape(PAYLOAD)}">{escape(PAYLOAD)}</p>') == []
