"""Production settings, security headers, and CSRF for plain and htmx requests."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.campaigns.test_permission_matrix import MATRIX, _kwargs

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION_ENV = {
    "DEBUG": "0",
    "HTTPS": "1",
    "SECRET_KEY": "prod-test-" + "k3y-" * 16,
    "ALLOWED_HOSTS": "iniciativa.example",
    "CSRF_TRUSTED_ORIGINS": "https://iniciativa.example",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "HTTPS", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    return subprocess.run(  # noqa: S603 - our own manage.py with fixed arguments
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_in_production_mode():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    result = _manage("check", **env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_production_allowed_hosts_has_no_wildcard():
    # `ALLOWED_HOSTS=*` passes check --deploy (RELIABILITY.md), so check the default separately.
    result = _manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.ALLOWED_HOSTS)",
        **{**PRODUCTION_ENV, "ALLOWED_HOSTS": ""},
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


@pytest.fixture
def production(settings):  # type: ignore[no-untyped-def]
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SESSION_COOKIE_SECURE = True
    settings.CSRF_COOKIE_SECURE = True
    settings.SESSION_COOKIE_NAME = "__Host-sessionid"
    settings.CSRF_COOKIE_NAME = "__Host-csrftoken"
    return settings


@pytest.mark.parametrize("htmx", [False, True])
def test_security_headers_on_pages_and_partials(roles, production, htmx):
    client = Client()
    client.force_login(roles["gm"])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = reverse("campaigns:detail", args=[roles["campaign"].pk])
    response = client.get(url, secure=True, **headers)
    assert response.status_code == 200
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    csp = response["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "'unsafe-inline'" not in csp


def test_login_cookies_are_secure_httponly_lax_and_host_prefixed(roles, production):
    production.CACHES = {**production.CACHES, "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "test-security-login"}}  # fmt: skip
    client = Client()  # its own cache: other tests' failed logins do not throttle this one
    client.get(reverse("login"), secure=True)
    credentials = {"username": "gm", "password": "pw-gm"}
    response = client.post(reverse("login"), credentials, secure=True)
    session = response.cookies["__Host-sessionid"]
    csrf = client.cookies["__Host-csrftoken"]
    assert session["secure"] and session["httponly"] and session["samesite"] == "Lax"
    assert csrf["secure"] and csrf["samesite"] == "Lax"


MUTATING = [name for name, (_, table) in MATRIX.items() if table["gm"][1] != 405]


@pytest.mark.parametrize("name", MUTATING)
def test_every_post_is_refused_without_a_csrf_token(roles, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(roles["gm"])
    url = reverse(name, kwargs=_kwargs(MATRIX[name][0], roles))
    assert client.post(url, {}).status_code == 403


@pytest.mark.parametrize("name", MUTATING)
def test_every_post_passes_with_the_csrf_token(roles, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(roles["gm"])
    client.get(reverse("campaigns:list"))
    token = client.cookies["csrftoken"].value
    url = reverse(name, kwargs=_kwargs(MATRIX[name][0], roles))
    response = client.post(url, {"csrfmiddlewaretoken": token})
    assert response.status_code == MATRIX[name][1]["gm"][1]


def test_base_template_sends_the_csrf_token_with_htmx(client, roles):
    client.force_login(roles["gm"])
    html = client.get(reverse("campaigns:list")).content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in html


def test_htmx_request_with_a_stale_token_gets_a_reload_message(roles):
    client = Client(enforce_csrf_checks=True)
    client.force_login(roles["gm"])
    url = reverse("campaigns:invites", args=[roles["campaign"].pk])
    response = client.post(url, {}, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN="stale")
    assert response.status_code == 403
    assert response["HX-Retarget"] == "#messages"
    assert "Reload the page" in response.content.decode()


def test_htmx_403_goes_to_the_message_area(client, roles):
    client.force_login(roles["player"])
    url = reverse("campaigns:invites", args=[roles["campaign"].pk])
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert response["HX-Retarget"] == "#messages"
    assert "game master" in response.content.decode()


def test_https_mode_sets_the_deploy_checklists_cookies_and_transport():
    """The real settings module in production mode, not the `production` fixture's copy."""
    names = [
        "SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "SESSION_COOKIE_SAMESITE",
        "SESSION_COOKIE_NAME", "SESSION_COOKIE_DOMAIN", "SESSION_COOKIE_PATH",
        "CSRF_COOKIE_SECURE", "CSRF_COOKIE_SAMESITE", "CSRF_COOKIE_NAME", "CSRF_COOKIE_DOMAIN",
        "SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER", "NUM_PROXIES",
    ]  # fmt: skip
    code = f"import json; from django.conf import settings as s; print(json.dumps({{n: getattr(s, n) for n in {names}}}))"
    result = _manage("shell", "-c", code, **PRODUCTION_ENV)
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert got["SESSION_COOKIE_SECURE"] and got["SESSION_COOKIE_HTTPONLY"]
    assert got["CSRF_COOKIE_SECURE"]
    assert got["SESSION_COOKIE_SAMESITE"] == got["CSRF_COOKIE_SAMESITE"] == "Lax"
    # __Host- cookies are refused by browsers unless Secure, Path=/ and without Domain.
    assert got["SESSION_COOKIE_NAME"].startswith("__Host-")
    assert got["CSRF_COOKIE_NAME"].startswith("__Host-")
    assert got["SESSION_COOKIE_DOMAIN"] is None and got["CSRF_COOKIE_DOMAIN"] is None
    assert got["SESSION_COOKIE_PATH"] == "/"
    assert got["SECURE_HSTS_SECONDS"] >= 31536000 and got["SECURE_SSL_REDIRECT"]
    assert got["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert got["NUM_PROXIES"] == 1  # behind the TLS proxy: its X-Forwarded-For entry counts


def _assert_security_headers(response, label):  # type: ignore[no-untyped-def]
    assert response["Strict-Transport-Security"].startswith("max-age=31536000"), label
    assert response["X-Content-Type-Options"] == "nosniff", label
    assert response["X-Frame-Options"] == "DENY", label
    assert response["Referrer-Policy"] == "same-origin", label
    assert response["Cross-Origin-Opener-Policy"] == "same-origin", label
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"], label


def test_every_page_partial_and_refusal_carries_the_security_headers(roles, production):
    """Every route of MATRIX, GET and POST, plain and htmx, for each role: whatever the
    status (200, 204, 302, 403, 404, 405), the headers are there."""
    clients = {"anonymous": Client()}
    for role in ("outsider", "player", "gm"):
        clients[role] = Client()
        clients[role].force_login(roles[role])
    seen = set()
    for name, (keys, _table) in MATRIX.items():
        url = reverse(name, kwargs=_kwargs(keys, roles))
        for role, client in clients.items():
            for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                for method in ("get", "post"):
                    if (name, method) in {("logout", "post"), ("campaigns:leave", "post")}:
                        continue  # they would end the session the other routes need
                    response = getattr(client, method)(url, secure=True, **htmx)
                    _assert_security_headers(response, (method, url, role, htmx))
                    seen.add(response.status_code)
    assert {200, 204, 302, 403, 404, 405} <= seen


UNSAFE = ("put", "patch", "delete")


def _state():  # type: ignore[no-untyped-def]
    from campaigns.models import Campaign, Character, Invite, Membership
    from combat.models import Combatant, Event, Roll

    models = (Campaign, Character, Invite, Membership, Combatant, Event, Roll)
    counts = [model.objects.count() for model in models]
    return [*counts, list(Membership.objects.values_list("role", flat=True))]


def test_no_route_changes_anything_without_a_valid_token(roles):
    """Beyond a plain POST without a token (above): an htmx POST without one, a POST with
    another session's token, and PUT/PATCH/DELETE are refused on every route; a GET changes
    nothing."""
    stranger = Client(enforce_csrf_checks=True)
    stranger.get(reverse("login"))
    foreign_token = stranger.cookies["csrftoken"].value
    client = Client(enforce_csrf_checks=True)
    client.force_login(roles["gm"])
    client.get(reverse("campaigns:list"))  # its own CSRF cookie: only the token is wrong
    assert client.cookies["csrftoken"].value != foreign_token
    before = _state()
    for name, (keys, table) in MATRIX.items():
        url = reverse(name, kwargs=_kwargs(keys, roles))
        if table["gm"][1] != 405:
            response = client.post(url, {}, HTTP_HX_REQUEST="true")
            assert response.status_code == 403, url
            assert "Reload the page" in response.content.decode(), url
            response = client.post(url, {"csrfmiddlewaretoken": foreign_token})
            assert response.status_code == 403, url
            assert client.post(url, {}, HTTP_X_CSRFTOKEN=foreign_token).status_code == 403, url
        for method in UNSAFE:
            assert getattr(client, method)(url).status_code == 403, (method, url)
        client.get(url)
        assert _state() == before, url


def test_the_admin_login_needs_the_token_too(roles):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("admin:login"), {"username": "gm", "password": "pw-gm"})
    assert response.status_code == 403
