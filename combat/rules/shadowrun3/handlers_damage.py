"""Applying damage (seed 003, Aplikace poškození; Iniciativa a poškození) and the GM's damage.

The monitors are standard SR3 [std] (damage.take_damage). HP mirrors the physical monitor
(hp = 10 − boxes, below 0 the overflow), stun lives in turn["stun"]. The new wound modifier
comes off the initiative score at once, which may re-order the rest of the pass or cost passes.
"""

from __future__ import annotations

from combat.rules.base import Action, Outcome, Step, _
from combat.rules.shadowrun3 import passes
from combat.rules.shadowrun3.common import Work, fail, monitors, number, phase_key
from combat.rules.shadowrun3.damage import LEVELS, Level, Wound, take_damage

STATUS_CONDITIONS = {
    "unconscious": ("unconscious",),
    "dying": ("unconscious", "dying"),
    "dead": ("dead",),
}


def harm(work: Work, victim_id: str, level: Level | None, *, stun: bool) -> Wound | None:
    """Fill the victim's monitor, set its conditions, its initiative and the order."""
    if level is None:
        return None
    victim = work.get(victim_id)
    wound = take_damage(
        monitors(victim),
        level,
        stun=stun,
        body=number(victim, "body"),
        name=victim.name,
        about=victim_id,
    )
    work.steps += wound.steps
    work.set_hp(victim_id, victim.max_hp - wound.after.physical)
    work.update(victim_id, stun=wound.after.stun)
    for condition in STATUS_CONDITIONS.get(wound.status, ()):
        work.condition(victim_id, condition)
    if wound.status != "active":
        work.update(victim_id, delay=None)
    passes.apply_wound(work, victim_id)
    passes.reorder(work, {victim_id})
    moving = victim.turn.get("move")
    if isinstance(moving, dict) and moving.get("key") == phase_key(work.fight):
        # seed 003, Zadržení: "Pokud pohybující se postava utrpí poškození …, je zastavena"
        work.note(_("%(name)s is hurt while moving and stops"), name=victim.name)
    return wound


def resolve_gm_damage(work: Work, action: Action) -> Outcome:
    """The GM's hand: a damage level straight into the monitors (no resistance test)."""
    level = action.modifiers.get("level", "M")
    kind = action.modifiers.get("damage_type", "physical")
    if level not in LEVELS or kind not in ("physical", "stun"):
        raise fail(_("damage: a level L, M, S or D, physical or stun"))
    if not action.targets:
        raise fail(_("choose who takes the damage"))
    for target in dict.fromkeys(action.targets):
        harm(work, target, level, stun=kind == "stun")
    names = ", ".join(work.get(t).name for t in dict.fromkeys(action.targets))
    work.note(_("Damage applied by the game master"))
    return work.finish(
        Step(_("%(names)s: damage applied by the game master"), {"names": names}),
        {"level": level, "stun": kind == "stun"},
    )
