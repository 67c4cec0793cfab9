from .encounters import Combatant, Encounter, EncounterStatus
from .events import Event, EventQuerySet
from .rolls import AppendOnlyError, Roll, RollQuerySet

__all__ = [
    "AppendOnlyError",
    "Combatant",
    "Encounter",
    "EncounterStatus",
    "Event",
    "EventQuerySet",
    "Roll",
    "RollQuerySet",
]
