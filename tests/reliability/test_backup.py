"""Backup and restore drill (RELIABILITY R12, issue I), on the database the suite runs on.

Writers change an encounter while `manage.py backup` copies the database. The copy is restored
into a scratch database by `manage.py restore` in another process, which must pass
`PRAGMA integrity_check` (SQLite) and `verify_log`; its log must be an exact prefix of the live
log, and a replay of it must give the HP its rows hold. A second backup, taken when the writers
have stopped, must render the encounter page exactly as the live database does.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import PREPARED, load_demo_encounters
from combat.models import Encounter, Event

ROOT = Path(__file__).resolve().parents[2]
WRITERS, MOST = 3, 150  # each writer stops after MOST actions at the latest

# Runs in the process that restores: the command a person would run, then what the page shows.
RESTORE_AND_LOOK = """
import json, sys
import django
django.setup()
from django.core.management import call_command
from django.test import Client
from django.test.utils import setup_test_environment
from django.contrib.auth import get_user_model
from combat.eventlog import verify_chain
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from io import StringIO
out = StringIO()
call_command("restore", sys.argv[1], interactive=False, stdout=out)
setup_test_environment()
found = {}
for encounter in Encounter.objects.order_by("pk"):
    report = replay_encounter(export_encounter(encounter))
    replayed = {c.id: c.hp for c in report.fight.combatants}
    stored = {row.key: row.hp for row in encounter.combatants.all()}
    found[encounter.name] = {
        "hashes": list(encounter.events.order_by("seq").values_list("hash", flat=True)),
        "problems": verify_chain(encounter), "replay": [str(d) for d in report.differences],
        "hp_as_logged": replayed == stored,
    }
client = Client()
client.force_login(get_user_model().objects.get(username="gm"))
encounter = Encounter.objects.get(name=sys.argv[2])
page = client.get(f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/")
print(json.dumps({"restore": out.getvalue(), "encounters": found, "status": page.status_code,
                  "page": page.content.decode()}))
"""


def _normalised(html: str) -> str:
    """The page without its per-request parts: CSRF tokens and fresh one-time form keys, and
    the form ids made from a key's first characters (the turn form's `id_turn-faces-1a2b3c4d`)."""
    for key in set(re.findall(r"[A-Za-z0-9]{32,}", html)):
        html = html.replace(key, "TOKEN").replace(f"-{key[:8]}", "-TOKEN")
    return html


@pytest.fixture
def scratch(tmp_path):  # type: ignore[no-untyped-def]
    """Where the restores go (both into the same one: the second restores over the first): a
    scratch SQLite file, or a scratch PostgreSQL database."""
    if connection.vendor == "sqlite":
        yield {"SQLITE_PATH": str(tmp_path / "restored.sqlite3")}
        return
    db = connection.settings_dict
    database = f"{db['NAME']}_restored"[:63]
    _pg_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    _pg_admin(f'CREATE DATABASE "{database}"')
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    try:
        yield {"DATABASE_URL": f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{database}"}
    finally:
        _pg_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


def _pg_admin(statement: str) -> None:
    import psycopg

    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"], password=db["PASSWORD"] or None,
        dbname="postgres", autocommit=True,
    ) as admin:  # fmt: skip
        admin.execute(statement)


def _restore_and_look(backup: Path, target: dict[str, str]) -> dict:  # type: ignore[type-arg]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **target}
    if "SQLITE_PATH" in target:
        env.pop("DATABASE_URL", None)
    done = subprocess.run(  # noqa: S603
        [sys.executable, "-c", RESTORE_AND_LOOK, str(backup), PREPARED],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _writers(pk: int, gm, stop: threading.Event) -> tuple[list[threading.Thread], list[str]]:  # type: ignore[no-untyped-def]
    failures: list[str] = []

    def write(number: int) -> None:
        try:
            keys = [c.key for c in Encounter.objects.get(pk=pk).combatants.all()]
            for step in range(MOST):
                if stop.is_set():
                    break
                key = f"w{number}-{step}"
                if step % 3 == 2:
                    workflows.next_turn(pk, gm, key)
                else:
                    workflows.adjust(pk, gm, key, keys[step % len(keys)], hp=step % 9 + 1)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            failures.append(f"writer {number}: {type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    return threads, failures


def _log_length(pk: int) -> int:
    return Encounter.objects.values_list("log_length", flat=True).get(pk=pk)


@pytest.mark.django_db(transaction=True)
def test_backup_during_writes_restores_sound_and_the_page_matches(tmp_path, scratch):
    if connection.vendor == "postgresql" and not shutil.which("pg_dump"):
        pytest.skip("PostgreSQL's client tools (pg_dump, pg_restore) are not installed")
    load_demo()
    from django.contrib.auth import get_user_model

    gm = get_user_model().objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=PREPARED)
    # Next turn never waits for a round's initiative: the writers only move turns and HP.
    workflows.set_options(encounter.pk, gm, "backup-once", {"initiative_once": "yes"})
    workflows.roll_initiative(encounter.pk, gm, "backup-init")
    start = _log_length(encounter.pk)

    stop = threading.Event()
    threads, failures = _writers(encounter.pk, gm, stop)
    deadline = time.monotonic() + 30
    while _log_length(encounter.pk) < start + 20 and time.monotonic() < deadline:
        time.sleep(0.01)
    before = _log_length(encounter.pk)
    call_command("backup", str(tmp_path / "hot.backup"), stdout=open(os.devnull, "w"))  # noqa: SIM115
    after = _log_length(encounter.pk)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    assert failures == []
    assert after > before or _log_length(encounter.pk) > before  # the writers really wrote

    hot = _restore_and_look(tmp_path / "hot.backup", scratch)
    if connection.vendor == "sqlite":
        assert "integrity_check: ok" in hot["restore"]
    assert "intact" in hot["restore"] and "tampered" not in hot["restore"]
    live = list(
        Event.objects.filter(encounter=encounter).order_by("seq").values_list("hash", flat=True)
    )
    copied = hot["encounters"][PREPARED]
    assert before <= len(copied["hashes"]) <= len(live)
    assert copied["hashes"] == live[: len(copied["hashes"])]  # a snapshot: an exact prefix
    for name, state in hot["encounters"].items():
        assert (state["problems"], state["replay"], state["hp_as_logged"]) == ([], [], True), name

    call_command("backup", str(tmp_path / "cold.backup"), stdout=open(os.devnull, "w"))  # noqa: SIM115
    cold = _restore_and_look(tmp_path / "cold.backup", scratch)
    client = Client()
    client.force_login(gm)
    page = client.get(f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/")
    assert cold["status"] == page.status_code == 200
    assert cold["encounters"][PREPARED]["hashes"] == live
    assert _normalised(cold["page"]) == _normalised(page.content.decode())
    assert f'data-version="{Encounter.objects.get(pk=encounter.pk).version}"' in cold["page"]


def test_restore_refuses_a_damaged_backup_before_touching_the_database(tmp_path):
    """A SQLite backup that fails `PRAGMA integrity_check` is never copied in (no DB access:
    pytest-django would fail this test if the command opened the database)."""
    from django.core.management.base import CommandError

    from combat.management.commands.backup import sqlite_integrity

    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x01" * 4000)
    assert sqlite_integrity(damaged) != "ok"
    if connection.vendor == "sqlite":
        with pytest.raises(CommandError, match="integrity check"):
            call_command("restore", str(damaged), interactive=False)
    with pytest.raises(CommandError, match="no backup file"):
        call_command("restore", str(tmp_path / "missing"), interactive=False)
