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
CAMPAIGN = ("The Caves of Chaos", "Čtyřčlenná družina proti obyvatelům jeskyní.")

STD = "Podle základních pravidel OSE."
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
        "notes": STD + " Pravidla boje: na krátký dostřel +1 k zásahu, na střední 0, na dlouhý −1.",
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
        "notes": STD + " Pravidla boje: obouruční zbraně na blízko jsou pomalé a jednají vždy "
        "poslední.",
    },
]

ARMOR: list[DemoRecord] = [
    {"name": "Leather armour", "stats": {"ac_bonus": 2}, "notes": STD + " TZ 7 [12]."},
    {"name": "Chainmail", "stats": {"ac_bonus": 4}, "notes": STD + " TZ 5 [14]."},
    {
        "name": "Shield",
        "stats": {"ac_bonus": 1, "shield": True},
        "notes": STD + " Pravidla boje: kdo je na útěku, přichází o bonus štítu k TZ.",
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
        "notes": "Bojovnice 1. úrovně (SIL 14, OBR 10). "
        + STD
        + " TZ 4 = 9 − kroužková zbroj 4 − štít 1; v kovové zbroji pohyb 60' "
        "(20').",
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
        "notes": "Zloděj 1. úrovně (SIL 10, OBR 15). "
        + STD
        + " TZ 6 = 9 − kožená zbroj 2 − OBR 1; v kožené zbroji pohyb 90' (30').",
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
        "notes": "Klerik 1. úrovně (SIL 12, OBR 9). "
        + STD
        + " TZ 4 = 9 − kroužková zbroj 4 − štít 1.",
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
        "notes": "Kouzelnice 1. úrovně (SIL 8, OBR 13). "
        + STD
        + " TZ 8 = 9 − OBR 1. Pravidla boje: sesilatel, který prohraje iniciativu"
        " a je zasažen dřív, než jedná, kouzlo ztratí.",
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
        "notes": STD + " TZ 6 [13], KŽ 1-1 (3 životy), 1 × zbraň (1d6), pohyb 60' (20'), "
        "záchranné hody jako obyčejný člověk, morálka 7 (9 s králem); za plného"
        " denního světla −1 k zásahu.",
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
        "notes": STD + " TZ 6 [13], KŽ 1 (4 životy), 1 × zbraň (1d6), pohyb 120' (40'), "
        "záchranné hody jako bojovník 1. úrovně, morálka 6 (8 s vůdcem); za "
        "plného denního světla −1 k zásahu.",
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
        "notes": STD + " TZ 7 [12], KŽ 1 (4 životy), 1 × zbraň (1d6), pohyb 60' (20'), "
        "záchranné hody jako bojovník 1. úrovně, morálka 12 (nikdy nehází). "
        "Nemrtvý: spánek, okouzlení a znehybnění na něj nepůsobí.",
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
        "notes": STD + " TZ 5 [14], KŽ 4+1 (19 životů), 1 × kyj (1d10), THAC0 15, pohyb 90' "
        "(30'), záchranné hody jako bojovník 4. úrovně, morálka 10.",
    },
]
