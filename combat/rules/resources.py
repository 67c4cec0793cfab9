"""What a fight used up (issue Q's record: "resources spent — ammunition, combat pool, spells
where the system tracks them"), read from the log's changes by the system that made them.

A system that tracks such things gives `RuleSystem.spending`: given one change of the log (as
stored: combatant, kind, value, before), what it spent. Pure, like the rest of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.fields import Label


@dataclass(frozen=True)
class Spent:
    what: Label  # "combat pool dice", "rounds fired", "spells"
    amount: int
    detail: str = ""  # the weapon, where it matters


Spending = Callable[[Mapping[str, Any]], list[Spent]]


def turn_change(change: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """A change of a combatant's `turn` state: (before, after); empty mappings otherwise."""
    if change.get("kind") != "turn":
        return {}, {}
    before, after = change.get("before"), change.get("value")
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return {}, {}
    return before, after
