"""The odds shown before an attack or a contest is rolled: exact fractions, computed.

The kept d20 of a roll with advantage shows n with chance (2n − 1)/400, with disadvantage
(41 − 2n)/400, otherwise 1/20. An attack hits on a natural 20, never on a natural 1, otherwise
when n + bonus ≥ KP (AC, with cover). The expected damage adds, per damage type, the mean of
the dice after the target's immunity, resistance and vulnerability (exact distributions from
combat.rules.odds), weighted by the chance of a plain hit and of a critical hit (dice twice).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from combat.rules.base import Action, Combatant, Fight, RulesError, Step, _
from combat.rules.dice import InvalidDice
from combat.rules.dnd5e import damage, legendary, saves
from combat.rules.dnd5e.advantage import Mode, kept_chance, verdict
from combat.rules.dnd5e.attack import armour_class, check_reach, one_target
from combat.rules.dnd5e.catalogue import KNOWN, SPECS, choices
from combat.rules.dnd5e.common import Work, skill_bonus
from combat.rules.dnd5e.grapple import SKILLS, best_skill, check_mode
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import Profile, attack_distance, profile
from combat.rules.estimate import distribution

D20 = range(1, 21)


@dataclass(frozen=True)
class AttackOdds:
    hit: Fraction
    critical: Fraction
    damage: Fraction  # expected damage dealt (0 on a miss)
    need: int  # the natural d20 that hits at least
    mode: Mode


def expected_damage(target: Combatant, arm: Profile, critical: bool) -> Fraction:
    total = Fraction(0)
    for expression, kind in arm.damage:
        rolled = damage.doubled(expression) if critical else expression
        for value, chance in distribution(rolled).items():  # within the odds' budget (issue K)
            total += chance * damage.adjusted(None, target, max(value, 0), kind)
    return total


def attack_odds(fight: Fight, action: Action, mods: Mods) -> AttackOdds:
    work = Work(fight, _NoFaces())
    actor, target = work.get(action.actor), one_target(work, action)
    distance = attack_distance(fight, actor, action.kind, action.weapon, mods)
    arm = profile(actor, action.kind, action.weapon, mods, distance)
    check_reach(arm, distance)
    ac = armour_class(work, target, mods)
    seen = verdict(actor, target, arm, mods, distance)
    need = next((n for n in range(2, 20) if n + arm.bonus >= ac), 20)
    hit = critical = Fraction(0)
    if not mods.flag("wrong_location"):
        for natural in D20:
            chance = kept_chance(natural, seen.mode)
            if natural == 20 or (natural != 1 and natural + arm.bonus >= ac):
                hit += chance
                critical += chance if natural == 20 or seen.auto_critical else 0
    plain = expected_damage(target, arm, False)
    doubled = expected_damage(target, arm, True)
    return AttackOdds(hit, critical, (hit - critical) * plain + critical * doubled, need, seen.mode)


def _distribution(bonus: int, mode: Mode) -> Mapping[int, Fraction]:
    return {natural + bonus: kept_chance(natural, mode) for natural in D20}


def contest_odds(fight: Fight, action: Action, mods: Mods) -> Fraction:
    """The chance that the one who grapples, shoves or escapes rolls higher."""
    work = Work(fight, _NoFaces())
    actor = work.get(action.actor)
    if action.kind == "escape":
        holder = work.get(action.targets[0]) if action.targets else None
        mover_skill = best_skill(actor, mods.choice("skill", choices("skill"), "auto"))
        holder_skill = "athletics"
    else:
        holder = one_target(work, action)
        mover_skill = "athletics"
        holder_skill = best_skill(holder, mods.choice("skill", choices("skill"), "auto"))
    if holder is None:
        raise RulesError(_("choose a target"))
    mine = _distribution(
        skill_bonus(actor, mover_skill, SKILLS[mover_skill][0]),
        check_mode(actor, mods.flag("advantage"), mods.flag("disadvantage")),
    )
    theirs = _distribution(
        skill_bonus(holder, holder_skill, SKILLS[holder_skill][0]),
        check_mode(holder, mods.flag("target_advantage"), mods.flag("target_disadvantage")),
    )
    return sum((p * q for a, p in mine.items() for b, q in theirs.items() if a > b), Fraction(0))


def percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}"


_NEEDS = {
    "normal": _("Needs %(need)s or more on the d20"),
    "advantage": _("Needs %(need)s or more on either d20 (advantage)"),
    "disadvantage": _("Needs %(need)s or more on both d20 (disadvantage)"),
}


def odds_steps(fight: Fight, action: Action) -> tuple[Step, ...] | None:
    """The `odds` hook: lines for the action panel, or None when there is nothing to show."""
    spec = SPECS.get(action.kind) if isinstance(action.kind, str) else None
    if spec is None or spec.kind not in ODDS_KINDS:
        return None
    try:
        mods = Mods(action.modifiers, spec.allowed, KNOWN)
        if spec.kind == "legendary":
            return _legendary_lines(fight, action)
        if spec.kind == "save_action":
            return _save_lines(saves.save_odds(fight, action))
        if spec.kind in ("grapple", "shove", "escape"):
            won = contest_odds(fight, action, mods)
            return (Step(_("Chance to win the contest: %(percent)s%%"), {"percent": percent(won)}),)
        found = attack_odds(fight, action, mods)
    except (RulesError, InvalidDice):
        return None
    return (
        Step(_("Chance to hit: %(percent)s%%"), {"percent": percent(found.hit)}),
        Step(_NEEDS[found.mode], {"need": str(found.need)}),
        Step(_("Chance of a critical hit: %(percent)s%%"), {"percent": percent(found.critical)}),
        Step(_("Expected damage: %(damage)s"), {"damage": f"{float(found.damage):.1f}"}),
    )


ODDS_KINDS = frozenset(
    {"attack", "unarmed", "grapple", "shove", "escape", "save_action", "legendary"}
)


def _legendary_lines(fight: Fight, action: Action) -> tuple[Step, ...] | None:
    """A legendary option's odds are those of what it does: the attack it names, or the
    saves its DC calls for."""
    actor = fight.get(action.actor)
    entry = next((e for e in legendary.options(actor) if e.get("name") == action.weapon), None)
    if entry is None:
        return None
    named = legendary.named_attack(actor, entry)
    if named is not None:
        blow = replace(action, kind="attack", weapon=named)
        return odds_steps(fight, blow)
    if type(entry.get("dc")) is int and action.targets:
        return _save_lines(saves.entry_odds(fight, actor, entry, action))
    return None


def _save_lines(found: list[saves.SaveOdds]) -> tuple[Step, ...] | None:
    return (
        tuple(
            Step(
                _("%(target)s fails the save: %(percent)s%%, expected damage %(damage)s"),
                {
                    "target": odds.target.name,
                    "percent": percent(odds.fails),
                    "damage": f"{float(odds.damage):.1f}",
                },
            )
            for odds in found
        )
        or None
    )


class _NoFaces:
    def roll(self, sides: int) -> int:
        raise AssertionError("odds roll no dice")
