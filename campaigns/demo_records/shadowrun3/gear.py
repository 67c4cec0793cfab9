"""The Shadowrun 3 demo's armoury (seed 003): the weapons of the chapter's examples and the
standard SR3 armour catalogue [std].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoRecord

STD = "Standard SR3 value (the seed's transcript lacks it)."
HEAVY_PISTOL_RANGES = {"range_short": 5, "range_medium": 20, "range_long": 40, "range_extreme": 60}

WEAPONS: list[DemoRecord] = [
    {
        "name": "Ares Predator",
        "stats": {
            "power": 9,
            "damage_level": "M",
            "weapon_type": "heavy_pistol",
            "firing_modes": ["SA"],
            **HEAVY_PISTOL_RANGES,
            "magazine": 15,
            "concealability": 5,
        },
        "notes": 'Seed 003: Liam\'s "reliable Ares Predator", damage code 9M. Ranges, magazine '
        "and concealability: " + STD,
    },
    {
        "name": "AK-97",
        "stats": {
            "power": 8,
            "damage_level": "M",
            "weapon_type": "assault_rifle",
            "firing_modes": ["SA", "BF", "FA"],
            "range_short": 50,
            "range_medium": 150,
            "range_long": 350,
            "range_extreme": 550,
            "recoil_compensation": 4,
            "laser_sight": True,
            "magazine": 38,
            "concealability": 3,
        },
        "notes": "Seed 003: Wedge's AK-97, 8M, gas vent 3 + shock pad = recoil compensation 4, "
        "laser sight; full-auto bursts of 3, 3 and 4 → TN 3, 7 and 13, damage 11S, 11S, 12S. "
        "Ranges, magazine and concealability: " + STD,
    },
    {
        "name": "Browning Max-Power",
        "stats": {
            "power": 9,
            "damage_level": "M",
            "weapon_type": "heavy_pistol",
            "firing_modes": ["SA"],
            **HEAVY_PISTOL_RANGES,
            "magazine": 10,
            "concealability": 6,
        },
        "notes": "Seed 003: T-Rex quick-draws it and fires twice semi-automatically at Paolo. "
        "The numbers: " + STD,
    },
    {
        "name": "Katana",
        "stats": {
            "power": 3,
            "strength_based": True,
            "damage_level": "M",
            "weapon_type": "melee",
            "reach": 1,
            "concealability": 3,
        },
        "notes": "(STR+3)M, reach 1. Not in seed 003; " + STD,
    },
    {
        "name": "Nůž",
        "stats": {
            "power": 0,
            "strength_based": True,
            "damage_level": "L",
            "weapon_type": "melee",
            "concealability": 8,
        },
        "notes": "(STR)L. Seed 003: the Halloweeners come with knives and clubs. " + STD,
    },
    {
        "name": "Obušek",
        "stats": {
            "power": 1,
            "strength_based": True,
            "damage_level": "M",
            "stun": True,
            "weapon_type": "melee",
            "reach": 1,
            "concealability": 5,
        },
        "notes": "(STR+1)M stun, reach 1. Seed 003: the Halloweeners' clubs. " + STD,
    },
]

ARMOR: list[DemoRecord] = [
    {
        "name": "Podšitý kabát",
        "stats": {"ballistic": 4, "impact": 2},
        "notes": "Lined coat 4/2. Seed 003 gives Snot ballistic armour 4; impact 2: " + STD,
    },
    {
        "name": "Pancéřová bunda",
        "stats": {"ballistic": 5, "impact": 3},
        "notes": "Armour jacket 5/3. " + STD,
    },
    {
        "name": "Pancéřová vesta",
        "stats": {"ballistic": 2, "impact": 1},
        "notes": "Armour vest 2/1. " + STD,
    },
]
