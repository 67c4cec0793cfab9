"""What a rule system says about experience (issue Q's ledgers): the award for a foe defeated,
read from the foe's own stats, and the experience at which each level begins.

A system that gives neither leaves `RuleSystem.experience` None: its GM enters experience by
hand. Pure: the web side (combat.ledger_award) reads a fight's combatants and asks this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.schema import Label


@dataclass(frozen=True)
class Experience:
    # The award for defeating a creature with these stats; None where its stats do not say.
    foe_award: Callable[[Mapping[str, Any]], int | None]
    # Who shares a fight's award: every character who fought, or only those who survived it.
    survivors_only: bool
    # Where the numbers come from, as the award page cites it.
    source: Label
    # The experience at which level 1, 2, 3 … begins; empty where levels are not by experience.
    levels: tuple[int, ...] = ()

    def level_for(self, experience: int) -> int | None:
        """The level this much experience reaches, or None where levels are not by experience."""
        if not self.levels:
            return None
        return sum(1 for start in self.levels if experience >= start) or 1


def shares(total: int, people: int) -> list[int]:
    """A total split evenly, whole points: the first `total % people` get one more."""
    if people <= 0:
        return []
    whole, left = divmod(max(total, 0), people)
    return [whole + (1 if index < left else 0) for index in range(people)]
