"""The container recipe (Dockerfile, compose.yaml, deploy/healthcheck.py; docs/deploy.md,
"Containers") read statically against the code it packages: the image installs the package,
collects the static files and serves config.asgi with uvicorn workers; everything the settings
need is copied in and nothing it needs is left out by .dockerignore; the compose file's services
are wired to each other, and its app environment names only variables the settings (or gunicorn)
read — and, loaded with that environment, the settings really use PostgreSQL, Redis and SSE.

A real build needs a container engine and registry access (docs/deploy.md says how it was built
here); this test needs neither, and fails when the recipe and the settings drift apart.
"""

import ast
import fnmatch
import json
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = {
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONUNBUFFERED",
    "PIP_NO_CACHE_DIR",
    "PATH",
    "PIP_DISABLE_PIP_VERSION_CHECK",
    "VIRTUAL_ENV",
    "DJANGO_SETTINGS_MODULE",
    "WEB_CONCURRENCY",
}
REQUIRED = {"SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL"}


def _instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (continuation lines joined, comments dropped)."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    found = [line.split(None, 1) for line in lines if line and not line.startswith("#")]
    return [(parts[0].upper(), parts[1] if len(parts) > 1 else "") for parts in found]


def _all(kind: str) -> list[str]:
    return [argument for name, argument in _instructions() if name == kind]


def _settings_variables() -> set[str]:
    """Every environment variable config/settings.py and config/gunicorn.conf.py read."""
    names: set[str] = set()
    for path in ("config/settings.py", "config/gunicorn.conf.py"):
        source = (ROOT / path).read_text()
        if "dj_database_url.config(" in source:  # it reads DATABASE_URL by default
            names.add("DATABASE_URL")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and node.args:
                function = ast.unparse(node.func)
                first = node.args[0]
                if function in {"os.environ.get", "env_bool", "env_list", "os.getenv"} and (
                    isinstance(first, ast.Constant) and isinstance(first.value, str)
                ):
                    names.add(first.value)
    return names


def test_the_image_installs_the_package_collects_static_and_serves_asgi() -> None:
    (base,) = _all("FROM")
    assert base == "${PYTHON_IMAGE}" and "PYTHON_IMAGE=python:3.11-slim-bookworm" in _all("ARG")
    runs = " && ".join(_all("RUN"))
    assert re.search(r"pip install \.(\s|$)", runs)
    assert "manage.py collectstatic --noinput" in runs
    (command,) = _all("CMD")
    argv = json.loads(command)
    assert argv[0] == "gunicorn" and argv[-1] == "config.asgi:application"
    assert argv[argv.index("-k") + 1] == "uvicorn_worker.UvicornWorker"
    assert argv[argv.index("-c") + 1] == "config/gunicorn.conf.py"
    assert argv[argv.index("-b") + 1] == "0.0.0.0:8000" and _all("EXPOSE") == ["8000"]
    (user,) = _all("USER")
    assert user not in {"root", "0"}
    (health,) = _all("HEALTHCHECK")
    assert health.endswith('CMD ["python", "deploy/healthcheck.py"]')
    assert '"http://127.0.0.1:8000/healthz"' in (ROOT / "deploy/healthcheck.py").read_text()


def test_the_image_holds_what_the_settings_need_and_names_only_what_they_read() -> None:
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()]
    patterns = [line for line in ignored if line and not line.startswith("#")]
    copied = [part for argument in _all("COPY") for part in argument.split()[:-1]]
    for source in copied:
        assert (ROOT / source).exists(), source
        assert not any(fnmatch.fnmatch(source, pattern) for pattern in patterns), source
    # BASE_DIR's folders (templates, static files, translations), the packages, manage.py
    for needed in ("templates", "static", "locale", "config", "campaigns", "combat", "manage.py"):
        assert needed in copied, needed
    environment = " ".join(_all("ENV"))
    named = set(re.findall(r"([A-Z_][A-Z0-9_]*)=", environment))
    assert named <= _settings_variables() | RUNTIME, named - _settings_variables() - RUNTIME
    assert "STATIC_ROOT=/app/staticfiles" in environment


def _compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def _substituted(value: str, given: dict[str, str]) -> str:
    """Compose's `${NAME:-default}` and `${NAME:?message}`, from `given`."""

    def one(match: re.Match[str]) -> str:
        name, operator, rest = match.group(1), match.group(2) or "", match.group(3) or ""
        if name in given:
            return given[name]
        if operator == ":?":
            raise AssertionError(f"{name} is required: {rest}")
        return rest

    return re.sub(r"\$\{([A-Z_][A-Z0-9_]*)(:-|:\?)?([^}]*)\}", one, value)


def test_compose_wires_the_app_to_postgresql_and_redis_with_health_checks() -> None:
    services = _compose()["services"]
    assert set(services) == {"migrate", "web", "db", "redis"}
    web, db, redis = services["web"], services["db"], services["redis"]
    assert web["depends_on"] == {
        "migrate": {"condition": "service_completed_successfully"},
        "db": {"condition": "service_healthy"},
        "redis": {"condition": "service_healthy"},
    }
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert web["healthcheck"]["test"] == ["CMD", "python", "deploy/healthcheck.py"]
    assert web["ports"] == ["127.0.0.1:8000:8000"]  # the proxy in front, never public
    assert db["image"].startswith("postgres:") and redis["image"].startswith("redis:")
    assert "pg_isready" in db["healthcheck"]["test"] and "ping" in redis["healthcheck"]["test"]
    given = {"SECRET_KEY": "k", "POSTGRES_PASSWORD": "pw"}
    url = _substituted(web["environment"]["DATABASE_URL"], given)
    user = db["environment"]["POSTGRES_USER"]
    assert url == f"postgres://{user}:pw@db:5432/{db['environment']['POSTGRES_DB']}"
    assert _substituted(db["environment"]["POSTGRES_PASSWORD"], given) == "pw"
    assert web["environment"]["REDIS_URL"].startswith("redis://redis:6379/")
    with pytest.raises(AssertionError, match="SECRET_KEY is required"):
        _substituted(web["environment"]["SECRET_KEY"], {})


def test_compose_names_only_variables_the_settings_read_and_they_take_effect() -> None:
    environment = _compose()["services"]["web"]["environment"]
    assert set(environment) == set(_compose()["services"]["migrate"]["environment"])
    assert set(environment) >= REQUIRED
    unknown = set(environment) - _settings_variables() - RUNTIME
    assert not unknown, unknown
    given = {"SECRET_KEY": "k" * 50, "POSTGRES_PASSWORD": "pw"}
    env = {name: _substituted(str(value), given) for name, value in environment.items()}
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "d = s.DATABASES['default']; print(json.dumps([d['ENGINE'], d['HOST'], d['NAME'], "
        "s.CACHES['default']['BACKEND'], s.LIVE_SSE, s.POLL_FROM_CACHE, s.DEBUG, "
        "s.ALLOWED_HOSTS, s.SESSION_ENGINE, d.get('OPTIONS', {}).get('pool')]))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in environment and k != "DEBUG"}
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**clean, **env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    engine, host, name, cache, sse, fast, debug, hosts, sessions, pool = json.loads(done.stdout)
    assert engine == "django.db.backends.postgresql" and (host, name) == ("db", "iniciativa")
    assert cache == "django.core.cache.backends.redis.RedisCache" and sse and fast
    assert debug is False and hosts == ["localhost", "127.0.0.1"]
    assert sessions == "django.contrib.sessions.backends.cached_db"
    assert pool == {"min_size": 1, "max_size": 20, "timeout": 10}  # bounded under ASGI


def test_the_health_check_names_a_host_the_app_accepts(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    check = runpy.run_path(str(ROOT / "deploy/healthcheck.py"))
    for allowed, host in [
        ("", "localhost"),
        ("*", "localhost"),
        (".example.org", "example.org"),
        ("*, play.example.org,x", "play.example.org"),
    ]:
        monkeypatch.setenv("ALLOWED_HOSTS", allowed)
        assert check["host"]() == host
