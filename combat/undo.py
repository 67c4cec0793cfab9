"""Undo and redo: a new event that takes back, or puts back, what an earlier one changed —
the same dice, never a new roll. The one event it targets is found through combat.history's
index; the encounter machine's `apply` reverses (or repeats) its recorded changes."""

from django.contrib.auth.base_user import AbstractBaseUser

from combat.rules.encounter import NothingToUndo as NothingToUndo
from combat.rules.encounter import Payload, Redo, Undo, decide
from combat.rules.faces import FaceSource

from . import history
from .models import Event
from .workflow_frame import Locked, perform


def undo(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """Take back the latest action: a new event restoring the exact state before it."""

    def step(locked: Locked, faces: FaceSource) -> Payload:
        return decide(locked.state, Undo(locked.target), locked.engine, faces)

    return perform(encounter_id, user, key, step, target=history.undo_target)


def redo(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """Re-apply what the last undo took back — the same dice, not a new roll."""

    def step(locked: Locked, faces: FaceSource) -> Payload:
        return decide(locked.state, Redo(locked.target), locked.engine, faces)

    return perform(encounter_id, user, key, step, target=history.redo_target)
