"""What the tracker shows for a Shadowrun fight: the pass, each combatant's initiative as the
seed writes it, this pass's score, the combat pool, both condition monitors as boxes, wounds,
delays, surprise, aim, movement, magazines and grenades on their way."""

from __future__ import annotations

from combat.rules.base import Badge, Combatant, Fight, Step, TrackerView, _
from combat.rules.shadowrun3 import delay, explosives, initiative, surprise
from combat.rules.shadowrun3.common import (
    MONITOR,
    end_stage,
    is_out,
    pass_score,
    physical_boxes,
    score,
    stage_pass,
    stun_boxes,
    wound_modifier,
)
from combat.rules.shadowrun3.firearms import reload
from combat.rules.shadowrun3.handlers_gear import aim_of, ammo, is_firearm, mode
from combat.rules.shadowrun3.movement import allowance, move_of

# The fire mode in the seed's letters (Czech J/P/D/A), one template each.
MAGAZINE = {
    "SS": _("%(weapon)s SS %(rounds)s/%(size)s"),
    "SA": _("%(weapon)s SA %(rounds)s/%(size)s"),
    "BF": _("%(weapon)s BF %(rounds)s/%(size)s"),
    "FA": _("%(weapon)s FA %(rounds)s/%(size)s"),
}


def tracker(fight: Fight) -> TrackerView:
    number = stage_pass(fight)
    header: list[Step] = []
    if fight.round:
        header.append(
            Step(
                _("Combat turn %(turn)s, initiative pass %(pass)s"),
                {"turn": fight.round, "pass": number},
            )
        )
    if end_stage(fight):
        header.append(Step(_("End of the pass: delayed actions")))
    header += _declare_hint(fight, number)
    badges = {c.id: _badges(fight, c, number) for c in fight.combatants}
    return TrackerView(header=tuple(header), badges=badges, acted=_acted(fight, number))


def _acted(fight: Fight, number: int) -> frozenset[str]:
    acted = {c.id for c in fight.combatants if c.turn.get("acted") == number}
    order = list(fight.order)
    if fight.current in order and not end_stage(fight):
        acted |= set(order[: order.index(fight.current)])
    return frozenset(acted)


def _declare_hint(fight: Fight, number: int) -> list[Step]:
    """seed 003: several acting in one phase declare lowest first."""
    if fight.current is None or end_stage(fight):
        return []
    now = pass_score(fight.get(fight.current), number)
    same = [c for cid in fight.order if (c := fight.get(cid)) and pass_score(c, number) == now]
    if len(same) < 2:
        return []
    names = ", ".join(c.name for c in reversed(same))
    return [
        Step(_("Phase %(phase)s: declare lowest first — %(names)s"), {"phase": now, "names": names})
    ]


def _badges(fight: Fight, combatant: Combatant, number: int) -> tuple[Badge, ...]:
    badges = [Badge(initiative.formula(combatant))]
    badges += _score(combatant, number)
    pool, top = combatant.turn.get("pool"), combatant.turn.get("pool_max")
    if type(pool) is int and type(top) is int:
        badges.append(Badge(Step(_("pool %(left)s/%(max)s"), {"left": pool, "max": top})))
    badges.append(Badge(Step(_("Physical")), min(physical_boxes(combatant), MONITOR), MONITOR))
    badges.append(Badge(Step(_("Stun")), min(stun_boxes(combatant), MONITOR), MONITOR))
    wounds = wound_modifier(combatant)
    if wounds:
        badges.append(Badge(Step(_("wounds +%(tn)s TN, −%(tn)s initiative"), {"tn": wounds})))
    return tuple(badges + _state(fight, combatant))


def _score(combatant: Combatant, number: int) -> list[Badge]:
    value = pass_score(combatant, number)
    if value is None or is_out(combatant):
        return []
    if value <= 0:
        return [Badge(Step(_("no actions in pass %(pass)s"), {"pass": number}))]
    return [Badge(Step(_("pass %(pass)s: %(score)s"), {"pass": number, "score": value}))]


def _state(fight: Fight, combatant: Combatant) -> list[Badge]:
    steps: list[Step] = []
    known = {c.id: c.name for c in fight.combatants}  # a player's fight has no hidden ones
    held = delay.delay_of(combatant)
    if held and held.get("until") == "next_pass":
        steps.append(Step(_("delayed into pass %(pass)s"), {"pass": held.get("pass", 0) + 1}))
    elif held:
        steps.append(Step(_("delayed action")))
    caught = surprise.surprise_of(combatant)
    if caught and caught.get("complete"):
        steps.append(Step(_("completely surprised")))
    elif caught:
        names = ", ".join(known[cid] for cid in caught.get("against", []) if cid in known)
        if names:
            steps.append(Step(_("cannot act against %(names)s"), {"names": names}))
    aim = aim_of(combatant)
    if aim:
        steps.append(Step(_("aiming −%(count)s"), {"count": aim.get("count", 0)}))
    moving = move_of(combatant)
    if moving and score(combatant) is not None:
        limit = allowance(fight, combatant, moving["pace"])
        template = (
            _("running, %(limit)s m a phase")
            if moving["pace"] == "run"
            else _("walking, %(limit)s m a phase")
        )
        steps.append(Step(template, {"limit": limit}))
    for effect in explosives.grenades(combatant):
        steps.append(
            Step(
                _("grenade on its way to %(target)s"),
                {"target": known.get(str(effect.data["target"]), "?")},
            )
        )
    steps += _magazines(combatant)
    return [Badge(step) for step in steps]


def _magazines(combatant: Combatant) -> list[Step]:
    steps = []
    for arm in combatant.weapons:
        full = reload(arm)
        if full is None or not is_firearm(arm):
            continue
        state = ammo(combatant, arm)
        template = MAGAZINE.get(mode(combatant, arm) or "", MAGAZINE["SS"])
        params = {"weapon": arm.get("name"), "rounds": state.get("rounds") or 0, "size": full}
        steps.append(Step(template, params))
    return steps
