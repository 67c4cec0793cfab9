"""Seed 000: „Před započetím každého bojového kola se provádí hod na iniciativu." (issue O, 4)

A fight created now carries NEW_ROUND_WAITS: its new round begins with nobody's turn, and Next
turn is refused until the GM rolls initiative; with „jednou za boj" (initiative_once) the order
carries over. A log from before (no such key) replays as it was written: the old order went on.
"""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import RulesError
from combat.rules.encounter import (
    EncounterState,
    NextTurn,
    Recorded,
    RollInitiative,
    apply,
    decide,
)
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.flow import NEW_ROUND_WAITS, waits_for_initiative
from tests.rules.draci_hlidka.helpers import ENGINE, SWORD, fight, fighter


def _started(**options: Any) -> EncounterState:
    combatants = (fighter("a", weapons=[SWORD]), fighter("b", "enemies", weapons=[SWORD]))
    state = EncounterState("draci_hlidka", fight(*combatants, round=0, **options))
    return _step(state, RollInitiative(), SeededFaces(1))


def _step(state: EncounterState, command: object, faces: Any = None) -> EncounterState:
    payload = decide(state, command, ENGINE, faces or TypedFaces([]))  # type: ignore[arg-type]
    return apply(state, Recorded(1, payload))


def _to_round_two(state: EncounterState) -> EncounterState:
    state = _step(state, NextTurn())  # the second of two
    return _step(state, NextTurn())  # past the last: round 2 begins


def test_a_new_round_waits_for_its_initiative_roll() -> None:
    state = _to_round_two(_started(**{NEW_ROUND_WAITS: "yes"}))
    assert state.fight.round == 2 and state.fight.current is None
    assert waits_for_initiative(ENGINE, state.fight)
    with pytest.raises(RulesError, match="roll initiative first"):
        _step(state, NextTurn())
    rolled = _step(state, RollInitiative(), SeededFaces(7))
    assert rolled.fight.round == 2  # the same round, now with its own order
    assert rolled.fight.current == rolled.fight.order[0]
    assert not waits_for_initiative(ENGINE, rolled.fight)
    assert _step(rolled, NextTurn()).fight.current == rolled.fight.order[1]


def test_initiative_once_for_the_whole_fight_carries_the_order_over() -> None:
    started = _started(**{NEW_ROUND_WAITS: "yes", "initiative_once": "yes"})
    state = _to_round_two(started)
    assert state.fight.round == 2 and state.fight.current == started.fight.order[0]
    assert not waits_for_initiative(ENGINE, state.fight)


def test_a_fight_from_before_the_rule_goes_on_as_its_log_was_written() -> None:
    started = _started()  # no NEW_ROUND_WAITS: an older log
    state = _to_round_two(started)
    assert state.fight.current == started.fight.order[0]
    assert _step(state, NextTurn()).fight.current == started.fight.order[1]
