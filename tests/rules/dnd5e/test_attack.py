"""Attacks: abilities, proficiency, weapons, stat-block actions, cover, criticals (issue G.2, G.4)."""

from __future__ import annotations

import pytest

from combat.rules.base import Action, RulesError
from tests.rules.dnd5e.helpers import (
    DAGGER,
    ENGINE,
    GLAIVE,
    LONGSWORD,
    RAPIER,
    SHORTBOW,
    act,
    creature,
    fight,
    fighter,
    goblin,
    texts,
)


def test_plus_5_against_ac_15_needs_a_10() -> None:
    state = fight(fighter(), goblin())
    lines = ENGINE.odds(state, Action("attack", "hero", ("gob",), "Longsword", {}))
    assert lines is not None
    assert lines[0].params == {"percent": "55.0"} and lines[1].params == {"need": "10"}
    assert act(state, "attack", "hero", ["gob"], [10, 1], weapon="Longsword").data["hit"]
    assert not act(state, "attack", "hero", ["gob"], [9], weapon="Longsword").data["hit"]


def test_a_finesse_weapon_uses_dex_16_over_str_8() -> None:
    rogue = creature("lis", str=8, dex=16, weapons=[RAPIER], proficiencies=["martial weapons"])
    outcome = act(fight(rogue, goblin()), "attack", "lis", ["gob"], [10, 4], weapon="Rapier")
    assert outcome.data["bonus"] == 3 + 2 and outcome.data["total"] == 15
    assert outcome.data["damage"] == 4 + 3
    assert "Attack 15 = d20 10 + DEX +3 + proficiency bonus +2" in texts(outcome)


def test_without_finesse_str_8_is_used_even_with_dex_16() -> None:
    brute = creature("lis", str=8, dex=16, weapons=[LONGSWORD], proficiencies=["longswords"])
    outcome = act(fight(brute, goblin()), "attack", "lis", ["gob"], [16, 4], weapon="Longsword")
    assert outcome.data["bonus"] == -1 + 2 and outcome.data["damage"] == 4 - 1


def test_a_critical_with_1d8_plus_3_rolls_2d8_plus_3() -> None:
    outcome = act(fight(fighter(), goblin(hp=30)), "attack", "hero", ["gob"], [20, 6, 7],
                  weapon="Longsword")  # fmt: skip
    assert outcome.rolls[1].expression == "2d8+3" and outcome.rolls[1].faces == (6, 7)
    assert outcome.data["damage"] == 16 and outcome.data["hp_after"] == 14


def test_a_monster_action_keeps_its_bonus_and_every_damage_type() -> None:
    bite = {
        "name": "Bite",
        "attack_bonus": 14,
        "reach": 10,
        "damage": [{"dice": "2d10+8", "type": "piercing"}, {"dice": "2d6", "type": "fire"}],
    }
    dragon = creature("drg", "enemies", str=27, size="huge", actions=[bite])  # fmt: skip
    state = fight(dragon, fighter(hp=60))
    outcome = act(state, "attack", "drg", ["hero"], [5, 3, 4, 1, 2], weapon="Bite", distance=10)
    assert outcome.data["total"] == 19 and outcome.data["hit"]
    assert [r.expression for r in outcome.rolls] == ["1d20+14", "2d10+8", "2d6"]
    assert outcome.data["damage"] == (3 + 4 + 8) + (1 + 2)
    critical = act(state, "attack", "drg", ["hero"], [20, 1, 1, 1, 1, 1, 1, 1, 1],
                   weapon="Bite", distance=10)  # fmt: skip
    assert [r.expression for r in critical.rolls] == ["1d20+14", "4d10+8", "4d6"]


def test_reach_comes_from_the_stat_block_or_the_reach_property() -> None:
    state = fight(fighter(weapons=[GLAIVE]), goblin())
    assert act(state, "attack", "hero", ["gob"], [2], weapon="Glaive", distance=10).data
    with pytest.raises(RulesError, match="out of reach"):
        act(state, "attack", "hero", ["gob"], [2], weapon="Glaive", distance=15)


def test_a_versatile_weapon_in_two_hands_rolls_its_bigger_die() -> None:
    outcome = act(fight(fighter(), goblin(hp=30)), "attack", "hero", ["gob"], [15, 9],
                  weapon="Longsword", two_handed=True)  # fmt: skip
    assert outcome.rolls[1].expression == "1d10+3" and outcome.data["damage"] == 12
    with pytest.raises(RulesError, match="not versatile"):
        act(fight(fighter(weapons=[GLAIVE]), goblin()), "attack", "hero", ["gob"], [15, 9],
            weapon="Glaive", two_handed=True)  # fmt: skip


def test_without_proficiency_only_the_ability_counts() -> None:
    wizard = creature("mira", str=10, dex=14, weapons=[LONGSWORD], proficiencies=["daggers"])
    outcome = act(fight(wizard, goblin()), "attack", "mira", ["gob"], [3], weapon="Longsword")
    assert outcome.data["bonus"] == 0
    forced = act(fight(wizard, goblin()), "attack", "mira", ["gob"], [3], weapon="Longsword",
                 proficient="yes")  # fmt: skip
    assert forced.data["bonus"] == 2


def test_proficiency_by_name_reads_plurals_and_srd_word_order() -> None:
    crossbow = {**SHORTBOW, "name": "Crossbow, light"}
    archer = creature("a", dex=14, weapons=[crossbow], proficiencies=["light crossbows"])
    outcome = act(fight(archer, goblin()), "attack", "a", ["gob"], [3], weapon="Crossbow, light",
                  distance=30)  # fmt: skip
    assert outcome.data["bonus"] == 2 + 2


def test_cover_adds_2_or_5_and_total_cover_cannot_be_targeted() -> None:
    state = fight(fighter(), goblin())
    three = act(state, "attack", "hero", ["gob"], [14], weapon="Longsword", cover="three_quarters")
    assert three.data["ac"] == 20 and not three.data["hit"]
    with pytest.raises(RulesError, match="total cover"):
        act(state, "attack", "hero", ["gob"], [14], weapon="Longsword", cover="total")


def test_an_unconscious_target_within_5_ft_is_hit_critically() -> None:
    state = fight(fighter(), goblin(hp=30, conditions=["unconscious"]))
    outcome = act(state, "attack", "hero", ["gob"], [2, 11, 4, 4], weapon="Longsword")
    assert outcome.data["mode"] == "advantage" and outcome.data["critical"]
    assert outcome.data["damage"] == 4 + 4 + 3


def test_a_prone_target_is_easier_close_and_harder_far() -> None:
    state = fight(fighter(weapons=[SHORTBOW]), goblin(conditions=["prone"]))
    close = act(state, "attack", "hero", ["gob"], [2], weapon="Shortbow", distance=5)
    # prone within 5 ft: advantage; ranged with the target itself within 5 ft: disadvantage
    assert close.data["mode"] == "normal" and close.data["advantages"] == 1
    far = act(state, "attack", "hero", ["gob"], [2, 3], weapon="Shortbow", distance=30)
    assert far.data["mode"] == "disadvantage"


@pytest.mark.parametrize("condition", ["blinded", "poisoned", "prone", "restrained"])
def test_these_conditions_give_their_owner_disadvantage(condition: str) -> None:
    state = fight(fighter(conditions=[condition]), goblin())
    outcome = act(state, "attack", "hero", ["gob"], [18, 2], weapon="Longsword")
    assert outcome.data["mode"] == "disadvantage" and outcome.data["natural"] == 2


@pytest.mark.parametrize("condition", ["blinded", "restrained", "stunned", "paralyzed"])
def test_these_conditions_give_the_attacker_advantage(condition: str) -> None:
    state = fight(fighter(), goblin(hp=30, conditions=[condition]))
    outcome = act(state, "attack", "hero", ["gob"], [2, 9], weapon="Longsword", distance=5)
    assert outcome.data["mode"] == "advantage" and outcome.data["natural"] == 9


def test_an_invisible_attacker_has_advantage() -> None:
    state = fight(fighter(conditions=["invisible"]), goblin())
    assert act(state, "attack", "hero", ["gob"], [2, 3], weapon="Longsword").data["mode"] == (
        "advantage"
    )


def test_ranged_with_a_hostile_nearby_has_disadvantage() -> None:
    state = fight(fighter(weapons=[SHORTBOW]), goblin())
    outcome = act(state, "attack", "hero", ["gob"], [2, 3], weapon="Shortbow", distance=30,
                  hostile_nearby=True)  # fmt: skip
    assert outcome.data["mode"] == "disadvantage"


def test_thrown_needs_the_thrown_property() -> None:
    with pytest.raises(RulesError, match="cannot be thrown"):
        act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [2], weapon="Longsword",
            thrown=True)  # fmt: skip
    dagger = act(fight(fighter(weapons=[DAGGER]), goblin()), "attack", "hero", ["gob"], [2],
                 weapon="Dagger", thrown=True, distance=10)  # fmt: skip
    assert dagger.data["thrown"] and dagger.data["ranged"]


def test_unknown_weapons_targets_and_dead_targets_are_refused() -> None:
    with pytest.raises(RulesError, match="no weapon or attack called"):
        act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [2], weapon="Bazooka")
    state = fight(fighter(), goblin(conditions=["dead"], current=0))
    with pytest.raises(RulesError, match="already dead"):
        act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    with pytest.raises(RulesError, match="itself"):
        act(state, "attack", "hero", ["hero"], [2], weapon="Longsword")
    with pytest.raises(RulesError, match="no combatant"):
        act(state, "attack", "hero", ["nobody"], [2], weapon="Longsword")


def test_a_spell_without_a_spellcasting_ability_asks_for_one() -> None:
    bolt = {"name": "Fire Bolt", "range_normal": 120, "damage": [{"dice": "1d10",
                                                                  "type": "fire"}]}  # fmt: skip
    cleric = creature("jan", wis=16, actions=[bolt])
    state = fight(cleric, goblin())
    with pytest.raises(RulesError, match="spellcasting ability"):
        act(state, "attack", "jan", ["gob"], [2], weapon="Fire Bolt", distance=30)
    chosen = act(state, "attack", "jan", ["gob"], [2], weapon="Fire Bolt", distance=30,
                 ability="wis")  # fmt: skip
    assert chosen.data["bonus"] == 3 + 2


def test_a_save_action_has_no_attack_roll() -> None:
    flame = {"name": "Sacred Flame", "range_normal": 60, "dc": 13, "dc_ability": "dex",
             "damage": [{"dice": "1d8", "type": "radiant"}]}  # fmt: skip
    state = fight(creature("jan", actions=[flame]), goblin())
    with pytest.raises(RulesError, match="no attack roll"):
        act(state, "attack", "jan", ["gob"], [2], weapon="Sacred Flame", distance=30)


def test_with_no_distance_typed_a_ranged_attack_shoots_from_its_normal_range() -> None:
    """Issue N: a fight with the usual-distance option reads no distance as 5 ft for a melee
    weapon and as the weapon's normal range for a ranged one (no "within 5 ft" disadvantage);
    a fight from before the option keeps 5 ft for both, as its log was written."""
    from combat.rules.dnd5e.catalogue import USUAL_DISTANCE

    archer = fighter("archer", weapons=(SHORTBOW, LONGSWORD), dex=16)
    for usual, distance, mode in (("weapon", 80, "normal"), ("5", 5, "disadvantage")):
        state = fight(archer, goblin("gob"), **{USUAL_DISTANCE: usual})
        shot = act(state, "attack", "archer", ["gob"], faces=[15, 4], weapon="Shortbow")
        assert (shot.data["distance"], shot.data["mode"]) == (distance, mode)
    older = fight(archer, goblin("gob"))  # no such option: 5 ft
    assert (
        act(older, "attack", "archer", ["gob"], faces=[15, 4], weapon="Shortbow").data["distance"]
        == 5
    )
    state = fight(archer, goblin("gob"), **{USUAL_DISTANCE: "weapon"})
    cut = act(state, "attack", "archer", ["gob"], faces=[15, 4], weapon="Longsword")
    assert cut.data["distance"] == 5 and not cut.data["ranged"]
    typed = act(state, "attack", "archer", ["gob"], faces=[15, 4], weapon="Shortbow", distance=5)
    assert typed.data["mode"] == "disadvantage"  # typed: as typed
