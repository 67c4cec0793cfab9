"""Conditions with durations that end at the start or end of someone's turn (issue G.7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from combat.rules.base import Fight, RulesError
from combat.rules.faces import TypedFaces
from tests.rules.dnd5e.helpers import ENGINE, act, after, creature, fight, fighter, goblin


def next_turn(state: Fight, faces: Sequence[int] = ()) -> Fight:
    """What the machinery's "next turn" does: the next in order and `between_turns`; after the
    last, a new round with `start_of_round` (and `between_turns` once more, which must then
    change nothing)."""
    order = list(state.order)
    index = order.index(state.current) + 1 if state.current in order else 0
    if index < len(order):
        ended, state = state.current, replace(state, current=order[index])
        outcome = ENGINE.between_turns(state, ended, TypedFaces(faces))
        return after(state, outcome) if outcome else state
    state = replace(state, round=state.round + 1)
    state = replace(after(state, ENGINE.start_of_round(state, TypedFaces(faces))),
                    current=order[0])  # fmt: skip
    assert ENGINE.between_turns(state, order[-1], TypedFaces(())) is None
    return state


def _apply(state: Fight, target: str, condition: str, who: str, when: str) -> Fight:
    outcome = act(state, "apply_condition", state.current or "", [target], condition=condition,
                  who=who, when=when)  # fmt: skip
    return after(state, outcome)


def three() -> Fight:
    return fight(fighter("a"), goblin("b"), creature("c", "party"))


def test_until_the_start_of_a_turn() -> None:
    state = _apply(three(), "b", "blinded", "c", "start")  # during a's turn
    assert state.get("b").has("blinded")
    state = next_turn(state)  # b's turn: still blinded
    assert state.get("b").has("blinded")
    state = next_turn(state)  # c's turn starts: it ends
    assert not state.get("b").has("blinded") and state.get("b").effects == ()


def test_until_the_end_of_a_turn() -> None:
    state = _apply(three(), "c", "poisoned", "b", "end")
    state = next_turn(state)  # b's turn starts
    assert state.get("c").has("poisoned")
    state = next_turn(state)  # b's turn ended
    assert not state.get("c").has("poisoned")


def test_until_the_end_of_its_own_turn_ends_this_turn_or_the_next() -> None:
    this = _apply(three(), "b", "restrained", "a", "end")
    assert not next_turn(this).get("b").has("restrained")
    state = _apply(three(), "b", "restrained", "a", "end_next")
    state = next_turn(state)  # a's current turn ended: still restrained
    assert state.get("b").has("restrained")
    state = next_turn(next_turn(state))  # round 2 begins with a's next turn
    assert state.round == 2 and state.get("b").has("restrained")
    state = next_turn(state)  # a's next turn ended
    assert not state.get("b").has("restrained")


def test_the_round_boundary_ends_and_starts_turns() -> None:
    state = _apply(three(), "a", "prone", "c", "end")
    state = _apply(state, "c", "stunned", "a", "start")
    state = next_turn(next_turn(state))  # c acts
    state = next_turn(state)  # round 2: c's turn ended, a's began
    assert not state.get("a").has("prone") and not state.get("c").has("stunned")
    assert state.get("a").turn == {"started": True, "round": 2}


def test_a_condition_given_for_good_replaces_its_duration() -> None:
    state = _apply(three(), "b", "poisoned", "b", "end")
    state = _apply(state, "b", "poisoned", "a", "none")
    assert state.get("b").effects == ()
    assert next_turn(next_turn(state)).get("b").has("poisoned")


def test_removing_a_condition_by_hand_removes_its_duration() -> None:
    state = _apply(three(), "b", "blinded", "c", "start")
    removed = after(state, act(state, "remove_condition", "a", ["b"], condition="blinded"))
    assert not removed.get("b").has("blinded") and removed.get("b").effects == ()


def test_immune_creatures_refuse_the_condition() -> None:
    state = fight(fighter(), goblin(condition_immunities=["poisoned"]))
    with pytest.raises(RulesError, match="immune to poisoned"):
        act(state, "apply_condition", "hero", ["gob"], condition="poisoned")


def test_the_gm_may_apply_conditions_out_of_turn_but_must_name_one() -> None:
    state = three()
    outcome = act(state, "apply_condition", "c", ["a", "b"], condition="frightened")
    assert {c.combatant for c in outcome.changes} == {"a", "b"}
    with pytest.raises(RulesError, match="condition is required"):
        act(state, "apply_condition", "c", ["a"])
    with pytest.raises(RulesError, match="must be"):
        act(state, "apply_condition", "c", ["a"], condition="sleepy")


def test_dodge_lasts_until_the_start_of_its_next_turn() -> None:
    state = after(three(), act(three(), "dodge", "a"))
    assert state.get("a").has("dodging")
    state = next_turn(next_turn(state))
    assert state.get("a").has("dodging")
    assert not next_turn(state).get("a").has("dodging")


def test_disengage_lasts_until_the_end_of_the_turn() -> None:
    state = after(three(), act(three(), "disengage", "a"))
    assert state.get("a").has("disengaged")
    assert not next_turn(state).get("a").has("disengaged")


def test_a_surprised_creature_loses_its_first_turn() -> None:
    state = fight(goblin("b", conditions=["surprised"]), fighter("a"))
    with pytest.raises(RulesError, match="surprised"):
        act(state, "attack", "b", ["a"], [10], weapon="Scimitar")
    assert [o.kind for o in ENGINE.actions(state, "b")] == [
        "apply_condition", "remove_condition", "grant_temp_hp", "heal", "exhaustion", "gm_damage",
    ]  # fmt: skip
    assert not next_turn(state).get("b").has("surprised")


def test_a_grappled_creature_has_speed_0_and_a_restrained_one_too() -> None:
    for condition in ("grappled", "restrained"):
        state = fight(fighter(conditions=[condition]), goblin())
        with pytest.raises(RulesError, match="only 0 ft"):
            act(state, "move", "hero", distance=5)
