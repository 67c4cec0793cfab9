"""Two-weapon fighting, the bonus action's attack (SRD 5.1, Actions in Combat; issue O).

SRD 5.1: "When you take the Attack action and attack with a light melee weapon that you're holding
in one hand, you can use a bonus action to attack with a different light melee weapon that you're
holding in the other hand. You don't add your ability modifier to the damage of the bonus attack,
unless that modifier is negative." One bonus action a turn (`turn["bonus"]`); an attack of the
Attack action with a light melee weapon marks the turn (`turn["light"]`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from combat.rules.base import Combatant, _
from combat.rules.dnd5e.common import Work, fail, with_bonus
from combat.rules.dnd5e.economy import spend_bonus
from combat.rules.dnd5e.profile import Profile

BONUS, LIGHT = "bonus", "light"


def light_melee(weapon: Mapping[str, Any]) -> bool:
    properties = weapon.get("properties") or ()
    return LIGHT in properties and weapon.get("weapon_range") != "ranged"


def _weapon(actor: Combatant, name: str | None) -> Mapping[str, Any] | None:
    return next((w for w in actor.weapons if w.get("name") == name), None)


def offered(actor: Combatant, turn: Mapping[str, Any]) -> bool:
    """The Attack action struck with a light melee weapon, the bonus action is free, and it
    holds a light melee weapon for the other hand."""
    ready = turn.get(LIGHT) and not turn.get(BONUS)
    return bool(ready) and any(light_melee(w) for w in actor.weapons)


def off_hand(work: Work, actor: Combatant, arm: Profile, name: str | None) -> Profile:
    """The bonus attack's profile: checked, the bonus action spent, the positive ability
    modifier left out of the damage."""
    weapon = _weapon(actor, name)
    if weapon is None or not light_melee(weapon):
        raise fail(_("the off-hand attack needs a light melee weapon"))
    turn = work.turn(actor.id)
    if not turn.get(LIGHT):
        raise fail(_("first the Attack action with a light melee weapon in the other hand"))
    spend_bonus(work, actor, "off_hand", override=False)
    if arm.ability_mod <= 0:
        return arm
    dice = str(weapon.get("damage") or "")
    work.step(_("Off-hand: no ability modifier to the damage"))
    return replace(arm, damage=((with_bonus(dice, 0), str(weapon.get("damage_type"))),))


def mark(work: Work, actor: Combatant, name: str | None, used: str) -> None:
    """An attack of the Attack action with a light melee weapon opens the off-hand attack."""
    weapon = _weapon(actor, name)
    if used in ("action", "extra") and weapon is not None and light_melee(weapon):
        work.set_turn(actor.id, {**work.turn(actor.id), LIGHT: True})
