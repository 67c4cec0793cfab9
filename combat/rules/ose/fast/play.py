"""Fights of one compiled plan (combat.rules.ose.fast.plan) played together with numpy: one
row a fight still going, one column a combatant, a round at a time."""

from __future__ import annotations

import numpy as np

from combat.rules.arrays import Bools, Ints
from combat.rules.ose.fast.plan import OUT_HP, Attacker, Dice, Plan
from combat.rules.simulate import Simulation
from combat.rules.simulation import fast_result


class Play:
    """Fights of one plan played together, a round at a time; a row is a fight still going."""

    def __init__(self, plan: Plan, fights: int, rng: np.random.Generator) -> None:
        self.plan, self.rng = plan, rng
        sides = len(plan.sides)
        self.hp: Ints = np.tile(plan.hp, (fights, 1))
        self.pending: Bools = np.zeros((fights, sides), dtype=np.bool_)  # morale to check
        self.half: Bools = np.zeros((fights, sides), dtype=np.bool_)  # prompted: half down
        self.first: Bools = np.zeros((fights, sides), dtype=np.bool_)  # prompted: first death
        self.passed: Ints = np.zeros((fights, sides), dtype=np.int64)  # morale checks passed
        for side, state in enumerate(plan.morale or ()):
            self.pending[:, side], self.half[:, side] = state.pending, state.half
            self.first[:, side], self.passed[:, side] = state.first, state.passed
        self.order: Ints = np.zeros((fights, 0), dtype=np.int64)  # individual initiative
        self.side_of = np.zeros(len(plan.ids), dtype=np.int64)
        for side, (lo, hi) in enumerate(plan.spans):
            self.side_of[lo:hi] = side
        self.fights = fights
        self.wins = np.zeros(sides, dtype=np.int64)
        self.nobody = self.undecided = 0
        self.rounds: dict[int, int] = {}
        self.drops = np.zeros(len(plan.ids), dtype=np.int64)

    def run(self, seed: int, round_cap: int) -> Simulation:
        limit = self.plan.first + round_cap - 1  # as simulate._play: the first round is played
        now = self.plan.first
        self._settle(now, cap=False)  # a fight already over ends in its first round
        while len(self.hp):
            if self.plan.initiative is None:
                self._round()
            else:
                self._one_by_one()
            self._settle(now, cap=now + 1 > limit)
            now += 1
        return self._result(seed, round_cap)

    def _round(self) -> None:
        """Initiative, the fights grouped by its blocks, each group's blocks and then the slow
        weapons. Each standing side rolls 1d6: with ties rolled again the sides act in a uniformly
        random order; with simultaneous ties equal rolls share a block. A side's block is the
        number of sides that rolled higher (a side out of the fight rolls nothing: last)."""
        count = len(self.plan.sides)
        standing = np.stack(
            [(self.hp[:, lo:hi] < OUT_HP).any(axis=1) for lo, hi in self.plan.spans], axis=1
        )
        if self.plan.together:
            rolls = np.where(standing, self.rng.integers(1, 7, standing.shape), 0)
        else:
            rolls = np.where(standing, self.rng.random(standing.shape), -1.0)
        above = (rolls[:, None, :] > rolls[:, :, None]).sum(axis=2)
        code = above @ (count ** np.arange(count, dtype=np.int64))
        rows = np.argsort(code, kind="stable")
        self._keep(rows)
        values, starts = np.unique(code[rows], return_index=True)
        ends = [*starts[1:], len(rows)]
        for value, start, end in zip(values, starts, ends, strict=True):
            rank = [int(value) // count**side % count for side in range(count)]
            blocks = [[s for s in range(count) if rank[s] == r] for r in sorted(set(rank))]
            self._blocks(slice(int(start), int(end)), blocks)

    def _one_by_one(self) -> None:
        """Individual initiative: each standing combatant's 1d6 + DEX, ties rolled again (a
        uniformly random order among them); each one's block (morale, then its attacks) in
        that order, then the slow weapons in the same order."""
        assert self.plan.initiative is not None
        standing = self.hp < OUT_HP
        rolls = self.rng.integers(1, 7, standing.shape) + self.plan.initiative
        key = np.where(standing, rolls + self.rng.random(standing.shape), -np.inf)
        self.order = np.argsort(-key, axis=1, kind="stable")
        slots = int(standing.sum(axis=1).max(initial=0))
        attackers = self.plan.attackers
        for slot in range(slots):
            for col, rows in self._turns(slot):
                if self.plan.morale is not None:
                    self._morale(rows, int(self.side_of[col]), actor=col)
                if attackers[col][0] in (0, 1):
                    self._strike(rows, attackers[col][1], None)
        for phase in (2, 3):
            for slot in range(slots):
                for col, rows in self._turns(slot):
                    if attackers[col][0] == phase:
                        self._strike(rows, attackers[col][1], None)

    def _turns(self, slot: int) -> list[tuple[int, slice]]:
        """The rows grouped by whose turn `slot` is (the rows reordered so)."""
        rows = np.argsort(self.order[:, slot], kind="stable")
        self._keep(rows)
        cols, starts = np.unique(self.order[:, slot], return_index=True)
        ends = [*starts[1:], len(rows)]
        return [(int(c), slice(int(a), int(b))) for c, a, b in zip(cols, starts, ends, strict=True)]

    def _blocks(self, rows: slice, blocks: list[list[int]]) -> None:
        """The blocks in order: morale, missiles, melee (a tied block's blows held to the end
        of each phase); then the slow weapons' missiles and melee, block by block."""
        phases = self.plan.phases
        for block in blocks:
            for side in block if self.plan.morale is not None else ():
                self._morale(rows, side)
            for phase in phases[:2]:
                held = np.zeros_like(self.hp[rows]) if len(block) > 1 else None
                for attacker in (a for side in block for a in phase[side]):
                    self._strike(rows, attacker, held)
                if held is not None:
                    self._land(rows, held)
        for phase in phases[2:]:
            for attacker in (a for block in blocks for side in block for a in phase[side]):
                self._strike(rows, attacker, None)

    def _land(self, rows: slice, held: Ints) -> None:
        """combat.rules.ose.damage.land_pending: every held blow at once, then the prompts."""
        if not held.any():
            return
        hp = self.hp[rows]
        new = hp - held
        died = (held > 0) & (new <= 0)
        hp[:] = np.where(died, OUT_HP, new)
        if self.plan.morale is None or not died.any():
            return
        for side, (lo, hi) in enumerate(self.plan.spans):
            where = np.nonzero(died[:, lo:hi].any(axis=1))[0]
            if len(where):
                self._prompt(rows, where, side)

    def _strike(self, rows: slice, attacker: Attacker, held: Ints | None) -> None:
        """The attacker's attacks where it stands, each at the weakest standing enemy; its
        damage `held` to the end of the phase in a tied block."""
        hp = self.hp[rows]
        able = hp[:, attacker.col] < OUT_HP
        size = len(hp)
        line = np.arange(size)
        for dice in attacker.dice:
            enemies = hp[:, attacker.view]
            if not enemies.shape[1]:
                return
            target = enemies.argmin(axis=1)
            left = enemies[line, target]
            acts = able & (left < OUT_HP)
            if not acts.any():
                return
            hit = acts & (self.rng.integers(1, 21, size) >= attacker.need[target])
            if not hit.any():
                continue
            damage = np.maximum(_roll(self.rng, dice, size), 1)
            cols = attacker.cols[target]
            if held is not None:
                held[line, cols] += np.where(hit, damage, 0)
                continue
            new = np.where(hit, left - damage, left)
            died = new <= 0
            new[died] = OUT_HP
            hp[line, cols] = new
            if self.plan.morale is not None and died.any():
                self._losses(rows, died, cols)

    def _losses(self, rows: slice, died: Bools, cols: Ints) -> None:
        """combat.rules.ose.morale.after_losses for each side that lost someone."""
        where = np.nonzero(died)[0]
        sides = self.side_of[cols[where]]
        for side in np.unique(sides):
            self._prompt(rows, where[sides == side], int(side))

    def _prompt(self, rows: slice, where: Ints, side: int) -> None:
        """Half of the side down (once), else its first death (once): its standing checkers
        (with fewer than two checks passed) must check morale in their next morale phase."""
        assert self.plan.morale is not None
        checkers = self.plan.morale[side].cols
        lo, hi = self.plan.spans[side]
        hp = self.hp[rows][where]
        pending, half, first = self.pending[rows], self.half[rows], self.first[rows]
        down = (hp[:, lo:hi] >= OUT_HP).sum(axis=1)
        halved = (down * 2 >= hi - lo) & ~half[where, side]
        reason = halved | ~first[where, side]
        able = (hp[:, checkers] < OUT_HP).any(axis=1) & (self.passed[rows][where, side] < 2)
        go = reason & able
        pending[where, side] |= go
        half[where, side] |= go & halved
        first[where, side] |= go

    def _morale(self, rows: slice, side: int, actor: int | None = None) -> None:
        """The side's morale phase, when its check is due: its first standing checker (`actor`,
        with individual initiative) rolls one 2d6 for the whole side, and each standing checker
        holds or flees by its own score (combat.rules.ose.morale.resolve_morale), unless the
        fight is over."""
        assert self.plan.morale is not None
        if actor is not None and actor not in self.plan.morale[side].cols:
            return
        pending = self.pending[rows]
        if not pending[:, side].any():
            return
        checkers, scores = self.plan.morale[side].cols, self.plan.morale[side].scores
        lo, hi = self.plan.spans[side]
        hp = self.hp[rows]
        standing = hp < OUT_HP
        ready = standing[:, checkers]
        others = standing.sum(axis=1) > standing[:, lo:hi].sum(axis=1)
        checks = pending[:, side] & ready.any(axis=1) & others
        if actor is not None:
            checks &= standing[:, actor]
        if not checks.any():
            return
        roll = self.rng.integers(1, 7, (len(hp), 2)).sum(axis=1)
        breaks = checks[:, None] & ready & (roll[:, None] > scores[None, :])
        passed = self.passed[rows]
        passed[:, side] += checks & (ready & ~breaks).any(axis=1)
        pending[:, side] &= ~checks
        hp[:, checkers] = np.where(breaks, OUT_HP, hp[:, checkers])

    def _settle(self, now: int, *, cap: bool) -> None:
        """Count the fights that are over (decided in round `now`), and at the cap the rest
        (undecided); keep playing the others."""
        standing = np.stack(
            [(self.hp[:, lo:hi] < OUT_HP).any(axis=1) for lo, hi in self.plan.spans], axis=1
        )
        left = standing.sum(axis=1)
        over = left <= 1
        ends = over | cap
        self.rounds[now] = self.rounds.get(now, 0) + int(over.sum())
        self.undecided += int((~over).sum()) if cap else 0
        self.nobody += int((left == 0).sum())
        self.wins += standing[left == 1].sum(axis=0)
        self.drops += ((self.hp[ends] >= OUT_HP) & (self.plan.hp < OUT_HP)).sum(axis=0)
        self._keep(~ends)

    def _keep(self, rows: Ints | Bools) -> None:
        """Only these rows of every array, in this order."""
        self.hp, self.order = self.hp[rows], self.order[rows]
        self.pending, self.half = self.pending[rows], self.half[rows]
        self.first, self.passed = self.first[rows], self.passed[rows]

    def _result(self, seed: int, round_cap: int) -> Simulation:
        plan = self.plan
        dropped = dict(zip(plan.ids, self.drops, strict=True))
        return fast_result(
            fights=self.fights,
            seed=seed,
            round_cap=round_cap,
            sides=plan.sides,
            wins=dict(zip(plan.sides, self.wins, strict=True)),
            nobody=self.nobody,
            undecided=self.undecided,
            rounds=self.rounds,
            drops={cid: dropped[cid] for cid in plan.fight_ids},
        )


def _roll(rng: np.random.Generator, dice: Dice, size: int) -> Ints:
    """One roll of plain dice for each of `size` fights."""
    terms, constant = dice
    total = np.full(size, constant, dtype=np.int64)
    for count, sides, sign in terms:
        faces = rng.integers(1, sides + 1, (size, count)).sum(axis=1)
        total += sign * faces
    return total
