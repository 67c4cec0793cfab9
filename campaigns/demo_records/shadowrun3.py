"""Shadowrun 3 demo (seed 003): the runners, gangers and hit men of the chapter's examples.

Seed numbers: John Longbone's initiative 3 (5) + 1d6 (2d6); Liam's Pistols 6 and his Ares
Predator 9M; Snot's Body 5, ballistic armour 4 and 5 combat-pool dice; Wedge's AK-97, 8M,
recoil compensation 4 (gas vent 3 and shock pad) and a laser sight; Twitch's Quickness 6 (elf,
run ×3); T-Rex's reflex booster and Browning Max-Power; Tess, Virgil and Winger with Reaction
6, 8 and 9 against three Mitsuhama assassins with Reaction 3. Weapon data the transcript lacks
(ranges, magazines, concealability) and the armour catalogue are the standard SR3 tables [std].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

# The demo campaign's name and description.
CAMPAIGN = ("Seattle 2060", "John Longbone, Liam, Wedge and the Halloweeners.")

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
