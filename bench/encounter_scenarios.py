"""The encounter requests the benchmark and the profiler time (issue L), on SQLite or PostgreSQL.

``prepare()`` sets Django up against a fresh scratch database (``DATABASE_URL`` for PostgreSQL,
else a temporary SQLite file), loads the demo and builds two fights of Dračí Hlídka:

- ``demo``: the demo's prepared fight (3 heroes, the goblin leader, 3 goblins; 7 combatants),
  initiative rolled, Baldur (played by ``hrac``) first;
- ``big``: 3 heroes, the leader and 20 goblins (3 of them hidden from players), with a log of
  more than one page of attacks and turns (every page entry has rolls and steps).

``requests(...)`` gives each timed request as a function returning its seconds (its set-up and
clean-up untimed): the bare template view (the login page), the GM's and a player's full page
(board and panel), a changed poll (the board alone) and the resolve-action request (the seed's
attack, answered with the panel and the board out of band; undone untimed afterwards), as the GM
and as the player who owns Baldur. ``fields(on)`` switches the panel's fields between
combat.fieldhtml (on) and crispy (off, the code before it), to compare both in one run.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HTMX = {"HTTP_HX_REQUEST": "true"}
UNTIMED: list[Any] = [contextlib.nullcontext]  # the profiler sets its own: set-up not counted


def _scratch_postgres(url: str) -> None:
    """Drop and create the database the URL names (connected through the `postgres` one)."""
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def setup_django(database_url: str | None) -> str:
    """Settings for a scratch database; returns the database's name for the report."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvw")
    os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
    os.environ.setdefault("MANIFEST_STATIC", "0")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    if database_url:
        _scratch_postgres(database_url)
        os.environ["DATABASE_URL"] = database_url
    else:
        os.environ.pop("DATABASE_URL", None)
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    import django

    django.setup()
    from django.db import connection

    version = connection.cursor().connection  # opens it
    del version
    if connection.vendor == "postgresql":
        return f"PostgreSQL {connection.pg_version // 10000}.{connection.pg_version % 10000}"
    import sqlite3

    return f"SQLite {sqlite3.sqlite_version}"


def _big_fight(campaign: Any, gm: Any) -> Any:
    """24 combatants (3 goblins hidden) and a log of attacks and turns longer than a page."""
    from campaigns.models import Character, Monster
    from combat import workflows
    from combat.fightstate import load_fight
    from combat.models import Encounter
    from combat.rules.base import Action, RulesError
    from combat.rules.engines import get_engine

    encounter = workflows.create_encounter(campaign, "Velká bitva", gm)
    for number, name in enumerate(("Baldur", "Meredil", "Grop")):
        hero = Character.objects.get(campaign=campaign, name=name)
        workflows.add_combatants(encounter.pk, gm, f"big-p{number}", record=hero, side="party")
    leader = Monster.objects.get(campaign=campaign, name="Vůdce skřetů")
    goblin = Monster.objects.get(campaign=campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "big-l", record=leader)
    workflows.add_combatants(encounter.pk, gm, "big-g", record=goblin, count=17)
    workflows.add_combatants(encounter.pk, gm, "big-h", record=goblin, count=3, hidden=True)
    workflows.roll_initiative(encounter.pk, gm, "big-init")
    engine = get_engine(campaign.system)
    for number in range(48):  # more than a page of the log (30), each an attack with rolls
        encounter = Encounter.objects.get(pk=encounter.pk)
        fight, rows = load_fight(encounter)
        actor = fight.get(fight.current)
        foes = [c.id for c in fight.combatants if c.side != actor.side and c.hp > 0]
        attack = next((o for o in engine.actions(fight, actor.id) if o.kind == "attack"), None)
        if attack is not None and foes:
            weapon = actor.weapons[0] if actor.weapons else None  # a monster: its own attack
            action = Action("attack", actor.id, (foes[0],), weapon=weapon)
            with contextlib.suppress(RulesError):  # a goblin down or unable to act: it passes
                workflows.resolve_action(encounter.pk, gm, f"big-a{number}", action)
        workflows.next_turn(encounter.pk, gm, f"big-n{number}")
        if not Encounter.objects.get(pk=encounter.pk).current:  # a new round: its initiative
            workflows.roll_initiative(encounter.pk, gm, f"big-i{number}")
    return Encounter.objects.get(pk=encounter.pk)


def prepare() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from campaigns.demo import load_demo
    from combat import workflows
    from combat.demo import PREPARED, load_demo_encounters
    from combat.models import Encounter

    call_command("migrate", verbosity=0)
    load_demo()
    users = get_user_model().objects
    gm, player = users.get(username="gm"), users.get(username="hrac")
    load_demo_encounters(gm)
    demo = Encounter.objects.get(name=PREPARED)
    workflows.roll_initiative(demo.pk, gm, "bench-init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    demo.refresh_from_db()
    big = _big_fight(demo.campaign, gm)
    clients = {}
    for name, user in (("gm", gm), ("player", player)):
        clients[name] = Client()
        clients[name].force_login(user)
    return {"gm": gm, "clients": clients, "fights": {"demo": demo, "big": big}}


CLOCK = [time.perf_counter]  # time.process_time: this process's CPU only (less noisy, no server)


QUERIES: list[int | None] = [None]  # when not None: the last timed request's query count


def timed(call: Any) -> float:
    if QUERIES[0] is not None:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            call()
        QUERIES[0] = len(captured)
        return 0.0
    clock = CLOCK[0]
    start = clock()
    call()
    return clock() - start


def _django_ticks(field: Any, kinds_of: Any) -> Any:
    """The tick boxes as the template drew them before: box by box with Django's `tag()`."""
    from django.utils.html import conditional_escape, escape
    from django.utils.safestring import mark_safe

    rows = []
    for box in field:
        kinds = escape(" ".join(kinds_of.get(box.data["value"], [])))
        rows.append(
            f'<div class="form-check" data-kinds="{kinds}">{box.tag()} <label'
            f' class="form-check-label" for="{box.id_for_label}">'
            f"{conditional_escape(box.choice_label)}</label></div>"
        )
    return mark_safe("".join(rows))  # noqa: S308


def fields(on: bool) -> None:
    """The panel's fields drawn by combat.fieldhtml (on) or by crispy (off: the code before)."""
    from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field

    from combat import fieldhtml
    from combat.templatetags import encounter_fields

    encounter_fields.field_html = fieldhtml.field_html if on else as_crispy_field  # type: ignore[assignment]
    encounter_fields.tick_rows = fieldhtml.tick_rows if on else _django_ticks  # type: ignore[assignment]


def requests(state: dict[str, Any], fight: str = "demo") -> dict[str, Any]:
    """Name → a function doing one request and returning the seconds it took."""
    from combat import workflows
    from combat.live import seen_mark
    from combat.models import Encounter

    encounter = state["fights"][fight]
    gm_client, player_client = state["clients"]["gm"], state["clients"]["player"]
    keys = {c.name: c.key for c in encounter.combatants.all()}
    base = f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/"
    counter = iter(range(10**9))

    views = {}  # client → the board's data-view: how this viewer's log is read
    for client in (gm_client, player_client):
        board = re.search(r'<div id="board"[^>]*>', client.get(base).content.decode())[0]
        views[client] = re.search(r'data-view="([0-9a-f]+)"', board)[1]

    def changed_poll(client: Any) -> Any:
        """As static/js/app.js polls: the version its board shows (one behind), the newest
        entry it remembers, and what its board shows (the entry before the newest)."""

        def poll() -> float:
            with UNTIMED[0]():
                now = Encounter.objects.get(pk=encounter.pk)
                newest, before = now.events.order_by("-seq")[:2]
            query = {"version": now.version - 1, "seen": seen_mark(newest)}
            query |= {"shown": seen_mark(before), "view": views[client]}
            return timed(lambda: client.get(base, query, **HTMX))

        return poll

    def action(client: Any) -> Any:
        def act() -> float:
            with UNTIMED[0]():
                now = Encounter.objects.get(pk=encounter.pk)
                newest = now.events.order_by("-seq").first()
            data = {
                "key": f"b{next(counter)}",
                "kind": "attack",
                "actor": now.current,
                "targets": [keys["Vůdce skřetů"]],
                "weapon": "Široký meč",
                "faces": "3, 1",
                "shown": seen_mark(newest),  # as app.js posts: what its board shows
                "view": views[client],
            }
            elapsed = timed(lambda: client.post(base + "action/", data, **HTMX))
            with UNTIMED[0]():
                workflows.undo(encounter.pk, None, f"u{next(counter)}")  # Baldur may attack again
            return elapsed

        return act

    work = {
        "bare page": lambda: timed(lambda: gm_client.get("/accounts/login/")),
        "GM page": lambda: timed(lambda: gm_client.get(base)),
        "player page": lambda: timed(lambda: player_client.get(base)),
        "GM changed poll": changed_poll(gm_client),
        "player changed poll": changed_poll(player_client),
    }
    if fight == "demo":  # Baldur's turn: the GM's and his player's attack
        work["GM resolve action"] = action(gm_client)
        work["player resolve action"] = action(player_client)
    return work


def check(state: dict[str, Any], fight: str = "demo") -> None:
    """Every request answers as the benchmark expects (an action really resolves)."""
    from combat.models import Encounter

    encounter = state["fights"][fight]
    from django.test import Client

    answers: list[Any] = []
    original = Client.generic

    def keep(self: Any, *args: Any, **kwargs: Any) -> Any:
        answers.append(original(self, *args, **kwargs))
        return answers[-1]

    Client.generic = keep  # type: ignore[method-assign]
    try:
        for name, work in requests(state, fight).items():
            before = Encounter.objects.get(pk=encounter.pk).log_length
            work()
            after = Encounter.objects.get(pk=encounter.pk).log_length
            body = answers[-1].content.decode()
            assert answers[-1].status_code == 200, (name, answers[-1].status_code)
            if "action" in name:  # the action and its undo; the panel, the board out of band
                assert after == before + 2, (name, before, after)
                assert 'id="panel"' in body and 'hx-swap-oob="true"' in body, name
            if "poll" in name:  # the board alone
                assert 'id="board"' in body and 'id="panel"' not in body, name
            if name.endswith("page") and name != "bare page":
                assert 'id="board"' in body and 'id="panel"' in body, name
    finally:
        Client.generic = original  # type: ignore[method-assign]
