"""Exact odds (issue E): the closed form checked against every face sequence of the real rules."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from combat.rules.faces import FaceSource
from combat.rules.shadowrun3.damage import DamageCode, Resister
from combat.rules.shadowrun3.melee import Fighter, resolve_melee
from combat.rules.shadowrun3.odds import (
    attack_odds,
    chance_of_success,
    die_chance,
    expected_successes,
    fighters_odds,
    melee_odds,
    melee_odds_steps,
    odds_steps,
    shot_odds,
    success_distribution,
)
from combat.rules.shadowrun3.ranged import Shot, resolve_ranged
from combat.rules.shadowrun3.success import success_test


class _Need(Exception):
    pass


class _Prefix:
    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces, self.next = faces, 0

    def roll(self, sides: int) -> int:
        if self.next >= len(self.faces):
            raise _Need
        self.next += 1
        return self.faces[self.next - 1]


def enumerate_faces(run: Callable[[FaceSource], Any]) -> list[tuple[Fraction, Any]]:
    """Every outcome of `run` with its exact probability, branching on each face drawn."""
    outcomes: list[tuple[Fraction, Any]] = []
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        faces, chance = stack.pop()
        try:
            outcomes.append((chance, run(_Prefix(faces))))
        except _Need:
            stack += [((*faces, face), chance / 6) for face in range(1, 7)]
    return outcomes


@pytest.mark.parametrize(("tn", "chance"), [(1, Fraction(5, 6)), (2, Fraction(5, 6)),
                                            (4, Fraction(1, 2)), (6, Fraction(1, 6)),
                                            (7, Fraction(1, 6)), (8, Fraction(5, 36)),
                                            (12, Fraction(1, 36)), (13, Fraction(1, 36))])  # fmt: skip
def test_one_die_with_the_rule_of_six(tn: int, chance: Fraction) -> None:
    assert die_chance(tn) == chance


@pytest.mark.parametrize(("dice", "tn"), [(1, 4), (2, 5), (3, 2), (2, 8), (1, 13), (3, 7)])
def test_the_success_distribution_matches_every_roll(dice: int, tn: int) -> None:
    counted: dict[int, Fraction] = {}
    for chance, successes in enumerate_faces(lambda f: success_test(dice, tn, f).successes):
        counted[successes] = counted.get(successes, Fraction(0)) + chance
    expected = {k: p for k, p in success_distribution(dice, tn).items() if p}
    assert counted == expected


def test_liam_expects_five_successes_against_4() -> None:
    assert expected_successes(10, 4) == 5
    assert chance_of_success(10, 4) == 1 - Fraction(1, 2**10)
    assert chance_of_success(1, 8) == Fraction(5, 36)  # the six, then 2+


def test_attack_odds_match_the_real_resolution_exactly() -> None:
    liam = Resister("liam", "Liam", body=4, ballistic=2)
    snot = Resister("snot", "Snot", body=2, ballistic=4)
    shot = Shot(attacker=liam, target=snot, dice=2, target_number=4, code=DamageCode(6, "M"),
                standard_code=DamageCode(6, "M"), dodge_dice=1, dodge_target=5)  # fmt: skip
    hit = damage = Fraction(0)
    for chance, result in enumerate_faces(lambda f: resolve_ranged(shot, f)):
        hit += chance * result.hit
        damage += chance * result.boxes
    odds = attack_odds(dice=2, target=4, dodge_dice=1, dodge_target=5, resist_dice=2,
                       resist_target=2, level="M")  # fmt: skip
    assert (odds.hit, odds.expected_boxes) == (hit, damage)
    assert odds.hit + odds.dodged + Fraction(1, 4) == 1  # a miss: both dice below 4
    assert sum(odds.levels.values()) == odds.hit


def test_shot_odds_follow_the_shot_with_its_ammunition_exactly() -> None:
    liam = Resister("liam", "Liam", body=4, ballistic=2)
    naked = Resister("g", "Ganger", body=1)
    shot = Shot(attacker=liam, target=naked, dice=2, target_number=5, code=DamageCode(3, "L"),
                standard_code=DamageCode(3, "L"), ammunition="flechette", resist_pool=1)  # fmt: skip
    hit = damage = Fraction(0)
    for chance, result in enumerate_faces(lambda f: resolve_ranged(shot, f)):
        hit += chance * result.hit
        damage += chance * result.boxes
    odds = shot_odds(shot)
    assert (odds.hit, odds.expected_boxes) == (hit, damage)
    assert odds.levels["L"] == 0  # flechette: L → M against an unarmoured target


def test_melee_odds_match_the_real_resolution_exactly() -> None:
    a, d = Resister("a", "A", body=2, impact=1), Resister("d", "D", body=1, impact=0)
    attacker = Fighter(a, dice=2, target_number=4, code=DamageCode(4, "M"))
    defender = Fighter(d, dice=1, target_number=3, code=DamageCode(3, "L", stun=True))
    hit = counter = damage = Fraction(0)
    for chance, result in enumerate_faces(lambda f: resolve_melee(attacker, defender, f)):
        hit += chance * result.hit
        counter += chance * (result.winner == "defender")
        damage += chance * result.data()["damage"]
    odds = melee_odds(attacker=(2, 4), defender=(1, 3), attacker_level="M",
                      defender_level="L", defender_resist=(1, 4), attacker_resist=(2, 2))  # fmt: skip
    assert (odds.hit, odds.countered, odds.expected_boxes) == (hit, counter, damage)
    assert odds.hit + odds.countered + odds.nobody == 1
    assert fighters_odds(attacker, defender) == odds
    guarded = fighters_odds(attacker, defender, full_defence=True)
    assert (guarded.countered, guarded.nobody) == (0, odds.nobody + odds.countered)


def test_a_misfire_needs_every_die_to_show_1() -> None:
    odds = attack_odds(dice=3, target=4, dodge_dice=0, dodge_target=4, resist_dice=4,
                       resist_target=5, level="M", explosive=True)  # fmt: skip
    assert odds.misfire == Fraction(1, 216)
    plain = attack_odds(dice=3, target=4, dodge_dice=0, dodge_target=4, resist_dice=4,
                        resist_target=5, level="M")  # fmt: skip
    assert plain.misfire == 0


def test_liam_against_snot_odds_lines_are_formatted_strings() -> None:
    odds = attack_odds(dice=10, target=4, dodge_dice=5, dodge_target=5, resist_dice=5,
                       resist_target=5, level="M")  # fmt: skip
    assert 0 < odds.hit < 1 and odds.expected_boxes > 0
    steps = odds_steps(odds)
    assert steps[0].params == {"percent": f"{float(odds.hit) * 100:.1f}"}
    assert all(isinstance(v, str) for s in steps for v in s.params.values())
    assert all("%%" in s.template for s in steps if "percent" in s.params)
    lines = melee_odds_steps(melee_odds(attacker=(6, 4), defender=(4, 4), attacker_level="M",
                                        defender_level="L", defender_resist=(4, 6),
                                        attacker_resist=(5, 2)))  # fmt: skip
    assert len(lines) == 5
