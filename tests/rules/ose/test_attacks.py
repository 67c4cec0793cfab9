"""Attack rolls and damage (seed 001, "Útočení", "Hody na útok", "Hody na zranění")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from combat.rules.base import Fight, RulesError, apply
from combat.rules.ose.common import number
from tests.rules.ose.helpers import (
    CHAIN,
    SHIELD,
    SWORD,
    act,
    fighter,
    goblin,
    placed,
    texts,
)


def duel(attacker_stats: dict[str, Any], target_stats: dict[str, Any], **options: Any) -> Fight:
    hero = fighter("hero", weapons=[SWORD], **attacker_stats)
    foe = goblin("foe", hp=20, **target_stats)
    return placed(Fight(round=1, combatants=(hero, foe), options=options), "hero", "melee")


@pytest.mark.parametrize(("face", "hit"), [(11, False), (12, True)])
def test_thac0_17_against_ac_5_needs_a_modified_12(face: int, hit: bool) -> None:
    state = duel({"thac0": 17}, {"ac": 5})
    outcome = act(state, "melee", "hero", ["foe"], [face, 3] if hit else [face])
    assert outcome.data["hit"] is hit
    assert f"THAC0 17 against AC 5 needs 12; rolled {face}" in texts(outcome.steps)


def test_thac0_19_against_ac_minus_3_needs_20_so_18_plus_str_2_hits() -> None:
    # Rulings / rules-review 2.1.1: the matrix caps the roll needed at 20; the bare formula
    # THAC0 − AC would want 22 and miss.
    state = duel({"thac0": 19, "str_mod": 2}, {"ac": -3})
    outcome = act(state, "melee", "hero", ["foe"], [18, 4])
    assert outcome.data["total"] == 20
    assert outcome.data["hit"] is True
    assert outcome.data["damage"] == 6  # 1d6 4 + STR 2


def test_17_plus_str_2_misses_ac_minus_3() -> None:
    state = duel({"thac0": 19, "str_mod": 2}, {"ac": -3})
    assert act(state, "melee", "hero", ["foe"], [17]).data["hit"] is False


def test_thac0_17_rolling_14_with_str_1_hits_ac_2() -> None:
    # rules-review 2.3: THAC0 17, d20 14 + 1 STR = 15 hits AC 2 (needs 15).
    state = duel({"thac0": 17, "str_mod": 1}, {"ac": 2})
    outcome = act(state, "melee", "hero", ["foe"], [14, 2])
    assert outcome.data["hit"] is True and outcome.data["total"] == 15


def test_a_natural_20_hits_an_impossible_ac() -> None:
    state = duel({"thac0": 19, "str_mod": -3}, {"ac": -10})
    outcome = act(state, "melee", "hero", ["foe"], [20, 5])
    assert outcome.data["total"] == 17
    assert outcome.data["hit"] is True
    assert "A natural 20 always hits" in texts(outcome.steps)


def test_a_natural_1_misses_ac_9_whatever_the_bonus() -> None:
    state = duel({"thac0": 1, "str_mod": 3}, {"ac": 9})
    outcome = act(state, "melee", "hero", ["foe"], [1])
    assert outcome.data["total"] == 4  # above the 2 needed
    assert outcome.data["hit"] is False
    assert "A natural 1 always misses" in texts(outcome.steps)


def test_the_roll_needed_is_never_below_2() -> None:
    # THAC0 10 against AC 9: the formula says 1, the matrix says 2.
    state = duel({"thac0": 10, "str_mod": -1}, {"ac": 9})
    outcome = act(state, "melee", "hero", ["foe"], [2])
    assert outcome.data["total"] == 1 and outcome.data["hit"] is False


@pytest.mark.parametrize(("face", "hit"), [(13, False), (14, True)])
def test_ascending_ac_adds_the_attack_bonus_and_must_reach_the_aac(face: int, hit: bool) -> None:
    # AC 5 → AAC 14; THAC0 19 → attack bonus +0.
    state = duel({"thac0": 19}, {"ac": 5}, ascending_ac="yes")
    outcome = act(state, "melee", "hero", ["foe"], [face, 1] if hit else [face])
    assert outcome.data["hit"] is hit
    assert any("against AAC 14" in line for line in texts(outcome.steps))


def test_ascending_ac_uses_the_stats_when_given() -> None:
    state = duel({"attack_bonus": 3}, {"aac": 16}, ascending_ac="yes")
    assert act(state, "melee", "hero", ["foe"], [13, 1]).data["hit"] is True
    assert act(state, "melee", "hero", ["foe"], [12]).data["hit"] is False


def test_character_damage_is_1d6_plus_str_whatever_the_weapon() -> None:
    state = duel({"thac0": 19, "str_mod": 1}, {"ac": 9})
    outcome = act(state, "melee", "hero", ["foe"], [15, 6], weapon="Sword")
    assert outcome.rolls[1].expression == "1d6+1"  # the row reads "1d6+1 [6] = 7" (issue N)
    assert outcome.rolls[1].total == outcome.data["damage"] == 7
    assert apply(state, outcome.changes).get("foe").hp == 13


def test_variable_damage_uses_the_weapons_die() -> None:
    state = duel({"thac0": 19, "str_mod": 1}, {"ac": 9}, variable_damage="yes")
    outcome = act(state, "melee", "hero", ["foe"], [15, 8], weapon="Sword")
    assert outcome.rolls[1].expression == "1d8+1"  # the weapon's die and the STR
    assert outcome.rolls[1].total == outcome.data["damage"] == 9


def test_a_hit_always_does_at_least_1_even_with_str_minus_1() -> None:
    state = duel({"thac0": 19, "str_mod": -1}, {"ac": 9})
    outcome = act(state, "melee", "hero", ["foe"], [15, 1])
    assert outcome.data["damage"] == 1  # 1 − 1 = 0, raised to 1
    assert (outcome.rolls[1].expression, outcome.rolls[1].total) == ("1d6-1", 0)
    assert apply(state, outcome.changes).get("foe").hp == 19


def test_an_immune_target_rolls_no_damage() -> None:
    state = duel({"thac0": 19}, {"ac": 9})
    outcome = act(state, "melee", "hero", ["foe"], [15], immune=True)  # one face: no damage die
    assert outcome.data["hit"] is True and outcome.data["damage"] == 0
    assert len(outcome.rolls) == 1


def test_a_monster_deals_its_attacks_damage_in_its_routine() -> None:
    bear = goblin("bear", attacks_per_round=3, attacks=[
        {"name": "Claw", "damage": "1d3"}, {"name": "Claw", "damage": "1d3"},
        {"name": "Bite", "damage": "1d6"}])  # fmt: skip
    hero = fighter("hero", hp=30)
    state = placed(Fight(1, (hero, bear)), "bear", "melee")
    expressions = []
    for _ in range(3):
        outcome = act(state, "melee", "bear", ["hero"], [19, 3])
        expressions.append(outcome.rolls[1].expression)
        state = apply(state, outcome.changes)
    assert expressions == ["1d3", "1d3", "1d6"]
    assert state.get("hero").hp == 21
    with pytest.raises(RulesError, match="no attack left"):
        act(state, "melee", "bear", ["hero"], [19, 3])


def test_a_character_attacks_once_a_round() -> None:
    state = duel({"thac0": 19}, {"ac": 9})
    state = apply(state, act(state, "melee", "hero", ["foe"], [2]).changes)
    with pytest.raises(RulesError, match="no attack left"):
        act(state, "melee", "hero", ["foe"], [20, 1])


def test_at_0_hp_the_target_dies_and_cannot_be_attacked_any_more() -> None:
    state = duel({"thac0": 19}, {"ac": 9})
    state = replace(state, combatants=(state.get("hero"), replace(state.get("foe"), hp=3)))
    outcome = act(state, "melee", "hero", ["foe"], [15, 3])
    state = apply(state, outcome.changes)
    assert state.get("foe").hp == 0 and state.get("foe").has("dead")
    assert "Foe falls at 0 HP and dies" in texts(outcome.steps)
    fresh = replace(state, combatants=(replace(state.get("hero"), turn={}), state.get("foe")))
    with pytest.raises(RulesError, match="out of the fight"):
        act(fresh, "melee", "hero", ["foe"], [15, 3])


def test_a_retreating_target_with_a_shield_loses_it_and_is_hit_at_plus_2() -> None:
    # seed 001, Útěk: +2 to every attack against the retreating target, and no shield bonus.
    orc = goblin("orc", thac0=19, hp=4)
    knight = fighter("knight", ac=4, armor=[CHAIN, SHIELD], hp=10,
                     turn={"declared": "retreat"})  # fmt: skip
    state = placed(Fight(1, (knight, orc)), "orc", "melee")
    outcome = act(state, "melee", "orc", ["knight"], [12, 2])
    # AC 4 + shield 1 = 5: THAC0 19 needs 14; 12 + 2 = 14 hits.
    assert outcome.data["total"] == 14 and outcome.data["hit"] is True
    assert "THAC0 19 against AC 5 needs 14; rolled 14" in texts(outcome.steps)
    steady = placed(Fight(1, (fighter("knight", ac=4, armor=[SHIELD], hp=10), orc)), "orc", "melee")
    assert act(steady, "melee", "orc", ["knight"], [12]).data["hit"] is False  # needs 15


def test_unarmed_with_variable_damage_is_1d2() -> None:
    brawler = fighter("brawler")
    foe = goblin("foe", hp=9, ac=9)
    state = placed(Fight(1, (brawler, foe), options={"variable_damage": "yes"}), "brawler",
                   "melee")  # fmt: skip
    outcome = act(state, "melee", "brawler", ["foe"], [15, 2])
    assert outcome.rolls[1].expression == "1d2" and outcome.data["damage"] == 2


def test_stats_default_when_missing() -> None:
    assert number(fighter("x"), "thac0") == 19
