"""Exact odds of any expression the dice engine rolls (issue C), computed with icepool.

The icepool dice are built from our own parsed tree (``combat.rules.dice.parse``), term by term,
with the engine's own rules: keep/drop after explosions, success counting on each die's running
total, the rule of six for compounding dice, sixes counted on kept d6s.

Probabilities are ``fractions.Fraction``: exact for everything that does not explode. Exploding
dice have no largest total, so each exploding die is followed for at most ``depth`` extra rolls,
the smallest depth that leaves less than ``NEGLECTED`` chance unexplored for the term (never more
than the engine's own chain limit, 50); the last roll then simply does not explode again. The
probabilities still add up to 1 and are within ``NEGLECTED`` of the truth. The engine's limit of
200 dice per roll (explosions included) is not modelled: for the expressions it could matter to,
its chance is far below ``NEGLECTED``.

Work is bounded (issue K): ``combat.rules.budget`` estimates the cost of an expression from its
parsed tree before any icepool die is built, and ``odds`` refuses (``InvalidDice``) what is past
the budget. The odds shown to people go through ``combat.rules.estimate.chances``, which
estimates those by rolling instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import icepool  # type: ignore[import-untyped]  # icepool ships no type information

from combat.rules.budget import NEGLECTED as NEGLECTED  # part of this module's interface
from combat.rules.budget import explosion_depth, within_budget
from combat.rules.dice import (
    DiceTerm,
    Explode,
    InvalidDice,
    Keep,
    KeepMode,
    Node,
    Number,
    Sum,
    errors,
    parse,
)

MAX_OUTCOMES = 1000
"""Distinct totals the message of a refusal names (the budget itself counts work, not totals)."""

_Die = Any  # an icepool.Die: icepool ships no type information, so mypy sees Any anyway


@dataclass(frozen=True, eq=False)
class Odds:
    """The distributions of one expression's total, successes and sixes."""

    expression: str
    totals: Mapping[int, Fraction]
    """Each possible total and its probability."""
    successes: Mapping[int, Fraction] | None
    """Number of successes and its probability; ``None`` when nothing counts successes."""
    sixes: Mapping[int, Fraction]
    """Number of sixes on kept d6s and its probability (Dračí Hlídka criticals)."""
    depth: int | None
    """Extra rolls followed per exploding die (the truncation); ``None`` if nothing explodes."""

    def chance_total_at_least(self, target: int) -> Fraction:
        return _at_least(self.totals, target)

    def chance_successes_at_least(self, count: int) -> Fraction:
        if self.successes is None:
            return Fraction(0)
        return _at_least(self.successes, count)

    def chance_sixes_at_least(self, count: int) -> Fraction:
        return _at_least(self.sixes, count)

    @property
    def expected_total(self) -> Fraction:
        return _mean(self.totals)

    @property
    def expected_successes(self) -> Fraction | None:
        return None if self.successes is None else _mean(self.successes)


def odds(expression: str) -> Odds:
    """The odds of ``expression``; ``InvalidDice`` if it is bad or too big to compute."""
    parsed = parse(expression)
    totals, successes, sixes, depth = _distributions(parsed.root)
    return Odds(expression, totals, successes, sixes, depth)


def chance_total_at_least(expression: str, target: int) -> Fraction:
    """P(total ≥ target): to hit AC 15 with ``1d20+5``, ``chance_total_at_least(e, 15)``."""
    return odds(expression).chance_total_at_least(target)


def chance_successes_at_least(expression: str, count: int) -> Fraction:
    """P(successes ≥ count), e.g. ``chance_successes_at_least("8d6!!>=7", 1)``."""
    return odds(expression).chance_successes_at_least(count)


def chance_sixes_at_least(expression: str, count: int) -> Fraction:
    """P(at least ``count`` sixes on kept d6s), e.g. a Dračí Hlídka critical needs 2."""
    return odds(expression).chance_sixes_at_least(count)


def expected_total(expression: str) -> Fraction:
    return odds(expression).expected_total


def _at_least(distribution: Mapping[int, Fraction], threshold: int) -> Fraction:
    return sum((p for outcome, p in distribution.items() if outcome >= threshold), Fraction(0))


def _mean(distribution: Mapping[int, Fraction]) -> Fraction:
    return sum((outcome * p for outcome, p in distribution.items()), Fraction(0))


_Distributions = tuple[
    Mapping[int, Fraction], Mapping[int, Fraction] | None, Mapping[int, Fraction], int | None
]


@lru_cache(maxsize=64)  # an entry is up to a few thousand Fractions
def _distributions(root: Node) -> _Distributions:
    """Cached per tree, so ``1d20+5`` and ``1D20 + 5`` share one computation."""
    _check_size(root)
    total, successes, sixes, depth = _node(root)
    return (
        _mapping(total),
        None if successes is None else _mapping(successes),
        _mapping(sixes),
        depth,
    )


def _mapping(die: _Die) -> Mapping[int, Fraction]:
    return MappingProxyType(dict(zip(die.outcomes(), die.probabilities(), strict=True)))


_Parts = tuple[_Die, _Die | None, _Die, int | None]


def _node(node: Node) -> _Parts:
    """Total, successes (or None), sixes and explosion depth of a node, as icepool dice."""
    if isinstance(node, Number):
        return icepool.Die([node.value]), None, icepool.Die([0]), None
    if isinstance(node, DiceTerm):
        return _term(node)
    return _sum(node)


def _sum(node: Sum) -> _Parts:
    total, successes, sixes, depth = icepool.Die([0]), None, icepool.Die([0]), None
    for sign, child in node.parts:
        child_total, child_successes, child_sixes, child_depth = _node(child)
        total = total + child_total if sign > 0 else total - child_total
        if child_successes is not None:
            successes = child_successes if successes is None else successes + child_successes
        sixes = sixes + child_sixes
        if child_depth is not None:
            depth = max(depth or 0, child_depth)
    return total, successes, sixes, depth


def _term(term: DiceTerm) -> _Parts:
    depth = explosion_depth(term) if term.explode is not Explode.NONE else None
    if term.target is not None:
        successes, sixes = _counting_term(term, term.target.met_by, depth or 0)
        return successes, successes, sixes, depth
    if term.keep is not None:
        total, sixes = _kept_term(term, term.keep, depth or 0)
        return total, None, sixes, depth
    die = icepool.d(term.sides)
    total = term.count @ (die if depth is None else die.explode(depth=depth))
    sixes = term.count @ _chain(term.sides, depth or 0, _is_six) if term.sides == 6 else _ZERO
    return total, None, sixes, depth


def _counting_term(term: DiceTerm, met: Callable[[int], bool], depth: int) -> tuple[_Die, _Die]:
    """Successes and sixes of a success-counting term (no keep/drop: the parser forbids it)."""
    if term.explode is Explode.EXPLODE:
        # Every die of a chain, original and extra, counts on its own face.
        successes = _chain(term.sides, depth, lambda face: int(met(face)))
        sixes = _chain(term.sides, depth, _is_six)
    else:
        if term.explode is Explode.COMPOUND:
            stop = term.target.lowest_success if term.target is not None else None
            value = _compound_final(term.sides, stop, depth)
        else:
            value = icepool.d(term.sides)
        successes = value.map(lambda total: int(met(total)))
        # A compounded d6 of total t showed t // 6 sixes: every six but a final one was followed.
        sixes = value.map(lambda total: total // 6)
    if term.sides != 6:
        return term.count @ successes, _ZERO
    return term.count @ successes, term.count @ sixes


def _kept_term(term: DiceTerm, keep: Keep, depth: int) -> tuple[_Die, _Die]:
    """Total and sixes of a keep/drop term; dice are kept after all explosions."""
    die = icepool.d(term.sides)
    if term.explode is Explode.EXPLODE:
        # Extra dice join the pool, so the pool's size itself is random.
        dice = die.explode_to_pool(term.count, depth=depth)
        total = _select(dice, keep).sum()
        if term.sides != 6:
            return total, _ZERO
        return total, _select(dice, keep).keep_outcomes([6]).size()
    if term.explode is Explode.COMPOUND:
        die = die.explode(depth=depth)
    total = _select(die.pool(term.count), keep).sum()
    if term.sides != 6:
        return total, _ZERO
    # Keeping by total and keeping by sixes pick the same sixes: total // 6 never decreases.
    sixes = die.map(lambda value: value // 6)
    return total, _select(sixes.pool(term.count), keep).sum()


def _select(dice: Any, keep: Keep) -> Any:
    if keep.mode is KeepMode.KEEP_HIGHEST:
        return dice.highest(keep.count)
    if keep.mode is KeepMode.KEEP_LOWEST:
        return dice.lowest(keep.count)
    if keep.mode is KeepMode.DROP_HIGHEST:
        return dice.highest(drop=keep.count)
    return dice.lowest(drop=keep.count)


def _chain(sides: int, depth: int, score: Callable[[int], int]) -> _Die:
    """Sum of ``score`` over one ``!`` chain: a die, plus one more die for each maximum face."""
    die = icepool.d(sides)
    chain = die.map(score)
    for _ in range(depth):
        chain = die.map(_chain_step(sides, chain, score))
    return chain


def _chain_step(sides: int, rest: _Die, score: Callable[[int], int]) -> Callable[[int], Any]:
    def step(face: int) -> Any:
        return rest + score(face) if face == sides else score(face)

    return step


def _compound_final(sides: int, stop: int | None, depth: int) -> _Die:
    """Final total of one ``!!`` die that stops growing at ``stop`` (seed 003's rule of six)."""
    die = icepool.d(sides)
    final: _Die = die.map(_compound_step(sides, depth * sides, stop, None))
    for maxima in range(depth - 1, -1, -1):
        final = die.map(_compound_step(sides, maxima * sides, stop, final))
    return final


def _compound_step(sides: int, base: int, stop: int | None, rest: _Die | None) -> Any:
    """After ``base / sides`` maximum faces: the next face ends the die or rolls ``rest``."""

    def step(face: int) -> Any:
        total = base + face
        grows = face == sides and (stop is None or total < stop)
        return rest if grows and rest is not None else total

    return step


def _is_six(face: int) -> int:
    return int(face == 6)


def _check_size(root: Node) -> None:
    """Refuse what icepool would take long over (or recurse too deep for), before building
    anything: the work budget of ``combat.rules.budget``."""
    if not within_budget(root):
        raise InvalidDice(errors.ODDS_TOO_BIG, notation=str(root), limit=MAX_OUTCOMES)


_ZERO = icepool.Die([0])
