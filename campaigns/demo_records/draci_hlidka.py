"""Dračí Hlídka demo (seed 000): Baldur, Meredil and Grop, the goblin leader, the pursuit.

Seed numbers: Baldur SIL +4 with a broad sword 5 +1 +2 (rolls 3 → Attack 12 vs the goblin
leader's Defence 5 → 8 HP); Meredil's Attack −1 against Grop's Defence −2 (→ 1 HP); the
halfling's Pohyblivost 20 + OBR 4 = 24 without Atletika, the barbarian's 30 + OBR 1 = 31 with
Atletika 2. Everything else is a sensible pick, and its notes say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

# The demo campaign's name and description.
CAMPAIGN = (
    "Stezka skřetů",
    "Baldur, Meredil a Grop proti skřetímu vůdci; pronásledování půlčíka a barbara.",
)

WEAPONS: list[DemoRecord] = [
    {
        "name": "Široký meč",
        "stats": {"utocnost": 5, "zraneni": 1, "obrana": 2, "druh": "melee"},
        "notes": 'Seed 000: Baldur\'s broad sword "5 +1 +2" (útočnost, zranění, obrana).',
    },
    {
        "name": "Obouruční sekera",
        "stats": {"utocnost": 5, "zraneni": 4, "obrana": 0, "druh": "melee"},
        "notes": "Seed 000 names it (Baldur's critical attack, sixes 6, 6, 6 and 3) but gives "
        "no numbers; 5 +4 +0 is our pick.",
    },
    {
        "name": "Skřetí šavle",
        "stats": {"utocnost": 3, "zraneni": 1, "obrana": 1, "druh": "melee"},
        "notes": "Not in seed 000; a goblin's sabre, 3 +1 +1 picked for the demo.",
    },
    {
        "name": "Kyj",
        "stats": {"utocnost": 3, "zraneni": 2, "obrana": 0, "druh": "melee"},
        "notes": "Not in seed 000; Grop's club, 3 +2 +0 picked for the demo.",
    },
    {
        "name": "Dýka",
        "stats": {"utocnost": 2, "zraneni": 0, "obrana": 1, "druh": "melee"},
        "notes": "Not in seed 000; 2 +0 +1 picked for the demo.",
    },
    {
        "name": "Lehká kuše",
        "stats": {"utocnost": 4, "zraneni": 2, "obrana": 0, "druh": "ranged", "nabiti": "long"},
        "notes": "Not in seed 000; 4 +2 +0 and a long reload picked for the demo. Seed 000: "
        "shooting at a target closer than 2 sáhy is at Nevýhoda −5.",
    },
]

ARMOR: list[DemoRecord] = [
    {
        "name": "Kožená zbroj",
        "stats": {"druh": "zbroj", "kvalita": 1},
        "notes": "Not in seed 000; quality 1 picked for the demo (ZO = quality + OBR).",
    },
    {
        "name": "Kroužková zbroj",
        "stats": {"druh": "zbroj", "kvalita": 3},
        "notes": "Not in seed 000; quality 3 picked for the demo (ZO = quality + OBR).",
    },
    {
        "name": "Štít",
        "stats": {"druh": "stit", "kvalita": 2},
        "notes": "Not in seed 000; quality 2 picked for the demo (OČ = ZO + weapon + shield).",
    },
]

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "Baldur",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "sil": 4,
            "obr": 1,
            "odo": 2,
            "zivoty": 30,
            "mez_vyrazeni": 5,
            "pohyblivost": 31,
            "dovednosti": {"Atletika": 1, "Výdrž": 1},
            "velikost": "B",
            "zbroj": 3,
            "stit": 2,
        },
        "notes": "Seed 000: warrior Baldur, SIL +4, broad sword 5 +1 +2; he rolls 3 → Attack 12 "
        "(4 + 5 + 3) vs the goblin leader's Defence 5 → 8 HP (12 − 5 + 1). Only SIL +4 and the "
        "sword are from the seed; OBR, ODO, životy, Pohyblivost (30 + OBR) and skills are picks.",
        "weapons": ["Široký meč", "Obouruční sekera"],
        "armor": ["Kroužková zbroj", "Štít"],
    },
    {
        "name": "Barbar",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "sil": 3,
            "obr": 1,
            "odo": 3,
            "zivoty": 32,
            "mez_vyrazeni": 6,
            "pohyblivost": 31,
            "dovednosti": {"Atletika": 2, "Výdrž": 2},
            "velikost": "B",
            "zbroj": 1,
        },
        "notes": "Seed 000, the pursuit: Pohyblivost 31 (30 + OBR +1), Atletika 2; he rolls "
        "1d10 = 3 → 36 against the halfling's 31, so the lead shrinks by 5 sáhy. SIL, ODO, "
        "Výdrž, životy and the leather armour are picks.",
        "weapons": ["Obouruční sekera"],
        "armor": ["Kožená zbroj"],
    },
    {
        "name": "Meredil",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "sil": 0,
            "obr": 1,
            "odo": 0,
            "ostatni_atributy": "INT +3",
            "zivoty": 16,
            "mez_vyrazeni": 3,
            "pohyblivost": 31,
            "dovednosti": {"Postřeh": 2},
        },
        "notes": "Seed 000: wizard Meredil, out of mana and poisoned (headache = Nevýhoda −5), "
        "punches (útočnost 0) for an Attack of −1 against Grop's Defence −2 → 1 HP. The seed "
        "gives only the total; SIL 0 (so he rolled 4: 0 + 0 + 4 − 5 = −1) and the rest are picks.",
        "weapons": [],
        "armor": [],
    },
    {
        "name": "Grop",
        "kind": "npc",
        "owner": None,
        "stats": {
            "sil": 5,
            "obr": -3,
            "odo": 4,
            "zivoty": 45,
            "mez_vyrazeni": 9,
            "pohyblivost": 27,
            "velikost": "C",
        },
        "notes": "Seed 000: the clumsy giant Grop, poor OBR and a low roll → Defence −2 against "
        "Meredil's −1, so he takes 1 HP. With OBR −3, no armour and a club (obrana 0) his OČ "
        "is −3 and the seed's −2 is a rolled 1; SIL, životy, size C and the rest are picks.",
        "weapons": ["Kyj"],
        "armor": [],
    },
    {
        "name": "Půlčík",
        "kind": "npc",
        "owner": None,
        "stats": {
            "sil": 0,
            "obr": 4,
            "odo": 1,
            "zivoty": 14,
            "mez_vyrazeni": 3,
            "pohyblivost": 24,
            "dovednosti": {"Výdrž": 1},
            "velikost": "A",
            "zbroj": 1,
        },
        "notes": "Seed 000, the pursuit: the fleeing halfling, Pohyblivost 24 (20 + OBR +4), no "
        "Atletika; rolls 1d10 = 7 → 31 against the barbarian's 36. SIL, ODO, Výdrž, životy and "
        "size A are picks.",
        "weapons": ["Dýka"],
        "armor": ["Kožená zbroj"],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Vůdce skřetů",
        "stats": {
            "sil": 2,
            "obr": 1,
            "odo": 1,
            "zivoty": 20,
            "mez_vyrazeni": 4,
            "pohyblivost": 26,
            "zbroj": 2,
            "uc": 5,
            "oc": 4,
            "zo": 3,
            "zraneni": 1,
        },
        "notes": 'Seed 000: the goblin leader defends "not very well" with Defence 5 against '
        "Baldur's Attack 12 and takes 8 HP. The seed gives only that 5: OČ 4 (ZO 3 = armour 2 + "
        "OBR 1, sabre obrana +1) plus a rolled 1. ÚČ 5 (SIL 2 + sabre 3), zranění +1 and the "
        "rest are picks.",
    },
    {
        "name": "Skřet",
        "stats": {
            "sil": 0,
            "obr": 1,
            "zivoty": 10,
            "mez_vyrazeni": 2,
            "pohyblivost": 26,
            "zbroj": 1,
            "uc": 3,
            "oc": 3,
            "zo": 2,
            "zraneni": 1,
        },
        "notes": "The goblin leader's band; not in seed 000, all numbers picked for the demo "
        "(a sabre 3 +1 +1, leather armour 1).",
    },
]
