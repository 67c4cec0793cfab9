"""Two ASGI servers over one database and one Redis (issue R): a GM's action on one reaches a
player on the other by both paths, the stream's event and the poll's board.

Real uvicorn processes on two loopback ports, one SQLite file, the Redis on 127.0.0.1:6379
(channels and cache keys of their own); without that Redis the test is skipped, except in CI.
"""

import http.client
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator

import pytest

from tests.combat.test_push import REDIS_URL, needs_redis
from tests.combat.test_two_processes import ROOT, Browser, _free_port

pytestmark = needs_redis


def _start(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)]
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


@pytest.fixture
def servers() -> Iterator[tuple[str, str]]:
    pytest.importorskip("uvicorn")
    folder = tempfile.mkdtemp()
    env = {**os.environ, "SQLITE_PATH": f"{folder}/push.sqlite3", "DEBUG": "0",
           "ALLOWED_HOSTS": "127.0.0.1", "MANIFEST_STATIC": "0", "REDIS_URL": REDIS_URL,
           "CACHE_KEY_PREFIX": f"two-{uuid.uuid4().hex[:12]}"}  # fmt: skip
    env.pop("DATABASE_URL", None)  # one SQLite file under both servers
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "-v0"], ["load_demo"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True, capture_output=True)  # noqa: S603
    started = [_start(env), _start(env)]
    try:
        for _process, base in started:
            _wait(base)
        yield started[0][1], started[1][1]
    finally:
        for process, _base in started:
            os.killpg(process.pid, 15)
            process.wait(timeout=10)


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


def test_a_gm_action_on_one_server_reaches_a_player_on_the_other_by_stream_and_poll(servers):  # type: ignore[no-untyped-def]
    a, b = servers
    gm, player = Browser(a), Browser(b)
    gm.log_in("gm")
    player.log_in("hrac")
    _status, listing = gm.get("/campaigns/1/encounters/")
    path = re.findall(r'href="(/campaigns/1/encounters/\d+/)"', listing)[-1]  # the prepared one
    _status, page = player.get(path)
    version = int(re.search(r'data-version="(\d+)"', page).group(1))  # type: ignore[union-attr]
    assert f'data-events="{path}events/"' in page  # server B offers the stream
    cookie = "; ".join(f"{c.name}={c.value}" for c in player.jar)
    heard: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=_listen, args=(b, f"{path}events/?version={version}", cookie, heard), daemon=True
    ).start()
    assert "status 200 text/event-stream" in _heard(heard, ": open")  # subscribed on B
    gm.post(path + "initiative/", {"turn-key": "two-servers", "turn-faces": ""})  # on A
    lines = _heard(heard, "event: changed")
    assert lines[-1] == "event: changed" and heard.get(timeout=5) == f"data: {version + 1}"
    status, board = player.get(f"{path}?version={version}", {"HX-Request": "true"})  # on B
    assert status == 200 and "Round 1" in board and f'data-version="{version + 1}"' in board
    status, _nothing = player.get(f"{path}?version={version + 1}", {"HX-Request": "true"})
    assert status == 204  # nothing newer: nothing applied twice
