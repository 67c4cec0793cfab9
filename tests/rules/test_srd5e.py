"""The SRD 5.1 mapper against the real 5e-bits data (read from ../shared, never copied here)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combat.rules.dnd5e import CREATURE
from combat.rules.dnd5e.srd import SrdEntryError, equipment_from_srd, monster_from_srd
from tests.srd import load


def raw_monster(name: str) -> dict[str, Any]:
    return copy.deepcopy(next(m for m in load("5e-SRD-Monsters.json") if m["name"] == name))


def raw_item(name: str) -> dict[str, Any]:
    return copy.deepcopy(next(e for e in load("5e-SRD-Equipment.json") if e["name"] == name))


def monster(name: str) -> dict[str, Any]:
    mapped_name, stats = monster_from_srd(raw_monster(name))
    assert mapped_name == name
    return stats


def action(stats: dict[str, Any], name: str, key: str = "actions") -> dict[str, Any]:
    return next(a for a in stats[key] if a["name"] == name)


def item(name: str) -> tuple[str, dict[str, Any]]:
    mapped = equipment_from_srd(raw_item(name))
    assert mapped is not None and mapped[1] == name
    return mapped[0], mapped[2]


# --- monsters ----------------------------------------------------------------------------------


def test_all_334_monsters_map_to_clean_stats() -> None:
    monsters = load("5e-SRD-Monsters.json")
    assert len(monsters) == 334
    mapped = dict(monster_from_srd(entry) for entry in monsters)
    assert len(mapped) == 334
    for stats in mapped.values():
        assert CREATURE.clean(stats) == stats


def test_the_goblin_has_ac_15_hp_7_and_a_scimitar_at_plus_4() -> None:
    goblin = monster("Goblin")
    assert (goblin["ac"], goblin["hp"], goblin["hit_dice"]) == (15, 7, "2d6")
    assert (goblin["dex"], goblin["str"], goblin["size"], goblin["speed"]) == (14, 8, "small", 30)
    assert goblin["challenge_rating"] == "1/4" and goblin["skills"] == {"stealth": 6}
    scimitar = action(goblin, "Scimitar")
    assert scimitar["attack_bonus"] == 4 and scimitar["reach"] == 5
    assert scimitar["damage"] == [{"dice": "1d6+2", "type": "slashing", "note": ""}]
    shortbow = action(goblin, "Shortbow")
    assert (shortbow["range_normal"], shortbow["range_long"], shortbow["reach"]) == (80, 320, None)
    assert action(goblin, "Nimble Escape", "traits")["text"].startswith("The goblin can take")


def test_the_adult_red_dragon_keeps_bite_breath_multiattack_and_legendary_actions() -> None:
    dragon = monster("Adult Red Dragon")
    assert (dragon["ac"], dragon["hp"], dragon["hit_dice"], dragon["size"]) == (
        19, 256, "19d12", "huge",
    )  # fmt: skip
    assert (dragon["speed"], dragon["speed_climb"], dragon["speed_fly"]) == (40, 40, 80)
    assert dragon["damage_immunities"] == ["fire"] and dragon["challenge_rating"] == "17"
    assert dragon["saving_throws"] == {"dex": 6, "con": 13, "wis": 7, "cha": 11}
    assert "three attacks" in dragon["multiattack"]
    assert "Multiattack" not in [a["name"] for a in dragon["actions"]]
    bite = action(dragon, "Bite")
    assert (bite["attack_bonus"], bite["reach"]) == (14, 10)
    assert [(d["dice"], d["type"]) for d in bite["damage"]] == [("2d10+8", "piercing"),
                                                                ("2d6", "fire")]  # fmt: skip
    breath = action(dragon, "Fire Breath")
    assert breath["attack_bonus"] is None
    assert (breath["dc"], breath["dc_ability"], breath["usage"]) == (21, "dex", "Recharge 5–6")
    assert breath["damage"] == [{"dice": "18d6", "type": "fire", "note": ""}]
    assert len(dragon["legendary_actions"]) == 3


def test_the_aboleth_swims_and_attacks_with_three_tentacles() -> None:
    aboleth = monster("Aboleth")
    assert (aboleth["ac"], aboleth["hp"], aboleth["hit_dice"]) == (17, 135, "18d10")
    assert (aboleth["speed"], aboleth["speed_swim"]) == (10, 40)
    assert aboleth["saving_throws"] == {"con": 6, "int": 8, "wis": 6}
    assert aboleth["multiattack"] == "The aboleth makes three tentacle attacks."
    tentacle = action(aboleth, "Tentacle")
    assert (tentacle["attack_bonus"], tentacle["reach"]) == (9, 10)
    assert tentacle["damage"][0]["dice"] == "2d6+5"
    assert tentacle["damage"][0]["type"] == "bludgeoning"
    assert action(aboleth, "Enslave")["dc"] == 14


def test_conditional_armour_classes_keep_the_ordinary_one() -> None:
    assert monster("Ankheg")["ac"] == 14  # 14 natural, 11 while prone


def test_flying_hoverers_have_no_walking_speed_and_qualified_resistances() -> None:
    air = monster("Air Elemental")
    assert (air["speed"], air["speed_fly"], air["hover"]) == (0, 90, True)
    assert (
        "bludgeoning, piercing, and slashing from nonmagical weapons" in air["damage_resistances"]
    )
    assert set(air["condition_immunities"]) >= {"exhaustion", "grappled", "paralyzed"}


def test_a_choice_of_damage_keeps_the_first_and_notes_the_other() -> None:
    longsword = action(monster("Drider"), "Longsword")
    assert longsword["damage"][0]["dice"] == "1d8+3"
    assert "1d10+3" in longsword["damage"][0]["note"]


def test_an_older_data_version_with_a_plain_int_ac_is_accepted() -> None:
    goblin = raw_monster("Goblin")
    goblin["armor_class"] = 13
    assert monster_from_srd(goblin)[1]["ac"] == 13


# --- equipment ---------------------------------------------------------------------------------


def test_the_longsword_is_1d8_slashing_versatile_1d10() -> None:
    kind, sword = item("Longsword")
    assert kind == "weapon"
    assert (sword["damage"], sword["damage_type"], sword["versatile_damage"]) == (
        "1d8", "slashing", "1d10",
    )  # fmt: skip
    assert sword["properties"] == ["versatile"] and sword["category"] == "martial"
    assert (sword["range_normal"], sword["range_long"]) == (None, None)


def test_the_longbow_shoots_150_600() -> None:
    _kind, bow = item("Longbow")
    assert (bow["range_normal"], bow["range_long"], bow["weapon_range"]) == (150, 600, "ranged")
    assert bow["properties"] == ["ammunition", "heavy", "two_handed"]


def test_a_thrown_melee_weapon_keeps_its_throwing_range() -> None:
    _kind, dagger = item("Dagger")
    assert (dagger["range_normal"], dagger["range_long"]) == (20, 60)
    assert "thrown" in dagger["properties"] and dagger["weapon_range"] == "melee"


def test_the_net_does_no_damage_and_keeps_its_special_rule() -> None:
    _kind, net = item("Net")
    assert net["damage"] is None and "restrained" in net["notes"]


def test_chain_mail_is_ac_16_str_13_with_stealth_disadvantage() -> None:
    kind, mail = item("Chain Mail")
    assert kind == "armor"
    assert mail == {"category": "heavy", "base_ac": 16, "dex_bonus": False, "max_dex_bonus": None,
                    "str_minimum": 13, "stealth_disadvantage": True, "notes": ""}  # fmt: skip
    assert item("Breastplate")[1]["max_dex_bonus"] == 2
    assert item("Shield")[1]["category"] == "shield"


def test_only_weapons_and_armour_are_mapped() -> None:
    mapped = [equipment_from_srd(e) for e in load("5e-SRD-Equipment.json")]
    kinds = [m[0] for m in mapped if m is not None]
    assert (kinds.count("weapon"), kinds.count("armor"), len(mapped)) == (37, 13, 237)
    assert equipment_from_srd(raw_item("Abacus")) is None


# --- malformed entries -------------------------------------------------------------------------


def broken(name: str, **changes: Any) -> dict[str, Any]:
    entry = raw_monster(name)
    for key, value in changes.items():
        if value is None:
            del entry[key]
        else:
            entry[key] = value
    return entry


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"armor_class": "fifteen"}, "armor_class"),
        ({"armor_class": []}, "armor_class"),
        ({"hit_points": None}, "hit_points"),
        ({"hit_points": 0}, "hit_points"),
        ({"strength": 40}, "strength"),
        ({"size": "Colossal"}, "size"),
        ({"speed": {"walk": "fast"}}, "speed"),
        ({"actions": [{"name": "Bite", "damage": [{"damage_dice": "lots",
                                                   "damage_type": {"index": "piercing"}}]}]},
         "actions"),
        ({"actions": "bite"}, "actions"),
        ({"proficiencies": [{"value": 3}]}, "proficiencies"),
        ({"challenge_rating": "hard"}, "challenge_rating"),
        ({"challenge_rating": float("inf")}, "challenge_rating"),
        ({"damage_resistances": "fire"}, "damage_resistances"),
    ],
)  # fmt: skip
def test_a_malformed_monster_names_the_srd_field(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(SrdEntryError) as caught:
        monster_from_srd(broken("Goblin", **changes))
    assert (caught.value.name, caught.value.field) == ("Goblin", field)
    assert str(caught.value).startswith(f"Goblin: {field}: ")


def test_an_entry_without_a_name_or_not_an_object_is_rejected() -> None:
    with pytest.raises(SrdEntryError) as caught:
        monster_from_srd({"hit_points": 7})
    assert caught.value.field == "name"
    with pytest.raises(SrdEntryError):
        monster_from_srd(["Goblin"])  # type: ignore[arg-type]


def test_malformed_equipment_names_the_srd_field() -> None:
    mail = raw_item("Chain Mail")
    mail["armor_class"] = {"dex_bonus": False}
    with pytest.raises(SrdEntryError) as caught:
        equipment_from_srd(mail)
    assert (caught.value.name, caught.value.field) == ("Chain Mail", "armor_class")
    sword = raw_item("Longsword")
    sword["damage"] = {"damage_dice": "1d8"}
    with pytest.raises(SrdEntryError) as caught:
        equipment_from_srd(sword)
    assert caught.value.field == "damage"


# --- any damage to an entry is reported as SrdEntryError -----------------------------------------

json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_damaged_monster_either_maps_or_raises_srd_entry_error(data: st.DataObject) -> None:
    entry = raw_monster(data.draw(st.sampled_from(["Goblin", "Adult Red Dragon", "Drider"])))
    for key in data.draw(st.lists(st.sampled_from(sorted(entry)), max_size=3)):
        entry[key] = data.draw(json_like)
    for item in entry.get("actions", [])[:2] if isinstance(entry.get("actions"), list) else []:
        if isinstance(item, dict) and data.draw(st.booleans()):
            item[data.draw(st.sampled_from(sorted(item) or ["name"]))] = data.draw(json_like)
    try:
        _name, stats = monster_from_srd(entry)
    except SrdEntryError as error:
        assert error.field
        return
    assert CREATURE.clean(stats) == stats


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_damaged_item_either_maps_or_raises_srd_entry_error(data: st.DataObject) -> None:
    entry = raw_item(data.draw(st.sampled_from(["Longsword", "Net", "Chain Mail", "Dagger"])))
    for key in data.draw(st.lists(st.sampled_from(sorted(entry)), min_size=1, max_size=3)):
        entry[key] = data.draw(json_like)
    try:
        equipment_from_srd(entry)
    except SrdEntryError as error:
        assert error.field
