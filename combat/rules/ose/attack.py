"""Attacks (seed 001, "Útočení", "Útoky střelbou", "Útoky zblízka", "Hody na zranění").

1. Roll 1d20. 2. Add STR in melee; DEX, range and cover for missiles. 3. THAC0: the attack
matrix gives the modified roll needed against the target's AC — THAC0 − AC, never above 20 nor
below 2 **[std]** (so THAC0 19 needs a 20 against AC −3); ascending AC (option): the roll plus
the attack bonus must reach the AAC. A natural 20 always hits, a natural 1 always misses.
Damage: characters 1d6 (+STR in melee) or the weapon's damage (option `variable_damage`),
monsters per their attack; a hit always does at least 1; immune targets roll no damage.
"""

from __future__ import annotations

from typing import Any

from combat.rules import held
from combat.rules.base import Action, Audience, Combatant, Outcome, Step, ValueField, _
from combat.rules.ose.catalogue import ATTACK_KEY, Mods
from combat.rules.ose.common import (
    MELEE,
    Arm,
    Work,
    aac,
    arms,
    attack_bonus,
    fail,
    number,
    shield_bonus,
    signed,
)
from combat.rules.ose.damage import hold_damage, take_damage
from combat.rules.ose.engagement import engage
from combat.rules.ose.options import enabled
from combat.rules.ose.spells import interrupt

BANDS = {"short": 1, "medium": 0, "long": -1}  # seed 001, "Modifikátory střelby"
RETREAT_BONUS = 2  # seed 001: "Protivník dostává bonus +2 ke všem útokům proti ustupujícímu"
REACH = 5  # feet: melee "maximálně 5 stop", missiles "aspoň 5 stop" (Rulings: both at 5')


def choose_arm(actor: Combatant, action: Action, mods: Mods, kind: str, *, slow: bool) -> Arm:
    """The named weapon or monster attack; else the monster's next attack in its routine, or
    the first arm of the block's speed."""
    candidates = arms(actor, kind)
    if action.weapon:
        named = [arm for arm in candidates if arm.name == action.weapon]
        if not named:
            raise fail(
                _("%(name)s has nothing called %(weapon)s to attack with here"),
                name=actor.name,
                weapon=str(action.weapon),
            )
        arm = named[0]
    elif ATTACK_KEY in mods:
        monster = [arm for arm in candidates if arm.monster]
        arm = monster[int(mods.choice(ATTACK_KEY, "1") or "1") - 1]  # choices: 1 … len
    else:
        fitting = [arm for arm in candidates if arm.slow == slow]
        if not fitting:
            raise fail(_("%(name)s has nothing to attack with now"), name=actor.name)
        routine = [arm for arm in fitting if arm.monster]  # claw, claw, bite …
        done = int(actor.turn.get("attacks", 0))
        arm = routine[done % len(routine)] if routine else fitting[0]
    if arm.slow and not slow:
        raise fail(_("%(weapon)s is slow: it attacks at the end of the round"), weapon=arm.name)
    if slow and not arm.slow:
        raise fail(_("only slow weapons attack at the end of the round"))
    return arm


def attack_field(actor: Combatant, kind: str) -> ValueField | None:
    """For a monster with several attacks of this kind: which one (1, 2, …)."""
    monster = [arm for arm in arms(actor, kind) if arm.monster]
    if len(monster) < 2:
        return None
    choices = tuple(
        (str(i), Step(arm.name.replace("%", "%%") or str(i)))
        for i, arm in enumerate(monster, start=1)
    )
    return ValueField(ATTACK_KEY, Step(_("Which of its attacks")), choices)


def retreating(target: Combatant) -> bool:
    """Declared or made a retreat this round: it turned its back for the whole round (Rulings:
    the penalty lasts until the end of that round)."""
    return target.turn.get("declared") == "retreat" or target.turn.get("move_mode") == "retreat"


def _range(work: Work, arm: Arm, mods: Mods) -> int:
    band = mods.choice("range", None)
    if "distance" in mods:
        distance = mods.integer("distance", 0)
        if distance < REACH:
            raise fail(_("missiles need at least 5' between the opponents"))
        short, medium, long = arm.ranges
        if band is None and long <= 0:
            raise fail(_("%(weapon)s has no ranges: choose the range band"), weapon=arm.name)
        if band is None and distance > long:
            raise fail(_("beyond long range a missile attack is impossible"))
        if band is None:
            band = "short" if distance <= short else "medium" if distance <= medium else "long"
    if band is None:
        work.step(_("Range not given: medium range assumed (no modifier)"))
        band = "medium"
    return BANDS[band]


def _modifiers(work: Work, actor: Combatant, target: Combatant, arm: Arm, mods: Mods) -> int:
    """STR in melee; DEX, range and cover for missiles; +2 against a retreating target."""
    parts: dict[str, int] = {}
    if arm.kind == MELEE:
        if "distance" in mods and mods.integer("distance", 0) > REACH:
            raise fail(_("melee needs the opponents at most 5' apart"))
        parts["STR"] = number(actor, "str_mod")
    else:
        if mods.flag("full_cover"):
            raise fail(_("a target in full cover cannot be hit"))
        parts["DEX"] = number(actor, "dex_mod")
        parts["range"] = _range(work, arm, mods)
        parts["cover"] = -mods.integer("cover", 0)
    if retreating(target):
        parts["retreat"] = RETREAT_BONUS
    parts["referee"] = mods.integer("bonus", 0)
    kept = held.modifiers(actor)  # the campaign's own conditions, by name
    shown = ", ".join(
        [f"{key} {value:+d}" for key, value in parts.items() if value]
        + [f"{condition} {value:+d}" for condition, value in kept]
    )
    if shown:
        work.step(_("Attack modifiers: %(modifiers)s"), modifiers=shown)
    return sum(parts.values()) + sum(value for _condition, value in kept)


def _hits(work: Work, actor: Combatant, target: Combatant, natural: int, total: int) -> bool:
    """The matrix (or the ascending rule); the natural 20 and 1 decide whatever the numbers."""
    shield = shield_bonus(target) if retreating(target) else 0
    if enabled(work.fight, "ascending_ac"):
        needed_aac, bonus = aac(target) - shield, attack_bonus(actor)
        hit = total + bonus >= needed_aac
        work.step(
            _("%(total)s + attack bonus %(bonus)s = %(result)s against AAC %(aac)s"),
            total=total,
            bonus=bonus,
            result=total + bonus,
            aac=needed_aac,
            about=target.id,
            secret={"aac": Audience.STATS},
        )
    else:
        ac, thac0 = number(target, "ac") + shield, number(actor, "thac0")
        needed = min(20, max(2, thac0 - ac))
        hit = total >= needed
        work.step(
            _("THAC0 %(thac0)s against AC %(ac)s needs %(needed)s; rolled %(total)s"),
            thac0=thac0,
            ac=ac,
            needed=needed,
            total=total,
            about=target.id,
            secret={"ac": Audience.STATS, "needed": Audience.STATS},
        )
    if shield:
        work.step(_("%(name)s retreats: no shield bonus"), name=target.name)
    if natural == 20 and not hit:
        work.step(_("A natural 20 always hits"))
    if natural == 1 and hit:
        work.step(_("A natural 1 always misses"))
    return natural == 20 or (hit and natural != 1)


def _damage(work: Work, actor: Combatant, arm: Arm) -> int:
    if arm.monster:
        base = arm.damage  # "Útoky nestvůr: Způsobují zranění uvedené v popisu nestvůry"
    elif enabled(work.fight, "variable_damage"):
        base = arm.damage if arm.name else "1d2"  # bare hands 1d2 [std]
    else:
        base = "1d6"  # "Útoky postav: Zraňují za 1k6 životů"
    strength = number(actor, "str_mod") if arm.kind == MELEE and not arm.monster else 0
    # The roll's own row carries the strength too ("1d6+1 [5] = 6"), as the step says.
    expression = f"{base}{strength:+d}" if strength else base
    total = work.roll("damage", actor.id, expression).total
    damage = max(1, total)  # "Minimální zranění … aspoň za jeden život"
    work.step(
        _("Damage %(dice)s: %(roll)s %(strength)+d = %(damage)s"),
        dice=base,
        roll=total - strength,
        strength=strength,
        damage=damage,
    )
    return damage


def resolve_attack(
    work: Work, action: Action, mods: Mods, *, slow: bool, together: bool
) -> Outcome:
    """One attack (a monster with several makes several actions); `together`: a simultaneous
    block, whose damage lands at the end of the phase."""
    actor = work.get(action.actor)
    target = _target(work, action)
    kind = MELEE if action.kind == "melee" else "missile"
    arm = choose_arm(actor, action, mods, kind, slow=slow)
    bonus = _modifiers(work, actor, target, arm, mods)
    result = work.roll("attack", actor.id, signed("1d20", bonus))
    natural, total = result.faces[0], result.total
    hit = _hits(work, actor, target, natural, total)
    work.update_turn(actor.id, attacks=int(actor.turn.get("attacks", 0)) + 1)
    if kind == MELEE:
        engage(work, actor.id, target.id)
    damage = _on_hit(work, actor, target, arm, mods, together) if hit else 0
    data: dict[str, Any] = {
        "hit": hit,
        "damage": damage,
        "natural": natural,
        "total": total,
        "target": target.id,
        "weapon": arm.name,
        "pending": together and hit,
    }
    template = (
        _("%(name)s hits %(target)s for %(damage)s") if hit else _("%(name)s misses %(target)s")
    )
    summary = Step(template, {"name": actor.name, "target": target.name, "damage": damage})
    return work.finish(summary, data)


def _target(work: Work, action: Action) -> Combatant:
    if len(action.targets) != 1:
        raise fail(_("an attack needs exactly one target"))
    target = work.get(action.targets[0])
    if target.id == action.actor:
        raise fail(_("a combatant cannot attack itself"))
    if target.hp <= 0 or target.conditions & {"dead", "fled", "surrendered"}:
        raise fail(_("%(name)s is out of the fight"), name=target.name)
    return target


def _on_hit(
    work: Work, actor: Combatant, target: Combatant, arm: Arm, mods: Mods, together: bool
) -> int:
    interrupt(work, target.id)  # "zasažen útokem" before its turn: the spell is lost
    if mods.flag("immune"):
        work.step(_("%(name)s is immune: no damage roll"), name=target.name)
        return 0
    immunities = target.stats.get("immunities") or ()
    if immunities:
        work.note(
            _("%(name)s is immune to: %(immunities)s"),
            name=target.name,
            immunities=", ".join(str(i) for i in immunities),
        )
    damage = _damage(work, actor, arm)
    if together:
        hold_damage(work, target.id, damage, actor.id)
    else:
        take_damage(work, target.id, damage)
    return damage
