from .audit import AuditRoll, Origin, Source
from .encounters import Combatant, Encounter, EncounterStatus
from .events import Event, EventQuerySet
from .history import JournalRollUse, OpenProposal, StruckEntry, UndoEntry
from .rolls import AppendOnlyError, Roll, RollQuerySet

__all__ = [
    "AppendOnlyError",
    "AuditRoll",
    "Combatant",
    "Encounter",
    "EncounterStatus",
    "Event",
    "EventQuerySet",
    "JournalRollUse",
    "OpenProposal",
    "Origin",
    "Roll",
    "RollQuerySet",
    "Source",
    "StruckEntry",
    "UndoEntry",
]
