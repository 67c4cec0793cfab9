"""The free object interaction (issue O, action economy; SRD 5.1, Other Activity on Your Turn):
"You can also interact with one object or feature of the environment for free, during either
your move or your action. For example, you could open a door during your move as you stride
toward a foe, or you could draw your weapon as part of the same action you use to attack. If
you want to interact with a second object, you need to use your action." (Use an Object.)"""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.base import RulesError
from tests.rules.dnd5e.helpers import ENGINE, act, after, fight, fighter, goblin


def _kinds(state, actor="hero"):  # type: ignore[no-untyped-def]
    return [option.kind for option in ENGINE.actions(state, actor)]


def test_one_interaction_is_free_the_second_takes_the_action_and_a_third_is_refused() -> None:
    state = fight(fighter("hero"), goblin("gob"))
    assert "interact" in _kinds(state)
    drawn = act(state, "interact", "hero")
    assert drawn.summary.template % drawn.summary.params == (
        "hero interacts with an object (free, once a turn)"
    )
    state = after(state, drawn)
    # The free one does not spend the action: the attack still follows.
    swing = act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    assert swing.data["natural"] == 2
    second = act(state, "interact", "hero")
    assert second.summary.template % second.summary.params == (
        "hero uses an object (the Use an Object action)"
    )
    state = after(state, second)
    assert "interact" not in _kinds(state)  # the free one and the action are both spent
    with pytest.raises(RulesError):
        act(state, "interact", "hero")
    with pytest.raises(RulesError):
        act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")


def test_after_the_attack_the_free_interaction_is_still_there_and_next_turn_it_is_back() -> None:
    begun = replace(fighter("hero"), turn={"started": True, "round": 1})
    state = fight(begun, goblin("gob"))
    state = after(state, act(state, "attack", "hero", ["gob"], [2], weapon="Longsword"))
    assert "interact" in _kinds(state)
    state = after(state, act(state, "interact", "hero"))
    assert "interact" not in _kinds(state)  # the action went to the attack
    # The hero's next turn: a fresh economy, so a fresh free interaction.
    fresh = fight(*state.combatants, round=2)
    assert "interact" in _kinds(fresh)
