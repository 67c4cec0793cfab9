"""Dračí Hlídka's fast path (issue P): the simulator's fights of one fight state, thousands at a
time, with the engine's rules and the tactics' choices (combat.rules.simulate, `FastPath`).

`roster` reads the fight into arrays once and declines (None) what it does not play exactly;
`play` moves every fight on together, round by round, with numpy. The round cap, who is out,
the winner and the drops follow `simulate._play`: a round's initiative for the standing, the
fight over as soon as at most one side stands (after a blow, or after a round's bleeding), and
undecided once the next round would pass the cap. tests/rules/draci_hlidka/test_fast.py holds
it to the engine.
"""

from __future__ import annotations

import numpy as np

from combat.rules.arrays import Ints
from combat.rules.base import Fight
from combat.rules.draci_hlidka.fast.play import NOBODY, UNDECIDED, Fights
from combat.rules.draci_hlidka.fast.roster import Roster, roster
from combat.rules.simulate import Simulation
from combat.rules.simulation import fast_result

__all__ = ["fast"]


def fast(fight: Fight, *, fights: int, seed: int, round_cap: int) -> Simulation | None:
    """`fights` fights of `fight` from its current state with dice from a generator seeded with
    `seed`; None when the fight holds something the fast path does not play."""
    compiled = roster(fight)
    if compiled is None or fights <= 0 or round_cap < 1:
        return None
    state = Fights(compiled, fights, np.random.default_rng(seed))
    _play(state, compiled, round_cap)
    return _result(state, compiled, fights, seed, round_cap)


def _play(state: Fights, compiled: Roster, round_cap: int) -> None:
    """Round after round until every fight ended or the next round would pass the cap."""
    limit = compiled.round + round_cap - 1
    state.settle(np.arange(state.rows.size))  # over before it began
    first = True
    while not state.done.all():
        order = _order(state, compiled, first)
        for place in range(order.shape[1]):
            state.turn(order[:, place], first)
        state.new_round(first)
        first = False
        if state.round > limit:
            state.finish()
            return


def _order(state: Fights, compiled: Roster, first: bool) -> Ints:
    """Each running fight's order for this round, as many places as may act."""
    count = state.rows.size
    if first and compiled.first.tail is not None:
        return np.broadcast_to(compiled.first.tail, (count, compiled.first.tail.size))
    if compiled.once and compiled.first.order is not None:
        return np.broadcast_to(compiled.first.order, (count, compiled.first.order.size))
    if compiled.once and state.fixed is not None:
        return state.fixed
    rolled = state.order()
    if compiled.once:
        state.fixed = rolled
        return rolled
    most = int(state.standing().sum(axis=1).max(initial=0))
    return rolled[:, :most]


def _result(state: Fights, compiled: Roster, fights: int, seed: int, round_cap: int) -> Simulation:
    winner, ended = state.winner, state.ended
    decided = ended[winner != UNDECIDED]
    counts = np.bincount(decided) if decided.size else np.zeros(0, dtype=np.int64)
    start = (compiled.hp > 0) & ~compiled.out
    down = (state.end_hp <= 0) & start[None, :]
    return fast_result(
        fights=fights,
        seed=seed,
        round_cap=round_cap,
        sides=compiled.sides,
        wins={side: np.count_nonzero(winner == i) for i, side in enumerate(compiled.sides)},
        nobody=np.count_nonzero(winner == NOBODY),
        undecided=np.count_nonzero(winner == UNDECIDED),
        rounds=dict(enumerate(counts)),
        drops=dict(zip(compiled.ids, down.sum(axis=0), strict=True)),
    )
