"""Benchmark of the encounter page (issue D); writes its section of docs/benchmarks.md.

Run: ``.venv/bin/python bench/bench_encounter.py``. In one process, against a fresh SQLite file:
a bare template page (the login page), an unchanged live poll (204), the full encounter page and
the resolve-action request (the seed's attack, undone between runs), each the median of
interleaved rounds, reported as ratios to the bare page because this machine is noisy. Query
counts come from the same requests (the tests pin them).
"""

import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvw")
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
os.environ.setdefault("MANIFEST_STATIC", "0")
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.report import write_section  # noqa: E402
from campaigns.demo import load_demo  # noqa: E402
from combat import workflows  # noqa: E402
from combat.demo import PREPARED, load_demo_encounters  # noqa: E402
from combat.models import Encounter  # noqa: E402

ROUNDS, CALLS = 7, 40
HTMX = {"HTTP_HX_REQUEST": "true"}


def setup() -> tuple[Client, Encounter, dict[str, str]]:
    call_command("migrate", verbosity=0)
    load_demo()
    from django.contrib.auth import get_user_model

    gm = get_user_model().objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=PREPARED)
    workflows.roll_initiative(encounter.pk, gm, "bench-init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    encounter.refresh_from_db()
    keys = {c.name: c.key for c in encounter.combatants.all()}
    client = Client()
    client.force_login(gm)
    return client, encounter, keys


def timed(call) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def requests(client: Client, encounter: Encounter, keys: dict[str, str]) -> dict:  # type: ignore[type-arg]
    """Each returns the seconds of its measured request only (set-up and clean-up excluded)."""
    base = f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/"
    counter = iter(range(10**9))

    def poll() -> float:
        version = Encounter.objects.values_list("version", flat=True).get(pk=encounter.pk)
        return timed(lambda: client.get(base, {"version": version}, **HTMX))

    def action() -> float:
        data = {"key": f"b{next(counter)}", "kind": "attack", "targets": [keys["Vůdce skřetů"]],
                "weapon": "Široký meč", "faces": "3, 1"}  # fmt: skip
        elapsed = timed(lambda: client.post(base + "action/", data, **HTMX))
        workflows.undo(encounter.pk, None, f"u{next(counter)}")  # Baldur may attack again
        return elapsed

    return {
        "bare page": lambda: timed(lambda: client.get("/accounts/login/")),
        "unchanged poll": poll,
        "encounter page": lambda: timed(lambda: client.get(base)),
        "resolve action": action,
    }


def median_ms(work) -> float:  # type: ignore[no-untyped-def]
    """The median over interleaved-free rounds of the mean per request, in milliseconds."""
    return statistics.median(
        sum(work() for _ in range(CALLS)) / CALLS * 1000 for _ in range(ROUNDS)
    )


def queries(work) -> int:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as captured:
        work()
    return len(captured)


def main() -> None:
    client, encounter, keys = setup()
    work = requests(client, encounter, keys)
    times = {name: median_ms(fn) for name, fn in work.items()}
    rows = [f"| {name} | {ms:.2f} | {ms / times['bare page']:.2f}× |" for name, ms in times.items()]
    body = "\n".join([
        "## Encounter page (`bench/bench_encounter.py`)", "",
        f"Run {datetime.date.today()} on {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, SQLite, in-process Django test client, "
        "7 combatants (the demo's prepared fight).",
        f"Median of {ROUNDS} rounds of {CALLS} requests; ratios to the bare page (the login page) "
        "in the same run.", "",
        "| request | median ms | × bare page |", "|---|---:|---:|", *rows, "",
        "The resolve-action row is the seed's attack (12 vs 5 → 8) with its HTMX re-render of the "
        "live region; it is undone (untimed) between requests. Query counts per request are "
        "pinned by tests/combat/test_encounter_queries.py (poll ≤ 5, page ≤ 11, action ≤ 24, "
        "constant in the number of combatants and log entries).",
    ])  # fmt: skip
    print(write_section("encounter", body))


if __name__ == "__main__":
    main()
