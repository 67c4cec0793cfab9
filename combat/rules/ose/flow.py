"""The round's course through the engine hooks (seed 001, "Herní průběh každého kola").

1. `start_of_round`: damage still held from a simultaneous phase lands, every combatant's
   bookkeeping is cleared, and the stage becomes {"step": "declare"} with an empty order: the
   declarations ("Oznámení kouzel a pohybu") are out-of-turn actions.
2. `roll_initiative` (initiative.py): each side's 1d6, the blocks, the first usable position.
3. `advance`, after the last combatant of a position: a held simultaneous blow lands at the
   end of its phase, then the next position somebody can use — the acting block's next phase,
   the next block ("Tahy dalších stran"), and last the slow weapons. None ends the round (after
   a last simultaneous phase, one Outcome with an empty order lands its damage first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Change, Fight, Outcome, Step, _
from combat.rules.faces import FaceSource
from combat.rules.ose.common import Work, fail
from combat.rules.ose.damage import land_pending, pending
from combat.rules.ose.options import enabled
from combat.rules.ose.stage import (
    DECLARE,
    END,
    Position,
    at,
    blocks,
    current_index,
    seek,
    step,
)

PHASE_HEADERS = {
    "morale": _("Phase: monster morale"),
    "movement": _("Phase: movement"),
    "missiles": _("Phase: missile attacks"),
    "spells": _("Phase: spell casting"),
    "melee": _("Phase: melee attacks"),
}
# A side's key is a `sides` param, so the page shows "party" in its language; with individual
# initiative the block is named by its combatants (`who`).
ACTING = _("Acting: %(sides)s (initiative %(roll)s)")
ACTING_NAMES = _("Acting: %(who)s (initiative %(roll)s)")
SLOW_HEADER = _("Slow weapons act last")
ROUND_HEADER = _("Round %(round)s: declarations (spells, movement in melee), then initiative")


def block_who(fight: Fight, stage: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    """{"sides": "party" or "party = goblins" (a simultaneous tie), "roll": 5}, with individual
    initiative {"who": "Dagmar", "roll": 5}; None: the slow block."""
    block = next((b for b in blocks(stage) if b["key"] == key), None)
    if block is None:
        return None
    if enabled(fight, "individual_initiative"):
        known = {c.id: c.name for c in fight.combatants}
        who = " = ".join(known.get(cid, cid) for cid in block.get("ids", ()))
        return {"who": who, "roll": block.get("roll")}
    sides = " = ".join(str(side) for side in block.get("sides", ()))
    return {"sides": sides, "roll": block.get("roll")}


def acting(params: Mapping[str, Any]) -> Step:
    """The line "Acting: party (initiative 5)" for the params of `block_who`."""
    return Step(ACTING if "sides" in params else ACTING_NAMES, params)


def advance(fight: Fight, faces: FaceSource) -> Outcome | None:
    if step(fight) != "act":
        raise fail(_("roll initiative first: the round is still at its declarations"))
    work = Work(fight, faces)
    stage = fight.stage
    if pending(work):
        land_pending(work)  # "akce obou stran se vyhodnotí současně": both may fall
    position, order = seek(work.fight, stage, current_index(stage))
    if position == END and work.changes:
        # The last phase was simultaneous: its blows land now (the fight may be over), and the
        # next "next turn" ends the round.
        summary = Step(_("End of the round's actions: the simultaneous damage lands"))
        return work.finish(
            summary, {"position": list(END), "order": []}, order=(), stage=at(stage, END)
        )
    if position == END:
        return None
    work.step(PHASE_HEADERS[position[1]])
    data = {"position": list(position), "order": list(order)}
    return work.finish(
        _summary(fight, stage, position), data, order=order, stage=at(stage, position)
    )


def _summary(fight: Fight, stage: Mapping[str, Any], position: Position) -> Step:
    params = block_who(fight, stage, position[0])
    if params is None:
        return Step(SLOW_HEADER)
    return acting(params)


def start_of_round(fight: Fight, faces: FaceSource) -> Outcome:
    """After `round` was incremented: held damage lands, bookkeeping resets, declarations."""
    work = Work(fight, faces)
    if pending(work):
        land_pending(work)
    for combatant in work.fight.combatants:
        work.set_turn(combatant.id, {})
        if combatant.initiative is not None:  # rolled anew each round ("každého kola")
            work.change(Change(combatant.id, "initiative", None, before=combatant.initiative))
    summary = Step(ROUND_HEADER, {"round": fight.round})
    return work.finish(summary, {"round": fight.round}, order=(), stage=dict(DECLARE))
