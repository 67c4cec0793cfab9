"""What the OSE engine adds to the tracker: the round's step and phase, the sides as blocks
with their initiative rolls, per-combatant badges, and who has acted at this position."""

from __future__ import annotations

from combat.rules.base import Badge, Combatant, Fight, Group, Step, TrackerView, _
from combat.rules.ose.common import MELEE, MISSILE, arms, effect, is_out, number, opponents
from combat.rules.ose.damage import PENDING
from combat.rules.ose.flow import PHASE_HEADERS, ROUND_HEADER, SLOW_HEADER, acting, block_who
from combat.rules.ose.moves import MOVEMENT_LIMIT
from combat.rules.ose.stage import SLOW, blocks, current, members, morale_pending, stage_key, step

DECLARED = {
    "cast": _("Declared: spell"),
    "withdrawal": _("Declared: fighting withdrawal"),
    "retreat": _("Declared: retreat"),
}
SPELL = {"cast": _("Spell cast"), "lost": _("Spell lost (interrupted)")}


def tracker(fight: Fight) -> TrackerView:
    return TrackerView(
        header=_header(fight),
        badges={c.id: _badges(fight, c) for c in fight.combatants},
        groups=_groups(fight),
        acted=_acted(fight),
    )


def _header(fight: Fight) -> tuple[Step, ...]:
    if step(fight) == "declare":
        lines = [Step(ROUND_HEADER, {"round": max(fight.round, 1)})]
    else:
        lines = []
        position = current(fight.stage)
        if position is not None and position[1] in PHASE_HEADERS:
            who = block_who(fight, fight.stage, position[0])
            lines.append(acting(who) if who else Step(SLOW_HEADER))
            lines.append(Step(PHASE_HEADERS[position[1]]))
    sides = dict.fromkeys(c.side for c in fight.combatants if morale_pending(fight, c))
    lines += [Step(_("Morale check pending: %(side)s"), {"side": side}) for side in sides]
    return tuple(lines)


def _groups(fight: Fight) -> tuple[Group, ...]:
    if step(fight) == "declare":
        sides: dict[str, list[str]] = {}
        for c in fight.combatants:
            sides.setdefault(c.side, []).append(c.id)
        return tuple(
            Group(Step(_("%(side)s — no initiative yet"), {"side": side}), tuple(ids))
            for side, ids in sides.items()
        )
    position = current(fight.stage)
    now = position[0] if position else None
    groups = [
        Group(_block_label(fight, str(b["key"])), tuple(b.get("ids", ())), active=b["key"] == now)
        for b in blocks(fight.stage)
    ]
    # The slow weapons' block appears when it acts: listed earlier, its members stood twice in
    # the tracker, marked "turn" in both places during their side's phases (the row's "Slow
    # weapon" badge tells it before).
    if now == SLOW:
        slow = tuple(
            dict.fromkeys(
                cid
                for phase in ("missiles", "melee")
                for cid in members(fight, fight.stage, (SLOW, phase))
            )
        )
        groups.append(Group(Step(SLOW_HEADER), slow, active=True))
    return tuple(groups)


def _block_label(fight: Fight, key: str) -> Step:
    params = block_who(fight, fight.stage, key) or {}
    if "sides" in params:  # a side's key: the page words "party" in its language
        return Step(_("%(sides)s — initiative %(roll)s"), params)
    return Step(_("%(who)s — initiative %(roll)s"), params)


def _acted(fight: Fight) -> frozenset[str]:
    """Who took an action at this position, and who already had its turn here."""
    key = stage_key(fight.stage)
    if not key:
        return frozenset()
    took = {c.id for c in fight.combatants if key in c.turn.get("acted", ())}
    order = list(fight.order)
    had = order[: order.index(fight.current)] if fight.current in order else []
    return frozenset(took | set(had))


def _badges(fight: Fight, c: Combatant) -> tuple[Badge, ...]:
    turn, badges = c.turn, []
    # Once the declared spell is cast or lost, that badge says it (no "Declared: spell" beside).
    if turn.get("declared") in DECLARED and not (turn["declared"] == "cast" and "spell" in turn):
        badges.append(Badge(Step(DECLARED[str(turn["declared"])])))
    if turn.get("spell") in SPELL:
        badges.append(Badge(Step(SPELL[str(turn["spell"])])))
    if morale_pending(fight, c):
        badges.append(Badge(Step(_("Morale check pending"))))
    held = sum(int(e.data.get("damage", 0)) for e in c.effects if e.kind == PENDING)
    if held:
        badges.append(Badge(Step(_("Damage pending: %(damage)s"), {"damage": held})))
    if not is_out(c) and opponents(fight, c):
        badges.append(Badge(Step(_("In melee"))))
    if any(arm.slow for kind in (MELEE, MISSILE) for arm in arms(c, kind)):
        badges.append(Badge(Step(_("Slow weapon"))))
    per_round = number(c, "attacks_per_round")
    if per_round > 1:
        used = int(turn.get("attacks", 0))
        badges.append(Badge(Step(_("Attacks")), filled=min(used, per_round), total=per_round))
    badges += _lasting(c)
    return tuple(badges)


def _lasting(c: Combatant) -> list[Badge]:
    """Badges of effects that outlast the round."""
    badges = []
    moved = effect(c, "movement_rounds")
    if moved is not None:
        badges.append(
            Badge(
                Step(
                    _("Moved %(rounds)s/%(limit)s rounds"),
                    {"rounds": moved.data.get("rounds", 0), "limit": MOVEMENT_LIMIT},
                )
            )
        )
    spells = effect(c, "spells_expended")
    if spells is not None:
        badges.append(
            Badge(Step(_("Spells expended: %(count)s"), {"count": spells.data.get("count", 0)}))
        )
    referee = effect(c, "initiative_mod")
    if referee is not None:
        badges.append(
            Badge(
                Step(
                    _("Initiative modifier %(modifier)+d"),
                    {"modifier": int(referee.data.get("value", 0))},
                )
            )
        )
    morale = effect(c, "morale")
    if morale is not None and int(morale.data.get("passed", 0)):
        badges.append(
            Badge(
                Step(_("Morale checks passed: %(count)s"), {"count": morale.data.get("passed", 0)})
            )
        )
    return badges
