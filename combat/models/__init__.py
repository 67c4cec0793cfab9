from .audit import AuditRoll, Origin, Source
from .encounters import Combatant, Encounter, EncounterStatus
from .events import Event, EventQuerySet
from .history import JournalRollUse, OpenProposal, StruckEntry, UndoEntry
from .ledger import Kind, LedgerEntry, PlaySession
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
    "Kind",
    "LedgerEntry",
    "OpenProposal",
    "Origin",
    "PlaySession",
    "Roll",
    "RollQuerySet",
    "Source",
    "StruckEntry",
    "UndoEntry",
]
