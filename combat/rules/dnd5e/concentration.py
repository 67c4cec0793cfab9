"""Concentration (SRD 5.1, Spellcasting; issue O).

SRD 5.1: "Whenever you take damage while you are concentrating on a spell, you must make a
Constitution saving throw to maintain your concentration. The DC equals 10 or half the damage you
take, whichever number is higher. If you take damage from multiple sources, such as an arrow and a
dragon's breath, you make a separate saving throw for each source of damage." It also ends when
the caster is incapacitated or killed, or casts another spell that requires concentration.

The caster has the condition "concentrating" (the GM applies it, or gives a condition with
"held by the concentration of" the caster). What the concentration holds — a condition on a
target, e.g. Hold Person's paralysis — is an Effect of kind "held" on the target, {"condition",
"by"}; when the concentration ends, the conditions it held end with it.
"""

from __future__ import annotations

from combat.rules.base import Audience, Combatant, Effect, _
from combat.rules.dnd5e.common import (
    INCAPACITATING,
    Work,
    effects_of,
    exhaustion,
    is_dead,
    save_bonus,
    signed,
)
from combat.rules.dnd5e.conditions import durations, remove_condition

CONCENTRATING = "concentrating"
HELD = "held"


def begin(work: Work, caster_id: str) -> None:
    """The caster concentrates; a concentration it held before ends first (one at a time)."""
    if work.get(caster_id).has(CONCENTRATING):
        end(work, caster_id, _("%(name)s ends one concentration to begin another"))
    work.condition(caster_id, CONCENTRATING)


def hold(work: Work, caster_id: str, target_id: str, condition: str) -> None:
    data = {"condition": condition, "by": caster_id}
    work.add_effect(target_id, Effect(f"{HELD}-{condition}-{caster_id}", HELD, data))


def end(work: Work, caster_id: str, why: str) -> None:
    """The concentration ends, and every condition it held (unless something else holds it)."""
    caster = work.get(caster_id)
    if caster.has(CONCENTRATING):
        work.condition(caster_id, CONCENTRATING, add=False)
    work.step(why, name=caster.name, about=caster_id)
    for combatant in work.fight.combatants:
        for effect in effects_of(combatant, HELD):
            if effect.data.get("by") != caster_id:
                continue
            work.remove_effect(combatant.id, effect)
            condition = str(effect.data.get("condition"))
            now = work.get(combatant.id)
            others = [e for e in effects_of(now, HELD) if e.data.get("condition") == condition]
            if not others and not durations(now, condition):
                remove_condition(work, combatant.id, condition)


def on_damage(work: Work, target_id: str, taken: int) -> None:
    """A concentrating creature that took damage: at 0 HP it ends; otherwise a CON save, DC the
    higher of 10 and half the damage."""
    target = work.get(target_id)
    if not target.has(CONCENTRATING) or taken <= 0:
        return
    if target.hp <= 0 or is_dead(target):
        end(work, target_id, _("%(name)s drops and loses concentration"))
        return
    line = _("%(name)s: concentration save %(total)s = d20 %(d20)s %(bonus)s against DC %(dc)s")
    if not con_save(work, target, "concentration", max(10, taken // 2), line):
        end(work, target_id, _("%(name)s loses concentration"))


def con_save(work: Work, target: Combatant, purpose: str, dc: int, line: str) -> bool:
    """A CON saving throw against `dc` (disadvantage from exhaustion level 3), told by `line`
    (name, total, d20, bonus, dc); a monster's bonus and total are its stats. True: made."""
    bonus = save_bonus(target, "con")
    tired = exhaustion(target) >= 3  # disadvantage on saving throws
    if tired:
        work.step(_("Disadvantage: %(name)s is exhausted (level 3 or more)"), name=target.name)
    result = work.roll(purpose, target.id, f"{'2d20kl1' if tired else '1d20'}{signed(bonus)}")
    work.secret_roll(target.id)  # "1d20+3" states a monster's save bonus
    work.step(
        line,
        name=target.name,
        total=result.total,
        d20=result.total - bonus,
        bonus=signed(bonus),
        dc=dc,
        about=target.id,
        secret={"bonus": Audience.STATS, "total": Audience.STATS},
    )
    return result.total >= dc


def on_condition(work: Work, target_id: str, condition: str) -> None:
    """Incapacitated: the concentration ends."""
    if condition in INCAPACITATING and work.get(target_id).has(CONCENTRATING):
        end(work, target_id, _("%(name)s is incapacitated and loses concentration"))
