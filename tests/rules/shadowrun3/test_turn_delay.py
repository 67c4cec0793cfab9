"""Delayed actions (seed 003, Odkládání akcí (volitelné): Mike's example and its limits)."""

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from combat.rules.faces import TypedFaces
from tests.rules.shadowrun3.test_turn_helpers import (
    ENGINE,
    act,
    acted,
    at,
    texts,
    turn,
)
from tests.rules.shadowrun3.test_turn_initiative import eight


def test_mike_delays_and_cuts_in_at_phase_26_before_ruffian_1() -> None:
    # seed 003: Mike "mohl by své akce odložit a … oznámit, že chce jednat rovněž ve fázi 26 …
    # vyčká, co Rváč udělá, a následně ho předejde."
    state = eight()
    outcome = act(state, "delay", "mike", until="this_pass", phase=26)
    state = acted(state, "delay", "mike", until="this_pass", phase=26)
    assert outcome.data["delay"]["phase"] == 26 and state.get("mike").turn["delay"]
    moved = turn(state)  # Rváč 1's phase 26 comes
    assert moved.fight.current == "r1"
    assert "Mike delayed to phase 26: may step in before Rváč 1" in texts(moved.outcome)
    state = moved.fight
    stepping = act(state, "simple_action", "mike", what="use_item")
    assert "Mike steps in with the delayed action before Rváč 1" in texts(stepping)
    state = acted(state, "simple_action", "mike", what="use_item")
    assert state.get("mike").turn["acted"] == 1 and "delay" not in state.get("mike").turn
    # The delay cost the free action: one simple action is left of the phase, not two.
    state = acted(state, "simple_action", "mike", what="use_item")
    with pytest.raises(RulesError):
        act(state, "simple_action", "mike", what="use_item")
    state = turn(state).fight  # Dave's phase: Mike's pass 1 is over
    with pytest.raises(RulesError, match="only take a free action"):
        act(state, "simple_action", "mike", what="use_item")


def test_mike_acts_last_at_the_end_of_the_first_pass() -> None:
    # seed 003: "Má v úmyslu jednat jako poslední na konci prvního průběhu iniciativy."
    state = acted(eight(), "delay", "mike")
    state = at(state, "camille")
    moved = turn(state)
    assert moved.fight.stage == {"pass": 1, "passes": 4, "end": True,
                                 "pass_order": list(state.order)}  # fmt: skip
    assert moved.fight.order == ("mike",) and moved.fight.current == "mike"
    state = acted(moved.fight, "simple_action", "mike", what="use_item")
    moved = turn(state)
    assert moved.fight.stage == {"pass": 2, "passes": 4}
    assert moved.fight.current == "mike" and moved.fight.get("mike").initiative == 27


def test_an_unused_delay_is_lost_when_the_pass_ends() -> None:
    state = acted(eight(), "delay", "mike")
    state = turn(at(state, "camille")).fight  # the end of pass 1: Mike's last chance
    moved = turn(state)  # he lets it go
    assert "Mike did not use the delayed action: it is lost" in texts(moved.outcome)
    assert "delay" not in moved.fight.get("mike").turn and moved.fight.stage["pass"] == 2


def test_delaying_into_the_next_pass_replaces_that_pass_s_action() -> None:
    # seed 003: a delay into the next pass may be used before one's own phase there, not
    # before its highest phase; unused by then it is lost, and the normal action remains.
    state = at(eight(), "sharon")
    state = acted(state, "delay", "sharon", until="next_pass")
    state = turn(at(state, "camille")).fight  # pass 2: Mike at 27 first
    assert state.current == "mike"
    stepping = act(state, "simple_action", "sharon", what="use_item")
    assert stepping.order is not None and stepping.order.index("sharon") == 0
    assert stepping.order.count("sharon") == 1  # her own slot at 8 is gone


def test_a_delay_into_the_next_pass_is_lost_at_one_s_own_phase() -> None:
    state = at(eight(), "sharon")
    state = acted(state, "delay", "sharon", until="next_pass")
    state = turn(at(state, "camille")).fight
    moved = turn(at(state, "r2"))
    assert moved.fight.current == "sharon"
    assert "Sharon did not use the delayed action: it is lost" in texts(moved.outcome)
    state = acted(moved.fight, "simple_action", "sharon", what="use_item")  # her normal action
    assert state.get("sharon").turn["acted"] == 2


def test_no_delay_into_a_pass_without_actions() -> None:
    state = at(eight(), "camille")  # 9: nothing in pass 2
    with pytest.raises(RulesError, match="no actions in the next pass"):
        act(state, "delay", "camille", until="next_pass")


def test_delaying_needs_one_s_own_phase_and_a_free_action() -> None:
    state = eight()
    with pytest.raises(RulesError):
        act(state, "delay", "dave")  # not Dave's phase
    state = acted(state, "simple_action", "mike", what="use_item")
    state = acted(state, "simple_action", "mike", what="use_item")
    state = acted(state, "free_action", "mike", what="speak")
    with pytest.raises(RulesError):
        act(state, "delay", "mike")  # the phase's free action is used


def test_last_actions_delayed_wait_until_the_end_of_the_turn() -> None:
    # seed 003: "Pokud si postava odloží své poslední akce v daném bojovém kole, musí je
    # provést nejpozději do konce kola (ve fázi 1 posledního průběhu iniciativy)."
    state = at(eight(), "camille")
    state = acted(state, "delay", "camille")
    assert state.get("camille").turn["delay"]["last"] is True
    state = turn(state).fight  # the end of pass 1: she may act, or wait
    state = turn(state).fight  # pass 2, she still holds it
    assert state.stage["pass"] == 2 and state.get("camille").turn.get("delay")
    stepping = act(state, "simple_action", "camille", what="use_item")
    assert stepping.data == {"what": "use_item"}


def test_delays_can_be_switched_off() -> None:
    state = eight(delays="no")
    with pytest.raises(RulesError, match="not used"):
        act(state, "delay", "mike")
    assert "delay" not in {o.kind for o in ENGINE.actions(state, "mike")}
    assert ENGINE.advance(at(state, "camille"), TypedFaces([])) is not None
