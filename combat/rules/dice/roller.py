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
from combat.rules.dice.nodes import DiceTerm, Explode, Keep
from combat.rules.dice.parser import parse
from combat.rules.dice.result import RollResult, TermRoll, _make
from combat.rules.faces import FacesExhausted, FaceSource, SecureFaces, SeededFaces, TypedFaces

# Sources whose faces are right by construction (exact types: a subclass could change roll).
_TRUSTED_SOURCES = frozenset({SecureFaces, SeededFaces})
# Enum members as module constants: looking them up on the class costs ~90 ns each time.
_PLAIN, _EXPLODE = Explode.NONE, Explode.EXPLODE
_NO_DETAILS = (None, None, None, None)  # chains, parents, kept, successes of a plain term


def roll(expression: str, source: FaceSource) -> RollResult:
    """Roll ``expression`` with faces from ``source``; raise ``InvalidDice`` if anything is bad.

    With ``TypedFaces`` every typed face must be used: leftovers are an error too.
    """
    parsed = parse(expression)
    faces = _Faces(source)
    terms: list[TermRoll] = []
    total, offset = parsed.constant, 0
    dice_terms, signs = parsed.terms, parsed.signs
    for index in range(len(dice_terms)):  # enumerate(zip(...)) would cost a tenth of a roll
        rolled = _roll_term(dice_terms[index], index, offset, faces)
        terms.append(rolled)
        offset += len(rolled.values)
        total += signs[index] * rolled.value
    if isinstance(source, TypedFaces) and source.remaining:
        _too_many_faces(source)
    fields = {
        "expression": expression,
        "total": total,
        "faces": tuple(faces.drawn),
        "terms": tuple(terms),
    }
    return _make(RollResult, fields)


def replay(expression: str, faces: Sequence[int]) -> RollResult:
    """Rebuild the result of a roll from its recorded ``RollResult.faces``."""
    faces = tuple(faces)
    for face in faces:
        if type(face) is not int:
            raise InvalidDice(errors.FACE_NOT_NUMBER, face=repr(face))
    return roll(expression, TypedFaces(faces))


def _too_many_faces(source: TypedFaces) -> None:
    if source.remaining == 1:
        raise InvalidDice(errors.ONE_TOO_MANY, expected=source.used)
    raise InvalidDice(errors.TOO_MANY_FACES, extra=source.remaining, expected=source.used)


class _Faces:
    """Draws faces from the source, checks them, keeps them in order, enforces the dice budget."""

    __slots__ = ("roll", "checked", "drawn")

    def __init__(self, source: FaceSource) -> None:
        self.roll = source.roll
        self.checked = type(source) not in _TRUSTED_SOURCES
        self.drawn: list[int] = []

    def take(self, sides: int, count: int, depth: int) -> list[int]:
        """``count`` faces of a d``sides``; ``depth`` > 0 means they are explosion rolls."""
        if len(self.drawn) + count > MAX_DICE:
            raise InvalidDice(errors.TOO_MANY_ROLLED, limit=MAX_DICE)
        roll = self.roll
        faces: list[int] = []
        try:
            if count == 1:  # the most common case, a third faster without the loop
                faces = [roll(sides)]
            else:
                for _ in range(count):
                    faces.append(roll(sides))
        except FacesExhausted:
            raise _more_faces_needed(count - len(faces), sides, depth) from None
        if self.checked:
            _check_faces(faces, sides)
        self.drawn += faces
        return faces


def _roll_term(term: DiceTerm, index: int, offset: int, faces: _Faces) -> TermRoll:
    """Roll one dice term: its dice, explosions, kept dice, successes and value."""
    if term.plain:
        values = faces.take(term.sides, term.count, 0)
        return TermRoll._make((term, index, offset, sum(values), tuple(values), *_NO_DETAILS))
    chains = parents = None
    if term.explode is _PLAIN:
        values = faces.take(term.sides, term.count, 0)
    elif term.explode is _EXPLODE:
        values, parents = _explode(term, faces)
    else:
        chains = _compound(term, faces)
        values = [sum(chain) for chain in chains]
    kept = successes = None
    if term.keep is not None:
        kept = _kept(values, term.keep)
        value = sum(value for value, keep in zip(values, kept, strict=True) if keep)
    elif term.target is not None:
        successes = term.target.met_by_each(values)
        value = successes.count(True)
    else:
        value = sum(values)
    return TermRoll(term, index, offset, value, tuple(values), chains, parents, kept, successes)


def _explode(term: DiceTerm, faces: _Faces) -> tuple[list[int], tuple[int, ...] | None]:
    """``!``: each maximum face adds one more die, round after round."""
    sides = term.sides
    values = faces.take(sides, term.count, 0)
    if sides not in values:
        return values, None
    parents = [-1] * term.count
    start, depth = 0, 0
    while True:
        pending = [i for i in range(start, len(values)) if values[i] == sides]
        if not pending:
            return values, tuple(parents)
        depth += 1
        if depth > MAX_CHAIN:
            raise InvalidDice(errors.CHAIN_TOO_LONG, sides=sides, limit=MAX_CHAIN)
        start = len(values)
        values += faces.take(sides, len(pending), depth)
        parents += pending


def _compound(term: DiceTerm, faces: _Faces) -> tuple[tuple[int, ...], ...]:
    """``!!``: each maximum face adds one more face to the same die.

    With a target (``>=``/``>``) a die stops once it succeeds: seed 003's rule of six re-rolls
    a six only while the target number is still out of reach.
    """
    sides = term.sides
    stop = term.target.lowest_success if term.target is not None else None
    chains = [[face] for face in faces.take(sides, term.count, 0)]
    totals = [chain[0] for chain in chains]
    pending = [i for i in range(term.count) if _grows(chains[i][0], totals[i], sides, stop)]
    depth = 0
    while pending:
        depth += 1
        if depth > MAX_CHAIN:
            raise InvalidDice(errors.CHAIN_TOO_LONG, sides=sides, limit=MAX_CHAIN)
        for i, face in zip(pending, faces.take(sides, len(pending), depth), strict=True):
            chains[i].append(face)
            totals[i] += face
        pending = [i for i in pending if _grows(chains[i][-1], totals[i], sides, stop)]
    return tuple(map(tuple, chains))


def _grows(last: int, total: int, sides: int, stop: int | None) -> bool:
    return last == sides and (stop is None or total < stop)


def _kept(values: list[int], keep: Keep) -> tuple[bool, ...]:
    """Which dice stay; among equal dice the leftmost stays (so 4d6kh3 and 4d6dl1 agree)."""
    count, keeps = len(values), keep.keeps
    # Dice picked first are kept (kh/kl) or dropped (dh/dl); sorting is stable, so put the
    # dice in the order they should be picked among equals.
    candidates = range(count) if keeps else range(count - 1, -1, -1)
    order = sorted(candidates, key=values.__getitem__, reverse=keep.highest_first)
    flags = [not keeps] * count
    for i in order[: keep.count]:
        flags[i] = keeps
    return tuple(flags)


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
