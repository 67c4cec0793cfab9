"""Rules of the forum d6 dice-pool system (`dice_pool`)."""

from combat.rules.dice_pool.stats import ARMOR, CREATURE, WEAPON, weapon_headline

__all__ = ["ARMOR", "CREATURE", "WEAPON", "weapon_headline"]
