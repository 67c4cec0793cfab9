"""Surprise (seed 003, Překvapení: Tess, Virgil and Winger against the assassins A, B, C)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Fight, Outcome, RulesError
from tests.rules.shadowrun3.test_turn_helpers import (
    ENGINE,
    PREDATOR,
    act,
    acted,
    after,
    at,
    fight,
    rolled,
    runner,
    texts,
    turn,
)

PISTOL: dict[str, Any] = {"weapons": [PREDATOR], "skills": {"pistols": 4}}
RUNNERS = (
    runner("tess", name="Tess", reaction=6, body=4, **PISTOL),
    runner("virgil", name="Virgil", reaction=8, **PISTOL),
    runner("winger", name="Winger", reaction=9, **PISTOL),
)
# seed 003: "Všichni zabijáci mají reakci 3", yet A rolls four successes — impossible with three
# dice; A's 3 (6) (reaction cyberware +3) lets the seed's successes stand.
ASSASSINS = (
    runner("a", "mitsuhama", name="Zabiják A", reaction=3, reaction_bonus=3, **PISTOL),
    runner("b", "mitsuhama", name="Zabiják B", reaction=3, **PISTOL),
    runner("c", "mitsuhama", name="Zabiják C", reaction=3, **PISTOL),
)
# TN 2 for the ambushers (4 − 2): Tess 3, Virgil 4, Winger 5 successes; TN 4: A 4, B 2, C 0.
FACES = [
    2, 2, 2, 1, 1, 1,
    2, 2, 2, 2, 1, 1, 1, 1,
    2, 2, 2, 2, 2, 1, 1, 1, 1,
    4, 4, 5, 6, 1, 1,
    4, 5, 1,
    1, 2, 3,
]  # fmt: skip


def surprised() -> tuple[Fight, Outcome]:
    state = fight(*RUNNERS, *ASSASSINS)
    outcome = act(state, "surprise", "tess", ["virgil", "winger", "a", "b", "c"], FACES,
                  ambush=True)  # fmt: skip
    return state, outcome


def test_the_ambush_comparison_pair_by_pair() -> None:
    _state, outcome = surprised()
    assert outcome.data["successes"] == {"tess": 3, "virgil": 4, "winger": 5, "a": 4, "b": 2,
                                         "c": 0}  # fmt: skip
    assert [r.expression for r in outcome.rolls][:4] == [
        "6d6!!>=2", "8d6!!>=2", "9d6!!>=2", "6d6!!>=4"]  # fmt: skip
    result = outcome.data["surprise"]
    assert result["tess"] == {"against": ["a"], "complete": False}
    assert result["virgil"] == {"against": ["a"], "complete": False}  # a tie is not enough
    assert result["winger"] == {"against": [], "complete": False}
    assert result["a"] == {"against": ["virgil", "winger"], "complete": False}  # only Tess
    assert result["b"]["complete"] and result["c"]["complete"]


def started() -> Fight:
    state, outcome = surprised()
    state = after(state, outcome)
    # Initiative after the surprise test: Winger 15, Virgil 14, A 12, B 8, Tess 7, C 6.
    return rolled(state, [1, 6, 6, 6, 5, 3])


def test_surprise_is_enforced_when_targeting() -> None:
    state = at(started(), "tess")
    with pytest.raises(RulesError, match="surprised by Zabiják A"):
        act(state, "fire", "tess", ["a"], [], weapon="Ares Predator")
    outcome = act(state, "fire", "tess", ["b"], [1, 1, 1, 5, 1, 1, 1], weapon="Ares Predator")
    assert outcome.data["successes"] == 1


def test_the_completely_surprised_take_no_actions_at_all() -> None:
    state = at(started(), "b")
    with pytest.raises(RulesError, match="completely surprised"):
        act(state, "drop_prone", "b")
    assert {o.kind for o in ENGINE.actions(state, "b")} <= {"surprise", "damage"}
    assert "completely surprised" in [
        badge.label.template for badge in ENGINE.tracker(state).badges["b"]]  # fmt: skip


def test_no_pool_against_a_surpriser_s_attacks() -> None:
    state = at(started(), "a")  # before Tess's phase: she is still surprised
    # A shoots Tess; Tess asks for 3 dodge dice but A surprised her: none.
    outcome = act(state, "fire", "a", ["tess"], [5, 1, 1, 1, 1, 1, 1, 1],
                  weapon="Ares Predator", dodge_pool=3)  # fmt: skip
    assert "Tess is surprised by the attacker: no combat pool dice" in texts(outcome)
    assert [r.purpose for r in outcome.rolls] == ["attack", "resistance"]
    tess = after(state, outcome).get("tess")
    assert tess.turn["pool"] == tess.turn["pool_max"] == 4  # nothing spent
    with pytest.raises(RulesError, match="surprised by Winger"):
        act(state, "fire", "a", ["winger"], [], weapon="Ares Predator")


def test_surprise_ends_with_the_character_s_next_phase() -> None:
    state = at(started(), "tess")
    assert state.get("tess").turn["surprise"]["against"] == ["a"]
    state = acted(state, "fire", "tess", ["b"], [1, 1, 1, 1], weapon="Ares Predator")
    moved = turn(state)
    assert "Tess is no longer surprised" in texts(moved.outcome)
    assert "surprise" not in moved.fight.get("tess").turn


def test_a_surprise_test_needs_two_sides() -> None:
    with pytest.raises(RulesError):
        act(fight(*RUNNERS), "surprise", "tess", ["virgil"], [])
