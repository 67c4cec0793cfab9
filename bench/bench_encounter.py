"""Benchmark of the encounter page (issues D and L); writes its section of docs/benchmarks.md.

Run: ``.venv/bin/python bench/bench_encounter.py`` (PostgreSQL at ``DATABASE_URL``, a database
it drops and creates, else postgres@127.0.0.1:5432/bench_encounter; ``--sqlite-only`` skips it;
``--print`` only prints the section). For each database, one process against a fresh scratch
database (bench/encounter_scenarios.py) times, in interleaved rounds, a bare template view (the
login page), the GM's and a player's full page (board and panel), a changed poll (the board
alone) as the GM and as a player, and the resolve-action request (the seed's attack, answered
with the panel and the board out of band, undone untimed afterwards) as the GM and as the
player who owns Baldur. Each is a ratio to the bare view in the same round, because this
machine is noisy, with the panel's fields drawn by combat.fieldhtml ("now") and, interleaved in
the same rounds, by crispy ("crispy", the code before). Goal (issue L): the GM's page and the
resolve action ≤ 3×. Query counts are of the timed request alone.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TARGETS = {"GM page": 3.0, "GM resolve action": 3.0}
VARIANTS = {"now": True, "crispy": False}  # name → combat.fieldhtml draws the fields


def _rounds(work: dict[str, Any], rounds: int, calls: int) -> dict[str, Any]:
    """Per variant and request: the median ms and the median per-round ratio to the bare view."""
    from bench.encounter_scenarios import fields

    ms: dict[str, dict[str, list[float]]] = {v: {n: [] for n in work} for v in VARIANTS}
    ratios: dict[str, dict[str, list[float]]] = {v: {n: [] for n in work} for v in VARIANTS}
    for on in VARIANTS.values():  # warm: templates compiled, translations loaded
        fields(on)
        for fn in work.values():
            fn()
    for _ in range(rounds):  # interleaved: each round visits every variant and request
        for variant, on in VARIANTS.items():
            fields(on)
            means = {n: sum(fn() for _ in range(calls)) / calls * 1000 for n, fn in work.items()}
            for name, value in means.items():
                ms[variant][name].append(value)
                ratios[variant][name].append(value / means["bare page"])
    fields(True)
    return {
        "ms": {v: {n: statistics.median(x) for n, x in by.items()} for v, by in ms.items()},
        "ratio": {v: {n: statistics.median(x) for n, x in by.items()} for v, by in ratios.items()},
    }


def measure(rounds: int, calls: int, fights: list[str]) -> dict[str, Any]:
    """In this process's database (set by the parent): ms, ratio and queries per request."""
    from bench import encounter_scenarios
    from bench.encounter_scenarios import check, prepare, requests, setup_django

    database = setup_django(os.environ.get("DATABASE_URL"))
    state = prepare()
    results: dict[str, Any] = {"database": database, "fights": {}}
    for fight in fights:
        check(state, fight)  # every request answers as it should, each action resolves
        work = requests(state, fight)
        found = _rounds(work, rounds, calls)
        queries = {}
        for name, fn in work.items():
            encounter_scenarios.QUERIES[0] = 0
            fn()
            queries[name] = encounter_scenarios.QUERIES[0]
        encounter_scenarios.QUERIES[0] = None
        encounter = state["fights"][fight]
        found["combatants"] = encounter.combatants.count()
        found["events"] = encounter.events.count()
        found["queries"] = queries
        results["fights"][fight] = found
    return results


def _run(database: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    command = [sys.executable, __file__, "--child", "--rounds", str(args.rounds)]
    command += ["--calls", str(args.calls), "--fights", args.fights]
    out = subprocess.run(
        command, env={**env, **database}, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _table(fight: dict[str, Any]) -> list[str]:
    rows = [
        "| request | queries | now ms | now × bare | crispy ms | crispy × bare | target |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    now, before = fight["ratio"]["now"], fight["ratio"]["crispy"]
    for name, ratio in now.items():
        target = TARGETS.get(name)
        met = "" if target is None else ("≤ 3× met" if ratio <= target else "≤ 3× **not met**")
        rows.append(
            f"| {name} | {fight['queries'][name]} | {fight['ms']['now'][name]:.1f} | "
            f"{ratio:.2f}× | {fight['ms']['crispy'][name]:.1f} | {before[name]:.2f}× | {met} |"
        )
    return rows


def _section(results: list[dict[str, Any]], args: argparse.Namespace, load: str) -> str:
    lines = [
        "## Encounter page (`bench/bench_encounter.py`)",
        "",
        f"Run {datetime.date.today()} on {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()} (load average at the start: {load}), in-process Django "
        f"test client. Median of {args.rounds} interleaved rounds of {args.calls} requests each; "
        "each ratio is the median of the per-round ratios to the bare template view (the login "
        "page) in the same round. *now*: the panel's fields drawn by `combat/fieldhtml.py`; "
        "*crispy*: drawn by crispy-forms (the code before it), in the same rounds. Goal (issue "
        "L): the GM's full page and the resolve-action request ≤ 3× the bare view, on SQLite "
        "and PostgreSQL.",
    ]
    names = {"demo": "the demo's prepared fight", "big": "a big fight"}
    for result in results:
        for fight, found in result["fights"].items():
            title = f"{names.get(fight, fight)} ({found['combatants']} combatants, "
            title += f"{found['events']} events)"
            lines += ["", f"### {result['database']}: {title}", "", *_table(found)]
    lines += [
        "",
        "The demo's fight is the prepared one (7 combatants), initiative rolled: Baldur, played "
        "by `hrac`, acts first. The big fight has 24 combatants (3 goblins hidden from players) "
        "and more than a page of attacks in its log. A page is the board and the panel; a "
        "changed poll asks for a version the browser no longer shows, with the newest entry it "
        "saw (as static/js/app.js polls), and gets the board alone. The resolve action is the "
        "seed's attack (12 vs 5 → 8), answered (htmx) with a fresh panel and the board out of "
        "band, undone (untimed) after each request. Query counts are of the timed request "
        "alone; tests/combat/test_encounter_queries.py pins them.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", action="store_true")
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--print", action="store_true", help="print, do not write the report")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=8)
    parser.add_argument("--fights", default="demo,big")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.rounds, args.calls, args.fights.split(","))))
        return
    from bench.report import write_section

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    results = []
    with tempfile.TemporaryDirectory(prefix="encounter-") as folder:
        results.append(_run({"SQLITE_PATH": f"{folder}/encounter.sqlite3"}, args))
    if not args.sqlite_only:
        url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_encounter")
        results.append(_run({"DATABASE_URL": url}, args))
    body = _section(results, args, load)
    print(body if args.print else write_section("encounter", body))


if __name__ == "__main__":
    main()
