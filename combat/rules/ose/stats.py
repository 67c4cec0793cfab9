"""Old-School Essentials stats (seed 001): HP, descending AC (TZ) or ascending AAC (VTZ), THAC0.

AAC and the attack bonus are optional (the ascending-AC rule); empty means derived as
19 − AC and 19 − THAC0. Monsters list their attacks as records with their own damage
("Útoky nestvůr: Způsobují zranění uvedené v popisu nestvůry"); characters use their weapon.
Saving throws use the standard OSE order D/W/P/B/S [std]; defaults are a normal human's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, ascending, notes_field
from combat.rules.schema import Label as L


def _modifier(name: str, label: L, help: L | None = None) -> Field:
    return Field(name, "int", label, 0, min=-3, max=3, help=help)


def _save(name: str, default: int, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        default,
        min=2,
        max=20,
        help=L("ose", "The d20 roll needed."),
    )


ATTACK_KINDS = (
    ("melee", L("ose", "Melee")),
    ("missile", L("ose attack", "Missile")),
)

ATTACK = (
    Field("name", "text", L("ose", "Name"), "", min=1, max=80),
    Field("kind", "choice", L("ose", "Kind"), "melee", choices=ATTACK_KINDS),
    Field("damage", "dice", L("ose", "Damage"), "1d6"),
    Field("text", "text", L("ose", "Description"), "", max=1000),
)

CREATURE = Schema(
    (
        Field(
            "hp",
            "int",
            L("ose", "Hit points (maximum)"),
            4,
            min=1,
            max=999,
        ),
        Field(
            "hit_dice",
            "text",
            L("ose", "Hit dice (HD)"),
            "1",
            max=20,
            help=L("ose", "As written, e.g. 1+1, 1/2, 3*."),
        ),
        Field(
            "ac",
            "int",
            L("ose", "AC (Armour Class)"),
            9,
            min=-10,
            max=19,
            help=L("ose", "Descending AC; unarmoured 9."),
        ),
        Field(
            "aac",
            "int",
            L("ose", "AAC (ascending AC)"),
            None,
            min=0,
            max=30,
            nullable=True,
            help=L("ose", "Optional rule; empty = 19 − AC."),
        ),
        Field("thac0", "int", L("ose", "THAC0"), 19, min=1, max=20),
        Field(
            "attack_bonus",
            "int",
            L("ose", "Attack bonus"),
            None,
            min=-5,
            max=20,
            nullable=True,
            help=L("ose", "For ascending AC; empty = 19 − THAC0."),
        ),
        _modifier("str_mod", L("ose", "STR modifier")),
        _modifier(
            "dex_mod",
            L("ose", "DEX modifier"),
            L("ose", "For AC and missiles; initiative takes its own column from it (−2 … +2)."),
        ),
        Field(
            "movement",
            "int",
            L("ose", "Encounter movement (feet)"),
            40,
            min=0,
            max=240,
            help=L("ose", "Per round; 120' (40') means 40."),
        ),
        Field(
            "morale",
            "int",
            L("ose", "Morale"),
            7,
            min=2,
            max=12,
            npc_only=True,
            help=L("ose", "2 never fights, 12 never flees."),
        ),
        _save(
            "save_death",
            14,
            L("ose", "Save: death/poison (D)"),
        ),
        _save(
            "save_wands",
            15,
            L("ose", "Save: wands (W)"),
        ),
        _save(
            "save_paralysis",
            16,
            L("ose", "Save: paralysis/petrify (P)"),
        ),
        _save(
            "save_breath",
            17,
            L("ose", "Save: breath attacks (B)"),
        ),
        _save(
            "save_spells",
            18,
            L("ose", "Save: spells/rods/staves (S)"),
        ),
        Field(
            "attacks_per_round",
            "int",
            L("ose", "Attacks per round"),
            1,
            min=1,
            max=10,
        ),
        Field(
            "attacks",
            "records",
            L("ose", "Monster attacks"),
            (),
            item_fields=ATTACK,
            npc_only=True,
            max_items=12,
            help=L("ose", "Each attack with its damage, e.g. claw 1d4, bite 1d8."),
        ),
        Field(
            "immunities",
            "tags",
            L("ose", "Immunities"),
            (),
            max=80,
            help=L("ose", 'E.g. "non-magical weapons"; a hit rolls no damage.'),
        ),
        notes_field(),
    )
)

WEAPON_KINDS = (
    ("melee", L("ose", "Melee")),
    ("missile", L("ose weapon", "Missile")),
    ("both", L("ose", "Melee or thrown")),
)


def _range(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        0,
        min=0,
        max=1000,
        help=L("ose", "In feet; 0 for melee weapons."),
    )


WEAPON = Schema(
    (
        Field(
            "damage",
            "dice",
            L("ose", "Damage"),
            "1d6",
            help=L("ose", "Without the variable-damage option characters always deal 1d6."),
        ),
        Field("kind", "choice", L("ose", "Kind"), "melee", choices=WEAPON_KINDS),
        _range("range_short", L("ose", "Short range")),
        _range("range_medium", L("ose", "Medium range")),
        _range("range_long", L("ose", "Long range")),
        Field(
            "slow",
            "bool",
            L("ose", "Slow"),
            False,
            help=L("ose", "Always acts last in the round."),
        ),
        Field(
            "two_handed",
            "bool",
            L("ose", "Two-handed"),
            False,
            help=L("ose", "In melee it always acts last in the round, as a slow weapon."),
        ),
        notes_field(player_editable=False),
    ),
    checks=(ascending("range_short", "range_medium", "range_long"),),
)

ARMOR = Schema(
    (
        Field(
            "ac_bonus",
            "int",
            L("ose", "AC bonus"),
            0,
            min=0,
            max=10,
            help=L("ose", "AC = 9 − bonus, AAC = 10 + bonus (chain mail 4: AC 5 [14])."),
        ),
        Field(
            "shield",
            "bool",
            L("ose", "Shield"),
            False,
            help=L("ose", "A shield adds its bonus to armour; lost when retreating."),
        ),
        notes_field(player_editable=False),
    )
)


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """The damage die, marked when the weapon is slow (it always acts last): ticked so, or
    two-handed in melee (as combat.rules.ose.common reads it)."""
    slow = {"cs": "pomalá", "pl": "powolna"}.get((lang or "en")[:2], "slow")
    melee = stats.get("kind", "melee") in ("melee", "both")
    last = stats.get("slow") or (melee and stats.get("two_handed"))
    return f"{stats['damage']}{', ' + slow if last else ''}"
