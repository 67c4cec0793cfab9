"""Free rolls with the players' own rule, and the difficulty roll's inputs (seed 004)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.base import RulesError
from tests.rules.dice_pool.helpers import PLAYER_A, PLAYER_B, act, fight, npc, pc


@pytest.mark.parametrize(
    ("rule", "faces", "yes"),
    [
        ("odd_yes", [3], True),  # seed 004: "liché číslo je ano a sudé ne"
        ("odd_yes", [4], False),
        ("even_yes", [4], True),
        ("low_yes", [3], True),  # seed 004: "1 – 3 je ano a 4 – 6 ne"
        ("low_yes", [4], False),
    ],
)
def test_a_free_roll_answers_yes_or_no_by_the_rule_the_players_set(
    rule: str, faces: list[int], yes: bool
) -> None:
    state = fight(pc("a", stats=PLAYER_A))
    outcome = act(state, "free_roll", "a", faces, rule=rule, note="Praskne pod ní větev?")
    assert outcome.data["yes"] is yes and outcome.data["hit"] is yes
    assert outcome.data["note"] == "Praskne pod ní větev?"
    assert outcome.changes == ()


def test_a_free_roll_of_several_dice_without_a_rule_is_just_the_sum() -> None:
    outcome = act(fight(pc("a", stats=PLAYER_A)), "free_roll", "a", [6, 5, 4], dice=3)
    assert outcome.rolls[0].expression == "3d6"
    assert outcome.data["yes"] is None and outcome.summary.params["total"] == 15


def test_a_contest_ranks_everyone_by_the_sum_and_a_shared_top_is_a_tie() -> None:
    state = fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B))
    won = act(state, "free_roll", "a", [5, 5, 2, 2], ["b"], dice=2, rule="high_wins")
    assert won.data["winners"] == ["a"] and won.data["hit"] is True
    tie = act(state, "free_roll", "a", [5, 2, 3, 4], ["b"], dice=2, rule="high_wins")
    assert tie.data["winners"] == ["a", "b"] and tie.data["hit"] is False


@pytest.mark.parametrize(
    ("modifiers", "targets", "message"),
    [
        ({"note": "x" * 201}, (), "note must be a text of at most 200"),
        ({"note": 5}, (), "note must be a text"),
        ({"dice": 0}, (), "dice must be a whole number from 1 to 20"),
        ({"rule": "maybe"}, (), "rule must be one of"),
        ({"rule": "high_wins"}, (), "a contest needs the others"),
        ({"rule": "odd_yes"}, ("b",), "only a contest"),
    ],
)
def test_bad_free_rolls_are_refused(
    modifiers: dict[str, object], targets: tuple[str, ...], message: str
) -> None:
    state = fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B))
    with pytest.raises(RulesError, match=message):
        act(state, "free_roll", "a", [1, 1], targets, **modifiers)


def test_the_gm_sets_the_difficulty_and_the_skills_of_a_difficulty_roll() -> None:
    state = fight(pc("a", stats=PLAYER_A))
    with pytest.raises(RulesError, match="the GM sets the difficulty"):
        act(state, "difficulty", "a", [1], primary="Síla")
    with pytest.raises(RulesError, match="names the skills"):
        act(state, "difficulty", "a", [1], difficulty=5)
    with pytest.raises(RulesError, match="difficulty must be a whole number"):
        act(state, "difficulty", "a", [1], difficulty=0, primary="Síla")


def test_a_dead_helper_cannot_add_a_roll() -> None:
    dead = npc("n", defence_dice=2)
    state = fight(pc("a", stats=PLAYER_A), dead)
    state = replace(state, combatants=(state.combatants[0],
                                       replace(dead, conditions=frozenset({"dead"}))))  # fmt: skip
    with pytest.raises(RulesError, match="n is dead"):
        act(state, "difficulty", "a", [1, 1], ["n"], difficulty=5, primary="Síla")


def test_a_helper_rolls_the_same_skills_with_its_own_lost_dice_taken_off() -> None:
    state = fight(pc("b", stats=PLAYER_B), pc("a", stats=PLAYER_A, lost=1))
    outcome = act(state, "difficulty", "b", [1, 1, 1, 1, 1], ["a"], difficulty=5, primary="Síla")
    assert [r.expression for r in outcome.rolls] == ["4d6", "1d6"]  # A: Síla 2 − 1


def test_unknown_kinds_and_modifiers_of_the_wrong_kind_are_refused() -> None:
    state = fight(pc("a", stats=PLAYER_A))
    with pytest.raises(RulesError, match="unknown action attack"):
        act(state, "attack", "a")
    with pytest.raises(RulesError, match="unknown modifier intent"):
        act(state, "difficulty", "a", [1], difficulty=5, primary="Síla", intent="kill")
    with pytest.raises(RulesError, match="special must be ticked or not"):
        act(state, "fight_roll", "a", [1], special="yes")
    with pytest.raises(RulesError, match="no combatant zz"):
        act(state, "difficulty", "zz", [1], difficulty=5, primary="Síla")
