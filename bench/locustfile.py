"""Locust profile of a game night (issue I): tables of one GM and five players, every tab polling.

Started by bench/bench_load.py (which seeds the tables, starts the servers and reads the results);
by hand: ``LOAD_SEED=seed.json locust -f bench/locustfile.py --headless -u 60 -r 20 -t 40s
--host http://127.0.0.1:8000``. Loopback only.

Each simulated person logs in, opens the encounter page, and polls it every 2 s with the version
it shows and what its board shows (`seen`, `shown`, `view`), as the page's htmx and
static/js/app.js do (204 while nothing changed, the board when it did: with the log kept, only
the entries after the one shown). The GM also acts every 2-4 s: the next turn or damage through
the panel's quick HP box. Every tab asks the bare view (/healthz, no database) now and then,
so the ratio of each kind to it is measured under the same load. Every request's time goes to
LOAD_SAMPLES (JSON) with the moment the ramp-up ended.

With ``LOAD_MODE=sse`` (issue R, bench/bench_knee.py against ASGI workers) each tab behaves as
static/js/app.js does where the page offers a stream: a greenlet of its own holds
``…/events/?version=N`` open and reads it line by line, and only an event naming a version newer
than the board's makes the tab ask for its board (the poll's own request, "poll 200 (changed)"),
within a random 0.15 s, and not while the tab's own action is on its way (its answer brings the
board); the timed poll then runs every 20 s instead of every 2 s, and at once every 2 s again
while no stream is open. "sse: click → board" is the time from the start of the GM's action to
the moment a player's tab holds the new board. A tab costs one parked greenlet and one socket
meanwhile.
"""

import itertools
import json
import os
import random
import re
import time

import gevent
from locust import FastHttpUser, events, task

SEED = json.loads(open(os.environ["LOAD_SEED"]).read())  # noqa: SIM115
SSE = os.environ.get("LOAD_MODE", "poll") == "sse"
# Seconds between a GM's actions, drawn evenly: "2,4" (bench_load's game night) by default.
GM_EVERY = tuple(float(s) for s in os.environ.get("LOAD_GM_EVERY", "2,4").split(","))
# Where the streams go ("": the same server; bench_knee's "routed": an ASGI server of their own,
# as the proxy of docs/deploy.md sends them).
STREAM_BASE = os.environ.get("LOAD_STREAM_BASE", "")
SAFETY_POLL = 20.0  # seconds between timed polls while a stream is open (app.js)
STREAM_SPREAD = 0.15  # an event's board asked within this many seconds (app.js)
ACTED: dict[str, float] = {}  # encounter page → when its GM's latest action started
GM_ACTS = os.environ.get("LOAD_GM_ACTIONS", "1") == "1"
ASK_BARE = os.environ.get("LOAD_BARE", "1") == "1"
PER_TABLE = 1 + len(SEED["tables"][0]["players"])
HTMX = {"HX-Request": "true"}
VERSION = re.compile(r'data-version="(\d+)"')
BOARD = re.compile(r'data-seen="([^"]*)" data-view="([^"]*)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_slots = itertools.count()
SAMPLES: list[tuple[str, int, float, float, bool]] = []  # name, status, ms, when, failed
STATE = {"spawned_at": None}


@events.request.add_listener
def _record(request_type, name, response_time, response_length, response, exception, **kw):  # type: ignore[no-untyped-def]
    status = getattr(response, "status_code", 0) or 0
    if name == "poll":
        name = "poll 204 (unchanged)" if status == 204 else "poll 200 (changed)"
    SAMPLES.append((name, status, response_time, time.time(), exception is not None))


@events.spawning_complete.add_listener
def _spawned(user_count, **kw):  # type: ignore[no-untyped-def]
    STATE["spawned_at"] = time.time()


@events.quitting.add_listener
def _dump(environment, **kw):  # type: ignore[no-untyped-def]
    if not os.environ.get("LOAD_SAMPLES"):  # run by hand: Locust's own summary is enough
        return
    with open(os.environ["LOAD_SAMPLES"], "w") as out:
        json.dump({"spawned_at": STATE["spawned_at"], "samples": SAMPLES}, out)


class Tab(FastHttpUser):
    """One person's browser tab on the encounter page."""

    def wait_time(self) -> float:
        """htmx's hx-trigger="every 2s": a fixed 2-s rhythm from the moment the page opened.
        (Locust's constant_pacing counts from the user's creation, so every tab of one spawn
        batch would poll at the same instant.)"""
        self.due += 2.0
        return max(0.0, self.due - time.monotonic())

    def on_start(self) -> None:
        slot = next(_slots)
        self.table = SEED["tables"][(slot // PER_TABLE) % len(SEED["tables"])]
        role = slot % PER_TABLE
        self.gm = role == 0
        username = self.table["gm"] if self.gm else self.table["players"][role - 1]
        self.page = f"/campaigns/{self.table['campaign']}/encounters/{self.table['encounter']}/"
        login = self.client.get("/accounts/login/", name="login page")
        self.client.post(
            "/accounts/login/",
            name="login",
            allow_redirects=False,
            data={
                "username": username,
                "password": SEED["password"],
                "csrfmiddlewaretoken": TOKEN.search(login.text).group(1),
            },
        )
        self.read(self.client.get(self.page, name="encounter page").text)
        self.ticks, self.step = random.randrange(5), 0  # noqa: S311
        self.next_action = time.time() + random.uniform(1, GM_EVERY[1])  # noqa: S311
        # Locust starts a second's worth of users at the same instant; real tabs open at random
        # moments, so each one's 2-s polling rhythm gets a random phase (else 20 polls collide).
        gevent.sleep(random.uniform(0, 2))  # noqa: S311
        self.due = time.monotonic()
        self.streaming, self.polled_at, self.listener = False, 0.0, None
        self.acting, self.heard = False, 0
        if SSE:
            self.listener = gevent.spawn(self.listen)

    def on_stop(self) -> None:
        if self.listener is not None:
            self.listener.kill(block=False)

    def listen(self) -> None:
        """The page's EventSource: open, read events, reconnect after `retry` (3 s)."""
        while True:
            try:
                self.follow()
            except Exception:  # a broken stream: the page polls fast meanwhile
                SAMPLES.append(("stream broken", 0, 0.0, time.time(), True))
            self.streaming = False
            gevent.sleep(3.0)

    def follow(self) -> None:
        answer = self.client.get(
            STREAM_BASE + self.page + f"events/?version={self.version}",
            name="stream open",
            stream=True,
            headers={"Accept": "text/event-stream"},
        )
        if answer.status_code != 200:  # 204: no stream to be had; the browser asks in a minute
            gevent.sleep(57.0)
            return
        self.streaming = True
        raw = answer._response
        try:
            while line := raw.readline(b"\n"):
                if line.startswith(b"data: "):
                    self.heard = max(self.heard, int(line[6:]))
                    if self.acting:  # its own post's answer brings the board (app.js)
                        continue
                    gevent.sleep(random.uniform(0, STREAM_SPREAD))  # noqa: S311
                    self.ask_if_behind()
        finally:
            raw.release()

    def ask_if_behind(self) -> None:
        """app.js's askIfBehind: the board's "refresh" trigger (the poll's own request) when an
        event named a version newer than the board's and no post of its own is on its way."""
        if not self.acting and self.heard > int(self.version):
            self.poll()

    def poll(self) -> None:
        """The board's request with the version it shows: 204 unchanged, else the board."""
        self.polled_at = time.monotonic()
        query = f"?version={self.version}"
        if self.seen and self.view:  # what static/js/app.js sends: the log kept, new entries
            query += f"&seen={self.seen}&shown={self.seen}&view={self.view}"
        with self.client.get(
            self.page + query, headers=HTMX, name="poll", catch_response=True
        ) as answer:
            if answer.status_code == 200:
                self.read(answer.text)
                started = ACTED.get(self.page)
                if SSE and not self.gm and started is not None:
                    ms = (time.time() - started) * 1000
                    SAMPLES.append(("sse: click → board", 200, ms, time.time(), False))
            elif answer.status_code != 204:
                answer.failure(f"poll answered {answer.status_code}")

    def read(self, html: str) -> None:
        self.version = VERSION.search(html).group(1)
        board = BOARD.search(html)
        self.seen, self.view = board.groups() if board else ("", "")
        token = TOKEN.search(html)
        if token:
            self.token = token.group(1)

    @task
    def tick(self) -> None:
        self.ticks += 1
        if not self.streaming or time.monotonic() - self.polled_at >= SAFETY_POLL:
            self.poll()
        if self.gm and GM_ACTS and time.time() >= self.next_action:
            self.act()
            self.next_action = time.time() + random.uniform(*GM_EVERY)  # noqa: S311
        if ASK_BARE and self.ticks % 5 == 0:
            self.client.get("/healthz", name="bare view (/healthz)")

    def act(self) -> None:
        self.step += 1
        key = f"{self.table['gm']}-{self.step}-{random.getrandbits(40):x}"
        if self.step % 2:
            name, path = "action: next turn", self.page + "next/"
            data = {"turn-key": key, "turn-faces": ""}
        else:
            target = random.choice(self.table["combatants"])  # noqa: S311
            name, path = "action: damage (adjust)", self.page + "adjust/"
            hp = str(random.randint(1, target["max_hp"]))  # noqa: S311
            # The panel's quick HP box, as a GM mid-fight sets HP (the full Adjust form also
            # answers with the GM's add / adjust forms open).
            data = {"key": key, "quick": "1", "combatant": target["key"], "hp": hp}
        data["csrfmiddlewaretoken"] = self.token
        ACTED[self.page] = time.time()
        self.acting = True
        try:
            with self.client.post(
                path, data=data, headers=HTMX, name=name, catch_response=True
            ) as answer:
                if answer.status_code != 200 or 'role="alert"' in answer.text:
                    answer.failure(f"action answered {answer.status_code}")
                else:
                    self.read(answer.text)
        finally:
            self.acting = False
        if SSE:
            self.ask_if_behind()
