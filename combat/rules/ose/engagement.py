"""Who is in melee with whom (seed 001, "Při boji zblízka").

In melee the only movement is a fighting withdrawal or a retreat, so the engine remembers who
fought whom: a melee attack engages attacker and target (an Effect of kind "melee" with
{"with": [ids]} on both); a withdrawal or retreat, or the referee, ends it. A fallen or routed
opponent no longer holds anyone (common.opponents).
"""

from __future__ import annotations

from combat.rules.base import Effect
from combat.rules.ose.common import Work, effect


def _with(work: Work, combatant_id: str) -> list[str]:
    found = effect(work.get(combatant_id), "melee")
    return [str(cid) for cid in found.data.get("with", ())] if found else []


def _store(work: Work, combatant_id: str, ids: list[str]) -> None:
    found = effect(work.get(combatant_id), "melee")
    if ids:
        work.put_effect(combatant_id, Effect("melee", "melee", {"with": ids}))
    elif found is not None:
        work.remove_effect(combatant_id, found)


def engage(work: Work, first: str, second: str) -> None:
    for one, other in ((first, second), (second, first)):
        ids = _with(work, one)
        if other not in ids:
            _store(work, one, [*ids, other])


def disengage(work: Work, combatant_id: str) -> None:
    """It leaves melee: nobody holds it any more, and it holds nobody."""
    known = {c.id for c in work.fight.combatants}
    for other in (cid for cid in _with(work, combatant_id) if cid in known):
        _store(work, other, [cid for cid in _with(work, other) if cid != combatant_id])
    _store(work, combatant_id, [])
