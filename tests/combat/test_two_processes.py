"""Two server processes over one database: a change made through one shows in the other's poll.

Real gunicorn with two worker processes on 127.0.0.1 and a file SQLite database; every request
picks a worker, so the GM acts and the player polls across processes. Bounded and loopback-only.
"""

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        with self.opener.open(request, timeout=10) as response:
            return response.status, response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> str:
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(self.base + path, body, headers={"Referer": self.base})
        with self.opener.open(request, timeout=10) as response:
            return response.read().decode()

    def log_in(self, username: str) -> None:
        self.get("/accounts/login/")
        self.post("/accounts/login/", {"username": username, "password": "iniciativa"})


@pytest.fixture
def server():  # type: ignore[no-untyped-def]
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this environment")
    folder = tempfile.mkdtemp()
    env = {**os.environ, "SQLITE_PATH": f"{folder}/two.sqlite3", "DEBUG": "0",
           "ALLOWED_HOSTS": "127.0.0.1", "MANIFEST_STATIC": "0"}  # fmt: skip
    env.pop("DATABASE_URL", None)  # one SQLite file shared by both workers
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "-v0"], ["load_demo"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True, capture_output=True)  # noqa: S603
    port = _free_port()
    process = subprocess.Popen(  # noqa: S603
        [str(GUNICORN), "config.wsgi", "-w", "2", "-b", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/accounts/login/", timeout=1)  # noqa: S310
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(process.pid, 15)
        process.wait(timeout=10)


def test_a_gm_action_in_one_process_reaches_a_player_polling_the_other(server):
    gm, player = Browser(server), Browser(server)
    gm.log_in("gm")
    player.log_in("hrac")
    _status, listing = gm.get("/campaigns/1/encounters/")
    path = re.findall(r'href="(/campaigns/1/encounters/\d+/)"', listing)[-1]  # the prepared one
    _status, page = player.get(path)
    version = re.search(r'data-version="(\d+)"', page).group(1)
    htmx = {"HX-Request": "true"}
    statuses = {player.get(f"{path}?version={version}", htmx)[0] for _ in range(6)}
    assert statuses == {204}  # both workers agree nothing changed
    gm.post(path + "initiative/", {"turn-key": "two-processes", "turn-faces": ""})
    answers = [player.get(f"{path}?version={version}", htmx) for _ in range(6)]
    assert all(status == 200 and "Round 1" in body for status, body in answers)
