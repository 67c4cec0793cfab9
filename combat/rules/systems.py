"""The registry of rule systems: every system's one description (`RuleSystem`), by key.

The five systems of the product are the packages in BUILT_IN, each exporting `SYSTEM`; a
sixth registers itself with `register(package.SYSTEM)` (and a test unregisters it after).
Everything else — the engines' lookup, the models' choices, the forms, the log's words, the
simulator's tactics and `load_demo` — reads SYSTEMS; nothing outside a system's package names it.
"""

from __future__ import annotations

import importlib

from combat.rules.system import RuleSystem

__all__ = ["SYSTEMS", "SYSTEM_KEYS", "RuleSystem", "UnknownSystem", "get_system", "register"]

BUILT_IN = (
    "combat.rules.draci_hlidka",
    "combat.rules.ose",
    "combat.rules.dnd5e",
    "combat.rules.shadowrun3",
    "combat.rules.dice_pool",
)

SYSTEMS: dict[str, RuleSystem] = {}


class UnknownSystem(KeyError):
    """No rule system has this key."""

    def __str__(self) -> str:
        return f"unknown rule system {self.args[0]!r}; known: {', '.join(SYSTEMS)}"


def register(system: RuleSystem) -> RuleSystem:
    """Add a rule system to the list (a key already taken is refused: a typo must not replace
    a system whose campaigns exist)."""
    if system.key in SYSTEMS and SYSTEMS[system.key] is not system:
        raise ValueError(f"the rule system {system.key!r} is registered already")
    SYSTEMS[system.key] = system
    return system


def unregister(key: str) -> None:
    """Take a registered system off the list again (a test's sixth system)."""
    SYSTEMS.pop(key, None)


def get_system(key: str) -> RuleSystem:
    """The rule system with this key; UnknownSystem otherwise."""
    try:
        return SYSTEMS[key]
    except (KeyError, TypeError):
        raise UnknownSystem(key) from None


for _package in BUILT_IN:
    register(importlib.import_module(_package).SYSTEM)

SYSTEM_KEYS = tuple(SYSTEMS)  # the built-in systems, in the order the product lists them
