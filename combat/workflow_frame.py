"""The frame every encounter workflow shares, in one transaction: lock the encounter, find a
retried request's event by its one-time key, load the state (and for an undo or redo the one
event it targets, through combat.history's index), let the workflow check and decide, apply the
decided event with the encounter machine's `apply`, persist the state to the rows, append the
event with its history index, bump the version and notify browsers on commit."""

import contextlib
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from combat.rules.base import Fight
from combat.rules.encounter import EncounterState, Payload, Recorded, apply, payload_from_json
from combat.rules.engine import EngineBase
from combat.rules.engines import get_engine
from combat.rules.faces import FaceSource, SecureFaces, TypedFaces

from . import dice_audit, history, search_index
from .eventlog import append_event
from .fightstate import load_state, persist
from .live import notify_on_commit, seen_mark
from .models import Combatant, Encounter, Event

Target = Callable[[Encounter], int | None]
# An event just written → its encounter's combatant rows as saved under the lock, in their
# order: the answer to the post draws the new board from them without reading them again.
ROWS_AFTER: "WeakKeyDictionary[Event, list[Combatant]]" = WeakKeyDictionary()


class TypedFacesLeft(ValueError):
    """More faces were typed than the action used."""


def faces_from(typed: Sequence[int] | None) -> FaceSource:
    return TypedFaces(typed) if typed is not None else SecureFaces()


@dataclass
class Locked:
    """What a workflow's step reads, all loaded under the encounter's lock."""

    encounter: Encounter
    rows: dict[str, Combatant]  # the combatants' rows by key
    state: EncounterState
    target: Recorded | None = None  # an undo's or redo's event, when there is one

    @property
    def engine(self) -> EngineBase:
        return get_engine(self.encounter.system)


Step = Callable[[Locked, FaceSource], Payload]


@dataclass
class Hold:
    """A post's whole check-and-write in one transaction: the view reads the encounter under its
    lock (and whatever it checks: the membership, the form against the fight), and the
    workflow it calls writes from what the view read, without locking and loading it again.
    Kept for one workflow: a second in the same post locks and loads as usual."""

    encounter: Encounter | None = None
    rows: dict[str, Combatant] | None = None
    fight: Fight | None = None

    def keep(self, encounter: Encounter, rows: dict[str, Combatant], fight: Fight) -> None:
        self.encounter, self.rows, self.fight = encounter, rows, fight


_HOLD: ContextVar[Hold | None] = ContextVar("combat_hold", default=None)


@contextlib.contextmanager
def holding() -> Iterator[Hold]:
    """One transaction for the post: what is read inside locks what it reads (the caller locks
    the encounter with `select_for_update` when `hold()` is open and keeps it in the hold)."""
    kept = Hold()
    token = _HOLD.set(kept)
    try:
        with transaction.atomic():
            yield kept
    finally:
        _HOLD.reset(token)


def hold() -> Hold | None:
    """The post's hold, when the view runs inside `holding()`."""
    return _HOLD.get()


def _held(encounter_id: int) -> Locked | None:
    """What the view read under the lock for this encounter, once; else None."""
    kept = _HOLD.get()
    if kept is None or kept.encounter is None or kept.encounter.pk != encounter_id:
        return None
    assert kept.rows is not None and kept.fight is not None
    encounter, rows, fight = kept.encounter, kept.rows, kept.fight
    kept.encounter = kept.rows = kept.fight = None
    return Locked(encounter, rows, EncounterState(encounter.system, fight, str(encounter.status)))


def perform(
    encounter_id: int,
    user: AbstractBaseUser | None,
    key: str,
    step: Step,
    typed_faces: Sequence[int] | None = None,
    *,
    target: Target | None = None,
) -> Event:
    """Lock → load → check and decide (`step`) → apply → persist → append → version → notify.
    Inside a post's `holding()`, the lock and the state are the view's, read once."""
    held = _held(encounter_id)
    # Inside a held post this is a savepoint: a refusal rolls back whatever the step wrote
    # (new rows) and leaves the post's transaction usable for its answer.
    with transaction.atomic():
        encounter = _locked(encounter_id) if held is None else held.encounter
        existing = _retried(encounter, user, key)
        if existing is not None:
            return existing
        faces = faces_from(typed_faces)
        if held is None:
            state, rows = load_state(encounter)
        else:
            state, rows = held.state, held.rows
        locked = Locked(encounter, rows, state, _target(encounter, target))
        payload = step(locked, faces)
        _all_used(faces)
        seq = encounter.log_length + 1
        new = apply(state, Recorded(seq, payload, locked.target))
        persist(encounter, rows, state, new)
        event = append(encounter, user, key, str(payload.type), payload.to_json())
        dice_audit.record_event(event, encounter, rows.values(), typed=bool(typed_faces))
        search_index.index_event(event, encounter, rows.values())
        if set(rows) == {combatant.id for combatant in new.fight.combatants}:
            ROWS_AFTER[event] = list(rows.values())  # nobody added or removed: rows are current
        return event


def _locked(encounter_id: int) -> Encounter:
    encounter = Encounter.objects.select_for_update().select_related("campaign")
    return encounter.get(pk=encounter_id)


def _retried(encounter: Encounter, user: AbstractBaseUser | None, key: str) -> Event | None:
    """The event this user already wrote with this one-time key (a retry, a double click)."""
    if not key:
        return None
    mine = user if user is not None and user.is_authenticated else None
    existing: Event | None = Event.objects.keyed(encounter, mine, key).found()
    return existing


def _target(encounter: Encounter, target: Target | None) -> Recorded | None:
    seq = target(encounter) if target is not None else None
    if seq is None:
        return None
    event = Event.objects.at(encounter, seq).get()
    return Recorded(seq, payload_from_json(event.type, event.payload))


def _all_used(faces: FaceSource) -> None:
    if isinstance(faces, TypedFaces) and faces.remaining:
        raise TypedFacesLeft(faces.remaining)


def append(
    encounter: Encounter, user: AbstractBaseUser | None, key: str, type: str, payload: Any
) -> Event:
    """Append the event with its history index, bump the version, notify on commit (inside the
    transaction, the encounter locked; tests also write older logs' events with it)."""
    event = append_event(encounter, type, payload, user=user, key=key)
    history.record(event)  # the log's small index, in the same transaction
    encounter.version += 1
    encounter.save()
    head = seen_mark(event)
    notify_on_commit(encounter.pk, encounter.version, campaign_id=encounter.campaign_id, head=head)
    return event
