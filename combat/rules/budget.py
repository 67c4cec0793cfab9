"""The work budget of the exact odds (issue K): how much icepool would compute, known before it
computes anything.

Exact odds cost grows with the number of distinct outcomes, the number of dice added up, the
size of icepool's integer weights (an exploding d6 followed 15 rolls deep has weights of 6¹⁶)
and, for keep/drop, with icepool's pool evaluation. ``exact_cost`` walks the parsed tree the way
``combat.rules.odds`` builds its icepool dice and adds up conservative work units for each step
(a unit is at most about a microsecond of icepool on one core). Within ``EXACT_BUDGET`` the
odds are exact; past it the caller estimates them by rolling (``combat.rules.estimate``).

The constants were measured (2026-12-01, Python 3.11, icepool 2.1.3): 150 expressions, each
timed in a fresh process. The model never underestimated by more than ~1 µs per unit on an idle
core (the slowest expression within the budget took 0.26 s; everyday ones take milliseconds)
and often overestimates tenfold — which only means an estimate where exact odds were cheap.
A new icepool version should be measured again.

Two limits are not about time but about depth: icepool evaluates a pool recursively, one Python
frame per distinct outcome of its die, and adds ``N`` dice recursively, one frame per die. The
dice engine's ``MAX_DICE`` bounds the second; ``MAX_POOL_OUTCOMES`` bounds the first, far below
Python's recursion limit, so no expression reaches a RecursionError.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from combat.rules.dice import MAX_CHAIN, DiceTerm, Explode, Node, Number

EXACT_BUDGET = 350_000
"""Work units (about a microsecond each) the exact odds may cost: well under a second."""

MAX_POOL_OUTCOMES = 400
"""Distinct outcomes of one die in a keep/drop pool (icepool recurses once per outcome)."""

NEGLECTED = Fraction(1, 10**10)
"""Largest chance per term left out by following explosions only so deep."""

_WIDE = 256  # bits of weight that double the cost of one multiplication
_PER_OUTCOME = 20  # units icepool spends per outcome of each new die (sorting, reducing)
_PER_POOL = 700  # units icepool spends setting up one pool evaluation
_PER_POP = 8  # units per outcome per outcome left, as a pool evaluation takes its die apart
_MIXED_POOL = 400  # (dice in an exploded pool)³ / this: setting up one pool of the mixture


def explosion_depth(term: DiceTerm) -> int:
    """Fewest extra rolls per die that leave under NEGLECTED chance of a longer chain."""
    depth = 0
    while depth < MAX_CHAIN and Fraction(term.count, term.sides ** (depth + 1)) > NEGLECTED:
        depth += 1
    return depth


@dataclass(frozen=True, slots=True)
class _Shape:
    """What the cost of an icepool die depends on: its outcomes and its weights' size."""

    span: int
    """Distinct outcomes at most."""
    bits: float
    """Bits of its denominator (of each weight, at most)."""


_POINT = _Shape(1, 0.0)


class _Meter:
    """Adds up the units of the icepool steps ``combat.rules.odds`` takes, step for step."""

    def __init__(self) -> None:
        self.units = 0.0

    def add(self, a: _Shape, b: _Shape) -> _Shape:
        out = _Shape(a.span + b.span - 1, a.bits + b.bits)
        wide = 1 + out.bits / _WIDE
        self.units += (a.span * b.span + _PER_OUTCOME * out.span) * wide
        return out

    def times(self, count: int, die: _Shape) -> _Shape:
        """``count @ die``: icepool adds the dice one at a time."""
        total = die
        for _ in range(count - 1):
            total = self.add(total, die)
        return total

    def pool(
        self,
        outcomes: int,
        dice: int,
        kept: int,
        die_bits: float,
        times: int = 1,
        setup: float = _PER_POOL,
    ) -> None:
        """``times`` evaluations of a keep/drop pool: outcomes × dice × reachable sums, and
        the die taken apart one outcome at a time."""
        if outcomes > MAX_POOL_OUTCOMES:
            self.units = math.inf
            return
        wide = 1 + dice * die_bits / 128
        sums = outcomes * outcomes * dice * max(kept, 1) * wide
        self.units += times * (sums + _PER_POP * outcomes * outcomes + setup)

    def mapping(self, shape: _Shape) -> None:
        """Turning a die into a mapping of Fractions (a gcd per outcome)."""
        self.units += shape.span * (1 + shape.bits / 64)


_Parts = tuple[_Shape, _Shape | None, _Shape]  # total, successes, sixes


def exact_cost(root: Node) -> float:
    """Work units of ``combat.rules.odds.odds`` for this tree; ``inf`` if it must not run."""
    meter = _Meter()
    total, successes, sixes = _node(meter, root)
    for shape in (total, successes, sixes):
        if shape is not None:
            meter.mapping(shape)
    return meter.units


def within_budget(root: Node) -> bool:
    return exact_cost(root) <= EXACT_BUDGET


def _node(meter: _Meter, node: Node) -> _Parts:
    if isinstance(node, Number):
        return _POINT, None, _POINT
    if isinstance(node, DiceTerm):
        return _term(meter, node)
    total, successes, sixes = _POINT, None, _POINT
    for _sign, child in node.parts:
        child_total, child_successes, child_sixes = _node(meter, child)
        total = meter.add(total, child_total)
        if child_successes is not None:
            successes = (
                child_successes if successes is None else meter.add(successes, child_successes)
            )
        sixes = meter.add(sixes, child_sixes)
    return total, successes, sixes


def _term(meter: _Meter, term: DiceTerm) -> _Parts:
    depth = explosion_depth(term) if term.explode is not Explode.NONE else 0
    face_bits = math.log2(term.sides)
    bits = (depth + 1) * face_bits
    # Building a followed die costs a map over the faces per level of depth.
    meter.units += depth * term.sides * (term.sides + depth + 2)
    if term.target is not None:
        chain = depth + 2 if term.explode is not Explode.NONE else 2
        per_die = _Shape(chain if term.explode is Explode.EXPLODE else 2, bits)
        successes = meter.times(term.count, per_die)
        sixes = meter.times(term.count, _Shape(chain, bits)) if term.sides == 6 else _POINT
        return successes, successes, sixes
    if term.keep is not None:
        return _kept(meter, term, depth, face_bits)
    die = _Shape(term.sides * (depth + 1), bits)
    total = meter.times(term.count, die)
    sixes = meter.times(term.count, _Shape(depth + 2, bits)) if term.sides == 6 else _POINT
    return total, None, sixes


def _kept(meter: _Meter, term: DiceTerm, depth: int, face_bits: float) -> _Parts:
    assert term.keep is not None
    kept = term.keep.kept_of(term.count)
    evaluations = 2 if term.sides == 6 else 1  # the sixes are a second evaluation
    if term.explode is Explode.EXPLODE:
        # A mixture of pools, one per (dice that exploded, dice that did not) that can happen:
        # with n plain dice, n·depth + 1 counts of exploded ones.
        mixtures = depth * term.count * (term.count + 1) // 2 + term.count + 1
        mixed = (term.count * (depth + 1)) ** 3 / _MIXED_POOL  # measured: the cube fits
        meter.pool(term.sides, term.count, kept, face_bits, evaluations * mixtures, mixed)
        span = term.keep.kept_of(term.count * (depth + 1)) * term.sides
        return _Shape(span, term.count * (depth + 1) * face_bits), None, _Shape(span, 0.0)
    outcomes = term.sides * (depth + 1)
    bits = (depth + 1) * face_bits
    meter.pool(outcomes, term.count, kept, bits, evaluations)
    span = kept * outcomes
    return _Shape(span, term.count * bits), None, _Shape(kept * (depth + 1) + 1, 0.0)
