"""Old-School Essentials demo: a party of four first-level characters and common monsters.

Seed 001 is the combat chapter only and names no characters or monsters, so every number here is
the standard OSE one: class saving throws and THAC0 19 at level 1, armour AC (leather 7, chain 5,
shield −1), the variable-damage weapon table, and the OSE monster stat blocks (AC, HD, THAC0,
movement, saves, morale). Characters' `ac` is the total (armour, shield and DEX).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

# The demo campaign's name and description.
CAMPAIGN = ("The Caves of Chaos", "A party of four against the caves' inhabitants.")

STD = "Not in seed 001 (combat rules only); the standard OSE value."
FIGHTER_SAVES = {
    "save_death": 12,
    "save_wands": 13,
    "save_paralysis": 14,
    "save_breath": 15,
    "save_spells": 16,
}
CLERIC_SAVES = {
    "save_death": 11,
    "save_wands": 12,
    "save_paralysis": 14,
    "save_breath": 16,
    "save_spells": 15,
}
# Magic-users and thieves share the table at levels 1-4.
ARCANE_SAVES = {
    "save_death": 13,
    "save_wands": 14,
    "save_paralysis": 13,
    "save_breath": 16,
    "save_spells": 15,
}
NORMAL_HUMAN_SAVES = {
    "save_death": 14,
    "save_wands": 15,
    "save_paralysis": 16,
    "save_breath": 17,
    "save_spells": 18,
}

WEAPONS: list[DemoRecord] = [
    {"name": "Sword", "stats": {"damage": "1d8", "kind": "melee"}, "notes": STD},
    {"name": "Short sword", "stats": {"damage": "1d6", "kind": "melee"}, "notes": STD},
    {"name": "Mace", "stats": {"damage": "1d6", "kind": "melee"}, "notes": STD},
    {
        "name": "Dagger",
        "stats": {
            "damage": "1d4",
            "kind": "both",
            "range_short": 10,
            "range_medium": 20,
            "range_long": 30,
        },
        "notes": STD + " Seed 001: short range +1, medium 0, long −1 to hit.",
    },
    {
        "name": "Sling",
        "stats": {
            "damage": "1d4",
            "kind": "missile",
            "range_short": 40,
            "range_medium": 80,
            "range_long": 160,
        },
        "notes": STD,
    },
    {
        "name": "Two-handed sword",
        "stats": {"damage": "1d10", "kind": "melee", "slow": True, "two_handed": True},
        "notes": STD + " Seed 001: two-handed melee weapons are slow and always act last.",
    },
]

ARMOR: list[DemoRecord] = [
    {"name": "Leather armour", "stats": {"ac_bonus": 2}, "notes": STD + " AC 7 [12]."},
    {"name": "Chainmail", "stats": {"ac_bonus": 4}, "notes": STD + " AC 5 [14]."},
    {
        "name": "Shield",
        "stats": {"ac_bonus": 1, "shield": True},
        "notes": STD + " Seed 001: a retreating combatant loses its shield's AC bonus.",
    },
]

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "Dagmar",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "hp": 8,
            "hit_dice": "1d8",
            "ac": 4,
            "thac0": 19,
            "str_mod": 1,
            "dex_mod": 0,
            "movement": 20,
            **FIGHTER_SAVES,
        },
        "notes": "Fighter 1 (STR 14, DEX 10). " + STD + " AC 4 = 9 − chainmail 4 − shield 1; "
        "metal armour moves 60' (20').",
        "weapons": ["Sword", "Two-handed sword"],
        "armor": ["Chainmail", "Shield"],
    },
    {
        "name": "Pip",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "hp": 4,
            "hit_dice": "1d4",
            "ac": 6,
            "thac0": 19,
            "str_mod": 0,
            "dex_mod": 1,
            "movement": 30,
            **ARCANE_SAVES,
        },
        "notes": "Thief 1 (STR 10, DEX 15). " + STD + " AC 6 = 9 − leather 2 − DEX 1; leather "
        "armour moves 90' (30').",
        "weapons": ["Short sword", "Sling"],
        "armor": ["Leather armour"],
    },
    {
        "name": "Brother Ambrose",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "hp": 5,
            "hit_dice": "1d6",
            "ac": 4,
            "thac0": 19,
            "str_mod": 0,
            "dex_mod": 0,
            "movement": 20,
            **CLERIC_SAVES,
        },
        "notes": "Cleric 1 (STR 12, DEX 9). " + STD + " AC 4 = 9 − chainmail 4 − shield 1.",
        "weapons": ["Mace"],
        "armor": ["Chainmail", "Shield"],
    },
    {
        "name": "Zelda",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "hp": 3,
            "hit_dice": "1d4",
            "ac": 8,
            "thac0": 19,
            "str_mod": -1,
            "dex_mod": 1,
            "movement": 40,
            **ARCANE_SAVES,
        },
        "notes": "Magic-user 1 (STR 8, DEX 13). " + STD + " AC 8 = 9 − DEX 1. Seed 001: a "
        "caster who loses initiative and is hit before acting loses the spell.",
        "weapons": ["Dagger"],
        "armor": [],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Goblin",
        "stats": {
            "hp": 3,
            "hit_dice": "1-1",
            "ac": 6,
            "thac0": 19,
            "movement": 20,
            "morale": 7,
            **NORMAL_HUMAN_SAVES,
            "attacks": [{"name": "Weapon", "kind": "melee", "damage": "1d6"}],
        },
        "notes": STD + " AC 6 [13], HD 1-1 (3hp), 1 × weapon (1d6), MV 60' (20'), saves as a "
        "normal human, morale 7 (9 with the king); −1 to hit in full daylight.",
    },
    {
        "name": "Orc",
        "stats": {
            "hp": 4,
            "hit_dice": "1",
            "ac": 6,
            "thac0": 19,
            "movement": 40,
            "morale": 6,
            **FIGHTER_SAVES,
            "attacks": [{"name": "Weapon", "kind": "melee", "damage": "1d6"}],
        },
        "notes": STD + " AC 6 [13], HD 1 (4hp), 1 × weapon (1d6), MV 120' (40'), saves as "
        "fighter 1, morale 6 (8 with a leader); −1 to hit in full daylight.",
    },
    {
        "name": "Skeleton",
        "stats": {
            "hp": 4,
            "hit_dice": "1",
            "ac": 7,
            "thac0": 19,
            "movement": 20,
            "morale": 12,
            **FIGHTER_SAVES,
            "attacks": [{"name": "Weapon", "kind": "melee", "damage": "1d6"}],
        },
        "notes": STD + " AC 7 [12], HD 1 (4hp), 1 × weapon (1d6), MV 60' (20'), saves as "
        "fighter 1, morale 12 (never checks). Undead: unaffected by sleep, charm and hold.",
    },
    {
        "name": "Ogre",
        "stats": {
            "hp": 19,
            "hit_dice": "4+1",
            "ac": 5,
            "thac0": 15,
            "movement": 30,
            "morale": 10,
            "save_death": 10,
            "save_wands": 11,
            "save_paralysis": 12,
            "save_breath": 13,
            "save_spells": 14,
            "attacks": [{"name": "Club", "kind": "melee", "damage": "1d10"}],
        },
        "notes": STD + " AC 5 [14], HD 4+1 (19hp), 1 × club (1d10), THAC0 15, MV 90' (30'), "
        "saves as fighter 4, morale 10.",
    },
]
