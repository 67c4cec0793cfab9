"""A fight in the middle of a pass, read for the fast path: whose phase it is, the pass, and
what the engine keeps of the combat turn so far (scores, earlier scores, rolled totals, pools
left, who acted) — or Declined where the state holds more than the loop plays (a delayed,
declared or aimed action, movement, a phase already begun, the delayed actions at the end of a
pass, an order or a wound modifier the GM changed by hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from combat.rules.arrays import Ints
from combat.rules.base import Combatant, Fight
from combat.rules.shadowrun3.common import (
    end_stage,
    is_out,
    natural_reaction,
    pass_score,
    phase_key,
    pool_size,
    reaction,
    score,
    stage_pass,
    wound_modifier,
)
from combat.rules.shadowrun3.fast.table import Declined, Table
from combat.rules.shadowrun3.phase import phase_state

TURN_ONLY = ("delay", "declared", "aim", "move", "athletics", "stepped", "no_fire")


@dataclass
class Running:
    """Where the combat turn stands: the pass `number`, the current combatant (its index and
    its place in the pass's order) and, per combatant, the engine's numbers of this turn."""

    number: int
    current: int
    cut: int
    numbers: dict[str, Ints]  # score, wound, raw, pool, rank, place, acted


def running(fight: Fight, table: Table) -> Running:
    """The running fight's turn so far, or Declined."""
    if end_stage(fight) or fight.current not in fight.order:
        raise Declined("end of a pass")
    number, order = stage_pass(fight), list(fight.order)
    current = fight.get(str(fight.current))
    begun = current.turn.get("fired")
    if phase_state(current, phase_key(fight))["kinds"] or (
        isinstance(begun, dict) and begun.get("key") == phase_key(fight)
    ):
        raise Declined("a phase begun")
    rows = [_numbers(c, number) for c in fight.combatants]
    cut = order.index(current.id)
    waiting = {c.id for c in fight.combatants if not is_out(c) and (pass_score(c, number) or 0) > 0}
    if set(order[cut + 1 :]) != waiting - set(order[: cut + 1]):
        raise Declined("the order of the pass")
    keys = [row.pop("key") for row in rows]
    ranks = {key: index for index, key in enumerate(sorted(set(keys)))}
    place = {cid: index for index, cid in enumerate(order)}
    for row, key, c in zip(rows, keys, fight.combatants, strict=True):
        row.update(rank=ranks[key], place=place.get(c.id, 0), acted=c.id in order[:cut])
    rest = [
        (rows[table.ids.index(cid)]["score"], ranks[keys[table.ids.index(cid)]])
        for cid in order[cut + 1 :]
    ]
    if rest != sorted(rest, reverse=True):
        raise Declined("an order changed by hand")
    return Running(
        number,
        table.ids.index(current.id),
        cut,
        {k: np.array([row[k] for row in rows], dtype=np.int64) for k in rows[0]},
    )


def _numbers(c: Combatant, number: int) -> dict[str, Any]:
    """One combatant's turn so far, and the rest of the engine's tie key (passes.tie_key)."""
    if is_out(c):
        return {"score": 0, "wound": 0, "raw": 0, "pool": 0, "key": ()}
    turn = c.turn
    now, init, starts = score(c), turn.get("init"), turn.get("starts")
    raw = init.get("raw") if isinstance(init, dict) else None
    if any(turn.get(key) for key in TURN_ONLY) or now is None or type(raw) is not int:
        raise Declined("the combatant's turn")
    if not isinstance(starts, list) or len(starts) < number or turn.get("pool_max") != pool_size(c):
        raise Declined("the combatant's turn")
    if turn.get("wound") != wound_modifier(c) or type(turn.get("pool")) is not int:
        raise Declined("a wound modifier changed by hand")
    earlier = tuple(starts[k] for k in range(number - 1, -1, -1))
    key = (*earlier, raw, reaction(c), natural_reaction(c))
    return {"score": now, "wound": turn["wound"], "raw": raw, "pool": turn["pool"], "key": key}
