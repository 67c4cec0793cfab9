"""Where the knee lies (issue R): open tabs against p50/p99 and worker memory, for polling and
for server-sent events; writes the "knee" section of docs/benchmarks.md.

Run (the full curve, on a quiet machine; each step opens its tabs 20 a second, then runs 30 s,
plus about 15 s of set-up: about 25 minutes for both modes)::

    .venv/bin/python bench/bench_knee.py --modes cache,sse \\
        --tabs 120,240,360,480,600,720,840,1000,1200 --seconds 30

Smoke run (proves it works, prints only)::

    .venv/bin/python bench/bench_knee.py --modes cache,sse --tabs 60,120 --seconds 15 \\
        --stop-ms 100000 --print

Needs PostgreSQL at ``DATABASE_URL`` or postgres@127.0.0.1:5432 (a scratch database) and Redis
at 127.0.0.1:6379, database 13 (emptied). The tables of bench/bench_load.py (a GM and five
players each, every GM acting every 3-5 s as issue R asks (``--gm-every``), the bare view
now and then) with sessions and the cache in Redis, as a deploy with REDIS_URL runs. Modes
(``--modes``):

- ``cache``: every tab polls every 2 s, unchanged polls answered from the cache
  (`POLL_FROM_CACHE=1`); gunicorn `-w 2` sync workers (``--workers``), `CONN_MAX_AGE=60`.
- ``full``: the same with `POLL_FROM_CACHE=0`.
- ``sse``: every tab holds a stream (Locust's `LOAD_MODE=sse`, bench/locustfile.py) and asks
  for its board only when an event names a newer version, polling every 20 s besides (as
  static/js/app.js); gunicorn `-w 2 -k uvicorn_worker.UvicornWorker config.asgi:application`
  (docs/deploy.md), a pool of 20 PostgreSQL connections per worker (`DB_POOL_SIZE`, which
  sets `CONN_MAX_AGE=0`), streams unlimited (`LIVE_SSE_MAX_STREAMS`).
- ``routed``: the same tabs as ``sse``; every request but the streams to gunicorn `-w 2` sync
  workers (as ``cache``), the streams to one uvicorn worker on a port of its own
  (`LIVE_SSE_ROUTED=1`, the proxy's routing of docs/deploy.md).

For each number of tabs: Locust's p50 and p99 of the polls, of the boards fetched after an event
and of the GMs' actions, errors, requests per second in the steady state, the most resident
memory (RSS) the two workers held together, and (SSE) the Redis subscriber connections the
workers held (one per worker, combat/hub.py). The knee is the most tabs up to which every step
kept every poll's, board's and action's p99 under 300 ms with no error. Each step runs on a
fresh server, the modes alternating which goes first, its tabs opening `OPEN_PER_SECOND` a
second and measured from 5 s after the last opened; a mode stops after a step past 1 s
(``--stop-ms``) or with errors. Locust is one process on the same machine (FastHttpUser, one
greenlet per tab and one more per stream), so at 1,000+ tabs its own CPU counts: watch the
load average printed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import resource
import sys
import tempfile
import threading
from collections import Counter
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
PREFIX = "knee"  # CACHE_KEY_PREFIX: the channels' prefix too
# Tabs opened a second (a login and a page each): a step measures its open tabs, not a crowd
# logging in at once; at 1,000 tabs in 10 s the logins alone took both cores and their queue
# was still draining when the figures began.
OPEN_PER_SECOND = 20
SUBSCRIBER = f"{PREFIX}:live"  # the name of each worker's Redis subscriber (combat/push.py)
ANALYZE = """
import django
django.setup()
from django.db import connection
connection.cursor().execute("ANALYZE")
print("{}")
"""
# mode → (title, POLL_FROM_CACHE, servers, the tabs' behaviour in bench/locustfile.py);
# servers: "wsgi" (2 sync workers), "asgi" (2 uvicorn workers) or "routed" (2 sync workers for
# every request but the streams, and one uvicorn worker on another port for the streams alone).
MODES = {
    "cache": ("polling, unchanged polls from the cache", "1", "wsgi", "poll"),
    "full": ("polling, unchanged polls the full way", "0", "wsgi", "poll"),
    "sse": ("server-sent events (ASGI workers)", "1", "asgi", "sse"),
    "routed": (
        "server-sent events from an ASGI server of their own, pages from WSGI workers",
        "1",
        "routed",
        "sse",
    ),
}
POLLS, ACTIONS = "poll 204 (unchanged)", ("action: next turn", "action: damage (adjust)")
BOARDS, CLICK = "poll 200 (changed)", "sse: click → board"
ASGI = ("-k", "uvicorn_worker.UvicornWorker")
# Connections per ASGI worker (DB_POOL_SIZE): without a pool each request in flight opens its own
# and a burst of tabs runs PostgreSQL (max_connections 100) out of them: 500s at 1,000 tabs.
POOL = 20


def _step(found: dict[str, dict[str, float]], tabs: int, run: dict[str, Any]) -> dict[str, Any]:
    acts = [found[name] for name in ACTIONS if name in found]
    none = {"p50": 0.0, "p99": 0.0, "count": 0, "errors": 0}
    polls, boards, click = (found.get(name, none) for name in (POLLS, BOARDS, CLICK))
    errors = sum(int(k["errors"]) for k in found.values())
    worst = max([polls["p99"], boards["p99"], *(a["p99"] for a in acts)])
    steady = [s for s in run["samples"] if s[3] >= run["spawned_at"] + 5]
    span = max((s[3] for s in steady), default=0.0) - (run["spawned_at"] + 5)
    return {
        "tabs": tabs,
        "polls": polls["count"],
        "poll_p50": polls["p50"],
        "poll_p99": polls["p99"],
        "board_p50": boards["p50"],
        "board_p99": boards["p99"],
        "click_p50": click["p50"],
        "click_p99": click["p99"],
        "action_p99": max((a["p99"] for a in acts), default=0.0),
        "errors": errors,
        "failed": dict(Counter(f"{s[0]} {s[1]}" for s in run["samples"] if s[4])),
        "rate": len(steady) / span if span > 0 else 0.0,
        "worst": worst,
        "ok": worst < GOAL_P99_MS and errors == 0,
    }


class Watch(threading.Thread):
    """Samples, every second until stopped, the workers' resident memory together (MB) and the
    Redis connections named as the workers' subscribers (combat/hub.py); keeps the most."""

    def __init__(self, masters: list[int]) -> None:
        super().__init__(daemon=True)
        self.masters, self.rss_mb, self.subscribers = masters, 0.0, 0
        self.done = threading.Event()

    def run(self) -> None:
        import redis

        client = redis.Redis.from_url(REDIS, socket_timeout=2)
        while not self.done.wait(1.0):
            workers = [pid for master in self.masters for pid in _children(master)]
            self.rss_mb = max(self.rss_mb, sum(_rss_kb(pid) for pid in workers) / 1024)
            named = [c for c in client.client_list() if c.get("name") == SUBSCRIBER]
            self.subscribers = max(self.subscribers, len(named))


def _children(pid: int) -> list[int]:
    try:
        return [int(n) for n in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _rss_kb(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next(
        (int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")), 0
    )


def measure(
    tabs: list[int], seconds: int, modes: list[str], stop_ms: float = 1000.0
) -> tuple[dict[str, list[dict[str, Any]]], str]:
    import redis

    server_url = os.environ.get("DATABASE_URL", "")
    if not server_url.startswith(("postgres://", "postgresql://")):
        server_url = "postgres://postgres@127.0.0.1:5432/postgres"
    found: dict[str, list[dict[str, Any]]] = {}
    stopped: set[str] = set()
    with scratch_database("postgres", server_url, "knee") as database:
        env = {
            **django_env(database),
            "CONN_MAX_AGE": "60",
            "REDIS_URL": REDIS,
            "CACHE_KEY_PREFIX": PREFIX,
            "LIVE_SSE_MAX_STREAMS": "100000",
            # Every tab logs in from 127.0.0.1: the per-address throttle (20 logins at once)
            # would refuse a fast ramp-up that real players, each from an address of their own,
            # never cause.
            "LOGIN_FAILURES_PER_ADDRESS": "1000000",
        }
        seed = python(SEED, env, str(max(tabs) // (1 + PLAYERS) + 1), str(PLAYERS), PASSWORD)
        seed_file = Path(tempfile.mkstemp(suffix=".json")[1])
        seed_file.write_text(json.dumps(seed))
        name = database["DATABASE_URL"].rsplit("/", 1)[1]
        try:
            python(ANALYZE, env)  # the seeded rows' statistics, before the first step
            for index, count in enumerate(tabs):  # modes alternate first: neither runs colder
                for mode in modes if index % 2 == 0 else modes[::-1]:
                    if mode in stopped:
                        continue
                    redis.Redis.from_url(REDIS).flushdb()
                    step = _step_of(env, mode, seed_file, name, count, seconds)
                    print(mode, step, flush=True)
                    found.setdefault(mode, []).append(step)
                    if step["worst"] > stop_ms or step["errors"]:
                        stopped.add(mode)
        finally:
            seed_file.unlink()
    return found, seed["database"]


def _step_of(
    env: dict[str, str], mode: str, seed: Path, name: str, count: int, seconds: int
) -> dict[str, Any]:
    """One step on a fresh server (two with "routed"): `count` tabs for `seconds`."""
    _title, flag, servers, behaviour = MODES[mode]
    log = Path(tempfile.mkstemp(suffix=".log")[1])
    access = ("--access-logfile", str(log), "--access-logformat", ACCESS_FORMAT)
    pooled = {"CONN_MAX_AGE": "0", "DB_POOL_SIZE": str(POOL)}  # see POOL
    env = {**env, "POLL_FROM_CACHE": flag, "LIVE_SSE_ROUTED": str(int(servers == "routed"))}
    if servers == "asgi":
        app = Server({**env, **pooled}, free_port(), workers(), ASGI, "config.asgi:application")
    else:
        app = Server(env, free_port(), workers=workers(), extra=access)
    streams = None
    if servers == "routed":  # the streams alone: one event loop holds them all
        streams = Server({**env, **pooled}, free_port(), 1, ASGI, "config.asgi:application")
    started = [server for server in (app, streams) if server is not None]
    for server in started:
        server.start()
    watch = Watch([server.process.pid for server in started])  # type: ignore[union-attr]
    watch.start()
    try:
        run = run_locust(
            app.base,
            seed,
            math.ceil(count / OPEN_PER_SECOND) + seconds,  # the tabs open, then `seconds` of them
            gm_actions=True,
            cpu=(app.process.pid, name),  # type: ignore[union-attr]
            log=log,
            users=count,
            rate=OPEN_PER_SECOND,
            mode=behaviour,
            streams=streams.base if streams is not None else "",
        )
        step = _step(kinds(run), count, run)
        return {**step, "rss_mb": watch.rss_mb, "subscribers": watch.subscribers}
    finally:
        watch.done.set()
        for server in started:
            server.kill()
        log.unlink()


def render(found: dict[str, list[dict[str, Any]]], database: str, seconds: int) -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        f"## The knee: open tabs on {workers()} app processes (`bench/bench_knee.py`, issue R)",
        "",
        f"Run {datetime.date.today()} on {os.cpu_count()} CPUs (load average at the end: "
        f"{load}), Python {platform.python_version()}, {database}, gunicorn "
        f"{metadata.version('gunicorn')} `-w {workers()}` (sync workers with `CONN_MAX_AGE=60` for "
        f"polling; uvicorn-worker {metadata.version('uvicorn-worker')} for SSE), sessions and "
        f"cache in Redis, Locust {metadata.version('locust')} on the same machine, loopback "
        f"only; each step on a fresh server, the modes alternating which goes first: the tabs "
        f"open, {OPEN_PER_SECOND} a second (a login and the page each), then {seconds} s of "
        "them, the figures from 5 s after the last tab opened. Tables of one GM "
        f"and five players; every GM acts every {options_gm_every()} s. Goal (issue R): "
        "the knee (every poll's, "
        f"board's and action's p99 < {GOAL_P99_MS:.0f} ms, 0 errors) at ≥ 500 open tabs with "
        "polling, ≥ 1,000 with server-sent events. *click → board*: from the GM's click to the "
        "new board in a player's tab (not part of the goal; with events it includes the "
        "page's random wait of up to 150 ms before it asks, static/js/app.js).",
        "",
    ]
    for mode, steps in found.items():
        lines += _table(MODES[mode][0], steps)
    return "\n".join(lines)


def _table(title: str, steps: list[dict[str, Any]]) -> list[str]:
    knee = 0  # the most tabs up to which every step met the goal
    for step in steps:
        if not step["ok"]:
            break
        knee = step["tabs"]
    lines = [
        f"### {title}: knee at {knee} tabs",
        "",
        "| open tabs | requests/s | unchanged poll p50 / p99 ms | board p50 / p99 ms "
        "| click → board p50 / p99 ms | action p99 ms | workers' RSS MB | Redis subscribers "
        "| errors |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    return [*lines, *(_row(step) for step in steps), ""]


def _row(step: dict[str, Any]) -> str:
    def pair(name: str, shown: bool) -> str:
        return f"{step[name + '_p50']:.0f} / {step[name + '_p99']:.0f}" if shown else "–"

    cells = [
        str(step["tabs"]),
        f"{step['rate']:.0f}",
        pair("poll", bool(step.get("polls"))),
        pair("board", bool(step["board_p99"])),
        pair("click", bool(step["click_p99"])),
        f"{step['action_p99']:.0f}",
        f"{step['rss_mb']:.0f}",
        str(step["subscribers"]),
        str(step["errors"]),
    ]
    return "| " + " | ".join(cells) + " |"


def workers() -> int:
    """App worker processes (`--workers`): 2 as issue R measured first; the README serves with 4."""
    return int(os.environ.get("KNEE_WORKERS", "2"))


def options_gm_every() -> str:
    return os.environ.get("LOAD_GM_EVERY", "3,5").replace(",", "-")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabs", default="120,240,360,480,600,720,840,1000,1200")
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--modes", default="cache,sse", help=f"of {', '.join(MODES)}")
    parser.add_argument("--stop-ms", type=float, default=1000.0, help="a mode stops past this p99")
    parser.add_argument("--print", action="store_true", help="print only; do not write the file")
    parser.add_argument("--gm-every", default="3,5", help="seconds between a GM's actions")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's -w (the app's)")
    options = parser.parse_args()
    os.environ["LOAD_GM_EVERY"] = options.gm_every  # read by bench/locustfile.py
    os.environ["KNEE_WORKERS"] = str(options.workers)
    tabs = sorted(int(n) for n in options.tabs.split(","))
    modes = [mode for mode in options.modes.split(",") if mode in MODES]
    _raise_file_limit()
    found, database = measure(tabs, min(options.seconds, 60), modes, options.stop_ms)
    body = render(found, database, options.seconds)
    print(body if options.print else write_section("knee", body))


def _raise_file_limit() -> None:
    """A socket per tab (two with a stream), in Locust and in the workers: the soft limit up to
    the hard one, inherited by both."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))


if __name__ == "__main__":
    main()
