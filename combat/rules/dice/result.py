"""What a roll produced: a frozen tree of dice and faces that serialises to JSON.

The log stores ``RollResult.faces`` (every face, in the order drawn) with the expression;
``replay(expression, faces)`` rebuilds an equal ``RollResult``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Die:
    """One die of a roll, with every face it showed (several when it compounded)."""

    sides: int
    faces: tuple[int, ...]
    kept: bool = True
    exploded: bool = False
    """It showed its maximum and caused another roll (an extra die, or one more face)."""
    extra: bool = False
    """It was added by an explosion (``!``) rather than asked for by the expression."""
    parent: int | None = None
    """For an extra die: the index (in ``RollResult.dice``) of the die that exploded."""
    success: bool | None = None
    """For success counting: whether this die met the target; otherwise ``None``."""
    term: int = 0
    """Which dice term of the expression (0-based, left to right) rolled it."""

    @property
    def value(self) -> int:
        return sum(self.faces)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "faces": list(self.faces),
            "kept": self.kept,
            "exploded": self.exploded,
            "extra": self.extra,
            "parent": self.parent,
            "success": self.success,
            "term": self.term,
            "value": sum(self.faces),
        }


@dataclass(frozen=True, slots=True)
class RollResult:
    expression: str
    total: int
    dice: tuple[Die, ...]
    faces: tuple[int, ...]
    """Every face in the order it was drawn: what the log keeps, and what replay needs."""
    successes: int | None
    """Dice that met their target, over all success-counting terms; ``None`` if none count."""
    sixes: int
    """Faces showing 6 on kept six-sided dice (Dračí Hlídka criticals)."""
    fumble: bool
    """Rule of one: success counting, and every counted die's first face is 1."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "total": self.total,
            "dice": [die.to_dict() for die in self.dice],
            "successes": self.successes,
            "sixes": self.sixes,
            "fumble": self.fumble,
        }
