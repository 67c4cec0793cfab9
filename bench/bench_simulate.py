"""Benchmark of the fight simulator (issues J and P); writes its section of docs/benchmarks.md.

Run: ``.venv/bin/python bench/bench_simulate.py [fights]`` (default 10,000). On one core (the
process is pinned to one CPU where the system allows it), for every system: its benchmark fight
(`BENCH` of tests/rules/simulate_fights.py, built from the demo records) and a 20-combatant
fight (`BIG`: 8 characters against 12 monsters), simulated by the system's fast path
(combat.rules.simulate with the system's `fast`) and, for the ratio, by the engine alone (1,000
fights, scaled to 10,000: the engine plays a few hundred fights a second) and by the hand-coded
loop of bench/simulate_baselines.py where there is one (it leaves rules out). Goal (issue P):
10,000 fights of each in ≤ 1 s.
"""

import datetime
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.report import write_section  # noqa: E402
from bench.simulate_baselines import FIGHT, baseline  # noqa: E402
from combat.rules.base import Fight  # noqa: E402
from combat.rules.engines import fast_for, get_engine, tactics_for  # noqa: E402
from combat.rules.simulate import Simulation, simulate  # noqa: E402
from combat.rules.systems import SYSTEMS  # noqa: E402
from tests.rules.simulate_fights import BENCH, BIG, prepared  # noqa: E402

GOAL = 1.0  # seconds for 10,000 fights
ENGINE_FIGHTS = 1_000  # the engine's share, scaled to 10,000
T = TypeVar("T")


def one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here)"


def _timed(call: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def _wins(result: Simulation) -> str:
    return ", ".join(f"{side} {100 * result.chance(n):.0f} %" for side, n in result.wins.items())


def row(system: str, size: str, fight: Fight, fights: int) -> str:
    engine, tactics = get_engine(system), tactics_for(system)
    assert tactics is not None
    fast_s, quick = _timed(
        lambda: simulate(engine, fight, tactics, fights=fights, seed=1, fast=fast_for(system))
    )
    engine_s, slow = _timed(lambda: simulate(engine, fight, tactics, fights=ENGINE_FIGHTS, seed=1))
    per_10k = fast_s * 10_000 / fights
    engine_10k = engine_s * 10_000 / ENGINE_FIGHTS
    plain = "—"
    if system in FIGHT:
        plain_s, _ = _timed(lambda: baseline(system, fight, fights, seed=1))
        plain = f"{fast_s / plain_s:.1f}×"
    met = "met" if per_10k <= GOAL else "**not met**"
    return (
        f"| {SYSTEMS[system].name.en} | {size} | {quick.fast:,} of {quick.fights:,} | "
        f"{per_10k:.2f} s | {engine_10k:.1f} s | {engine_10k / per_10k:.0f}× | {plain} | "
        f"{_wins(quick)} (engine: {_wins(slow)}) | {met} |"
    )


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    pinned = one_core()
    rows = []
    for system in SYSTEMS:
        for name, parties in (("benchmark", BENCH), ("big", BIG)):
            party = parties[system]
            size = f"{name}, {sum(n for *_, n in party)} combatants"
            rows.append(row(system, size, prepared(system, party)[1], fights))
            print(rows[-1], flush=True)
    body = "\n".join(
        [
            "## Fight simulator (`bench/bench_simulate.py`)",
            "",
            f"Run {datetime.date.today()} on {os.cpu_count()} CPUs ({pinned}), Python "
            f"{platform.python_version()}; {fights:,} fights of each fight through the "
            f"system's fast path, seed 1, round cap 50; the engine alone played {ENGINE_FIGHTS:,}"
            " of the same fights (scaled to 10,000 in its column). Goal (issue P): 10,000 fights"
            f" in ≤ {GOAL:.0f} s on one core, for the benchmark fight of tests/rules/"
            "simulate_fights.py (`BENCH`) and a fight of 20 combatants (`BIG`).",
            "",
            "| system | fight | played fast | 10,000 fights, fast | 10,000 fights, engine "
            "| engine ÷ fast | fast ÷ hand-coded loop | wins | target |",
            "|---|---|---:|---:|---:|---:|---:|---|---|",
            *rows,
            "",
            "The fast path (each system's `combat/rules/<system>/fast.py`) reads each "
            "combatant's numbers once into arrays and plays many fights at a time with the same "
            "rules and tactics; a fight holding a rule it does not play is played by the engine "
            "(its column would then say fewer fights played fast). The engines stay the truth: "
            "tests/rules/<system>/test_fast.py holds each fast path to its engine within 4 "
            "standard errors on these fights and on randomised ones (tests/rules/"
            "fast_agreement.py). The hand-coded loop (bench/simulate_baselines.py, three "
            "systems) leaves out criticals, bleeding, outnumbering, recoil and wound modifiers; "
            "it shows what plain dice and arithmetic cost.",
        ]
    )
    print(write_section("simulate", body))


if __name__ == "__main__":
    main()
