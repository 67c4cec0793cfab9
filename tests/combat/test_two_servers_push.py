"""Two ASGI servers over one database and one Redis (issue R): a GM's action on one reaches a
player on the other by both paths, the stream's event and the poll's board; and when one server
is killed mid-fight, no acknowledged action is lost or done twice and every page converges.

Real uvicorn processes on two loopback ports and the Redis on 127.0.0.1:6379 (channels and cache
keys of their own); without that Redis the tests are skipped, except in CI. The database is a
SQLite file of their own, or, with DATABASE_URL set (CI's PostgreSQL pass), a fresh database of
their own on that PostgreSQL server, dropped afterwards.
"""

import contextlib
import http.client
import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import dj_database_url
import psycopg
import pytest
import redis
from psycopg import sql
from psycopg.conninfo import make_conninfo

from tests.combat.test_push import REDIS_URL, needs_redis
from tests.combat.test_two_processes import ROOT, Browser, _free_port

# django_db: kept in CI's PostgreSQL pass (TESTS_DATABASE_ONLY keeps only the tests that name a
# database); the servers use a database of their own, never the test database.
pytestmark = [needs_redis, pytest.mark.django_db]
MANAGE = [sys.executable, "manage.py"]


def _admin(url: str) -> psycopg.Connection[tuple[object, ...]]:
    """An autocommit connection to DATABASE_URL's server, as Django's test runner makes one:
    to the `postgres` database (the URL's own may not exist yet), else to the URL's."""
    parts = dj_database_url.parse(url)
    server = make_conninfo("", host=parts["HOST"] or None, port=parts["PORT"] or None,
                           user=parts["USER"] or None, password=parts["PASSWORD"] or None,
                           connect_timeout=5)  # fmt: skip
    try:
        return psycopg.connect(server, dbname="postgres", autocommit=True)
    except psycopg.OperationalError:
        return psycopg.connect(server, dbname=parts["NAME"], autocommit=True)


@contextlib.contextmanager
def _own_database(env: dict[str, str]) -> Iterator[None]:
    """Points `env` at an empty database of its own: a fresh PostgreSQL database on
    DATABASE_URL's server (dropped afterwards), else a SQLite file in a new folder."""
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = f"{tempfile.mkdtemp()}/push.sqlite3"
        yield
        return
    name = sql.Identifier(database := f"two_servers_{uuid.uuid4().hex}")
    with _admin(url) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))
    env["DATABASE_URL"] = urllib.parse.urlsplit(url)._replace(path=f"/{database}").geturl()
    try:
        yield
    finally:
        with _admin(url) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()",
                [database],
            )
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(name))


def _start(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port),
               "--timeout-graceful-shutdown", "2"]  # fmt: skip
    process = subprocess.Popen(  # noqa: S603
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    return process, f"http://127.0.0.1:{port}"


def _wait(base: str) -> None:
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)  # noqa: S310
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{base} did not start")


def _stop(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # killed already (the drill's server B)
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def _manage(env: dict[str, str], *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603
        [*MANAGE, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@dataclass
class Servers:
    env: dict[str, str]
    processes: list[subprocess.Popen[bytes]]
    bases: list[str]

    def manage(self, *command: str) -> subprocess.CompletedProcess[str]:
        """A management command against the servers' database, from a process of its own."""
        return _manage(self.env, *command)


@pytest.fixture
def servers() -> Iterator[Servers]:
    pytest.importorskip("uvicorn")
    env = {**os.environ, "DEBUG": "0", "ALLOWED_HOSTS": "127.0.0.1", "MANIFEST_STATIC": "0",
           "REDIS_URL": REDIS_URL, "CACHE_KEY_PREFIX": f"two-{uuid.uuid4().hex[:12]}"}  # fmt: skip
    with _own_database(env):
        for command in (["migrate", "-v0"], ["load_demo"]):
            done = _manage(env, *command)
            assert done.returncode == 0, done.stderr
        started = [_start(env), _start(env)]
        try:
            for _process, base in started:
                _wait(base)
            yield Servers(env, [process for process, _ in started], [base for _, base in started])
        finally:
            for process, _base in started:
                _stop(process)


def _listen(base: str, path: str, cookie: str, heard: "queue.Queue[str]") -> None:
    """The player's EventSource, by hand: each line of the stream into `heard`."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", path, headers={"Cookie": cookie, "Accept": "text/event-stream"})
    response = connection.getresponse()
    heard.put(f"status {response.status} {response.getheader('Content-Type')}")
    try:
        while line := response.readline():
            heard.put(line.decode().rstrip("\n"))
    except OSError:
        pass
    finally:
        connection.close()


def _heard(heard: "queue.Queue[str]", wanted: str) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + 10
    while wanted not in lines and time.monotonic() < deadline:
        lines.append(heard.get(timeout=max(0.1, deadline - time.monotonic())))
    return lines


def _prepared(gm: Browser) -> str:
    _status, listing = gm.get("/campaigns/1/encounters/")
    return str(
        re.findall(r'href="(/campaigns/1/encounters/\d+/)"', listing)[-1]
    )  # the prepared one


def _version(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))  # type: ignore[union-attr]


def _subscribe(player: Browser, base: str, path: str, version: int) -> "queue.Queue[str]":
    """The player's stream from `base`, open (subscribed) when this returns."""
    cookie = "; ".join(f"{c.name}={c.value}" for c in player.jar)
    heard: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=_listen, args=(base, f"{path}events/?version={version}", cookie, heard), daemon=True
    ).start()
    assert "status 200 text/event-stream" in _heard(heard, ": open")
    return heard


def test_a_gm_action_on_one_server_reaches_a_player_on_the_other_by_stream_and_poll(servers):  # type: ignore[no-untyped-def]
    a, b = servers.bases
    gm, player = Browser(a), Browser(b)
    gm.log_in("gm")
    player.log_in("hrac")
    path = _prepared(gm)
    _status, page = player.get(path)
    version = _version(page)
    assert f'data-events="{path}events/"' in page  # server B offers the stream
    heard = _subscribe(player, b, path, version)  # subscribed on B
    gm.post(path + "initiative/", {"turn-key": "two-servers", "turn-faces": ""})  # on A
    lines = _heard(heard, "event: changed")
    assert lines[-1] == "event: changed" and heard.get(timeout=5) == f"data: {version + 1}"
    status, board = player.get(f"{path}?version={version}", {"HX-Request": "true"})  # on B
    assert status == 200 and "Round 1" in board and f'data-version="{version + 1}"' in board
    status, _nothing = player.get(f"{path}?version={version + 1}", {"HX-Request": "true"})
    assert status == 204  # nothing newer: nothing applied twice


def _step(gm: Browser, base: str, url: str, key: str) -> tuple[int, str] | None:
    """One turn step posted as the page's htmx does: its status and body, or None without an
    answer (refused, reset, or silent past the timeout)."""
    token = next(c.value for c in gm.jar if c.name == "csrftoken")
    body = urllib.parse.urlencode({"turn-key": key, "turn-faces": "", "csrfmiddlewaretoken": token})
    headers = {"Referer": base, "HX-Request": "true"}
    request = urllib.request.Request(base + url, body.encode(), headers=headers)
    try:
        with gm.opener.open(request, timeout=5) as response:
            return int(response.status), response.read().decode()
    except urllib.error.HTTPError as error:  # an answer, but a failure: never acknowledged
        return int(error.code), ""
    except OSError:
        return None


STEPS, KILL_AT = 30, 13  # the 14th step goes to B, which dies between its commit and answer
SUGGESTED = re.compile(r'hx-post="([^"]+)" data-shortcut="n"')  # the step the "n" key takes


def _encounter(path: str) -> int:
    return int(path.rstrip("/").rsplit("/", 1)[-1])


def _kill_b_on_commit(servers: Servers, path: str, committed: list[int]) -> threading.Thread:
    """Server B's whole group SIGKILLed the moment the next commit is published (on commit,
    before the answer is drawn), or after 3 s anyway; the version heard into `committed`."""
    pubsub = redis.Redis.from_url(REDIS_URL, socket_timeout=5).pubsub()
    pubsub.subscribe(f"{servers.env['CACHE_KEY_PREFIX']}:encounter:{_encounter(path)}")
    assert pubsub.get_message(timeout=2) is not None  # subscribed before the step is posted

    def kill() -> None:
        message = pubsub.get_message(ignore_subscribe_messages=True, timeout=3)
        os.killpg(servers.processes[1].pid, signal.SIGKILL)
        committed.extend([int(message["data"])] if message else [])
        pubsub.close()

    thread = threading.Thread(target=kill, daemon=True)
    thread.start()
    return thread


def _drill(gm: Browser, servers: Servers, path: str) -> tuple[list[str], list[str], int, bool]:
    """STEPS turn steps (each the one the GM's panel suggests), alternating between A and B, B
    killed during step KILL_AT; a step without an answer is posted again, with the same key,
    to A. The acknowledged keys, the retried ones, the version A shows after the kill, and
    whether B had committed the step it died answering."""
    acknowledged: list[str] = []
    retried: list[str] = []
    committed: list[int] = []
    (a, b), url = servers.bases, path + "initiative/"
    after_kill, deadline = 0, time.monotonic() + 40
    for n in range(STEPS):
        assert time.monotonic() < deadline, f"step {n}: the drill ran past 40 s"
        key = f"drill-{n:02d}-{uuid.uuid4().hex[:8]}"
        killer = _kill_b_on_commit(servers, path, committed) if n == KILL_AT else None
        answer = _step(gm, (a, b)[n % 2], url, key)
        if answer is None:
            retried.append(key)
            answer = _step(gm, a, url, key)
        status, body = answer or (0, "")
        if 200 <= status < 400 and "turn-error" not in body:  # acted, not refused
            acknowledged.append(key)
        if suggested := SUGGESTED.search(body):
            url = suggested.group(1)
        if killer is not None:
            killer.join(timeout=5)
            servers.processes[1].wait(timeout=5)
            after_kill = _version(gm.get(path)[1])
    return acknowledged, retried, after_kill, bool(committed)


def _log_keys(servers: Servers, encounter: int) -> tuple[list[str], int]:
    """The encounter's event keys and version, read by a process of its own."""
    code = (
        "import json; from combat.models import Encounter, Event; "
        f"e = Encounter.objects.get(pk={encounter}); "
        "print(json.dumps([list(Event.objects.filter(encounter=e).values_list('key', flat=True)),"
        " e.version]))"
    )
    found = servers.manage("shell", "-c", code)
    assert found.returncode == 0, found.stderr
    keys, version = json.loads(found.stdout.strip().splitlines()[-1])
    return keys, version


def test_killing_one_server_mid_fight_loses_no_acknowledged_step_and_pages_converge(servers):  # type: ignore[no-untyped-def]
    started = time.monotonic()
    a, _b = servers.bases
    gm, player = Browser(a), Browser(a)
    gm.log_in("gm")
    player.log_in("hrac")
    path = _prepared(gm)
    _status, page = player.get(path)
    version = _version(page)
    heard = _subscribe(player, a, path, version)  # the player's stream on A, before the kill

    acknowledged, retried, after_kill, died_after_commit = _drill(gm, servers, path)
    encounter = _encounter(path)
    keys, final = _log_keys(servers, encounter)
    drilled = Counter(key for key in keys if key.startswith("drill-"))
    assert len(acknowledged) == STEPS and retried  # every step answered, some on A again
    assert died_after_commit  # B wrote the step it died answering: its retry must find it
    assert set(drilled) == set(acknowledged)  # none lost, none acted on unacknowledged
    assert max(drilled.values()) == 1  # none twice
    assert final == version + STEPS  # one version per step
    checked = servers.manage("verify_log", str(encounter))
    assert checked.returncode == 0 and "intact" in checked.stdout, checked.stdout + checked.stderr

    status, board = player.get(f"{path}?version={version}", {"HX-Request": "true"})  # A's poll
    assert status == 200 and _version(board) == final == _version(gm.get(path)[1])
    assert player.get(f"{path}?version={final}", {"HX-Request": "true"})[0] == 204
    lines = _heard(heard, f"data: {final}")
    heard_versions = {
        int(line.removeprefix("data: ")) for line in lines if line.startswith("data: ")
    }
    assert set(range(after_kill + 1, final + 1)) <= heard_versions  # the stream outlived B
    print(f"acknowledged {len(acknowledged)}, retried {len(retried)}, lost 0, "
          f"B died after its commit {died_after_commit}, "
          f"version {version}->{final}, after kill {after_kill}, "
          f"{time.monotonic() - started:.1f} s")  # fmt: skip
    assert time.monotonic() - started < 60
