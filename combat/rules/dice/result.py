"""What a roll produced: a frozen tree (roll → dice terms → dice → faces) that serialises to JSON.

The log stores ``RollResult.faces`` (every face, in the order drawn) with the expression;
``replay(expression, faces)`` rebuilds an equal ``RollResult``.

Speed: simulations roll millions of times and mostly read ``total``, ``successes`` and
``sixes``, so a term keeps its dice compactly and ``Die`` objects are made only when
``RollResult.dice`` is read. A result is built through ``_make`` because a frozen dataclass's
generated ``__init__`` costs about a microsecond (one ``object.__setattr__`` per field); the
object is just as frozen afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from combat.rules.dice.nodes import DiceTerm, Explode

_T = TypeVar("_T")


def _make(cls: type[_T], fields: dict[str, Any]) -> _T:
    """Build a frozen dataclass (without slots) from all of its fields, skipping ``__init__``."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


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


class TermRoll(NamedTuple):
    """One dice term's outcome. Per-die tuples are in draw order; ``None`` means "all default".

    A ``NamedTuple`` rather than a frozen dataclass: one is built per term of every roll, and
    a tuple is built three times faster. It is just as immutable.
    """

    term: DiceTerm
    term_index: int
    offset: int
    """Index of this term's first die in ``RollResult.dice``."""
    value: int
    """The term's value before its sign: kept dice added up, or its successes."""
    values: tuple[int, ...]
    """Each die's value: its face, or for ``!!`` the sum of its faces."""
    chains: tuple[tuple[int, ...], ...] | None = None
    """For ``!!``: every face of each die; otherwise each die has the one face in ``values``."""
    parents: tuple[int, ...] | None = None
    """For ``!``: the term-local index of the die that added each die, or -1."""
    kept: tuple[bool, ...] | None = None
    successes: tuple[bool, ...] | None = None

    def sixes(self) -> int:
        """Faces showing 6 on this term's kept dice (whatever their size)."""
        if self.chains is None and self.kept is None:
            return self.values.count(6)
        dice = self.chains or [(value,) for value in self.values]
        kept = self.kept or (True,) * len(dice)
        return sum(faces.count(6) for faces, keep in zip(dice, kept, strict=True) if keep)

    def firsts(self) -> list[int]:
        """The first face of each die the expression asked for (not the extra dice)."""
        if self.chains is not None:
            return [chain[0] for chain in self.chains]
        return list(self.values[: self.term.count])

    def die_fields(self, i: int) -> dict[str, Any]:
        """The fields of the ``i``-th die (term-local), as ``Die`` takes them."""
        faces = self.chains[i] if self.chains is not None else (self.values[i],)
        parent = self.parents[i] if self.parents is not None else -1
        if self.term.explode is Explode.EXPLODE:
            exploded = faces[0] == self.term.sides
        else:
            exploded = len(faces) > 1
        return {
            "sides": self.term.sides,
            "faces": faces,
            "kept": self.kept[i] if self.kept is not None else True,
            "exploded": exploded,
            "extra": parent >= 0,
            "parent": self.offset + parent if parent >= 0 else None,
            "success": self.successes[i] if self.successes is not None else None,
            "term": self.term_index,
        }

    def die_dicts(self) -> list[dict[str, Any]]:
        """The dice as JSON objects: ``sides``, ``faces``, ``kept``, ``exploded``, ``term``;
        ``success`` only in success-counting terms, ``parent`` only on extra (``!``) dice."""
        flat = self._flat_dicts()
        if flat is not None:
            return flat
        sides, term_index, count = self.term.sides, self.term_index, len(self.values)
        if self.chains is not None:
            faces = [list(chain) for chain in self.chains]
            exploded = [len(chain) > 1 for chain in self.chains]
        else:
            faces = [[value] for value in self.values]
            explodes = self.term.explode is Explode.EXPLODE
            exploded = [explodes and value == sides for value in self.values]
        kept = self.kept or (True,) * count
        if self.successes is not None:
            dicts = [
                {
                    "sides": sides,
                    "faces": die,
                    "kept": keep,
                    "exploded": boom,
                    "term": term_index,
                    "success": success,
                }
                for die, keep, boom, success in zip(
                    faces, kept, exploded, self.successes, strict=True
                )
            ]
        else:
            dicts = [
                {"sides": sides, "faces": die, "kept": keep, "exploded": boom, "term": term_index}
                for die, keep, boom in zip(faces, kept, exploded, strict=True)
            ]
        if self.parents is not None:
            for record, parent in zip(dicts, self.parents, strict=True):
                if parent >= 0:
                    record["parent"] = self.offset + parent
        return dicts

    def _flat_dicts(self) -> list[dict[str, Any]] | None:
        """Plain dice, and counted successes of plain dice ("8d10>=7", the common pools): one
        flat object per die, built in one pass; None for the others."""
        sides, term_index = self.term.sides, self.term_index
        if self.term.plain:
            return [
                {
                    "sides": sides,
                    "faces": [value],
                    "kept": True,
                    "exploded": False,
                    "term": term_index,
                }
                for value in self.values
            ]
        if self.successes is not None and self.term.explode is Explode.NONE and not self.kept:
            return [  # counted successes of plain dice ("8d10>=7"): the common pool, built flat
                {
                    "sides": sides,
                    "faces": [value],
                    "kept": True,
                    "exploded": False,
                    "term": term_index,
                    "success": success,
                }
                for value, success in zip(self.values, self.successes, strict=True)
            ]
        return None


@dataclass(frozen=True)
class RollResult:
    """A roll: its total and every face. ``successes``, ``sixes`` and ``fumble`` are worked
    out from the terms when read (cheap); ``dice`` when first read, and then kept."""

    expression: str
    total: int
    faces: tuple[int, ...]
    """Every face in the order it was drawn: what the log keeps, and what replay needs."""
    terms: tuple[TermRoll, ...]

    @property
    def successes(self) -> int | None:
        """Dice that met their target, over all success-counting terms; ``None`` if none count."""
        counting = [term.value for term in self.terms if term.successes is not None]
        return sum(counting) if counting else None

    @property
    def sixes(self) -> int:
        """Faces showing 6 on kept d6s (Dračí Hlídka: two or more sixes make a critical)."""
        return sum(term.sixes() for term in self.terms if term.term.sides == 6)

    @property
    def fumble(self) -> bool:
        """Rule of one (seed 003): success counting, and every counted die's first face is 1.

        Only the dice the expression asked for count: extra dice only follow a maximum face.
        """
        firsts = [
            face for term in self.terms if term.successes is not None for face in term.firsts()
        ]
        return bool(firsts) and all(face == 1 for face in firsts)

    @cached_property
    def dice(self) -> tuple[Die, ...]:
        """Every die, term by term, each term's dice in the order they were drawn."""
        return tuple(
            Die(**term.die_fields(i)) for term in self.terms for i in range(len(term.values))
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: expression, total, dice (with their faces), successes, sixes, fumble."""
        dice: list[dict[str, Any]] = []
        for term in self.terms:
            dice += term.die_dicts()
        return {
            "expression": self.expression,
            "total": self.total,
            "dice": dice,
            "successes": self.successes,
            "sixes": self.sixes,
            "fumble": self.fumble,
        }
