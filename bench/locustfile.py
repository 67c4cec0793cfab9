"""Locust profile of a game night (issue I): tables of one GM and five players, every tab polling.

Started by bench/bench_load.py (which seeds the tables, starts the servers and reads the results);
by hand: ``LOAD_SEED=seed.json locust -f bench/locustfile.py --headless -u 60 -r 20 -t 40s
--host http://127.0.0.1:8000``. Loopback only.

Each simulated person logs in, opens the encounter page, and polls it every 2 s with the version
it shows, as the page's htmx does (204 while nothing changed, the board when it did). The GM
also acts every 2-4 s: the next turn or damage through the adjust form. Every tab asks the bare
view (/healthz, no database) now and then, so the ratio of each kind to it is measured under the
same load. Every request's time goes to LOAD_SAMPLES (JSON) with the moment the ramp-up ended.
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
GM_ACTS = os.environ.get("LOAD_GM_ACTIONS", "1") == "1"
ASK_BARE = os.environ.get("LOAD_BARE", "1") == "1"
PER_TABLE = 1 + len(SEED["tables"][0]["players"])
HTMX = {"HX-Request": "true"}
VERSION = re.compile(r'data-version="(\d+)"')
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
            "/accounts/login/", name="login", allow_redirects=False,
            data={"username": username, "password": SEED["password"],
                  "csrfmiddlewaretoken": TOKEN.search(login.text).group(1)},
        )  # fmt: skip
        self.read(self.client.get(self.page, name="encounter page").text)
        self.ticks, self.step = random.randrange(5), 0  # noqa: S311
        self.next_action = time.time() + random.uniform(1, 4)  # noqa: S311
        # Locust starts a second's worth of users at the same instant; real tabs open at random
        # moments, so each one's 2-s polling rhythm gets a random phase (else 20 polls collide).
        gevent.sleep(random.uniform(0, 2))  # noqa: S311
        self.due = time.monotonic()

    def read(self, html: str) -> None:
        self.version = VERSION.search(html).group(1)
        token = TOKEN.search(html)
        if token:
            self.token = token.group(1)

    @task
    def tick(self) -> None:
        self.ticks += 1
        with self.client.get(
            self.page + f"?version={self.version}", headers=HTMX, name="poll", catch_response=True
        ) as answer:
            if answer.status_code == 200:
                self.read(answer.text)
            elif answer.status_code != 204:
                answer.failure(f"poll answered {answer.status_code}")
        if self.gm and GM_ACTS and time.time() >= self.next_action:
            self.act()
            self.next_action = time.time() + random.uniform(2, 4)  # noqa: S311
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
            data = {"key": key, "combatant": target["key"],
                    "hp": str(random.randint(1, target["max_hp"]))}  # fmt: skip  # noqa: S311
        data["csrfmiddlewaretoken"] = self.token
        with self.client.post(
            path, data=data, headers=HTMX, name=name, catch_response=True
        ) as answer:
            if answer.status_code != 200 or 'role="alert"' in answer.text:
                answer.failure(f"action answered {answer.status_code}")
            else:
                self.read(answer.text)
