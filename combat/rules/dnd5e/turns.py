"""The other actions of a turn (SRD 5.1 "Actions in Combat", "Movement and Position").

Dash doubles the movement of the turn; a move spends feet of it (crawling while prone and
dragging a grappled creature cost double — seed 002: "ruch z chwyconym celem spowalnia twoją
prędkość o połowę, chyba że cel jest co najmniej dwa rozmiary mniejszy"); standing up costs half
the speed; Dodge and Disengage are bookkeeping conditions ("dodging" until the start of one's
next turn, "disengaged" until the end of this one). Multiattack starts a budget of attacks
(economy.py) that the following `attack` actions spend, one by one, as the GM confirms them.
"""

from __future__ import annotations

import re

from combat.rules.base import Action, Combatant, Outcome, Step, _, ngettext
from combat.rules.dnd5e import multiattack
from combat.rules.dnd5e.common import (
    NO_SPEED,
    Work,
    fail,
    incapacitated,
    is_out,
    size_index,
    speed,
    stat,
)
from combat.rules.dnd5e.conditions import add_condition, grapplers, remove_condition
from combat.rules.dnd5e.economy import (
    spend_action,
    spend_action_or_bonus,
    spend_movement,
    start_multiattack,
)
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import named_attacks

_WORDS = multiattack.NUMBER_WORDS
_COUNT = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+"
    r"(?:[\w-]+\s+){0,3}?attacks?\b",
    re.IGNORECASE,
)


def multiattack_count(text: str) -> int | None:
    """ "The goblin boss makes two attacks with its scimitar" → 2; "as many … as heads" → None."""
    found = _COUNT.search(text)
    if found is None:
        return None
    word = found.group(1).casefold()
    return _WORDS.get(word) or int(word)


def _simple(work: Work, actor: Combatant, template: str, data: dict[str, object]) -> Outcome:
    return work.finish(Step(template, {"name": actor.name, **data}), {**data})


def resolve_multiattack(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    text = str(stat(actor, "multiattack") or "")
    if not text and "attacks" not in mods:
        raise fail(_("%(name)s has no Multiattack"), name=actor.name)
    count = mods.integer("attacks", 0, 1, 10) if "attacks" in mods else multiattack_count(text)
    if count is None:
        raise fail(_("the Multiattack text gives no number: set the attacks"))
    start_multiattack(work, actor, count, override=mods.flag("override"))
    parts = multiattack.plan(text, count, named_attacks(actor)) if "attacks" not in mods else None
    if parts:
        turn = work.turn(actor.id)
        work.set_turn(actor.id, {**turn, multiattack.PLAN: parts})
        listed = ", ".join(f"{name} ×{times}" for name, times in parts.items())
        work.step(_("The Multiattack: %(attacks)s"), attacks=listed)
    elif text:
        work.note(_("Multiattack: %(text)s"), text=text)
    work.step(
        _("Each following attack action spends one of the %(attacks)s attacks"), attacks=count
    )
    return _simple(
        work,
        actor,
        ngettext(
            "%(name)s makes a Multiattack (%(attacks)s attack)",
            "%(name)s makes a Multiattack (%(attacks)s attacks)",
            "attacks",
        ),
        {"action": "multiattack", "attacks": count},
    )


def resolve_dash(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    spend_action_or_bonus(work, actor, "dash", mods)
    turn = work.turn(actor.id)
    turn["dashes"] = int(turn.get("dashes", 0)) + 1
    work.set_turn(actor.id, turn)
    return _simple(
        work,
        actor,
        _("%(name)s dashes (%(speed)s ft more movement)"),
        {"action": "dash", "speed": speed(actor)},
    )


def _budget(actor: Combatant) -> int:
    if actor.conditions & NO_SPEED or actor.hp <= 0:  # grappled, restrained: speed 0
        return 0
    return speed(actor) * (1 + int(actor.turn.get("dashes", 0)))


def _drag_cost(work: Work, actor: Combatant) -> int:
    held = [c for c in work.fight.combatants if actor.id in grapplers(c)]
    if not held:
        raise fail(_("%(name)s grapples nobody"), name=actor.name)
    if all(size_index(actor) - size_index(c) >= 2 for c in held):
        work.step(_("Dragging a creature two or more sizes smaller costs no extra movement"))
        return 0
    work.step(_("Dragging a grappled creature: every foot costs 2"))
    return 1


def resolve_move(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    if "distance" not in mods:
        raise fail(_("say how far, in feet"))
    distance = mods.integer("distance", 0, 0, 5000)
    extra = 0
    if actor.has("prone"):
        work.step(_("Crawling while prone: every foot costs 2"))
        extra += 1
    if mods.flag("drag"):
        extra += _drag_cost(work, actor)
    left = spend_movement(
        work, actor, distance * (1 + extra), _budget(actor), override=mods.flag("override")
    )
    provokes = _provoked(work, actor, mods.raw.get("leaves"))
    return _simple(
        work,
        actor,
        _("%(name)s moves %(distance)s ft (%(left)s ft left)"),
        {"action": "move", "distance": distance, "left": max(left, 0), "provokes": provokes},
    )


def _provoked(work: Work, actor: Combatant, leaves: object) -> str | None:
    """SRD 5.1: "You can make an opportunity attack when a hostile creature that you can see
    moves out of your reach" — unless the mover took the Disengage action. The GM names whose
    reach it leaves; that creature is offered its reaction (an attack out of its turn)."""
    if leaves in (None, ""):
        return None
    if not isinstance(leaves, str):
        raise fail(_("the modifier %(key)s is required"), key="leaves")
    foe = work.get(leaves)
    if actor.has("disengaged"):
        work.step(_("%(name)s disengaged: no opportunity attack"), name=actor.name)
        return None
    if foe.side == actor.side or is_out(foe) or incapacitated(foe) or foe.turn.get("reaction"):
        work.step(_("%(foe)s cannot make an opportunity attack"), foe=foe.name)
        return None
    work.note(
        _("%(foe)s may make an opportunity attack on %(name)s: its reaction, chosen as its actor"),
        foe=foe.name,
        name=actor.name,
    )
    return foe.id


def resolve_stand_up(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    if not actor.has("prone"):
        raise fail(_("%(name)s is not prone"), name=actor.name)
    budget = _budget(actor)
    if budget == 0 and not mods.flag("override"):
        raise fail(_("%(name)s has speed 0 and cannot stand up"), name=actor.name)
    spend_movement(work, actor, speed(actor) // 2, budget, override=mods.flag("override"))
    remove_condition(work, actor.id, "prone")
    return _simple(work, actor, _("%(name)s stands up (half the speed)"), {"action": "stand_up"})


def resolve_dodge(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    spend_action(work, actor, "dodge", override=mods.flag("override"))
    add_condition(work, actor.id, "dodging", actor.id, "start")
    return _simple(work, actor, _("%(name)s dodges"), {"action": "dodge"})


def resolve_disengage(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    spend_action_or_bonus(work, actor, "disengage", mods)
    add_condition(work, actor.id, "disengaged", actor.id, "end")
    return _simple(work, actor, _("%(name)s disengages"), {"action": "disengage"})


def resolve_interact(work: Work, action: Action, mods: Mods) -> Outcome:
    """SRD 5.1, Other Activity on Your Turn: "You can also interact with one object or feature
    of the environment for free, during either your move or your action" — one a turn; another
    needs the Use an Object action."""
    actor = work.get(action.actor)
    turn = work.turn(actor.id)
    if not turn.get("interacted"):
        work.set_turn(actor.id, {**turn, "interacted": True})
        line = _("%(name)s interacts with an object (free, once a turn)")
        return _simple(work, actor, line, {"action": "interact"})
    spend_action(work, actor, "use_object", override=mods.flag("override"))
    line = _("%(name)s uses an object (the Use an Object action)")
    return _simple(work, actor, line, {"action": "use_object"})
