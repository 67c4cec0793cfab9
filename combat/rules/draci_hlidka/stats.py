"""Dračí Hlídka stats (seed 000): attribute bonuses, životy, weapons "útočnost zranění obrana".

Keys are the game's own Czech terms without diacritics (sil, zivoty, utocnost). A creature
carries the numbers the engine reads: its bonuses, its worn armour and shield quality (`zbroj`,
`stit`), its Pohyblivost (already including OBR, seed: halfling 20 + 4 = 24). The armoury's
ARMOR records are the catalogue those qualities are copied from. Monsters whose stat block gives
ÚČ, OČ, ZO or zranění directly set the npc_only overrides; empty means "derive it".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, notes_field
from combat.rules.schema import Label as L


def _bonus(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        0,
        min=-10,
        max=10,
        help=L("draci_hlidka", "The attribute's bonus, e.g. +4."),
    )


def _override(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        None,
        min=-20,
        max=50,
        nullable=True,
        npc_only=True,
        help=L(
            "draci_hlidka",
            "The value from the monster's stat block; empty = derive it from attributes, "
            "weapon and armour.",
        ),
    )


SKILLS = (
    ("Atletika", L("draci_hlidka", "Athletics")),
    ("Výdrž", L("draci_hlidka", "Endurance")),
    ("Postřeh", L("draci_hlidka", "Perception")),
    ("První pomoc", L("draci_hlidka", "First aid")),
)

SIZES = tuple((size, L.verbatim(size)) for size in "ABCDE")

CREATURE = Schema(
    (
        _bonus("sil", L("draci_hlidka", "SIL (Strength bonus)")),
        _bonus("obr", L("draci_hlidka", "OBR (Agility bonus)")),
        _bonus("odo", L("draci_hlidka", "ODO (Toughness bonus)")),
        Field(
            "ostatni_atributy",
            "text",
            L("draci_hlidka", "Other attributes"),
            "",
            max=200,
            help=L("draci_hlidka", 'E.g. "INT +1, CHA 0"; combat does not use them.'),
        ),
        Field(
            "zivoty",
            "int",
            L("draci_hlidka", "Hit points (maximum)"),
            10,
            min=1,
            max=999,
        ),
        Field(
            "mez_vyrazeni",
            "int",
            L("draci_hlidka", "Knock-out threshold"),
            0,
            min=0,
            max=999,
            help=L("draci_hlidka", "Below it a creature hit with a flat blow faints."),
        ),
        Field(
            "pohyblivost",
            "int",
            L("draci_hlidka", "Movement (Pohyblivost)"),
            20,
            min=0,
            max=200,
            help=L("draci_hlidka", "In sáh per round, already including OBR (20 + 4 = 24)."),
        ),
        Field(
            "dovednosti",
            "levels",
            L("draci_hlidka", "Skills (dovednosti)"),
            {},
            min=0,
            max=10,
            suggestions=SKILLS,
            player_editable=True,
            help=L("draci_hlidka", "Name and level, e.g. Atletika 2."),
        ),
        Field(
            "velikost",
            "choice",
            L("draci_hlidka", "Size (velikost)"),
            "B",
            choices=SIZES,
            help=L(
                "draci_hlidka",
                "B = human; size D and larger cannot be killed by a helpless attack.",
            ),
        ),
        Field(
            "muze_krvacet",
            "bool",
            L("draci_hlidka", "Can bleed"),
            True,
            help=L("draci_hlidka", "Statues and the like do not bleed."),
        ),
        Field(
            "zbroj",
            "int",
            L("draci_hlidka", "Armour quality (kvalita zbroje)"),
            0,
            min=0,
            max=20,
            help=L("draci_hlidka", "ZO = armour quality + OBR."),
        ),
        Field(
            "stit",
            "int",
            L("draci_hlidka", "Shield quality"),
            0,
            min=0,
            max=20,
            help=L("draci_hlidka", "OČ = ZO + weapon obrana + shield quality."),
        ),
        _override("uc", L("draci_hlidka", "Attack number (ÚČ)")),
        _override("oc", L("draci_hlidka", "Defence number (OČ)")),
        _override("zo", L("draci_hlidka", "Base defence (ZO)")),
        _override("zraneni", L("draci_hlidka", "Attack damage")),
        notes_field(),
    )
)

WEAPON_KINDS = (
    ("melee", L("draci_hlidka", "Melee")),
    ("ranged", L("draci_hlidka", "Ranged (shooting)")),
    ("thrown", L("draci_hlidka", "Thrown")),
)

RELOAD = (
    ("none", L("draci_hlidka", "No reloading")),
    ("instant", L("draci_hlidka", "Instant action")),
    ("short", L("draci_hlidka", "Short action")),
    ("long", L("draci_hlidka", "Long action")),
)


def _weapon_number(name: str, label: L, help_text: L) -> Field:
    return Field(name, "int", label, 0, min=-10, max=20, help=help_text)


WEAPON = Schema(
    (
        _weapon_number(
            "utocnost",
            L("draci_hlidka", "Weapon attack"),
            L("draci_hlidka", "ÚČ = SIL (OBR for shooting) + weapon attack."),
        ),
        _weapon_number(
            "zraneni",
            L("draci_hlidka", "Weapon damage"),
            L("draci_hlidka", "Added to Attack − Defence."),
        ),
        _weapon_number(
            "obrana",
            L("draci_hlidka", "Defence (obrana)"),
            L("draci_hlidka", "Added to OČ in an active defence."),
        ),
        Field(
            "druh",
            "choice",
            L("draci_hlidka", "Weapon kind"),
            "melee",
            choices=WEAPON_KINDS,
        ),
        Field(
            "nabiti",
            "choice",
            L("draci_hlidka", "Reload"),
            "none",
            choices=RELOAD,
            help=L("draci_hlidka", "How long the Reload action takes."),
        ),
        notes_field(player_editable=False),
    )
)

ARMOR_KINDS = (
    ("zbroj", L("draci_hlidka", "Armour")),
    ("stit", L("draci_hlidka", "Shield")),
)

ARMOR = Schema(
    (
        Field("druh", "choice", L("draci_hlidka", "Kind"), "zbroj", choices=ARMOR_KINDS),
        Field(
            "kvalita",
            "int",
            L("draci_hlidka", "Quality (kvalita)"),
            0,
            min=0,
            max=20,
            help=L("draci_hlidka", "Armour adds to ZO, a shield to OČ."),
        ),
        notes_field(player_editable=False),
    )
)


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """The rulebook's "5 +1 +2": útočnost, zranění, obrana (seed 000: broad sword)."""
    return f"{stats['utocnost']} {stats['zraneni']:+d} {stats['obrana']:+d}"
