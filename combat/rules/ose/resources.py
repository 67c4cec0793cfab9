"""What an OSE fight used up (seed 001): spells gone from memory, cast or interrupted — the
engine counts them in the caster's "spells_expended" effect, one more with each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.fields import Label
from combat.rules.resources import Spent

SPELLS = Label("ose", "spells")


def spending(change: Mapping[str, Any]) -> list[Spent]:
    value = change.get("value")
    expended = isinstance(value, Mapping) and value.get("key") == "spells_expended"
    return [Spent(SPELLS, 1)] if change.get("kind") == "add_effect" and expended else []
