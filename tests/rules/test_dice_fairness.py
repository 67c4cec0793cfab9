"""The dice audit's test (issue Q): Pearson's chi-square and its p-value against the textbook
table's critical values and the closed forms, and the rule that too few faces are not tested."""

import math
import random

import pytest

from combat.rules.dice.fairness import MIN_EXPECTED, fairness, fairness_of, p_value, tally

# (χ², degrees of freedom, P(X ≥ χ²)): the critical values printed in every statistics table
TABLE = [
    (3.841, 1, 0.05),
    (6.635, 1, 0.01),
    (5.991, 2, 0.05),
    (11.070, 5, 0.05),
    (15.086, 5, 0.01),
    (16.919, 9, 0.05),
    (24.725, 11, 0.01),
    (30.144, 19, 0.05),
    (36.191, 19, 0.01),
    (123.225, 99, 0.05),
]


@pytest.mark.parametrize(("statistic", "degrees", "p"), TABLE)
def test_p_values_match_the_printed_table(statistic, degrees, p):
    assert p_value(statistic, degrees) == pytest.approx(p, abs=5e-5)


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 2.0, 7.5, 30.0, 200.0])
def test_two_degrees_of_freedom_is_the_exponential(x):
    assert p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("x", [0.1, 1.0, 3.0, 9.0])
def test_one_degree_of_freedom_is_the_normal_tail(x):
    assert p_value(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)


def test_p_falls_as_the_statistic_grows_and_stays_a_probability():
    values = [p_value(x / 4, 5) for x in range(0, 400)]
    assert values[0] == 1.0 and all(0.0 <= v <= 1.0 for v in values)
    assert all(a >= b for a, b in zip(values, values[1:], strict=False))
    assert values[-1] < 1e-15


def test_a_perfectly_even_die_scores_zero_and_p_one():
    found = fairness(6, [10] * 6)
    assert (found.chi_square, found.p_value, found.total, found.expected) == (0.0, 1.0, 60, 10.0)


def test_a_loaded_d6_is_caught():
    # 120 rolls, a six every third roll: χ² = ((40 − 20)² + 5 · (16 − 20)²) / 20 = 24
    found = fairness(6, [16, 16, 16, 16, 16, 40])
    assert found.chi_square == pytest.approx(24.0)
    assert found.p_value == pytest.approx(2.18e-4, rel=1e-2)  # the table: 20.515 is p = 0.001


def test_too_few_faces_are_counted_but_not_tested():
    few = fairness(20, [1] * 20 + [0] * 0)
    assert few.total == 20 and few.expected < MIN_EXPECTED and not few.testable
    enough = fairness(20, [5] * 20)
    assert enough.testable and enough.p_value == 1.0
    assert not fairness(6, [0] * 6).testable


def test_fair_seeded_dice_pass_about_as_often_as_the_level_says():
    rng = random.Random(20261206)
    passes = 0
    for _ in range(400):
        faces = tally((8, rng.randint(1, 8)) for _ in range(200))
        passes += fairness(8, faces[8]).p_value >= 0.05
    assert 360 <= passes <= 395  # 95 % expected: 380 ± 4.4 standard deviations of 4.4


def test_tally_counts_each_size_apart_and_ignores_impossible_faces():
    counts = tally([(6, 1), (6, 6), (20, 20), (6, 6), (6, 7), (4, 0)])
    assert counts == {6: [1, 0, 0, 0, 0, 2], 20: [0] * 19 + [1]}
    assert [f.sides for f in fairness_of(counts)] == [6, 20]


def test_counts_must_fit_the_die():
    with pytest.raises(ValueError):
        fairness(6, [1, 2, 3])
    with pytest.raises(ValueError):
        p_value(1.0, 0)
