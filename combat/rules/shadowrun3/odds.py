"""Exact odds of Shadowrun 3 tests and attacks, for the engine's `odds` hook (issue E).

One die against TN t succeeds with a closed-form chance under the rule of six: (7 − t)/6 for
t from 2 to 6, and for t above 6 a six and then the rest, (1/6) × p(t − 6) — so TN 8 is
1/6 × 5/6 (seed 003: "Musel by na ní hodit 2 a více"). The dice are independent, so the
successes of a test are binomial; an attack combines the attack, dodge and resistance tests
exactly (no enumeration of faces, which for ten dice would be 6^10 sequences).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from combat.rules.base import Step, _
from combat.rules.shadowrun3.ammunition import EXPLOSIVE, armour_against
from combat.rules.shadowrun3.damage import BOXES, LEVELS, Level, stage
from combat.rules.shadowrun3.melee import Fighter
from combat.rules.shadowrun3.ranged import Shot
from combat.rules.shadowrun3.success import clamp

Distribution = Mapping[int, Fraction]


def die_chance(target: int) -> Fraction:
    """P(one die meets `target`) with the rule of six (the TN is clamped to 2 first)."""
    target = clamp(target)
    sixes, rest = divmod(target - 1, 6)  # a six per full 6 above, then one face ≥ rest + 1
    return Fraction(6 - rest, 6) * Fraction(1, 6) ** sixes


@lru_cache(maxsize=1024)
def success_distribution(dice: int, target: int) -> Mapping[int, Fraction]:
    """P(k successes) for k = 0 … dice: binomial in the die's chance."""
    p = die_chance(target)
    return {k: comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(max(dice, 0) + 1)}


def chance_of_success(dice: int, target: int) -> Fraction:
    """P(at least one success)."""
    return 1 - success_distribution(dice, target)[0]


def expected_successes(dice: int, target: int) -> Fraction:
    return max(dice, 0) * die_chance(target)


@dataclass(frozen=True)
class AttackOdds:
    hit: Fraction  # at least one success and not dodged
    dodged: Fraction
    levels: Mapping[Level | None, Fraction]  # on a hit: the level after staging (None: none)
    expected_net: Fraction  # attack − dodge − resistance successes, given a hit
    expected_boxes: Fraction
    misfire: Fraction  # explosive ammunition: every attack die shows 1


def attack_odds(
    *,
    dice: int,
    target: int,
    dodge_dice: int,
    dodge_target: int,
    resist_dice: int,
    resist_target: int,
    level: Level,
    explosive: bool = False,
) -> AttackOdds:
    """The exact odds of one ranged attack (steps 3–6 of seed 003)."""
    attack = success_distribution(dice, target)
    dodge = success_distribution(dodge_dice, dodge_target)
    resist = success_distribution(resist_dice, resist_target)
    hit = dodged = net_sum = boxes = Fraction(0)
    levels: dict[Level | None, Fraction] = dict.fromkeys((*LEVELS, None), Fraction(0))
    for a, pa in attack.items():
        if a == 0:
            continue
        for d, pd in dodge.items():
            if d > a:
                dodged += pa * pd
                continue
            for r, pr in resist.items():
                chance = pa * pd * pr
                staged = stage(level, a - d - r)
                hit += chance
                net_sum += chance * (a - d - r)
                levels[staged] += chance
                boxes += chance * (BOXES[staged] if staged else 0)
    misfire = Fraction(1, 6) ** dice if explosive and dice > 0 else Fraction(0)
    return AttackOdds(hit, dodged, levels, net_sum / hit if hit else Fraction(0), boxes, misfire)


def shot_odds(shot: Shot) -> AttackOdds:
    """The odds of exactly the shot `resolve_ranged` would roll (armour and flechette too)."""
    armour = armour_against(
        shot.target,
        kind=shot.armour_kind,
        ammunition=shot.ammunition,
        override=shot.armour_override,
    )
    code = shot.code.raised(armour.level_bonus)
    return attack_odds(
        dice=shot.dice,
        target=shot.target_number,
        dodge_dice=shot.dodge_dice,
        dodge_target=shot.dodge_target,
        resist_dice=shot.target.body + shot.target.dermal + shot.resist_pool,
        resist_target=code.power - armour.value,
        level=code.level,
        explosive=shot.ammunition in EXPLOSIVE,
    )


@dataclass(frozen=True)
class MeleeOdds:
    hit: Fraction  # the attacker wins
    countered: Fraction  # the defender wins and strikes back
    nobody: Fraction  # a tie, or a win of a defender in full defence
    expected_boxes: Fraction  # to the defender
    expected_counter_boxes: Fraction  # to the attacker


def _staged_boxes(net: int, level: Level, resist: Distribution) -> Fraction:
    """Expected boxes of `level` staged by `net` and then down by the resistance."""
    total = Fraction(0)
    for r, pr in resist.items():
        staged = stage(level, net - r)
        total += pr * (BOXES[staged] if staged else 0)
    return total


def melee_odds(
    *,
    attacker: tuple[int, int],  # (dice, TN)
    defender: tuple[int, int],
    attacker_level: Level,
    defender_level: Level,
    defender_resist: tuple[int, int],  # (Body + dermal + pool, Power − impact of the attacker)
    attacker_resist: tuple[int, int],
    full_defence: bool = False,
) -> MeleeOdds:
    a_dist, d_dist = success_distribution(*attacker), success_distribution(*defender)
    d_resist, a_resist = (
        success_distribution(*defender_resist),
        success_distribution(*attacker_resist),
    )
    hit = countered = nobody = boxes = counter_boxes = Fraction(0)
    for a, pa in a_dist.items():
        for d, pd in d_dist.items():
            chance = pa * pd
            if a > d:
                hit += chance
                boxes += chance * _staged_boxes(a - d, attacker_level, d_resist)
            elif d > a and not full_defence:
                countered += chance
                counter_boxes += chance * _staged_boxes(d - a, defender_level, a_resist)
            else:
                nobody += chance
    return MeleeOdds(hit, countered, nobody, boxes, counter_boxes)


def fighters_odds(attacker: Fighter, defender: Fighter, *, full_defence: bool = False) -> MeleeOdds:
    """The odds of exactly the exchange `resolve_melee` would roll."""

    def resist(loser: Fighter, winner: Fighter) -> tuple[int, int]:
        armour = loser.who.impact if loser.armour_override is None else loser.armour_override
        return loser.who.body + loser.who.dermal + loser.resist_pool, winner.code.power - armour

    return melee_odds(
        attacker=(attacker.dice, attacker.target_number),
        defender=(defender.dice, defender.target_number),
        attacker_level=attacker.code.level,
        defender_level=defender.code.level,
        defender_resist=resist(defender, attacker),
        attacker_resist=resist(attacker, defender),
        full_defence=full_defence,
    )


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}"


_LEVEL_ODDS: Mapping[Level | None, str] = {
    "L": _("chance of Light damage (L): %(percent)s %%"),
    "M": _("chance of Moderate damage (M): %(percent)s %%"),
    "S": _("chance of Serious damage (S): %(percent)s %%"),
    "D": _("chance of Deadly damage (D): %(percent)s %%"),
    None: _("chance of a hit staged below Light: %(percent)s %%"),
}


def odds_steps(odds: AttackOdds) -> tuple[Step, ...]:
    """The lines shown before the roll (params already formatted as strings)."""
    steps = [Step(_("chance to hit: %(percent)s %%"), {"percent": _percent(odds.hit)})]
    if odds.dodged:
        steps.append(
            Step(_("chance the target dodges: %(percent)s %%"), {"percent": _percent(odds.dodged)})
        )
    steps += [
        Step(_LEVEL_ODDS[level], {"percent": _percent(chance)})
        for level, chance in odds.levels.items()
        if chance
    ]
    steps.append(
        Step(_("expected damage: %(boxes)s boxes"), {"boxes": f"{float(odds.expected_boxes):.1f}"})
    )
    if odds.hit:
        steps.append(
            Step(
                _("expected net successes on a hit: %(net)s"),
                {"net": f"{float(odds.expected_net):.1f}"},
            )
        )
    if odds.misfire:
        steps.append(
            Step(
                _("chance the explosive round misfires: %(percent)s %%"),
                {"percent": f"{float(odds.misfire) * 100:.4f}"},
            )
        )
    return tuple(steps)


def melee_odds_steps(odds: MeleeOdds) -> tuple[Step, ...]:
    return (
        Step(_("chance the attacker wins: %(percent)s %%"), {"percent": _percent(odds.hit)}),
        Step(
            _("chance the defender strikes back: %(percent)s %%"),
            {"percent": _percent(odds.countered)},
        ),
        Step(_("chance nobody is hit: %(percent)s %%"), {"percent": _percent(odds.nobody)}),
        Step(_("expected damage: %(boxes)s boxes"), {"boxes": f"{float(odds.expected_boxes):.1f}"}),
        Step(
            _("expected damage to the attacker: %(boxes)s boxes"),
            {"boxes": f"{float(odds.expected_counter_boxes):.1f}"},
        ),
    )
