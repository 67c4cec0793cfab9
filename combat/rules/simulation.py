"""What a simulation of a fight came to (`Simulation`), and the fast paths' contract (issue P).

A system's fast path (`FastPath`, its description's `fast`) plays the same rules and tactics as
combat.rules.simulate through the engine, compiled for one fight state into arrays and played
many fights at a time; `play_fast` asks it in chunks and answers None when the engine must play
(a rule the fast path does not play, a fight too large for a chunk nobody can interrupt, or a
fast path's own failure, which is logged).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from combat.rules.base import Fight

logger = logging.getLogger(__name__)

CHUNK = 1_000  # fights a fast path plays between two questions to `stop`
CHUNK_COMBATANTS = 20  # up to this many combatants a chunk is CHUNK fights; beyond, fewer
# Beyond this many combatants the engine plays (a turn at a time, so `interrupt` is asked every
# turn): a fast chunk cannot be interrupted, and a stalemate of hundreds of combatants would
# play 50 rounds of every turn inside one.
FAST_COMBATANTS = 40
Z95 = 1.96  # the 95 % normal quantile, for the margin of error


class FastPath(Protocol):
    """A system's fast simulation: `fights` fights of `fight` from its current state, with dice
    from a generator of its own seeded with `seed`; None when the fight holds something it does
    not play (the engine plays it instead). `drops` counts every combatant, as `simulate`'s."""

    def __call__(
        self, fight: Fight, *, fights: int, seed: int, round_cap: int
    ) -> Simulation | None: ...


@dataclass(frozen=True)
class Simulation:
    """What `fights` simulated fights came to (`requested` were asked for)."""

    requested: int
    fights: int
    wins: dict[str, int]  # side → fights it won
    nobody: int  # fights in which every side went down at once
    undecided: int  # fights still going after the round cap
    rounds: dict[int, int]  # the round a decided fight ended in → fights
    drops: dict[str, int]  # combatant id → fights in which it dropped (out of the fight)
    fallbacks: int  # actions the engine refused (the actor passed instead)
    seed: int
    round_cap: int
    sides: tuple[str, ...] = field(default=())  # every side, in the fight's order
    fast: int = 0  # of `fights`, those the system's fast path played (the rest: the engine)

    def chance(self, count: int) -> float:
        return count / self.fights if self.fights else 0.0

    @property
    def margin(self) -> float:
        """The 95 % margin of error of any chance shown, at its widest (a chance of 50 %)."""
        return Z95 * math.sqrt(0.25 / self.fights) if self.fights else 1.0

    @property
    def decided(self) -> int:
        return self.fights - self.undecided

    @property
    def mean_rounds(self) -> float | None:
        """The expected number of rounds of a decided fight."""
        if not self.decided:
            return None
        return sum(r * n for r, n in self.rounds.items()) / self.decided


def fast_result(
    *,
    fights: int,
    seed: int,
    round_cap: int,
    sides: Iterable[str],
    wins: Mapping[str, Any],
    nobody: Any,
    undecided: Any,
    rounds: Mapping[Any, Any],
    drops: Mapping[str, Any],
) -> Simulation:
    """A fast path's tally as `simulate`'s own result: counts as plain ints (numpy's made
    plain), a side that never won and a round no fight ended in left out, rounds in order,
    every fight played by the fast path and none refused."""
    return Simulation(
        requested=fights,
        fights=fights,
        wins={side: int(n) for side, n in wins.items() if n},
        nobody=int(nobody),
        undecided=int(undecided),
        rounds={int(r): int(n) for r, n in sorted(rounds.items()) if n},
        drops={combatant: int(n) for combatant, n in drops.items()},
        fallbacks=0,
        seed=seed,
        round_cap=round_cap,
        sides=tuple(sides),
        fast=fights,
    )


def combined(first: Simulation, then: Simulation) -> Simulation:
    """Two simulations of the same fight as one (the GM's "play more" after a time limit)."""

    def added(a: dict[Any, int], b: dict[Any, int]) -> dict[Any, int]:
        return {key: a.get(key, 0) + b.get(key, 0) for key in sorted({*a, *b})}

    return replace(
        first,
        fights=first.fights + then.fights,
        wins=added(first.wins, then.wins),
        nobody=first.nobody + then.nobody,
        undecided=first.undecided + then.undecided,
        rounds=added(first.rounds, then.rounds),
        drops={key: first.drops.get(key, 0) + then.drops.get(key, 0) for key in first.drops},
        fallbacks=first.fallbacks + then.fallbacks,
        fast=first.fast + then.fast,
    )


def play_fast(
    fast: FastPath,
    fight: Fight,
    fights: int,
    seed: int,
    round_cap: int,
    stop: Callable[[], bool] | None,
    interrupt: Callable[[], bool] | None,
) -> Simulation | None:
    """The fast path's fights in chunks (each with a seed of its own), or None at once when it
    does not play this fight. A chunk's work grows with its fights times the square of the
    combatants (turns per round, targets per turn), so a large fight plays smaller chunks and
    `stop` and `interrupt` are still asked often; `interrupt` before the first chunk leaves the
    fights to the engine's path, which stops as it always does."""
    if fights <= 0 or len(fight.combatants) > FAST_COMBATANTS:
        return None
    per_chunk = max(1, CHUNK * CHUNK_COMBATANTS**2 // max(1, len(fight.combatants)) ** 2)
    total: Simulation | None = None
    while total is None or total.fights < fights:
        if interrupt is not None and interrupt():
            break
        played = 0 if total is None else total.fights
        size = min(CHUNK, per_chunk, fights - played)
        try:
            chunk = fast(fight, fights=size, seed=seed * 1_000_003 + played, round_cap=round_cap)
        except Exception:  # a fast path's own mistake: the engine plays, the GM gets odds
            logger.exception("simulate: the fast path failed; the engine plays the fights")
            return None
        if chunk is None:
            return None
        chunk = replace(chunk, fast=chunk.fights)
        total = chunk if total is None else combined(total, chunk)
        if stop is not None and stop():
            break
    return None if total is None else replace(total, requested=fights, seed=seed)
