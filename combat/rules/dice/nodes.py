"""The parsed form of a dice expression: small immutable nodes, safe to cache and share.

Arithmetic is only ``+``, ``-`` and parentheses, so a tree is a ``Sum`` of signed parts whose
leaves are ``Number`` and ``DiceTerm``; a unary minus is a one-part ``Sum``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from combat.rules.dice.limits import MAX_CHAIN, MAX_DICE


class Explode(Enum):
    """``!`` adds one more die per maximum face; ``!!`` adds the new face into the same die."""

    NONE = ""
    EXPLODE = "!"
    COMPOUND = "!!"


class KeepMode(Enum):
    KEEP_HIGHEST = "kh"
    KEEP_LOWEST = "kl"
    DROP_HIGHEST = "dh"
    DROP_LOWEST = "dl"


class Compare(Enum):
    AT_LEAST = ">="
    ABOVE = ">"
    AT_MOST = "<="
    BELOW = "<"


@dataclass(frozen=True, slots=True)
class Keep:
    mode: KeepMode
    count: int
    keeps: bool = field(init=False, compare=False, repr=False)
    """``kh``/``kl`` pick the dice to keep; ``dh``/``dl`` pick the dice to drop."""
    highest_first: bool = field(init=False, compare=False, repr=False)
    """Whether the dice picked first (to keep or to drop) are the highest ones."""

    def __post_init__(self) -> None:
        # Stored rather than computed: the roller asks on every roll (parsed trees are cached).
        keeps = self.mode in (KeepMode.KEEP_HIGHEST, KeepMode.KEEP_LOWEST)
        object.__setattr__(self, "keeps", keeps)
        highest = self.mode in (KeepMode.KEEP_HIGHEST, KeepMode.DROP_HIGHEST)
        object.__setattr__(self, "highest_first", highest)

    def kept_of(self, dice: int) -> int:
        """How many of ``dice`` dice stay in the total."""
        return self.count if self.keeps else dice - self.count


@dataclass(frozen=True, slots=True)
class Target:
    """Success counting: a die succeeds when its total meets ``compare`` ``value``."""

    compare: Compare
    value: int

    def met_by(self, total: int) -> bool:
        if self.compare is Compare.AT_LEAST:
            return total >= self.value
        if self.compare is Compare.ABOVE:
            return total > self.value
        if self.compare is Compare.AT_MOST:
            return total <= self.value
        return total < self.value

    def met_by_each(self, totals: Sequence[int]) -> tuple[bool, ...]:
        """``met_by`` of each total, the comparison chosen once for the whole term."""
        value = self.value
        if self.compare is Compare.AT_LEAST:
            return tuple([total >= value for total in totals])
        if self.compare is Compare.ABOVE:
            return tuple([total > value for total in totals])
        if self.compare is Compare.AT_MOST:
            return tuple([total <= value for total in totals])
        return tuple([total < value for total in totals])

    @property
    def lowest_success(self) -> int:
        """The smallest total that succeeds for ``>=``/``>`` (a compounding die stops there)."""
        return self.value + 1 if self.compare is Compare.ABOVE else self.value


@dataclass(frozen=True, slots=True)
class Number:
    value: int

    @property
    def bounds(self) -> tuple[int, int]:
        return (self.value, self.value)

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``NdM`` with its optional explosion, keep/drop and success target."""

    count: int
    sides: int
    explode: Explode = Explode.NONE
    keep: Keep | None = None
    target: Target | None = None
    percent: bool = field(default=False, compare=False)
    plain: bool = field(init=False, compare=False, repr=False)
    """No explosion, keep/drop or target: the roller's fast path (stored, trees are cached)."""

    def __post_init__(self) -> None:
        plain = self.explode is Explode.NONE and self.keep is None and self.target is None
        object.__setattr__(self, "plain", plain)

    @property
    def most_dice(self) -> int:
        """The most dice this term can roll, explosions included (the engine's limits)."""
        if self.explode is Explode.NONE:
            return self.count
        return min(MAX_DICE, self.count * (MAX_CHAIN + 1))

    @property
    def bounds(self) -> tuple[int, int]:
        """Lowest and highest value of the term (an upper bound when dice explode)."""
        if self.target is not None:
            counted = self.most_dice if self.explode is Explode.EXPLODE else self.count
            return (0, counted)
        if self.explode is Explode.NONE:
            dice, largest_die = self.count, self.sides
        elif self.explode is Explode.COMPOUND:
            dice, largest_die = self.count, self.sides * (MAX_CHAIN + 1)
        else:
            dice, largest_die = self.most_dice, self.sides
        if self.keep is None:
            return (self.count, dice * largest_die)
        return (self.keep.kept_of(self.count), self.keep.kept_of(dice) * largest_die)

    def __str__(self) -> str:
        size = "%" if self.percent else str(self.sides)
        text = f"{self.count}d{size}{self.explode.value}"
        if self.keep is not None:
            text += f"{self.keep.mode.value}{self.keep.count}"
        if self.target is not None:
            text += f"{self.target.compare.value}{self.target.value}"
        return text


@dataclass(frozen=True, slots=True)
class Sum:
    """Signed parts added up: ``parts[i] = (sign, node)`` with sign +1 or -1."""

    parts: tuple[tuple[int, Node], ...]

    @property
    def bounds(self) -> tuple[int, int]:
        least = most = 0
        for sign, node in self.parts:
            low, high = node.bounds
            if sign > 0:
                least, most = least + low, most + high
            else:
                least, most = least - high, most - low
        return (least, most)

    def __str__(self) -> str:
        text = ""
        for index, (sign, node) in enumerate(self.parts):
            if sign < 0:
                text += "-"
            elif index:
                text += "+"
            inner = str(node)
            wrap = isinstance(node, Sum) and len(node.parts) > 1
            text += f"({inner})" if wrap else inner
        return text


Node = Number | DiceTerm | Sum


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed expression: the text as given, its tree, and what the roller needs."""

    text: str
    root: Node
    terms: tuple[DiceTerm, ...]
    """Dice terms in the order they appear (and are rolled)."""
    signs: tuple[int, ...]
    """Sign of each term in the total (nested minus signs multiplied out)."""
    constant: int
    """The numbers of the expression, signed and added up."""
    min_total: int
    max_total: int
    counts_successes: bool

    def __str__(self) -> str:
        return str(self.root)
