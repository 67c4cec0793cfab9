"""Where die faces come from (issue C): chance in live play, a seed in simulation, or a person.

The rules never call ``random`` themselves; they take a ``FaceSource``. The dice engine asks a
source for one face at a time, always in the same breadth-first order (all dice of a term, then
one round of explosions after another), so the faces of any roll can be typed back in.
"""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Sequence
from typing import Protocol


class FaceSource(Protocol):
    def roll(self, sides: int) -> int:
        """One face of a die with ``sides`` sides: an int from 1 to ``sides``."""
        ...


_SYSTEM = secrets.SystemRandom()  # the operating system's randomness, for dice over 256 sides


class SecureFaces:
    """Live play: faces from the operating system's secure random source.

    The bytes are read in blocks (one ``os.urandom`` call for the first ``FIRST`` bytes, then one
    per ``BLOCK`` bytes, instead of one per face) and cut into faces without bias by rejection
    sampling: a byte is kept only below the largest multiple of the die's sides that fits in a
    byte, and its remainder is the face, so every face is exactly equally likely, as with
    ``secrets.randbelow``. A die of more than 256 sides asks ``secrets.SystemRandom`` itself.
    One source belongs to one roll or one request: its unread bytes are never shared.
    """

    __slots__ = ("_block", "_at")
    FIRST, BLOCK = 32, 256  # a roll's first read is small (most rolls need a few faces)

    def __init__(self) -> None:
        self._block = b""
        self._at = 0

    def roll(self, sides: int) -> int:
        if sides > 256:
            return _SYSTEM.randrange(sides) + 1
        limit = 256 - 256 % sides  # the bytes at or above it would favour the low faces
        while True:
            if self._at >= len(self._block):
                size = self.BLOCK if self._block else self.FIRST
                self._block, self._at = os.urandom(size), 0
            byte = self._block[self._at]
            self._at += 1
            if byte < limit:
                return byte % sides + 1


class SeededFaces:
    """Simulation and tests: the same seed gives the same faces, with its own generator.

    Faces are exactly ``random.Random(seed).randrange(sides) + 1`` (the same rejection
    sampling, inlined because it halves the cost of a face).
    """

    __slots__ = ("_bits",)

    def __init__(self, seed: int) -> None:
        self._bits = random.Random(seed).getrandbits

    def roll(self, sides: int) -> int:
        bits = sides.bit_length()
        face = self._bits(bits)
        while face >= sides:
            face = self._bits(bits)
        return face + 1


class FacesExhausted(Exception):
    """Internal signal: a ``TypedFaces`` ran out; the roller turns it into a clear message."""


class TypedFaces:
    """Faces a person read off physical dice, in the order they were rolled at the table.

    Faces are handed out as they are; the roller checks each one against its die, says how
    many more dice to roll when they run out, and counts the ones left over.
    """

    __slots__ = ("_faces", "_next")

    def __init__(self, faces: Sequence[int]) -> None:
        self._faces = tuple(faces)
        self._next = 0

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise FacesExhausted
        face = self._faces[self._next]
        self._next += 1
        return face

    @property
    def used(self) -> int:
        return self._next

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._next
