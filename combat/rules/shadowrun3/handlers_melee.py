"""Melee attacks and interception (seed 003, Útok zblízka; Zadržení; melee itself is standard
SR3 [std], pages 21–39 of the chapter are not in the seed — sr3fire's melee.py).

seed 003, Zadržení: a character coming within a metre of an opponent without attacking it may be
hit by "jeden volný útok zblízka mimo obvyklé pořadí"; the interceptor "musí mít k dispozici
akce a po tomto útoku už nesmí v daném průběhu iniciativy jednat"; TN 4 with only reach,
movement and the attacker's wound modifiers; the mover defends with full defence; pool dice are
allowed; a mover that takes damage stops.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, Step, _
from combat.rules.held import lines as held_lines
from combat.rules.held import total as held_total
from combat.rules.shadowrun3 import delay
from combat.rules.shadowrun3.common import (
    Work,
    fail,
    number,
    phase_key,
    stage_pass,
    weapon,
    wound_modifier,
)
from combat.rules.shadowrun3.damage import LEVELS, resister
from combat.rules.shadowrun3.handlers_attack import (
    defender_pool,
    one_target,
    pool_dice,
    spend_pool,
    tick,
    whole,
)
from combat.rules.shadowrun3.handlers_damage import harm
from combat.rules.shadowrun3.handlers_gear import (
    is_ready,
    need_ready,
    pool_breaks_aim,
    skill_dice,
)
from combat.rules.shadowrun3.melee import Fighter, melee_code, melee_target_numbers, resolve_melee
from combat.rules.shadowrun3.movement import move_of, movement_tn
from combat.rules.shadowrun3.passes import acts_in


@dataclass(frozen=True)
class MeleePlan:
    attacker: Fighter
    defender: Fighter
    full_defence: bool
    pools: tuple[int, int, int]  # attack, defence, the defender's resistance
    steps: tuple[Step, ...]


def melee_weapon(work: Work, combatant: Combatant, name: str | None) -> Mapping[str, Any] | None:
    if not name:
        return None
    arm = weapon(combatant, name)
    if arm.get("weapon_type") != "melee":
        raise fail(_("%(weapon)s is not a melee weapon"), weapon=arm["name"])
    need_ready(work, combatant, arm["name"])
    return arm


def defending_weapon(fight: Fight, combatant: Combatant) -> Mapping[str, Any] | None:
    """The defender fights with its best ready melee weapon (`guard_worth`), else bare-handed;
    the first listed among equals."""
    ready = [
        weapon(combatant, str(arm["name"]))
        for arm in combatant.weapons
        if arm.get("weapon_type") == "melee" and is_ready(fight, combatant, str(arm["name"]))
    ]
    return max(ready, key=lambda arm: guard_worth(combatant, arm), default=None)


def guard_worth(combatant: Combatant, arm: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """What a defender parries with: the most skill dice and the longer reach decide the
    defence test (melee_target_numbers); the code only counts when it strikes back."""
    code = melee_code(arm, number(combatant, "strength"))
    reach = int(arm.get("reach", 0))
    return skill_dice(combatant, arm)[1], reach, LEVELS.index(code.level), code.power


def plan_melee(work: Work, action: Action, *, intercept: bool = False) -> MeleePlan:
    actor, target = work.get(action.actor), one_target(work, action)
    m = action.modifiers
    arm = melee_weapon(work, actor, action.weapon)
    guard = defending_weapon(work.fight, target)
    (attack_pool,) = pool_dice(work, actor, m, "pool")
    defence_pool, resist_pool = defender_pool(work, action, target, "defence_pool", "resist_pool")
    called = "none" if intercept else m.get("called_shot", "none")
    if called not in ("none", "level", "armour"):
        raise fail(_("called shot: none, level or armour"))
    # Interception: "Jediné modifikátory … dosahu, pohybu nebo zranění útočníka".
    extra = movement_tn(actor) if intercept else whole(m, "tn_modifier", -10, 20, 0)
    tn_attack, tn_defence = melee_target_numbers(
        attacker_reach=int((arm or {}).get("reach", 0)),
        defender_reach=int((guard or {}).get("reach", 0)),
        reach_use=m.get("reach_use", "own"),
        attacker_wound_tn=wound_modifier(actor),
        defender_wound_tn=0 if intercept else wound_modifier(target),
        attacker_modifier=extra,
        called_shot=called != "none",
        attacker_held=0 if intercept else -held_total(actor),  # as the interception's seed line
    )
    if not intercept:
        work.steps += held_lines(actor)
    code = melee_code(arm, number(actor, "strength"))
    attacker = Fighter(
        resister(actor.stats, id=actor.id, name=actor.name),
        skill_dice(actor, arm)[1] + attack_pool,
        tn_attack.value,
        code.raised(1) if called == "level" else code,
    )
    defender = Fighter(
        resister(target.stats, id=target.id, name=target.name),
        skill_dice(target, guard)[1] + defence_pool,
        tn_defence.value,
        melee_code(guard, number(target, "strength")),
        resist_pool,
        whole(m, "armour", 0, 20, 0) if called == "armour" else None,
    )
    full = intercept or tick(m, "full_defence")
    return MeleePlan(
        attacker,
        defender,
        full,
        (attack_pool, defence_pool, resist_pool),
        (*tn_attack.steps, *tn_defence.steps),
    )


def resolve_melee_attack(work: Work, action: Action, *, intercept: bool = False) -> Outcome:
    plan = plan_melee(work, action, intercept=intercept)
    result = resolve_melee(plan.attacker, plan.defender, work.draw, full_defence=plan.full_defence)
    work.steps += [*plan.steps, *result.steps]
    work.rolls += result.rolls
    attack_pool, defence_pool, resist_pool = plan.pools
    spend_pool(work, action.actor, attack_pool)
    resisted = result.resistance is not None and result.winner == "attacker"
    spend_pool(work, plan.defender.who.id, defence_pool + (resist_pool if resisted else 0))
    if defence_pool or (resist_pool and resisted):
        pool_breaks_aim(work, plan.defender.who.id)
    work.update(action.actor, aim=None)
    if result.victim is not None:
        harm(work, result.victim, result.level, stun=result.stun)
    return work.finish(result.summary, {**result.data(), "intercept": intercept})


def resolve_intercept(work: Work, action: Action) -> Outcome:
    """An out-of-turn free melee attack on a mover; it costs the interceptor this pass."""
    fight = work.fight
    actor, mover = work.get(action.actor), one_target(work, action)
    moving = move_of(mover)
    if not moving or moving.get("key") != phase_key(fight):
        raise fail(_("%(name)s has not moved in this pass"), name=mover.name)
    number_ = stage_pass(fight)
    order = list(work.order or fight.order)
    later = fight.current in order and actor.id in order[order.index(fight.current) + 1 :]
    if actor.id == fight.current:
        raise fail(_("an interception is made out of turn"))
    if actor.side == mover.side:
        raise fail(_("only an opponent can intercept %(name)s"), name=mover.name)
    if not (later and acts_in(actor, number_)) and not delay.usable(fight, actor):
        raise fail(_("%(name)s has no action left in this pass to intercept with"), name=actor.name)
    if later:
        work.order = tuple(cid for cid in order if cid != actor.id)
    work.update(actor.id, acted=number_, delay=None)
    work.step(
        _("%(name)s intercepts %(mover)s and gives up its action in this pass"),
        name=actor.name,
        mover=mover.name,
    )
    return resolve_melee_attack(work, action, intercept=True)
