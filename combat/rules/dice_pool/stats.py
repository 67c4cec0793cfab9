"""Forum d6 dice-pool stats (seed 004): skill and attribute levels are numbers of d6.

Names are the forum's own Czech words ("Síla", "Boj beze zbraně"); any other name may be added.
NPCs and monsters have attack and defence dice; their HP is 6 × defence dice unless the GM sets
`hp` ("Tento počet kostek vynásobený 6x představuje počet jeho životů"). A bestiary monster needs
a silver weapon, otherwise the player's rolls against it are halved; whether a character has one
is `silver_weapon` on the character (the armoury's `silver` flag is the catalogue). An NPC's
primary attributes left empty are half its defence dice rounded down ("Nejsou-li dovednosti NPC
specifikovány konkrétně, pak jsou jejich primární atributy rovny polovině obrany zaokrouhlené
dolů"); the engine derives them (combat.rules.dice_pool.pools.level_of).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, notes_field
from combat.rules.schema import Label as L

ATTRIBUTES = (
    ("Síla", L("dice_pool", "Strength")),
    ("Obratnost", L("dice_pool", "Agility")),
    ("Zručnost", L("dice_pool", "Dexterity")),
    ("Tělesná konstituce", L("dice_pool", "Constitution")),
)

SKILLS = (
    ("Boj beze zbraně", L("dice_pool", "Unarmed combat")),
    ("Boj s dýkou", L("dice_pool", "Dagger fighting")),
    ("Páčení", L("dice_pool", "Lockpicking")),
    ("Rétorika", L("dice_pool", "Rhetoric")),
    ("Zaklínačská znamení", L("dice_pool", "Witcher signs")),
)

_DICE_HELP = L("dice_pool", "Level = number of d6.")


def _npc_dice(name: str, label: L, help_text: L) -> Field:
    return Field(name, "int", label, 1, min=0, max=20, npc_only=True, help=help_text)


CREATURE = Schema(
    (
        Field(
            "attributes",
            "levels",
            L("dice_pool", "Attributes"),
            {},
            min=0,
            max=10,
            suggestions=ATTRIBUTES,
            player_editable=True,
            help=_DICE_HELP,
        ),
        Field(
            "skills",
            "levels",
            L("dice_pool", "Skills"),
            {},
            min=0,
            max=10,
            suggestions=SKILLS,
            player_editable=True,
            help=_DICE_HELP,
        ),
        Field(
            "talents",
            "tags",
            L("dice_pool", "Talents"),
            (),
            max=60,
            suggestions=ATTRIBUTES,
            player_editable=True,
            help=L(
                "dice_pool", "A talent in a used attribute raises the bonus-dice cap from +3 to +4."
            ),
        ),
        Field(
            "silver_weapon",
            "bool",
            L("dice_pool", "Has a silver weapon"),
            False,
            player_editable=True,
        ),
        _npc_dice(
            "attack_dice",
            L("dice_pool", "Attack dice"),
            L("dice_pool", "The NPC's d6 in attack."),
        ),
        _npc_dice(
            "defence_dice",
            L("dice_pool", "Defence dice"),
            L("dice_pool", "The NPC's d6 in defence; HP = 6 × dice."),
        ),
        Field(
            "hp",
            "int",
            L("dice_pool", "Hit points (HP)"),
            None,
            min=1,
            max=999,
            nullable=True,
            npc_only=True,
            help=L("dice_pool", "Empty = 6 × defence dice."),
        ),
        Field(
            "bestiary_monster",
            "bool",
            L("dice_pool", "Bestiary monster"),
            False,
            npc_only=True,
            help=L(
                "dice_pool", "Without a silver weapon the player's rolls against it are halved."
            ),
        ),
        notes_field(),
    )
)

WEAPON = Schema(
    (
        Field("silver", "bool", L("dice_pool", "Silver"), False),
        Field(
            "skill",
            "text",
            L("dice_pool", "Skill"),
            "",
            max=60,
            help=L("dice_pool", "The skill the weapon is used with, e.g. Dagger fighting."),
        ),
        notes_field(player_editable=False),
    )
)

# The seed has no armour rules; a note is all there is to record.
ARMOR = Schema((notes_field(player_editable=False),))


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """Only silver matters to the rules (seed 004: bestiary monsters need silver)."""
    if not stats["silver"]:
        return stats["skill"] or ""
    silver = {"cs": "stříbrná", "pl": "srebrna"}.get((lang or "en")[:2], "silver")
    return ", ".join(filter(None, [silver, stats["skill"]]))
