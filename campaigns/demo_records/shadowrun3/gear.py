"""The Shadowrun 3 demo's armoury (seed 003): the weapons of the chapter's examples and the
standard SR3 armour catalogue [std].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoRecord

STD = "podle standardních tabulek SR3"
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
        "notes": "Z příkladu v pravidlech: Liamův „spolehlivý Ares Predator“, kód "
        "poškození 9M. Dostřely, zásobník a utajitelnost " + STD + ".",
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
        "notes": "Z příkladu v pravidlech: Wedgeova AK-97, 8M, odvod plynů 3 + tlumicí "
        "pažba = kompenzace zpětného rázu 4, laserový zaměřovač; plně "
        "automatické dávky po 3, 3 a 4 ranách → cílová čísla 3, 7 a 13, "
        "poškození 11V, 11V, 12V. Dostřely, zásobník a utajitelnost " + STD + ".",
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
        "notes": "Z příkladu v pravidlech: T-Rex ji rychle tasí a dvakrát vystřelí "
        "poloautomaticky na Paola. Čísla " + STD + ".",
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
        "notes": "(SIL+3)M, dosah 1. V příkladech pravidel není; čísla " + STD + ".",
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
        "notes": "(SIL)L. Z příkladu v pravidlech: Halloweeners přijdou s noži a obušky."
        " Čísla " + STD + ".",
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
        "notes": "(SIL+1)M omračující, dosah 1. Z příkladu v pravidlech: obušky "
        "Halloweeners. Čísla " + STD + ".",
    },
]

ARMOR: list[DemoRecord] = [
    {
        "name": "Podšitý kabát",
        "stats": {"ballistic": 4, "impact": 2},
        "notes": "Podšitý kabát 4/2. Příklad v pravidlech dává Snotovi balistický pancíř"
        " 4; protinárazový 2 " + STD + ".",
    },
    {
        "name": "Pancéřová bunda",
        "stats": {"ballistic": 5, "impact": 3},
        "notes": "Pancéřová bunda 5/3 " + STD + ".",
    },
    {
        "name": "Pancéřová vesta",
        "stats": {"ballistic": 2, "impact": 1},
        "notes": "Pancéřová vesta 2/1 " + STD + ".",
    },
]
