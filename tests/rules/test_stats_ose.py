"""Old-School Essentials stats: TZ/THAC0, morale, saves, weapons with range bands."""

from __future__ import annotations

import pytest

from combat.rules.ose import ARMOR, CREATURE, WEAPON
from combat.rules.schema import StatError


def test_defaults_are_an_unarmoured_normal_human() -> None:
    d = CREATURE.defaults()
    assert (d["ac"], d["aac"], d["thac0"], d["attack_bonus"]) == (9, None, 19, None)
    saves = [d[k] for k in ("save_death", "save_wands", "save_paralysis", "save_breath",
                            "save_spells")]  # fmt: skip
    assert saves == [14, 15, 16, 17, 18]
    assert d["morale"] == 7 and d["attacks_per_round"] == 1 and d["movement"] == 40


def test_descending_ac_may_go_below_zero() -> None:
    assert CREATURE.clean({"ac": "-3", "thac0": 10})["ac"] == -3
    with pytest.raises(StatError):
        CREATURE.clean({"ac": -11})


@pytest.mark.parametrize("morale", [1, 13, "x"])
def test_morale_is_a_2d6_score(morale: object) -> None:
    with pytest.raises(StatError) as caught:
        CREATURE.clean({"morale": morale})
    assert caught.value.for_field("morale")


def test_morale_and_monster_attacks_belong_to_monsters_only() -> None:
    assert CREATURE["morale"].npc_only and CREATURE["attacks"].npc_only
    assert not CREATURE["hp"].npc_only


def test_monster_attacks_carry_their_own_damage() -> None:
    bear = CREATURE.clean(
        {"attacks_per_round": 3, "attacks": [{"name": "Claw", "damage": "1d3"},
                                             {"name": "Bite", "damage": "1D6"}]}
    )  # fmt: skip
    assert [(a["name"], a["damage"]) for a in bear["attacks"]] == [("Claw", "1d3"), ("Bite", "1d6")]
    with pytest.raises(StatError) as caught:
        CREATURE.clean({"attacks": [{"name": "Claw", "damage": "a lot"}]})
    assert [p.field for p in caught.value.problems] == ["attacks[0].damage"]


def test_immunities_are_free_tags() -> None:
    cleaned = CREATURE.clean({"immunities": ["nemagické zbraně", "sleep", "sleep"]})
    assert cleaned["immunities"] == ["nemagické zbraně", "sleep"]


def test_labels_use_tz_and_kp() -> None:
    assert CREATURE["ac"].label.cs.startswith("TZ")
    assert CREATURE["ac"].label.pl.startswith("KP")
    assert CREATURE["aac"].label.cs.startswith("VTZ")
    assert CREATURE["thac0"].label.cs == "THAC0"


def test_weapons_deal_1d6_by_default_and_may_be_slow_or_two_handed() -> None:
    assert WEAPON.defaults()["damage"] == "1d6"
    two_handed_sword = WEAPON.clean({"damage": "1d10", "slow": "yes", "two_handed": True})
    assert two_handed_sword["slow"] and two_handed_sword["two_handed"]


def test_missile_ranges_must_not_shrink() -> None:
    bow = WEAPON.clean({"kind": "missile", "range_short": 50, "range_medium": 100,
                        "range_long": 150})  # fmt: skip
    assert (bow["range_short"], bow["range_long"]) == (50, 150)
    with pytest.raises(StatError) as caught:
        WEAPON.clean({"kind": "missile", "range_short": 50, "range_medium": 25, "range_long": 150})
    assert [p.field for p in caught.value.problems] == ["range_medium"]


def test_armour_bonus_serves_both_ac_and_aac_and_shields_are_flagged() -> None:
    chain = ARMOR.clean({"ac_bonus": 4})
    shield = ARMOR.clean({"ac_bonus": 1, "shield": True})
    assert chain["ac_bonus"] == 4 and not chain["shield"]
    assert shield["shield"]
    with pytest.raises(StatError):
        ARMOR.clean({"ac_bonus": 11})
