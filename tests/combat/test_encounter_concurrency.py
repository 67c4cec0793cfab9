"""Many hands on one encounter at once (RELIABILITY R5, issue I): 8 threads × 50 actions — attacks,
the GM's damage, initiative changes, next turns and undos — start together on one encounter.

Afterwards the log has no gap and no duplicate, its hash chain verifies, every workflow that
returned wrote exactly one event (0 lost updates), nothing failed with "database is locked", and a
replay of the exported log alone gives every combatant's HP and conditions as the database has
them. Runs on SQLite (a file test database, IMMEDIATE transactions) and on PostgreSQL (select_for_update).
"""

import random
import re
import threading
from collections import Counter

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import PREPARED, load_demo_encounters
from combat.eventlog import verify_chain
from combat.models import Combatant, Encounter, Event, Roll
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action, RulesError

THREADS, EACH = 8, 50
HTMX = {"HTTP_HX_REQUEST": "true"}
KINDS = ("attack", "damage", "initiative", "turn", "undo")
# What the rules may refuse under contention (the state moved on since the thread looked).
REFUSALS = (RulesError, workflows.NothingToUndo)


@pytest.fixture
def crowded(db, django_user_model):
    """The demo's prepared fight (3 heroes, the goblin leader, 3 goblins), initiative rolled."""
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=PREPARED)
    workflows.roll_initiative(encounter.pk, gm, "crowd-init")
    return gm, Encounter.objects.get(pk=encounter.pk)


def _one(kind: str, pk: int, gm, key: str, rng: random.Random) -> str:  # type: ignore[no-untyped-def]
    """One action as a hurried GM would take it, from a fresh (possibly stale) look at the table;
    returns the kind it took (with nobody's turn, because undos took the fight back before its
    initiative, the GM rolls initiative first)."""
    encounter = Encounter.objects.get(pk=pk)
    rows = list(Combatant.objects.filter(encounter_id=pk))
    acting = next((row for row in rows if row.key == encounter.current), None)
    other = rng.choice([row for row in rows if row is not acting])
    if kind in ("attack", "turn") and acting is None:
        kind = "initiative"
    if kind == "attack":
        weapon = next((w["name"] for w in acting.weapons), None)  # type: ignore[union-attr]
        action = Action("attack", encounter.current, (other.key,), weapon=weapon)
        workflows.resolve_action(pk, gm, key, action)
    elif kind == "damage":  # the GM's hand: a wound, or healed back to full when nearly down
        hp = other.max_hp if other.hp <= 3 else other.hp - rng.randint(1, 3)
        # now and then the GM also moves someone in the order (a tie decided by hand)
        position = rng.randint(1, len(rows)) if rng.random() < 0.25 else None
        workflows.adjust(pk, gm, key, other.key, hp=hp, position=position)
    elif kind == "initiative":  # one combatant's initiative rolled again (joined late, delayed)
        workflows.roll_initiative(pk, gm, key, ids=[other.key] if acting else None)
    elif kind == "turn":
        workflows.next_turn(pk, gm, key)
    else:
        workflows.undo(pk, gm, key)
    return kind


def _hammer(pk: int, gm) -> tuple[Counter[str], Counter[str], list[str]]:  # type: ignore[no-untyped-def]
    """Every thread's actions; (written events by kind, refusals by kind, failures)."""
    barrier = threading.Barrier(THREADS)
    written: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    failures: list[str] = []
    lock = threading.Lock()

    def worker(number: int) -> None:
        rng = random.Random(number)  # noqa: S311 - which action, not a die
        try:
            barrier.wait()
            for step in range(EACH):
                kind = KINDS[(number + step) % len(KINDS)]
                try:
                    kind = _one(kind, pk, gm, f"t{number}-{step}", rng)
                except REFUSALS:
                    with lock:
                        refused[kind] += 1
                else:
                    with lock:
                        written[kind] += 1
        except BaseException as error:  # noqa: BLE001 - every failure is reported below
            failures.append(f"thread {number}: {type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return written, refused, failures


@pytest.mark.django_db(transaction=True)
def test_eight_threads_times_fifty_actions_lose_nothing_and_the_log_adds_up(crowded):
    gm, encounter = crowded
    start_version, start_length = encounter.version, encounter.log_length
    written, refused, failures = _hammer(encounter.pk, gm)

    assert failures == []  # no "database is locked", no deadlock, no crash
    assert sum(written.values()) + sum(refused.values()) == THREADS * EACH
    # The mix really happened. Attacks are mostly refused by the rules: a Dračí Hlídka
    # combatant attacks once a round ("no time left for a long action this round"), and 16
    # attacks arrive in a turn. 4 to 7 of the 80 are written (measured over ten runs, before and
    # after this session's changes), so at least one must be; every other kind is written.
    assert written["attack"] >= 1, (written, refused)
    assert all(written[kind] >= 5 for kind in KINDS if kind != "attack"), (written, refused)
    assert sum(written.values()) >= THREADS * EACH * 3 // 4, (written, refused)

    encounter.refresh_from_db()
    done = sum(written.values())
    assert encounter.version - start_version == done  # 0 lost updates
    assert encounter.log_length - start_length == done
    seqs = list(
        Event.objects.filter(encounter=encounter).order_by("seq").values_list("seq", flat=True)
    )
    assert seqs == list(range(1, encounter.log_length + 1))  # no gap, no duplicate
    keys = Event.objects.filter(encounter=encounter, key__startswith="t").values_list(
        "key", flat=True
    )
    assert len(keys) == len(set(keys)) == done
    assert verify_chain(encounter) == []

    report = replay_encounter(export_encounter(encounter))
    assert [str(d) for d in report.differences] == []
    replayed = {c.id: (c.hp, sorted(c.conditions)) for c in report.fight.combatants}
    stored = {row.key: (row.hp, sorted(row.conditions)) for row in encounter.combatants.all()}
    assert replayed == stored  # every HP is what the events say
    assert report.fight.order == tuple(encounter.order)
    assert report.fight.current == (encounter.current or None)


@pytest.mark.django_db(transaction=True)
def test_a_lost_update_would_be_caught_by_the_replay(crowded):
    """The check above can fail: a write that bypasses the workflow makes the replay disagree."""
    gm, encounter = crowded
    workflows.adjust(encounter.pk, gm, "honest", encounter.order[0], hp=5)
    Combatant.objects.filter(pk=int(encounter.order[0][1:])).update(hp=9)  # an unlogged write
    report = replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk)))
    replayed = {c.id: c.hp for c in report.fight.combatants}
    stored = dict(encounter.combatants.values_list("pk", "hp"))
    assert replayed[encounter.order[0]] == 5 and stored[int(encounter.order[0][1:])] == 9


def test_no_operational_error_is_treated_as_a_refusal():
    """ "database is locked" is an OperationalError: it must fail the test, never count as a no."""
    assert not issubclass(OperationalError, REFUSALS)


@pytest.mark.django_db
def test_the_replay_follows_the_gms_move_in_the_initiative_order(crowded):
    gm, encounter = crowded
    workflows.adjust(encounter.pk, gm, "move", encounter.order[0], position=3)
    encounter.refresh_from_db()
    report = replay_encounter(export_encounter(encounter))
    assert [str(d) for d in report.differences] == []
    assert report.fight.order == tuple(encounter.order)


# --- double submit and retries (RELIABILITY R6) ------------------------------------------------


def _attack_form(fight) -> tuple[str, dict[str, object]]:  # type: ignore[no-untyped-def]
    encounter = fight["encounter"]
    url = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    # no typed faces: the server rolls, so a second roll would (almost surely) show other dice
    return url, {"key": "double-1", "kind": "attack", "targets": [fight["leader"]],
                 "weapon": "Široký meč"}  # fmt: skip


def _entry(html: str, seq: int) -> str:
    """The log entry of one event as the answer shows it: summary, every die, every step."""
    found = re.search(
        rf'<li class="log-entry[^"]*" data-seq="{seq}"[^>]*>(.*?)</li>', html, re.DOTALL
    )
    assert found, f"event #{seq} is not in the answer"
    return found.group(1)


def _post_at_once(make_request, count: int = 2) -> list:  # type: ignore[no-untyped-def]
    """`count` requests released together by a barrier, each thread with its own connection."""
    barrier, answers = threading.Barrier(count), [None] * count

    def worker(number: int) -> None:
        try:
            barrier.wait()
            answers[number] = make_request()
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def _one_action_and_the_same_answer(fight, answers) -> None:  # type: ignore[no-untyped-def]
    actions = Event.objects.filter(encounter=fight["encounter"], type="action")
    assert actions.count() == 1  # rolled once
    event = actions.get()
    assert event.key == "double-1"
    pages = [answer.content.decode() for answer in answers]
    assert [answer.status_code for answer in answers] == [200] * len(answers)
    assert all('role="alert"' not in page for page in pages)  # neither answer is an error
    entries = {_entry(page, event.seq) for page in pages}
    assert len(entries) == 1  # both show the same dice, the same totals, the same damage
    hp = Combatant.objects.get(pk=int(fight["leader"][1:])).hp
    assert all(f"{hp} / 20" in page for page in pages)


# A real bug, found here: the views validated a retried action form against the state its first
# submit had already changed ("attack is not one of the available choices": Baldur has acted)
# before the workflow's one-time key check, so the retry answered with an error instead of the
# roll. Now a key already in the log is answered with the page as it is (combat.views.actions).
def test_the_same_action_form_posted_twice_rolls_once_and_both_answers_agree(client, fight):
    client.force_login(fight["gm"])
    url, data = _attack_form(fight)
    answers = [client.post(url, data, **HTMX), client.post(url, data, **HTMX)]
    _one_action_and_the_same_answer(fight, answers)


@pytest.mark.django_db(transaction=True)
def test_the_same_action_form_posted_twice_at_once_rolls_once_and_both_answers_agree(fight):
    url, data = _attack_form(fight)
    clients = [Client(), Client()]
    for each in clients:
        each.force_login(fight["gm"])
    turn = iter(clients)
    lock = threading.Lock()

    def post():  # type: ignore[no-untyped-def]
        with lock:
            mine = next(turn)
        return mine.post(url, data, **HTMX)

    answers = _post_at_once(post)
    _one_action_and_the_same_answer(fight, answers)
    assert verify_chain(Encounter.objects.get(pk=fight["encounter"].pk)) == []


@pytest.mark.django_db(transaction=True)
def test_the_same_quick_roll_posted_twice_at_once_rolls_once_and_both_answers_agree(roles):
    url = reverse("combat:roll", args=[roles["campaign"].pk])
    clients = [Client(), Client()]
    for each in clients:
        each.force_login(roles["player"])
    turn = iter(clients)
    lock = threading.Lock()

    def post():  # type: ignore[no-untyped-def]
        with lock:
            mine = next(turn)
        return mine.post(url, {"expression": "10d6", "key": "same-roll"}, **HTMX)

    answers = _post_at_once(post)
    assert Roll.objects.count() == 1
    roll = Roll.objects.get()
    pages = [answer.content.decode() for answer in answers]
    assert [answer.status_code for answer in answers] == [200, 200]
    for page in pages:
        assert f'data-roll="{roll.pk}"' in page
        assert f'<strong class="roll-total">{roll.total}</strong>' in page


def test_a_key_with_a_nul_is_refused_with_a_message_not_a_database_error(client, fight):
    """PostgreSQL refuses NUL in text: no such key reaches it (config.nul answers 400 first)."""
    client.force_login(fight["gm"])
    url, data = _attack_form(fight)
    response = client.post(url, {**data, "key": "a\x00b"}, **HTMX)
    assert response.status_code == 400 and "zero byte" in response.content.decode()
    assert not Event.objects.filter(encounter=fight["encounter"], type="action").exists()
