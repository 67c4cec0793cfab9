"""Demo records for `load_demo`: one module of plain data per rule system, named by the
system's description (`demo_records` in combat.rules.system).

The numbers come from the worked examples of the seeds (the source rule texts); where a seed gives
no number, an entry's notes say which standard value was picked instead. Each module defines
CAMPAIGN (name, description), CHARACTERS, MONSTERS (the campaign's bestiary), WEAPONS and ARMOR;
`campaigns.demo` validates every stats dict through the system's schema and creates what is
missing.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypedDict

from combat.rules.systems import SYSTEMS


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


def module_of(system: str) -> ModuleType | None:
    """The demo records' module of a rule system; None when it has none."""
    found = SYSTEMS.get(system)
    if found is None or found.demo_records is None:
        return None
    return importlib.import_module(found.demo_records)


def demo_campaigns() -> dict[str, tuple[str, str]]:
    """Each rule system with demo records: its demo campaign's name and description."""
    modules = {key: module_of(key) for key in SYSTEMS}
    return {key: module.CAMPAIGN for key, module in modules.items() if module is not None}


def records_for(system: str) -> SystemRecords:
    """The demo records of one rule system, read from its module when asked."""
    module = module_of(system)
    if module is None:
        raise KeyError(system)
    return SystemRecords(
        characters=tuple(module.CHARACTERS),
        monsters=tuple(module.MONSTERS),
        weapons=tuple(module.WEAPONS),
        armor=tuple(module.ARMOR),
    )
