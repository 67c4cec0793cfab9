"""Moving a fight on by one turn, for any engine: the one copy live play and replay share.

The generic round is one pass through `order`. An engine may continue the round in further
stages (Shadowrun's passes, OSE's phases and sides) with its `advance` hook, and act between
turns (conditions that end at the start or end of someone's turn, a grenade's timer) with
`between_turns`; both do nothing by default (combat.rules.engine).

With the fight option SKIP_DEFEATED at "yes" (issue N; combat.options offers it, on by default
for a new fight), a turn passes over whoever the engine says `skips_turn` (the dead, those at
0 HP; a dying 5e character still gets its turn for the death save). A fight from before the
option has no such key and keeps every turn, as its log was written.

Where the engine rolls initiative anew every round (`rerolls_each_round`: Dračí Hlídka's
default, seed 000 „Před započetím každého bojového kola se provádí hod na iniciativu."), a new
round begins with nobody's turn, and Next turn is refused until the GM rolls (issue O, 4) — in
fights created since (their options carry NEW_ROUND_WAITS); older logs replay as written, when
the round began with the old order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from combat.rules import clock, lasting
from combat.rules.base import Fight, Outcome, apply, moved
from combat.rules.engine import EngineBase
from combat.rules.faces import FaceSource


@dataclass(frozen=True)
class Turned:
    fight: Fight  # after the turn moved on: round, order, current, stage and combatants
    outcome: Outcome | None  # what happened on the way (None: only `current` moved)


def after(fight: Fight, outcome: Outcome) -> Fight:
    """The fight with an outcome's changes, new order and new stage applied."""
    fight = apply(fight, outcome.changes)
    if outcome.order is not None:
        fight = moved(fight, order=tuple(outcome.order))
    if outcome.stage is not None:
        fight = moved(fight, stage=dict(outcome.stage))
    return fight


SKIP_DEFEATED = "skip_defeated"
NEW_ROUND_WAITS = "new_round_waits"  # set for every new fight (combat.workflows), not a choice


def waits_for_initiative(engine: EngineBase, fight: Fight) -> bool:
    """In a running fight: a round under way whose order is not rolled yet, nobody's turn until
    it is (the encounter machine refuses Next turn then; an ended fight has nobody's turn too)."""
    return (
        fight.current is None
        and fight.round >= 1
        and fight.options.get(NEW_ROUND_WAITS) == "yes"
        and engine.rerolls_each_round(fight)
    )


def _begins_waiting(engine: EngineBase, fight: Fight) -> bool:
    return fight.options.get(NEW_ROUND_WAITS) == "yes" and engine.rerolls_each_round(fight)


def next_turn(engine: EngineBase, fight: Fight, faces: FaceSource) -> Turned:
    """The next combatant in the order; after the last, the engine's next stage or a new round.
    With SKIP_DEFEATED, on past those who skip their turns, unless everyone in the fight would
    (then the turn moves one step, as without the option)."""
    turned = _one_turn(engine, fight, faces)
    if not skips_defeated(fight) or not _anyone_acts(engine, fight):
        return turned
    # Bounded: a whole round (and each stage of it) at most, whatever an engine's stages do;
    # never past a second new round, nor on once nobody is left to act (a round's bleeding).
    for _passed in range(4 * (len(fight.combatants) + 1)):
        now = turned.fight.current
        if now is None or not engine.skips_turn(turned.fight, turned.fight.get(now)):
            break
        if not _anyone_acts(engine, turned.fight) or _would_begin_another_round(fight, turned):
            break
        then = _one_turn(engine, turned.fight, faces)
        turned = Turned(then.fight, _joined(turned.outcome, then.outcome))
    return turned


def skips_defeated(fight: Fight) -> bool:
    """Does Next turn pass over the defeated in this fight (its option, SKIP_DEFEATED)?"""
    return fight.options.get(SKIP_DEFEATED) == "yes"


def _would_begin_another_round(start: Fight, turned: Turned) -> bool:
    """One Next turn begins one new round at most: past the last of a round already begun."""
    now = turned.fight
    return now.round > start.round and bool(now.order) and now.current == now.order[-1]


def _anyone_acts(engine: EngineBase, fight: Fight) -> bool:
    return any(not engine.skips_turn(fight, c) for c in fight.combatants)


def _joined(first: Outcome | None, then: Outcome | None) -> Outcome | None:
    if first is None or then is None:
        return first if then is None else then
    return combined(first, then)


def _one_turn(engine: EngineBase, fight: Fight, faces: FaceSource) -> Turned:
    start, ended = fight, fight.current
    outcome: Outcome | None = None
    position = fight.order.index(ended) + 1 if ended in fight.order else 0
    if position < len(fight.order):
        fight = moved(fight, current=fight.order[position])
    else:
        outcome = engine.advance(fight, faces)
        if outcome is None:
            fight = moved(fight, round=fight.round + 1)
            outcome = engine.start_of_round(fight, faces)
            ends = lasting.ended(after(fight, outcome))  # timed conditions, in every system
            outcome = outcome if ends is None else combined(outcome, ends)
        fight = after(fight, outcome)
        first = fight.order[0] if fight.order and not _begins_waiting(engine, fight) else None
        fight = moved(fight, current=first)
    extra = engine.between_turns(fight, ended, faces)
    if extra is not None:
        fight = after(fight, extra)
        outcome = extra if outcome is None else combined(outcome, extra)
    waiting = (
        fight.current is None and fight.round != start.round and _begins_waiting(engine, fight)
    )
    fired = clock.passed(start, fight, waiting=waiting)  # the fight clock, in every system
    if fired is not None:
        fight = after(fight, fired)
        outcome = fired if outcome is None else combined(outcome, fired)
    return Turned(fight, outcome)


def combined(first: Outcome, then: Outcome) -> Outcome:
    """Two outcomes of one event as one: the second's summary becomes a step."""
    data: Mapping[str, Any] = {**first.data, "then": dict(then.data)}
    return replace(
        first,
        steps=(*first.steps, then.summary, *then.steps),
        rolls=(*first.rolls, *then.rolls),
        changes=(*first.changes, *then.changes),
        order=then.order if then.order is not None else first.order,
        stage=then.stage if then.stage is not None else first.stage,
        notes=(*first.notes, *then.notes),
        data=data,
    )
