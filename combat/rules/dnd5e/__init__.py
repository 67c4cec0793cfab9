"""Rules of D&D 5e (`dnd5e`)."""

from combat.rules.dnd5e.stats import ARMOR, CREATURE, WEAPON, weapon_headline

__all__ = ["ARMOR", "CREATURE", "WEAPON", "weapon_headline"]
