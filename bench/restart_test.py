"""Crash drill (RELIABILITY R11, issue I): SIGKILL the app server twice while four clients post.

Run: ``.venv/bin/python bench/restart_test.py [--db sqlite|postgres] [--database-url URL]``.
A fresh database (a temporary SQLite file, or a scratch PostgreSQL database on the server of
``--database-url``) gets the demo data and a running fight. gunicorn with two worker processes
serves it on 127.0.0.1. Four GM sessions post the GM's damage (adjust), next turns and quick
rolls, each with its own one-time key; a request that gets no answer is retried with the same key
until it is answered. Meanwhile the whole server process group is killed with SIGKILL twice and
started again. Then: every answered key is in the database exactly once, no answer was a 5xx,
every hash chain verifies, the replay of the log gives the HP the rows hold, and the encounter
page shows the same state before and after one more kill and restart. Bounded (~15 s per DB),
loopback only; exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import requests

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
CLIENTS, PHASES = 4, (3.0, 3.0, 2.0)  # seconds of posting before each kill, and after the last
PASSWORD = "iniciativa"  # the demo users' password (campaigns.demo)

SETUP = """
import json, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth import get_user_model
from campaigns.demo import load_demo
from combat import workflows
from combat.demo import PREPARED, load_demo_encounters
from combat.models import Encounter
load_demo()
gm = get_user_model().objects.get(username="gm")
load_demo_encounters(gm)
encounter = Encounter.objects.get(name=PREPARED)
# Initiative once: every Next turn the clients post writes an event (none waits for a roll).
workflows.set_options(encounter.pk, gm, "drill-once", {"initiative_once": "yes"})
workflows.roll_initiative(encounter.pk, gm, "drill-init")
print(json.dumps({"campaign": encounter.campaign_id, "encounter": encounter.pk,
                  "combatants": [c.key for c in encounter.combatants.all()]}))
"""

INSPECT = """
import json, sys, django
django.setup()
from combat.eventlog import verify_chain
from combat.models import Encounter, Event, Roll
from combat.replay import export_encounter, replay_encounter
encounter = Encounter.objects.get(pk=int(sys.argv[1]))
report = replay_encounter(export_encounter(encounter))
events = {}
for key, at in Event.objects.filter(encounter=encounter).values_list("key", "created_at"):
    events.setdefault(key, []).append(at)
rolls = {}
for key, at in Roll.objects.filter(campaign_id=encounter.campaign_id).values_list(
        "key", "created_at"):
    rolls.setdefault(key, []).append(at.isoformat())
print(json.dumps({
    "events": events, "rolls": rolls, "version": encounter.version,
    "chain": [p for e in Encounter.objects.all() for p in verify_chain(e)],
    "replay": [str(d) for d in report.differences],
    "hp": {c.name: c.hp for c in encounter.combatants.all()},
    "replayed_hp": {c.name: c.hp for c in report.fight.combatants},
}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_server(url: str | None) -> str | None:
    """A PostgreSQL server URL to make scratch databases on: the given one, DATABASE_URL when it
    names PostgreSQL, or none."""
    for candidate in (url, os.environ.get("DATABASE_URL")):
        if candidate and candidate.startswith(("postgres://", "postgresql://")):
            return candidate
    return None


@contextmanager
def scratch_database(db: str, server_url: str | None, purpose: str = "drill"):  # type: ignore[no-untyped-def]
    """The environment of a fresh database, removed afterwards."""
    if db == "sqlite":
        with tempfile.TemporaryDirectory(prefix=f"{purpose}-") as folder:
            yield {"SQLITE_PATH": f"{folder}/{purpose}.sqlite3"}
        return
    import psycopg

    if server_url is None:
        raise SystemExit("--db postgres needs --database-url (or DATABASE_URL) of a server")
    parts = urlsplit(server_url)
    name = f"iniciativa_{purpose}_{os.getpid()}"
    admin_url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {"DATABASE_URL": urlunsplit(parts._replace(path=f"/{name}"))}
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def django_env(database: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    return {**env, **database, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(40), "ALLOWED_HOSTS": "127.0.0.1",
            "MANIFEST_STATIC": "0", "FAST_PASSWORD_HASHER": "1", "CONN_MAX_AGE": "0"}  # fmt: skip


def python(code: str, env: dict[str, str], *args: str) -> Any:
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    if done.returncode:
        raise RuntimeError(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


class Server:
    """gunicorn -w 2 on 127.0.0.1 in its own session, so a kill takes master and workers."""

    def __init__(
        self,
        env: dict[str, str],
        port: int,
        workers: int = 2,
        extra: tuple[str, ...] = (),
        app: str = "config.wsgi",
    ) -> None:
        self.env, self.port, self.workers, self.extra, self.app = env, port, workers, extra, app
        self.process: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self) -> float:
        started = time.monotonic()
        self.process = subprocess.Popen(  # noqa: S603
            [str(GUNICORN), self.app, "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}",
             "--timeout", "30", "--graceful-timeout", "1", "--preload", *self.extra],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        while time.monotonic() - started < 20:
            try:
                if requests.get(self.base + "/healthz", timeout=1).text == "ok":
                    return time.monotonic() - started
            except requests.RequestException:
                time.sleep(0.05)
        raise RuntimeError("gunicorn did not answer within 20 s")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)
            self.process.wait(timeout=10)
        self.process = None


class Client(threading.Thread):
    """One GM at a keyboard: posts, and retries the same key until the server answers."""

    def __init__(self, number: int, base: str, fight: dict[str, Any], stop: threading.Event):
        super().__init__(daemon=True)
        self.number, self.base, self.fight, self.stop = number, base, fight, stop
        self.session = requests.Session()
        self.acked: dict[str, str] = {}  # key → "event" or "roll"
        self.retried: dict[str, float] = {}  # key → when its first unanswered attempt ended
        self.abandoned: list[str] = []
        self.server_errors: list[str] = []
        self.problems: list[str] = []

    def log_in(self) -> None:
        self.session.get(self.base + "/accounts/login/", timeout=10)
        token = self.session.cookies["csrftoken"]
        answer = self.session.post(
            self.base + "/accounts/login/", allow_redirects=False, timeout=10,
            data={"username": "gm", "password": PASSWORD, "csrfmiddlewaretoken": token},
        )  # fmt: skip
        if answer.status_code != 302:
            raise RuntimeError(f"client {self.number} could not log in ({answer.status_code})")

    def request_for(self, step: int, key: str) -> tuple[str, str, dict[str, str]]:
        campaign, encounter = self.fight["campaign"], self.fight["encounter"]
        page = f"/campaigns/{campaign}/encounters/{encounter}/"
        if step % 3 == 0:
            return "roll", f"/campaigns/{campaign}/roll/", {"expression": "3d6", "key": key}
        if step % 3 == 1:
            return "event", page + "next/", {"turn-key": key, "turn-faces": ""}
        combatants = self.fight["combatants"]
        target = combatants[(self.number + step) % len(combatants)]
        hp = str(5 + (step * 7 + self.number) % 20)
        return "event", page + "adjust/", {"key": key, "combatant": target, "hp": hp}

    def post(self, path: str, data: dict[str, str]) -> requests.Response:
        token = self.session.cookies.get("csrftoken", "")
        return self.session.post(
            self.base + path, data={**data, "csrfmiddlewaretoken": token}, timeout=10,
            headers={"HX-Request": "true"}, allow_redirects=False,
        )  # fmt: skip

    def run(self) -> None:
        try:
            self.log_in()
            step = 0
            while not self.stop.is_set():
                key = f"drill-{self.number}-{step}"
                kind, path, data = self.request_for(step, key)
                self.until_answered(key, kind, path, data)
                step += 1
        except Exception as error:  # noqa: BLE001 - a drill failure, reported by main
            self.problems.append(f"client {self.number}: {type(error).__name__}: {error}")

    def until_answered(self, key: str, kind: str, path: str, data: dict[str, str]) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                answer = self.post(path, data)
            except requests.RequestException:
                self.retried.setdefault(key, time.time())
                time.sleep(0.1)
                continue
            if answer.status_code >= 500:
                self.server_errors.append(f"{key}: {answer.status_code}")
                self.retried.setdefault(key, time.time())
                continue
            if answer.status_code != 200 or 'role="alert"' in answer.text:
                self.problems.append(f"{key}: answered {answer.status_code} {answer.text[:200]}")
            self.acked[key] = kind
            return
        self.abandoned.append(key)


def live_state(session: requests.Session, base: str, fight: dict[str, Any]) -> dict[str, Any]:
    """What the encounter page shows: version, round, and each combatant's health and turn."""
    url = f"{base}/campaigns/{fight['campaign']}/encounters/{fight['encounter']}/"
    html = session.get(url, timeout=10).text
    rows = re.findall(
        r'<li class="(list-group-item[^"]*)" data-combatant="([^"]+)"[^>]*>'
        r'.*?<span class="health">([^<]*)</span>', html, re.DOTALL,
    )  # fmt: skip
    return {
        "version": re.search(r'data-version="(\d+)"', html).group(1),  # type: ignore[union-attr]
        "round": (re.search(r'id="round">([^<]*)<', html) or [None, None])[1],
        "combatants": [{"name": n, "health": h, "current": "active-turn" in c} for c, n, h in rows],
    }


def drill(db: str, database_url: str | None = None) -> dict[str, Any]:
    """The whole drill on one database; a dict of what was counted and what went wrong."""
    if not GUNICORN.exists():
        raise SystemExit(f"gunicorn is not installed next to {sys.executable}")
    started = time.monotonic()
    with scratch_database(db, postgres_server(database_url)) as database:
        env = django_env(database)
        fight = python(SETUP, env)
        server = Server(env, free_port())
        try:
            return _drill(server, fight, env) | {"db": db, "seconds": time.monotonic() - started}
        finally:
            server.kill()


def _drill(server: Server, fight: dict[str, Any], env: dict[str, str]) -> dict[str, Any]:
    boots = [server.start()]
    stop = threading.Event()
    clients = [Client(n, server.base, fight, stop) for n in range(CLIENTS)]
    for client in clients:
        client.start()
    kills = 0
    for phase, seconds in enumerate(PHASES):
        time.sleep(seconds)
        if phase < len(PHASES) - 1:
            server.kill()
            kills += 1
            boots.append(server.start())
    stop.set()
    for client in clients:
        client.join(timeout=40)
    viewer = Client(99, server.base, fight, stop)
    viewer.log_in()
    before = live_state(viewer.session, server.base, fight)
    server.kill()  # once more, nobody writing: the page must come back the same
    boots.append(server.start())
    after = live_state(viewer.session, server.base, fight)
    return check(
        clients, python(INSPECT, env, str(fight["encounter"])), before, after, kills, boots
    )


def check(clients, state, before, after, kills, boots) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    acked = {key: kind for client in clients for key, kind in client.acked.items()}
    retried = {key: at for client in clients for key, at in client.retried.items()}
    stored = {"event": state["events"], "roll": state["rolls"]}
    missing = [key for key, kind in acked.items() if len(stored[kind].get(key, [])) != 1]
    duplicated = [k for table in stored.values() for k, found in table.items() if len(found) > 1]
    # committed, but the answer was lost with the server: the retry found it and answered it
    lost_answers = [
        key
        for key in retried
        if key in acked
        and key not in missing
        and _committed_before(stored[acked[key]][key][0], retried[key])
    ]
    shown = {c["name"]: c["health"] for c in after["combatants"]}
    hp_on_page = all(shown.get(name, "").startswith(f"{hp} /") for name, hp in state["hp"].items())
    problems = [p for client in clients for p in client.problems]
    result = {
        "kills": kills, "boot_seconds": [round(b, 2) for b in boots],
        "acknowledged": len(acked), "events": sum(k == "event" for k in acked.values()),
        "rolls": sum(k == "roll" for k in acked.values()), "retried": len(retried),
        "answers_lost_but_committed": len(lost_answers), "missing": missing,
        "duplicated": duplicated,
        "server_errors": [e for client in clients for e in client.server_errors],
        "abandoned": [k for client in clients for k in client.abandoned],
        "chain_breaks": state["chain"], "replay_differences": state["replay"][:5],
        "hp_as_logged": state["hp"] == state["replayed_hp"],
        "page_same_after_restart": before == after,
        "page_shows_hp": hp_on_page, "problems": problems[:5], "version": state["version"],
    }  # fmt: skip
    result["ok"] = bool(
        kills == 2 and len(acked) > 0 and not missing and not duplicated
        and not result["server_errors"] and not result["abandoned"] and not state["chain"]
        and not state["replay"] and result["hp_as_logged"] and result["page_same_after_restart"]
        and hp_on_page and not problems and str(state["version"]) == before["version"]
    )  # fmt: skip
    return result


def _committed_before(created_at: str, failed_at: float) -> bool:
    from datetime import datetime

    return datetime.fromisoformat(created_at).timestamp() <= failed_at


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--database-url", help="a PostgreSQL server to make a scratch DB on")
    options = parser.parse_args()
    result = drill(options.db, options.database_url)
    print(json.dumps(result, indent=2))
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
