"""Benchmark of the dice engine and the odds (issue C); writes its section of docs/benchmarks.md.

Run: ``.venv/bin/python bench/bench_dice.py``. Three measurements:

1. parse + roll rate against the ``d20`` library on shared expressions (target: ours ≥ 3×);
   both parse through their own cache, as in normal use; each side's best of several
   interleaved rounds, so a busy machine slows both alike;
2. one roll plus its log record (``to_dict`` + ``json.dumps``), median µs (target ≤ 20 µs);
3. odds of each system's standard attack, the first computation in a fresh process
   (target ≤ 30 ms), and a repeated (cached) one.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import d20  # noqa: E402

from bench.report import write_section  # noqa: E402
from combat.rules.dice import roll  # noqa: E402
from combat.rules.dice.parser import _parse_cached  # noqa: E402
from combat.rules.faces import SecureFaces, SeededFaces  # noqa: E402

# (ours, the d20 library's spelling of the same roll)
SHARED = [
    ("1d20+5", "1d20+5"),
    ("2d20kh1+5", "2d20kh1+5"),
    ("4d6kh3", "4d6kh3"),
    ("10d6", "10d6"),
    ("1d6!", "1d6e6"),
    ("3d6!", "3d6e6"),
    ("8d10>=7", "8d10"),  # d20 has no count of successes: it rolls the dice and adds them
]
ROUNDS, CALLS = 9, 4000
RATE_TARGET, RECORD_TARGET_US, ODDS_TARGET_MS = 3.0, 20.0, 30.0

# (system, what is asked, expression, question, argument)
ATTACKS = [
    ("D&D 5e", "+5 vs AC 15", "1d20+5", "total", 15),
    ("D&D 5e", "advantage, +5 vs AC 15", "2d20kh1+5", "total", 15),
    ("Dračí Hlídka", "ÚČ 9 vs ZO 12 (hit)", "1d6!+9", "total", 13),
    ("Dračí Hlídka", "ÚČ 9: critical (2+ sixes)", "1d6!+9", "sixes", 2),
    ("Dračí Hlídka", "ÚČ 9 vs active OČ 7", "1d6!+9-1d6!-7", "total", 1),
    ("Shadowrun 3", "8 dice vs TN 7, ≥ 1 success", "8d6!!>=7", "successes", 1),
    ("dice pool", "3 dice vs difficulty 10", "[dice]3d6[/dice]", "total", 10),
    ("OSE", "THAC0 19 vs AC 8", "1d20", "total", 11),
]


def per_call_us(function: Callable[[], object], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        function()
    return (time.perf_counter() - started) / calls * 1e6


def compare_rates() -> list[tuple[str, str, float, float, float, float]]:
    seeded, secure = SeededFaces(1), SecureFaces()
    rows = []
    for ours, theirs in SHARED:
        best = {"ours": float("inf"), "secure": float("inf"), "d20": float("inf")}
        for _ in range(ROUNDS):  # interleaved, so load on the machine hits both alike
            best["ours"] = min(best["ours"], per_call_us(lambda e=ours: roll(e, seeded), CALLS))
            best["d20"] = min(best["d20"], per_call_us(lambda e=theirs: d20.roll(e), CALLS))
            best["secure"] = min(best["secure"], per_call_us(lambda e=ours: roll(e, secure), CALLS))
        uncached = min(
            per_call_us(lambda e=ours: _parse_cached.__wrapped__(e), CALLS) for _ in range(3)
        )
        rows.append((ours, theirs, best["ours"], best["d20"], best["secure"], uncached))
    return rows


def record_median_us(expression: str, samples: int = 5000) -> float:
    timings = []
    for _ in range(samples):  # a fresh source each time, as each live request has its own
        started = time.perf_counter_ns()
        json.dumps(roll(expression, SecureFaces()).to_dict())
        timings.append(time.perf_counter_ns() - started)
    return statistics.median(timings) / 1000


ODDS_PROBE = """
import sys, time
sys.path.insert(0, {root!r})
from combat.rules import odds
expression, question, argument = {expression!r}, {question!r}, {argument!r}
def ask():
    table = odds.odds(expression)
    if question == "total":
        return table.chance_total_at_least(argument)
    if question == "sixes":
        return table.chance_sixes_at_least(argument)
    return table.chance_successes_at_least(argument)
started = time.perf_counter(); chance = ask(); first = time.perf_counter() - started
started = time.perf_counter(); ask(); again = time.perf_counter() - started
print(first * 1000, again * 1e6, float(chance))
"""


def fresh_runs(code: str, times: int = 3) -> list[list[float]]:
    """The numbers `code` prints, each time in a fresh process: no cache, icepool's included."""
    runs = []
    for _ in range(times):
        output = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        runs.append([float(value) for value in output])
    return runs


def odds_timings() -> list[tuple[str, str, str, float, float, float]]:
    rows = []
    for system, label, expression, question, argument in ATTACKS:
        code = ODDS_PROBE.format(
            root=str(ROOT), expression=expression, question=question, argument=argument
        )
        runs = fresh_runs(code)
        first = statistics.median(run[0] for run in runs)
        again = statistics.median(run[1] for run in runs)
        rows.append((system, label, expression, first, again, runs[0][2]))
    return rows


PREVIEW_PROBE = """
import sys, time
sys.path.insert(0, {root!r})
from dataclasses import replace
from combat.rules.base import Action
from combat.rules.preview import enumerated, preview
from tests.rules.simulate_fights import prepared
engine, fight = prepared("draci_hlidka", [("Baldur", "party", 1), ("Vůdce skřetů", "enemies", 1)])
fight = replace(fight, round=1, order=("c1", "c2"), current="c1")
action = Action("attack", "c1", ("c2",), "Široký meč", {modifiers!r})
started = time.perf_counter(); found = preview(engine, fight, action)
first = time.perf_counter() - started
started = time.perf_counter(); preview(engine, fight, action); again = time.perf_counter() - started
started = time.perf_counter(); enumerated(engine, fight, action)
old = time.perf_counter() - started
print(first * 1000, again * 1000, old * 1000, float(found.hit), float(found.damage))
"""
PREVIEWS = [("the seed's blow", {}), ("with Výhoda, half cover", {"advantage": 1, "cover": "half"})]


def preview_timings() -> list[tuple[str, float, float, float, float, float]]:
    """The encounter page's odds of a Dračí Hlídka blow (combat.rules.preview), each in a fresh
    process: worked out from the two dice (attack_odds), and by enumerating every face."""
    rows = []
    for label, modifiers in PREVIEWS:
        code = PREVIEW_PROBE.format(root=str(ROOT), modifiers=modifiers)
        runs = fresh_runs(code)
        first, again, old = (statistics.median(run[n] for run in runs) for n in range(3))
        rows.append((label, first, again, old, runs[0][3], runs[0][4]))
    return rows


def preview_table(rows) -> list[str]:
    lines = [
        "",
        f"### The encounter page's odds of a Dračí Hlídka blow (target ≤ {ODDS_TARGET_MS:.0f} ms)",
        "",
        "Baldur's broad sword against the goblin leader's active Obrana, as the action panel asks "
        "(`combat.rules.preview`): the first answer in a fresh Python process (median of 3), the "
        "same question again in it, and the enumeration of every face the engine could draw "
        "(the way before, and the reference the tests compare with). The view also keeps each "
        "answer per fight version and action (`combat/views/odds.py`).",
        "",
        "| blow | first ms | again ms | enumerated ms | enumerated ÷ first | chance to hit "
        "| expected Zranění | target |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for label, first, again, old, hit, damage in rows:
        lines.append(
            f"| {label} | {first:.1f} | {again:.2f} | {old:.0f} | {old / first:.0f}× "
            f"| {hit:.4f} | {damage:.2f} | {verdict(first <= ODDS_TARGET_MS)} |"
        )
    return lines


def render(rates, records, odds_rows, preview_rows) -> str:
    header = [
        "## Dice engine (`bench/bench_dice.py`)",
        "",
        f"Run {datetime.date.today().isoformat()} on {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()} ({platform.machine()}, {platform.system()}), "
        f"d20 {metadata.version('d20')}, icepool {metadata.version('icepool')}.",
        "",
    ]
    body = rate_table(rates) + record_table(records) + odds_table(odds_rows)
    body += preview_table(preview_rows)
    return "\n".join([*header, *body]) + "\n"


def verdict(met: bool) -> str:
    return "met" if met else "**missed**"


def rate_table(rates) -> list[str]:
    lines = [
        f"### Parse + roll against the d20 library (target: ours ≥ {RATE_TARGET:.0f}× faster)",
        "",
        f"Best of {ROUNDS} interleaved rounds of {CALLS} rolls; both libraries parse through "
        "their own cache (normal use). Ours rolls with `SecureFaces`, the source live play uses "
        "(the operating system's randomness, read in blocks of 32 then 256 bytes, cut into "
        "faces by rejection sampling); d20 uses `random`'s Mersenne Twister. `SeededFaces` (the "
        "simulation's source) and an uncached parse are shown for reference.",
        "",
        "| ours | d20 | ours, SecureFaces µs | d20 µs | d20 ÷ ours | target "
        "| ours, SeededFaces µs | our parse, uncached µs |",
        "|---|---|---:|---:|---:|---|---:|---:|",
    ]
    for ours, theirs, seeded_us, d20_us, secure_us, uncached_us in rates:
        ratio = d20_us / secure_us
        lines.append(
            f"| `{ours}` | `{theirs}` | {secure_us:.2f} | {d20_us:.2f} | {ratio:.2f}× "
            f"| {verdict(ratio >= RATE_TARGET)} | {seeded_us:.2f} | {uncached_us:.2f} |"
        )
    return lines


def record_table(records) -> list[str]:
    lines = [
        "",
        f"### One roll and its log record (target ≤ {RECORD_TARGET_US:.0f} µs)",
        "",
        "`json.dumps(roll(expression, SecureFaces()).to_dict())` (live play's source), median "
        "of 5000 single calls.",
        "",
        "| expression | median µs | target |",
        "|---|---:|---|",
    ]
    for expression, median_us in records:
        lines.append(
            f"| `{expression}` | {median_us:.2f} | {verdict(median_us <= RECORD_TARGET_US)} |"
        )
    return lines


def odds_table(odds_rows) -> list[str]:
    lines = [
        "",
        f"### Odds of each system's standard attack (target ≤ {ODDS_TARGET_MS:.0f} ms)",
        "",
        "First computation in a fresh Python process (median of 3 processes), then the same "
        "question again (served from the per-expression cache).",
        "",
        "| system | attack | expression | first ms | again µs | chance | target |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for system, label, expression, first_ms, again_us, chance in odds_rows:
        lines.append(
            f"| {system} | {label} | `{expression}` | {first_ms:.1f} | {again_us:.1f} "
            f"| {chance:.4f} | {verdict(first_ms <= ODDS_TARGET_MS)} |"
        )
    return lines


def main() -> None:
    rates = compare_rates()
    records = [(expression, record_median_us(expression)) for expression, _ in SHARED]
    odds_rows = odds_timings()
    print(write_section("dice", render(rates, records, odds_rows, preview_timings())))


if __name__ == "__main__":
    main()
