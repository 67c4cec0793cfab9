"""Melee (standard SR3 [std], BRIEF): opposed test, reach, counter-blow, full defence, staging."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

import pytest

from combat.rules.base import RulesError
from combat.rules.faces import TypedFaces
from combat.rules.shadowrun3.damage import DamageCode, Resister
from combat.rules.shadowrun3.melee import Fighter, melee_code, melee_target_numbers, resolve_melee

KATANA = {"power": 3, "strength_based": True, "damage_level": "M", "reach": 1}  # (STR+3)M
KNIFE = {"power": 0, "strength_based": True, "damage_level": "L"}  # (STR)L
LONGBONE = Resister("lb", "John Longbone", body=7, ballistic=5, impact=3)
PUNK = Resister("h1", "Halloweener 1", body=4, ballistic=2, impact=1)


def fighters(reach_use: Literal["own", "other"] = "own") -> tuple[Fighter, Fighter]:
    attacker_tn, defender_tn = melee_target_numbers(
        attacker_reach=1, defender_reach=0, reach_use=reach_use
    )
    attacker = Fighter(LONGBONE, dice=5 + 2, target_number=attacker_tn.value,
                       code=melee_code(KATANA, 6))  # fmt: skip
    defender = Fighter(PUNK, dice=3, target_number=defender_tn.value, code=melee_code(KNIFE, 4))
    return attacker, defender


def test_strength_based_codes_and_bare_hands() -> None:
    assert melee_code(KATANA, 6) == DamageCode(9, "M")
    assert melee_code(KNIFE, 4) == DamageCode(4, "L")
    assert melee_code(None, 5) == DamageCode(5, "M", stun=True)  # (STR)M stun


def test_the_longer_reach_lowers_its_own_tn_or_raises_the_others() -> None:
    own = melee_target_numbers(attacker_reach=2, defender_reach=0, reach_use="own")
    other = melee_target_numbers(attacker_reach=2, defender_reach=0, reach_use="other")
    assert (own[0].value, own[1].value) == (2, 4)
    assert (other[0].value, other[1].value) == (4, 6)
    defender_longer = melee_target_numbers(attacker_reach=0, defender_reach=1)
    assert (defender_longer[0].value, defender_longer[1].value) == (4, 3)
    with pytest.raises(RulesError):
        melee_target_numbers(reach_use="both")  # type: ignore[arg-type]


def test_wounds_situation_and_called_shot_raise_the_tns() -> None:
    attacker, defender = melee_target_numbers(attacker_wound_tn=2, defender_wound_tn=1,
                                              attacker_modifier=1, called_shot=True)  # fmt: skip
    assert (attacker.value, defender.value) == (4 + 2 + 1 + 4, 5)


def test_the_winner_stages_its_code_by_net_successes_less_the_resistance() -> None:
    attacker, defender = fighters()
    faces = TypedFaces(
        (
            3,
            3,
            4,
            5,
            6,
            1,
            2,  # Longbone, 7 dice against TN 3: 5 successes
            4,
            1,
            2,  # the punk, 3 dice against TN 4: 1 success
            6,
            1,
            1,
            1,
            2,
        )
    )  # Body 4 against 9 − impact 1 = 8: 6 + 2 is one
    result = resolve_melee(attacker, defender, faces)
    assert faces.remaining == 0
    assert (result.winner, result.net, result.victim) == ("attacker", 4, "h1")
    assert result.resistance is not None and result.resistance.target == 8
    assert (result.level, result.boxes, result.hit) == ("S", 6, True)  # 4 − 1 = 3 net: M → S
    assert result.steps[0].template.startswith("standard SR3 melee")
    assert result.data()["damage"] == 6


def test_a_tie_hits_nobody() -> None:
    attacker, defender = fighters()
    faces = TypedFaces(
        (
            3,
            3,
            1,
            1,
            1,
            1,
            1,  # Longbone: 2 successes against TN 3
            4,
            5,
            1,
        )
    )  # the punk: 2 against TN 4 — a tie
    tie = resolve_melee(attacker, defender, faces)
    assert faces.remaining == 0
    assert (tie.winner, tie.victim, tie.resistance) == (None, None, None)


def test_a_defender_who_wins_strikes_back() -> None:
    attacker, defender = fighters()
    faces = TypedFaces(
        (
            1,
            1,
            2,
            2,
            2,
            1,
            1,  # Longbone: 0 successes
            4,
            5,
            1,  # the punk: 2
            1,
            1,
            1,
            1,
            1,
            1,
            1,
        )
    )  # Longbone's Body 7 against 4 − 3 → TN 2
    counter = resolve_melee(attacker, defender, faces)
    assert (counter.winner, counter.net, counter.victim, counter.hit) == ("defender", 2, "lb",
                                                                          False)  # fmt: skip
    assert counter.resistance is not None and counter.resistance.target == 2
    assert (counter.code, counter.level) == (DamageCode(4, "L"), "M")
    assert counter.data()["counter"] == 3 and counter.data()["damage"] == 0


def test_full_defence_only_avoids_the_blow() -> None:
    attacker, defender = fighters()
    faces = TypedFaces((1, 1, 2, 2, 2, 1, 1, 4, 5, 1))
    result = resolve_melee(attacker, defender, faces, full_defence=True)
    assert faces.remaining == 0
    assert (result.winner, result.victim, result.resistance) == (None, None, None)


def test_stun_weapons_and_fists_do_stun_damage() -> None:
    attacker, defender = fighters()
    fists = replace(attacker, code=melee_code(None, 6), target_number=4)
    result = resolve_melee(fists, defender, TypedFaces((6,) * 7 + (1, 1, 1) + (1,) * 4))
    assert (result.winner, result.stun, result.level) == ("attacker", True, "D")


def test_pool_dice_help_the_loser_resist_and_a_called_shot_can_bypass_armour() -> None:
    attacker, defender = fighters()
    bare = replace(defender, resist_pool=2, armour_override=0)
    faces = TypedFaces((3, 3, 3, 1, 1, 1, 1, 1, 1, 1) + (6, 6, 6, 1, 1, 1) + (1, 1, 1))
    result = resolve_melee(attacker, bare, faces)
    assert result.resistance is not None
    assert (result.resistance.dice, result.resistance.target) == (6, 9)
