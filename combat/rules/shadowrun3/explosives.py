"""Throwing, and timed grenades (seed 003, Vrh; Zpožděné exploze a iniciativa).

seed 003: "Ve většině případů explodují tyto předměty v následujícím průběhu iniciativy v bojové
fázi dané postavy. Pokud už postava nemá v daném bojovém kole k dispozici žádné akce, nastane
výbuch na konci dalšího průběhu iniciativy." Rulings: the thrower's current (post-wound) phase
of the next pass (Sharon throws at 18 in pass 1: it goes off at 8 in pass 2). The next pass of
the last pass of a turn is pass 1 of the next turn.

The throw's attack test is rolled when it goes off (its TN, dice and the thrower's pool dice are
fixed at the throw); the target dodges (TN 4 + 2 against an area weapon) and resists with impact
armour then. Blast on others and scatter are not in the seed: the GM applies them ("damage").

A grenade is an Effect on the thrower: key "grenade-N", kind "grenade", data {"target",
"weapon", "thrown": [turn, pass], "due": [turn, pass] or None, "dice", "tn", "power", "level",
"stun", "dodge_pool", "resist_pool", "cramped"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Effect, Outcome, Step, _
from combat.rules.shadowrun3.common import (
    Work,
    fail,
    pass_score,
    phase_key,
    stage_pass,
    weapon,
    wound_modifier,
)
from combat.rules.shadowrun3.damage import DamageCode, resister
from combat.rules.shadowrun3.handlers_attack import (
    RangedPlan,
    one_target,
    phase_fire,
    plan_ranged,
    pool_left,
    roll_shot,
    spend_pool,
)
from combat.rules.shadowrun3.handlers_damage import harm
from combat.rules.shadowrun3.handlers_gear import GRENADES, THROWN, need_ready, unready
from combat.rules.shadowrun3.modifiers import dodge_target_number
from combat.rules.shadowrun3.ranged import Shot, resolve_ranged
from combat.rules.shadowrun3.surprise import no_pool_against


def resolve_throw(work: Work, action: Action) -> Outcome:
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    if arm.get("weapon_type") not in THROWN:
        raise fail(_("%(weapon)s is not a throwing weapon"), weapon=arm["name"])
    need_ready(work, actor, arm["name"])
    fuse = action.modifiers.get("fuse", "timed")
    if fuse not in ("timed", "impact"):
        raise fail(_("the grenade goes off timed or on impact"))
    plan = plan_ranged(work, action, arm, None, "normal")
    work.steps += plan.steps
    fired = phase_fire(work, actor)
    target = one_target(work, action).id
    targets = [*fired.targets, *(() if target in fired.targets else (target,))]
    work.update(
        actor.id, fired={"key": phase_key(work.fight), **{**fired.to_data(), "targets": targets}}
    )
    unready(work, actor.id, arm["name"])
    if arm.get("weapon_type") in GRENADES and fuse == "timed":
        return _arm(work, action, plan)
    return roll_shot(work, action, plan)


def _arm(work: Work, action: Action, plan: RangedPlan) -> Outcome:
    actor = work.get(action.actor)
    shot, fight = plan.shot, work.fight
    used = {effect.key for effect in actor.effects}
    key = next(f"grenade-{n}" for n in range(1, 100) if f"grenade-{n}" not in used)
    data = {
        "target": shot.target.id,
        "weapon": action.weapon,
        "due": None,
        "thrown": [fight.round, stage_pass(fight)],
        "dice": shot.dice,
        "tn": shot.target_number,
        "power": shot.code.power,
        "level": shot.code.level,
        "stun": shot.code.stun,
        "dodge_pool": shot.dodge_dice,
        "resist_pool": shot.resist_pool,
        "cramped": action.modifiers.get("cramped", 0),
    }
    work.add_effect(actor.id, Effect(key, "grenade", data))
    # The thrower's pool dice go with the throw; the target's are spent when it goes off.
    spend_pool(work, actor.id, plan.pool)
    work.update(actor.id, aim=None)
    summary = Step(
        _("%(name)s throws %(weapon)s at %(target)s: it goes off in the next pass"),
        {"name": actor.name, "weapon": action.weapon, "target": shot.target.name},
    )
    return work.finish(summary, {"hit": False, "damage": 0, "grenade": key})


def grenades(combatant: Combatant) -> list[Effect]:
    return [effect for effect in combatant.effects if effect.kind == "grenade"]


def make_due(work: Work) -> None:
    """A new pass began: grenades thrown in the pass before are due in this one."""
    fight = work.fight
    number = stage_pass(fight)
    for combatant in fight.combatants:
        for effect in grenades(combatant):
            if effect.data.get("due") is None and _before(fight.round, number, effect.data):
                due = {**effect.data, "due": [fight.round, number]}
                work.add_effect(combatant.id, Effect(effect.key, effect.kind, due))


def _before(round_: int, number: int, data: Mapping[str, Any]) -> bool:
    thrown = data.get("thrown") or [0, 0]
    if number > 1:
        return list(thrown) == [round_, number - 1]
    return int(thrown[0]) == round_ - 1


def due_now(work: Work, combatant: Combatant) -> list[Effect]:
    now = [work.fight.round, stage_pass(work.fight)]
    return [e for e in grenades(combatant) if list(e.data.get("due") or []) == now]


def in_phase(work: Work, ended: str | None) -> None:
    """Grenades due in this pass go off in the thrower's phase (when the thrower already acted
    by stepping in, when the order passes its score)."""
    fight = work.fight
    if fight.current is None:
        return
    number = stage_pass(fight)
    now = pass_score(fight.get(fight.current), number) or 0
    for combatant in fight.combatants:
        mine = pass_score(combatant, number)
        passed = combatant.turn.get("acted") == number and mine is not None and now <= mine
        if combatant.id == fight.current or (passed and combatant.id != ended):
            for effect in due_now(work, combatant):
                explode(work, combatant.id, effect, mine)


def at_end(work: Work, round_: int, number: int) -> None:
    """Grenades still due in pass `number` of turn `round_` go off at its end."""
    for combatant in work.fight.combatants:
        for effect in grenades(combatant):
            if list(effect.data.get("due") or []) == [round_, number]:
                explode(work, combatant.id, effect, None)


def explode(work: Work, holder: str, effect: Effect, phase: int | None) -> None:
    data = effect.data
    thrower, target = work.get(holder), work.get(str(data["target"]))
    work.remove_effect(holder, effect.key)
    if phase is None:
        work.step(
            _("The %(weapon)s of %(name)s goes off at the end of the pass"),
            name=thrower.name,
            weapon=data.get("weapon"),
            about=holder,
        )
    else:
        work.step(
            _("The %(weapon)s of %(name)s goes off in phase %(phase)s"),
            name=thrower.name,
            weapon=data.get("weapon"),
            phase=phase,
            about=holder,
        )
    with work.about_combatant(target.id):  # what it does to its target
        _blast(work, holder, thrower, target, data)


def _blast(
    work: Work, holder: str, thrower: Combatant, target: Combatant, data: Mapping[str, Any]
) -> None:
    surprised = no_pool_against(work.fight, target.id, holder)
    left = 0 if surprised else pool_left(target)
    dodge = min(int(data.get("dodge_pool", 0)), left)
    resist = min(int(data.get("resist_pool", 0)), left - dodge)
    dodge_tn = dodge_target_number(
        wound_tn=wound_modifier(target), cramped=int(data.get("cramped", 0)), area=True
    )
    code = DamageCode(int(data["power"]), data["level"], bool(data.get("stun")))
    shot = Shot(
        resister(thrower.stats, id=thrower.id, name=thrower.name),
        resister(target.stats, id=target.id, name=target.name),
        int(data["dice"]),
        int(data["tn"]),
        code,
        code,
        "normal",
        "impact",
        dodge,
        dodge_tn.value,
        resist,
    )
    result = resolve_ranged(shot, work.draw)
    work.steps += result.steps
    work.rolls += result.rolls
    spend_pool(work, target.id, dodge + resist)
    if result.victim is not None:
        harm(work, result.victim, result.level, stun=result.stun)
    work.note(_("Blast and scatter beyond the target are the GM's call (apply damage)"))
