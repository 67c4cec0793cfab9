"""Appending to an encounter's event log, and checking that nobody rewrote it."""

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from .models import Encounter, Event
from .models.events import GENESIS


def append_event(
    encounter: Encounter, type: str, payload: Any, *,
    user: AbstractBaseUser | None = None, key: str = "",
) -> Event:  # fmt: skip
    """Add the next event. Call inside the workflow's transaction, the encounter locked."""
    seq = encounter.log_length + 1
    event = Event(
        encounter=encounter, seq=seq, type=type, payload=payload,
        user=user if user is not None and user.is_authenticated else None, key=key,
        created_at=timezone.now().isoformat(), prev_hash=encounter.log_head or GENESIS,
    )  # fmt: skip
    event.hash = event.compute_hash()
    event.save()
    encounter.log_head, encounter.log_length = event.hash, seq
    return event


def verify_chain(encounter: Encounter) -> list[str]:
    """Every break in the chain, in words; an empty list when the log is intact."""
    problems: list[str] = []
    previous, expected = GENESIS, 1
    for event in Event.objects.filter(encounter=encounter).order_by("seq"):
        if event.seq != expected:
            problems.append(f"event #{expected} is missing or out of order (found #{event.seq})")
        if event.prev_hash != previous:
            problems.append(f"event #{event.seq}: the link to the event before it is broken")
        if event.compute_hash() != event.hash:
            problems.append(f"event #{event.seq} ({event.type}) was edited")
        previous, expected = event.hash, event.seq + 1
    if expected - 1 != encounter.log_length or previous != (encounter.log_head or GENESIS):
        problems.append(
            f"the log should end at event #{encounter.log_length}, but ends at #{expected - 1}"
        )
    return problems
