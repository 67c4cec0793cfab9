"""A monster's breath for the fast path (issue P): the tactics' one area action, read into arrays.

The tactics (combat.rules.dnd5e.tactics) have a monster breathe first when it can: a save action
that recharges (`saves.recharges_on`) with damage, on every standing enemy. The engine then
rolls the damage once for all (`saves.saving_throws`), each target saves (d20 + its save bonus
against the DC) and takes all, half (rounded down, "half as much") or none, each damage type
through its immunities, resistances and vulnerabilities; the action waits for its recharge d6
at the start of the monster's turns. A monster with two such actions, a breath that also gives
a condition, or more enemies than one action may target is declined.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from combat.rules.arrays import Bools, Floats, Ints
from combat.rules.base import Combatant, Fight
from combat.rules.dice import parse
from combat.rules.dnd5e.common import save_bonus
from combat.rules.dnd5e.fast.compiled import (
    Declined,
    adjustment,
    dice_sizes,
)
from combat.rules.dnd5e.fortitude import is_radiant
from combat.rules.dnd5e.riders import rider_condition
from combat.rules.dnd5e.saves import MOST_TARGETS, RECHARGE, recharges_on, save_actions


@dataclass(frozen=True)
class Breaths:
    """Each combatant's breath (axis 0), its damage parts and its targets (the last axis)."""

    has: Bools
    low: Ints  # the lowest d6 face that recharges it
    dc: Ints
    half: Ints  # 1: half damage on a save, 0: none
    throw: Floats  # (n, parts, dice): signed die sizes, 0 none
    const: Ints  # (n, parts): the constant, + 1 a die
    divide: Ints  # (n, parts, n)
    times: Ints  # (n, parts, n)
    bonus: Ints  # (n, n): each target's save bonus against the breath's ability
    spent: Bools  # waiting for its recharge as the simulation begins
    radiant: Bools  # radiant damage: no Undead Fortitude save (fortitude.py)


def breaths(fight: Fight) -> Breaths | None:
    """The fight's breaths, None when nobody has one; `Declined` for one not played."""
    found = [_breath(fight, c) for c in fight.combatants]
    if not any(found):
        return None
    n = len(found)
    parts = max(len(e["damage"]) for e in found if e) or 1
    sizes = [[dice_sizes(dice) for dice, _kind in e["damage"]] for e in found if e]
    most = max((len(p) for d in sizes for p in d), default=0) or 1
    b = Breaths(
        np.array([bool(e) for e in found], np.bool_),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros((n, parts, most), np.float64),
        np.zeros((n, parts), np.int64),
        np.ones((n, parts, n), np.int64),
        np.ones((n, parts, n), np.int64),
        np.zeros((n, n), np.int64),
        np.zeros(n, np.bool_),
        np.zeros(n, np.bool_),
    )
    for row, entry in enumerate(found):
        if entry:
            _fill(b, row, entry, fight.combatants)
    return b


def _breath(fight: Fight, c: Combatant) -> dict[str, Any]:
    """The monster's breath as the engine reads it ({} without one)."""
    if not c.is_npc:
        return {}
    ready = [e for e in save_actions(c) if recharges_on(e) is not None and e.get("damage")]
    if not ready:
        return {}
    if len(ready) > 1 or rider_condition(ready[0]) is not None:
        raise Declined("a breath the fast path does not play")
    if sum(1 for other in fight.combatants if other.side != c.side) > MOST_TARGETS:
        raise Declined("more targets than one action takes")
    entry = ready[0]
    items = [i for i in entry.get("damage") or () if isinstance(i, Mapping) and i.get("dice")]
    return {
        "low": recharges_on(entry),
        "dc": int(entry["dc"]),
        "ability": str(entry["dc_ability"]),
        "half": entry.get("dc_success") == "half",
        "spent": any(e.kind == RECHARGE and e.data.get("name") == entry["name"] for e in c.effects),
        "damage": [(str(i["dice"]), str(i.get("type") or "").casefold()) for i in items],
    }


def _fill(b: Breaths, row: int, entry: dict[str, Any], people: tuple[Combatant, ...]) -> None:
    b.low[row], b.dc[row], b.half[row] = entry["low"], entry["dc"], int(entry["half"])
    b.spent[row] = entry["spent"]
    b.radiant[row] = is_radiant([kind for _dice, kind in entry["damage"]])
    for part, (dice, kind) in enumerate(entry["damage"]):
        found = dice_sizes(dice)
        b.throw[row, part, : len(found)] = found
        b.const[row, part] = parse(dice).constant + sum(1 if s > 0 else -1 for s in found)
        for col, target in enumerate(people):
            b.divide[row, part, col], b.times[row, part, col] = adjustment(target, kind)
    b.bonus[row] = [save_bonus(target, entry["ability"]) for target in people]
