"""Where the round stands (seed 001, "Herní průběh každého kola") and who may act in it.

The round is a sequence of positions: for every initiative block (a side, or with individual
initiative a combatant; tied blocks merge when ties are simultaneous) the phases morale,
movement, missiles, spells, melee; and then the slow block, missiles and melee, where every
slow weapon attacks (seed 001, "Pomalé zbraně … jednají v kole vždy jako poslední"; Rulings:
after every other combatant, in their sides' order). `Fight.stage` holds:

    {"step": "declare"}                                   before initiative is rolled
    {"step": "act", "blocks": [{"key": "b1", "sides": ["party"], "ids": [...], "roll": 5},
                               ...],
     "block": "b1", "phase": "missiles"}                  a block acting through its phases

A position nobody can use is skipped; the order of a position is its members able to act.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from combat.rules.base import Combatant, Fight
from combat.rules.ose.common import (
    MELEE,
    MISSILE,
    arms,
    attacks_left,
    effect,
    is_out,
    number,
    opponents,
)
from combat.rules.ose.options import enabled

PHASES = ("morale", "movement", "missiles", "spells", "melee")
SLOW = "slow"
SLOW_PHASES = ("missiles", "melee")
DECLARE: Mapping[str, Any] = {"step": "declare"}

Position = tuple[str, str]  # (block key, phase)
END: Position = (SLOW, "end")  # every position of the round has been used


def step(fight: Fight) -> str:
    return "act" if fight.stage.get("step") == "act" else "declare"


def blocks(stage: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    found = stage.get("blocks", ())
    return [b for b in found if isinstance(b, Mapping)]


def positions(stage: Mapping[str, Any]) -> list[Position]:
    every = [(str(b["key"]), phase) for b in blocks(stage) for phase in PHASES]
    return every + [(SLOW, phase) for phase in SLOW_PHASES]


def index_of(stage: Mapping[str, Any], position: Position) -> int:
    """The position's index; the end of the round is past every position."""
    every = positions(stage)
    if position == END:
        return len(every)
    return every.index(position) if position in every else -1


def current(stage: Mapping[str, Any]) -> Position | None:
    block, phase = stage.get("block"), stage.get("phase")
    if isinstance(block, str) and isinstance(phase, str):
        return (block, phase)
    return None


def current_index(stage: Mapping[str, Any]) -> int:
    position = current(stage)
    return -1 if position is None else index_of(stage, position)


def stage_key(stage: Mapping[str, Any]) -> str:
    """The key that marks "acted here" in a combatant's turn, e.g. "b1:melee"."""
    position = current(stage)
    return "" if position is None else f"{position[0]}:{position[1]}"


def block_of(stage: Mapping[str, Any], combatant_id: str) -> int | None:
    """The index of the combatant's initiative block, or None when it has none this round."""
    for index, block in enumerate(blocks(stage)):
        if combatant_id in block.get("ids", ()):
            return index
    return None


def lost_initiative(stage: Mapping[str, Any], combatant_id: str) -> bool:
    """seed 001: "Pokud sesilatel prohraje hod na iniciativu" — its block is not the first
    (a simultaneous tie shares the first block, so nobody in it lost)."""
    index = block_of(stage, combatant_id)
    return index is not None and index > 0


# --- who may act where ------------------------------------------------------------------------


def _declared(combatant: Combatant) -> str:
    return str(combatant.turn.get("declared", ""))


def morale_pending(fight: Fight, combatant: Combatant) -> bool:
    check = effect(combatant, "morale")
    return (
        enabled(fight, "morale")
        and combatant.is_npc
        and check is not None
        and bool(check.data.get("pending"))
    )


def may_move(fight: Fight, combatant: Combatant) -> bool:
    """Not a declared caster ("Žádný pohyb"), not moved yet; in melee only when it declared a
    withdrawal or retreat."""
    if _declared(combatant) == "cast" or "moved" in combatant.turn:
        return False
    if number(combatant, "movement") <= 0:
        return False
    return not opponents(fight, combatant) or _declared(combatant) in ("withdrawal", "retreat")


def may_attack(combatant: Combatant, kind: str, *, slow: bool) -> bool:
    """An attack of this kind left, with an arm of the block's speed; never for a declared
    caster ("Jediná akce") or a retreating combatant ("V tomhle kole nemůže útočit")."""
    if _declared(combatant) in ("cast", "retreat") or attacks_left(combatant) <= 0:
        return False
    return any(arm.slow == slow for arm in arms(combatant, kind))


def may_cast(combatant: Combatant) -> bool:
    return _declared(combatant) == "cast" and "spell" not in combatant.turn


def can_act(fight: Fight, combatant: Combatant, phase: str, *, slow: bool = False) -> bool:
    if is_out(combatant):
        return False
    if phase == "morale":
        return not slow and morale_pending(fight, combatant)
    if phase == "movement":
        return not slow and may_move(fight, combatant)
    if phase == "spells":
        return not slow and may_cast(combatant)
    return may_attack(combatant, MISSILE if phase == "missiles" else MELEE, slow=slow)


def members(fight: Fight, stage: Mapping[str, Any], position: Position) -> tuple[str, ...]:
    """Who acts at this position, in order. The morale phase needs one member per side (the
    check is the group's); the slow block takes every block's members in initiative order."""
    block, phase = position
    if block == SLOW:
        ids: Sequence[str] = [cid for b in blocks(stage) for cid in b.get("ids", ())]
    else:
        ids = next((b.get("ids", ()) for b in blocks(stage) if b["key"] == block), ())
    known = {c.id: c for c in fight.combatants}
    order = [
        cid for cid in ids if cid in known and can_act(fight, known[cid], phase, slow=block == SLOW)
    ]
    if phase == "morale":
        first: dict[str, str] = {}
        for cid in order:
            first.setdefault(known[cid].side, cid)
        order = list(first.values())
    return tuple(order)


def seek(fight: Fight, stage: Mapping[str, Any], after: int) -> tuple[Position, tuple[str, ...]]:
    """The first position after index `after` that somebody can use, with its order; the end
    of the round is (END, ())."""
    for position in positions(stage)[after + 1 :]:
        order = members(fight, stage, position)
        if order:
            return position, order
    return END, ()


def at(stage: Mapping[str, Any], position: Position) -> dict[str, Any]:
    return {**stage, "step": "act", "block": position[0], "phase": position[1]}
