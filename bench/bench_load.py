"""Load benchmark (issue I): a game night of 10 tables against two server processes.

Run: ``.venv/bin/python bench/bench_load.py [--database-url postgres://…] [--runs 3]``; writes its
section of docs/benchmarks.md. A scratch PostgreSQL database (on the server of --database-url or
DATABASE_URL, else postgres@127.0.0.1:5432) gets 10 campaigns, each a GM, five players and an
encounter of five characters and three goblins; users are seeded with the fast hasher
(FAST_PASSWORD_HASHER=1, the load settings). gunicorn -w 2 serves it on 127.0.0.1 and Locust
(bench/locustfile.py, headless, ≤ 60 s per run) plays the tables: every tab polls every 2 s with
its version, every GM acts every 2-4 s. Reported per request kind: p50/p95/p99, errors, and the
ratio to the bare view (/healthz) under the same load. A last run without GM actions measures
what an unchanged poll costs the app and the database in CPU (for docs/deploy.md).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.report import write_section  # noqa: E402
from bench.restart_test import Server, django_env, free_port, python, scratch_database  # noqa: E402

TABLES, PLAYERS, PASSWORD = 10, 5, "load-only-password"
GOAL_P99_MS = 300.0
TICK = os.sysconf("SC_CLK_TCK")

SEED = """
import json, sys, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth import get_user_model
from campaigns.models import Campaign, Character, Membership, Monster, Role
from combat import workflows
from combat.rules.systems import get_system
tables, players, password = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
User, stats = get_user_model(), get_system("draci_hlidka").creature.defaults()
seeded = []
for t in range(tables):
    gm = User.objects.create_user(f"gm{t}", password=password)
    # Initiative once for the fight: the GMs' Next turn never waits for a round's roll.
    campaign = Campaign.objects.create(name=f"Table {t}", system="draci_hlidka",
                                       fight_options={"initiative_once": "yes"})
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    encounter = workflows.create_encounter(campaign, f"Fight {t}", gm)
    names = []
    for p in range(players):
        player = User.objects.create_user(f"p{t}-{p}", password=password)
        Membership.objects.create(campaign=campaign, user=player)
        hero = Character.objects.create(campaign=campaign, system="draci_hlidka",
                                        name=f"Hero {t}-{p}", owner=player, stats=stats)
        workflows.add_combatants(encounter.pk, gm, f"h{p}", record=hero, side="party")
        names.append(player.username)
    goblin = Monster.objects.create(campaign=campaign, system="draci_hlidka", name="Goblin",
                                    stats=stats)
    workflows.add_combatants(encounter.pk, gm, "g", record=goblin, count=3)
    workflows.roll_initiative(encounter.pk, gm, "i")
    seeded.append({"campaign": campaign.pk, "encounter": encounter.pk, "gm": gm.username,
                   "players": names, "combatants": [{"key": c.key, "max_hp": c.max_hp}
                                                    for c in encounter.combatants.all()]})
from django.db import connection
database = connection.vendor
if database == "postgresql":
    database = f"PostgreSQL {connection.pg_version // 10000}.{connection.pg_version % 100}"
print(json.dumps({"tables": seeded, "password": password, "database": database}))
"""


# --- CPU of the app's worker processes and of the database's backends -------------------------


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def workers_of(master: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
    except OSError:
        return []


def backends_of(database: str) -> list[int]:
    """PostgreSQL backends serving `database` ("postgres: user db 127.0.0.1(port) idle")."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if title.startswith("postgres: ") and f" {database} " in title:
                found.append(int(entry.name))
    return found


class CpuWindow(threading.Thread):
    """CPU seconds used by the app workers and the DB backends between two moments of a run."""

    def __init__(self, master: int, database: str, start: float, end: float) -> None:
        super().__init__(daemon=True)
        self.master, self.database, self.start_at, self.end_at = master, database, start, end
        self.app = self.db = 0.0

    def sample(self) -> tuple[dict[int, float], dict[int, float]]:
        app = {p: cpu_seconds(p) for p in workers_of(self.master)}
        db = {p: cpu_seconds(p) for p in backends_of(self.database)} if self.database else {}
        return app, db

    def run(self) -> None:
        time.sleep(max(0.0, self.start_at - time.time()))
        app0, db0 = self.sample()
        time.sleep(max(0.0, self.end_at - time.time()))
        app1, db1 = self.sample()
        self.app = sum(v - app0.get(p, 0.0) for p, v in app1.items())
        self.db = sum(v - db0.get(p, 0.0) for p, v in db1.items())


# --- one Locust run ------------------------------------------------------------------------------


def run_locust(
    base: str,
    seed: Path,
    seconds: int,
    *,
    gm_actions: bool,
    cpu: tuple[int, str],
    log: Path,
    users: int = TABLES * (1 + PLAYERS),
    rate: int = 20,
    mode: str = "poll",
    streams: str = "",
) -> dict[str, Any]:
    """`streams`: the base address of the server the tabs' streams go to ("": `base`)."""
    samples = Path(tempfile.mkstemp(suffix=".json")[1])
    env = {**os.environ, "LOAD_SEED": str(seed), "LOAD_SAMPLES": str(samples),
           "LOAD_GM_ACTIONS": "1" if gm_actions else "0",
           "LOAD_BARE": "1" if gm_actions else "0", "LOAD_MODE": mode,
           "LOAD_STREAM_BASE": streams}  # fmt: skip
    began = time.time()
    window = CpuWindow(*cpu, start=began + 8, end=began + seconds - 1)
    window.start()
    load = os.getloadavg()[0]
    with tempfile.TemporaryFile() as errors:
        done = subprocess.run(  # noqa: S603
            [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locustfile.py"),
             "--headless", "-u", str(users), "-r", str(rate), "-t", f"{seconds}s", "--host", base,
             "--only-summary", "--stop-timeout", "3", "--loglevel", "WARNING"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors, timeout=seconds + 60,
            check=False,
        )  # fmt: skip
        if not samples.stat().st_size:
            errors.seek(0)
            raise RuntimeError(f"locust wrote no samples (rc {done.returncode}): {errors.read()}")
    window.join(timeout=5)
    data = json.loads(samples.read_text())
    samples.unlink()
    counted = [s for s in data["samples"] if window.start_at <= s[3] <= window.end_at]
    spawned = data["spawned_at"] or began
    server = server_times(log, spawned + 5, time.time())
    server["encounter page"] = server_times(log, began, spawned + 5).get("encounter page", [])
    return {"samples": data["samples"], "spawned_at": spawned, "server": server,
            "app_cpu": window.app, "db_cpu": window.db, "window_requests": len(counted),
            "window_seconds": window.end_at - window.start_at, "load": load}  # fmt: skip


def kinds(run: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per request kind: count, errors and exact percentiles in ms. The steady state only (from
    5 s after the last tab opened), except the page opening itself, which happens at ramp-up."""
    by_kind: dict[str, list[tuple[float, bool]]] = {}
    steady = run["spawned_at"] + 5
    for name, _status, ms, when, failed in run["samples"]:
        if when >= steady or name == "encounter page":
            by_kind.setdefault(name, []).append((ms, failed))
    table = {}
    for name, values in by_kind.items():
        times = sorted(ms for ms, _failed in values)
        table[name] = {"count": len(times), "errors": sum(f for _ms, f in values),
                       "p50": pct(times, 50), "p95": pct(times, 95), "p99": pct(times, 99),
                       "max": times[-1]}  # fmt: skip
        inside = run["server"].get(name)
        if inside:
            table[name].update(server_p50=pct(inside, 50), server_p99=pct(inside, 99))
    return table


# gunicorn's access log: when, method, path, query, status, milliseconds in the worker (after the
# accept, so a wait in the listen queue is not in it: the difference to Locust's time is that
# wait plus the client's own overhead).
ACCESS_FORMAT = '%(t)s "%(m)s %(U)s" "%(q)s" %(s)s %(M)s'
ACCESS_LINE = re.compile(r'\[([^\]]+)\] "(\w+) (\S+)" "([^"]*)" (\d+) (\d+)')


def access_kind(method: str, path: str, query: str, status: str) -> str | None:
    if path == "/healthz":
        return "bare view (/healthz)"
    if method == "POST" and path.endswith("/next/"):
        return "action: next turn"
    if method == "POST" and path.endswith("/adjust/"):
        return "action: damage (adjust)"
    if method == "GET" and re.fullmatch(r"/campaigns/\d+/encounters/\d+/", path):
        if query.startswith("version="):
            return "poll 204 (unchanged)" if status == "204" else "poll 200 (changed)"
        return "encounter page"
    return None


def server_times(log: Path, start: float, end: float) -> dict[str, list[float]]:
    """Milliseconds spent in the workers per kind, for requests logged within [start, end]."""
    times: dict[str, list[float]] = {}
    for line in log.read_text().splitlines():
        found = ACCESS_LINE.search(line)
        if not found:
            continue
        when = datetime.datetime.strptime(found.group(1), "%d/%b/%Y:%H:%M:%S %z").timestamp()
        kind = access_kind(*found.group(2, 3, 4, 5))
        if kind and start <= when <= end:
            times.setdefault(kind, []).append(float(found.group(6)))
    return {kind: sorted(values) for kind, values in times.items()}


def pct(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def median_of(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Each kind's figures as the median over the runs (counts and errors added up)."""
    names = sorted({name for run in runs for name in run})
    merged = {}
    for name in names:
        present = [run[name] for run in runs if name in run]
        keys = [k for k in ("p50", "p95", "p99", "max", "server_p50", "server_p99")
                if all(k in r for r in present)]  # fmt: skip
        merged[name] = {key: statistics.median(r[key] for r in present) for key in keys}
        merged[name]["count"] = sum(r["count"] for r in present)
        merged[name]["errors"] = sum(r["errors"] for r in present)
        merged[name]["worst_p99"] = max(r["p99"] for r in present)
    return merged


# --- the report ----------------------------------------------------------------------------------

ORDER = ("poll 204 (unchanged)", "poll 200 (changed)", "action: next turn",
         "action: damage (adjust)", "bare view (/healthz)", "encounter page")  # fmt: skip


def render(seed: dict[str, Any], runs: list[dict[str, Any]], polls: dict[str, Any],
           seconds: int) -> str:  # fmt: skip
    table = median_of([kinds(run) for run in runs])
    bare = table["bare view (/healthz)"]
    total = sum(k["count"] for k in table.values())
    errors = sum(k["errors"] for k in table.values())
    measured = [name for name in ORDER if name in table]
    goal = [name for name in measured if name.startswith(("poll", "action"))]
    worst = max(table[name]["worst_p99"] for name in goal)
    met = worst < GOAL_P99_MS and errors == 0
    loads = ", ".join(f"{run['load']:.1f}" for run in [*runs, polls])
    lines = [
        "## Load: 10 tables on two server processes (`bench/bench_load.py`)", "",
        f"Run {datetime.date.today().isoformat()} on {os.cpu_count()} CPUs (load average at the "
        f"start of each run: {loads}), "
        f"Python {platform.python_version()}, {seed['database']}, gunicorn "
        f"{metadata.version('gunicorn')} `-w 2` (sync workers, `CONN_MAX_AGE=60`), Locust "
        f"{metadata.version('locust')} on the same machine, loopback only. "
        f"{TABLES} tables × (1 GM + {PLAYERS} players) = {TABLES * (1 + PLAYERS)} open encounter "
        "pages (8 combatants each) polling every 2 s with their version; each GM acts every "
        "2-4 s (next turn, or damage through the adjust form); every tab asks the bare view "
        "(`/healthz`, no database) every 10 s. Users seeded with the fast hasher "
        "(`FAST_PASSWORD_HASHER=1`).", "",
        f"Median over {len(runs)} runs of {seconds} s (requests from 5 s after the last tab "
        "opened; counts and errors added up); the worst run's p99 in brackets. Exact "
        "percentiles from every request's time as Locust saw it. The last column is the time "
        "inside a gunicorn worker (its access log, `%(M)s`): the difference is the wait in the "
        "listen queue for a free worker plus the load generator's own overhead on the same two "
        "cores. The encounter page row is each tab's first full page, loaded while the others "
        "ramp up (not part of the goal).", "",
        "| request | requests | errors | p50 ms | p95 ms | p99 ms (worst run) | max ms "
        "| p50 × bare | p95 × bare | p99 × bare | in the worker p50 / p99 ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]  # fmt: skip
    for name in measured:
        k = table[name]
        lines.append(
            f"| {name} | {k['count']:.0f} | {k['errors']:.0f} | {k['p50']:.1f} | {k['p95']:.1f} "
            f"| {k['p99']:.1f} ({k['worst_p99']:.1f}) | {k['max']:.0f} "
            f"| {k['p50'] / bare['p50']:.1f}× | {k['p95'] / bare['p95']:.1f}× "
            f"| {k['p99'] / bare['p99']:.1f}× "
            f"| {k.get('server_p50', 0):.0f} / {k.get('server_p99', 0):.0f} |"
        )
    lines += [
        "", f"Error ratio: {errors:.0f} / {total:.0f} = {errors / max(total, 1) * 100:.2f} %. "
        f"Goal (p99 of every poll and action kind < {GOAL_P99_MS:.0f} ms in every run, 0 "
        "errors): "
        f"{'met' if met else '**missed**'} (worst p99 {worst:.1f} ms). The bare view, which "
        f"does no work (p99 {bare.get('server_p99', 0):.0f} ms inside the worker), has a p99 of "
        f"{bare['p99']:.0f} ms under the same load: that much of every tail is the wait for a "
        "free worker and the shared machine, not the request's own work.", "",
        *cost_lines(polls, runs),
    ]  # fmt: skip
    return "\n".join(lines) + "\n"


def per_request_ms(run: dict[str, Any]) -> tuple[float, float, float]:
    """(requests per second, app CPU ms and DB CPU ms per request) in the run's CPU window."""
    count = max(run["window_requests"], 1)
    return (count / run["window_seconds"], run["app_cpu"] * 1000 / count,
            run["db_cpu"] * 1000 / count)  # fmt: skip


def cost_lines(polls: dict[str, Any], runs: list[dict[str, Any]]) -> list[str]:
    rate, app_ms, db_ms = per_request_ms(polls)
    mixed = [per_request_ms(run) for run in runs]
    mixed_rate = statistics.median(m[0] for m in mixed)
    mixed_app = statistics.median(m[1] for m in mixed)
    per_core = 1000 / app_ms if app_ms else float("inf")
    tabs = per_core * 2 * 0.5  # a tab polls every 2 s; keep polling under half of a core
    return [
        "### What polling costs (the number behind docs/deploy.md)", "",
        f"A last run without GM actions and without the bare view, so every request is an "
        f"unchanged poll (204), measured over {polls['window_seconds']:.0f} s: "
        f"{rate:.1f} requests/s, **{app_ms:.2f} ms of app CPU** and {db_ms:.2f} ms of "
        "PostgreSQL CPU per request (workers' and backends' CPU time from /proc, divided by the "
        "requests answered in the same window). In the game-night runs "
        f"above: {mixed_rate:.1f} requests/s at {mixed_app:.2f} ms of app CPU per request. So "
        f"one app core answers about {per_core:.0f} unchanged polls per second, and polling "
        f"every 2 s stays under half a core up to about **{tabs:.0f} open tabs per app core**.",
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", help="PostgreSQL server to make a scratch DB on")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=40, help="per run (at most 60)")
    options = parser.parse_args()
    seconds = min(options.seconds, 60)
    server_url = options.database_url or os.environ.get("DATABASE_URL", "")
    if not server_url.startswith(("postgres://", "postgresql://")):
        server_url = "postgres://postgres@127.0.0.1:5432/postgres"
    with scratch_database("postgres", server_url, "load") as database:
        env = {**django_env(database), "CONN_MAX_AGE": "60"}
        seed = python(SEED, env, str(TABLES), str(PLAYERS), PASSWORD)
        seed_file = Path(tempfile.mkstemp(suffix=".json")[1])
        seed_file.write_text(json.dumps(seed))
        name = database["DATABASE_URL"].rsplit("/", 1)[1]
        log = Path(tempfile.mkstemp(suffix=".log")[1])
        access = ("--access-logfile", str(log), "--access-logformat", ACCESS_FORMAT)
        server = Server(env, free_port(), workers=2, extra=access)
        server.start()
        try:
            cpu = (server.process.pid, name)  # type: ignore[union-attr]
            runs = [run_locust(server.base, seed_file, seconds, gm_actions=True, cpu=cpu, log=log)
                    for _ in range(options.runs)]  # fmt: skip
            polls = run_locust(server.base, seed_file, 30, gm_actions=False, cpu=cpu, log=log)
        finally:
            server.kill()
            seed_file.unlink()
            log.unlink()
    print(write_section("load", render(seed, runs, polls, seconds)))


if __name__ == "__main__":
    main()
