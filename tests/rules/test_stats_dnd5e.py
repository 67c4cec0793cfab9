"""D&D 5e stats: abilities, KP, SRD-shaped actions, weapon properties, armour."""

from __future__ import annotations

import pytest

from combat.rules.dnd5e import ARMOR, CREATURE, WEAPON
from combat.rules.dnd5e.words import CONDITIONS, DAMAGE_TYPES
from combat.rules.schema import StatError


@pytest.mark.parametrize("ability", ["str", "dex", "con", "int", "wis", "cha"])
def test_ability_scores_run_from_1_to_30(ability: str) -> None:
    assert CREATURE.clean({ability: 30})[ability] == 30
    for bad in (0, 31):
        with pytest.raises(StatError):
            CREATURE.clean({ability: bad})


def test_polish_labels_say_kp_and_pw() -> None:
    assert CREATURE["ac"].label.pl == "KP (klasa pancerza)"
    assert "PW" in CREATURE["hp"].label.pl
    assert CREATURE["proficiency_bonus"].label.pl == "Premia do biegłości"  # seed 002 l. 3, 11


def test_there_are_thirteen_damage_types_and_fifteen_conditions() -> None:
    assert len(DAMAGE_TYPES) == 13 and len(CONDITIONS) == 15


def test_resistances_take_a_damage_type_or_a_whole_srd_phrase() -> None:
    phrase = "bludgeoning, piercing, and slashing from nonmagical weapons that aren't silvered"
    cleaned = CREATURE.clean({"damage_resistances": ["Fire", "ogień", phrase]})
    assert cleaned["damage_resistances"] == ["fire", phrase]
    with pytest.raises(StatError):
        CREATURE.clean({"damage_immunities": ["x" * 101]})


def test_condition_immunities_are_restricted_to_the_conditions() -> None:
    assert CREATURE.clean({"condition_immunities": ["Poisoned"]})["condition_immunities"] == [
        "poisoned"
    ]
    with pytest.raises(StatError):
        CREATURE.clean({"condition_immunities": ["sleepy"]})


def test_saving_throws_and_skills_are_total_bonuses_by_key() -> None:
    cleaned = CREATURE.clean({"saving_throws": {"DEX": 5}, "skills": {"Stealth": 6}})
    assert cleaned["saving_throws"] == {"dex": 5} and cleaned["skills"] == {"stealth": 6}
    with pytest.raises(StatError):
        CREATURE.clean({"skills": {"Juggling": 2}})


def test_speed_is_structured_in_feet() -> None:
    dragon = CREATURE.clean({"speed": 40, "speed_fly": "80", "speed_climb": 40})
    assert (dragon["speed"], dragon["speed_fly"], dragon["speed_swim"]) == (40, 80, 0)


def test_actions_keep_attack_bonus_damage_list_and_text() -> None:
    bite = {
        "name": "Bite",
        "attack_bonus": 14,
        "reach": 10,
        "damage": [{"dice": "2d10+8", "type": "piercing"}, {"dice": "2d6", "type": "fire"}],
    }
    breath = {
        "name": "Fire Breath",
        "dc": 21,
        "dc_ability": "dex",
        "dc_success": "half",
        "damage": [{"dice": "18d6", "type": "fire"}],
        "usage": "Recharge 5–6",
    }
    cleaned = CREATURE.clean({"actions": [bite, breath], "multiattack": "Bite, then two claws."})
    assert cleaned["actions"][0]["damage"][1] == {"dice": "2d6", "type": "fire", "note": ""}
    assert cleaned["actions"][1]["attack_bonus"] is None
    assert cleaned["multiattack"] == "Bite, then two claws."
    with pytest.raises(StatError) as caught:
        CREATURE.clean({"actions": [{"name": "Bite", "damage": [{"dice": "2d6", "type": "fyre"}]}]})
    assert [p.field for p in caught.value.problems] == ["actions[0].damage[0].type"]


def test_challenge_rating_is_npc_only_and_takes_fractions() -> None:
    assert CREATURE["challenge_rating"].npc_only
    assert CREATURE.clean({"challenge_rating": "1/4"})["challenge_rating"] == "1/4"
    assert CREATURE.clean({"challenge_rating": 17})["challenge_rating"] == "17"
    with pytest.raises(StatError):
        CREATURE.clean({"challenge_rating": "0.3"})


def test_a_versatile_weapon_needs_its_two_handed_damage() -> None:
    longsword = WEAPON.clean({"damage": "1d8", "damage_type": "slashing",
                              "properties": ["versatile"], "versatile_damage": "1d10"})  # fmt: skip
    assert longsword["versatile_damage"] == "1d10"
    with pytest.raises(StatError) as caught:
        WEAPON.clean({"properties": ["versatile"]})
    assert [p.field for p in caught.value.problems] == ["versatile_damage"]


def test_weapon_properties_are_restricted_and_accept_the_srd_spelling() -> None:
    cleaned = WEAPON.clean({"properties": ["Two-Handed", "finezyjna", "thrown"]})
    assert cleaned["properties"] == ["two_handed", "finesse", "thrown"]
    with pytest.raises(StatError):
        WEAPON.clean({"properties": ["sharp"]})


def test_long_range_must_not_be_shorter_than_normal_range() -> None:
    assert WEAPON.clean({"range_normal": 150, "range_long": 600})["range_long"] == 600
    with pytest.raises(StatError):
        WEAPON.clean({"range_normal": 150, "range_long": 60})


def test_armour_records_category_ac_dex_cap_strength_and_stealth() -> None:
    plate = ARMOR.clean({"category": "Heavy", "base_ac": 18, "dex_bonus": False,
                         "str_minimum": 15, "stealth_disadvantage": True})  # fmt: skip
    assert plate["category"] == "heavy" and plate["max_dex_bonus"] is None
    assert ARMOR.clean({"category": "medium", "max_dex_bonus": 2})["max_dex_bonus"] == 2
    with pytest.raises(StatError):
        ARMOR.clean({"category": "mithral"})
