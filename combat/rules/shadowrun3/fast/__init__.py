"""Shadowrun 3's fast path for the simulator (issue P): the same rules and the same tactics as
`simulate` with the engine, for many fights at once on numpy arrays (one row a fight).

It plays a fight whose round has not begun (the prepared fight, or one waiting for initiative),
or one in the middle of a pass as the current combatant's phase begins (fast.running reads what
the engine keeps of that turn): initiative each combat turn (modified Reaction + Nd6 less the
wound modifier, the engine's ties), the passes (−10 each, a wound re-orders the rest of the pass
at once), the tactics' choice of the weakest standing enemy, their firearm (short range,
smartlink / laser sight, recoil of the phase after compensation and gyro, another target's +2,
bursts, the magazine: eject and insert a clip) or melee (reach, the defender's guard and
counter-blow, bare hands' stun), the combat pool split in thirds, the exploding success tests
(rule of six), dodging, Body + dermal armour resistance against Power − armour, staging, both
condition monitors (stun overflowing), wound modifiers on every TN and on initiative, who is out.

It declines (None, the engine plays instead) a phase already begun, the delayed actions at the
end of a pass, a delayed, declared or aimed action, movement, a turn the GM changed by hand (the
order, a wound modifier, the pool), a fight already over, conditions other than being out, any
effect (a campaign condition's modifier, a timed condition, a grenade, the fight clock),
holstered weapons, weapon state other than the magazine (readied, fire modes set, thrown
weapons, surprise), ammunition other than normal, APDS or gel (or other than the weapon's own),
a firearm without a magazine or that cannot fire at short range, a HP above the monitor, no
initiative dice, a combat pool third above 30, a stat the engine would refuse, and any fight
option it does not know.
"""

from __future__ import annotations

import numpy as np

from combat.rules.base import Fight
from combat.rules.shadowrun3.common import is_out
from combat.rules.shadowrun3.fast.play import play
from combat.rules.shadowrun3.fast.running import running
from combat.rules.shadowrun3.fast.table import Declined, read
from combat.rules.simulate import Simulation
from combat.rules.simulation import fast_result

__all__ = ["fast"]


def fast(fight: Fight, *, fights: int, seed: int, round_cap: int) -> Simulation | None:
    """`fights` fights of `fight` from its current state, or None (see the module's doc)."""
    if fights <= 0 or len({c.side for c in fight.combatants if not is_out(c)}) <= 1:
        return None
    try:
        table = read(fight)
        now = None if fight.current is None else running(fight, table)
    except Declined:
        return None
    start = max(fight.round, 1)
    limits = (start, start + round_cap - 1)
    result = play(table, fights, limits, np.random.default_rng(seed), now)
    decided = result.ended > 0
    wins = {
        side: np.count_nonzero(decided & (result.winner == index))
        for index, side in enumerate(table.sides)
    }
    rounds, counts = np.unique(result.ended[decided], return_counts=True)
    return fast_result(
        fights=fights,
        seed=seed,
        round_cap=round_cap,
        sides=table.sides,
        wins=wins,
        nobody=np.count_nonzero(decided & (result.winner < 0)),
        undecided=np.count_nonzero(~decided),
        rounds=dict(zip(rounds, counts, strict=True)),
        drops=dict(zip(table.ids, result.dropped.sum(axis=0), strict=True)),
    )
