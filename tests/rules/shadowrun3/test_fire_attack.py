"""Steps 3–6 of a ranged attack: attack test, dodge, damage resistance, staging (seed 003)."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.faces import TypedFaces
from combat.rules.shadowrun3.damage import DamageCode, Monitors, Resister, take_damage
from combat.rules.shadowrun3.modifiers import dodge_target_number
from combat.rules.shadowrun3.ranged import Shot, resolve_ranged

LIAM = Resister("liam", "Liam", body=4, ballistic=2, impact=1)
# seed 003: "Snot, má tělo 5 a balistický pancíř stupně 4"
SNOT = Resister("snot", "Snot", body=5, ballistic=4, impact=2)
PREDATOR = DamageCode(9, "M")  # "Ares Predator, která má kód poškození 9M"
LIAM_DICE = (3, 4, 3, 2, 5, 5, 1, 2, 6, 5)  # Pistols 6 + 4 pool dice
SNOT_DODGE = (2, 3, 3, 5, 6)  # "Kostky ukáží 2, 3, 3, 5 a 6 pouze dva úspěchy"
SNOT_BODY = (1, 1, 2, 3, 6)  # "Snotovi padnou následující čísla: 1, 1, 2, 3 a 6"

SHOT = Shot(attacker=LIAM, target=SNOT, dice=10, target_number=4, code=PREDATOR,
            standard_code=PREDATOR, dodge_dice=5,
            dodge_target=dodge_target_number(wound_tn=1).value)  # fmt: skip


def test_liam_shoots_snot_for_9s() -> None:
    faces = TypedFaces((*LIAM_DICE, *SNOT_DODGE, *SNOT_BODY))
    result = resolve_ranged(SHOT, faces)
    assert faces.remaining == 0
    assert result.attack.successes == 5
    assert result.dodge is not None and (result.dodge.target, result.dodge.successes) == (5, 2)
    assert result.resistance is not None
    assert (result.resistance.target, result.resistance.successes) == (5, 1)
    # "Liam (útočník s pěti úspěchy) má o dva více než Snot (s pouhými třemi úspěchy)" → V
    assert (result.net, result.level, result.hit, result.victim) == (2, "S", True, "snot")
    assert result.boxes == 6
    assert [r.purpose for r in result.rolls] == ["attack", "dodge", "resistance"]
    assert [r.roller for r in result.rolls] == ["liam", "snot", "snot"]
    assert result.data()["hit"] is True and result.data()["damage"] == 6


def test_snot_serious_wound_fills_six_boxes() -> None:
    result = resolve_ranged(SHOT, TypedFaces((*LIAM_DICE, *SNOT_DODGE, *SNOT_BODY)))
    wound = take_damage(Monitors(physical=1), result.level, stun=result.stun, body=SNOT.body)
    assert wound.after == Monitors(physical=7)


def test_a_tie_keeps_the_weapons_level() -> None:
    # "Pokud by oběma padl stejný počet úspěchů, utrpěl by Snot mírné zranění"
    faces = TypedFaces((*LIAM_DICE, *SNOT_DODGE, 5, 5, 6, 1, 1))
    result = resolve_ranged(SHOT, faces)
    assert (result.net, result.level) == (0, "M")


def test_more_dodge_successes_than_the_attacker_avoid_the_hit() -> None:
    shot = replace(SHOT, target_number=5)  # Liam's dice are 4 successes against 5
    faces = TypedFaces((*LIAM_DICE, 5, 5, 5, 6, 6))
    result = resolve_ranged(shot, faces)
    assert faces.remaining == 0  # no resistance roll after a dodge
    assert (result.hit, result.dodged, result.resistance, result.victim) == (
        False, True, None, None,
    )  # fmt: skip
    assert result.data()["damage"] == 0


def test_equal_dodge_successes_do_not_avoid_the_hit() -> None:
    shot = replace(SHOT, target_number=5)
    faces = TypedFaces((*LIAM_DICE, 5, 5, 5, 6, 1, 1, 1, 1, 1, 1))
    result = resolve_ranged(shot, faces)
    assert (result.hit, result.dodged, result.net, result.level) == (True, False, 0, "M")


def test_no_success_misses_and_nobody_dodges() -> None:
    faces = TypedFaces((1, 2, 3))
    result = resolve_ranged(replace(SHOT, dice=3), faces)
    assert faces.remaining == 0
    assert (result.hit, result.dodge, result.victim, result.boxes) == (False, None, None, 0)


def test_pool_dice_add_to_body_for_resistance() -> None:
    shot = replace(SHOT, dodge_dice=0, resist_pool=2)
    result = resolve_ranged(shot, TypedFaces((*LIAM_DICE, 5, 5, 5, 5, 6, 6, 6)))
    assert result.resistance is not None and result.resistance.dice == 7
    assert (result.net, result.level) == (5 - 7, "L")


def test_armour_above_power_leaves_tn_2() -> None:
    tank = Resister("t", "Tank", body=2, ballistic=12)
    result = resolve_ranged(replace(SHOT, target=tank, dodge_dice=0),
                            TypedFaces((*LIAM_DICE, 2, 1)))  # fmt: skip
    assert result.resistance is not None and result.resistance.target == 2


def test_a_staged_away_hit_still_hits_but_does_no_damage() -> None:
    light = replace(SHOT, code=DamageCode(9, "L"), dodge_dice=0, resist_pool=4, dice=1)
    result = resolve_ranged(light, TypedFaces((6, 6, 6, 6, 6, 1, 1, 1, 1, 1)))
    assert (result.hit, result.level, result.victim, result.boxes) == (True, None, None, 0)
