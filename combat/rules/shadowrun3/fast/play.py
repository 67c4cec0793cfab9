"""The fast path's loop: many Shadowrun 3 fights at once, round by round, pass by pass and
phase by phase, as `simulate._play` drives the engine with `flow.next_turn`.

A round rolls initiative for the standing (after the first round, `_play` rolls once more when
nobody scored above 0); a pass lets everyone whose score is still above 0 act once, the
highest first — each phase, every fight's next actor is the best of those still to act, which
is the engine's order of the rest of the pass, re-ranked after each wound; the actor does what
the tactics choose until they pass.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from combat.rules.arrays import Bools, Ints
from combat.rules.shadowrun3.fast.actions import Phase, melee, over, shoot, weakest
from combat.rules.shadowrun3.fast.running import Running
from combat.rules.shadowrun3.fast.state import State
from combat.rules.shadowrun3.fast.table import Table

SS, SA, BF, FA = range(4)  # firearms.MODES
PHASE_ACTIONS = 4  # a phase's actions at most: eject (free), clip, and two shots


@dataclass
class Result:
    """Per fight of the chunk: the round it ended in (0: undecided) and who dropped."""

    ended: Ints
    dropped: Bools  # (fights, combatants)
    winner: Ints  # side index, −1 nobody


def play(
    table: Table,
    fights: int,
    limits: tuple[int, int],
    rng: np.random.Generator,
    running: Running | None = None,
) -> Result:
    """`fights` fights from round `limits[0]` to `limits[1]` at most: from a new combat turn,
    or from the current combatant's phase of a turn under way (`running`)."""
    state = State(table, fights)
    result = Result(
        np.zeros(fights, dtype=np.int64),
        np.zeros((fights, len(table.ids)), dtype=np.bool_),
        np.full(fights, -1, dtype=np.int64),
    )
    (start, limit), number = limits, 1
    if running is not None:
        state.resume(running.numbers)
        number = running.number
        _pass(state, 10 * (number - 1), rng, (running.current, running.cut))
        _settle(state, result, start)
        number += 1
    round_ = start
    while state.row.size and round_ <= limit:
        if number == 1:
            _begin(state, rng, again=round_ > start or running is not None)
        _passes(state, result, (round_, number), rng)
        round_, number = round_ + 1, 1
    result.dropped[state.row] = state.out & ~table.out
    return result


def _passes(state: State, result: Result, where: tuple[int, int], rng: np.random.Generator) -> None:
    """The passes of combat turn `where[0]` from pass `where[1]` on."""
    round_, number = where
    while state.row.size and (~state.out & (state.score > 10 * (number - 1))).any():
        if number > 1:
            state.next_pass()
        _pass(state, 10 * (number - 1), rng)
        _settle(state, result, round_)
        number += 1


def _begin(state: State, rng: np.random.Generator, *, again: bool) -> None:
    """A new combat turn: initiative; a turn the flow began with nobody above 0 rolls again."""
    state.acted[:] = False
    state.roll(np.arange(state.row.size), rng)
    if again:
        idle = ~(~state.out & (state.score > 0)).any(axis=1)
        if idle.any():
            state.roll(np.flatnonzero(idle), rng)


def _settle(state: State, result: Result, round_: int) -> None:
    """The fights that ended: their round, winner and drops; only the rest go on."""
    done = state.done
    if not done.any():
        return
    rows = state.row[done]
    table = state.table
    standing = ~state.out[done]
    result.ended[rows] = round_
    result.dropped[rows] = state.out[done] & ~table.out
    alive = np.zeros((rows.size, len(table.sides)), dtype=np.bool_)
    for side in range(len(table.sides)):
        alive[:, side] = (standing & (table.side == side)).any(axis=1)
    result.winner[rows] = np.where(alive.sum(axis=1) == 1, alive.argmax(axis=1), -1)
    state.keep(~done)


def _pass(
    state: State,
    threshold: int,
    rng: np.random.Generator,
    current: tuple[int, int] | None = None,
) -> None:
    """One initiative pass: phase after phase in every fight until nobody is left to act;
    `current`: (who, place) of the phase under way, where a running fight resumes."""
    first = 0 if current is None else current[1]
    for place in range(first, state.table.side.size):
        waiting = state.acting(threshold)
        if current is not None and place == first:
            rows = np.flatnonzero(~state.done)
            actor = np.full(rows.size, current[0])
            state.acted[rows, actor] = True
            state.place[rows, actor] = place
            _phase(state, rows, actor, threshold, rng)
            continue
        rows = np.flatnonzero(waiting.any(axis=1) & ~state.done)
        if not rows.size:
            return
        key = np.where(waiting[rows], state.key(rows), -np.inf)
        actor = key.argmax(axis=1)
        state.acted[rows, actor] = True
        state.place[rows, actor] = place
        _phase(state, rows, actor, threshold, rng)


def _phase(state: State, rows: Ints, actor: Ints, threshold: int, rng: np.random.Generator) -> None:
    """The actor's phase: the tactics' actions until they pass, or the fight is over."""
    zero = np.zeros(rows.size, dtype=np.int64)
    phase = Phase(zero.copy(), zero.copy(), zero.copy(), zero.copy(), zero - 1)
    going = np.ones(rows.size, dtype=np.bool_)
    gun = state.table.fire[actor]
    for slot in range(PHASE_ACTIONS):
        going &= ~state.out[rows, actor] & ~state.done[rows]
        if not going.any():
            return
        target = weakest(state, rows, actor)
        going &= target >= 0
        if slot == 0:
            hand = going & ~gun
            if hand.any():
                dropped = melee(state, rows[hand], actor[hand], target[hand], threshold, rng)
                _check(state, rows[hand], dropped)
        going &= gun
        if not going.any():
            return
        going &= _gun(state, rows, actor, target, phase, going, threshold, rng)


def _gun(
    state: State,
    rows: Ints,
    actor: Ints,
    target: Ints,
    phase: Phase,
    going: Bools,
    threshold: int,
    rng: np.random.Generator,
) -> Bools:
    """tactics._gun for the fights still going: insert or eject a clip, or shoot; False where
    the actor passes instead."""
    n = state.table.numbers
    mode = n["mode"][actor]
    clip, loaded = state.clip[rows, actor], state.rounds[rows, actor]
    going = going & (phase.units < 2)
    insert = going & ~clip
    eject = going & clip & (loaded <= 0)
    fire = going & clip & (loaded > 0) & ~(((mode == SS) | (mode == FA)) & (phase.units > 0))
    state.clip[rows[insert], actor[insert]] = True
    state.rounds[rows[insert], actor[insert]] = n["magazine"][actor[insert]]
    free = n["smart_free"][actor] > 0
    phase.units += insert + eject * np.where(free, phase.frees >= 1, 1)
    phase.frees += eject & free
    state.clip[rows[eject], actor[eject]] = False
    state.rounds[rows[eject], actor[eject]] = 0
    if fire.any():
        phase.units += fire * np.where(mode == FA, 2, 1)
        sub = Phase(
            *(getattr(phase, k)[fire] for k in ("units", "frees", "recoil", "shots", "first"))
        )
        dropped = shoot(state, rows[fire], actor[fire], target[fire], sub, threshold, rng)
        phase.recoil[fire], phase.shots[fire], phase.first[fire] = sub.recoil, sub.shots, sub.first
        _check(state, rows[fire], dropped)
    acted: Bools = insert | eject | fire
    return acted


def _check(state: State, rows: Ints, dropped: Bools) -> None:
    """The fights in which the last action ended the fight (only a drop can end one)."""
    rows = rows[dropped]
    if rows.size:
        state.done[rows] |= over(state, rows)
