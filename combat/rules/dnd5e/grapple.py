"""Grapple, shove and escaping a grapple (seed 002; BRIEF [std] for what follows them).

seed 002: "Specjalne ataki, takie jak szarże, chwytanie czy popychanie, zastępują jeden atak i
wymagają testów siły lub zręczności w formie pojedynku umiejętności" and "cel musi być nie
większy niż o jeden rozmiar od atakującego". The contest: the attacker's STR (Athletics)
against the target's choice (value `skill`) of STR (Athletics) or DEX (Acrobatics); the
attacker must beat it (SRD 5.1: in a tie the situation stays as it was). A grappled creature's
speed is 0 until it escapes — the same contest on its action, its Athletics or Acrobatics
against the grappler's Athletics. A shove knocks the target prone or pushes it 5 ft.
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Action, Combatant, Outcome, Step, _
from combat.rules.dnd5e.advantage import Mode, d20_expression
from combat.rules.dnd5e.attack import one_target
from combat.rules.dnd5e.catalogue import choices
from combat.rules.dnd5e.common import (
    Work,
    exhaustion,
    fail,
    is_dead,
    signed,
    size_index,
    skill_bonus,
    stat,
    with_bonus,
)
from combat.rules.dnd5e.conditions import give, grappled_by, grapplers, release
from combat.rules.dnd5e.economy import spend_action, spend_attack
from combat.rules.dnd5e.mods import Mods

SKILLS = {
    "athletics": ("str", _("%(name)s: Athletics %(total)s = d20 %(faces)s %(bonus)s")),
    "acrobatics": ("dex", _("%(name)s: Acrobatics %(total)s = d20 %(faces)s %(bonus)s")),
}


def best_skill(combatant: Combatant, chosen: str) -> str:
    """The skill named, or the better of Athletics and Acrobatics (Athletics when equal)."""
    if chosen in SKILLS:
        return chosen
    athletics = skill_bonus(combatant, "athletics", "str")
    return "athletics" if athletics >= skill_bonus(combatant, "acrobatics", "dex") else "acrobatics"


def check_mode(combatant: Combatant, up: bool, down: bool) -> Mode:
    """GM's ticks, and SRD 5.1: a poisoned or exhausted creature has disadvantage on ability
    checks."""
    down = down or combatant.has("poisoned") or exhaustion(combatant) >= 1
    if up and not down:
        return "advantage"
    if down and not up:
        return "disadvantage"
    return "normal"


def _check(work: Work, who: Combatant, skill: str, mode: Mode) -> int:
    ability, template = SKILLS[skill]
    bonus = skill_bonus(who, skill, ability)
    result = work.roll("contest", who.id, with_bonus(d20_expression(mode), bonus))
    work.step(
        template,
        name=who.name,
        total=result.total,
        faces=", ".join(map(str, result.faces)),
        bonus=signed(bonus),
    )
    return result.total


def contest(
    work: Work,
    mover: Combatant,
    mover_skill: str,
    holder: Combatant,
    holder_skill: str,
    mods: Mods,
) -> tuple[bool, int, int]:
    """(the mover wins, its total, the other's total): the mover must roll higher."""
    mine = _check(
        work,
        mover,
        mover_skill,
        check_mode(mover, mods.flag("advantage"), mods.flag("disadvantage")),
    )
    theirs = _check(
        work,
        holder,
        holder_skill,
        check_mode(holder, mods.flag("target_advantage"), mods.flag("target_disadvantage")),
    )
    won = mine > theirs
    work.step(
        _("%(mine)s against %(theirs)s: %(name)s wins")
        if won
        else _("%(mine)s against %(theirs)s: %(name)s fails"),
        mine=mine,
        theirs=theirs,
        name=mover.name,
    )
    return won, mine, theirs


def _reach(actor: Combatant) -> int:
    actions = stat(actor, "actions") or ()
    reaches = [a.get("reach") for a in actions if isinstance(a, dict)]
    return max([5, *(r for r in reaches if type(r) is int)])


def _special_attack_target(work: Work, action: Action, mods: Mods) -> Combatant:
    actor, target = work.get(action.actor), one_target(work, action)
    if is_dead(target):
        raise fail(_("%(name)s is already dead"), name=target.name)
    distance, reach = mods.integer("distance", 5, 0, 5000), _reach(actor)
    if distance > reach:
        raise fail(_("the target is out of reach (%(reach)s ft)"), reach=reach)
    if size_index(target) > size_index(actor) + 1:  # seed 002: "nie większy niż o jeden"
        raise fail(
            _("%(target)s is more than one size larger than %(name)s"),
            target=target.name,
            name=actor.name,
        )
    return target


def resolve_grapple(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    target = _special_attack_target(work, action, mods)
    if actor.id in grapplers(target):
        raise fail(_("%(name)s already grapples %(target)s"), name=actor.name, target=target.name)
    return _special(work, action, mods, actor, target, _grappled)


def resolve_shove(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    target = _special_attack_target(work, action, mods)
    return _special(work, action, mods, actor, target, _shoved)


def _grappled(work: Work, actor: Combatant, target: Combatant, mods: Mods) -> None:
    if give(work, target.id, "grappled"):
        grappled_by(work, target.id, actor.id)


def _shoved(work: Work, actor: Combatant, target: Combatant, mods: Mods) -> None:
    if mods.choice("shove", choices("shove"), "prone") == "push":
        work.step(
            _("%(target)s is pushed 5 ft away from %(name)s"), target=target.name, name=actor.name
        )
    else:
        give(work, target.id, "prone")


def _special(
    work: Work, action: Action, mods: Mods, actor: Combatant, target: Combatant, effect: Any
) -> Outcome:
    used = spend_attack(work, actor, override=mods.flag("override"), reaction=False)
    defence = best_skill(target, mods.choice("skill", choices("skill"), "auto"))
    won, mine, theirs = contest(work, actor, "athletics", target, defence, mods)
    if won:
        effect(work, actor, target, mods)
    data = {
        "action": action.kind,
        "target": target.id,
        "skill": defence,
        "total": mine,
        "against": theirs,
        "success": won,
        "hit": won,
        "damage": 0,
        "used": used,
    }
    return work.finish(_contest_summary(action.kind, actor, target, won), data)


def resolve_escape(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    holders = grapplers(actor)
    if not actor.has("grappled") or not holders:
        raise fail(_("%(name)s is not grappled"), name=actor.name)
    holder_id = action.targets[0] if action.targets else holders[0]
    if holder_id not in holders:
        raise fail(
            _("%(target)s does not grapple %(name)s"),
            name=actor.name,
            target=work.get(holder_id).name,
        )
    holder = work.get(holder_id)
    spend_action(work, actor, "escape", override=mods.flag("override"))
    skill = best_skill(actor, mods.choice("skill", choices("skill"), "auto"))
    won, mine, theirs = contest(work, actor, skill, holder, "athletics", mods)
    if won:
        release(work, actor.id, holder.id)
    data = {
        "action": "escape",
        "target": holder.id,
        "skill": skill,
        "total": mine,
        "against": theirs,
        "success": won,
        "hit": won,
        "damage": 0,
    }
    return work.finish(_contest_summary("escape", actor, holder, won), data)


def _contest_summary(kind: str, actor: Combatant, target: Combatant, won: bool) -> Step:
    templates = {
        ("grapple", True): _("%(name)s grapples %(target)s"),
        ("grapple", False): _("%(name)s fails to grapple %(target)s"),
        ("shove", True): _("%(name)s shoves %(target)s"),
        ("shove", False): _("%(name)s fails to shove %(target)s"),
        ("escape", True): _("%(name)s escapes from %(target)s"),
        ("escape", False): _("%(name)s fails to escape from %(target)s"),
    }
    return Step(templates[(kind, won)], {"name": actor.name, "target": target.name})
