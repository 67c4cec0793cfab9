"""Shadowrun 3 stats: attributes, damage codes, firing modes, range bands (seed 003)."""

from __future__ import annotations

import pytest

from combat.rules.schema import StatError
from combat.rules.shadowrun3 import ARMOR, CREATURE, WEAPON


def test_longbone_3_5_plus_2d6_is_natural_reaction_bonus_and_dice() -> None:
    # seed 003: "iniciativu 3 (5) + 1k6 (2k6)"
    longbone = CREATURE.clean({"metatype": "Ork", "reaction": 3, "reaction_bonus": 2,
                               "initiative_dice": 2})  # fmt: skip
    assert (longbone["reaction"], longbone["reaction_bonus"], longbone["initiative_dice"]) == (
        3, 2, 2,
    )  # fmt: skip
    assert longbone["metatype"] == "ork"


@pytest.mark.parametrize(("field", "value"), [("initiative_dice", 6), ("body", 0),
                                              ("dermal_armor", 7), ("essence", "7"),
                                              ("essence", "abc"), ("metatype", "gnome")])  # fmt: skip
def test_values_outside_the_game_are_rejected(field: str, value: object) -> None:
    with pytest.raises(StatError) as caught:
        CREATURE.clean({field: value})
    assert caught.value.for_field(field)


def test_snot_has_body_5_and_ballistic_armour_4() -> None:
    snot = CREATURE.clean({"body": 5, "ballistic": 4, "essence": "5.8"})
    assert (snot["body"], snot["ballistic"], snot["impact"], snot["essence"]) == (5, 4, 0, "5.8")


def test_combat_pool_is_derived_unless_set() -> None:
    assert CREATURE.defaults()["combat_pool"] is None
    assert CREATURE.clean({"combat_pool": "5"})["combat_pool"] == 5


def test_czech_metatype_names_map_to_keys() -> None:
    assert CREATURE.clean({"metatype": "Trpaslík"})["metatype"] == "dwarf"


def test_ares_predator_is_9m() -> None:
    predator = WEAPON.clean({"power": 9, "damage_level": "m", "weapon_type": "Těžká pistole",
                             "firing_modes": ["ss", "SA"]})  # fmt: skip
    assert (predator["power"], predator["damage_level"]) == (9, "M")
    assert predator["weapon_type"] == "heavy_pistol"
    assert predator["firing_modes"] == ["SS", "SA"]


def test_damage_levels_are_l_m_s_d_with_czech_l_m_v_s_labels() -> None:
    choices = WEAPON["damage_level"].choices or ()
    assert [v for v, _l in choices] == ["L", "M", "S", "D"]
    assert [label.cs[0] for _v, label in choices] == ["L", "M", "V", "S"]
    assert WEAPON["damage_level"].choice_label("S", "cs") == "V – vážné"


def test_firing_modes_are_only_ss_sa_bf_fa() -> None:
    with pytest.raises(StatError):
        WEAPON.clean({"firing_modes": ["SS", "laser"]})


def test_a_bow_scales_its_bands_with_strength() -> None:
    # seed 003: bow at Strength 5 -> 0-5 / 6-50 / 51-150 / 151-300 m (x1, x10, x30, x60)
    bow = WEAPON.clean({"weapon_type": "bow", "range_short": 1, "range_medium": 10,
                        "range_long": 30, "range_extreme": 60,
                        "ranges_scale_with_strength": True, "strength_minimum": 5})  # fmt: skip
    assert bow["ranges_scale_with_strength"] and bow["strength_minimum"] == 5
    with pytest.raises(StatError) as caught:
        WEAPON.clean({"range_short": 10, "range_medium": 40, "range_long": 30, "range_extreme": 60})
    assert [p.field for p in caught.value.problems] == ["range_long"]


def test_wedges_ak97_has_compensation_4_and_a_laser() -> None:
    ak = WEAPON.clean({"power": 8, "damage_level": "M", "weapon_type": "assault_rifle",
                       "firing_modes": ["SA", "BF", "FA"], "recoil_compensation": 4,
                       "laser_sight": True, "magazine": 38})  # fmt: skip
    assert ak["recoil_compensation"] == 4 and ak["laser_sight"] and not ak["smartgun"]


def test_melee_codes_can_add_strength_and_be_stun() -> None:
    baton = WEAPON.clean({"weapon_type": "melee", "power": 2, "strength_based": True,
                          "stun": True, "reach": 1})  # fmt: skip
    assert baton["strength_based"] and baton["stun"] and baton["reach"] == 1


def test_ammunition_types_include_apds_and_flechette() -> None:
    values = [v for v, _l in WEAPON["ammunition"].choices or ()]
    assert {"normal", "apds", "explosive", "high_explosive", "flechette", "gel"} == set(values)


def test_armour_records_are_ballistic_and_impact() -> None:
    assert ARMOR.clean({"ballistic": 5, "impact": 3}) == {"ballistic": 5, "impact": 3, "notes": ""}
