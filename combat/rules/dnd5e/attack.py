"""One attack (seed 002, "Atakowanie", its eleven steps).

1. a target in reach or range (`distance` in feet, 5 by default); 2. cover and advantage or
disadvantage (the GM's ticks and the conditions); 3. ability modifier + proficiency bonus;
4. d20 (two with advantage or disadvantage, both logged) + modifiers; 5. a total ≥ the target's
KP (AC) hits; 6. a natural 20 hits as a critical hit; 7. a natural 1 misses; 8. an unseen
target: disadvantage, and a wrong guess of its place misses; 9. an unseen attacker: advantage;
10. beyond the normal range: disadvantage, beyond the long range: impossible; 11. grapple and
shove replace one attack (grapple.py).
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Action, Audience, Combatant, Outcome, Step, _
from combat.rules.dnd5e import damage, multiattack, saves, two_weapon
from combat.rules.dnd5e.advantage import Verdict, d20_expression, verdict
from combat.rules.dnd5e.catalogue import COVER, choices
from combat.rules.dnd5e.common import Work, fail, is_dead, score, signed, with_bonus
from combat.rules.dnd5e.economy import spend_attack
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import Profile, attack_distance, profile

_ATTACK_LINES = {
    "str": _("Attack %(total)s = d20 %(d20)s + STR %(mod)s + proficiency bonus %(prof)s"),
    "dex": _("Attack %(total)s = d20 %(d20)s + DEX %(mod)s + proficiency bonus %(prof)s"),
    "con": _("Attack %(total)s = d20 %(d20)s + CON %(mod)s + proficiency bonus %(prof)s"),
    "int": _("Attack %(total)s = d20 %(d20)s + INT %(mod)s + proficiency bonus %(prof)s"),
    "wis": _("Attack %(total)s = d20 %(d20)s + WIS %(mod)s + proficiency bonus %(prof)s"),
    "cha": _("Attack %(total)s = d20 %(d20)s + CHA %(mod)s + proficiency bonus %(prof)s"),
}


def one_target(work: Work, action: Action) -> Combatant:
    if len(action.targets) != 1:
        raise fail(_("choose one target"))
    target = work.get(action.targets[0])
    if target.id == action.actor:
        raise fail(_("%(name)s cannot target itself"), name=target.name)
    return target


def check_reach(arm: Profile, distance: int) -> None:
    """seed 002: "poza zasięg długi atak jest niemożliwy"; melee only within reach."""
    if arm.ranged:
        longest = arm.long or arm.normal or 0
        if distance > longest:
            raise fail(
                _("%(weapon)s reaches at most %(range)s ft: the attack is impossible"),
                weapon=arm.name,
                range=longest,
            )
    elif distance > arm.reach:
        raise fail(_("the target is out of reach (%(reach)s ft)"), reach=arm.reach)


def armour_class(work: Work, target: Combatant, mods: Mods) -> int:
    """BRIEF: half cover +2 KP, three-quarters +5, total cover cannot be targeted."""
    cover = mods.choice("cover", choices("cover"), "none")
    bonus = COVER[cover]
    if bonus is None:
        raise fail(_("%(name)s has total cover and cannot be targeted"), name=target.name)
    base = score(target, "ac")
    if bonus:
        work.step(
            _("AC %(ac)s = %(base)s + cover %(cover)s"),
            ac=base + bonus,
            base=base,
            cover=signed(bonus),
            about=target.id,
            secret={"ac": Audience.STATS, "base": Audience.STATS},
        )
    return base + bonus


def _log_verdict(work: Work, seen: Verdict) -> None:
    for reason in seen.advantages + seen.disadvantages:
        work.step(reason)
    if seen.advantages and seen.disadvantages:
        work.step(_("Advantage and disadvantage cancel: one d20"))


def _roll(
    work: Work, actor: Combatant, arm: Profile, seen: Verdict
) -> tuple[int, int, tuple[int, ...]]:
    """(natural d20 kept, total, both faces)."""
    result = work.roll("attack", actor.id, with_bonus(d20_expression(seen.mode), arm.bonus))
    natural = result.total - arm.bonus
    if seen.mode != "normal":
        template = (
            _("Advantage: d20 %(faces)s, the higher %(kept)s counts")
            if seen.mode == "advantage"
            else _("Disadvantage: d20 %(faces)s, the lower %(kept)s counts")
        )
        work.step(template, faces=", ".join(map(str, result.faces)), kept=natural)
    if arm.ability is None:
        work.step(
            _("Attack %(total)s = d20 %(d20)s + attack bonus %(bonus)s"),
            total=result.total,
            d20=natural,
            bonus=signed(arm.bonus),
        )
    else:
        work.step(
            _ATTACK_LINES[arm.ability],
            total=result.total,
            d20=natural,
            mod=signed(arm.ability_mod),
            prof=signed(arm.proficiency),
        )
    return natural, result.total, result.faces


def _hits(work: Work, natural: int, total: int, ac: int, mods: Mods) -> tuple[bool, bool]:
    """(hit, critical) by steps 5–8 of seed 002."""
    if mods.flag("wrong_location"):  # seed 002: "atak automatycznie chybia"
        work.step(_("The target is not where the attacker guessed: a miss"))
        return False, False
    if natural == 20:
        work.step(_("Natural 20: a critical hit"))
        return True, True
    if natural == 1:
        work.step(_("Natural 1: a miss"))
        return False, False
    hit = total >= ac
    work.step(
        _("%(total)s against AC %(ac)s: a hit")
        if hit
        else _("%(total)s against AC %(ac)s: a miss"),
        total=total,
        ac=ac,
        secret={"ac": Audience.STATS},
    )
    return hit, False


def roll_damage(
    work: Work, actor: Combatant, arm: Profile, critical: bool
) -> list[tuple[int, str]]:
    line = _("Damage %(amount)s %(kind)s = %(expression)s [%(faces)s]")
    return [
        damage.rolled(work, actor.id, damage.doubled(dice) if critical else dice, kind, line)
        for dice, kind in arm.damage
    ]


def resolve_attack(
    work: Work, action: Action, mods: Mods, *, reaction: bool, legendary: bool = False
) -> Outcome:
    """One attack: from the action, a Multiattack, the reaction, a legendary action (which
    spends none of them), or the off-hand's bonus action (two-weapon fighting)."""
    actor, target = work.get(action.actor), one_target(work, action)
    if is_dead(target):
        raise fail(_("%(name)s is already dead"), name=target.name)
    distance = attack_distance(work.fight, actor, action.kind, action.weapon, mods)
    arm = profile(actor, action.kind, action.weapon, mods, distance)
    check_reach(arm, distance)
    ac = armour_class(work, target, mods)
    used = _spend(work, actor, action, arm, mods, reaction=reaction, legendary=legendary)
    if action.kind == "off_hand":
        arm = two_weapon.off_hand(work, actor, arm, action.weapon)
    else:
        two_weapon.mark(work, actor, action.weapon, used)
    seen = verdict(actor, target, arm, mods, distance)
    _log_verdict(work, seen)
    natural, total, faces = _roll(work, actor, arm, seen)
    hit, critical = _lands(work, target, seen, (natural, total, ac), mods)
    dealt = 0
    if hit:
        dealt = damage.deal(
            work, target.id, roll_damage(work, actor, arm, critical), critical=critical
        )
        saves.attack_rider(work, actor, target.id, arm.name, mods)
    data: dict[str, Any] = {
        "action": action.kind,
        "target": target.id,
        "weapon": arm.name,
        "ranged": arm.ranged,
        "thrown": arm.thrown,
        "distance": distance,
        "mode": seen.mode,
        "advantages": len(seen.advantages),
        "disadvantages": len(seen.disadvantages),
        "d20": list(faces),
        "natural": natural,
        "bonus": arm.bonus,
        "total": total,
        "ac": ac,
        "hit": hit,
        "critical": critical,
        "damage": dealt,
        "used": used,
        "hp_after": work.get(target.id).hp,
    }
    return work.finish(_summary(actor, target, arm, hit, critical, dealt), data)


def _spend(
    work: Work,
    actor: Combatant,
    action: Action,
    arm: Profile,
    mods: Mods,
    *,
    reaction: bool,
    legendary: bool,
) -> str:
    """What the attack spends: a legendary action's pool (its own), the bonus action (the
    off-hand), or an attack of the action, a Multiattack (its plan) or the reaction."""
    if legendary:
        return "legendary"
    if action.kind == "off_hand":
        return "bonus"
    if not (reaction or mods.flag("override")):
        multiattack.spend(work, actor, action.weapon if action.kind == "attack" else None)
    return spend_attack(work, actor, override=mods.flag("override"), reaction=reaction)


def _lands(
    work: Work, target: Combatant, seen: Verdict, rolled: tuple[int, int, int], mods: Mods
) -> tuple[bool, bool]:
    """(a hit, a critical hit): the roll against the AC, and a hit from within 5 ft on an
    unconscious or paralyzed target made critical."""
    natural, total, ac = rolled
    with work.about_combatant(target.id):  # the AC is the target's
        hit, critical = _hits(work, natural, total, ac, mods)
    if hit and seen.auto_critical and not critical:
        critical = True
        work.step(
            _("A hit from within 5 ft on an unconscious or paralyzed target is a critical hit")
        )
    return hit, critical


def _summary(
    actor: Combatant, target: Combatant, arm: Profile, hit: bool, critical: bool, dealt: int
) -> Step:
    params = {"name": actor.name, "target": target.name, "weapon": arm.name, "damage": dealt}
    if critical:
        return Step(
            _("%(name)s → %(target)s (%(weapon)s): critical hit, %(damage)s damage"), params
        )
    if hit:
        return Step(_("%(name)s → %(target)s (%(weapon)s): hit, %(damage)s damage"), params)
    return Step(_("%(name)s → %(target)s (%(weapon)s): miss"), params)
