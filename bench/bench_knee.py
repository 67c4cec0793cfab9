"""Where polling's knee lies (issue R): open tabs against p50/p99, with unchanged polls answered
from the cache and the full way; writes the "knee" section of docs/benchmarks.md.

Run: ``.venv/bin/python bench/bench_knee.py [--tabs 120,240,…] [--seconds 30]`` (PostgreSQL at
``DATABASE_URL`` or postgres@127.0.0.1:5432, a scratch database; Redis at 127.0.0.1:6379,
database 13, emptied). The tables of bench/bench_load.py (a GM and five players each, every tab
polling every 2 s, every GM acting every 2-4 s, the bare view now and then) on gunicorn `-w 2`
with sessions and the cache in Redis, as a deploy with REDIS_URL runs, once with
`POLL_FROM_CACHE=1` and once with it off. For each number of tabs: Locust's p50 and p99 of the
unchanged polls and of the GMs' actions, errors and requests per second, in the steady state.
The knee is the most tabs up to which every step kept every poll's and action's p99 under 300 ms
with no error. Each step runs on a fresh server, the modes alternating which goes first; a mode
stops after a step past 1 s or with errors.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_load import (  # noqa: E402
    ACCESS_FORMAT,
    GOAL_P99_MS,
    PASSWORD,
    PLAYERS,
    SEED,
    kinds,
    run_locust,
)
from bench.report import write_section  # noqa: E402
from bench.restart_test import Server, django_env, free_port, python, scratch_database  # noqa: E402

REDIS = "redis://127.0.0.1:6379/13"
ANALYZE = """
import django
django.setup()
from django.db import connection
connection.cursor().execute("ANALYZE")
print("{}")
"""
MODES = {"from the cache": "1", "the full way": "0"}
POLLS, ACTIONS = "poll 204 (unchanged)", ("action: next turn", "action: damage (adjust)")


def _step(found: dict[str, dict[str, float]], tabs: int, run: dict[str, Any]) -> dict[str, Any]:
    acts = [found[name] for name in ACTIONS if name in found]
    polls = found.get(POLLS, {"p50": 0.0, "p99": 0.0, "count": 0, "errors": 0})
    errors = sum(int(k["errors"]) for k in found.values())
    worst = max([polls["p99"], *(a["p99"] for a in acts)])
    steady = [s for s in run["samples"] if s[3] >= run["spawned_at"] + 5]
    span = max((s[3] for s in steady), default=0.0) - (run["spawned_at"] + 5)
    return {
        "tabs": tabs,
        "poll_p50": polls["p50"],
        "poll_p99": polls["p99"],
        "action_p99": max((a["p99"] for a in acts), default=0.0),
        "errors": errors,
        "rate": len(steady) / span if span > 0 else 0.0,
        "worst": worst,
        "ok": worst < GOAL_P99_MS and errors == 0,
    }


def measure(tabs: list[int], seconds: int) -> tuple[dict[str, list[dict[str, Any]]], str]:
    import redis

    server_url = os.environ.get("DATABASE_URL", "")
    if not server_url.startswith(("postgres://", "postgresql://")):
        server_url = "postgres://postgres@127.0.0.1:5432/postgres"
    found: dict[str, list[dict[str, Any]]] = {}
    stopped: set[str] = set()
    with scratch_database("postgres", server_url, "knee") as database:
        env = {**django_env(database), "CONN_MAX_AGE": "60", "REDIS_URL": REDIS}
        seed = python(SEED, env, str(max(tabs) // (1 + PLAYERS) + 1), str(PLAYERS), PASSWORD)
        seed_file = Path(tempfile.mkstemp(suffix=".json")[1])
        seed_file.write_text(json.dumps(seed))
        name = database["DATABASE_URL"].rsplit("/", 1)[1]
        try:
            python(ANALYZE, env)  # the seeded rows' statistics, before the first step
            for index, count in enumerate(tabs):  # modes alternate first: neither runs colder
                order = list(MODES.items())
                for mode, flag in order if index % 2 == 0 else order[::-1]:
                    if mode in stopped:
                        continue
                    redis.Redis.from_url(REDIS).flushdb()
                    step = _step_of(env, flag, seed_file, name, count, seconds)
                    print(mode, step, flush=True)
                    found.setdefault(mode, []).append(step)
                    if step["worst"] > 1000 or step["errors"]:
                        stopped.add(mode)
        finally:
            seed_file.unlink()
    return found, seed["database"]


def _step_of(
    env: dict[str, str], flag: str, seed: Path, name: str, count: int, seconds: int
) -> dict[str, Any]:
    """One step on a fresh server: `count` tabs for `seconds`."""
    log = Path(tempfile.mkstemp(suffix=".log")[1])
    access = ("--access-logfile", str(log), "--access-logformat", ACCESS_FORMAT)
    server = Server({**env, "POLL_FROM_CACHE": flag}, free_port(), workers=2, extra=access)
    server.start()
    try:
        cpu = (server.process.pid, name)  # type: ignore[union-attr]
        run = run_locust(
            server.base, seed, seconds, gm_actions=True, cpu=cpu, log=log,
            users=count, rate=max(20, count // 10),
        )  # fmt: skip
        return _step(kinds(run), count, run)
    finally:
        server.kill()
        log.unlink()


def render(found: dict[str, list[dict[str, Any]]], database: str, seconds: int) -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        "## The knee: open tabs on two app processes (`bench/bench_knee.py`, issue R)",
        "",
        f"Run {datetime.date.today()} on {os.cpu_count()} CPUs (load average at the end: "
        f"{load}), Python {platform.python_version()}, {database}, gunicorn "
        f"{metadata.version('gunicorn')} `-w 2` (sync workers, `CONN_MAX_AGE=60`), sessions and "
        f"cache in Redis, Locust {metadata.version('locust')} on the same machine, loopback "
        f"only; {seconds} s per step on a fresh server, the two modes alternating which goes "
        "first, figures from 5 s after the last tab opened. Tables of one GM "
        "and five players; every tab polls every 2 s, every GM acts every 2-4 s. Goal (issue R): "
        f"the knee (every poll's and action's p99 < {GOAL_P99_MS:.0f} ms, 0 errors) at ≥ 500 "
        "open tabs with polling alone.",
        "",
    ]
    for mode, steps in found.items():
        knee = 0  # the most tabs up to which every step met the goal
        for step in steps:
            if not step["ok"]:
                break
            knee = step["tabs"]
        lines += [
            f"### Unchanged polls {mode}: knee at {knee} tabs",
            "",
            "| open tabs | requests/s | poll p50 ms | poll p99 ms | action p99 ms | errors |",
            "|---:|---:|---:|---:|---:|---:|",
        ]
        lines += [
            f"| {s['tabs']} | {s['rate']:.0f} | {s['poll_p50']:.0f} | {s['poll_p99']:.0f} | "
            f"{s['action_p99']:.0f} | {s['errors']} |"
            for s in steps
        ]
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabs", default="120,240,360,480,600,720")
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--print", action="store_true", help="print only; do not write the file")
    options = parser.parse_args()
    tabs = sorted(int(n) for n in options.tabs.split(","))
    found, database = measure(tabs, min(options.seconds, 60))
    body = render(found, database, options.seconds)
    print(body if options.print else write_section("knee", body))


if __name__ == "__main__":
    main()
