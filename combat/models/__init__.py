from .audit import AuditRoll, Origin, Source
from .encounters import Combatant, Encounter, EncounterStatus
from .events import Event, EventQuerySet
from .history import JournalRollUse, OpenProposal, StruckEntry, UndoEntry
from .ledger import Kind, LedgerEntry, PlaySession
from .rolls import AppendOnlyError, Roll, RollQuerySet
from .search import DocKind, Reader, SearchDoc

__all__ = [
    "AppendOnlyError",
    "AuditRoll",
    "Combatant",
    "DocKind",
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
    "Reader",
    "Roll",
    "RollQuerySet",
    "SearchDoc",
    "Source",
    "StruckEntry",
    "UndoEntry",
]
