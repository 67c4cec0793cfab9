"""The forum dice pool's fast path (issue P): the simulator's fights played many at a time.

The same rules and tactics as `combat.rules.simulate` through the engine, read once from the
fight into flat arrays and played with numpy across fights, one whole round per step. That is
exact because nothing a round's rolls depend on changes before the round is decided: everyone
standing rolls once in the order, aimed at the standing enemy with the fewest HP (the first in
the fight's list among equals); a character rolls its best combination less the dice it lost,
halved against a bestiary monster without silver; an NPC its attack dice when no enemy rolled
before it this round, else its defence dice. The last roll decides the round (rounds.settle):
the lower side's sum loses, a tie loses nothing; the losing side's character with the fewest
lost dice (the first in the order among them) loses a die, else the NPC the winners aimed at
loses the difference in HP; with the option "one round" the whole losing side is out.

It plays two sides from a prepared fight (the order fixed as `simulate._initiative` does, every
character joining with all its dice) or from a running fight at the start of a round, and
declines (None) whatever else it would have to guess: a third side standing, a roll already
made or a round already decided, timed conditions or other effects, a combatant who would run
out of dice while standing (the engine refuses such a roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from combat.rules.arrays import Bools, Ints
from combat.rules.base import Combatant, Fight, RulesError, moved
from combat.rules.clock import CLOCK
from combat.rules.dice_pool.common import best_combination, has_silver, is_bestiary, is_out
from combat.rules.dice_pool.order import fix_order
from combat.rules.dice_pool.pools import level_of
from combat.rules.faces import SeededFaces
from combat.rules.flow import after
from combat.rules.simulate import Simulation
from combat.rules.simulation import fast_result

BITS = 53  # a die roll's uniform draw: 53 random bits, below each pool's own block of keys
MAX_DICE = 1000  # keys of pools up to this many dice fit in an int64
FAR = 1 << 40  # above any HP or sort key: "not a candidate" in an argmin


@dataclass(frozen=True)
class _Table:
    """One fight's numbers, a column per combatant in the fight's list (its tie order)."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]  # every side, in the order of first appearance
    live: tuple[str, ...]  # the two sides with anyone standing
    first: int  # the round the simulation begins with
    one_round: bool  # the fight option "one round decides the fight"
    second: Bools  # on the second live side (else the first, or out for good)
    npc: Bools
    levels: Ints  # a character's best combination
    best: Ints  # max_hp: a character's dice when whole
    attack: Ints
    defence: Ints
    hp: Ints
    out: Bools
    halvable: Bools  # a character without silver: halved against a bestiary monster
    bestiary: Bools
    counted: Bools  # standing before the simulation began: a drop counts
    position: Ints  # place in the acting order
    before: NDArray[np.float64]  # [i, j]: i is an enemy of j acting before j


def fast(fight: Fight, *, fights: int, seed: int, round_cap: int) -> Simulation | None:
    """`fights` fights of `fight` to their end with dice seeded by `seed` (issue P's FastPath);
    None when the fight holds something this does not play exactly."""
    started = _started(fight)
    table = None if started is None else _compiled(started, fight)
    if table is None:
        return None
    if len(table.live) < 2:
        return _over_at_once(table, fights, seed, round_cap)
    wins, rounds, drops, undecided = _played(table, fights, seed, round_cap)
    return fast_result(
        fights=fights,
        seed=seed,
        round_cap=round_cap,
        sides=table.sides,
        wins={table.live[0]: wins[0], table.live[1]: wins[1]},
        nobody=wins[2],
        undecided=undecided,
        rounds=rounds,
        drops=dict(zip(table.ids, drops, strict=True)),
    )


# --- reading the fight ------------------------------------------------------------------------


def _started(fight: Fight) -> Fight | None:
    """The fight as its first simulated turn begins: a prepared one after the GM's "Set the
    order" (simulate._initiative, with every combatant), a running one as it is when its round
    is about to be played whole (nobody standing has had a turn in it yet)."""
    if not fight.combatants or _rolled_since(fight, max(fight.round, 1)):
        return None
    if fight.current is None:
        outcome = fix_order(fight, [c.id for c in fight.combatants], SeededFaces(0))
        fight = after(fight, outcome)
        first = fight.order[0] if fight.order else None
        return moved(fight, round=max(fight.round, 1), current=first)
    ids = [c.id for c in fight.combatants]
    if fight.round < 1 or sorted(fight.order) != sorted(ids) or fight.current not in ids:
        return None
    ahead = fight.order[: fight.order.index(fight.current)]
    return None if any(not is_out(fight.get(cid)) for cid in ahead) else fight


def _rolled_since(fight: Fight, first: int) -> bool:
    """A round decided, or a roll kept, from round `first` on (or not plainly before it)."""

    def later(value: Any) -> bool:
        return value is not None and not (type(value) is int and value < first)

    if later(fight.stage.get("settled")):
        return True
    for combatant in fight.combatants:
        rolled = combatant.turn.get("roll")
        if isinstance(rolled, Mapping) and later(rolled.get("round")):
            return True
    return False


def _compiled(fight: Fight, original: Fight) -> _Table | None:
    """The flat arrays of `fight` (as the simulation begins), or None for what is not played."""
    members = fight.combatants
    if any(effect.kind != CLOCK for c in members for effect in c.effects):
        return None  # timed conditions end at a round's start; other effects are not known
    sides = tuple(dict.fromkeys(c.side for c in members))
    live = tuple(s for s in sides if any(c.side == s and not is_out(c) for c in members))
    numbers = [_numbers(c) for c in members]
    if len(live) > 2 or any(n is None for c, n in zip(members, numbers, strict=True)):
        return None
    dice = [n for n in numbers if n is not None]
    position = {cid: index for index, cid in enumerate(fight.order)}
    second = [len(live) == 2 and c.side == live[1] for c in members]
    enemy = [c.side in live for c in members]
    place = [position[c.id] for c in members]
    before = [
        [
            float(enemy[i] and enemy[j] and second[i] != second[j] and place[i] < place[j])
            for j in range(len(members))
        ]
        for i in range(len(members))
    ]
    return _Table(
        ids=tuple(c.id for c in members),
        sides=sides,
        live=live,
        first=fight.round,
        one_round=fight.options.get("rounds") == "one",
        second=bools(second),
        npc=bools([c.is_npc for c in members]),
        levels=ints([d[0] for d in dice]),
        best=ints([c.max_hp for c in members]),
        attack=ints([d[1] for d in dice]),
        defence=ints([d[2] for d in dice]),
        hp=ints([c.hp for c in members]),
        out=bools([is_out(c) for c in members]),
        halvable=bools([not c.is_npc and not has_silver(c, None) for c in members]),
        bestiary=bools([is_bestiary(c) for c in members]),
        counted=bools([not is_out(c) for c in original.combatants]),
        position=ints(place),
        before=np.array(before, dtype=np.float64),
    )


def ints(values: list[int]) -> Ints:
    return np.array(values, dtype=np.int64)


def bools(values: list[bool]) -> Bools:
    return np.array(values, dtype=np.bool_)


def _numbers(combatant: Combatant) -> tuple[int, int, int] | None:
    """A combatant's dice (best combination, attack, defence), or None when one of its rolls
    could be refused while it stands: no dice left, or more than the keys hold."""
    if is_out(combatant):
        return (0, 0, 0)  # out for good: it never rolls again
    if combatant.is_npc:
        attack, defence = (level_of(combatant, key) for key in ("attack_dice", "defence_dice"))
        ok = 1 <= attack < MAX_DICE and 1 <= defence < MAX_DICE
        return (0, attack, defence) if ok else None
    names = best_combination(combatant.stats)
    try:  # a character's skill called "attack_dice": the engine refuses the roll
        levels = sum(level_of(combatant, name) for name in names)
    except RulesError:
        return None
    # The fewest dice it rolls: at 1 die left, the lost ones off its combination.
    fewest = levels - max(0, combatant.max_hp - 1)
    return (levels, 0, 0) if names and fewest >= 1 and levels < MAX_DICE else None


# --- playing ----------------------------------------------------------------------------------


def _played(
    table: _Table, fights: int, seed: int, round_cap: int
) -> tuple[list[int], dict[int, int], Ints, int]:
    """Wins of the two live sides and of nobody, decided fights by round, drops by column, and
    the fights still going after the round cap."""
    rng = np.random.default_rng(seed)
    keys, starts = _keys(_most_dice(table))
    hp = np.tile(table.hp, (fights, 1))
    out = np.tile(table.out, (fights, 1))
    wins, rounds = [0, 0, 0], {}
    drops = np.zeros(len(table.ids), dtype=np.int64)
    for number in range(table.first, table.first + max(1, round_cap)):
        if not len(hp):
            break
        dropped = _round(table, rng, keys, starts, hp, out)
        drops += (dropped & table.counted).sum(axis=0)
        standing = ~out
        second = (standing & table.second).any(axis=1)
        first = (standing & ~table.second).any(axis=1)
        over = ~(first & second)
        if over.any():
            rounds[number] = int(over.sum())
            wins[0] += int((first & over).sum())
            wins[1] += int((second & over).sum())
            wins[2] += int((~first & ~second).sum())
            hp, out = hp[~over], out[~over]
    return wins, rounds, drops, len(hp)


def _round(
    table: _Table, rng: np.random.Generator, keys: Ints, starts: Ints, hp: Ints, out: Bools
) -> Bools:
    """One round of every fight still going, decided: `hp` and `out` change in place; returns
    who dropped in it."""
    standing = ~out
    aims = _targets(table, hp, standing)
    bestiary = table.bestiary[np.stack(aims, axis=1)]  # (fights, 2): the target of each side
    halved = table.halvable & np.where(table.second, bestiary[:, 1:], bestiary[:, :1])
    lost = np.maximum(0, table.best - hp)
    enemies_before = standing.astype(np.float64) @ table.before
    npc_dice = np.where(enemies_before > 0, table.defence, table.attack)
    dice = np.where(standing, np.where(table.npc, npc_dice, table.levels - lost), 0)
    total = _rolled(rng, keys, starts, dice)
    counted = np.where(halved, total // 2, total)
    seconds = (counted * table.second).sum(axis=1)
    firsts = counted.sum(axis=1) - seconds
    second_loses = seconds < firsts
    decided = second_loses | (firsts < seconds)
    losers: Bools = standing & (table.second == second_loses[:, None]) & decided[:, None]
    if table.one_round:
        out |= losers
        return losers
    characters = losers & ~table.npc
    any_character = characters.any(axis=1)
    first_of_fewest = np.where(characters, lost * len(table.ids) + table.position, FAR)
    npc = np.where(second_loses, aims[0], aims[1])  # the NPC the winners aimed at
    victim = np.where(any_character, first_of_fewest.argmin(axis=1), npc)
    loss = np.where(any_character, 1, np.abs(seconds - firsts))
    rows = np.flatnonzero(decided)
    columns = victim[rows]
    hp[rows, columns] -= loss[rows]
    dropped = np.zeros_like(out)
    gone = hp[rows, columns] <= 0
    dropped[rows[gone], columns[gone]] = True
    out |= dropped
    return dropped


def _targets(table: _Table, hp: Ints, standing: Bools) -> tuple[Ints, Ints]:
    """Each live side's target in every fight: the standing enemy with the fewest HP, the first
    in the fight's list among equals (simulate.weakest_enemy)."""
    of_first = np.where(standing & table.second, hp, FAR).argmin(axis=1)
    of_second = np.where(standing & ~table.second, hp, FAR).argmin(axis=1)
    return of_first, of_second


def _most_dice(table: _Table) -> int:
    return int(max(table.levels.max(), table.attack.max(), table.defence.max(), 1))


def _rolled(rng: np.random.Generator, keys: Ints, starts: Ints, dice: Ints) -> Ints:
    """The sum of `dice` d6 for every entry: 53 random bits under the pool's block of keys
    (`_keys`); the keys at or below them count the totals passed."""
    draws = (dice << BITS) | rng.integers(0, 1 << BITS, size=dice.shape, dtype=np.int64)
    found: Ints = np.searchsorted(keys, draws, side="right") - starts[dice]
    return found


@lru_cache(maxsize=8)
def _keys(most: int) -> tuple[Ints, Ints]:
    """Sorted keys to sample the sum of k d6 for every k up to `most`: the block of k holds
    (k << BITS) + ⌊P(sum ≤ t) · 2^BITS⌋ for t below 6k, exact in integers; `starts[k]`: where
    the block begins."""
    ways = [1]  # ways to roll each total with 0 dice
    keys: list[int] = []
    starts = [0]
    for dice in range(1, most + 1):
        ways = _one_die_more(ways)
        cumulative, whole = 0, 6**dice
        for total in range(6 * dice):
            cumulative += ways[total]
            keys.append((dice << BITS) + (cumulative << BITS) // whole)
        starts.append(len(keys) - 6 * dice)
    return np.array(keys, dtype=np.int64), np.array(starts, dtype=np.int64)


def _one_die_more(ways: list[int]) -> list[int]:
    """The ways to roll each total with one more d6."""
    found = [0] * (len(ways) + 6)
    for total, count in enumerate(ways):
        for face in range(1, 7):
            found[total + face] += count
    return found


def _over_at_once(table: _Table, fights: int, seed: int, round_cap: int) -> Simulation:
    """No two sides standing once the order is set: every fight ends in its first round."""
    return fast_result(
        fights=fights,
        seed=seed,
        round_cap=round_cap,
        sides=table.sides,
        wins={table.live[0]: fights} if table.live else {},
        nobody=0 if table.live else fights,
        undecided=0,
        rounds={table.first: fights},
        drops=dict.fromkeys(table.ids, 0),
    )
