"""Does a request pay for the campaign's history? (issue L); writes its section of benchmarks.md.

Run: ``.venv/bin/python bench/bench_history.py`` (PostgreSQL at ``DATABASE_URL``, else
postgres@127.0.0.1:5432; ``--sqlite-only`` skips it). For each database, in a fresh scratch
database, one process builds two campaigns of the demo's rule system Dračí Hlídka with the same
fight (the seed's Baldur against the goblin leader): a young one of about 50 events, and one of
20,000 events of which 1,000 are in the fight itself (adjustments, attacks and undos through
the real workflows; the other encounters' logs are copies of a real adjustment, chained and
sealed like any log). It then times the user's paths through the views — a changed poll (the
board re-rendered), an action (an attack that misses), undo and redo — interleaved with
a bare template view (the login page), and reports each as a ratio to the bare view in the same
run, and the long campaign's time as a ratio to the young one's.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ROUNDS, CALLS = 5, 10
IN_FIGHT, TOTAL = 1_000, 20_000
HTMX = {"HTTP_HX_REQUEST": "true"}
PATHS = ("bare page", "changed poll", "action", "undo", "redo")


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvw")
    os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
    os.environ.setdefault("MANIFEST_STATIC", "0")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()


def _fight(campaign: Any, gm: Any, name: str) -> tuple[Any, dict[str, str]]:
    from campaigns.models import Character, Monster
    from combat import workflows

    encounter = workflows.create_encounter(campaign, name, gm)
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    leader = Monster.objects.get(campaign=campaign, name="Vůdce skřetů")
    workflows.add_combatants(encounter.pk, gm, f"{name}-1", record=baldur, side="party")
    workflows.add_combatants(encounter.pk, gm, f"{name}-2", record=leader)
    workflows.roll_initiative(encounter.pk, gm, f"{name}-i", typed_faces=[5, 2])  # Baldur first
    keys = {c.name: c.key for c in encounter.combatants.all()}
    return encounter, {"baldur": keys["Baldur"], "leader": keys["Vůdce skřetů"]}


def _play(encounter: Any, gm: Any, keys: dict[str, str], events: int, mark: str) -> None:
    """`events` events of real play: an adjustment, a missed attack, its undo, again."""
    from combat import workflows
    from combat.rules.base import Action

    miss = Action("attack", keys["baldur"], (keys["leader"],), weapon="Široký meč")
    for n in range(events // 3):
        workflows.adjust(encounter.pk, gm, f"{mark}a{n}", keys["leader"], hp=20 - n % 5)
        workflows.resolve_action(encounter.pk, gm, f"{mark}r{n}", miss, [1, 6, 1])
        workflows.undo(encounter.pk, gm, f"{mark}u{n}")


def _copies(campaign: Any, gm: Any, events: int) -> None:
    """Other encounters' logs: copies of one real adjustment, hash-chained and sealed."""
    from django.db import transaction

    from combat import workflows
    from combat.eventlog import append_event
    from combat.history import rebuild_history
    from combat.models import Encounter, Event

    per = 2_000
    for number in range(0, events, per):
        other, keys = _fight(campaign, gm, f"Jinde {number}")
        workflows.adjust(other.pk, gm, "model", keys["leader"], hp=17)
        model = Event.objects.filter(encounter=other, type="adjust").get()
        with transaction.atomic():
            other = Encounter.objects.select_for_update().get(pk=other.pk)
            for _ in range(min(per, events - number) - other.log_length):
                append_event(other, "adjust", model.payload, user=gm)
            other.save()
            rebuild_history(other)


def build() -> dict[str, Any]:
    """The two campaigns; their fights, keys and the GM."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from campaigns.demo import load_demo
    from campaigns.exchange import export_campaign, import_campaign
    from campaigns.models import Campaign
    from combat.models import Event

    call_command("migrate", verbosity=0)
    load_demo()
    gm = get_user_model().objects.get(username="gm")
    template = Campaign.objects.get(system="draci_hlidka")
    fights = {}
    for size in ("young", "long"):
        copy = export_campaign(template)  # the same records, members and library
        copy["campaign"]["name"] = f"{template.name} ({size})"
        campaign = import_campaign(copy)
        encounter, keys = _fight(campaign, gm, "Stezka")
        _play(encounter, gm, keys, 45 if size == "young" else IN_FIGHT, size)
        if size == "long":
            _copies(campaign, gm, TOTAL - Event.objects.filter(encounter=encounter).count())
        events = Event.objects.filter(encounter__campaign=campaign).count()
        fights[size] = {"encounter": encounter, "keys": keys, "events": events}
    return {"gm": gm, "fights": fights}


COUNTED: dict[str, Any] = {"on": False, "queries": 0}  # the timed request's queries, if on


def _timed(call: Any) -> float:
    if COUNTED["on"]:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            call()
        COUNTED["queries"] = len(captured)
        return 0.0
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def paths(client: Any, gm: Any, fight: dict[str, Any]) -> dict[str, Any]:
    """Each returns the seconds of its measured request only (set-up and clean-up untimed)."""
    from django.urls import reverse

    from combat import workflows
    from combat.models import Encounter

    encounter, keys = fight["encounter"], fight["keys"]
    args = [encounter.campaign_id, encounter.pk]
    page, act = (
        reverse("combat:encounter", args=args),
        reverse("combat:encounter_action", args=args),
    )
    undo_url = reverse("combat:encounter_turn", args=[*args, "undo"])
    redo_url = reverse("combat:encounter_turn", args=[*args, "redo"])
    counter = iter(range(10**9))

    def poll() -> float:
        version = Encounter.objects.values_list("version", flat=True).get(pk=encounter.pk)
        return _timed(lambda: client.get(page, {"version": version - 1}, **HTMX))

    def action() -> float:
        data = {
            "key": f"b{next(counter)}",
            "kind": "attack",
            "targets": [keys["leader"]],
            "weapon": "Široký meč",
            "faces": "1, 6, 1",
        }
        elapsed = _timed(lambda: client.post(act, data, **HTMX))
        workflows.undo(encounter.pk, gm, f"x{next(counter)}")  # Baldur may attack again
        return elapsed

    def undo() -> float:
        workflows.adjust(encounter.pk, gm, f"y{next(counter)}", keys["leader"], hp=19)
        data = {"turn-key": f"u{next(counter)}"}
        return _timed(lambda: client.post(undo_url, data, **HTMX))

    def redo() -> float:
        workflows.undo(encounter.pk, gm, f"z{next(counter)}")
        data = {"turn-key": f"r{next(counter)}"}
        return _timed(lambda: client.post(redo_url, data, **HTMX))

    def bare() -> float:
        return _timed(lambda: client.get("/accounts/login/"))

    return dict(zip(PATHS, (bare, poll, action, undo, redo), strict=True))


def _queries(work: Any) -> int:
    """The queries of the measured request alone (set-up and clean-up not counted)."""
    COUNTED["on"] = True
    try:
        work()
    finally:
        COUNTED["on"] = False
    return int(COUNTED["queries"])


def _database() -> str:
    from django.db import connection

    if connection.vendor == "sqlite":
        return f"SQLite {connection.Database.sqlite_version}"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        return f"PostgreSQL {cursor.fetchone()[0].split()[0]}"


def measure() -> dict[str, Any]:
    """In this process's database: ms and queries per path and campaign size."""
    _django()
    from django.test import Client

    built = build()
    client = Client()
    client.force_login(built["gm"])
    work = {size: paths(client, built["gm"], f) for size, f in built["fights"].items()}
    for calls in work.values():  # warm: templates, translations, the first queries
        for call in calls.values():
            call()
    samples: dict[str, dict[str, list[float]]] = {s: {p: [] for p in PATHS} for s in work}
    for _ in range(ROUNDS):  # interleaved: each round visits every path of both campaigns
        for path in PATHS:
            for size, calls in work.items():
                mean = sum(calls[path]() for _ in range(CALLS)) / CALLS
                samples[size][path].append(mean * 1000)
    return {
        "database": _database(),
        "events": {size: f["events"] for size, f in built["fights"].items()},
        "ms": {
            s: {p: statistics.median(v) for p, v in paths_.items()} for s, paths_ in samples.items()
        },
        "queries": {s: {p: _queries(c) for p, c in calls.items()} for s, calls in work.items()},
    }


def _run(database: dict[str, str]) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    out = subprocess.run(
        [sys.executable, __file__, "--child"],
        env={**env, **database},
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _table(result: dict[str, Any]) -> list[str]:
    ms, queries = result["ms"], result["queries"]
    rows = [
        "| request | 50 events: ms | × bare | queries "
        f"| {result['events']['long']:,} events: ms | × bare | queries | long ÷ young |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for path in PATHS:
        young, long = ms["young"][path], ms["long"][path]
        rows.append(
            f"| {path} | {young:.2f} | {young / ms['young']['bare page']:.2f}× "
            f"| {queries['young'][path]} | {long:.2f} | {long / ms['long']['bare page']:.2f}× "
            f"| {queries['long'][path]} | {long / young:.2f} |"
        )
    return rows


def main() -> None:
    from bench.report import write_section
    from bench.restart_test import scratch_database

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    results = []
    with tempfile.TemporaryDirectory(prefix="history-") as folder:
        results.append(_run({"SQLITE_PATH": f"{folder}/history.sqlite3"}))
    if "--sqlite-only" not in sys.argv:
        server = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
        with scratch_database("postgres", server, "history") as database:
            results.append(_run(database))
    lines = [
        "## The cost of history (`bench/bench_history.py`)",
        "",
        f"Run {datetime.date.today()} on {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()} (load average at the start: {load}), in-process Django "
        "test client, as the GM. The same fight "
        f"(Baldur against the goblin leader) in a campaign of about 50 events and in one of "
        f"{TOTAL:,} events, {IN_FIGHT:,} of them in the fight itself. Median of {ROUNDS} "
        f"interleaved rounds of {CALLS} requests; ratios to the bare page (the login page) in the "
        "same run. Goal (issue L): each path within 20 % (long ÷ young ≤ 1.20).",
    ]
    for result in results:
        lines += ["", f"### {result['database']}", "", *_table(result)]
    lines += [
        "",
        "The changed poll re-renders the board (#board) for a version the browser no longer shows. "
        "The action is an attack that misses (undone, untimed, after each request); undo takes "
        "back an adjustment made untimed before it, and redo puts back one undone untimed. Used "
        "journal rolls, open proposals and the undo/redo stacks are small indexed rows "
        "(combat.models.history) kept by the workflow that appends the event; the query counts "
        "are pinned, equal for a short and a long history, and the SQLite work is bounded by "
        "tests/combat/test_history_cost.py.",
    ]
    print(write_section("history", "\n".join(lines)))


if __name__ == "__main__":
    if "--child" in sys.argv:
        print(json.dumps(measure()))
    else:
        main()
