"""An unchanged poll answered from the cache (issue R); writes the "poll" section of
docs/benchmarks.md.

Run: ``.venv/bin/python bench/bench_poll.py`` (Redis at ``REDIS_URL``, else
redis://127.0.0.1:6379/15, a database it empties; ``--print`` only prints). One process, a fresh
SQLite database (bench/encounter_scenarios.py), sessions and the cache in Redis as a deploy with
REDIS_URL has them. In interleaved rounds it times, through Django's test client: the bare
template view (the login page), the unchanged poll answered from the cache (combat/fastpoll.py)
and the same poll the full way (`POLL_FROM_CACHE` off: session, user, membership, encounter, the
remembered entry), as the GM and as a player; a changed poll (the board) for scale, and a
player's changed poll answered with the board kept for players who read the fight alike, from
the cache before the database (combat.fastpoll) and the full way. Each is a ratio
to the bare view in the same round. Goal (issue R): the cached poll ≤ 0.3× the bare view,
with 0 database queries.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.encounter_scenarios import HTMX, prepare, setup_django, timed  # noqa: E402

TARGET = 0.3


def _shown(client: Any, url: str) -> dict[str, str]:
    html = client.get(url).content.decode()
    board = re.search(r'<div id="board"[^>]*>', html)
    assert board is not None, "no board on the page"
    found = dict(re.findall(r'data-(version|seen|view)="([^"]*)"', board.group(0)))
    seen = found["seen"]  # as static/js/app.js polls: what it remembers, and what it shows
    return {"version": found["version"], "seen": seen, "shown": seen, "view": found["view"]}


def _work(state: dict[str, Any]) -> dict[str, Any]:
    from django.conf import settings

    encounter = state["fights"]["demo"]
    url = f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/"
    shown = {name: _shown(client, url) for name, client in state["clients"].items()}

    def poll(name: str, cached: bool, changed: bool = False) -> Any:
        client = state["clients"][name]
        params = dict(shown[name])
        if changed:
            params["version"] = str(int(params["version"]) - 1)
        status = 200 if changed else 204

        def call() -> None:
            settings.POLL_FROM_CACHE = cached
            answer = client.get(url, params, **HTMX)
            assert answer.status_code == status, answer.status_code

        return lambda: timed(call)

    bare = state["clients"]["gm"]
    return {
        "bare page": lambda: timed(lambda: bare.get("/accounts/login/")),
        "GM unchanged poll, from the cache": poll("gm", True),
        "player unchanged poll, from the cache": poll("player", True),
        "GM unchanged poll, the full way": poll("gm", False),
        "player unchanged poll, the full way": poll("player", False),
        "GM changed poll (the board)": poll("gm", False, changed=True),
        "player changed poll, the board from the cache": poll("player", True, changed=True),
        "player changed poll, the board the full way": poll("player", False, changed=True),
    }


def measure(rounds: int, calls: int) -> dict[str, Any]:
    from bench import encounter_scenarios

    work = _work(prepare())
    for fn in work.values():  # warm: templates compiled, translations loaded, cache filled
        fn()
    ms: dict[str, list[float]] = {name: [] for name in work}
    ratios: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(rounds):
        means = {name: sum(fn() for _ in range(calls)) / calls * 1000 for name, fn in work.items()}
        for name, value in means.items():
            ms[name].append(value)
            ratios[name].append(value / means["bare page"])
    queries = {}
    for name, fn in work.items():
        encounter_scenarios.QUERIES[0] = 0
        fn()
        queries[name] = encounter_scenarios.QUERIES[0]
    encounter_scenarios.QUERIES[0] = None
    return {
        "ms": {name: statistics.median(x) for name, x in ms.items()},
        "ratio": {name: statistics.median(x) for name, x in ratios.items()},
        "queries": queries,
    }


def report(found: dict[str, Any], rounds: int, calls: int, redis: str) -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        "## Polls from the cache (`bench/bench_poll.py`, issue R)",
        "",
        f"Run {datetime.date.today()} on {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()} (load average at the start: {load}), in-process Django "
        f"test client, SQLite with sessions and the cache in Redis ({redis}), as a deploy with "
        f"REDIS_URL runs. Median of {rounds} interleaved rounds of {calls} requests each; each "
        "ratio is the median of the per-round ratios to the bare template view (the login "
        "page). The demo's prepared fight (7 combatants); the poll sends the version, the "
        "newest entry the page remembers and what its board shows, as static/js/app.js does. "
        "A player's changed poll from the cache gets the board the full way kept for players "
        "who read the fight alike (combat.boardcache; tests/combat/test_board_from_cache.py "
        f"pins its 0 queries). Goal (issue R): an unchanged poll from the cache ≤ {TARGET}× the "
        "bare view, with 0 database queries (tests/combat/test_fastpoll.py pins the 0).",
        "",
        "| request | queries | ms | × bare | target |",
        "|---|---:|---:|---:|---|",
    ]
    for name, value in found["ms"].items():
        ratio = found["ratio"][name]
        target = ""
        if "unchanged" in name and name.endswith("from the cache"):
            met = ratio <= TARGET and found["queries"][name] == 0
            target = f"≤ {TARGET}×, 0 queries " + ("met" if met else "**not met**")
        lines.append(
            f"| {name} | {found['queries'][name]} | {value:.2f} | {ratio:.2f}× | {target} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--print", action="store_true", help="print only; do not write the file")
    args = parser.parse_args()
    redis = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15")
    os.environ["REDIS_URL"] = redis
    os.environ["CACHE_KEY_PREFIX"] = "bench-poll"
    setup_django(None)
    from django.core.cache import cache

    cache.clear()  # this benchmark's own Redis database
    found = measure(args.rounds, args.calls)
    body = report(found, args.rounds, args.calls, redis.rsplit("@", 1)[-1])
    if args.print:
        print(body)
        return
    from bench.report import write_section

    print(write_section("poll", body))


if __name__ == "__main__":
    main()
