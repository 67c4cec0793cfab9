"""`decide`: what a command does to the encounter, as the payload of the event to record.

The rules questions live here (whose turn it is, which options may change now), with the engine
and the dice; the database's questions (a proposal still open, a journal roll unused) are the
workflow's, inside its lock. Replay calls the same `decide` with the recorded faces and compares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from combat.rules import clock, flow, held, lasting
from combat.rules.base import (
    Action,
    Change,
    Combatant,
    Fight,
    Outcome,
    RulesError,
    Step,
    _,
    condition_change,
    hp_change,
    moved,
)
from combat.rules.dice.errors import ONE_TOO_MANY, TOO_MANY_FACES, InvalidDice
from combat.rules.engine import EngineBase
from combat.rules.faces import FaceSource, TypedFaces
from combat.rules.serialize import outcome_to_json
from combat.rules.work import joined_roster, roster

from .events import (
    Adjusted,
    Ended,
    Initiative,
    OptionsSet,
    Payload,
    Proposed,
    Recorded,
    Redone,
    Rejected,
    Resolved,
    Transition,
    Turned,
    Undone,
)
from .state import ENDED, PREPARING, RUNNING, EncounterState

SCALAR_CHANGES = frozenset({"hp", "initiative", "turn"})  # their `before` is the state's value


class NothingToUndo(LookupError):
    """No event to take back (undo) or to put back (redo)."""


@dataclass(frozen=True)
class RollInitiative:
    ids: tuple[str, ...] = ()  # empty: everyone
    # Mid-fight, only those without an initiative (who joined late); EveryoneHasOne if none.
    missing_only: bool = False


class EveryoneHasOne(LookupError):
    """Mid-fight, "only those without an initiative" found nobody: re-rolling everyone is the
    GM's to confirm (not a refusal: a question)."""


@dataclass(frozen=True)
class Resolve:
    action: Action
    on_turn: bool = False  # only while it is the actor's turn
    secret: bool = False
    proposal: int | None = None
    journal_roll: int | None = None


@dataclass(frozen=True)
class Propose:
    action: Action
    faces: tuple[int, ...] = ()
    on_turn: bool = False
    journal_roll: int | None = None


@dataclass(frozen=True)
class Reject:
    proposal: int


@dataclass(frozen=True)
class NextTurn:
    pass


@dataclass(frozen=True)
class Adjust:
    combatant: str
    hp: int | None = None
    hp_by: int | None = None  # "−7", "+5": added to the HP the state holds when it is decided
    add: str = ""
    remove: str = ""
    position: int | None = None  # 1 = first in the order
    also: tuple[str, ...] = ()  # more combatants the same HP and conditions apply to (an area)
    rounds: int | None = None  # the added condition lasts this many rounds (None: until removed)
    modifier: int | None = None  # the added campaign condition's modifier (combat.rules.held)
    # A fight clock entry for the combatant (combat.rules.clock): its label, and either the
    # initiative it acts at every round or the rounds until it fires once; `clock_clear` first
    # takes the combatant's entries off.
    clock_label: str = ""
    clock_at: int | None = None
    clock_rounds: int | None = None
    clock_clear: bool = False


@dataclass(frozen=True)
class SetOptions:
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class End:
    pass


@dataclass(frozen=True)
class Undo:
    target: Recorded | None  # the newest event in effect (combat.history's index in live play)


@dataclass(frozen=True)
class Redo:
    target: Recorded | None  # the last one undone since


Command = (
    RollInitiative | Resolve | Propose | Reject | NextTurn | Adjust | SetOptions | End | Undo | Redo
)


def first_turn(current: str, old: Sequence[str], new: Sequence[str]) -> str:
    """Whose turn it is after initiative: the first in the new order — unless the running order
    only grew by a late-comer (or stayed as it was), and the one acting keeps the turn."""
    grew = list(new[: len(old)]) == list(old) and len(new) >= len(old)
    if current and grew and current in new:
        return current
    return new[0] if new else ""


def _moved_to(state: EncounterState, fight: Fight) -> Transition:
    return Transition(state.snapshot(), replace(state, fight=fight).snapshot())


def _initiative(
    state: EncounterState, command: RollInitiative, engine: EngineBase, faces: FaceSource
) -> Initiative:
    fight = state.fight
    ids = list(command.ids or [c.id for c in fight.combatants])
    late = command.missing_only and state.status != PREPARING
    late = late and not engine.rerolls_each_round(fight)
    if late:
        ids = [key for key in ids if fight.get(key).initiative is None]
        if not ids:
            raise EveryoneHasOne
    outcome = engine.roll_initiative(fight, ids, faces)
    after = flow.after(fight, outcome)
    starts = state.status == PREPARING  # the first initiative starts round 1
    current = first_turn(fight.current or "", fight.order, after.order)
    if late and fight.current in after.order:  # a late-comer never takes the turn away
        current = fight.current
    after = moved(after, round=1 if starts else after.round, current=current or None)
    waited = state.status == RUNNING and flow.waits_for_initiative(engine, fight)
    # Before anyone acts: round 1's clock, or a new round's whose order was waited for.
    fired = clock.passed(fight, after) if starts else None
    fired = clock.from_the_top(fight, after) if waited else fired
    if fired is not None:
        after, outcome = flow.after(after, fired), flow.combined(outcome, fired)
    new = replace(state, fight=after, status=RUNNING if starts else state.status)
    moved_to = Transition(state.snapshot(), new.snapshot())
    return Initiative(outcome_to_json(outcome), moved_to, ids, late_only=late)


def _check_turn(state: EncounterState, actor: str, on_turn: bool) -> None:
    if on_turn and state.fight.current != actor:
        raise RulesError(_("It is no longer that combatant's turn."))


def _resolve(
    state: EncounterState, command: Resolve, engine: EngineBase, faces: FaceSource
) -> Resolved:
    _check_turn(state, command.action.actor, command.on_turn)
    outcome = engine.resolve(state.fight, command.action, faces)
    moved_to = _moved_to(state, flow.after(state.fight, outcome))
    return Resolved(
        outcome_to_json(outcome),
        moved_to,
        command.action,
        secret=command.secret,
        proposal=command.proposal,
        journal_roll=command.journal_roll,
    )


def _propose(
    state: EncounterState, command: Propose, engine: EngineBase, faces: FaceSource
) -> Proposed:
    _check_turn(state, command.action.actor, command.on_turn)
    _rehearse(state, command, engine, faces)
    return Proposed(command.action, list(command.faces), command.journal_roll)


def _rehearse(
    state: EncounterState, command: Propose, engine: EngineBase, faces: FaceSource
) -> None:
    """What the GM will be asked to resolve must resolve now: a refusal of the rules, or typed
    faces no die shows (a 25 on a d20) or too few or too many, is the player's to hear at once,
    not the GM's later. The outcome is thrown away: nothing is rolled for real until accepted."""
    typed = TypedFaces(command.faces) if command.faces else faces
    engine.resolve(state.fight, command.action, typed)
    if isinstance(typed, TypedFaces) and typed.remaining:
        left = {"extra": typed.remaining, "expected": typed.used}
        raise InvalidDice(ONE_TOO_MANY if typed.remaining == 1 else TOO_MANY_FACES, **left)


def _turn(
    state: EncounterState, command: NextTurn, engine: EngineBase, faces: FaceSource
) -> Turned:
    if state.status == RUNNING and flow.waits_for_initiative(engine, state.fight):
        raise RulesError(
            _("Round %(round)s: roll initiative first (this fight rolls it before every round)"),
            round=state.fight.round,
        )
    turned = flow.next_turn(engine, state.fight, faces)
    outcome = outcome_to_json(turned.outcome) if turned.outcome is not None else None
    return Turned(_moved_to(state, turned.fight), outcome)


def adjusted(state: EncounterState, outcome: Outcome) -> Adjusted:
    """The GM's hand as an event: its changes and a new order, applied to the state."""
    return Adjusted(outcome_to_json(outcome), _moved_to(state, flow.after(state.fight, outcome)))


def rebased(fight: Fight, changes: Sequence[Change]) -> tuple[Change, ...]:
    """Changes with each scalar `before` taken from the fight: what the GM's values change."""
    return tuple(
        replace(c, before=getattr(fight.get(c.combatant), c.kind))
        if c.kind in SCALAR_CHANGES
        else c
        for c in changes
    )


def _adjust(state: EncounterState, command: Adjust, *_rest: Any) -> Adjusted:
    ids = list(dict.fromkeys((command.combatant, *command.also)))  # once each, in order
    now = max(state.fight.round, 1)
    changes = [c for key in ids for c in _by_hand(state.fight.get(key), command, now)]
    first = state.fight.get(command.combatant)
    changes += clock.cleared(first) if command.clock_clear else []
    if command.clock_label:
        at, rounds = command.clock_at, command.clock_rounds
        changes.append(clock.added(first, command.clock_label, at=at, rounds=rounds, now=now))
    summary = Step(_("%(name)s adjusted by the game master"), {"name": first.name}, about=first.id)
    if len(ids) > 1:  # an area: a player reads only the names they may see
        listed = roster(state.fight, ids)
        summary = Step(
            _("Adjusted by the game master: %(names)s"),
            {"names": joined_roster(listed)},
            lists={"names": listed},
        )
    position = command.position
    order = _moved(state.fight.order, first.id, position) if position is not None else None
    return adjusted(state, Outcome(summary=summary, changes=tuple(changes), order=order))


def _by_hand(target: Combatant, command: Adjust, now: int) -> list[Change]:
    """One combatant's changes: HP set (or changed by `hp_by`), a condition added (for
    `rounds` rounds from round `now`, or until removed), a condition removed (with its timer)."""
    hp = command.hp if command.hp_by is None else target.hp + command.hp_by
    changes = [hp_change(target, hp)] if hp is not None and hp != target.hp else []
    if command.add and command.rounds:
        changes += lasting.given_for(target, command.add, command.rounds, now)
    elif command.add:
        changes += [c for c in (condition_change(target, command.add, add=True),) if c]
        changes += lasting.timer_removed(target, command.add)  # now until removed
    if command.add:
        changes += held.given(target, command.add, command.modifier)
    if command.remove:
        changes += [c for c in (condition_change(target, command.remove, add=False),) if c]
        changes += lasting.timer_removed(target, command.remove)
        changes += held.taken(target, command.remove)
    return changes


def _moved(order: Sequence[str], combatant: str, position: int) -> tuple[str, ...]:
    """The order with `combatant` at `position` (1 = first), e.g. after a tie the GM decides."""
    rest = [key for key in order if key != combatant]
    index = min(max(position, 1), len(rest) + 1) - 1
    return tuple(rest[:index] + [combatant] + rest[index:])


def _options(state: EncounterState, command: SetOptions, *_rest: Any) -> OptionsSet:
    if state.status != PREPARING:
        raise RulesError(_("The options can only change before the first initiative."))
    before = dict(state.fight.options)
    return OptionsSet(before, {**before, **command.options})


def _end(state: EncounterState, command: End, *_rest: Any) -> Ended:
    after = replace(state, fight=moved(state.fight, current=None), status=ENDED)
    return Ended(Transition(state.snapshot(), after.snapshot()), [])


def _undo(state: EncounterState, command: Undo | Redo, *_rest: Any) -> Undone:
    target = command.target
    if target is None:
        raise NothingToUndo
    kind = Undone if isinstance(command, Undo) else Redone
    return kind(target.seq, str(target.payload.type))


DECIDE: dict[type[Any], Callable[..., Payload]] = {
    RollInitiative: _initiative,
    Resolve: _resolve,
    Propose: _propose,
    Reject: lambda state, command, *_rest: Rejected(command.proposal),
    NextTurn: _turn,
    Adjust: _adjust,
    SetOptions: _options,
    End: _end,
    Undo: _undo,
    Redo: _undo,
}


# What may still happen once the fight has ended: take the end back (or put it back again), and
# turn down a proposal left waiting. Nothing else: no turn, roll, action or adjustment.
AFTER_THE_END = (Undo, Redo, Reject)


def decide(
    state: EncounterState,
    command: Command,
    engine: EngineBase,
    faces: FaceSource,
    *,
    live: bool = True,
) -> Payload:
    """The event a command gives in this state: RulesError when the rules refuse it. `live`:
    a command given now (an ended fight is final); a replay decides again what older logs
    hold, some of it written after an end before the end was final."""
    if live and not isinstance(command, AFTER_THE_END):
        still_open(state)
    return DECIDE[type(command)](state, command, engine, faces)


def still_open(state: EncounterState) -> None:
    """RulesError once the fight has ended (a newcomer joins no ended fight either)."""
    if state.status == ENDED:
        raise RulesError(_("The fight has ended: undo its end to go on."))
