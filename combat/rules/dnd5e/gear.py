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
    ("ammunition", L("střelivo", "ammunition", "amunicja")),
    ("finesse", L("jemná", "finesse", "finezyjna")),
    ("heavy", L("těžká", "heavy", "ciężka")),
    ("light", L("lehká", "light", "lekka")),
    ("loading", L("nabíjení", "loading", "ładowanie")),
    ("monk", L("mnišská", "monk", "mnisia")),
    ("reach", L("dlouhá", "reach", "sięgająca")),
    ("special", L("zvláštní", "special", "specjalna")),
    ("thrown", L("vrhací", "thrown", "rzucana")),
    ("two_handed", L("obouruční", "two-handed", "dwuręczna")),
    ("versatile", L("univerzální", "versatile", "wszechstronna")),
)

WEAPON_CATEGORIES = (
    ("simple", L("jednoduchá", "simple", "prosta")),
    ("martial", L("válečná", "martial", "żołnierska")),
)

WEAPON_RANGES = (
    ("melee", L("na blízko", "melee", "do walki wręcz")),
    ("ranged", L("na dálku", "ranged", "dystansowa")),
)


def _versatile_needs_dice(data: Mapping[str, Any]) -> Iterator[Problem]:
    if "versatile" in data["properties"] and data["versatile_damage"] is None:
        yield Problem("versatile_damage", _("This field is required."), {})


WEAPON = Schema(
    (
        Field(
            "damage",
            "dice",
            L("Zranění", "Damage", "Obrażenia"),
            "1d6",
            nullable=True,
            help=L(
                "Prázdné = bez zranění (síť).",
                "Empty = no damage (net).",
                "Puste = bez obrażeń (sieć).",
            ),
        ),
        Field(
            "damage_type",
            "choice",
            L("Druh zranění", "Damage type", "Rodzaj obrażeń"),
            "bludgeoning",
            choices=DAMAGE_TYPES,
        ),
        Field(
            "properties",
            "tags",
            L("Vlastnosti", "Properties", "Właściwości"),
            (),
            choices=WEAPON_PROPERTIES,
        ),
        Field(
            "versatile_damage",
            "dice",
            L("Zranění obouruč", "Versatile damage", "Obrażenia oburącz"),
            None,
            nullable=True,
        ),
        *RANGES,
        Field(
            "category",
            "choice",
            L("Kategorie", "Category", "Kategoria"),
            "simple",
            choices=WEAPON_CATEGORIES,
        ),
        Field(
            "weapon_range",
            "choice",
            L("Boj", "Weapon range", "Rodzaj walki"),
            "melee",
            choices=WEAPON_RANGES,
        ),
        notes_field(player_editable=False),
    ),
    checks=(ascending("range_normal", "range_long"), _versatile_needs_dice),
)

ARMOR_CATEGORIES = (
    ("light", L("lehká", "light", "lekki")),
    ("medium", L("střední", "medium", "średni")),
    ("heavy", L("těžká", "heavy", "ciężki")),
    ("shield", L("štít", "shield", "tarcza")),
)

ARMOR = Schema(
    (
        Field(
            "category",
            "choice",
            L("Kategorie", "Category", "Kategoria"),
            "light",
            choices=ARMOR_CATEGORIES,
        ),
        Field(
            "base_ac",
            "int",
            L("Základní OČ", "Base AC", "Bazowa KP"),
            11,
            min=0,
            max=30,
            help=L(
                "U štítu jeho bonus (+2).",
                "For a shield, its bonus (+2).",
                "Dla tarczy jej premia (+2).",
            ),
        ),
        Field("dex_bonus", "bool", L("Přičítá OBR", "Adds DEX", "Dodaje ZRC"), True),
        Field(
            "max_dex_bonus",
            "int",
            L("Nejvýše OBR", "Max DEX bonus", "Maks. premia ZRC"),
            None,
            min=0,
            max=10,
            nullable=True,
            help=L("Prázdné = bez omezení.", "Empty = no limit.", "Puste = bez limitu."),
        ),
        Field(
            "str_minimum",
            "int",
            L("Minimální síla", "Strength minimum", "Minimalna Siła"),
            0,
            min=0,
            max=30,
        ),
        Field(
            "stealth_disadvantage",
            "bool",
            L(
                "Nevýhoda na Nenápadnost",
                "Stealth disadvantage",
                "Przewaga ujemna na Skradanie się",
            ),
            False,
        ),
        notes_field(player_editable=False),
    )
)


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """Damage dice and type, as the SRD prints them ("1d8 slashing")."""
    kind = WEAPON["damage_type"].choice_label(stats["damage_type"], lang)
    return f"{stats['damage']} {kind}"
