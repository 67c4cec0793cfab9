"""Many Dračí Hlídka fights at once with numpy (issue P): arrays shaped (fights, combatants), one
step per place in the initiative order, the same rules and tactics as the engine's.

Each round: the standing roll initiative (1d6 + OBR + the GM's bonus, highest first, then the
higher OBR, then re-rolls — a uniformly random order among the still tied), then in each fight's
own order every standing combatant with a turn either stands up (prone) or makes its Útok on the
standing enemy with the fewest životy that fewer than three others attacked in melee this round
(the first in the fight's list among equals). Útok = ÚČ + 1d6! (+5 against the prone and the
surprised); the target's first blow of the round is parried actively (OČ + 1d6!), the rest with
ZO; two or more melee attackers cost it 1 each (at most 3). A hit wounds by Útok − Obrana +
zranění; two or more sixes (two more than the other roll's, when it has two) with a wound open a
bleeding of (sixes − 1)d6, lost at the hit and at the start of every following round; a
critical defence bleeds the attacker. The fight ends when at most one side stands.
"""

from __future__ import annotations

import numpy as np

from combat.rules.arrays import Bools, Ints
from combat.rules.draci_hlidka.fast.roster import VYHODA, Roster

UNDECIDED, NOBODY = -2, -1
HIGH = np.int64(1) << 40  # above any HP: masks who cannot be chosen
SURROUND = 3  # seed 000: at most three surround one creature
MOST_PENALTY = 3  # seed 000: outnumbered, −1 per attacker, at most −3


def exploding(rng: np.random.Generator, size: int) -> tuple[Ints, Ints]:
    """`size` rolls of 1d6!: every 6 is rolled again and added; the total and the sixes."""
    face = rng.integers(1, 7, size)
    total, sixes = face.copy(), (face == 6).astype(np.int64)
    more = np.flatnonzero(face == 6)
    while more.size:
        face = rng.integers(1, 7, more.size)
        total[more] += face
        six = face == 6
        sixes[more] += six
        more = more[six]
    return total, sixes


def critical(own: Ints, other: Ints) -> Bools:
    """criticals.critical_counts for arrays of sixes."""
    return (own >= 2) & ((other < 2) | (own >= other + 2))


def dice_sum(rng: np.random.Generator, counts: Ints) -> Ints:
    """Each entry's `count`d6 summed (bleeding)."""
    total = np.zeros(counts.shape, dtype=np.int64)
    for k in range(int(counts.max(initial=0))):
        rolling = np.flatnonzero(counts > k)
        total[rolling] += rng.integers(1, 7, rolling.size)
    return total


class Fights:
    """The fights still running, one row each (rows are dropped as fights end, at round ends)."""

    def __init__(self, roster: Roster, fights: int, rng: np.random.Generator) -> None:
        self.r, self.rng = roster, rng
        n = len(roster.ids)
        self.rows = np.arange(fights)  # each row's fight
        self.hp = np.tile(roster.hp, (fights, 1))
        self.prone = np.tile(roster.prone, (fights, 1))
        self.bleed = np.tile(roster.bleed_dice, (fights, 1))
        self.amount = np.tile(roster.bleed_amount, (fights, 1))
        self.left = np.tile(roster.first.defences, (fights, 1))
        self.attackers = np.tile(roster.first.attackers, (fights, 1))
        self.done = np.zeros(fights, dtype=bool)
        self.enemy = roster.side[:, None] != roster.side[None, :]
        self.sides = roster.side[None, :] == np.arange(len(roster.sides))[:, None]  # (k, n)
        self.round = roster.round
        self.start = self.standing()
        self.ended = np.full(fights, 0, dtype=np.int64)  # by fight: the round it ended in
        self.winner = np.full(fights, UNDECIDED, dtype=np.int64)
        self.end_hp = np.zeros((fights, n), dtype=np.int64)
        self.fixed: Ints | None = None  # the order kept with initiative once, per row

    def standing(self) -> Bools:
        return (self.hp > 0) & ~self.r.out[None, :]

    def settle(self, rows: Ints) -> None:
        """The rows whose fight may have ended: mark those over, with their winner."""
        if not rows.size:
            return
        left = (self.standing()[rows][:, None, :] & self.sides[None, :, :]).any(axis=2)
        over = left.sum(axis=1) <= 1
        rows = rows[over]
        if not rows.size:
            return
        one = left[over].sum(axis=1) == 1
        self.done[rows] = True
        fights = self.rows[rows]
        self.ended[fights] = self.round
        self.winner[fights] = np.where(one, left[over].argmax(axis=1), NOBODY)
        self.end_hp[fights] = self.hp[rows]

    def keep_running(self) -> None:
        """Drop the rows of ended fights (their results are kept by fight)."""
        keep = np.flatnonzero(~self.done)
        for name in ("rows", "hp", "prone", "bleed", "amount", "done"):
            setattr(self, name, getattr(self, name)[keep])
        if self.fixed is not None:
            self.fixed = self.fixed[keep]
        count = keep.size
        self.left = np.ones((count, len(self.r.ids)), dtype=np.int64)
        self.attackers = np.zeros((count, len(self.r.ids)), dtype=np.int64)

    def order(self) -> Ints:
        """This round's initiative for the standing (the out last, acting no more)."""
        rolled = self.rng.integers(1, 7, self.hp.shape) + self.r.obr + self.r.initiative
        key = (rolled * 64 + self.r.obr + 32).astype(np.float64)
        key += self.rng.random(self.hp.shape)  # ties: re-rolled until told apart
        key[~self.standing()] = -np.inf
        return np.argsort(-key, axis=1, kind="stable")

    def turn(self, actors: Ints, first: bool) -> None:
        """One place in the order: each running fight's combatant there takes its turn."""
        rows = np.arange(actors.size)
        hp = self.hp[rows, actors]
        acting = ~self.done & (hp > 0) & ~self.r.out[actors]
        if first:
            acting &= ~self.r.first.idle[actors]
        up = acting & self.prone[rows, actors]
        self.prone[rows[up], actors[up]] = False  # stands up: a short action, nothing more
        rows = rows[acting & ~up]
        if rows.size:
            self.attack(rows, actors[rows], first)

    def attack(self, rows: Ints, actors: Ints, first: bool) -> None:
        """The actors' Útok on their targets, where they find one."""
        hp = self.hp[rows]
        allowed = self.attackers[rows] < SURROUND
        if first:
            allowed |= self.r.first.attacked[actors]
        can = (hp > 0) & ~self.r.out[None, :] & self.enemy[actors] & allowed
        targets = np.where(can, hp, HIGH).argmin(axis=1)
        found = can[np.arange(rows.size), targets]
        rows, actors, targets = rows[found], actors[found], targets[found]
        if not rows.size:
            return
        if first:
            new = ~self.r.first.attacked[actors, targets]
            self.attackers[rows[new], targets[new]] += 1
        else:
            self.attackers[rows, targets] += 1
        self.blow(rows, actors, targets, first)
        self.settle(rows)

    def blow(self, rows: Ints, actors: Ints, targets: Ints, first: bool) -> None:
        """Roll the Útok and the Obrana, and wound (combat.rules.draci_hlidka.wounds.land)."""
        r, rng = self.r, self.rng
        caught = r.first.surprised[targets] if first else np.zeros(rows.size, dtype=bool)
        rolled, sixes = exploding(rng, rows.size)
        bonus = VYHODA * (self.prone[rows, targets].astype(np.int64) + caught)
        attack = r.attack[actors] + bonus + rolled
        crowd = self.attackers[rows, targets]
        extra = -np.where(crowd >= 2, np.minimum(crowd, MOST_PENALTY), 0)
        active = (self.left[rows, targets] > 0) & ~caught
        parried, defence_sixes = exploding(rng, rows.size)
        defence_sixes = np.where(active, defence_sixes, 0)
        defence = np.where(active, r.oc[targets] + parried, r.zo[targets]) + extra
        self.left[rows[active], targets[active]] -= 1
        hit = attack > defence
        damage = np.where(hit, np.maximum(0, attack - defence + r.damage[actors]), 0)
        wounded = hit & (damage > 0) & critical(sixes, defence_sixes) & r.bleeds[targets]
        self.hp[rows, targets] -= damage + self.open(
            rows[wounded], targets[wounded], sixes, wounded
        )
        parry = ~hit & active & (defence > attack) & critical(defence_sixes, sixes)
        parry &= r.bleeds[actors]
        self.hp[rows, actors] -= self.open(rows[parry], actors[parry], defence_sixes, parry)

    def open(self, rows: Ints, victims: Ints, sixes: Ints, where: Bools) -> Ints:
        """A critical's bleeding: (sixes − 1)d6 from now on; the loss at the hit, by blow."""
        dice = sixes[where] - 1
        self.bleed[rows, victims] += dice
        loss = np.zeros(where.size, dtype=np.int64)
        if self.r.at_hit:
            loss[where] = dice_sum(self.rng, dice)
        return loss

    def new_round(self, first: bool) -> None:
        """The next round begins: the bookkeeping is reset, last round's potions work (only
        the fight's own: the tactics give none), and everyone bleeds."""
        self.keep_running()
        self.round += 1
        if first:
            self.drink()
        bleeding = ((self.bleed > 0) | (self.amount > 0)) & self.standing()
        rows, who = np.nonzero(bleeding)
        if rows.size:
            lost = dice_sum(self.rng, self.bleed[rows, who]) + self.amount[rows, who]
            self.hp[rows, who] -= lost
            self.settle(np.unique(rows))

    def drink(self) -> None:
        """treatment.potions_work: bleeding stopped, HP healed up to the maximum (the out
        stay out: they are unconscious)."""
        stops = self.r.potion_stops[None, :]
        self.bleed = np.where(stops, 0, self.bleed)
        self.amount = np.where(stops, 0, self.amount)
        healed = np.maximum(np.minimum(self.r.max_hp, self.hp + self.r.potion_heals), self.hp)
        self.hp = np.where(self.standing(), healed, self.hp)

    def finish(self) -> None:
        """Past the round cap: the fights still running are undecided."""
        fights = self.rows[~self.done]
        self.ended[fights] = self.round
        self.end_hp[fights] = self.hp[~self.done]
