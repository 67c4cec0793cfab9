"""Odds within a budget (issue K): exact when that is cheap, estimated by rolling when it is not,
refused when the dice engine itself would refuse most rolls.

``chances(expression, source)`` is the one entry point for the odds shown before a roll:

* within ``combat.rules.budget.EXACT_BUDGET`` → ``combat.rules.odds.Odds`` (exact fractions);
* past it → an ``Estimate`` from rolling the expression with the dice engine itself, with
  faces from ``source`` (the caller passes a seeded or secure source, never the global random).
  Each roll draws at most ``MAX_DICE`` faces, and there are at most ``TRIALS`` rolls, so the
  work is bounded by construction; the number of rolls is chosen so the expected faces stay
  within ``FACE_BUDGET``. Its 95 % margin of error is ``Estimate.margin``;
* when most rolls fail (``200d6!`` explodes past the engine's 200 dice in practically every
  roll), ``InvalidDice`` with the engine's own reason: that expression cannot be rolled.
"""

from __future__ import annotations

import math
import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from combat.rules.budget import within_budget
from combat.rules.dice import MAX_DICE, Explode, Expression, InvalidDice, parse, roll
from combat.rules.faces import FaceSource, SeededFaces
from combat.rules.odds import Odds, odds

TRIALS = 4000
"""Rolls for one estimate at most."""

MIN_TRIALS = 1000
"""Rolls for one estimate at least (its margin is then ±3.1 %)."""

FACE_BUDGET = 200_000
"""Faces one estimate is planned to roll (expected, explosions included)."""

PROBE = 100
"""Rolls after which an expression that fails in most of them is refused."""

Z95 = 1.96  # the 95 % normal quantile


@dataclass(frozen=True, eq=False)
class Estimate:
    """The odds of an expression estimated from ``trials`` rolls of the dice engine."""

    expression: str
    trials: int
    """Rolls that gave a result (the chances below are among these)."""
    failed: int
    """Rolls the dice engine refused (too many dice after explosions)."""
    totals: Mapping[int, int]
    successes: Mapping[int, int] | None
    sixes: Mapping[int, int]
    explodes: bool
    two_sixes_possible: bool

    def chance_total_at_least(self, target: int) -> float:
        return self._share(self.totals, target)

    def chance_successes_at_least(self, count: int) -> float:
        return 0.0 if self.successes is None else self._share(self.successes, count)

    def chance_sixes_at_least(self, count: int) -> float:
        return self._share(self.sixes, count)

    @property
    def expected_total(self) -> float:
        return sum(total * n for total, n in self.totals.items()) / self.trials

    @property
    def margin(self) -> float:
        """The 95 % margin of error of any chance shown, at its widest (a chance of 50 %)."""
        return Z95 * math.sqrt(0.25 / self.trials)

    @property
    def failed_share(self) -> float:
        return self.failed / (self.trials + self.failed)

    def _share(self, counts: Mapping[int, int], threshold: int) -> float:
        return sum(n for value, n in counts.items() if value >= threshold) / self.trials


def chances(expression: str, source: FaceSource) -> Odds | Estimate:
    """Exact odds within the budget, otherwise an estimate; ``InvalidDice`` if refused."""
    parsed = parse(expression)
    if within_budget(parsed.root):
        try:
            return odds(expression)
        except RecursionError:  # the budget is meant to make this unreachable; a last line
            pass
    return estimate(parsed, source)


def trials_for(parsed: Expression) -> int:
    """Rolls for an estimate: ``FACE_BUDGET`` faces' worth, within its bounds."""
    return max(MIN_TRIALS, min(TRIALS, FACE_BUDGET // expected_dice(parsed)))


def expected_dice(parsed: Expression) -> int:
    """Faces one roll draws on average (an exploding die rolls s/(s-1) times), at most
    ``MAX_DICE`` (past it the engine refuses the roll)."""
    dice = 0.0
    for term in parsed.terms:
        growth = term.sides / (term.sides - 1) if term.explode is not Explode.NONE else 1
        dice += term.count * growth
    return max(1, min(MAX_DICE, math.ceil(dice)))


def estimate(parsed: Expression, source: FaceSource) -> Estimate:
    """Roll ``parsed`` ``trials_for`` times; refuse it if most rolls fail."""
    planned = trials_for(parsed)
    totals: Counter[int] = Counter()
    successes: Counter[int] = Counter()
    sixes: Counter[int] = Counter()
    failed = 0
    for done in range(1, planned + 1):
        try:
            result = roll(parsed.text, source)
        except InvalidDice as failure:  # over the dice limit after explosions
            failed += 1
            if 2 * failed > (PROBE if done <= PROBE else planned):
                raise failure from None
            continue
        totals[result.total] += 1
        successes[result.successes or 0] += 1
        sixes[result.sixes] += 1
    return Estimate(
        expression=parsed.text,
        trials=planned - failed,
        failed=failed,
        totals=dict(totals),
        successes=dict(successes) if parsed.counts_successes else None,
        sixes=dict(sixes),
        explodes=any(term.explode is not Explode.NONE for term in parsed.terms),
        two_sixes_possible=_two_sixes_possible(parsed),
    )


def _two_sixes_possible(parsed: Expression) -> bool:
    """Whether a roll can show two sixes on kept d6s (a Dračí Hlídka critical)."""
    kept = 0
    for term in parsed.terms:
        if term.sides != 6:
            continue
        if term.explode is not Explode.NONE:
            return True
        kept += term.keep.kept_of(term.count) if term.keep is not None else term.count
    return kept >= 2


def distribution(expression: str) -> Mapping[int, Fraction]:
    """Each total of ``expression`` with its chance, for rules that weigh outcomes (a 5e
    attack's expected damage): exact within the budget, otherwise the shares of an estimate
    rolled with dice seeded by the expression (the same answer each time it is asked)."""
    result = chances(expression, SeededFaces(zlib.crc32(expression.encode())))
    if isinstance(result, Odds):
        return result.totals
    return {total: Fraction(n, result.trials) for total, n in result.totals.items()}
