"""Grapple, shove, escape and dragging (issue G.5, seed 002 step 11)."""

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from tests.rules.dnd5e.helpers import act, after, creature, fight, fighter, goblin, texts


def test_a_grapple_against_a_creature_two_sizes_larger_is_refused() -> None:
    ogre = creature("ogre", "enemies", size="huge")
    with pytest.raises(RulesError, match="more than one size larger"):
        act(fight(fighter(), ogre), "grapple", "hero", ["ogre"], [20, 1])
    with pytest.raises(RulesError, match="more than one size larger"):
        act(fight(fighter(), ogre), "shove", "hero", ["ogre"], [20, 1])


def test_one_size_larger_may_be_grappled() -> None:
    state = fight(fighter(), creature("ogre", "enemies", size="large", str=19))
    outcome = act(state, "grapple", "hero", ["ogre"], [15, 10])
    assert outcome.data["total"] == 18 and outcome.data["against"] == 14  # STR +3 / +4
    assert after(state, outcome).get("ogre").has("grappled")


def test_the_target_chooses_athletics_or_acrobatics() -> None:
    state = fight(fighter(), goblin(skills={"acrobatics": 6}))
    auto = act(state, "grapple", "hero", ["gob"], [10, 10])
    assert auto.data["skill"] == "acrobatics" and auto.data["against"] == 16
    chosen = act(state, "grapple", "hero", ["gob"], [10, 10], skill="athletics")
    assert chosen.data["skill"] == "athletics" and chosen.data["against"] == 9  # STR 8: −1
    assert chosen.data["success"] and not auto.data["success"]


def test_a_tie_leaves_things_as_they_were() -> None:
    # fighter Athletics +3 rolls 4 = 7; goblin Acrobatics +2 rolls 5 = 7
    outcome = act(fight(fighter(), goblin()), "grapple", "hero", ["gob"], [4, 5])
    assert not outcome.data["success"] and not outcome.changes[1:]
    assert "7 against 7: hero fails" in texts(outcome)


def test_a_grappled_creature_has_speed_0_until_it_escapes() -> None:
    state = fight(fighter(), goblin())
    state = after(state, act(state, "grapple", "hero", ["gob"], [15, 3]))
    gob = state.get("gob")
    assert gob.has("grappled") and gob.effects[0].data == {"by": "hero"}
    state = fight(state.get("gob"), state.get("hero"))
    with pytest.raises(RulesError, match="only 0 ft"):
        act(state, "move", "gob", distance=5)
    failed = act(state, "escape", "gob", [], [5, 10])  # Acrobatics 7 against Athletics 13
    assert not failed.data["success"]
    escaped = act(state, "escape", "gob", [], [18, 2])  # 20 against 5
    gob = after(state, escaped).get("gob")
    assert escaped.data["success"] and not gob.has("grappled") and gob.effects == ()


def test_escaping_needs_a_grapple_and_an_action() -> None:
    with pytest.raises(RulesError, match="not grappled"):
        act(fight(goblin(), fighter()), "escape", "gob", [], [10, 10])


def test_a_shove_knocks_prone_or_pushes() -> None:
    state = fight(fighter(), goblin())
    prone = act(state, "shove", "hero", ["gob"], [15, 3])
    assert after(state, prone).get("gob").has("prone")
    push = act(state, "shove", "hero", ["gob"], [15, 3], shove="push")
    assert not after(state, push).get("gob").has("prone")
    assert "gob is pushed 5 ft away from hero" in texts(push)


def test_a_condition_immunity_stops_the_grapple_with_a_note() -> None:
    state = fight(fighter(), goblin(condition_immunities=["grappled"]))
    outcome = act(state, "grapple", "hero", ["gob"], [15, 3])
    assert outcome.data["success"] and not after(state, outcome).get("gob").has("grappled")
    assert "gob is immune to grappled" in texts(outcome)


def test_dragging_halves_speed_unless_two_sizes_smaller() -> None:
    state = fight(fighter(), goblin())
    state = after(state, act(state, "grapple", "hero", ["gob"], [15, 3]))
    dragged = act(state, "move", "hero", distance=10, drag=True)
    assert dragged.data["left"] == 10  # 30 ft speed, 10 ft costs 20
    with pytest.raises(RulesError, match="only 30 ft"):
        act(state, "move", "hero", distance=20, drag=True)
    tiny = fight(fighter(), goblin(size="tiny"))
    tiny = after(tiny, act(tiny, "grapple", "hero", ["gob"], [15, 3]))
    assert act(tiny, "move", "hero", distance=30, drag=True).data["left"] == 0


def test_the_grapple_ends_when_the_grappler_is_knocked_out() -> None:
    state = fight(fighter(), goblin())
    state = after(state, act(state, "grapple", "hero", ["gob"], [15, 3]))
    state = fight(*state.combatants, current="hero")
    knocked = act(state, "apply_condition", "hero", ["hero"], condition="unconscious")
    gob = after(state, knocked).get("gob")
    assert not gob.has("grappled") and gob.effects == ()
    assert after(state, knocked).get("hero").has("prone")
