"""Rules of Shadowrun 3 (`shadowrun3`)."""

from combat.rules.shadowrun3.stats import ARMOR, CREATURE, WEAPON, weapon_headline

__all__ = ["ARMOR", "CREATURE", "WEAPON", "weapon_headline"]
