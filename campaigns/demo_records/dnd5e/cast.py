"""The D&D 5e demo's party (first level, the SRD's character rules) and its SRD 5.1 monsters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

SRD = "Blok statystyk z SRD 5.1, przepisany ręcznie."


def _attack(
    name: str, bonus: int | None, dice: str, damage_type: str, **extra: Any
) -> dict[str, Any]:
    """One SRD action: melee ones default to reach 5 ft."""
    reach = None if "range_normal" in extra else 5  # an explicit reach= overrides it
    return {
        "name": name,
        "attack_bonus": bonus,
        "reach": reach,
        "damage": [{"dice": dice, "type": damage_type}],
        **extra,
    }


def _trait(name: str, text: str) -> dict[str, Any]:
    return {"name": name, "text": text}


PARTY = "Postać 1. poziomu, zbudowana według zasad z SRD."

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "Helga",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "character_class": "fighter",
            "level": 1,
            "str": 16,
            "dex": 12,
            "con": 15,
            "int": 10,
            "wis": 12,
            "cha": 8,
            "ac": 18,
            "hp": 12,
            "hit_dice": "1d10",
            "saving_throws": {"str": 5, "con": 4},
            "skills": {"athletics": 5, "perception": 3},
            "proficiencies": ["all armour", "shields", "simple weapons", "martial weapons"],
        },
        "notes": "Ludzka wojowniczka. "
        + PARTY
        + " KP 18 = kolczuga 16 + tarcza 2; PW 10 + KON 2. Według zasad ataku: "
        "atak długim mieczem d20 + SIŁ 3 + premia do biegłości 2.",
        "weapons": ["Longsword"],
        "armor": ["Chain mail", "Shield"],
    },
    {
        "name": "Lis",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "character_class": "rogue",
            "level": 1,
            "str": 8,
            "dex": 16,
            "con": 12,
            "int": 13,
            "wis": 10,
            "cha": 14,
            "ac": 14,
            "hp": 9,
            "hit_dice": "1d8",
            "speed": 25,
            "size": "small",
            "saving_throws": {"dex": 5, "int": 3},
            "skills": {"stealth": 7, "sleight_of_hand": 5, "acrobatics": 5, "deception": 4},
            "proficiencies": ["light armour", "simple weapons", "shortswords", "thieves' tools"],
        },
        "notes": "Niziołka, łotrzyca. "
        + PARTY
        + " KP 14 = skórzana zbroja 11 + ZRC 3; Skradanie się z podwójną premią do "
        "biegłości (ekspertyza). Według zasad ataku: krótki miecz jest bronią "
        "finezyjną, więc atakuje ZRC.",
        "weapons": ["Shortsword", "Shortbow", "Dagger"],
        "armor": ["Leather armor"],
    },
    {
        "name": "Mira",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "character_class": "wizard",
            "level": 1,
            "str": 8,
            "dex": 14,
            "con": 13,
            "int": 16,
            "wis": 12,
            "cha": 10,
            "ac": 12,
            "hp": 7,
            "hit_dice": "1d6",
            "saving_throws": {"int": 5, "wis": 3},
            "skills": {"arcana": 5, "history": 5, "perception": 3},
            "proficiencies": ["daggers", "quarterstaffs", "light crossbows"],
            "actions": [
                _attack(
                    "Fire Bolt", 5, "1d10", "fire", range_normal=120, text="Cantrip, spell attack."
                )
            ],
        },
        "notes": "Elfka, czarodziejka. "
        + PARTY
        + " KP 12 = 10 + ZRC 2. Według zasad ataku: atak czarem dodaje zdolność "
        "do rzucania czarów (INT 3) i premię do biegłości (2): Fire Bolt +5.",
        "weapons": ["Dagger", "Quarterstaff"],
        "armor": [],
    },
    {
        "name": "Brat Jan",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "character_class": "cleric",
            "level": 1,
            "str": 14,
            "dex": 10,
            "con": 14,
            "int": 10,
            "wis": 16,
            "cha": 12,
            "ac": 18,
            "hp": 11,
            "hit_dice": "1d8",
            "speed": 25,
            "saving_throws": {"wis": 5, "cha": 3},
            "skills": {"insight": 5, "medicine": 5, "religion": 2},
            "proficiencies": [
                "light armour",
                "medium armour",
                "heavy armour",
                "shields",
                "simple weapons",
            ],
            "damage_resistances": ["poison"],
            "actions": [
                {
                    "name": "Sacred Flame",
                    "range_normal": 60,
                    "dc": 13,
                    "dc_ability": "dex",
                    "dc_success": "none",
                    "damage": [{"dice": "1d8", "type": "radiant"}],
                    "text": "Cantrip; no attack roll, a DEX save.",
                }
            ],
        },
        "notes": "Krasnolud wzgórzowy, kapłan. "
        + PARTY
        + " KP 18 = kolczuga 16 + tarcza 2; PW 8 + KON 2 + krasnoludzka "
        "wytrzymałość 1; odporny na truciznę.",
        "weapons": ["Mace"],
        "armor": ["Chain mail", "Shield"],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Goblin",
        "notes": SRD,
        "stats": {
            "str": 8,
            "dex": 14,
            "con": 10,
            "int": 10,
            "wis": 8,
            "cha": 8,
            "ac": 15,
            "hp": 7,
            "hit_dice": "2d6",
            "size": "small",
            "creature_type": "humanoid (goblinoid)",
            "challenge_rating": "1/4",
            "skills": {"stealth": 6},
            "traits": [
                _trait("Nimble Escape", "Disengage or Hide as a bonus action on each of its turns.")
            ],
            "actions": [
                _attack("Scimitar", 4, "1d6+2", "slashing"),
                _attack("Shortbow", 4, "1d6+2", "piercing", range_normal=80, range_long=320),
            ],
        },
    },
    {
        "name": "Orc",
        "notes": SRD,
        "stats": {
            "str": 16,
            "dex": 12,
            "con": 16,
            "int": 7,
            "wis": 11,
            "cha": 10,
            "ac": 13,
            "hp": 15,
            "hit_dice": "2d8+6",
            "creature_type": "humanoid (orc)",
            "challenge_rating": "1/2",
            "skills": {"intimidation": 2},
            "traits": [
                _trait(
                    "Aggressive",
                    "As a bonus action, moves up to its speed "
                    "toward a hostile creature it can see.",
                )
            ],
            "actions": [
                _attack("Greataxe", 5, "1d12+3", "slashing"),
                _attack(
                    "Javelin", 5, "1d6+3", "piercing", reach=5, range_normal=30, range_long=120
                ),
            ],
        },
    },
    {
        "name": "Wolf",
        "notes": SRD,
        "stats": {
            "str": 12,
            "dex": 15,
            "con": 12,
            "int": 3,
            "wis": 12,
            "cha": 6,
            "ac": 13,
            "hp": 11,
            "hit_dice": "2d8+2",
            "speed": 40,
            "creature_type": "beast",
            "challenge_rating": "1/4",
            "skills": {"perception": 3, "stealth": 4},
            "traits": [
                _trait(
                    "Keen Hearing and Smell",
                    "Advantage on Perception checks that rely on hearing or smell.",
                ),
                _trait(
                    "Pack Tactics",
                    "Advantage on an attack roll against a "
                    "creature if an ally is within 5 ft. of it and not "
                    "incapacitated.",
                ),
            ],
            "actions": [
                _attack(
                    "Bite",
                    4,
                    "2d4+2",
                    "piercing",
                    dc=11,
                    dc_ability="str",
                    dc_success="none",
                    dc_condition="prone",
                    text="A creature hit must succeed on the save or be knocked prone.",
                )
            ],
        },
    },
    {
        "name": "Skeleton",
        "notes": SRD,
        "stats": {
            "str": 10,
            "dex": 14,
            "con": 15,
            "int": 6,
            "wis": 8,
            "cha": 5,
            "ac": 13,
            "hp": 13,
            "hit_dice": "2d8+4",
            "creature_type": "undead",
            "challenge_rating": "1/4",
            "damage_vulnerabilities": ["bludgeoning"],
            "damage_immunities": ["poison"],
            "condition_immunities": ["exhaustion", "poisoned"],
            "actions": [
                _attack("Shortsword", 4, "1d6+2", "piercing"),
                _attack("Shortbow", 4, "1d6+2", "piercing", range_normal=80, range_long=320),
            ],
        },
    },
    {
        "name": "Zombie",
        "notes": SRD,
        "stats": {
            "str": 13,
            "dex": 6,
            "con": 16,
            "int": 3,
            "wis": 6,
            "cha": 5,
            "ac": 8,
            "hp": 22,
            "hit_dice": "3d8+9",
            "speed": 20,
            "creature_type": "undead",
            "challenge_rating": "1/4",
            "saving_throws": {"wis": 0},
            "damage_immunities": ["poison"],
            "condition_immunities": ["poisoned"],
            "traits": [
                _trait(
                    "Undead Fortitude",
                    "If damage reduces it to 0 HP, a CON "
                    "save (DC 5 + the damage) keeps it at 1 HP, unless the "
                    "damage is radiant or from a critical hit.",
                )
            ],
            "actions": [_attack("Slam", 3, "1d6+1", "bludgeoning")],
        },
    },
]
