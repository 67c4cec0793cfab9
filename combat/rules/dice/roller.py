"""Rolling a parsed expression against a face source, and replaying recorded faces.

Order of faces (the same for every source, so any roll can be typed back in or replayed):
terms left to right; within a term, all its dice left to right, then one more face for each die
that exploded, in the same order, then the next round of explosions.
"""

from __future__ import annotations

from collections.abc import Sequence

from combat.rules.dice import errors
from combat.rules.dice.errors import InvalidDice, MoreFacesNeeded
from combat.rules.dice.limits import MAX_CHAIN, MAX_DICE
from combat.rules.dice.nodes import DiceTerm, Explode, Keep, Target
from combat.rules.dice.parser import parse
from combat.rules.dice.result import Die, RollResult
from combat.rules.faces import FaceSource, FacesExhausted, SecureFaces, SeededFaces, TypedFaces

_TRUSTED_SOURCES = (SecureFaces, SeededFaces)


def roll(expression: str, source: FaceSource) -> RollResult:
    """Roll ``expression`` with faces from ``source``; raise ``InvalidDice`` if anything is bad.

    With ``TypedFaces`` every typed face must be used: leftovers are an error too.
    """
    parsed = parse(expression)
    state = _Roll(source)
    total = parsed.constant
    for index, term in enumerate(parsed.terms):
        total += parsed.signs[index] * state.term(term, index)
    if isinstance(source, TypedFaces) and source.remaining:
        _too_many_faces(source)
    counted = parsed.counts_successes
    return RollResult(
        expression=expression,
        total=total,
        dice=tuple(state.dice),
        faces=tuple(state.drawn),
        successes=state.successes if counted else None,
        sixes=state.sixes,
        fumble=counted and state.counted_firsts > 0 and state.all_ones,
    )


def replay(expression: str, faces: Sequence[int]) -> RollResult:
    """Rebuild the result of a roll from its recorded ``RollResult.faces``."""
    for face in faces:
        if type(face) is not int:
            raise InvalidDice(errors.FACE_NOT_NUMBER, face=repr(face))
    return roll(expression, TypedFaces(faces))


def _too_many_faces(source: TypedFaces) -> None:
    if source.remaining == 1:
        raise InvalidDice(errors.ONE_TOO_MANY, expected=source.used)
    raise InvalidDice(errors.TOO_MANY_FACES, extra=source.remaining, expected=source.used)


class _Roll:
    """The mutable state of one roll; what escapes it is frozen into a ``RollResult``."""

    def __init__(self, source: FaceSource) -> None:
        self.roll = source.roll
        self.checked = not isinstance(source, _TRUSTED_SOURCES)
        self.drawn: list[int] = []
        self.dice: list[Die] = []
        self.successes = 0
        self.sixes = 0
        self.counted_firsts = 0
        self.all_ones = True

    def term(self, term: DiceTerm, index: int) -> int:
        """Roll one dice term, record its dice, and return its value in the total."""
        if term.explode is Explode.EXPLODE:
            chains, parents = self.explode(term)
        elif term.explode is Explode.COMPOUND:
            chains, parents = self.compound(term), None
        else:
            chains, parents = [(face,) for face in self.draw(term.sides, term.count, 0)], None
        values = [sum(chain) for chain in chains]
        kept = _kept(values, term.keep) if term.keep is not None else None
        successes = self.count(term.target, chains, values, term.count)
        self.record(term, index, chains, parents, kept, successes)
        if successes is not None:
            return successes.count(True)
        if kept is None:
            return sum(values)
        return sum(value for value, keep in zip(values, kept, strict=True) if keep)

    def draw(self, sides: int, count: int, depth: int) -> list[int]:
        """``count`` faces of a d``sides``; ``depth`` > 0 means they are explosion rolls."""
        if len(self.drawn) + count > MAX_DICE:
            raise InvalidDice(errors.TOO_MANY_ROLLED, limit=MAX_DICE)
        roll = self.roll
        faces: list[int] = []
        try:
            for _ in range(count):
                faces.append(roll(sides))
        except FacesExhausted:
            raise _more_faces_needed(count - len(faces), sides, depth) from None
        if self.checked:
            _check_faces(faces, sides)
        self.drawn += faces
        return faces

    def explode(self, term: DiceTerm) -> tuple[list[tuple[int, ...]], list[int]]:
        """``!``: each maximum face adds one more die, round after round."""
        sides = term.sides
        faces = self.draw(sides, term.count, 0)
        parents = [-1] * term.count
        start, depth = 0, 0
        while True:
            pending = [i for i in range(start, len(faces)) if faces[i] == sides]
            if not pending:
                return [(face,) for face in faces], parents
            depth += 1
            if depth > MAX_CHAIN:
                raise InvalidDice(errors.CHAIN_TOO_LONG, sides=sides, limit=MAX_CHAIN)
            start = len(faces)
            faces += self.draw(sides, len(pending), depth)
            parents += pending

    def compound(self, term: DiceTerm) -> list[tuple[int, ...]]:
        """``!!``: each maximum face adds one more face to the same die.

        With a target (``>=``/``>``) a die stops once it succeeds: seed 003's rule of six
        re-rolls a six only when the target number is above it.
        """
        sides = term.sides
        stop = term.target.lowest_success if term.target is not None else None
        chains = [[face] for face in self.draw(sides, term.count, 0)]
        totals = [chain[0] for chain in chains]
        pending = [i for i in range(term.count) if _grows(chains[i][0], totals[i], sides, stop)]
        depth = 0
        while pending:
            depth += 1
            if depth > MAX_CHAIN:
                raise InvalidDice(errors.CHAIN_TOO_LONG, sides=sides, limit=MAX_CHAIN)
            faces = self.draw(sides, len(pending), depth)
            for i, face in zip(pending, faces, strict=True):
                chains[i].append(face)
                totals[i] += face
            pending = [i for i in pending if _grows(chains[i][-1], totals[i], sides, stop)]
        return [tuple(chain) for chain in chains]

    def count(
        self, target: Target | None, chains: list[tuple[int, ...]], values: list[int], asked: int
    ) -> list[bool] | None:
        """Success flags per die; also tracks the rule of one over the first ``asked`` dice."""
        if target is None:
            return None
        self.counted_firsts += asked
        if self.all_ones:
            self.all_ones = all(chain[0] == 1 for chain in chains[:asked])
        flags = [target.met_by(value) for value in values]
        self.successes += flags.count(True)
        return flags

    def record(
        self,
        term: DiceTerm,
        index: int,
        chains: list[tuple[int, ...]],
        parents: list[int] | None,
        kept: list[bool] | None,
        successes: list[bool] | None,
    ) -> None:
        sides, offset, dice = term.sides, len(self.dice), self.dice
        for i, chain in enumerate(chains):
            parent = parents[i] if parents is not None else -1
            keep = kept[i] if kept is not None else True
            if keep and sides == 6:
                self.sixes += chain.count(6)
            dice.append(
                Die(
                    sides=sides,
                    faces=chain,
                    kept=keep,
                    exploded=len(chain) > 1 or (parents is not None and chain[0] == sides),
                    extra=parent >= 0,
                    parent=offset + parent if parent >= 0 else None,
                    success=successes[i] if successes is not None else None,
                    term=index,
                )
            )


def _grows(last: int, total: int, sides: int, stop: int | None) -> bool:
    return last == sides and (stop is None or total < stop)


def _kept(values: list[int], keep: Keep) -> list[bool]:
    """Which dice stay; among equal dice the leftmost is picked first (to keep or to drop)."""
    order = sorted(range(len(values)), key=values.__getitem__, reverse=keep.highest_first)
    picked = set(order[: keep.count])
    return [(i in picked) == keep.keeps for i in range(len(values))]


def _check_faces(faces: list[int], sides: int) -> None:
    for face in faces:
        if type(face) is not int:
            raise InvalidDice(errors.FACE_NOT_NUMBER, face=repr(face))
        if not 1 <= face <= sides:
            raise InvalidDice(errors.FACE_NOT_ON_DIE, face=face, sides=sides)


def _more_faces_needed(count: int, sides: int, depth: int) -> MoreFacesNeeded:
    if depth == 0:
        template = errors.ROLL_MORE
    elif sides == 6:
        template = errors.ROLL_MORE_SIX if count == 1 else errors.ROLL_MORE_SIXES
    else:
        template = errors.ROLL_MORE_MAX if count == 1 else errors.ROLL_MORE_MAXES
    return MoreFacesNeeded(template, count=count, sides=sides)
