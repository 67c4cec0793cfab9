"""The five rule systems and their stat schemas, looked up by key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules import dice_pool, dnd5e, draci_hlidka, ose, shadowrun3
from combat.rules.schema import Label, Schema

SYSTEM_KEYS = ("draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool")


@dataclass(frozen=True)
class RuleSystem:
    """One rule system: its key, its name and the schemas of its records."""

    key: str
    name: Label
    creature: Schema  # characters, NPCs and monsters alike; npc_only fields are flagged
    weapon: Schema
    armor: Schema
    # A weapon's stats in the system's own short form: "5 +1 +2", "9M", "1d8 slashing".
    weapon_headline: Callable[[Mapping[str, Any], str | None], str]


class UnknownSystem(KeyError):
    """No rule system has this key."""

    def __str__(self) -> str:
        return f"unknown rule system {self.args[0]!r}; known: {', '.join(SYSTEM_KEYS)}"


def _same(name: str) -> Label:
    return Label(name, name, name)


SYSTEMS: dict[str, RuleSystem] = {
    system.key: system
    for system in (
        RuleSystem(
            "draci_hlidka", _same("Dračí Hlídka"),
            draci_hlidka.CREATURE, draci_hlidka.WEAPON, draci_hlidka.ARMOR,
            draci_hlidka.weapon_headline,
        ),
        RuleSystem(
            "ose", _same("Old-School Essentials"),
            ose.CREATURE, ose.WEAPON, ose.ARMOR, ose.weapon_headline,
        ),
        RuleSystem(
            "dnd5e", _same("D&D 5e"),
            dnd5e.CREATURE, dnd5e.WEAPON, dnd5e.ARMOR, dnd5e.weapon_headline,
        ),
        RuleSystem(
            "shadowrun3", _same("Shadowrun 3"),
            shadowrun3.CREATURE, shadowrun3.WEAPON, shadowrun3.ARMOR,
            shadowrun3.weapon_headline,
        ),
        RuleSystem(
            "dice_pool",
            Label("Forumový systém d6 (dice pool)", "Forum d6 dice pool",
                  "Forumowy system puli k6"),
            dice_pool.CREATURE, dice_pool.WEAPON, dice_pool.ARMOR, dice_pool.weapon_headline,
        ),
    )
}  # fmt: skip


def get_system(key: str) -> RuleSystem:
    """The rule system with this key; UnknownSystem otherwise."""
    try:
        return SYSTEMS[key]
    except (KeyError, TypeError):
        raise UnknownSystem(key) from None


def system_choices(lang: str | None = None) -> list[tuple[str, str]]:
    """(key, name) pairs in SYSTEM_KEYS order, e.g. for a model field's choices."""
    return [(key, SYSTEMS[key].name.get(lang)) for key in SYSTEM_KEYS]
