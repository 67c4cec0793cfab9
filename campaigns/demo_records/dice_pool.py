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
        "notes": "Seed 004: player A fights the dog with Boj s dýkou (2 dice) + Obratnost (1).",
    },
    {
        "name": "Stříbrný meč",
        "stats": {"silver": True, "skill": "Boj s mečem"},
        "notes": "Not in seed 004 by name; the seed's rule: a bestiary monster needs a silver "
        "weapon, otherwise the player's rolls against it are halved.",
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
        "notes": "Seed 004: the door (Páčení 1 + Zručnost 2 = 3 dice, rolls 9 against 10: "
        "fails); the fight with B (Boj beze zbraně 1 + Síla 2 = 3 dice, 10 against 6; then "
        "Tělesná konstituce 3, 7 against 8); the dog (Boj s dýkou 2 + Obratnost 1 = 3 dice: "
        "9 − 4 = 5 HP, then 8 − 6 = 2 kills it).",
        "weapons": ["Dýka"],
        "armor": [],
    },
    {
        "name": "Hráč C",
        "kind": "pc",
        "owner": "hrac",
        "stats": {"attributes": {"Síla": 1}},
        "notes": "Seed 004: helps B kick the door with Síla 1 (rolls 3; 9 + 3 = 12, enough).",
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
        "notes": "Seed 004: kicks the door with Síla 4 (rolls 9); dodges A's fist with Obratnost "
        "1 + Boj beze zbraně 1 (6, loses a die), then casts Aard with Zaklínačská znamení 3 − 1 "
        "lost die = 2 dice (8 against A's 7). The silver sword is not in the seed.",
        "weapons": ["Stříbrný meč"],
        "armor": [],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Pes",
        "stats": {"attack_dice": 1, "defence_dice": 1},
        "notes": "Seed 004: a dog with 1 die, so 6 HP (HP left empty = 6 × defence dice). "
        "Player A: 9 against 4 → 1 HP left; 8 against 6 → dead.",
    },
    {
        "name": "Utopenec",
        "stats": {"attack_dice": 3, "defence_dice": 3, "bestiary_monster": True},
        "notes": 'Seed 004: "an NPC with three dice has 18 HP" (HP left empty = 6 × 3); a '
        "bestiary monster, so a player without a silver weapon has their rolls halved. The name "
        "is our pick.",
    },
]
