"""The D&D 5e fast path of the simulator (issue P): the same rules and the same tactics as
`combat.rules.simulate` plays through the engine, for the fights it can read into flat arrays
(`compiled`, and a monster's breath: `breath`), played many at a time with numpy (`play`).
`simulate_fast` answers None for a fight with anything else in it (a legendary monster, a
condition or effect other than prone, unconscious, stable, dead, death saves and a spent
recharge, a turn half taken, the initiative roll-off option …): the engine plays it."""

from __future__ import annotations

from combat.rules.base import Fight
from combat.rules.dnd5e.fast.breath import breaths
from combat.rules.dnd5e.fast.compiled import Declined, compile_fight
from combat.rules.dnd5e.fast.play import play
from combat.rules.simulate import Simulation
from combat.rules.simulation import fast_result

__all__ = ["simulate_fast"]


def simulate_fast(fight: Fight, *, fights: int, seed: int, round_cap: int) -> Simulation | None:
    """`fights` fights of `fight` from its current state, dice from a generator seeded with
    `seed`; None when the fight holds something the fast path does not play."""
    try:
        compiled, breathing = compile_fight(fight), breaths(fight)
    except Declined:
        return None
    tally = play(compiled, breathing, fights, seed, round_cap)
    return fast_result(
        fights=fights,
        seed=seed,
        round_cap=round_cap,
        sides=compiled.sides,
        wins=dict(zip(compiled.sides, tally.wins, strict=True)),
        nobody=tally.nobody,
        undecided=tally.undecided,
        rounds=tally.rounds,
        drops=dict(zip(compiled.ids, tally.drops, strict=True)),
    )
