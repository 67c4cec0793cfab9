"""Are these dice fair? Pearson's chi-square test of one die size's observed faces against the
uniform expectation, with its p-value (issue Q's dice audit).

Every face a die shows is one independent draw, whichever rule used it afterwards (kept or
dropped, exploded or not), so each face of a die size counts once. The p-value is the chance
that fair dice would stray at least this far from the expectation: the upper regularized
incomplete gamma function Q(k/2, χ²/2) for k = sides − 1 degrees of freedom, computed by its
series below a + 1 and by its continued fraction above (Press et al., Numerical Recipes, §6.2).

The test is only sound when every face is expected at least ``MIN_EXPECTED`` times; below that
``Fairness.testable`` is false and no p-value is given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

MIN_EXPECTED = 5  # the textbook rule for Pearson's test: each cell expected at least 5 times
_EPSILON = 1e-15
_STEPS = 500  # both expansions converge in far fewer for any count a campaign can hold


@dataclass(frozen=True)
class Fairness:
    """One die size's faces against fair dice."""

    sides: int
    counts: tuple[int, ...]  # counts[0] is how often face 1 showed
    chi_square: float
    p_value: float | None  # None while too few faces were rolled to test

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        return self.total / self.sides

    @property
    def testable(self) -> bool:
        return self.p_value is not None


def tally(dice: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    """(sides, face) pairs into each die size's face counts."""
    counts: dict[int, list[int]] = {}
    for sides, face in dice:
        if 1 <= face <= sides:
            counts.setdefault(sides, [0] * sides)[face - 1] += 1
    return counts


def fairness(sides: int, counts: Iterable[int]) -> Fairness:
    """Pearson's test of these face counts (face 1 first) against a fair die of `sides`."""
    observed = tuple(counts)
    if len(observed) != sides or sides < 2:
        raise ValueError(f"{len(observed)} counts for a die of {sides} sides")
    total = sum(observed)
    expected = total / sides
    if total == 0:
        return Fairness(sides, observed, 0.0, None)
    statistic = sum((seen - expected) ** 2 for seen in observed) / expected
    tested = p_value(statistic, sides - 1) if expected >= MIN_EXPECTED else None
    return Fairness(sides, observed, statistic, tested)


def fairness_of(counts: Mapping[int, Iterable[int]]) -> list[Fairness]:
    """Every die size's test, smallest die first."""
    return [fairness(sides, counts[sides]) for sides in sorted(counts)]


def p_value(chi_square: float, degrees: int) -> float:
    """P(X ≥ chi_square) for X chi-square distributed with `degrees` degrees of freedom."""
    if degrees < 1:
        raise ValueError("at least one degree of freedom")
    if chi_square <= 0:
        return 1.0
    return _upper_gamma(degrees / 2, chi_square / 2)


def _upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), the upper regularized incomplete gamma function."""
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def _prefactor(a: float, x: float) -> float:
    return math.exp(-x + a * math.log(x) - math.lgamma(a))


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series: e^−x x^a / Γ(a) · Σ x^n / (a (a+1) … (a+n))."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_STEPS):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * _prefactor(a, x)


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction, evaluated with the modified Lentz method."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for n in range(1, _STEPS):
        an = -n * (n - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPSILON:
            break
    return h * _prefactor(a, x)
