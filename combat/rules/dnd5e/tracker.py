"""What the 5e engine adds to the tracker: temporary HP, death saves as boxes, how long each
condition lasts, who grapples whom, and the current combatant's attacks, movement and reaction.
"""

from __future__ import annotations

from combat.rules.base import Badge, Combatant, Fight, Step, TrackerView, _
from combat.rules.dnd5e import legendary
from combat.rules.dnd5e.common import effect_number, effects_of, exhaustion, hp_maximum, speed

_UNTIL = {
    "start": _("%(condition)s until the start of %(who)s's turn"),
    "end": _("%(condition)s until the end of %(who)s's turn"),
    # "skip": applied during X's turn to last until the end of X's *next* turn (conditions.py)
    "end_next": _("%(condition)s until the end of %(who)s's next turn"),
}


def _name(fight: Fight, combatant_id: object) -> str:
    try:
        return fight.get(str(combatant_id)).name
    except KeyError:  # not in this fight (a player's view leaves hidden combatants out)
        return "?"


def _economy(combatant: Combatant) -> list[Badge]:
    turn = combatant.turn
    found = []
    left = turn.get("attacks_left", 0)
    if type(left) is int and left > 0:
        found.append(Badge(Step(_("attacks left: %(count)s"), {"count": left})))
    moved = turn.get("moved", 0)
    budget = speed(combatant) * (1 + int(turn.get("dashes", 0) or 0))
    if type(moved) is int and moved:
        found.append(
            Badge(Step(_("moved %(moved)s of %(speed)s ft"), {"moved": moved, "speed": budget}))
        )
    if turn.get("action"):
        found.append(Badge(Step(_("action used"))))
    if turn.get("bonus"):
        found.append(Badge(Step(_("bonus action used"))))
    return found


def _badges(fight: Fight, combatant: Combatant) -> tuple[Badge, ...]:
    found = []
    for effect in combatant.effects:
        if effect.kind == "temp_hp":
            hp = effect_number(effect, "hp")
            found.append(Badge(Step(_("temporary HP %(hp)s"), {"hp": hp})))
        elif effect.kind == "death_saves":
            found.append(
                Badge(
                    Step(_("death save successes")),
                    effect_number(effect, "successes"),
                    3,
                    good=True,
                )
            )
            found.append(
                Badge(Step(_("death save failures")), effect_number(effect, "failures"), 3)
            )
        elif effect.kind == "duration" and effect.data.get("when") in _UNTIL:
            params = {
                "condition": effect.data.get("condition"),
                "who": _name(fight, effect.data.get("who")),
            }
            when = "end_next" if effect.data.get("skip") else str(effect.data["when"])
            found.append(Badge(Step(_UNTIL[when], params)))
    if legendary.options(combatant):
        have, usual = legendary.left(combatant), legendary.per_round(combatant)
        found.append(Badge(Step(_("legendary actions")), have, usual, good=True))
    if exhaustion(combatant):
        found.append(Badge(Step(_("exhaustion")), exhaustion(combatant), 6))
    for effect in effects_of(combatant, "recharge"):
        found.append(Badge(Step(_("%(weapon)s recharging"), {"weapon": effect.data.get("name")})))
    for effect in effects_of(combatant, "grappled_by"):
        who = _name(fight, effect.data.get("by"))
        found.append(Badge(Step(_("grappled by %(who)s"), {"who": who})))
    if combatant.id == fight.current:
        found += _economy(combatant)
    if combatant.turn.get("reaction"):
        found.append(Badge(Step(_("reaction used"))))
    return tuple(found)


def tracker(fight: Fight) -> TrackerView:
    badges = {c.id: b for c in fight.combatants if (b := _badges(fight, c))}
    acted = frozenset(
        c.id for c in fight.combatants if c.turn.get("ended") and c.turn.get("round") == fight.round
    )
    # SRD 5.1, Exhaustion level 4: "Hit point maximum halved": the HP line reads the maximum now.
    maxima = {c.id: hp_maximum(c) for c in fight.combatants if hp_maximum(c) != c.max_hp}
    return TrackerView(badges=badges, acted=acted, maxima=maxima)
