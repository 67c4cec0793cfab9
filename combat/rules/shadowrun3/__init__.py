"""Rules of Shadowrun 3 (`shadowrun3`)."""

from combat.rules.shadowrun3.stats import ARMOR, CREATURE, WEAPON

__all__ = ["ARMOR", "CREATURE", "WEAPON"]
