"""The Shadowrun 3 demo's runners and their opponents (seed 003): the characters of the
chapter's examples and the bestiary of gangers and hit men.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "John Longbone",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "body": 7,
            "quickness": 4,
            "strength": 6,
            "charisma": 2,
            "intelligence": 3,
            "willpower": 4,
            "essence": "4",
            "reaction": 3,
            "reaction_bonus": 2,
            "initiative_dice": 2,
            "skills": {"edged_weapons": 5, "pistols": 4},
            "ballistic": 5,
            "impact": 3,
            "metatype": "ork",
            "vision": "low_light",
        },
        "notes": "Seed 003: ork street samurai, natural Reaction 3, reaction cyberware +2 and one "
        "extra initiative die → 3 (5) + 1d6 (2d6); rolls 2 and 6 → initiative 13. Attributes, "
        "skills, Essence 4 (wired reflexes 1) and gear are picks.",
        "weapons": ["Katana", "Ares Predator"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Wedge",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "body": 5,
            "quickness": 5,
            "strength": 5,
            "charisma": 3,
            "intelligence": 5,
            "willpower": 4,
            "reaction": 5,
            "skills": {"assault_rifles": 6, "pistols": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Seed 003: street samurai Wedge against six Halloweeners with his AK-97 on full "
        "auto. The seed gives only the rifle; attributes, skills and armour are picks.",
        "weapons": ["AK-97"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "T-Rex",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "body": 5,
            "quickness": 5,
            "strength": 4,
            "charisma": 2,
            "intelligence": 4,
            "willpower": 4,
            "essence": "4",
            "reaction": 4,
            "reaction_bonus": 2,
            "initiative_dice": 2,
            "skills": {"pistols": 5},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Seed 003: mercenary whose reflex booster lets him act first against Paolo and "
        "Luigi; he declares both simple actions (quick draw, SA shot) at the start of the phase. "
        "The booster's level is not given: level 1 (+2, +1d6) picked, like the seed's notation "
        "example; the rest are picks.",
        "weapons": ["Browning Max-Power"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Tess",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "quickness": 6,
            "intelligence": 6,
            "willpower": 4,
            "reaction": 6,
            "skills": {"pistols": 5, "stealth": 4},
            "ballistic": 4,
            "impact": 2,
        },
        "notes": "Seed 003, surprise: Tess has Reaction 6 and rolls 3 successes against TN 2 "
        "(4 − 2 for the ambush). The seed gives only Reaction, stored as natural Reaction; the "
        "rest are picks.",
        "weapons": ["Ares Predator"],
        "armor": ["Podšitý kabát"],
    },
    {
        "name": "Liam",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "body": 4,
            "quickness": 5,
            "strength": 3,
            "charisma": 4,
            "intelligence": 5,
            "willpower": 4,
            "reaction": 5,
            "skills": {"pistols": 6, "stealth": 3},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Seed 003: Pistols 6 + 4 combat-pool dice = 10 dice vs TN 4 → 5 successes with "
        "his Ares Predator 9M; Snot gets 3, so 9M stages up to 9S. His pool (Quickness + "
        "Intelligence + Willpower) / 2 = 7; attributes and armour are picks.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová vesta"],
    },
    {
        "name": "Twitch",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "body": 3,
            "quickness": 6,
            "strength": 3,
            "charisma": 4,
            "intelligence": 5,
            "willpower": 4,
            "reaction": 5,
            "skills": {"pistols": 5, "athletics": 3},
            "ballistic": 4,
            "impact": 2,
            "metatype": "elf",
            "vision": "low_light",
        },
        "notes": "Seed 003: elf samurai with Quickness 6 → runs 18 m a turn (×3), 6 m a phase "
        "over three passes; standing in pass 1, he covers only 12 m. The rest are picks.",
        "weapons": ["Ares Predator"],
        "armor": ["Podšitý kabát"],
    },
    {
        "name": "Virgil",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "quickness": 6,
            "intelligence": 6,
            "willpower": 5,
            "reaction": 8,
            "skills": {"pistols": 5, "smgs": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Seed 003, surprise: Virgil has Reaction 8 and rolls 4 successes against TN 2 — "
        "as many as assassin A, so he may act only against B and C. Stored as natural Reaction "
        "(the seed gives no augmentation); the rest are picks.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Winger",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "quickness": 6,
            "intelligence": 6,
            "willpower": 4,
            "reaction": 9,
            "skills": {"assault_rifles": 5, "pistols": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Seed 003, surprise: Winger has Reaction 9 and rolls 5 successes against TN 2, "
        "so he may act against every assassin. Stored as natural Reaction (the seed gives no "
        "augmentation); the rest are picks.",
        "weapons": ["AK-97"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Snot",
        "kind": "npc",
        "owner": None,
        "stats": {
            "body": 5,
            "quickness": 4,
            "intelligence": 3,
            "willpower": 3,
            "reaction": 3,
            "combat_pool": 5,
            "skills": {"edged_weapons": 2},
            "ballistic": 4,
            "impact": 2,
        },
        "notes": "Seed 003: Liam's unlucky target, Body 5, ballistic armour 4, 5 combat-pool dice. "
        "He dodges at TN 5 (4 + 1 for an earlier light wound): 2 successes; resists at TN 5 "
        "(9 − 4) with Body 5: 1 success → 3 against Liam's 5 → 9S. Impact 2 and the rest are "
        "picks.",
        "weapons": ["Nůž"],
        "armor": ["Podšitý kabát"],
    },
    {
        "name": "Paolo",
        "kind": "npc",
        "owner": None,
        "stats": {
            "body": 4,
            "quickness": 4,
            "strength": 4,
            "intelligence": 3,
            "reaction": 3,
            "skills": {"pistols": 4},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Seed 003: the mafioso T-Rex thinks more dangerous; he goes down on the first "
        "shot. No numbers in the seed: all picks.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová vesta"],
    },
    {
        "name": "Luigi",
        "kind": "npc",
        "owner": None,
        "stats": {
            "body": 4,
            "quickness": 4,
            "strength": 4,
            "intelligence": 3,
            "reaction": 3,
            "skills": {"pistols": 4},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Seed 003: Paolo's partner, who survives T-Rex's first phase because both shots "
        "were declared at Paolo. No numbers in the seed: all picks.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová vesta"],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Halloweener",
        "stats": {
            "body": 4,
            "quickness": 4,
            "strength": 4,
            "charisma": 2,
            "intelligence": 2,
            "willpower": 3,
            "reaction": 3,
            "skills": {"edged_weapons": 3, "clubs": 3},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Seed 003: a punk of the Halloweeners gang (six charge Wedge with knives and "
        "clubs); add six copies. Numbers are picks for a street ganger.",
    },
    {
        "name": "Zabiják z Mitsuhamy",
        "stats": {
            "body": 4,
            "quickness": 3,
            "strength": 4,
            "intelligence": 3,
            "willpower": 4,
            "reaction": 3,
            "skills": {"pistols": 4, "smgs": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Seed 003: one of the three Mitsuhama security guards (assassins A, B, C) with "
        "Reaction 3; in the surprise example they roll 4, 2 and 0 successes against TN 4. Add "
        "three copies; the other numbers are picks.",
    },
]
