"""A whole fight driven through the engine's hooks the way the encounter machinery does it."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, apply
from combat.rules.faces import TypedFaces
from combat.rules.serialize import outcome_to_json
from tests.rules.dice_pool.helpers import DOG, ENGINE, PLAYER_A, PLAYER_B


# The demo characters as the machinery adds them (campaigns/demo_records/dice_pool.py).
def _record(cid: str, name: str, side: str, stats: Mapping[str, Any], *, is_npc: bool) -> Combatant:
    return ENGINE.combatant_from_record(id=cid, name=name, side=side, stats=stats,
                                        is_npc=is_npc, weapons=[], armor=[])  # fmt: skip


def _stored(state: Fight, outcome: Outcome) -> Fight:
    """What combat.workflows._apply_outcome keeps: changes, a new order, a new stage."""
    state = apply(state, outcome.changes)
    if outcome.order is not None:
        state = replace(state, order=outcome.order)
    return replace(state, stage=outcome.stage) if outcome.stage is not None else state


def _next_turn(state: Fight) -> tuple[Fight, Outcome | None]:
    """combat.workflows.next_turn, with the optional `advance` hook."""
    position = state.order.index(state.current) + 1 if state.current in state.order else 0
    if position < len(state.order):
        return replace(state, current=state.order[position]), None
    advance = getattr(ENGINE, "advance", None)
    if advance is not None and advance(state, TypedFaces([])) is not None:
        raise AssertionError("the dice pool's round is one pass")
    state = replace(state, round=state.round + 1)
    begun = ENGINE.start_of_round(state, TypedFaces([]))
    state = _stored(state, begun)
    return replace(state, current=state.order[0]), begun


def _faces() -> Iterator[tuple[str, list[int], dict[str, object]]]:
    dagger = {"primary": "Boj s dýkou", "secondary": "Obratnost"}
    yield "dog", [4], {}  # seed 004: "útočí hodem jednou kostkou, padlo mu 4"
    yield "a", [3, 3, 3], dagger  # "Třemi kostkami hází 9"
    yield "dog", [6], {}  # "Dává se na útěk, hází jednou kostkou 6"
    yield "a", [2, 3, 3], dagger  # "hází 8"


def test_the_dog_fight_runs_from_the_order_to_the_dogs_death_through_the_hooks() -> None:
    dog = _record("c1", "Pes", "enemies", DOG, is_npc=True)
    hero = _record("c2", "Hráč A", "party", PLAYER_A, is_npc=False)
    state = Fight(round=0, combatants=(dog, hero))
    start = ENGINE.roll_initiative(state, ["c1", "c2"], TypedFaces([]))
    assert start.rolls == () and start.order == ("c1", "c2")
    state = _stored(state, start)
    state = replace(state, round=1, current=state.order[0])
    ids = {"dog": "c1", "a": "c2"}
    log: list[Outcome] = []
    for who, faces, modifiers in _faces():
        assert state.current == ids[who]
        assert "fight_roll" in [option.kind for option in ENGINE.actions(state, ids[who])]
        outcome = ENGINE.resolve(state, Action("fight_roll", ids[who], (), None, modifiers),
                                 TypedFaces(faces))  # fmt: skip
        state = _stored(state, outcome)
        log.append(outcome)
        if ENGINE.is_over(state):
            break
        state, _begun = _next_turn(state)
    assert [o.data.get("hp_lost") for o in log] == [None, {"c1": 5}, None, {"c1": 2}]
    for outcome in (start, *log):  # the event log stores every outcome as JSON
        assert json.loads(json.dumps(outcome_to_json(outcome)))["data"] == outcome.data
    assert state.round == 2 and state.get("c1").hp == -1 and state.get("c1").has("dead")
    assert state.get("c2").hp == state.get("c2").max_hp  # A never lost a round
    assert ENGINE.actions(state, "c1") == ()
    tracker = ENGINE.tracker(state)
    assert [g.members for g in tracker.groups] == [("c1",), ("c2",)]


def test_undoing_the_deciding_roll_gives_the_dog_its_hp_back() -> None:
    dog = _record("c1", "Pes", "enemies", DOG, is_npc=True)
    hero = _record("c2", "Hráč A", "party", PLAYER_A, is_npc=False)
    state = Fight(round=1, combatants=(dog, hero), order=("c1", "c2"), current="c1")
    state = _stored(state, ENGINE.resolve(state, Action("fight_roll", "c1"), TypedFaces([4])))
    state = replace(state, current="c2")
    stab = ENGINE.resolve(state, Action("fight_roll", "c2", modifiers={"primary": "Boj s dýkou"}),
                          TypedFaces([6, 6]))  # fmt: skip
    undone = apply(apply(state, stab.changes), stab.changes, undo=True)
    assert undone == state


def test_a_character_joining_a_new_fight_gets_back_the_dice_lost_in_the_last_one() -> None:
    # seed 004: a lost die counts "na celý zbytek souboje" — that fight only
    dog = _record("c1", "Pes", "enemies", DOG, is_npc=True)
    hero = _record("c2", "Hráč B", "party", PLAYER_B, is_npc=False)
    carried = replace(hero, hp=0, conditions=frozenset({"beaten"}))
    state = Fight(round=0, combatants=(dog, carried))
    outcome = ENGINE.roll_initiative(state, ["c1", "c2"], TypedFaces([]))
    fresh = apply(state, outcome.changes).get("c2")
    assert fresh.hp == fresh.max_hp == 7 and not fresh.has("beaten")


def test_a_late_comer_joins_at_the_end_of_the_order_and_sides_alternate_at_the_start() -> None:
    a = _record("a", "A", "party", PLAYER_A, is_npc=False)
    b = _record("b", "B", "party", PLAYER_B, is_npc=False)
    d1 = _record("d1", "Pes 1", "enemies", DOG, is_npc=True)
    d2 = _record("d2", "Pes 2", "enemies", DOG, is_npc=True)
    state = Fight(round=0, combatants=(a, b, d1))
    first = ENGINE.roll_initiative(state, ["a", "b", "d1"], TypedFaces([]))
    assert first.order == ("a", "d1", "b")
    state = replace(state, combatants=(a, b, d1, d2), order=first.order, round=2)
    late = ENGINE.roll_initiative(state, ["d2"], TypedFaces([]))
    assert late.order == ("a", "d1", "b", "d2")
