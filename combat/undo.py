"""Undo and redo: a new event that takes back, or puts back, what an earlier one changed —
the same dice, never a new roll (combat.history keeps the stacks)."""

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from combat.rules.base import apply
from combat.rules.faces import FaceSource
from combat.rules.serialize import change_from_json

from . import history
from .fightstate import load_fight, restore_encounter, store_combatants
from .models import Encounter, Event
from .workflow_frame import run


def _target(encounter: Encounter, seq: int | None) -> Event:
    """The event an undo or redo takes back or puts back (combat.history keeps the stacks)."""
    if seq is None:
        raise NothingToUndo
    return Event.objects.get(encounter=encounter, seq=seq)


def _replay_changes(encounter: Encounter, target: Event, *, undo: bool) -> dict[str, Any]:
    fight, rows = load_fight(encounter)
    changes = [change_from_json(c) for c in target.payload.get("outcome", {}).get("changes", [])]
    after = apply(fight, changes, undo=undo)
    store_combatants(rows, after, (change.combatant for change in changes))
    snapshot = target.payload["encounter"]["before" if undo else "after"]
    restore_encounter(encounter, snapshot)
    return {"target": target.seq, "type": target.type}


def undo(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """Take back the latest action: a new event restoring the exact state before it."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        target = _target(encounter, history.undo_target(encounter))
        return _replay_changes(encounter, target, undo=True)

    return run(encounter_id, user, key, "undo", build)


def redo(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """Re-apply what the last undo took back — the same dice, not a new roll."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        target = _target(encounter, history.redo_target(encounter))
        return _replay_changes(encounter, target, undo=False)

    return run(encounter_id, user, key, "redo", build)


class NothingToUndo(LookupError):
    pass
