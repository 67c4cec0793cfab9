"""The odds of an action before it is rolled, for any engine: every possible die face, exactly.

The engine is pure, so the preview resolves the action once for every sequence of faces it
could draw — a face source that, when it runs out, branches into one sequence per face. Exploding
dice are followed until a branch's probability falls below `NEGLECTED`; what is cut off is
reported as `uncovered`. A budget of resolutions keeps big dice pools from taking long: past it
there is no preview (the engine may provide exact odds of its own later).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from combat.rules.base import Action, Fight, RulesError
from combat.rules.dice import InvalidDice
from combat.rules.engine import EngineBase

NEGLECTED = Fraction(1, 10**5)
BUDGET = 3000


class _NeedFace(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Prefix:
    """Hands out a fixed prefix of faces, then asks for a branch."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self._faces, self._next = faces, 0

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise _NeedFace(sides)
        face = self._faces[self._next]
        self._next += 1
        return face


@dataclass(frozen=True)
class Preview:
    hit: Fraction  # the chance that the action hits
    damage: Fraction  # the expected damage (0 on a miss)
    uncovered: Fraction  # probability left out by following explosions only so deep

    @property
    def hit_percent(self) -> str:
        return f"{float(self.hit) * 100:.1f}"

    @property
    def damage_mean(self) -> str:
        return f"{float(self.damage):.1f}"

    @property
    def uncovered_percent(self) -> str:
        return f"{float(self.uncovered) * 100:.1f}"

    @property
    def uncovered_shown(self) -> bool:
        """Worth saying: it shows as at least 0.1 % (below, "±0.0 %" would say nothing)."""
        return self.uncovered_percent != "0.0"


def preview(engine: EngineBase, fight: Fight, action: Action) -> Preview | None:
    """Exact odds of `action`, or None when it is not allowed or too big to enumerate. The
    engine may work them out from distributions itself (`exact_odds`): the same numbers, fast."""
    exact = engine.exact_odds(fight, action)
    if exact is not None:
        return Preview(*exact)
    return enumerated(engine, fight, action)


def enumerated(engine: EngineBase, fight: Fight, action: Action) -> Preview | None:
    """The odds of `action` from every sequence of faces it could draw (the reference)."""
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    hit = damage = uncovered = Fraction(0)
    for _ in range(BUDGET):
        if not stack:
            return Preview(hit, damage, uncovered)
        faces, chance = stack.pop()
        try:
            data = engine.resolve(fight, action, _Prefix(faces)).data
        except _NeedFace as need:
            share = chance / need.sides
            if share < NEGLECTED:
                uncovered += chance
            else:
                stack.extend((faces + (face,), share) for face in range(1, need.sides + 1))
            continue
        except (RulesError, InvalidDice):
            return None
        if data.get("hit"):
            hit += chance
            damage += chance * int(data.get("damage", 0))
    return None
