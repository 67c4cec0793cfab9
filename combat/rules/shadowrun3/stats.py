"""Shadowrun 3 stats (seed 003, Czech translation 2006): attributes, pools, damage codes.

A damage code "9M" is stored as `power` 9 and `damage_level` "M" (stored codes are the English
L/M/S/D; Czech labels show L/M/V/S). Melee and thrown codes such as "(STR+2)M" set
`strength_based` and store 2. A creature carries the armour it wears (`ballistic`, `impact`);
the armoury's ARMOR records are the catalogue. Condition monitors are derived (10 boxes each
[std]) and the damage taken lives in the encounter, not here. Natural Reaction is stored; the
augmented one is `reaction` + `reaction_bonus` (seed: Longbone "3 (5) + 1d6 (2d6)").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, ascending, notes_field
from combat.rules.schema import Label as L


def _attribute(name: str, label: L) -> Field:
    return Field(name, "int", label, 3, min=1, max=20)


def _rating(name: str, label: L, top: int, help_text: L | None = None) -> Field:
    return Field(name, "int", label, 0, min=0, max=top, help=help_text)


METATYPES = (
    ("human", L("shadowrun3", "Human")),
    ("elf", L("shadowrun3", "Elf")),
    ("dwarf", L("shadowrun3", "Dwarf")),
    ("ork", L("shadowrun3", "Ork")),
    ("troll", L("shadowrun3", "Troll")),
)

VISION = (
    ("normal", L("shadowrun3", "Normal vision")),
    ("low_light", L("shadowrun3", "Low-light vision")),
    ("thermographic", L("shadowrun3", "Thermographic vision")),
)

SMART = (
    ("none", L("shadowrun3", "None")),
    ("smartlink", L("shadowrun3", "Smartlink")),
    ("smartgoggles", L("shadowrun3", "Smartgoggles")),
)

SKILLS = (
    ("pistols", L("shadowrun3", "Pistols")),
    ("smgs", L("shadowrun3", "SMGs")),
    ("rifles", L("shadowrun3", "Rifles")),
    ("assault_rifles", L("shadowrun3", "Assault rifles")),
    ("shotguns", L("shadowrun3", "Shotguns")),
    ("heavy_weapons", L("shadowrun3", "Heavy weapons")),
    ("projectile_weapons", L("shadowrun3", "Projectile weapons")),
    ("throwing_weapons", L("shadowrun3", "Throwing weapons")),
    ("edged_weapons", L("shadowrun3", "Edged weapons")),
    ("clubs", L("shadowrun3", "Clubs")),
    ("polearms", L("shadowrun3", "Polearms/staffs")),
    ("unarmed_combat", L("shadowrun3", "Unarmed combat")),
    ("athletics", L("shadowrun3", "Athletics")),
    ("stealth", L("shadowrun3", "Stealth")),
    ("sorcery", L("shadowrun3", "Sorcery")),
)

CREATURE = Schema(
    (
        _attribute("body", L("shadowrun3", "Body")),
        _attribute("quickness", L("shadowrun3", "Quickness")),
        _attribute("strength", L("shadowrun3", "Strength")),
        _attribute("charisma", L("shadowrun3", "Charisma")),
        _attribute("intelligence", L("shadowrun3", "Intelligence")),
        _attribute("willpower", L("shadowrun3", "Willpower")),
        Field(
            "essence",
            "text",
            L("shadowrun3", "Essence"),
            "6",
            max=4,
            pattern=r"[0-6](?:\.[0-9]{1,2})?",
        ),
        _rating("magic", L("shadowrun3", "Magic"), 12),
        Field(
            "reaction",
            "int",
            L("shadowrun3", "Reaction (natural)"),
            3,
            min=1,
            max=20,
            help=L("shadowrun3", "(Quickness + Intelligence) / 2."),
        ),
        _rating(
            "reaction_bonus",
            L("shadowrun3", "Reaction bonus"),
            15,
            L("shadowrun3", "Cyberware, magic: 3 (5) means +2."),
        ),
        Field(
            "initiative_dice",
            "int",
            L("shadowrun3", "Initiative dice"),
            1,
            min=1,
            max=5,
        ),
        Field(
            "combat_pool",
            "int",
            L("shadowrun3", "Combat pool"),
            None,
            min=0,
            max=30,
            nullable=True,
            help=L("shadowrun3", "Empty = (Quickness + Intelligence + Willpower) / 2."),
        ),
        Field(
            "skills",
            "levels",
            L("shadowrun3", "Skills"),
            {},
            min=0,
            max=15,
            suggestions=SKILLS,
            player_editable=True,
        ),
        _rating(
            "ballistic",
            L("shadowrun3", "Ballistic armour"),
            20,
            L("shadowrun3", "Worn armour, total."),
        ),
        _rating(
            "impact",
            L("shadowrun3", "Impact armour"),
            20,
            L("shadowrun3", "Worn armour, total."),
        ),
        _rating(
            "dermal_armor",
            L("shadowrun3", "Dermal armour"),
            6,
            L("shadowrun3", "Added to Body when resisting damage."),
        ),
        Field(
            "metatype",
            "choice",
            L("shadowrun3", "Metatype"),
            "human",
            choices=METATYPES,
            help=L("shadowrun3", "Run multiplier: dwarf 2, others 3."),
        ),
        Field("vision", "choice", L("shadowrun3", "Vision"), "normal", choices=VISION),
        Field("smartlink", "choice", L("shadowrun3", "Smartlink"), "none", choices=SMART),
        notes_field(),
    )
)

LEVELS = (
    ("L", L("shadowrun3", "L – Light")),
    ("M", L("shadowrun3", "M – Moderate")),
    ("S", L("shadowrun3", "S – Serious")),
    ("D", L("shadowrun3", "D – Deadly")),
)

WEAPON_TYPES = (
    ("hold_out_pistol", L("shadowrun3", "Hold-out pistol")),
    ("light_pistol", L("shadowrun3", "Light pistol")),
    ("heavy_pistol", L("shadowrun3", "Heavy pistol")),
    ("taser", L("shadowrun3", "Taser")),
    ("smg", L("shadowrun3", "SMG")),
    ("shotgun", L("shadowrun3", "Shotgun")),
    ("sport_rifle", L("shadowrun3", "Sport rifle")),
    ("sniper_rifle", L("shadowrun3", "Sniper rifle")),
    ("assault_rifle", L("shadowrun3", "Assault rifle")),
    ("lmg", L("shadowrun3", "Light machine gun")),
    ("mmg", L("shadowrun3", "Medium machine gun")),
    ("hmg", L("shadowrun3", "Heavy machine gun")),
    ("assault_cannon", L("shadowrun3", "Assault cannon")),
    ("grenade_launcher", L("shadowrun3", "Grenade launcher")),
    ("missile_launcher", L("shadowrun3", "Missile launcher")),
    ("bow", L("shadowrun3", "Bow")),
    ("light_crossbow", L("shadowrun3", "Light crossbow")),
    ("medium_crossbow", L("shadowrun3", "Medium crossbow")),
    ("heavy_crossbow", L("shadowrun3", "Heavy crossbow")),
    ("throwing_knife", L("shadowrun3", "Throwing knife")),
    ("shuriken", L("shadowrun3", "Shuriken")),
    ("grenade", L("shadowrun3", "Standard grenade")),
    (
        "aerodynamic_grenade",
        L("shadowrun3", "Aerodynamic grenade"),
    ),
    ("melee", L("shadowrun3", "Melee weapon")),
)

FIRING_MODES = (
    ("SS", L("shadowrun3", "SS – single shot")),
    ("SA", L("shadowrun3", "SA – semi-automatic")),
    ("BF", L("shadowrun3", "BF – burst fire")),
    ("FA", L("shadowrun3", "FA – full auto")),
)

AMMUNITION = (
    ("normal", L("shadowrun3", "Standard")),
    ("apds", L("shadowrun3", "APDS")),
    ("explosive", L("shadowrun3", "Explosive")),
    ("high_explosive", L("shadowrun3", "High-explosive")),
    ("flechette", L("shadowrun3", "Flechette")),
    ("gel", L("shadowrun3", "Gel (stun)")),
)


def _band(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        0,
        min=0,
        max=5000,
        help=L("shadowrun3", "The band's upper limit in metres (or a multiple of Strength)."),
    )


WEAPON = Schema(
    (
        Field(
            "power",
            "int",
            L("shadowrun3", "Power"),
            6,
            min=-5,
            max=30,
            help=L("shadowrun3", "The damage code's number (9 in 9M)."),
        ),
        Field(
            "strength_based",
            "bool",
            L("shadowrun3", "Power = Strength + number"),
            False,
            help=L("shadowrun3", "Melee and thrown: (STR+2)M."),
        ),
        Field(
            "damage_level",
            "choice",
            L("shadowrun3", "Damage level"),
            "M",
            choices=LEVELS,
        ),
        Field("stun", "bool", L("shadowrun3", "Stun damage"), False),
        Field(
            "weapon_type",
            "choice",
            L("shadowrun3", "Weapon type"),
            "heavy_pistol",
            choices=WEAPON_TYPES,
        ),
        Field(
            "firing_modes",
            "tags",
            L("shadowrun3", "Firing modes"),
            (),
            choices=FIRING_MODES,
        ),
        _band("range_short", L("shadowrun3", "Short range")),
        _band("range_medium", L("shadowrun3", "Medium range")),
        _band("range_long", L("shadowrun3", "Long range")),
        _band("range_extreme", L("shadowrun3", "Extreme range")),
        _rating(
            "range_minimum",
            L("shadowrun3", "Minimum range"),
            100,
            L("shadowrun3", "Starred weapons (grenade launcher 5 m)."),
        ),
        Field(
            "ranges_scale_with_strength",
            "bool",
            L("shadowrun3", "Ranges scale with Strength"),
            False,
            help=L(
                "shadowrun3",
                "Bows, crossbows, thrown: bands are multiples "
                "(of the Strength minimum, or Strength).",
            ),
        ),
        _rating("strength_minimum", L("shadowrun3", "Strength minimum"), 20),
        Field(
            "long_range_tn_8",
            "bool",
            L("shadowrun3", "Long range TN 8"),
            False,
            help=L("shadowrun3", "Weapons marked **."),
        ),
        _rating(
            "recoil_compensation",
            L("shadowrun3", "Recoil compensation"),
            20,
        ),
        Field("smartgun", "bool", L("shadowrun3", "Smartgun"), False),
        Field(
            "laser_sight",
            "bool",
            L("shadowrun3", "Laser sight"),
            False,
        ),
        _rating(
            "gyro",
            L("shadowrun3", "Gyro stabilisation (rating)"),
            6,
        ),
        _rating(
            "magnification",
            L("shadowrun3", "Magnification (rating)"),
            3,
        ),
        _rating("magazine", L("shadowrun3", "Magazine size"), 300),
        Field(
            "ammunition",
            "choice",
            L("shadowrun3", "Ammunition"),
            "normal",
            choices=AMMUNITION,
        ),
        _rating("reach", L("shadowrun3", "Reach"), 4),
        _rating("concealability", L("shadowrun3", "Concealability"), 12),
        notes_field(player_editable=False),
    ),
    checks=(ascending("range_short", "range_medium", "range_long", "range_extreme"),),
)

ARMOR = Schema(
    (
        _rating("ballistic", L("shadowrun3", "Ballistic"), 20),
        _rating("impact", L("shadowrun3", "Impact"), 20),
        notes_field(player_editable=False),
    )
)

# Damage level letters per language: Czech L/M/V/S, English (and the Polish book) L/M/S/D.
LEVEL_LETTERS = {"cs": {"L": "L", "M": "M", "S": "V", "D": "S"}}


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """The damage code, e.g. "9M" (seed 003: Ares Predator), "(STR+2)S" for melee."""
    level = stats["damage_level"]
    letter = LEVEL_LETTERS.get((lang or "en")[:2], {}).get(level, level)
    power = f"(STR{stats['power']:+d})" if stats["strength_based"] else str(stats["power"])
    return f"{power}{letter}{' stun' if stats['stun'] else ''}"
