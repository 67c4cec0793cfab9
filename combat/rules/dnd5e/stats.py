"""D&D 5e stats (seed 002, SRD 5.1): abilities, AC (KP), HP, actions shaped like the SRD's.

Speed is structured (walk, fly, swim, climb, burrow in feet, hover), so rules can halve it.
Damage resistances, immunities and vulnerabilities are free tags up to 100 characters: a plain
damage type ("fire") is applied by the engine; a qualified SRD phrase ("bludgeoning, piercing,
and slashing from nonmagical weapons") is shown to the GM, who decides. Actions, reactions,
legendary actions and traits share one record shape (ACTION); the multiattack text is kept
apart in `multiattack`. Weapons and armour are in gear.py.
"""

from __future__ import annotations

from combat.rules.dnd5e.words import (
    ABILITIES,
    CHALLENGE_RATINGS,
    CLASSES,
    CONDITIONS,
    DAMAGE_TYPES,
    RIDER_CONDITIONS,
    SAVE_EFFECTS,
    SIZES,
    SKILLS,
)
from combat.rules.schema import Field, Schema, notes_field
from combat.rules.schema import Label as L

HIT_DICE = r"[0-9]{1,3}d[0-9]{1,3}(?:[+-][0-9]{1,3})?"

DAMAGE = (
    Field("dice", "dice", L("dnd5e", "Dice"), "1d6"),
    Field(
        "type",
        "choice",
        L("dnd5e", "Damage type"),
        "bludgeoning",
        choices=DAMAGE_TYPES,
    ),
    Field("note", "text", L("dnd5e", "Note"), "", max=200),
)


def feet(name: str, label: L, default: int | None = None) -> Field:
    """A distance in feet; without a default it may be left empty."""
    return Field(name, "int", label, default, min=0, max=5000, nullable=default is None)


RANGES = (
    feet(
        "range_normal",
        L("dnd5e", "Normal range (ft.)"),
    ),
    feet("range_long", L("dnd5e", "Long range (ft.)")),
)


ACTION = (
    Field("name", "text", L("dnd5e", "Name"), "", min=1, max=100),
    Field(
        "attack_bonus",
        "int",
        L("dnd5e", "Attack bonus"),
        None,
        min=-10,
        max=30,
        nullable=True,
        help=L("dnd5e", "Empty = no attack roll."),
    ),
    Field(
        "damage",
        "records",
        L("dnd5e", "Damage"),
        (),
        item_fields=DAMAGE,
        max_items=6,
    ),
    feet("reach", L("dnd5e", "Reach (ft.)")),
    *RANGES,
    Field(
        "dc",
        "int",
        L("dnd5e", "Save DC"),
        None,
        min=1,
        max=40,
        nullable=True,
    ),
    Field(
        "dc_ability",
        "choice",
        L("dnd5e", "Save ability"),
        None,
        choices=ABILITIES,
        nullable=True,
    ),
    Field(
        "dc_success",
        "choice",
        L("dnd5e", "Successful save"),
        None,
        choices=SAVE_EFFECTS,
        nullable=True,
    ),
    Field(
        "dc_condition",
        "choice",
        L("dnd5e", "Failed save: condition"),
        None,
        choices=RIDER_CONDITIONS,
        nullable=True,
    ),
    Field(
        "usage",
        "text",
        L("dnd5e", "Usage"),
        "",
        max=100,
        help=L("dnd5e", "E.g. Recharge 5–6, 3/Day."),
    ),
    Field("text", "text", L("dnd5e", "Description"), "", max=4000),
)


def _ability(key: str, label: L) -> Field:
    return Field(key, "int", label, 10, min=1, max=30)


def _defences(name: str, label: L) -> Field:
    return Field(
        name,
        "tags",
        label,
        (),
        max=100,
        suggestions=DAMAGE_TYPES,
        help=L("dnd5e", "A damage type, or the stat block's whole phrase (the GM decides)."),
    )


def _actions(name: str, label: L, *, npc_only: bool = False) -> Field:
    return Field(name, "records", label, (), item_fields=ACTION, npc_only=npc_only, max_items=20)


CREATURE = Schema(
    (
        Field(
            "character_class",
            "choice",
            L("dnd5e", "Class"),
            None,
            choices=CLASSES,
            nullable=True,
        ),
        Field(
            "level",
            "int",
            L("dnd5e", "Level"),
            None,
            min=1,
            max=20,
            nullable=True,
            help=L(
                "dnd5e",
                "The proficiency bonus follows it: +2 at 1st–4th, +3 at 5th–8th, +4 at 9th–12th …",
            ),
        ),
        *(_ability(key, label) for key, label in ABILITIES),
        Field(
            "proficiency_bonus",
            "int",
            L("dnd5e", "Proficiency bonus"),
            2,
            min=2,
            max=9,
        ),
        Field(
            "ac",
            "int",
            L("dnd5e", "AC (Armour Class)"),
            10,
            min=0,
            max=30,
        ),
        Field(
            "hp",
            "int",
            L("dnd5e", "Hit points (maximum)"),
            4,
            min=1,
            max=999,
        ),
        Field(
            "hit_dice",
            "dice",
            L("dnd5e", "Hit dice"),
            "1d8",
            pattern=HIT_DICE,
        ),
        feet("speed", L("dnd5e", "Speed (ft.)"), 30),
        feet("speed_fly", L("dnd5e", "Fly (ft.)"), 0),
        feet("speed_swim", L("dnd5e", "Swim (ft.)"), 0),
        feet("speed_climb", L("dnd5e", "Climb (ft.)"), 0),
        feet("speed_burrow", L("dnd5e", "Burrow (ft.)"), 0),
        Field("hover", "bool", L("dnd5e", "Hover"), False),
        Field("size", "choice", L("dnd5e", "Size"), "medium", choices=SIZES),
        Field(
            "creature_type",
            "text",
            L("dnd5e", "Type"),
            "",
            max=80,
            npc_only=True,
            help=L("dnd5e", "E.g. humanoid (goblinoid)."),
        ),
        Field(
            "challenge_rating",
            "choice",
            L("dnd5e", "Challenge rating"),
            "0",
            choices=CHALLENGE_RATINGS,
            npc_only=True,
        ),
        Field(
            "saving_throws",
            "levels",
            L("dnd5e", "Saving throws"),
            {},
            min=-5,
            max=30,
            choices=ABILITIES,
            help=L("dnd5e", "Total bonus of proficient saves."),
        ),
        Field(
            "skills",
            "levels",
            L("dnd5e", "Skills"),
            {},
            min=-5,
            max=30,
            choices=SKILLS,
            help=L("dnd5e", "Total bonus, e.g. Stealth +6."),
        ),
        Field(
            "proficiencies",
            "tags",
            L("dnd5e", "Proficiencies"),
            (),
            max=60,
            help=L("dnd5e", "Weapons, armour, tools."),
        ),
        _defences(
            "damage_resistances",
            L("dnd5e", "Damage resistances"),
        ),
        _defences(
            "damage_immunities",
            L("dnd5e", "Damage immunities"),
        ),
        _defences(
            "damage_vulnerabilities",
            L("dnd5e", "Damage vulnerabilities"),
        ),
        Field(
            "condition_immunities",
            "tags",
            L("dnd5e", "Condition immunities"),
            (),
            choices=CONDITIONS,
        ),
        Field(
            "multiattack",
            "text",
            L("dnd5e", "Multiattack"),
            "",
            max=1000,
            npc_only=True,
        ),
        _actions("actions", L("dnd5e", "Actions")),
        _actions("reactions", L("dnd5e", "Reactions")),
        _actions(
            "legendary_actions",
            L("dnd5e", "Legendary actions"),
            npc_only=True,
        ),
        Field(
            "legendary_per_round",
            "int",
            L("dnd5e", "Legendary actions per round"),
            None,
            min=0,
            max=9,
            nullable=True,
            npc_only=True,
            help=L("dnd5e", "Empty = 3."),
        ),
        _actions("traits", L("dnd5e", "Traits")),
        notes_field(),
    )
)
