"""The log's small index (combat.models.history): kept in step with every appended event, and
rebuilt from the log when the log arrives whole (migration 0008, a campaign file's import).

`record` runs inside the workflow's transaction, right after the event is appended, with the
encounter locked; the reads here (`undo_target`, `redo_target`, `open_proposals`) are one or two
indexed queries each, however long the campaign's history is.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from campaigns.models import JournalRoll
from combat.rules.encounter import DECIDES as DECIDES
from combat.rules.encounter import UNDOABLE as UNDOABLE
from combat.rules.encounter import EventType

from .models import Encounter, Event, JournalRollUse, OpenProposal, StruckEntry, UndoEntry


def record(event: Event) -> None:
    """Update the index for one new event (same transaction, the encounter locked)."""
    kind, seq, where = event.type, event.seq, {"encounter_id": event.encounter_id}
    payload = event.payload if isinstance(event.payload, dict) else {}
    if kind == EventType.PROPOSED:
        OpenProposal.objects.create(**where, seq=seq)
    if kind in DECIDES and payload.get("proposal") is not None:
        OpenProposal.objects.filter(**where, seq=payload["proposal"]).delete()
    if kind == EventType.ACTION and payload.get("journal_roll") is not None:
        JournalRollUse.objects.create(**where, seq=seq, roll_id=payload["journal_roll"])
    if kind in UNDOABLE:
        UndoEntry.objects.create(**where, seq=seq)
    elif kind == EventType.UNDO:
        # Undone entries older than the target were left over from before a new action.
        UndoEntry.objects.filter(**where, undone=True, seq__lt=payload["target"]).delete()
        UndoEntry.objects.filter(**where, seq=payload["target"]).update(undone=True)
    elif kind == EventType.REDO:
        UndoEntry.objects.filter(**where, seq=payload["target"]).update(undone=False)
    _strike(event, kind, payload.get("target"))


def _strike(event: Event, kind: str, target: Any) -> None:
    """The log's strike-through: an undo strikes the entry it names, a redo lifts it."""
    if kind not in (EventType.UNDO, EventType.REDO) or not isinstance(target, int):
        return
    named = Event.objects.at(event.encounter_id, target).values("pk")
    if kind == EventType.REDO:
        StruckEntry.objects.filter(event__in=named).delete()
        return
    pk = named.order_by().values_list("pk", flat=True).first()
    if pk is not None:  # one statement whether or not an older undo struck it already
        StruckEntry.objects.bulk_create(
            [StruckEntry(encounter_id=event.encounter_id, event_id=pk, by=event.seq)],
            update_conflicts=True,
            unique_fields=["event"],
            update_fields=["by"],
        )


def _done(encounter: Encounter) -> Any:
    return UndoEntry.objects.filter(encounter=encounter, undone=False).order_by("-seq")


def undo_target(encounter: Encounter) -> int | None:
    """The seq of the event an undo takes back: the newest one in effect."""
    seq: int | None = _done(encounter).values_list("seq", flat=True).first()
    return seq


def redo_target(encounter: Encounter) -> int | None:
    """The seq of the event a redo puts back: the last one undone since the newest in effect."""
    newest = Coalesce(Subquery(_done(encounter).values("seq")[:1]), Value(0))
    undone = UndoEntry.objects.filter(encounter=encounter, undone=True, seq__gt=newest)
    seq: int | None = undone.order_by("seq").values_list("seq", flat=True).first()
    return seq


def stacks(encounter: Encounter) -> tuple[list[int], list[int]]:
    """(done, undone) as seqs, oldest first and in redo order: what the whole log says."""
    done = sorted(_done(encounter).values_list("seq", flat=True))
    newest = done[-1] if done else 0
    undone = UndoEntry.objects.filter(encounter=encounter, undone=True, seq__gt=newest)
    return done, sorted(undone.values_list("seq", flat=True), reverse=True)


WAITING = "proposals_waiting"  # an encounter read with `waiting()`: does a proposal wait?


def waiting() -> Exists:
    """Annotate an encounter's read with it (as `WAITING`): whether a proposal waits for the
    GM, in the encounter's own query. Only a read without the lock (a page, a poll: it writes
    nothing, and the one statement's version and answer agree); never a `select_for_update`
    (combat.views.common.encounter_of says why). Workflows lock a copy of their own."""
    return Exists(OpenProposal.objects.filter(encounter=OuterRef("pk")))


def open_proposals(encounter: Encounter) -> list[Event]:
    """The proposal events still waiting for the GM, oldest first: no query for an encounter
    read with `waiting()` that has none, else one small indexed query when none waits (nearly
    always), a second for the events when some do."""
    if getattr(encounter, WAITING, None) is False:
        return []
    seqs = list(OpenProposal.objects.filter(encounter=encounter).values_list("seq", flat=True))
    if not seqs:
        return []
    return list(Event.objects.proposals().filter(encounter=encounter, seq__in=seqs).order_by("seq"))


# --- the same index, folded from a whole log --------------------------------------------------


@dataclass
class Folded:
    rolls: dict[int, int] = field(default_factory=dict)  # journal roll pk → the action's seq
    proposals: dict[int, None] = field(default_factory=dict)  # open, in order
    done: list[int] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)  # the next redo last
    struck: dict[int, int] = field(default_factory=dict)  # entry seq → the undo that struck it


def fold(events: Iterable[tuple[int, str, Any]]) -> Folded:
    """The index a log of (seq, type, payload) gives, read from its start."""
    folded = Folded()
    for seq, kind, payload in events:
        payload = payload if isinstance(payload, dict) else {}
        if kind == EventType.PROPOSED:
            folded.proposals[seq] = None
        if kind in DECIDES and isinstance(payload.get("proposal"), int):
            folded.proposals.pop(payload["proposal"], None)
        roll = payload.get("journal_roll") if kind == EventType.ACTION else None
        if isinstance(roll, int):
            folded.rolls.setdefault(roll, seq)
        if kind in UNDOABLE:
            folded.done.append(seq)
            folded.undone.clear()  # a new action forgets what could be redone
        elif kind == EventType.UNDO:
            _moved(folded.done, folded.undone, payload.get("target"))
        elif kind == EventType.REDO:
            _moved(folded.undone, folded.done, payload.get("target"))
            folded.done.sort()
        _struck(folded.struck, seq, kind, payload.get("target"))
    return folded


def _struck(struck: dict[int, int], seq: int, kind: str, target: Any) -> None:
    """As `record` strikes: the newest undo naming an entry, unless a newer redo names it."""
    if isinstance(target, int) and kind == EventType.UNDO:
        struck[target] = seq
    elif isinstance(target, int) and kind == EventType.REDO:
        struck.pop(target, None)


def _moved(source: list[int], sink: list[int], target: Any) -> None:
    """What an undo took back (or a redo put back): the event it names, as `record` does (a
    log from before an end could be undone names the step before the end, under the top)."""
    if not source:
        return
    seq = target if isinstance(target, int) and target in source else source[-1]
    source.remove(seq)
    sink.append(seq)


def rebuild_history(encounter: Encounter) -> None:
    """Replace the encounter's index with the one its log gives. A journal roll counts only if
    it is this campaign's and no other encounter used it first."""
    log = Event.objects.log(encounter)
    folded = fold(log.values_list("seq", "type", "payload").iterator())
    for model in (JournalRollUse, OpenProposal, UndoEntry):
        model.objects.filter(encounter=encounter).delete()
    StruckEntry.objects.filter(encounter=encounter).delete()
    events = dict(log.filter(seq__in=folded.struck).values_list("seq", "pk"))
    StruckEntry.objects.bulk_create(
        StruckEntry(encounter=encounter, event_id=events[seq], by=by)
        for seq, by in folded.struck.items()
        if seq in events
    )
    rolls = JournalRoll.objects.filter(campaign_id=encounter.campaign_id, pk__in=folded.rolls)
    free = rolls.filter(use__isnull=True).values_list("pk", flat=True)
    JournalRollUse.objects.bulk_create(
        JournalRollUse(encounter=encounter, roll_id=pk, seq=folded.rolls[pk]) for pk in free
    )
    OpenProposal.objects.bulk_create(
        OpenProposal(encounter=encounter, seq=s) for s in folded.proposals
    )
    UndoEntry.objects.bulk_create(
        [UndoEntry(encounter=encounter, seq=s) for s in folded.done]
        + [UndoEntry(encounter=encounter, seq=s, undone=True) for s in folded.undone]
    )
