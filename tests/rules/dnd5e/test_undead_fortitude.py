"""Undead Fortitude (SRD 5.1, Zombie): "If damage reduces the zombie to 0 hit points, it must
make a Constitution saving throw with a DC of 5 + the damage taken, unless the damage is radiant
or from a critical hit. On a success, the zombie drops to 1 hit point instead."
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Fight
from tests.rules.dnd5e.helpers import act, after, creature, fight, fighter, texts

FORTITUDE = {"name": "Undead Fortitude", "text": "DC 5 + the damage taken, 1 HP instead."}
ZOMBIE = {"str": 13, "dex": 6, "con": 16, "ac": 8, "hp": 22}
MACE = {"name": "Sacred Mace", "attack_bonus": 5, "damage": [{"dice": "1d6+3", "type": "radiant"}]}


def _zombie(current: int = 5, **stats: Any) -> Fight:
    """The SRD zombie (CON 16: +3, AC 8) at `current` HP; the fighter's longsword is +5, 1d8+3."""
    zombie = creature("zed", "enemies", current=current, traits=[FORTITUDE], **{**ZOMBIE, **stats})
    cleric = fighter("cleric", weapons=(), actions=[MACE])
    return fight(fighter("hero"), zombie, cleric, current="hero")


def test_a_zombie_that_makes_the_save_drops_to_1_hp_instead() -> None:
    state = _zombie()
    # 15 + 5 hits AC 8; 6 + 3 = 9 damage takes its 5 HP: DC 5 + 9 = 14; 11 + 3 = 14 succeeds.
    blow = act(state, "attack", "hero", ["zed"], [15, 6, 11], weapon="Longsword")
    assert "zed: Undead Fortitude save 14 = d20 11 +3 against DC 14" in texts(blow)
    assert "zed drops to 1 hit point instead" in texts(blow)
    zombie = after(state, blow).get("zed")
    assert zombie.hp == 1 and not zombie.has("dead")


def test_a_zombie_that_fails_the_save_dies() -> None:
    state = _zombie()
    blow = act(state, "attack", "hero", ["zed"], [15, 6, 10], weapon="Longsword")
    assert "zed: Undead Fortitude save 13 = d20 10 +3 against DC 14" in texts(blow)
    assert "zed dies" in texts(blow)
    zombie = after(state, blow).get("zed")
    assert zombie.hp == 0 and zombie.has("dead")


def test_the_dc_is_5_plus_the_damage_taken_after_resistance() -> None:
    state = _zombie(current=3, damage_resistances=["slashing"])
    # 8 + 3 = 11 slashing, halved to 5: DC 10; 7 + 3 = 10 succeeds.
    blow = act(state, "attack", "hero", ["zed"], [15, 8, 7], weapon="Longsword")
    assert "zed: Undead Fortitude save 10 = d20 7 +3 against DC 10" in texts(blow)
    assert after(state, blow).get("zed").hp == 1


def test_no_save_against_a_critical_hit() -> None:
    state = _zombie()
    # A natural 20: 2d8 + 3 = 4 + 4 + 3 = 11. No save is rolled (the faces hold no save die).
    blow = act(state, "attack", "hero", ["zed"], [20, 4, 4], weapon="Longsword")
    assert not any("Undead Fortitude" in line for line in texts(blow))
    assert after(state, blow).get("zed").has("dead")


def test_no_save_against_radiant_damage() -> None:
    state = _zombie()
    state = Fight(round=1, combatants=state.combatants, order=state.order, current="cleric")
    # 15 + 5 hits; 1d6 + 3 = 6 + 3 = 9 radiant. No save is rolled.
    blow = act(state, "attack", "cleric", ["zed"], [15, 6], weapon="Sacred Mace")
    assert not any("Undead Fortitude" in line for line in texts(blow))
    assert after(state, blow).get("zed").has("dead")


def test_damage_that_leaves_it_standing_calls_for_no_save() -> None:
    state = _zombie(current=20)
    blow = act(state, "attack", "hero", ["zed"], [15, 6], weapon="Longsword")
    assert not any("Undead Fortitude" in line for line in texts(blow))
    assert after(state, blow).get("zed").hp == 11
