"""Rules of Old-School Essentials (`ose`)."""

from combat.rules.ose.stats import ARMOR, CREATURE, WEAPON, weapon_headline

__all__ = ["ARMOR", "CREATURE", "WEAPON", "weapon_headline"]
