"""Ammunition (seed 003, Munice): APDS, explosive and high-explosive, flechette, gel [std]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.faces import TypedFaces
from combat.rules.shadowrun3.ammunition import armour_against, volley_code
from combat.rules.shadowrun3.damage import DamageCode, Resister
from combat.rules.shadowrun3.ranged import Shot, resolve_ranged

LIAM = Resister("liam", "Liam", body=4, ballistic=2, impact=1)
SNOT = Resister("snot", "Snot", body=5, ballistic=4, impact=2)
NAKED = Resister("n", "Ganger", body=4)
PREDATOR = DamageCode(9, "M")


def shot(ammunition: str, target: Resister = SNOT, dice: int = 1) -> Shot:
    code, _steps = volley_code(PREDATOR, None, ammunition)
    return Shot(attacker=LIAM, target=target, dice=dice, target_number=4, code=code,
                standard_code=PREDATOR, ammunition=ammunition)  # fmt: skip


@pytest.mark.parametrize(("ballistic", "halved"), [(4, 2), (5, 2), (1, 0), (0, 0)])
def test_apds_halves_armour_rounding_down(ballistic: int, halved: int) -> None:
    # seed 003: "se hodnocení pancíře … snižuje na polovinu. Vždy se zaokrouhluje dolů."
    target = Resister("t", "T", body=4, ballistic=ballistic)
    assert armour_against(target, kind="ballistic", ammunition="apds").value == halved


def test_apds_lowers_the_resistance_tn() -> None:
    result = resolve_ranged(shot("apds"), TypedFaces((6, 1, 1, 1, 1, 1)))
    assert result.resistance is not None and result.resistance.target == 9 - 2


@pytest.mark.parametrize(("ammunition", "power"), [("explosive", 10), ("high_explosive", 11),
                                                   ("normal", 9), ("apds", 9)])  # fmt: skip
def test_explosive_rounds_add_power(ammunition: str, power: int) -> None:
    assert volley_code(PREDATOR, None, ammunition)[0] == DamageCode(power, "M")


def test_an_explosive_round_with_all_ones_explodes_on_the_shooter() -> None:
    # seed 003: "střílející postava okamžitě vystavena jednomu útoku … kód poškození, jaký
    # odpovídá standardu zbraně … nemůže ale použít kostky bojových rezerv … hoďte 1k6.
    # Zamýšlený útok postavy se zcela mine účinkem."
    faces = TypedFaces(
        (
            1,
            1,
            1,  # the attack: every die a 1
            4,  # 1d6: the explosion's successes
            6,
            1,
            1,
            1,
            3,
        )
    )  # Liam's Body 4 against 9 − 2 = 7: 6+3 is one success
    result = resolve_ranged(shot("explosive", dice=3), faces)
    assert faces.remaining == 0
    assert result.misfire is not None
    assert (result.misfire.successes, result.misfire.code) == (4, PREDATOR)  # not 10M
    assert result.misfire.resistance.dice == 4  # no pool dice
    assert result.misfire.resistance.target == 7
    assert (result.hit, result.victim, result.level, result.boxes) == (False, "liam", "S", 6)
    assert result.data()["misfire"] is True and result.data()["damage"] == 6
    assert [r.purpose for r in result.rolls] == ["attack", "misfire", "resistance"]


def test_all_ones_with_normal_rounds_is_only_a_miss() -> None:
    result = resolve_ranged(shot("normal", dice=3), TypedFaces((1, 1, 1)))
    assert (result.misfire, result.victim, result.attack.disaster) == (None, None, True)


def test_high_explosive_rounds_misfire_too() -> None:
    # the 1d6 shows 1 and Liam's four Body dice all miss: 1 net success keeps 9M
    result = resolve_ranged(shot("high_explosive", dice=1), TypedFaces((1, 1, 1, 1, 1, 1)))
    assert result.misfire is not None
    assert (result.misfire.successes, result.misfire.level, result.victim) == (1, "M", "liam")
    assert result.code == PREDATOR  # the weapon's standard code, not 11M


def test_flechette_raises_the_level_against_an_unarmoured_target() -> None:
    # seed 003: "těžká pistole (kód poškození 9M) … flešetovou municí … kód poškození 9V"
    result = resolve_ranged(shot("flechette", NAKED), TypedFaces((6, 1, 1, 1, 1)))
    assert result.code == DamageCode(9, "S")
    assert result.resistance is not None and result.resistance.target == 9
    assert (result.level, result.boxes) == ("S", 6)


def test_flechette_against_armour_uses_twice_impact_or_ballistic() -> None:
    # "použijte buď dvojnásobek protinárazového pancíře, nebo … balistické … co je větší"
    assert armour_against(SNOT, kind="ballistic", ammunition="flechette").value == 4
    vest = Resister("v", "V", body=4, ballistic=2, impact=3)
    armour = armour_against(vest, kind="ballistic", ammunition="flechette")
    assert (armour.value, armour.level_bonus) == (6, 0)


def test_dermal_armour_cancels_the_flechette_level_increase() -> None:
    troll = Resister("t", "Troll", body=8, dermal=1)
    armour = armour_against(troll, kind="ballistic", ammunition="flechette")
    assert (armour.value, armour.level_bonus) == (0, 0)


def test_a_called_shot_at_an_unarmoured_spot_overrides_the_armour() -> None:
    armour = armour_against(SNOT, kind="ballistic", ammunition="normal", override=0)
    assert armour.value == 0
    called = replace(shot("normal"), armour_override=1)
    result = resolve_ranged(called, TypedFaces((6, 1, 1, 1, 1, 1)))
    assert result.resistance is not None and result.resistance.target == 8


def test_gel_rounds_are_power_minus_2_stun_against_impact() -> None:
    code, _steps = volley_code(PREDATOR, None, "gel")
    assert code == DamageCode(7, "M", stun=True)
    assert armour_against(SNOT, kind="ballistic", ammunition="gel").value == 2
    result = resolve_ranged(shot("gel"), TypedFaces((6, 1, 1, 1, 1, 1)))
    assert result.stun and result.resistance is not None and result.resistance.target == 5
