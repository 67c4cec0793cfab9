"""The D&D 5e demo's weapons and armour: the SRD 5.1 equipment tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoRecord

SRD_ITEM = "Z tabeli wyposażenia SRD 5.1."

WEAPONS: list[DemoRecord] = [
    {
        "name": "Longsword",
        "notes": SRD_ITEM,
        "stats": {
            "damage": "1d8",
            "damage_type": "slashing",
            "properties": ["versatile"],
            "versatile_damage": "1d10",
            "category": "martial",
        },
    },
    {
        "name": "Shortsword",
        "notes": SRD_ITEM,
        "stats": {
            "damage": "1d6",
            "damage_type": "piercing",
            "properties": ["finesse", "light"],
            "category": "martial",
        },
    },
    {
        "name": "Shortbow",
        "notes": SRD_ITEM + " Według zasad ataku: poza zasięgiem normalnym atak ma przewagę ujemną,"
        " poza zasięgiem długim jest niemożliwy.",
        "stats": {
            "damage": "1d6",
            "damage_type": "piercing",
            "properties": ["ammunition", "two_handed"],
            "range_normal": 80,
            "range_long": 320,
            "weapon_range": "ranged",
        },
    },
    {
        "name": "Dagger",
        "notes": SRD_ITEM + " Według zasad ataku: broń finezyjna pozwala użyć ZRC zamiast SIŁ.",
        "stats": {
            "damage": "1d4",
            "damage_type": "piercing",
            "properties": ["finesse", "light", "thrown"],
            "range_normal": 20,
            "range_long": 60,
        },
    },
    {
        "name": "Quarterstaff",
        "notes": SRD_ITEM,
        "stats": {
            "damage": "1d6",
            "damage_type": "bludgeoning",
            "properties": ["versatile"],
            "versatile_damage": "1d8",
        },
    },
    {"name": "Mace", "notes": SRD_ITEM, "stats": {"damage": "1d6", "damage_type": "bludgeoning"}},
]

ARMOR: list[DemoRecord] = [
    {"name": "Leather armor", "notes": SRD_ITEM, "stats": {"category": "light", "base_ac": 11}},
    {
        "name": "Chain mail",
        "notes": SRD_ITEM,
        "stats": {
            "category": "heavy",
            "base_ac": 16,
            "dex_bonus": False,
            "str_minimum": 13,
            "stealth_disadvantage": True,
        },
    },
    {
        "name": "Shield",
        "notes": SRD_ITEM,
        "stats": {"category": "shield", "base_ac": 2, "dex_bonus": False},
    },
]
