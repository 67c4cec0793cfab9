"""Demo records for `load_demo`: one module of plain data per rule system.

The numbers come from the worked examples of the seeds (the source rule texts); where a seed gives
no number, an entry's notes say which standard value was picked instead. Each module defines
CHARACTERS, MONSTERS (the campaign's bestiary), WEAPONS and ARMOR; `campaigns.demo` validates
every stats dict through the system's schema and creates what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypedDict

from . import dice_pool, dnd5e, draci_hlidka, ose, shadowrun3


class DemoRecord(TypedDict):
    """A monster, weapon or armour: its name, raw stats and notes saying where they come from."""

    name: str
    stats: dict[str, Any]
    notes: str


class DemoCharacter(DemoRecord):
    kind: str  # "pc" or "npc"
    owner: str | None  # a demo player's username; None: the GM runs it
    weapons: list[str]  # names from the same module's WEAPONS
    armor: list[str]  # names from the same module's ARMOR


@dataclass(frozen=True)
class SystemRecords:
    characters: tuple[DemoCharacter, ...]
    monsters: tuple[DemoRecord, ...]
    weapons: tuple[DemoRecord, ...]
    armor: tuple[DemoRecord, ...]


MODULES: dict[str, ModuleType] = {
    "draci_hlidka": draci_hlidka,
    "ose": ose,
    "dnd5e": dnd5e,
    "shadowrun3": shadowrun3,
    "dice_pool": dice_pool,
}


def records_for(system: str) -> SystemRecords:
    """The demo records of one rule system, read from its module when asked."""
    module = MODULES[system]
    return SystemRecords(
        characters=tuple(module.CHARACTERS),
        monsters=tuple(module.MONSTERS),
        weapons=tuple(module.WEAPONS),
        armor=tuple(module.ARMOR),
    )
