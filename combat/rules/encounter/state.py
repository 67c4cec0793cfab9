"""The encounter as the event log makes it, and `apply`: one event's recorded facts applied.

Live play, replay, undo and redo all move the state with this one `apply`. It never rolls and
never asks the engine what happens: it applies what the event recorded (the outcome's changes,
the encounter's fields after it). What happens is `decide`'s (combat.rules.encounter.decide).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from combat.rules.base import Change, Combatant, Fight, moved
from combat.rules.base import apply as apply_changes
from combat.rules.engine import EngineBase
from combat.rules.engines import get_engine

from .events import (
    UNDOABLE,
    Added,
    EventType,
    Joined,
    OptionsSet,
    Recorded,
    Snapshot,
    Transition,
)

PREPARING, RUNNING, ENDED = "preparing", "running", "ended"
DEFAULTS: dict[str, Any] = {"stage": {}}  # fields older logs' snapshots do not have


@dataclass(frozen=True)
class EncounterState:
    """The Fight, the encounter's status, and the undo/redo stacks (seqs of undoable events;
    live play loads only the one an undo or redo needs, from combat.history's index)."""

    system: str
    fight: Fight
    status: str = PREPARING
    done: tuple[int, ...] = ()  # in effect, the next undo last
    undone: tuple[int, ...] = ()  # taken back, the next redo last

    def snapshot(self) -> Snapshot:
        """The encounter's fields as the log's `encounter` snapshots keep them."""
        fight = self.fight
        return {
            "round": fight.round,
            "order": list(fight.order),
            "current": fight.current or "",
            "status": self.status,
            "stage": dict(fight.stage),
        }


def restored(state: EncounterState, snapshot: Mapping[str, Any]) -> EncounterState:
    """The state with the encounter's fields as a snapshot has them."""
    fields = {**DEFAULTS, **snapshot}
    fight = moved(
        state.fight,
        round=fields["round"],
        order=tuple(fields["order"]),
        current=fields["current"] or None,
        stage=dict(fields["stage"]),
    )
    return replace(state, fight=fight, status=str(fields["status"]))


class _Undoable(Protocol):
    encounter: Transition

    def changes(self) -> tuple[Change, ...]: ...


def _recorded(state: EncounterState, event: Recorded) -> EncounterState:
    """An initiative, action, turn or adjustment: its changes, then the encounter as after."""
    payload: _Undoable = event.payload  # type: ignore[assignment]
    fight = apply_changes(state.fight, payload.changes())
    moved_on = restored(replace(state, fight=fight), payload.encounter.after)
    return replace(moved_on, done=(*state.done, event.seq), undone=())


def _taken(state: EncounterState, event: Recorded, *, undo: bool) -> EncounterState:
    """An undo (the target's changes reversed, the encounter as before it) or a redo."""
    target = event.target
    if target is None:  # the log names an event this state does not hold
        return state
    payload: _Undoable = target.payload  # type: ignore[assignment]
    fight = apply_changes(state.fight, payload.changes(), undo=undo)
    snapshot = payload.encounter.before if undo else payload.encounter.after
    moved_on = restored(replace(state, fight=fight), snapshot)
    source, sink = (state.done, state.undone) if undo else (state.undone, state.done)
    source = tuple(seq for seq in source if seq != target.seq)
    sink = (*sink, target.seq)
    done, undone = (source, sink) if undo else (sink, source)
    return replace(moved_on, done=done, undone=undone)


def built(engine: EngineBase, joined: Joined) -> Combatant:
    """The combatant the engine's own constructor makes of what the event recorded (replay
    compares its HP with the recorded HP: a changed engine would give other HP now)."""
    return engine.combatant_from_record(
        id=joined.key,
        name=joined.name,
        side=joined.side,
        stats=joined.stats,
        is_npc=joined.is_npc,
        weapons=joined.weapons,
        armor=joined.armor,
    )


def newcomer(system: str, joined: Joined) -> Combatant:
    """A combatant as it joins: the engine's own constructor (its starting conditions), with
    the stats and HP the event recorded, as the rows keep it (no effects, no initiative yet)."""
    state = built(get_engine(system), joined)
    return replace(
        state, stats=joined.stats, hp=joined.hp, max_hp=joined.max_hp, effects=(), turn={}
    )


def _added(state: EncounterState, event: Recorded) -> EncounterState:
    payload: Added = event.payload  # type: ignore[assignment]
    new = tuple(newcomer(state.system, c) for c in payload.combatants)
    return replace(state, fight=moved(state.fight, combatants=(*state.fight.combatants, *new)))


def _options(state: EncounterState, event: Recorded) -> EncounterState:
    payload: OptionsSet = event.payload  # type: ignore[assignment]
    return replace(state, fight=moved(state.fight, options=dict(payload.after)))


def _unchanged(state: EncounterState, event: Recorded) -> EncounterState:
    return state  # created; a proposal and its rejection change nothing (an accepted one acts)


APPLY: dict[EventType, Callable[[EncounterState, Recorded], EncounterState]] = {
    EventType.CREATED: _unchanged,
    EventType.PROPOSED: _unchanged,
    EventType.REJECTED: _unchanged,
    EventType.ADDED: _added,
    EventType.OPTIONS: _options,
    EventType.UNDO: lambda state, event: _taken(state, event, undo=True),
    EventType.REDO: lambda state, event: _taken(state, event, undo=False),
    **{kind: _recorded for kind in UNDOABLE},
}


def apply(state: EncounterState, event: Recorded) -> EncounterState:
    """The state after one recorded event."""
    return APPLY[event.payload.type](state, event)
