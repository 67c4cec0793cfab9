"""Production settings, security headers, and CSRF for plain and htmx requests."""

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
    client = Client()
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
