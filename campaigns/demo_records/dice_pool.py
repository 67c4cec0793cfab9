"""Forum d6 dice-pool demo (seed 004): players A, B and C, the locked door, the fight and the dog.

Seed numbers: A picks the lock with Páčení 1 + Zručnost 2 (three dice, 9 against 10), fights
with Boj beze zbraně 1 + Síla 2, rams with Tělesná konstituce 3 and stabs the dog with Boj s
dýkou 2 + Obratnost 1; B kicks with Síla 4, dodges with Obratnost 1 + Boj beze zbraně 1 and
casts Aard with Zaklínačská znamení 3; C helps with Síla 1; the dog has 1 die and 6 HP. The seed
has no armour rules, so the armoury holds weapons only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

# The demo campaign's name and description.
CAMPAIGN = ("Zamčené dveře", "Hráči A, B a C; dveře, konflikt a pes.")

WEAPONS: list[DemoRecord] = [
    {
        "name": "Dýka",
        "stats": {"skill": "Boj s dýkou"},
        "notes": "Podle příkladu v pravidlech: hráč A bojuje se psem: Boj s dýkou (2 "
        "kostky) + Obratnost (1).",
    },
    {
        "name": "Stříbrný meč",
        "stats": {"silver": True, "skill": "Boj s mečem"},
        "notes": "Pravidla ho jménem neuvádějí, ale platí: na monstrum z bestiáře je "
        "potřeba stříbrná zbraň, jinak se hráčovy hody proti němu půlí.",
    },
]

ARMOR: list[DemoRecord] = []

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "Hráč A",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "attributes": {"Síla": 2, "Zručnost": 2, "Obratnost": 1, "Tělesná konstituce": 3},
            "skills": {"Páčení": 1, "Boj beze zbraně": 1, "Boj s dýkou": 2},
        },
        "notes": "Podle příkladů v pravidlech: dveře (Páčení 1 + Zručnost 2 = 3 kostky, "
        "hodí 9 proti 10: neuspěje); souboj s B (Boj beze zbraně 1 + Síla 2 = 3"
        " kostky, 10 proti 6; pak Tělesná konstituce 3, 7 proti 8); pes (Boj s "
        "dýkou 2 + Obratnost 1 = 3 kostky: 9 − 4 = 5 HP, pak 8 − 6 = 2 ho "
        "zabije).",
        "weapons": ["Dýka"],
        "armor": [],
    },
    {
        "name": "Hráč C",
        "kind": "pc",
        "owner": "hrac",
        "stats": {"attributes": {"Síla": 1}},
        "notes": "Podle příkladu v pravidlech: pomáhá B vykopnout dveře, Síla 1 (hodí 3;"
        " 9 + 3 = 12, stačí).",
        "weapons": [],
        "armor": [],
    },
    {
        "name": "Hráč B",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "attributes": {"Síla": 4, "Obratnost": 1},
            "skills": {"Boj beze zbraně": 1, "Zaklínačská znamení": 3},
            "silver_weapon": True,
        },
        "notes": "Podle příkladů v pravidlech: vykopne dveře, Síla 4 (hodí 9); uhýbá "
        "pěsti hráče A, Obratnost 1 + Boj beze zbraně 1 (6, ztrácí kostku), pak"
        " sešle Aard: Zaklínačská znamení 3 − 1 ztracená kostka = 2 kostky (8 "
        "proti 7 hráče A). Stříbrný meč pravidla neuvádějí.",
        "weapons": ["Stříbrný meč"],
        "armor": [],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Pes",
        "stats": {"attack_dice": 1, "defence_dice": 1},
        "notes": "Podle příkladu v pravidlech: pes s 1 kostkou, tedy 6 HP (prázdné HP = "
        "6 × kostky obrany). Hráč A: 9 proti 4 → zbývá 1 HP; 8 proti 6 → mrtvý.",
    },
    {
        "name": "Utopenec",
        "stats": {"attack_dice": 3, "defence_dice": 3, "bestiary_monster": True},
        "notes": "Podle pravidel „NPC se třemi kostkami má 18 HP“ (prázdné HP = 6 × 3); "
        "monstrum z bestiáře, takže hráči bez stříbrné zbraně se hody půlí. "
        "Jméno je zvoleno pro ukázku.",
    },
]
