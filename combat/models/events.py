"""The encounter's event log: append-only, hash-chained, the truth of what happened.

Each event's hash covers its own content and the previous event's hash, so editing, deleting or
reordering any event breaks the chain from there on (`python manage.py verify_log`). Database
triggers refuse UPDATE and DELETE (migration 0003); the ORM refuses them too.
"""

import hashlib
import json
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models.appendonly import AppendOnlyModel, AppendOnlyQuerySet
from combat.rules.encounter.events import EventType

from .encounters import Encounter

GENESIS = "0" * 64


class EventQuerySet(AppendOnlyQuerySet):
    def keyed(self, encounter: Any, user: Any, key: str) -> "EventQuerySet":
        """The user's event written with this one-time key. The repeated condition (key <> '')
        is the partial unique index's own: without it SQLite read every event the user wrote in
        the encounter instead of looking the key up."""
        return self.filter(encounter=encounter, user=user, key=key).exclude(key="")

    def of_type(self, *types: str) -> "EventQuerySet":
        """Events of these types (combat.rules.encounter.EventType, or their strings)."""
        return self.filter(type__in=[str(kind) for kind in types])

    def proposals(self) -> "EventQuerySet":
        """Players' proposed actions (open or decided: combat.history knows which are open)."""
        return self.of_type(EventType.PROPOSED)

    def at(self, encounter: Any, seq: int) -> "EventQuerySet":
        """The encounter's event number `seq` (one index lookup)."""
        return self.filter(encounter=encounter, seq=seq)

    def found(self) -> Any:
        """The one row these filters name (a one-time key, an event's number), or None: read
        without the log's ordering, whose "encounter" would join the encounters to sort one
        row by their creation."""
        return next(iter(self.order_by()[:1]), None)

    def log(self, encounter: Any) -> "EventQuerySet":
        """The encounter's whole log, oldest first."""
        return self.filter(encounter=encounter).order_by("seq")


def event_hash(
    *,
    encounter_id: int,
    seq: int,
    type: str,
    payload: Any,
    user_id: int | None,
    created_at: str,
    prev_hash: str,
) -> str:
    """SHA-256 over a canonical JSON of the event's content and the previous hash."""
    content = json.dumps(
        [encounter_id, seq, type, payload, user_id, created_at, prev_hash],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(content.encode()).hexdigest()


class Event(AppendOnlyModel):
    # DO_NOTHING: the triggers refuse to delete events of an existing encounter; deleting the
    # encounter itself removes its log afterwards (combat.signals).
    encounter = models.ForeignKey(Encounter, on_delete=models.DO_NOTHING, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    payload = models.JSONField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    # The form token of the request that wrote it: a retried request finds it (idempotency).
    # It is its user's: another user's event with the same key neither answers nor blocks it.
    key = models.CharField(max_length=64, blank=True)
    created_at = models.CharField(max_length=40)  # ISO 8601, exactly as hashed
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["encounter", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["encounter", "seq"], name="one_event_per_seq"),
            models.UniqueConstraint(
                fields=["encounter", "user", "key"],
                condition=~models.Q(key=""),
                name="one_event_per_user_key",
            ),
        ]
        # A user's newest event in an encounter in one index lookup (the page's form ids); the
        # lone user_id index made SQLite read every event of that user in every campaign.
        indexes = [models.Index(fields=["encounter", "user", "seq"], name="event_by_user")]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"#{self.seq} {self.type}"

    def compute_hash(self) -> str:
        return event_hash(
            encounter_id=self.encounter_id,
            seq=self.seq,
            type=self.type,
            payload=self.payload,
            user_id=self.user_id,
            created_at=self.created_at,
            prev_hash=self.prev_hash,
        )
