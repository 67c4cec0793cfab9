"""Death saving throws (BRIEF [std], SRD 5.1) and the GM's bookkeeping actions.

A dying character rolls a d20 on its own turn (action `death_save`, once per turn): 10 or more
is a success, less a failure; a natural 1 is two failures; a natural 20 brings it back with
1 HP. Three successes: stable; three failures: dead. The GM's actions — apply or remove a
condition (with a duration), grant temporary hit points, heal — work at any time, on any
number of targets, and spend no action.
"""

from __future__ import annotations

from combat.rules.base import Action, Effect, Outcome, Step, _
from combat.rules.dnd5e import concentration, damage
from combat.rules.dnd5e.catalogue import choices
from combat.rules.dnd5e.common import EXHAUSTION, Work, effect_number, fail, hp_maximum, is_dying
from combat.rules.dnd5e.conditions import add_condition, consequences, remove_condition
from combat.rules.dnd5e.mods import Mods


def resolve_death_save(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    if not is_dying(actor) or actor.has("stable"):
        raise fail(_("%(name)s is not dying"), name=actor.name)
    if work.fight.current != actor.id or actor.turn.get("death_save"):
        raise fail(_("%(name)s makes one death saving throw on each of its turns"), name=actor.name)
    work.set_turn(actor.id, {**actor.turn, "death_save": True})
    natural = work.roll("death_save", actor.id, "1d20").total
    result = "success" if natural >= 10 else "failure"
    if natural == 20:
        work.step(_("Death saving throw: natural 20, back with 1 HP"))
        damage.heal(work, actor.id, 1)
        result = "revived"
    else:
        failures = 2 if natural == 1 else int(natural < 10)
        template = (
            _("Death saving throw: natural 1, two failures")
            if natural == 1
            else _("Death saving throw %(roll)s: a success")
            if failures == 0
            else _("Death saving throw %(roll)s: a failure")
        )
        work.step(template, roll=natural)
        damage.record_saves(work, actor.id, 1 - min(failures, 1), failures)
    after = work.get(actor.id)
    saves = work.effect(actor.id, damage.DEATH_SAVES)
    result = "dead" if after.has("dead") else "stable" if after.has("stable") else result
    data = {
        "action": "death_save",
        "roll": natural,
        "result": result,
        "successes": effect_number(saves, "successes"),
        "failures": effect_number(saves, "failures"),
    }
    summary = Step(
        _("%(name)s: death saving throw %(roll)s"), {"name": actor.name, "roll": natural}
    )
    return work.finish(summary, data)


def _targets(work: Work, action: Action) -> list[str]:
    if not action.targets:
        raise fail(_("choose a target"))
    return [work.get(target).id for target in dict.fromkeys(action.targets)]


def _required(mods: Mods, key: str) -> None:
    if key not in mods:
        raise fail(_("the modifier %(key)s is required"), key=key)


def resolve_apply_condition(work: Work, action: Action, mods: Mods) -> Outcome:
    _required(mods, "condition")
    condition = mods.choice("condition", choices("condition"), "")
    who = mods.raw.get("who", action.actor)
    if not isinstance(who, str):
        raise fail(_("the modifier %(key)s is required"), key="who")
    who = work.get(who).id
    when = mods.choice("when", choices("when"), "none")
    caster = _held_by(work, mods)
    if caster is not None:
        concentration.begin(work, caster)
    for target in _targets(work, action):
        add_condition(work, target, condition, who, when)
        consequences(work, target, condition)
        concentration.on_condition(work, target, condition)
        if caster is not None and condition != concentration.CONCENTRATING:
            concentration.hold(work, caster, target, condition)
    data = {
        "action": "apply_condition",
        "condition": condition,
        "who": who,
        "when": when,
        "targets": list(action.targets),
    }
    return work.finish(Step(_("Condition %(condition)s applied"), {"condition": condition}), data)


def _held_by(work: Work, mods: Mods) -> str | None:
    """Whose concentration holds the condition given ("held_by"), if anyone's."""
    caster = mods.raw.get("held_by")
    if caster in (None, ""):
        return None
    if not isinstance(caster, str):
        raise fail(_("the modifier %(key)s is required"), key="held_by")
    return work.get(caster).id


def resolve_remove_condition(work: Work, action: Action, mods: Mods) -> Outcome:
    _required(mods, "condition")
    condition = mods.choice("condition", choices("condition"), "")
    for target in _targets(work, action):
        if condition == concentration.CONCENTRATING and work.get(target).has(condition):
            concentration.end(work, target, _("%(name)s ends its concentration"))
            continue
        remove_condition(work, target, condition)
    data = {"action": "remove_condition", "condition": condition, "targets": list(action.targets)}
    return work.finish(Step(_("Condition %(condition)s removed"), {"condition": condition}), data)


def resolve_temp_hp(work: Work, action: Action, mods: Mods) -> Outcome:
    _required(mods, "amount")
    amount = mods.integer("amount", 0, 1, 999)
    for target in _targets(work, action):
        damage.grant_temp_hp(work, target, amount)
    data = {"action": "grant_temp_hp", "amount": amount, "targets": list(action.targets)}
    return work.finish(Step(_("Temporary hit points: %(amount)s"), {"amount": amount}), data)


def resolve_heal(work: Work, action: Action, mods: Mods) -> Outcome:
    _required(mods, "amount")
    amount = mods.integer("amount", 0, 1, 999)
    for target in _targets(work, action):
        damage.heal(work, target, amount)
    data = {"action": "heal", "amount": amount, "targets": list(action.targets)}
    return work.finish(Step(_("Healing: %(amount)s HP"), {"amount": amount}), data)


def resolve_gm_damage(work: Work, action: Action, mods: Mods) -> Outcome:
    """The GM's damage of one type (a trap, a fall, a spell the engine does not play): through
    each target's immunity, resistance and vulnerability, and its concentration."""
    _required(mods, "amount")
    _required(mods, "damage_type")
    amount = mods.integer("amount", 0, 1, 999)
    kind = mods.choice("damage_type", choices("damage_type"), "")
    dealt = {
        target: damage.deal(work, target, [(amount, kind)], critical=False)
        for target in _targets(work, action)
    }
    data = {"action": "gm_damage", "amount": amount, "kind": kind, "dealt": dealt}
    return work.finish(
        Step(_("Damage %(amount)s %(kind)s (GM)"), {"amount": amount, "kind": kind}), data
    )


def resolve_exhaustion(work: Work, action: Action, mods: Mods) -> Outcome:
    """The GM sets the exhaustion level (SRD 5.1): from 4 the HP above the halved maximum are
    lost; 6 is death."""
    _required(mods, "level")
    level = mods.integer("level", 0, 0, 6)
    for target_id in _targets(work, action):
        target = work.get(target_id)
        work.remove_effect(target_id, EXHAUSTION)
        if level:
            work.add_effect(target_id, Effect(EXHAUSTION, EXHAUSTION, {"level": level}))
        work.step(_("%(name)s: exhaustion level %(level)s"), name=target.name, level=level)
        now = work.get(target_id)
        if level >= 4 and now.hp > hp_maximum(now):
            work.set_hp(target_id, hp_maximum(now))
            work.step(_("%(name)s: the hit point maximum is halved"), name=target.name)
        if level >= 6:
            damage.die(work, target_id)
    data = {"action": "exhaustion", "level": level, "targets": list(action.targets)}
    return work.finish(Step(_("Exhaustion level %(level)s"), {"level": level}), data)
