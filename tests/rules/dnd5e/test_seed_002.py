"""Seed 002 ("Atakowanie"): its eleven steps and its three questions, one test each.

The seed gives no worked numbers, so each test builds the smallest fight that shows the step
with numbers of its own (a level-1 fighter: STR 16 → +3, proficiency +2 → Longsword +5).
"""

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from tests.rules.dnd5e.helpers import (
    DAGGER,
    LONGSWORD,
    SHORTBOW,
    act,
    after,
    creature,
    fight,
    fighter,
    goblin,
    texts,
)


def test_step_1_the_target_must_be_in_reach_or_range() -> None:
    state = fight(fighter(weapons=[LONGSWORD, SHORTBOW]), goblin())
    with pytest.raises(RulesError, match="out of reach"):
        act(state, "attack", "hero", ["gob"], [15, 4], weapon="Longsword", distance=10)
    shot = act(state, "attack", "hero", ["gob"], [15, 4], weapon="Shortbow", distance=60)
    assert shot.data["ranged"] and shot.data["hit"]


def test_step_2_the_gm_sets_cover_and_advantage() -> None:
    state = fight(fighter(), goblin())
    # +5 against KP 15 with half cover (+2): 12 + 5 = 17 hits KP 17 exactly
    covered = act(state, "attack", "hero", ["gob"], [12, 4], weapon="Longsword", cover="half")
    assert (covered.data["ac"], covered.data["total"], covered.data["hit"]) == (17, 17, True)
    favoured = act(state, "attack", "hero", ["gob"], [3, 12, 4], weapon="Longsword",
                   advantage=True)  # fmt: skip
    assert favoured.data["mode"] == "advantage" and favoured.data["natural"] == 12


def test_step_3_ability_modifier_and_proficiency_bonus_are_added() -> None:
    state = fight(fighter(), goblin())
    outcome = act(state, "attack", "hero", ["gob"], [9], weapon="Longsword")
    assert outcome.data["bonus"] == 3 + 2
    assert "Attack 14 = d20 9 + STR +3 + proficiency bonus +2" in texts(outcome)


def test_step_4_the_d20_and_the_modifiers_make_the_total() -> None:
    outcome = act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [7],
                  weapon="Longsword")  # fmt: skip
    assert outcome.rolls[0].expression == "1d20+5"
    assert (outcome.rolls[0].faces, outcome.data["total"]) == ((7,), 12)


def test_step_5_a_total_equal_to_kp_hits_and_one_less_misses() -> None:
    state = fight(fighter(), goblin())
    assert act(state, "attack", "hero", ["gob"], [10, 4], weapon="Longsword").data["hit"]
    assert not act(state, "attack", "hero", ["gob"], [9], weapon="Longsword").data["hit"]


def test_step_6_a_natural_20_hits_any_kp_as_a_critical() -> None:
    state = fight(fighter(), goblin(ac=30))
    outcome = act(state, "attack", "hero", ["gob"], [20, 1, 1], weapon="Longsword")
    assert outcome.data["hit"] and outcome.data["critical"]
    assert outcome.data["damage"] == 1 + 1 + 3  # 2d8 + 3


def test_step_7_a_natural_1_misses_any_kp() -> None:
    outcome = act(fight(fighter(), goblin(ac=2)), "attack", "hero", ["gob"], [1],
                  weapon="Longsword")  # fmt: skip
    assert outcome.data["total"] == 6 and not outcome.data["hit"]


def test_step_8_an_unseen_target_gives_disadvantage_and_a_wrong_guess_misses() -> None:
    state = fight(fighter(), goblin())
    outcome = act(state, "attack", "hero", ["gob"], [18, 11, 4], weapon="Longsword",
                  unseen_target=True)  # fmt: skip
    assert outcome.data["mode"] == "disadvantage" and outcome.data["natural"] == 11
    assert outcome.data["hit"]
    wrong = act(state, "attack", "hero", ["gob"], [20, 20], weapon="Longsword",
                unseen_target=True, wrong_location=True)  # fmt: skip
    assert not wrong.data["hit"] and wrong.data["damage"] == 0


def test_step_9_a_target_that_cannot_see_the_attacker_gives_advantage() -> None:
    outcome = act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [4, 16, 4],
                  weapon="Longsword", unseen_attacker=True)  # fmt: skip
    assert outcome.data["mode"] == "advantage" and outcome.data["natural"] == 16


def test_step_10_beyond_normal_range_disadvantage_beyond_long_impossible() -> None:
    state = fight(fighter(weapons=[SHORTBOW]), goblin())
    far = act(state, "attack", "hero", ["gob"], [19, 8], weapon="Shortbow", distance=200)
    assert far.data["mode"] == "disadvantage" and far.data["natural"] == 8
    with pytest.raises(RulesError, match="impossible"):
        act(state, "attack", "hero", ["gob"], [19, 8], weapon="Shortbow", distance=330)


def test_step_11_grapple_and_shove_replace_one_attack() -> None:
    state = fight(fighter(traits=[{"name": "Extra Attack", "text": "Two attacks."}]), goblin())
    # Athletics 12 + STR 3 = 15 against the goblin's better Acrobatics 5 + DEX 2 = 7
    grabbed = act(state, "grapple", "hero", ["gob"], [12, 5])
    assert grabbed.data["success"] and grabbed.data["used"] == "action"
    state = after(state, grabbed)
    hit = act(state, "attack", "hero", ["gob"], [15, 1], weapon="Longsword")
    assert hit.data["used"] == "extra"  # the second attack of the same Attack action
    with pytest.raises(RulesError, match="no attack left"):
        act(after(state, hit), "shove", "hero", ["gob"], [12, 5])


# --- the seed's questions ----------------------------------------------------------------------


def test_a_spell_attack_adds_the_casters_ability_and_proficiency() -> None:
    bolt = {"name": "Fire Bolt", "range_normal": 120, "damage": [{"dice": "1d10",
                                                                  "type": "fire"}]}  # fmt: skip
    wizard = creature("mira", int=16, dex=14, actions=[bolt],
                      traits=[{"name": "Spellcasting", "text": "Spellcasting ability: "
                               "Intelligence."}])  # fmt: skip
    outcome = act(fight(wizard, goblin()), "attack", "mira", ["gob"], [10, 6],
                  weapon="Fire Bolt", distance=60)  # fmt: skip
    assert outcome.data["bonus"] == 3 + 2 and outcome.data["total"] == 15
    assert outcome.data["hit"] and outcome.data["damage"] == 6  # a spell adds no modifier
    assert "Attack 15 = d20 10 + INT +3 + proficiency bonus +2" in texts(outcome)


def test_an_invisible_enemy_is_attacked_with_disadvantage() -> None:
    state = fight(fighter(), goblin(conditions=["invisible"]))
    outcome = act(state, "attack", "hero", ["gob"], [17, 2], weapon="Longsword")
    assert outcome.data["mode"] == "disadvantage" and not outcome.data["hit"]
    assert "Disadvantage: the target is invisible" in texts(outcome)


def test_an_unarmed_strike_deals_one_plus_strength_and_is_proficient() -> None:
    state = fight(fighter(str=14), goblin())
    outcome = act(state, "unarmed", "hero", ["gob"], [11])
    assert outcome.data["bonus"] == 2 + 2  # STR +2 and proficiency +2
    assert outcome.data["damage"] == 3 and outcome.rolls[1].expression == "3"
    assert "Damage 3 bludgeoning = 3 []" in texts(outcome)


def test_a_dagger_is_thrown_within_its_range_with_the_melee_ability() -> None:
    rogue = creature("lis", str=8, dex=16, weapons=[DAGGER], proficiencies=["daggers"])
    outcome = act(fight(rogue, goblin()), "attack", "lis", ["gob"], [12, 3], weapon="Dagger",
                  distance=20)  # fmt: skip
    assert outcome.data["thrown"] and outcome.data["bonus"] == 3 + 2  # finesse: DEX
