"""Many 5e fights at once with numpy (issue P): arrays shaped (fights, combatants), one step per
position in the initiative order, each fight in its own order; fights that end drop out at the
end of each round.

A step plays what `combat.rules.simulate._play` plays through the engine for that turn: a dying
character's death saving throw (a natural 20 wakes it with 1 HP, and it goes on with its turn);
a prone creature stands up; then each attack of its turn on the standing enemy with the fewest
HP (the first in the fight's list among equals): d20 (two with advantage or disadvantage) + the
bonus against the AC, a natural 20 a critical hit with doubled dice, a natural 1 a miss; each
damage part through the target's immunity, resistance and vulnerability; at 0 HP a monster
dies (unless Undead Fortitude's CON save keeps it at 1 HP), a character dies of massive damage
or falls unconscious and prone; a rider's failed save knocks the target prone. The fight is
over when at most one side stands.

Who is out holds MANY HP here (so the weakest target is an argmin), and its `status` says why.
A fight that ends is marked dead throughout, so nobody in it acts until the round's end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from combat.rules.arrays import Bools, Ints
from combat.rules.dnd5e.fast.breath import Breaths
from combat.rules.dnd5e.fast.compiled import MANY, Compiled

Generator = np.random.Generator
STANDING, DYING, STABLE, DEAD = range(4)
# The d20 kept, by mode (one die, advantage, disadvantage) and the two dice rolled.
_FACES = np.arange(21)
KEPT = np.stack(
    [
        np.broadcast_to(_FACES[:, None], (21, 21)),
        np.maximum(_FACES[:, None], _FACES[None, :]),
        np.minimum(_FACES[:, None], _FACES[None, :]),
    ]
)


@dataclass
class Tally:
    """What the fights came to (sides and combatants in the compiled fight's order)."""

    wins: Ints
    drops: Ints
    nobody: int = 0
    undecided: int = 0
    rounds: dict[int, int] = field(default_factory=dict)


@dataclass
class State:
    """The fights still going, one row each."""

    hp: Ints  # MANY: out
    status: Ints
    prone: Bools
    successes: Ints
    failures: Ints
    order: Ints
    ever: Bools  # dropped at some point of the fight
    alive: Ints  # (fights, sides): standing combatants of each side
    done: Bools
    winner: Ints  # the side that won, -1 nobody
    spent: Bools  # a breath waiting for its recharge

    def kept(self, rows: Any) -> State:
        return State(*(getattr(self, name)[rows] for name in self.__dataclass_fields__))


def play(c: Compiled, b: Breaths | None, fights: int, seed: int, round_cap: int) -> Tally:
    """`fights` fights of `c` from its state to the end or past the round cap."""
    rng = np.random.default_rng(seed)
    state = _start(c, b, fights, rng)
    out = c.hp <= 0
    tally = Tally(np.zeros(len(c.sides), np.int64), np.zeros(len(c.ids), np.int64))
    round_ = max(c.round, 1)
    limit = round_ + round_cap - 1
    if (state.alive[0] > 0).sum() <= 1:  # over before anyone acts
        state.done[:] = True
        state.winner[:] = _winner(state.alive[:1])[0]
        _tally(state, tally, out, round_)
        return tally
    first, width = c.start, int((state.order[0] >= 0).sum())
    while state.hp.shape[0] and round_ <= limit:
        # Nobody dead or stable at the round's start acts in it (nothing heals here).
        busy: Bools = np.any(np.take_along_axis(state.status, state.order, 1) <= DYING, axis=0)
        for position in range(first, width):
            if busy[position]:
                # The turn under way as the simulation begins began without its recharge.
                begun = round_ == c.round and position == c.start
                _position(c, b, state, position, rng, begun=begun)
        first = 0
        if state.done.any():
            _tally(state, tally, out, round_)
            state = state.kept(~state.done)
        round_ += 1
    tally.undecided = state.hp.shape[0]
    tally.drops += (state.ever & ~out).sum(0)
    return tally


def _start(c: Compiled, b: Breaths | None, fights: int, rng: Generator) -> State:
    n = len(c.ids)
    if c.order is None:  # "Roll initiative": d20 + DEX, the higher DEX score first among equals
        rolled = rng.integers(1, 21, (fights, n))[:, c.unit] + c.dex_mod
        keys = [np.broadcast_to(key, (fights, n)) for key in (np.arange(n), c.unit, -c.dex_score)]
        order = np.lexsort((*keys, -rolled), axis=-1)
    else:
        order = np.tile(c.order, (fights, 1))
    standing = c.hp > 0
    status = np.where(standing, STANDING, DEAD)
    status[c.pc & ~standing & ~c.dead] = DYING
    status[c.pc & ~standing & c.stable] = STABLE
    alive = np.array([standing[c.side == s].sum() for s in range(len(c.sides))])

    def each(row: Any) -> Any:
        return np.tile(row, (fights, 1))

    return State(
        each(np.where(standing, c.hp, MANY)),
        each(status),
        each(c.prone),
        each(c.successes),
        each(c.failures),
        order,
        np.zeros((fights, n), np.bool_),
        each(alive),
        np.zeros(fights, np.bool_),
        np.full(fights, -1, np.int64),
        np.tile(b.spent if b is not None else np.zeros(n, np.bool_), (fights, 1)),
    )


def _tally(state: State, tally: Tally, out: Bools, round_: int) -> None:
    ended = state.done
    winners = state.winner[ended]
    tally.nobody += int((winners < 0).sum())
    tally.wins += np.bincount(winners[winners >= 0], minlength=len(tally.wins))
    tally.rounds[round_] = tally.rounds.get(round_, 0) + int(ended.sum())
    tally.drops += (state.ever[ended] & ~out).sum(0)


def _winner(alive: Ints) -> Ints:
    standing = alive > 0
    return np.where(standing.sum(1) == 1, standing.argmax(1), -1)


def _position(
    c: Compiled, b: Breaths | None, s: State, position: int, rng: Generator, *, begun: bool
) -> None:
    """The turn of whoever is at `position` of each fight's order."""
    a = s.order[:, position]
    status = s.status[np.arange(a.size), a]
    dying = np.flatnonzero(status == DYING)
    if dying.size:
        _death_saves(c, s, dying, a[dying], rng)
        status = s.status[np.arange(a.size), a]
    rows = np.flatnonzero(status == STANDING)
    a = a[rows]
    s.prone[rows, a] = False  # a prone creature stands up first
    if b is not None:
        rows, a = _breaths(c, b, s, rows, a, rng, begun=begun)
    for number in range(c.attacks.shape[1]):
        if number:
            going = (c.count[a] > number) & (s.status[rows, a] == STANDING)
            rows, a = rows[going], a[going]
        if not rows.size:
            break
        _attack(c, s, rows, a, c.attacks[a, number], rng)


def _death_saves(c: Compiled, s: State, rows: Ints, a: Ints, rng: Generator) -> None:
    """SRD 5.1: 10 or more a success, a 1 two failures, a 20 back with 1 HP; three failures
    kill, three successes make it stable."""
    natural = rng.integers(1, 21, rows.size)
    failures = s.failures[rows, a] + np.where(natural == 1, 2, natural < 10)
    successes = s.successes[rows, a] + (natural >= 10)
    back = natural == 20
    s.failures[rows, a] = np.where(back, 0, failures)
    s.successes[rows, a] = np.where(back, 0, successes)
    s.status[rows, a] = np.select(
        [back, failures >= 3, successes >= 3], [STANDING, DEAD, STABLE], DYING
    )
    if back.any():
        rows, a = rows[back], a[back]
        s.hp[rows, a] = 1
        s.alive[rows, c.side[a]] += 1


def _attack(c: Compiled, s: State, rows: Ints, a: Ints, arm: Ints, rng: Generator) -> None:
    """One attack in each of these fights, on the weakest standing enemy."""
    t = (s.hp[rows] + c.shun[a]).argmin(1)
    d20 = rng.integers(1, 21, (2, rows.size))
    natural = KEPT[c.mode[arm, s.prone[rows, t].view(np.int8)], d20[0], d20[1]]
    hit = np.flatnonzero(natural >= c.need[arm, t])
    if not hit.size:
        return
    rows, arm, t, critical = rows[hit], arm[hit], t[hit], natural[hit] == 20
    spare = ~critical & ~c.radiant[arm]
    _hurt(c, s, rows, t, _damage(c, arm, t, critical, rng), spare, rng)
    if c.rider_dc.any():
        _rider(c, s, rows, arm, t, rng)


def _damage(c: Compiled, arm: Ints, t: Ints, critical: Bools, rng: Generator) -> Ints:
    """Each damage part rolled (never below 0), adjusted for the target, added up."""
    crit = critical.view(np.int8)
    sizes = c.throw[arm, crit]  # (attacks, parts, dice), a negative size subtracts
    rolled = np.trunc(rng.random(sizes.shape) * sizes).sum(2).astype(np.int64)
    amount = np.maximum(rolled + c.const[arm, crit], 0)
    total: Ints = (amount // c.divide[arm, :, t] * c.times[arm, :, t]).sum(1)
    return total


def _hurt(
    c: Compiled, s: State, rows: Ints, t: Ints, dealt: Ints, spare: Bools, rng: Generator
) -> None:
    """The damage taken; who drops to 0 HP dies (a monster; a character from damage of at
    least its maximum HP beyond 0) or falls unconscious and prone, unless Undead Fortitude
    keeps it at 1 HP (`spare`: damage neither radiant nor a critical hit's)."""
    before = s.hp[rows, t]
    after = before - dealt
    fell = after <= 0
    held = _fortitude(c, t, dealt, fell & spare, rng)
    after, fell = np.where(held, 1, after), fell & ~held
    s.hp[rows, t] = np.where(fell, MANY, after)
    if not fell.any():
        return
    rows, t, beyond = rows[fell], t[fell], -after[fell]
    dies = ~c.pc[t] | (beyond >= c.max_hp[t])
    s.status[rows, t] = np.where(dies, DEAD, DYING)
    s.prone[rows, t] |= ~dies & ~c.prone_immune[t]
    s.successes[rows, t] = 0
    s.failures[rows, t] = 0
    s.ever[rows, t] = True
    np.subtract.at(s.alive, (rows, c.side[t]), 1)  # a breath drops several in one fight
    over = (s.alive[rows] > 0).sum(1) <= 1
    if over.any():
        ended = rows[over]
        s.done[ended] = True
        s.winner[ended] = _winner(s.alive[ended])
        s.status[ended] = DEAD  # nobody acts in an ended fight


def _fortitude(c: Compiled, t: Ints, dealt: Ints, fell: Bools, rng: Generator) -> Bools:
    """Who, dropping to 0 HP with Undead Fortitude (fortitude.py), makes its CON save against
    5 + the damage taken and drops to 1 HP instead."""
    held = fell & c.fortitude[t]
    where = np.flatnonzero(held)
    if where.size:
        save = rng.integers(1, 21, where.size) + c.con_save[t[where]]
        held[where] = save >= 5 + dealt[where]
    return held


def _rider(c: Compiled, s: State, rows: Ints, arm: Ints, t: Ints, rng: Generator) -> None:
    """A stat-block attack's rider on a hit: a target still standing saves or falls prone."""
    rider = (c.rider_dc[arm] > 0) & c.rider_on[arm, t] & (s.status[rows, t] == STANDING)
    if rider.any():
        rows, arm, t = rows[rider], arm[rider], t[rider]
        failed = rng.integers(1, 21, rows.size) + c.rider_bonus[arm, t] < c.rider_dc[arm]
        s.prone[rows[failed], t[failed]] = True


def _breaths(
    c: Compiled, b: Breaths, s: State, rows: Ints, a: Ints, rng: Generator, *, begun: bool
) -> tuple[Ints, Ints]:
    """A spent breath's recharge d6 as the monster's turn starts; a ready one breathed (the
    turn's action). The rest attack."""
    has = b.has[a]
    if not has.any():
        return rows, a
    spent = np.flatnonzero(has & s.spent[rows, a] & (not begun))
    back = rng.integers(1, 7, spent.size) >= b.low[a[spent]]
    s.spent[rows[spent[back]], a[spent[back]]] = False
    ready = has & ~s.spent[rows, a]
    if ready.any():
        _breathe(c, b, s, rows[ready], a[ready], rng)
        s.spent[rows[ready], a[ready]] = True
    return rows[~ready], a[~ready]


def _breathe(c: Compiled, b: Breaths, s: State, rows: Ints, a: Ints, rng: Generator) -> None:
    """Damage rolled once for all standing enemies; each saves for half or none."""
    foes = (s.hp[rows] < MANY) & (c.side[None, :] != c.side[a][:, None])
    sizes = b.throw[a]
    rolled = np.trunc(rng.random(sizes.shape) * sizes).sum(2).astype(np.int64)
    amount = np.maximum(rolled + b.const[a], 0)[:, :, None]  # (fights, parts, 1)
    saved = rng.integers(1, 21, foes.shape) + b.bonus[a] >= b.dc[a][:, None]
    share = np.where(saved[:, None, :], amount // 2 * b.half[a][:, None, None], amount)
    dealt = (share // b.divide[a] * b.times[a]).sum(1)
    hit, t = np.nonzero(foes & (dealt > 0))
    spare = ~b.radiant[a[hit]]
    _hurt(c, s, rows[hit], t, dealt[hit, t], spare, rng)
