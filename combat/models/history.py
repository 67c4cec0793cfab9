"""Small indexed rows that answer, in a few index lookups, what the event log says only after a
full read: which journal roll an action used, which proposals wait for the GM, what undo and
redo would take back, and which entries the log strikes through (issue L: every request paid for
the campaign's whole history).

They are an index of the log, never its truth: the workflow that appends an event updates them
in the same transaction (combat.history.record), `rebuild_history` folds the log into them again
(migration 0008, the campaign import), and a test compares the two. Events stay append-only, so
what changes ("undone", "decided") lives here, not in the events.
"""

from django.db import models
from django.db.models import Q

from .encounters import Encounter
from .events import Event


class JournalRollUse(models.Model):
    """The action that used a journal roll; one per roll in the whole campaign."""

    # By name: campaigns.models.journal imports this package (the append-only base).
    roll = models.OneToOneField(
        "campaigns.JournalRoll", on_delete=models.CASCADE, related_name="use"
    )
    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="+")
    seq = models.PositiveIntegerField()  # the action's event

    def __str__(self) -> str:
        return f"roll {self.roll_id} used by encounter {self.encounter_id} #{self.seq}"


class OpenProposal(models.Model):
    """A player's proposed action (the event `seq`) that the GM has not decided yet."""

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="+")
    seq = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["encounter", "seq"], name="one_open_proposal_per_seq")
        ]

    def __str__(self) -> str:
        return f"proposal #{self.seq} of encounter {self.encounter_id}"


class UndoEntry(models.Model):
    """An undoable event and whether it is undone now. Undo takes back the newest entry not
    undone; redo puts back the oldest undone entry newer than that one. Undone entries older than
    it are left over from before a new action (which forgets what could be redone): undo removes
    them, so no action pays for that."""

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="+")
    seq = models.PositiveIntegerField()
    undone = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["encounter", "seq"], name="one_undo_entry_per_seq")
        ]
        # One partial index per state: SQLite uses an index for `undone` / `NOT undone` only
        # when it is the index's own condition (a boolean column in the key is not used).
        indexes = [
            models.Index(fields=["encounter", "seq"], condition=Q(undone=False), name="undo_done"),
            models.Index(fields=["encounter", "seq"], condition=Q(undone=True), name="undo_undone"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} of encounter {self.encounter_id}{' (undone)' if self.undone else ''}"


class StruckEntry(models.Model):
    """A log entry an undo took back and no redo has put back since: the log strikes it
    through and names the undo ("undone by #N"). Joined to its event, so a page of the log reads
    it in the page's own query (before, two correlated subqueries over the payloads per row)."""

    # The encounter too, so deleting it removes these before its log (combat.signals).
    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="+")
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="struck")
    by = models.PositiveIntegerField()  # the seq of the undo

    def __str__(self) -> str:
        return f"event {self.event_id} undone by #{self.by}"
