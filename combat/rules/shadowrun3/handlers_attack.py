"""Ranged attacks in a phase (seed 003, Boj na dálku; Výstřel, Rychlé tasení, Vrh).

The engine's side of an attack: what the phase already fired (recoil, extra targets), the
magazine, aim, movement, wounds, surprise and the combat pools; sr3fire's functions roll the
attack, dodge and resistance (ranged.resolve_ranged), and handlers_damage applies the result.
A plan (the Shot with its TN) is made without rolling, so the `odds` hook shows the same test.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.base import Action, Combatant, Outcome, Step, _
from combat.rules.held import lines as held_lines
from combat.rules.held import total as held_total
from combat.rules.shadowrun3.ammunition import volley_code
from combat.rules.shadowrun3.common import (
    Work,
    fail,
    number,
    phase_key,
    reaction,
    stat,
    weapon,
    wound_modifier,
)
from combat.rules.shadowrun3.damage import resister, weapon_code
from combat.rules.shadowrun3.firearms import PhaseFire, Volley, fire
from combat.rules.shadowrun3.handlers_damage import harm
from combat.rules.shadowrun3.handlers_gear import (
    GRENADES,
    aim_bonus,
    aim_limit,
    ammo,
    is_firearm,
    mode,
    need_ready,
    pool_breaks_aim,
    set_ammo,
    set_ready,
    skill_dice,
)
from combat.rules.shadowrun3.modifiers import Situation, dodge_target_number, ranged_target_number
from combat.rules.shadowrun3.movement import movement_kind, ran
from combat.rules.shadowrun3.range_bands import band_limits, range_band
from combat.rules.shadowrun3.ranged import Shot, armour_kind, resolve_ranged
from combat.rules.shadowrun3.success import success_test
from combat.rules.shadowrun3.surprise import no_pool_against

CALLED = ("none", "level", "armour")


def whole(modifiers: Mapping[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = modifiers.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise fail(
            _("%(key)s must be a whole number from %(low)s to %(high)s"),
            key=key,
            low=low,
            high=high,
        )
    return value


def tick(modifiers: Mapping[str, Any], key: str) -> bool:
    value = modifiers.get(key, False)
    if type(value) is not bool:
        raise fail(_("%(key)s must be ticked or not"), key=key)
    return value


def pool_left(combatant: Combatant) -> int:
    value = combatant.turn.get("pool", 0)
    return value if type(value) is int else 0


def pool_dice(work: Work, who: Combatant, modifiers: Mapping[str, Any], *keys: str) -> list[int]:
    """Pool dice asked for under `keys`, all from `who`'s pool left this turn."""
    asked = [whole(modifiers, key, 0, 30, 0) for key in keys]
    if sum(asked) > pool_left(who):
        raise fail(
            _("%(name)s has only %(left)s combat pool dice left"),
            name=who.name,
            left=pool_left(who),
        )
    return asked


def spend_pool(work: Work, combatant_id: str, dice: int) -> None:
    if dice:
        work.update(combatant_id, pool=pool_left(work.get(combatant_id)) - dice)


def defender_pool(work: Work, action: Action, target: Combatant, *keys: str) -> list[int]:
    """seed 003: the surprised may not use pool dice against the surpriser's attacks."""
    asked = pool_dice(work, target, action.modifiers, *keys)
    if any(asked) and no_pool_against(work.fight, target.id, action.actor):
        work.step(_("%(name)s is surprised by the attacker: no combat pool dice"), name=target.name)
        return [0 for _dice in asked]
    return asked


def one_target(work: Work, action: Action) -> Combatant:
    if len(action.targets) != 1:
        raise fail(_("choose one target"))
    return work.get(action.targets[0])


@dataclass(frozen=True)
class RangedPlan:
    shot: Shot
    volley: Volley | None
    pool: int  # the attacker's pool dice
    steps: tuple[Step, ...]


def plan_ranged(
    work: Work, action: Action, arm: Mapping[str, Any], volley: Volley | None, ammunition: str
) -> RangedPlan:
    """Steps 1–2 of seed 003 and every number of the dice to come; rolls nothing."""
    actor, target = work.get(action.actor), one_target(work, action)
    m = action.modifiers
    strength = number(actor, "strength")
    distance = m.get("distance")
    steps: list[Step] = []
    if distance is None:
        distance = band_limits(arm, strength).bands[0]
        steps.append(Step(_("no distance given: short range (%(metres)s m)"), {"metres": distance}))
    band = range_band(arm, whole(m, "distance", 0, 5000, distance), strength=strength)
    (pool,) = pool_dice(work, actor, m, "pool")
    called = m.get("called_shot", "none")
    if called not in CALLED:
        raise fail(_("called shot: none, level or armour"))
    situation = _situation(work, action, arm, volley, bool(pool), steps)
    tn = ranged_target_number(band, arm, volley, situation)
    standard = weapon_code(arm, strength)
    code, code_steps = volley_code(standard, volley, ammunition, called_shot=called == "level")
    dodge, resist = defender_pool(work, action, target, "dodge_pool", "resist_pool")
    dodge_tn = dodge_target_number(
        burst=volley.dodge_modifier if volley else 0,
        wound_tn=wound_modifier(target),
        cramped=whole(m, "cramped", 0, 2, 0),
        area=arm.get("weapon_type") in GRENADES,
    )
    _key, rating = skill_dice(actor, arm)
    shot = Shot(
        resister(actor.stats, id=actor.id, name=actor.name),
        resister(target.stats, id=target.id, name=target.name),
        rating + pool,
        tn.value,
        code,
        standard,
        ammunition,
        armour_kind(arm),
        dodge,
        dodge_tn.value,
        resist,
        whole(m, "armour", 0, 20, 0) if called == "armour" else None,
    )
    steps += [*tn.steps, *code_steps]
    return RangedPlan(shot, volley, pool, tuple(steps))


def _situation(
    work: Work,
    action: Action,
    arm: Mapping[str, Any],
    volley: Volley | None,
    pool: bool,
    steps: list[Step],
) -> Situation:
    """The GM's ticks and values, plus what the engine knows: the phase's targets, movement,
    wounds, the smart system, aim (lost when pool dice join a multi-phase aim)."""
    actor, target = work.get(action.actor), one_target(work, action)
    m = action.modifiers
    aim, held = aim_bonus(actor, arm, target.id)
    if held and pool:
        # seed 003: "Jakmile je mířící postava použije, přijde o výhody zamíření."
        steps.append(Step(_("pool dice while aiming over several phases: the aim is lost")))
        aim = 0
    stationary = tick(m, "stationary_target")
    steps += held_lines(actor)
    return Situation(
        visibility=str(m.get("visibility", "clear")),
        vision=str(stat(actor, "vision")),
        blind_fire=tick(m, "blind_fire"),
        partial_cover=tick(m, "partial_cover"),
        extra_targets=_extra_targets(work, actor, target.id, volley),
        running_target=tick(m, "running_target") or (ran(target) and not stationary),
        stationary_target=stationary,
        melee_opponents=whole(m, "melee_opponents", 0, 10, 0),
        movement=movement_kind(actor),
        wound_tn=wound_modifier(actor),
        smart=str(stat(actor, "smartlink")),
        second_firearm=tick(m, "second_firearm"),
        aim=aim,
        aim_limit=aim_limit(actor, arm),
        called_shot=m.get("called_shot", "none") != "none",
        gm=whole(m, "tn_modifier", -10, 20, 0),
        held=-held_total(actor),  # a condition's −2 is a TN 2 higher
    )


def _extra_targets(work: Work, actor: Combatant, target: str, volley: Volley | None) -> int:
    """Thrown weapons count the phase's earlier targets here (a volley counts its own)."""
    if volley is not None:
        return 0
    fired = phase_fire(work, actor)
    return len([t for t in fired.targets if t != target])


def phase_fire(work: Work, actor: Combatant) -> PhaseFire:
    stored = actor.turn.get("fired")
    if isinstance(stored, Mapping) and stored.get("key") == phase_key(work.fight):
        return PhaseFire.from_data(stored)
    return PhaseFire()


def plan_volley(work: Work, action: Action) -> tuple[Mapping[str, Any], Volley, dict[str, Any]]:
    """The weapon, the volley this trigger pull fires, and the magazine's state."""
    actor, target = work.get(action.actor), one_target(work, action)
    arm = weapon(actor, action.weapon)
    if not is_firearm(arm):
        raise fail(_("%(weapon)s is not a firearm"), weapon=arm["name"])
    current = mode(actor, arm)
    wanted = action.modifiers.get("mode", current)
    if wanted != current:
        raise fail(
            _("%(weapon)s is set to another fire mode: change the fire mode first"),
            weapon=arm["name"],
        )
    state = ammo(actor, arm)
    if not state["clip"]:
        raise fail(_("%(weapon)s has no clip in"), weapon=arm["name"])
    rounds = action.modifiers.get("rounds")
    if rounds is not None:
        rounds = whole(action.modifiers, "rounds", 1, 10, 1)
    volley = fire(
        arm,
        wanted,
        phase=phase_fire(work, actor),
        target=target.id,
        rounds=rounds,
        loaded=state["rounds"],
        gap_metres=whole(action.modifiers, "gap", 0, 50, 0),
    )
    return arm, volley, state


def resolve_fire(work: Work, action: Action) -> Outcome:
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    need_ready(work, actor, arm["name"])
    blocked = actor.turn.get("no_fire")
    if (
        isinstance(blocked, Mapping)
        and blocked.get("key") == phase_key(work.fight)
        and blocked.get("weapon") == arm["name"]
    ):
        raise fail(
            _("the quick draw failed: %(weapon)s cannot fire in this phase"), weapon=arm["name"]
        )
    return _shoot(work, action)


def _shoot(work: Work, action: Action) -> Outcome:
    arm, volley, state = plan_volley(work, action)
    plan = plan_ranged(work, action, arm, volley, str(state["type"]))
    work.steps += [*volley.steps, *plan.steps]
    work.update(action.actor, fired={"key": phase_key(work.fight), **volley.phase.to_data()})
    set_ammo(work, action.actor, arm["name"], {**state, "rounds": volley.loaded})
    return roll_shot(work, action, plan)


def roll_shot(work: Work, action: Action, plan: RangedPlan) -> Outcome:
    """Roll the planned shot, spend the pools, forget the aim, apply the damage."""
    result = resolve_ranged(plan.shot, work.draw)
    work.steps += result.steps
    work.rolls += result.rolls
    # seed 003: the attacker's pool dice join its test before the roll, spent hit or miss;
    # the target's only when its dodge or resistance test is rolled ("Jestliže nepadne žádný
    # úspěch, útok se zcela mine účinkem"; a dodged attack has no resistance test).
    spend_pool(work, action.actor, plan.pool)
    rolled = plan.shot.dodge_dice if result.dodge is not None else 0
    rolled += plan.shot.resist_pool if result.resistance is not None else 0
    spend_pool(work, plan.shot.target.id, rolled)
    if rolled:
        pool_breaks_aim(work, plan.shot.target.id)
    work.update(action.actor, aim=None)
    if result.victim is not None:
        harm(work, result.victim, result.level, stun=result.stun)
    data = {
        **result.data(),
        "tn": plan.shot.target_number,
        "dice": plan.shot.dice,
        "code": str(plan.shot.code),
    }
    return work.finish(result.summary, data)


def resolve_quick_draw(work: Work, action: Action) -> Outcome:
    """seed 003, Rychlé tasení: pistols (concealability 4+), Reaction (4) with one success
    enough, +2 out of a proper holster, +2 more for two weapons; a failure means no shot from
    it in this phase (the weapon is out)."""
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    if int(arm.get("concealability", 0)) < 4 or not is_firearm(arm) or mode(actor, arm) == "FA":
        raise fail(_("only pistol-sized weapons that fire as a simple action can be quick-drawn"))
    m = action.modifiers
    tn = 4 + 2 * tick(m, "no_holster") + 2 * tick(m, "two_weapons") + wound_modifier(actor)
    test = success_test(reaction(actor), tn, work.draw, purpose="quick_draw", roller=actor.id)
    work.rolls += test.rolls
    work.steps += [
        Step(
            _("%(name)s quick-draws %(weapon)s: Reaction test"),
            {"name": actor.name, "weapon": arm["name"]},
        ),
        *test.steps,
    ]
    set_ready(work, actor.id, arm["name"])
    if not test.successes:
        work.update(actor.id, no_fire={"key": phase_key(work.fight), "weapon": arm["name"]})
        return work.finish(
            Step(
                _("%(name)s fumbles the draw: no shot from %(weapon)s in this phase"),
                {"name": actor.name, "weapon": arm["name"]},
            ),
            {"hit": False, "damage": 0, "drawn": False},
        )
    return _shoot(work, action)
