"""A turn's economy (SRD 5.1 "Your Turn"): one action, movement up to the speed, one reaction
between one's own turns; the Attack action gives one attack, more with Extra Attack, and a
Multiattack gives the attacks its stat block lists.

The bookkeeping lives in `Combatant.turn`, reset when the combatant's turn starts:
  started, ended, round   whose turn this is and whether it is over
  action                  what the action was spent on ("attack", "dash", "multiattack" …)
  attacks_left            attacks still to make in this Attack action or Multiattack
  attacks                 attacks made this turn
  moved, dashes           feet moved, Dash actions taken
  reaction                the reaction is spent (an opportunity attack)
  interacted              the free object interaction of the turn is used
  bonus                   what the bonus action was spent on ("off_hand", "dash" …)
  death_save              the death saving throw of this turn is made
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Combatant, _
from combat.rules.dnd5e.common import Work, attacks_per_action, bonus_moves, fail
from combat.rules.dnd5e.conditions import expire, remove_condition
from combat.rules.dnd5e.mods import Mods


def is_stale(turn: Mapping[str, Any], round_: int) -> bool:
    """Bookkeeping of an earlier turn: it ended, or it began in another round."""
    return bool(turn.get("ended")) or turn.get("round", round_) != round_


def start_turn(work: Work, combatant_id: str) -> bool:
    """Fresh economy, and the conditions that end "at the start of its turn" end; False when
    the turn had begun already (the round's start and `between_turns` may both ask)."""
    turn = work.get(combatant_id).turn
    if turn.get("started") and not is_stale(turn, work.fight.round):
        return False
    work.set_turn(combatant_id, {"started": True, "round": work.fight.round})
    expire(work, combatant_id, "start")
    return True


def end_turn(work: Work, combatant_id: str, round_: int) -> None:
    """The conditions that end "at the end of its turn" end; surprise ends too (SRD 5.1:
    a surprised creature "can't move or take an action on its first turn")."""
    combatant = work.get(combatant_id)
    if combatant.turn.get("ended"):
        return
    work.set_turn(combatant_id, {"round": round_, **combatant.turn, "ended": True})
    expire(work, combatant_id, "end")
    if combatant.has("surprised"):
        remove_condition(work, combatant_id, "surprised")


def _economy_ignored(work: Work, actor: Combatant) -> None:
    work.step(_("GM: the action economy of %(name)s is not checked"), name=actor.name)


def _spend(work: Work, actor: Combatant, slot: str, what: str, used: str, override: bool) -> None:
    """The turn's one `slot` ("action", "bonus") spent on `what`; `used`: the refusal."""
    turn = work.turn(actor.id)
    if override:
        _economy_ignored(work, actor)
    elif turn.get(slot):
        raise fail(used, name=actor.name)
    turn.setdefault(slot, what)
    work.set_turn(actor.id, turn)


def spend_action(work: Work, actor: Combatant, what: str, *, override: bool) -> None:
    used = _("%(name)s has already used the action this turn")
    _spend(work, actor, "action", what, used, override)


def spend_bonus(work: Work, actor: Combatant, what: str, *, override: bool) -> None:
    """The one bonus action of the turn (SRD 5.1, Bonus Actions): the off-hand attack, or a
    Dash or Disengage a feature allows as one (Cunning Action, a goblin's Nimble Escape)."""
    _spend(work, actor, "bonus", what, _("%(name)s has already used the bonus action"), override)


def spend_action_or_bonus(work: Work, actor: Combatant, what: str, mods: Mods) -> None:
    """The action, or the bonus action where a trait allows it (Cunning Action: Dash or
    Disengage; Nimble Escape: Disengage) or the GM's override says so."""
    override = mods.flag("override")
    if not mods.flag("bonus_action"):
        spend_action(work, actor, what, override=override)
        return
    if what not in bonus_moves(actor) and not override:
        raise fail(_("%(name)s has no trait that makes this a bonus action"), name=actor.name)
    spend_bonus(work, actor, what, override=override)
    work.step(_("%(name)s: as a bonus action"), name=actor.name)


def spend_attack(work: Work, actor: Combatant, *, override: bool, reaction: bool) -> str:
    """One attack (a grapple and a shove replace one): from the Attack action or Multiattack
    already begun, else a new Attack action; out of turn it is the reaction."""
    turn = work.turn(actor.id)
    if reaction:
        if turn.get("reaction") and not override:
            raise fail(_("%(name)s has already used the reaction"), name=actor.name)
        turn["reaction"] = True
        work.set_turn(actor.id, turn)
        work.step(_("%(name)s attacks with the reaction"), name=actor.name)
        return "reaction"
    left = _number(turn, "attacks_left")
    used = "extra"
    if override:
        _economy_ignored(work, actor)
        used = "override"
    elif left > 0:
        turn["attacks_left"] = left - 1
    elif turn.get("action"):
        raise fail(_("%(name)s has no attack left this turn"), name=actor.name)
    else:
        turn["action"] = "attack"
        turn["attacks_left"] = attacks_per_action(actor) - 1
        used = "action"
    turn["attacks"] = _number(turn, "attacks") + 1
    work.set_turn(actor.id, turn)
    return used


def start_multiattack(work: Work, actor: Combatant, attacks: int, *, override: bool) -> None:
    spend_action(work, actor, "multiattack", override=override)
    turn = work.turn(actor.id)
    turn["attacks_left"] = attacks
    work.set_turn(actor.id, turn)


def spend_movement(work: Work, actor: Combatant, cost: int, budget: int, *, override: bool) -> int:
    """Spend `cost` feet of the turn's movement; returns the feet left."""
    turn = work.turn(actor.id)
    moved = _number(turn, "moved")
    if moved + cost > budget and not override:
        raise fail(
            _("%(name)s has only %(left)s ft of movement left"),
            name=actor.name,
            left=max(budget - moved, 0),
        )
    turn["moved"] = moved + cost
    work.set_turn(actor.id, turn)
    return budget - moved - cost


def _number(turn: dict[str, Any], key: str) -> int:
    value = turn.get(key, 0)
    return value if type(value) is int else 0
