"""The frame every encounter workflow shares: one transaction that locks the encounter, finds
a retried request's event by its one-time key, builds the payload (rules, dice, writes), appends
the event with its history index, bumps the version and notifies browsers on commit."""

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from combat.rules.base import Fight, Outcome, apply
from combat.rules.faces import FaceSource, SecureFaces, TypedFaces
from combat.rules.serialize import outcome_to_json

from . import history
from .eventlog import append_event
from .fightstate import encounter_snapshot, store_combatants
from .live import notify_on_commit
from .models import Encounter, Event

Build = Callable[[Encounter, FaceSource], dict[str, Any]]


class TypedFacesLeft(ValueError):
    """More faces were typed than the action used."""


def faces_from(typed: Sequence[int] | None) -> FaceSource:
    return TypedFaces(typed) if typed is not None else SecureFaces()


def run(
    encounter_id: int,
    user: AbstractBaseUser | None,
    key: str,
    type: str,
    build: Build,
    typed_faces: Sequence[int] | None = None,
) -> Event:
    """The frame every workflow shares."""
    with transaction.atomic():
        encounter = Encounter.objects.select_for_update().select_related("campaign")
        encounter = encounter.get(pk=encounter_id)
        if key:
            mine = user if user is not None and user.is_authenticated else None
            existing = Event.objects.keyed(encounter, mine, key).first()
            if existing is not None:
                return existing
        faces = faces_from(typed_faces)
        payload = build(encounter, faces)
        if isinstance(faces, TypedFaces) and faces.remaining:
            raise TypedFacesLeft(faces.remaining)
        event = append_event(encounter, type, payload, user=user, key=key)
        history.record(event)  # the log's small index, in the same transaction
        encounter.version += 1
        encounter.save()
        notify_on_commit(encounter.pk, encounter.version)
        return event


def _apply_outcome(encounter: Encounter, fight: Fight, rows: dict, outcome: Outcome) -> Fight:  # type: ignore[type-arg]
    after = apply(fight, outcome.changes)
    store_combatants(rows, after, (change.combatant for change in outcome.changes))
    if outcome.order is not None:
        encounter.order = list(outcome.order)
    if outcome.stage is not None:
        encounter.stage = dict(outcome.stage)
    return after


def _recorded(
    encounter: Encounter, before: dict[str, Any], outcome: Outcome, **extra: Any
) -> dict[str, Any]:
    return {
        "outcome": outcome_to_json(outcome),
        "encounter": {"before": before, "after": encounter_snapshot(encounter)},
        **extra,
    }
