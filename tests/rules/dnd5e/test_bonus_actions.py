"""Bonus actions beyond the off-hand attack (issue O, action economy). SRD 5.1, Bonus Actions:
"You can take only one bonus action on your turn"; Goblin, Nimble Escape: "The goblin can take
the Disengage or Hide action as a bonus action on each of its turns."; Rogue, Cunning Action:
"…take a bonus action on each of your turns in combat. This action can be used only to take the
Dash, Disengage, or Hide action." """

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from tests.rules.dnd5e.helpers import DAGGER, ENGINE, act, after, fight, fighter, goblin
from tests.rules.dnd5e.test_saving_throw_actions import srd
from tests.rules.dnd5e.test_two_weapon import SHORTSWORD


def _kinds(state, who):  # type: ignore[no-untyped-def]
    return {option.kind for option in ENGINE.actions(state, who)}


def test_the_srd_goblin_strikes_then_disengages_as_its_bonus_action() -> None:
    state = fight(srd("Goblin", "gob"), fighter("hero", hp=30))
    blow = act(state, "attack", "gob", ["hero"], [2], weapon="Scimitar")  # a miss
    state = after(state, blow)
    assert "disengage" in _kinds(state, "gob") and "dash" not in _kinds(state, "gob")
    with pytest.raises(RulesError, match="already used the action"):
        act(state, "disengage", "gob")  # without the tick it would be the action
    away = act(state, "disengage", "gob", bonus_action=True)
    assert "Goblin: as a bonus action" in [s.template % s.params for s in away.steps]
    state = after(state, away)
    assert state.get("gob").has("disengaged")
    assert "disengage" not in _kinds(state, "gob")  # the one bonus action is spent
    with pytest.raises(RulesError, match="already used the bonus action"):
        act(state, "disengage", "gob", bonus_action=True)


CUNNING = [{"name": "Cunning Action", "text": "Dash, Disengage or Hide as a bonus action."}]


def test_a_bonus_dash_leaves_the_action_and_the_off_hand_attack_shares_the_bonus_action() -> None:
    rogue = fighter("hero", weapons=(SHORTSWORD, DAGGER), dex=16, str=10, speed=30, traits=CUNNING)
    state = fight(rogue, goblin("gob", hp=30))
    dash = act(state, "dash", "hero", bonus_action=True)
    state = after(state, dash)
    assert state.get("hero").turn["bonus"] == "dash" and not state.get("hero").turn.get("action")
    assert act(state, "move", "hero", distance=60).data["left"] == 0  # 30 + 30 ft
    blow = after(state, act(state, "attack", "hero", ["gob"], [15, 4], weapon="Shortsword"))
    assert "off_hand" not in _kinds(blow, "hero")  # the bonus action went to the Dash
    with pytest.raises(RulesError, match="already used the bonus action"):
        act(blow, "off_hand", "hero", ["gob"], [12, 3], weapon="Dagger")


def test_without_the_trait_it_is_never_a_bonus_action_unless_the_gm_overrides() -> None:
    state = fight(fighter("hero"), goblin("gob", hp=30))
    with pytest.raises(RulesError, match="no trait that makes this a bonus action"):
        act(state, "disengage", "hero", bonus_action=True)
    state = after(state, act(state, "attack", "hero", ["gob"], [2], weapon="Longsword"))
    assert not {"dash", "disengage", "dodge"} & _kinds(state, "hero")
    ruled = act(state, "dash", "hero", bonus_action=True, override=True)  # the GM's call
    assert after(state, ruled).get("hero").turn["bonus"] == "dash"
    goblin_turn = fight(srd("Goblin", "gob"), fighter("hero", hp=30))
    with pytest.raises(RulesError, match="no trait"):  # Nimble Escape: Disengage or Hide only
        act(goblin_turn, "dash", "gob", bonus_action=True)
