"""Rules of Dračí Hlídka (`draci_hlidka`)."""

from combat.rules.draci_hlidka.stats import ARMOR, CREATURE, WEAPON, weapon_headline

__all__ = ["ARMOR", "CREATURE", "WEAPON", "weapon_headline"]
