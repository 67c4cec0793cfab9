"""The state of many Shadowrun 3 fights at once: arrays shaped (fights, combatants), one row a
fight, for the fast path's loop (combat.rules.shadowrun3.fast.play).

Besides the monitors, pools and magazines, it keeps what orders a pass as the engine does
(combat.rules.shadowrun3.passes.rank): the score now, `rank` — where the combatant's earlier
scores of the turn, its rolled total and its Reactions place it among the others (the rest of
the engine's tie key, as one dense rank) — and `tie`, the order within a complete tie: a random
one where the engine rolls 1d6 off (a new turn, a wounded combatant's group), else the acting
order of the pass before (a tie settled before keeps its order).
"""

from __future__ import annotations

import numpy as np

from combat.rules.arrays import Bools, Floats, Ints
from combat.rules.shadowrun3.fast.table import Table

OFFSET = 512  # keeps scores positive inside a composite key
FAR = 1 << 40  # no target: out of the fight, or on one's own side
PENALTY = np.array([0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3], dtype=np.int64)  # boxes 0..10 → wound


def penalty(boxes: Ints) -> Ints:
    """damage.wound_penalty of each count of boxes."""
    return PENALTY[np.minimum(boxes, 10)]


def dense_rank(values: Ints) -> Ints:
    """Each row's values as ranks 0, 1, … (equal values, equal ranks; order kept)."""
    order = np.argsort(values, axis=1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=1)
    new = np.ones(values.shape, dtype=np.int64)
    new[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    ranks = np.cumsum(new, axis=1) - 1
    result = np.empty_like(ranks)
    np.put_along_axis(result, order, ranks, axis=1)
    return result


class State:
    """`fights` fights of one table, all as the simulation begins."""

    def __init__(self, table: Table, fights: int) -> None:
        size = (fights, len(table.ids))
        self.table = table
        self.row = np.arange(fights)  # which fight of the chunk each row is
        self.phys: Ints = np.tile(table.phys, (fights, 1))
        self.stun: Ints = np.tile(table.stun, (fights, 1))
        self.out: Bools = np.tile(table.out, (fights, 1))
        self.rounds: Ints = np.tile(table.rounds, (fights, 1))
        self.clip: Bools = np.tile(table.clip, (fights, 1))
        self.pool: Ints = np.zeros(size, dtype=np.int64)
        self.score: Ints = np.zeros(size, dtype=np.int64)
        self.wound: Ints = np.zeros(size, dtype=np.int64)  # the wound modifier subtracted
        self.raw: Ints = np.zeros(size, dtype=np.int64)
        self.rank: Ints = np.zeros(size, dtype=np.int64)
        self.tie: Floats = np.zeros(size, dtype=np.float64)
        self.acted: Bools = np.zeros(size, dtype=np.bool_)
        self.place: Ints = np.zeros(size, dtype=np.int64)  # acting position in the pass
        self.done: Bools = np.zeros(fights, dtype=np.bool_)
        # tactics._weakest's order of targets: fewest boxes left (the worse monitor), then
        # the first in the fight's list; FAR for who is out. `enemies`: FAR on one's own side.
        left = table.numbers["max_hp"] - np.maximum(self.phys, self.stun)
        self.priority: Ints = np.where(self.out, FAR, left * (size[1] + 1) + np.arange(size[1]))
        self.enemies: Ints = np.where(table.side[:, None] == table.side[None, :], FAR, 0)

    def prioritise(self, rows: Ints, who: Ints) -> None:
        """The target order of `who` (one in each row) after its monitors changed."""
        left = self.table.numbers["max_hp"][who] - np.maximum(
            self.phys[rows, who], self.stun[rows, who]
        )
        width = len(self.table.ids) + 1
        self.priority[rows, who] = np.where(self.out[rows, who], FAR, left * width + who)

    FIELDS = (
        "row",
        "phys",
        "stun",
        "out",
        "rounds",
        "clip",
        "pool",
        "score",
        "wound",
        "raw",
        "rank",
        "tie",
        "acted",
        "place",
        "done",
        "priority",
    )

    def keep(self, rows: Bools) -> None:
        """Only these rows from now on (the others' fights are over)."""
        for name in self.FIELDS:
            setattr(self, name, getattr(self, name)[rows])

    def resume(self, numbers: dict[str, Ints]) -> None:
        """A combat turn under way (fast.running): its scores, pools, ranks and who acted; a
        tie keeps the pass's order."""
        fights = self.row.size
        for name in ("score", "wound", "raw", "pool", "rank", "place"):
            setattr(self, name, np.tile(numbers[name], (fights, 1)))
        self.acted = np.tile(numbers["acted"] > 0, (fights, 1))
        self.tie = self.place / (self.place.shape[1] + 1)

    def roll(self, rows: Ints, rng: np.random.Generator) -> None:
        """engine.roll_initiative / start_of_round for these fights: the pool refreshes, each
        standing combatant rolls modified Reaction + Nd6 (no rule of six), less its wound
        modifier; ties are settled by a fresh random order."""
        numbers = self.table.numbers
        dice = numbers["dice"]
        faces = rng.integers(1, 7, size=(rows.size, dice.size, int(dice.max())))
        counted = np.arange(faces.shape[2]) < dice[:, None]
        self.raw[rows] = numbers["reaction"] + (faces * counted).sum(axis=2)
        wound = penalty(self.phys[rows]) + penalty(self.stun[rows])
        self.wound[rows] = wound
        self.score[rows] = self.raw[rows] - wound
        self.pool[rows] = numbers["pool"]
        self.tie[rows] = rng.random((rows.size, dice.size))
        width = dice.size + 1
        reactions = dense_rank((numbers["reaction"] * 4096 + numbers["natural"])[None, :])
        first = (self.score[rows] + OFFSET) * (OFFSET * 2 * width)
        first += (self.raw[rows] + OFFSET) * width + reactions
        self.rank[rows] = dense_rank(first)

    def next_pass(self) -> None:
        """engine.advance: the next pass ranks by the score now, then the earlier ones; a tie
        keeps the acting order of the pass just ended."""
        width = self.rank.shape[1] + 1
        self.rank = dense_rank((self.score + OFFSET) * width + self.rank)
        self.tie = self.place / width
        self.acted[:] = False

    def acting(self, threshold: int) -> Bools:
        """Who still acts in this pass: standing, not acted yet, pass score above 0."""
        return ~self.out & ~self.acted & (self.score > threshold)

    def key(self, rows: Ints) -> Floats:
        """The engine's acting order as one number: higher acts first."""
        width = self.rank.shape[1] + 1
        whole = (self.score[rows] + OFFSET) * width + self.rank[rows]
        result: Floats = whole + 0.5 * (1.0 - self.tie[rows])
        return result
