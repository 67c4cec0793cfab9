"""Initiative (BRIEF [std], SRD 5.1 "Initiative"): d20 + DEX modifier, once for the fight.

Ties: the rules let the GM order tied monsters and the players their tied characters (the GM
decides between the two). The engine proposes the higher DEX score first and says so in a note;
the GM reorders with "move in order". With the option `tie_rolloff` the tied roll a d20 each
instead (again while still tied). With `shared_initiative` the NPCs of one kind (identical
stats, weapons and side) roll once together and act one after another.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from combat.rules.base import Change, Combatant, Fight, Outcome, Step, _
from combat.rules.dnd5e.common import Work, modifier, score, signed, with_bonus
from combat.rules.faces import FaceSource
from combat.rules.work import joined_roster, roster

MAX_ROLLOFFS = 10  # then the GM decides


def option(fight: Fight, key: str) -> bool:
    value = fight.options.get(key, "no")
    return value is True or value == "yes"


def _kind(combatant: Combatant) -> str | None:
    """What makes NPCs "of one kind": the same stats, weapons and side."""
    if not combatant.is_npc:
        return None
    data = {"stats": combatant.stats, "weapons": combatant.weapons, "side": combatant.side}
    return json.dumps(data, sort_keys=True, default=str)


def _units(fight: Fight, ids: Sequence[str], shared: bool) -> list[list[Combatant]]:
    units: dict[object, list[Combatant]] = {}
    for combatant_id in dict.fromkeys(ids):
        combatant = fight.get(combatant_id)
        kind = _kind(combatant) if shared else None
        units.setdefault(kind if kind is not None else combatant_id, []).append(combatant)
    return list(units.values())


def _roll_unit(work: Work, unit: list[Combatant], shared: bool) -> bool:
    """Roll for one unit (or join the initiative its kind already has); True if rolled."""
    first = unit[0]
    listed = tuple((c.id, c.name) for c in unit)
    names, lists = joined_roster(listed), {"names": listed}
    kind = _kind(first) if shared else None
    ids = {c.id for c in unit}
    kin = [
        c
        for c in work.fight.combatants
        if kind is not None and c.id not in ids and c.initiative is not None and _kind(c) == kind
    ]
    if kin:
        total = kin[0].initiative
        work.step(
            _("%(names)s share initiative %(total)s with %(kin)s"),
            names=names,
            total=total,
            lists={**lists, "kin": ((kin[0].id, kin[0].name),)},
        )
    else:
        dex = modifier(first, "dex")
        result = work.roll("initiative", first.id, with_bonus("1d20", dex))
        total = result.total
        template = (
            _("%(names)s share initiative %(total)s = d20 %(d20)s, DEX %(dex)s")
            if len(unit) > 1
            else _("%(names)s: initiative %(total)s = d20 %(d20)s, DEX %(dex)s")
        )
        work.step(
            template,
            names=names,
            total=total,
            d20=result.faces[0],
            dex=signed(dex),
            about=first.id if len(unit) == 1 else None,
            lists=lists,
        )
    for combatant in unit:
        work.change(Change(combatant.id, "initiative", total, before=combatant.initiative))
    return not kin


def roll_initiative(fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
    work = Work(fight, faces)
    shared = option(fight, "shared_initiative")
    rolled: set[str] = set()
    for unit in _units(fight, ids, shared):
        if _roll_unit(work, unit, shared):
            rolled.update(c.id for c in unit)
    order, ties = _order(work, rolled, option(fight, "tie_rolloff"), shared)
    initiative = {c.id: c.initiative for c in work.fight.combatants if c.initiative is not None}
    listed = roster(work.fight, order)
    summary = Step(
        _("Initiative: %(order)s"), {"order": joined_roster(listed)}, lists={"order": listed}
    )
    data = {"initiative": initiative, "order": list(order), "ties": ties}
    return work.finish(summary, data, order=order)


def _order(
    work: Work, rolled: set[str], rolloff: bool, shared: bool
) -> tuple[tuple[str, ...], list[list[str]]]:
    """Highest first; among equals the higher DEX score (or a roll-off), then the old order."""
    fight = work.fight
    earlier = {cid: index for index, cid in enumerate(fight.order)}
    ranked = [c for c in fight.combatants if c.initiative is not None]
    ranked.sort(
        key=lambda c: (
            -(c.initiative or 0),
            0 if rolloff else -score(c, "dex"),
            earlier.get(c.id, len(earlier)),
        )
    )
    order: list[str] = []
    ties: list[list[str]] = []
    for value in sorted({c.initiative or 0 for c in ranked}, reverse=True):
        group = [c for c in ranked if c.initiative == value]
        units = _units(fight, [c.id for c in group], shared)
        if len(units) > 1 and rolled.intersection(c.id for c in group):
            ties.append([c.id for c in group])
            if rolloff:
                units = _rolloff(work, units, value, 1)
            else:
                work.note(
                    _(
                        "Tied at initiative %(initiative)s: %(names)s — the higher DEX "
                        "goes first; the GM orders tied monsters and the players their "
                        "characters (move in order)"
                    ),
                    initiative=value,
                    names=", ".join(c.name for c in group),
                )
        order += [c.id for unit in units for c in unit]
    return tuple(order), ties


def _rolloff(
    work: Work, units: list[list[Combatant]], initiative: int, depth: int
) -> list[list[Combatant]]:
    """The optional d20 roll-off among the tied, repeated among those still tied."""
    if len(units) == 1:
        return units
    if depth > MAX_ROLLOFFS:
        work.note(_("Initiative still tied after many roll-offs: the GM decides the order"))
        return units
    rolls = [work.roll("initiative_rolloff", unit[0].id, "1d20").total for unit in units]
    listed = tuple(
        (unit[0].id, f"{unit[0].name} {value}") for unit, value in zip(units, rolls, strict=True)
    )
    work.step(
        _("Roll-off at initiative %(initiative)s: %(rolls)s"),
        initiative=initiative,
        rolls=joined_roster(listed),
        lists={"rolls": listed},
    )
    result: list[list[Combatant]] = []
    for value in sorted(set(rolls), reverse=True):
        tied = [unit for unit, rolled in zip(units, rolls, strict=True) if rolled == value]
        result += _rolloff(work, tied, initiative, depth + 1)
    return result
