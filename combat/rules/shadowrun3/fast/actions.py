"""One action in many fights at once, for the fast path: the tactics' target, a shot, a melee
exchange and the damage it does — the engine's rules (handlers_attack, ranged, melee,
handlers_damage) on arrays, one entry per fight that takes the action.

A success test's successes are binomial: each die succeeds on its own with the chance of the
rule of six against its TN (success.py: a 6 is rolled again and added while below the TN).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from combat.rules.arrays import Bools, Ints
from combat.rules.shadowrun3.fast.state import FAR, State, penalty

TOP = 64  # target numbers beyond this succeed as rarely as this one (never, near enough)
BOXES = np.array([1, 3, 6, 10], dtype=np.int64)  # L, M, S, D
MONITOR = 10


def _chance(target: int) -> float:
    """One die's chance against `target` with the rule of six."""
    sixes, rest = divmod(max(2, target) - 1, 6)
    return float((1 / 6) ** sixes * (6 - rest) / 6)


CHANCE = np.array([_chance(t) for t in range(TOP + 1)])


def successes(rng: np.random.Generator, dice: Ints, target: Ints) -> Ints:
    """Successes of each test: `dice` d6 against `target` (clamped to 2, as every TN)."""
    chance = CHANCE[np.minimum(np.maximum(target, 2), TOP)]
    return rng.binomial(np.maximum(dice, 0), chance).astype(np.int64)


def staged(level: Ints, net: Ints) -> Ints:
    """damage.stage: every 2 net successes a level up or down; −1 is no damage."""
    steps = np.abs(net) // 2
    moved = level + np.where(net > 0, steps, -steps)
    return np.where(moved < 0, -1, np.minimum(moved, 3))


@dataclass
class Phase:
    """What the actors of these fights did so far in their phase (phase.py's economy and
    firearms.PhaseFire: recoil points, shots, the first target)."""

    units: Ints
    frees: Ints
    recoil: Ints
    shots: Ints
    first: Ints


def weakest(state: State, rows: Ints, actor: Ints) -> Ints:
    """tactics._weakest: the standing enemy with the fewest boxes left (the worse monitor),
    the first in the fight's list among equals; −1 when there is none."""
    value = state.priority[rows] + state.enemies[actor]
    target = value.argmin(axis=1)
    return np.where(value[np.arange(rows.size), target] < FAR, target, -1)


def harm(
    state: State,
    rows: Ints,
    victim: Ints,
    level: Ints,
    stun: Ints,
    threshold: int,
    rng: np.random.Generator,
) -> Bools:
    """handlers_damage.harm where `level` ≥ 0: the monitors (stun overflowing into physical),
    out at 10 boxes, the new wound modifier off the score at once, and the engine's re-ordering
    of the rest of the pass: a wounded combatant still to act in a complete tie makes its whole
    group roll off again. True where the victim dropped."""
    hit = level >= 0
    dropped = np.zeros(level.size, dtype=np.bool_)
    rows, victim, boxes, stuns = rows[hit], victim[hit], BOXES[level[hit]], stun[hit] > 0
    stunned = state.stun[rows, victim] + np.where(stuns, boxes, 0)
    spill = np.maximum(0, stunned - MONITOR)
    stunned -= spill
    phys = state.phys[rows, victim] + np.where(stuns, spill, boxes)
    state.stun[rows, victim], state.phys[rows, victim] = stunned, phys
    out = (phys >= MONITOR) | (stunned >= MONITOR)
    dropped[hit] = out
    state.out[rows, victim] = out
    state.prioritise(rows, victim)
    wound = penalty(phys) + penalty(stunned)
    state.score[rows, victim] -= wound - state.wound[rows, victim]
    state.wound[rows, victim] = wound
    waiting = ~state.acted[rows, victim] & ~state.out[rows, victim]
    waiting &= state.score[rows, victim] > threshold
    if waiting.any():
        _roll_off(state, rows[waiting], victim[waiting], threshold, rng)
    return dropped


def _roll_off(
    state: State, rows: Ints, victim: Ints, threshold: int, rng: np.random.Generator
) -> None:
    """passes.reorder: a complete tie of the rest of the pass that holds the victim (fresh) is
    settled by a new roll-off — a new random order of the whole group."""
    waiting = state.acting(threshold)[rows]
    score, rank = state.score[rows], state.rank[rows]
    group = (
        waiting
        & (score == state.score[rows, victim][:, None])
        & (rank == state.rank[rows, victim][:, None])
    )
    again = group.sum(axis=1) > 1
    if not again.any():
        return
    rows, group = rows[again], group[again]
    state.tie[rows] = np.where(group, rng.random(group.shape), state.tie[rows])


def pools(state: State, rows: Ints, actor: Ints, target: Ints) -> tuple[Ints, Ints, Ints]:
    """tactics.split: a third of each full pool per test, while dice are left."""
    third = state.table.numbers["third"]
    attack = np.minimum(state.pool[rows, actor], third[actor])
    left = state.pool[rows, target]
    dodge = np.minimum(left, third[target])
    return attack, dodge, np.minimum(left - dodge, third[target])


def melee(
    state: State, rows: Ints, actor: Ints, target: Ints, threshold: int, rng: np.random.Generator
) -> Bools:
    """handlers_melee.resolve_melee_attack: the opposed test (reach lowers the longer one's own
    TN), the loser resists with Body (the defender adds its resistance dice) against the
    winner's Power − impact armour, and the winner's code is staged."""
    n = state.table.numbers
    attack_pool, defence_pool, resist_pool = pools(state, rows, actor, target)
    reach = n["mreach"][actor] - n["greach"][target]
    a_tn = 4 - np.maximum(reach, 0) + state.wound[rows, actor]
    d_tn = 4 - np.maximum(-reach, 0) + state.wound[rows, target]
    a = successes(rng, n["mskill"][actor] + attack_pool, a_tn)
    d = successes(rng, n["gskill"][target] + defence_pool, d_tn)
    won = a > d
    loser = np.where(won, target, actor)
    dice = n["body"][loser] + n["dermal"][loser] + np.where(won, resist_pool, 0)
    power = np.where(won, n["mpower"][actor], n["gpower"][target])
    resisted = successes(rng, dice, power - n["impact"][loser])
    level = np.where(won, n["mlevel"][actor], n["glevel"][target])
    level = np.where(a != d, staged(level, np.abs(a - d) - resisted), -1)
    stun = np.where(won, n["mstun"][actor], n["gstun"][target])
    state.pool[rows, actor] -= attack_pool
    state.pool[rows, target] -= defence_pool + np.where(won, resist_pool, 0)
    return harm(state, rows, loser, level, stun, threshold, rng)


def shoot(
    state: State,
    rows: Ints,
    actor: Ints,
    target: Ints,
    phase: Phase,
    threshold: int,
    rng: np.random.Generator,
) -> Bools:
    """handlers_attack.resolve_fire with the tactics' pools: the volley (firearms.fire), the
    TN (short range, sights, recoil of the phase, another target, wounds), the attack, dodge
    and resistance tests (ranged.resolve_ranged) and the damage."""
    n = state.table.numbers
    burst = n["mode"][actor] >= 2
    at = np.where(burst, np.minimum(3, state.rounds[rows, actor]), 1)
    state.rounds[rows, actor] -= at
    single = at == 1
    phase.recoil += np.where(single, phase.shots > 0, at)
    phase.shots += 1
    other = (phase.first >= 0) & (phase.first != target)
    phase.first = np.where(phase.first < 0, target, phase.first)
    recoil = state.table.recoil[actor, np.minimum(phase.recoil, phase_cap(state))]
    tn = n["fbase"][actor] + recoil + 2 * other + state.wound[rows, actor]
    attack_pool, dodge_pool, resist_pool = pools(state, rows, actor, target)
    a = successes(rng, n["fskill"][actor] + attack_pool, tn)
    dodging = (a > 0) & (dodge_pool > 0)
    d = np.where(dodging, successes(rng, dodge_pool, 4 + (at == 3) + state.wound[rows, target]), 0)
    hits = (a > 0) & (d <= a)
    armour = np.where(n["ballistic_arm"][actor] > 0, n["ballistic"][target], n["impact"][target])
    armour = np.where(n["halved"][actor] > 0, armour // 2, armour)
    power = n["fpower"][actor] + np.where(single, 0, np.where(at == 2, 2, 3))
    dice = n["body"][target] + n["dermal"][target] + resist_pool
    resisted = np.where(hits, successes(rng, dice, power - armour), 0)
    level = np.minimum(n["flevel"][actor] + (at == 3), 3)
    level = np.where(hits, staged(level, a - resisted - d), -1)
    state.pool[rows, actor] -= attack_pool  # the target's only for the tests it rolls
    state.pool[rows, target] -= np.where(dodging, dodge_pool, 0) + np.where(hits, resist_pool, 0)
    return harm(state, rows, target, level, n["fstun"][actor], threshold, rng)


def phase_cap(state: State) -> int:
    return int(state.table.recoil.shape[1]) - 1


def over(state: State, rows: Ints) -> Bools:
    """engine.is_over for these fights: at most one side still standing."""
    table = state.table
    sides = np.zeros((table.side.size, len(table.sides)), dtype=np.int64)
    sides[np.arange(table.side.size), table.side] = 1
    standing = (~state.out[rows]).astype(np.int64) @ sides
    result: Bools = (standing > 0).sum(axis=1) <= 1
    return result
