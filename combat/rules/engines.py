"""The engine and the simulator's tactics of each rule system, read from the registry
(combat.rules.systems). A key no system has cannot run encounters."""

from __future__ import annotations

from combat.rules.base import RulesError, Step, _
from combat.rules.engine import EngineBase
from combat.rules.simulate import FastPath, Tactics
from combat.rules.systems import SYSTEMS


def get_engine(system: str) -> EngineBase:
    found = SYSTEMS.get(system) if isinstance(system, str) else None
    if found is None:
        raise RulesError(_("Encounters for this rule system are not available yet."))
    return found.engine


def has_engine(system: str) -> bool:
    return isinstance(system, str) and system in SYSTEMS


def tactics_for(system: str) -> Tactics | None:
    """The system's tactics for the simulator, or None when it has none."""
    found = SYSTEMS.get(system) if isinstance(system, str) else None
    return found.tactics if found is not None else None


def fast_for(system: str) -> FastPath | None:
    """The system's fast simulation, or None when the engine plays every simulated fight."""
    found = SYSTEMS.get(system) if isinstance(system, str) else None
    return found.fast if found is not None else None


def modifier_labels() -> dict[str, Step]:
    """Every engine's situational modifiers with their labels, for the action form."""
    labels: dict[str, Step] = {}
    for system in SYSTEMS.values():
        labels.update(system.engine.modifier_labels)
    return labels
