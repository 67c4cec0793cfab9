"""Exact odds for the forum dice pool: sums of d6 are small enough to add up exactly.

A distribution is a mapping total → Fraction. Pools are convolved die by die; a halved roll
(no silver against a bestiary monster) maps each total to total // 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

Dist = Mapping[int, Fraction]
_SIXTH = Fraction(1, 6)
CERTAIN: Dist = {0: Fraction(1)}


def add(first: Dist, second: Dist) -> dict[int, Fraction]:
    """The distribution of the sum of two independent totals."""
    result: dict[int, Fraction] = {}
    for a, p in first.items():
        for b, q in second.items():
            result[a + b] = result.get(a + b, Fraction(0)) + p * q
    return result


@lru_cache(maxsize=64)
def _pool(dice: int) -> tuple[tuple[int, Fraction], ...]:
    dist: Dist = CERTAIN
    die = {face: _SIXTH for face in range(1, 7)}
    for _ in range(dice):
        dist = add(dist, die)
    return tuple(sorted(dist.items()))


def pool(dice: int, *, halved: bool = False) -> dict[int, Fraction]:
    """The sum of `dice` d6 (0 dice: always 0), halved and rounded down if asked."""
    dist = dict(_pool(max(0, dice)))
    return mapped(dist, lambda total: total // 2) if halved else dist


def point(total: int) -> dict[int, Fraction]:
    return {total: Fraction(1)}


def total_of(parts: Iterable[Dist]) -> Dist:
    result: Dist = CERTAIN
    for part in parts:
        result = add(result, part)
    return result


def mapped(dist: Dist, function: Callable[[int], int]) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    for total, chance in dist.items():
        result[function(total)] = result.get(function(total), Fraction(0)) + chance
    return result


def at_least(dist: Dist, threshold: int) -> Fraction:
    return sum((p for total, p in dist.items() if total >= threshold), Fraction(0))


def chance(dist: Dist, test: Callable[[int], bool]) -> Fraction:
    return sum((p for total, p in dist.items() if test(total)), Fraction(0))


def mean(dist: Dist) -> Fraction:
    return sum((total * p for total, p in dist.items()), Fraction(0))


def versus(mine: Dist, theirs: Dist, cap: int | None = None) -> tuple[Fraction, Fraction, Fraction]:
    """P(mine > theirs), P(equal) and the expected winning margin (0 when not winning), each
    margin counted at most `cap` (what the loser has to lose)."""
    win = tie = margin = Fraction(0)
    for a, p in mine.items():
        for b, q in theirs.items():
            if a > b:
                win += p * q
                margin += (a - b if cap is None else min(a - b, cap)) * p * q
            elif a == b:
                tie += p * q
    return win, tie, margin


def highest(mine: Dist, others: int) -> Fraction:
    """P(my roll is strictly above each of `others` independent rolls with the same dice)."""
    below = Fraction(0)
    result = Fraction(0)
    for _total, p in sorted(mine.items()):
        result += p * below**others
        below += p
    return result


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}"


def number(value: Fraction) -> str:
    return f"{float(value):.1f}"
