"""Exhaustion (SRD 5.1, Conditions; issue O): "1 Disadvantage on ability checks; 2 Speed halved;
3 Disadvantage on attack rolls and saving throws; 4 Hit point maximum halved; 5 Speed reduced to
0; 6 Death." Each level has the effects of the lower ones; the GM sets the level."""

from __future__ import annotations

import pytest

from combat.rules.base import Fight, RulesError
from tests.rules.dnd5e.helpers import ENGINE, act, after, fight, fighter, goblin, texts


def _tired(level: int) -> Fight:
    state = fight(fighter("hero", speed=30), goblin("gob", hp=30))
    return after(state, act(state, "exhaustion", "hero", ["hero"], level=level))


def test_level_2_halves_the_speed_and_5_stops_it() -> None:
    state = _tired(2)
    assert act(state, "move", "hero", distance=15).data["left"] == 0
    with pytest.raises(RulesError):
        act(state, "move", "hero", distance=20)
    with pytest.raises(RulesError):
        act(_tired(5), "move", "hero", distance=5)


def test_level_3_gives_disadvantage_on_attacks_and_level_1_on_checks() -> None:
    swing = act(_tired(3), "attack", "hero", ["gob"], [18, 4], weapon="Longsword")
    assert "Disadvantage: the attacker is exhausted (level 3 or more)" in texts(swing)
    assert swing.data["natural"] == 4 and not swing.data["hit"]  # the lower of 18 and 4
    shove = act(_tired(1), "shove", "hero", ["gob"], [15, 2, 9], shove="prone")
    assert shove.data["total"] == 2 + 3  # two d20, the lower kept: 2 + Athletics (STR) 3


def test_level_4_halves_the_hit_point_maximum_and_6_is_death() -> None:
    state = _tired(4)
    assert state.get("hero").hp == 6  # 12 → 6
    healed = after(state, act(state, "heal", "hero", ["hero"], amount=10))
    assert healed.get("hero").hp == 6
    assert _tired(6).get("hero").has("dead")
    badges = {b.label.template: b.filled for b in ENGINE.tracker(_tired(4)).badges["hero"]}
    assert badges["exhaustion"] == 4
    # The tracker's "6 / 6" reads the maximum now, not the record's 12.
    assert ENGINE.tracker(_tired(4)).maxima == {"hero": 6}
    assert ENGINE.tracker(_tired(3)).maxima == {}
