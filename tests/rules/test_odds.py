"""Exact odds: closed forms as oracles, and the engine itself enumerated face by face."""

from collections import defaultdict
from fractions import Fraction

import pytest

from combat.rules.dice import InvalidDice, MoreFacesNeeded, replay
from combat.rules.odds import (
    NEGLECTED,
    chance_sixes_at_least,
    chance_successes_at_least,
    chance_total_at_least,
    expected_total,
    odds,
)

TOLERANCE = 1e-6


def test_dnd_plus_5_hits_ac_15_with_probability_055():
    assert chance_total_at_least("1d20+5", 15) == Fraction(11, 20)


def test_dnd_advantage_hits_ac_15_with_probability_07975():
    # Only a miss on both d20s (1-9 each) misses: 1 - (9/20)^2.
    assert chance_total_at_least("2d20kh1+5", 15) == 1 - Fraction(9, 20) ** 2 == Fraction("0.7975")


def test_dnd_disadvantage_hits_ac_15_with_probability_03025():
    assert chance_total_at_least("2d20kl1+5", 15) == Fraction(11, 20) ** 2 == Fraction("0.3025")


def test_3d6_reaches_15_in_20_of_216_rolls():
    assert chance_total_at_least("3d6", 15) == Fraction(20, 216)


def test_shadowrun_8_dice_against_7_succeed_like_against_6():
    # Rule of six: against 7 a die needs a six and then anything (6 + 1 = 7): 1/6 per die.
    closed_form = 1 - (1 - Fraction(1, 6)) ** 8
    assert abs(chance_successes_at_least("8d6!!>=7", 1) - closed_form) < TOLERANCE
    assert abs(float(closed_form) - 0.767) < 0.001


def test_shadowrun_8_dice_against_8_need_a_six_then_two_or_more():
    closed_form = 1 - (1 - Fraction(1, 6) * Fraction(5, 6)) ** 8  # 1 - (1 - 5/36)^8
    assert abs(chance_successes_at_least("8d6!!>=8", 1) - closed_form) < TOLERANCE


def test_shadowrun_10_dice_against_4_have_binomial_successes():
    distribution = odds("10d6!!>=4").successes
    assert distribution is not None
    for k in range(11):
        binomial = Fraction(_choose(10, k), 2**10)
        assert distribution.get(k, Fraction(0)) == binomial


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_one_exploding_d6_shows_k_or_more_sixes_with_probability_six_to_minus_k(k):
    assert abs(chance_sixes_at_least("1d6!", k) - Fraction(1, 6**k)) < TOLERANCE


def test_exploding_d6_averages_three_and_a_half_times_six_fifths():
    assert abs(expected_total("1d6!") - Fraction(7, 2) * Fraction(6, 5)) < TOLERANCE


def test_ose_attack_needs_a_natural_11_for_even_odds():
    assert chance_total_at_least("1d20", 11) == Fraction(1, 2)


def test_dice_pool_door_three_dice_against_10():
    assert chance_total_at_least("[dice]3d6[/dice]", 10) == Fraction(216 - 81, 216)


def test_expected_total_of_4d6_keep_3_is_the_known_12_24():
    assert expected_total("4d6kh3") == Fraction(15869, 1296)


def test_probabilities_add_up_to_one_even_when_exploding():
    for expression in ["1d6!", "3d6!!>=8", "4d6!kh3", "2d10!!kh1-1d4!"]:
        assert sum(odds(expression).totals.values()) == 1


def test_explosions_are_followed_to_a_stated_depth():
    assert odds("1d6!").depth is not None
    assert odds("1d6").depth is None


def test_odds_without_success_counting_have_no_successes():
    assert odds("2d6").successes is None
    assert chance_successes_at_least("2d6", 1) == 0


def test_spelling_of_an_expression_does_not_change_its_odds():
    assert odds(" 2 D20 KH1 + 5 ").totals == odds("2d20kh1+5").totals


def test_bad_expressions_raise_invalid_dice():
    with pytest.raises(InvalidDice):
        odds("1d6e6")


@pytest.mark.parametrize("expression", ["200d1000", "30d100kh15", "10d6!kh3"])
def test_expressions_too_big_for_exact_odds_are_refused_at_once(expression):
    with pytest.raises(InvalidDice, match="too many outcomes"):
        odds(expression)


# The engine as its own oracle: replay every possible sequence of faces, each face of a d``s``
# having probability 1/s, and add up what the engine makes of it. Sequences are cut after
# ``limit`` faces; their probability bounds the error of the enumeration.


def enumerate_engine(
    expression: str, limit: int
) -> tuple[dict[str, dict[int, Fraction]], Fraction]:
    found: dict[str, dict[int, Fraction]] = {
        name: defaultdict(Fraction) for name in ("total", "successes", "sixes")
    }
    cut = Fraction(0)
    pending: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while pending:
        faces, chance = pending.pop()
        try:
            result = replay(expression, faces)
        except MoreFacesNeeded as needed:
            if len(faces) >= limit:
                cut += chance
                continue
            share = chance / needed.sides
            pending += [((*faces, face), share) for face in range(1, needed.sides + 1)]
            continue
        found["total"][result.total] += chance
        found["successes"][result.successes or 0] += chance
        found["sixes"][result.sixes] += chance
    return found, cut


EXACT = ["2d4", "3d4kh2", "3d4dl1", "3d3dh2", "2d6kl1+1d4", "3d4>=3", "2d4<2", "-1d4+2d3", "2d6kh1"]
EXPLODING = [
    ("2d3!", 10),
    ("1d4!-1d4!", 9),
    ("3d3!kh2", 9),
    ("3d3!dl1", 9),
    ("2d3!!kh1", 10),
    ("2d6!", 6),
    ("3d4!!>=6", 10),
    ("3d3!>=3", 10),
    ("2d3!<=1", 10),
    ("2d6!!>=8", 8),
    ("2d6!kh1", 7),
]


@pytest.mark.parametrize("expression", EXACT)
def test_odds_equal_the_engine_enumerated_exactly(expression):
    found, cut = enumerate_engine(expression, limit=10)
    assert cut == 0
    computed = odds(expression)
    assert dict(found["total"]) == dict(computed.totals)
    assert dict(found["sixes"]) == dict(computed.sixes)
    if computed.successes is not None:
        assert dict(found["successes"]) == dict(computed.successes)


@pytest.mark.parametrize(("expression", "limit"), EXPLODING)
def test_odds_of_exploding_dice_match_the_engine_enumerated(expression, limit):
    found, cut = enumerate_engine(expression, limit)
    assert cut < Fraction(1, 100)  # the enumeration went deep enough to mean something
    computed = odds(expression)
    allowed = cut + NEGLECTED
    pairs = [(found["total"], computed.totals), (found["sixes"], computed.sixes)]
    if computed.successes is not None:
        pairs.append((found["successes"], computed.successes))
    for enumerated, exact in pairs:
        for outcome in set(enumerated) | set(exact):
            difference = enumerated.get(outcome, Fraction(0)) - exact.get(outcome, Fraction(0))
            assert abs(difference) <= allowed, (outcome, float(difference))


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result
