"""D&D 5e weapons and armour (seed 002, SRD 5.1 Equipment): the records of the armoury.

A weapon's damage is dice and one damage type; its properties are the SRD's (a versatile weapon
names its two-handed dice). Armour gives a base AC, with or without the DEX bonus and its cap.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from combat.rules.dnd5e.stats import RANGES
from combat.rules.dnd5e.words import DAMAGE_TYPES
from combat.rules.schema import Field, Problem, Schema, _, ascending, notes_field
from combat.rules.schema import Label as L

WEAPON_PROPERTIES = (
    ("ammunition", L("dnd5e", "ammunition")),
    ("finesse", L("dnd5e", "finesse")),
    ("heavy", L("dnd5e armor", "heavy")),
    ("light", L("dnd5e armor", "light")),
    ("loading", L("dnd5e", "loading")),
    ("monk", L("dnd5e", "monk")),
    ("reach", L("dnd5e", "reach")),
    ("special", L("dnd5e", "special")),
    ("thrown", L("dnd5e", "thrown")),
    ("two_handed", L("dnd5e", "two-handed")),
    ("versatile", L("dnd5e", "versatile")),
)

WEAPON_CATEGORIES = (
    ("simple", L("dnd5e", "simple")),
    ("martial", L("dnd5e", "martial")),
)

WEAPON_RANGES = (
    ("melee", L("dnd5e", "melee")),
    ("ranged", L("dnd5e", "ranged")),
)


def _versatile_needs_dice(data: Mapping[str, Any]) -> Iterator[Problem]:
    if "versatile" in data["properties"] and data["versatile_damage"] is None:
        yield Problem("versatile_damage", _("This field is required."), {})


WEAPON = Schema(
    (
        Field(
            "damage",
            "dice",
            L("dnd5e", "Damage"),
            "1d6",
            nullable=True,
            help=L("dnd5e", "Empty = no damage (net)."),
        ),
        Field(
            "damage_type",
            "choice",
            L("dnd5e", "Damage type"),
            "bludgeoning",
            choices=DAMAGE_TYPES,
        ),
        Field(
            "properties",
            "tags",
            L("dnd5e", "Properties"),
            (),
            choices=WEAPON_PROPERTIES,
        ),
        Field(
            "versatile_damage",
            "dice",
            L("dnd5e", "Versatile damage"),
            None,
            nullable=True,
        ),
        *RANGES,
        Field(
            "category",
            "choice",
            L("dnd5e", "Category"),
            "simple",
            choices=WEAPON_CATEGORIES,
        ),
        Field(
            "weapon_range",
            "choice",
            L("dnd5e", "Weapon range"),
            "melee",
            choices=WEAPON_RANGES,
        ),
        notes_field(player_editable=False),
    ),
    checks=(ascending("range_normal", "range_long"), _versatile_needs_dice),
)

ARMOR_CATEGORIES = (
    ("light", L("dnd5e weapon", "light")),
    ("medium", L("dnd5e", "medium")),
    ("heavy", L("dnd5e weapon", "heavy")),
    ("shield", L("dnd5e", "shield")),
)

ARMOR = Schema(
    (
        Field(
            "category",
            "choice",
            L("dnd5e", "Category"),
            "light",
            choices=ARMOR_CATEGORIES,
        ),
        Field(
            "base_ac",
            "int",
            L("dnd5e", "Base AC"),
            11,
            min=0,
            max=30,
            help=L("dnd5e", "For a shield, its bonus (+2)."),
        ),
        Field("dex_bonus", "bool", L("dnd5e", "Adds DEX"), True),
        Field(
            "max_dex_bonus",
            "int",
            L("dnd5e", "Max DEX bonus"),
            None,
            min=0,
            max=10,
            nullable=True,
            help=L("dnd5e", "Empty = no limit."),
        ),
        Field(
            "str_minimum",
            "int",
            L("dnd5e", "Strength minimum"),
            0,
            min=0,
            max=30,
        ),
        Field(
            "stealth_disadvantage",
            "bool",
            L("dnd5e", "Stealth disadvantage"),
            False,
        ),
        notes_field(player_editable=False),
    )
)


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """Damage dice and type, as the SRD prints them ("1d8 slashing")."""
    kind = WEAPON["damage_type"].choice_label(stats["damage_type"], lang)
    return f"{stats['damage']} {kind}"
