"""The Shadowrun 3 success test (seed 003): N six-sided dice against a target number (TN).

seed 003: "Srovnejte výsledek jednoho každého hodu s modifikovaným cílovým číslem a nezapomeňte
uplatnit pravidlo jedničky a pravidlo šestky. Každý výsledek vyšší nebo rovný cílovému číslu
představuje úspěch." The dice engine's `Nd6!!>=T` is exactly this: a 6 is rolled again and added
while the die is still below the TN (so TN 8 needs a 6 and then 2+), and `fumble` is the rule of
one (every die showing 1). "Modifikované cílové číslo nemůže být nikdy nižší než 2."
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.rules.base import RolledDice, Step, _, ngettext
from combat.rules.dice import roll
from combat.rules.faces import FaceSource, TypedFaces
from combat.rules.work import Draw

TN_FLOOR = 2


def clamp(target: int) -> int:
    """seed 003: a modified TN is never below 2."""
    return max(TN_FLOOR, target)


def draw(faces: FaceSource) -> FaceSource:
    """The face source to roll several tests from (TypedFaces wrapped, so one roll need not use
    every typed face; the engine checks once for the whole action; others as they are)."""
    return Draw(faces) if isinstance(faces, TypedFaces) else faces


def expression(dice: int, target: int) -> str:
    """The dice notation of a test: `10d6!!>=4` (docs/dice.md, Shadowrun 3)."""
    return f"{dice}d6!!>={target}"


@dataclass(frozen=True)
class TestResult:
    """One success test: how many dice against what TN, and what came of it."""

    __test__ = False  # not a pytest class, despite the name

    purpose: str
    roller: str | None
    dice: int
    target: int
    successes: int
    disaster: bool  # rule of one: every die showed 1
    rolled: RolledDice | None  # None when no die was rolled (0 dice)
    steps: tuple[Step, ...]

    @property
    def rolls(self) -> tuple[RolledDice, ...]:
        return () if self.rolled is None else (self.rolled,)


def success_test(
    dice: int,
    target: int,
    faces: FaceSource,
    *,
    purpose: str = "test",
    roller: str | None = None,
) -> TestResult:
    """Roll `dice` d6 against `target` (clamped to 2 at least); no dice → no roll, no success."""
    target = clamp(target)
    if dice <= 0:
        step = Step(_("no dice against TN %(tn)s: no successes"), {"tn": target})
        return TestResult(purpose, roller, 0, target, 0, False, None, (step,))
    notation = expression(dice, target)
    result = roll(notation, draw(faces))
    successes = result.successes or 0
    rolled = RolledDice(purpose, roller, notation, result.faces, successes, result.sixes)
    steps = [
        Step(
            ngettext(
                "%(dice)s dice against TN %(tn)s: %(successes)s success",
                "%(dice)s dice against TN %(tn)s: %(successes)s successes",
                "successes",
            ),
            {"dice": dice, "tn": target, "successes": successes},
        )
    ]
    if result.fumble:
        steps.append(Step(_("rule of one: every die shows 1")))
    return TestResult(purpose, roller, dice, target, successes, result.fumble, rolled, tuple(steps))


@dataclass(frozen=True)
class D6:
    """A plain 1d6 (the explosive misfire's attacker successes)."""

    value: int
    rolled: RolledDice


def d6(faces: FaceSource, *, purpose: str, roller: str | None = None) -> D6:
    result = roll("1d6", draw(faces))
    return D6(
        result.total, RolledDice(purpose, roller, "1d6", result.faces, result.total, result.sixes)
    )
