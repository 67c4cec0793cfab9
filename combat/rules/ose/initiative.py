"""Initiative (seed 001, "Iniciativa"), rolled after the declarations of every round.

"Hod 1k6: Každá strana si hodí na začátku každého kola." The highest side acts first, the others
from the highest roll down. Ties (option `initiative_ties`): the tied sides roll again, or act
together ("obě strany si můžou navzájem zasadit smrtelné rány"). With the option
`individual_initiative` every combatant rolls 1d6 + its DEX modifier (the ability table's own
initiative column, not the AC and missile one: `dex_initiative`), or the referee's modifier for a
very fast or slow monster (the action `initiative_mod`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from combat.rules.base import Change, Combatant, Fight, Outcome, Step, _
from combat.rules.faces import FaceSource
from combat.rules.ose.common import Work, effect, fail, is_out, number, signed
from combat.rules.ose.morale import prompt_never_fights
from combat.rules.ose.options import enabled, simultaneous_ties
from combat.rules.ose.stage import END, at, block_of, blocks, current, members, seek, step

MAX_REROLLS = 20  # then the GM orders the still tied sides by hand
ROUND_OVER = _(
    "Round %(round)s has no turns left: Next turn begins the next round and its initiative"
)
Unit = tuple[str, tuple[str, ...]]  # a side (or a combatant) and its combatants' ids


def roll_initiative(fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
    work = Work(fight, faces)
    for cid in ids:
        work.get(cid)  # every id must exist
    standing = [c.id for c in fight.combatants if not is_out(c)]
    if step(fight) != "act":
        return _full(work, standing)
    # Mid-round ("Každá strana si hodí na začátku každého kola"): only a late-comer rolls; the
    # page's button sends every id, and a second roll would restart the round's phases.
    newcomers = [cid for cid in ids if cid in standing and block_of(fight.stage, cid) is None]
    if not newcomers and current(fight.stage) == END:
        return _round_over(work)
    if not newcomers:
        raise fail(
            _(
                "initiative is already rolled for this round; the next round rolls it anew "
                "(Undo takes a roll back)"
            )
        )
    return _late(work, newcomers)


def _round_over(work: Work) -> Outcome:
    """Every position of the round used and nobody's turn left (the blows of a last
    simultaneous phase have landed): nothing to roll. The simulator asks for initiative
    whenever it is nobody's turn; Next turn ends the round, and the next one rolls anew."""
    summary = Step(ROUND_OVER, {"round": work.fight.round})
    return work.finish(summary, {"order": []}, order=())


def _units(fight: Fight, standing: Sequence[str]) -> list[Unit]:
    if enabled(fight, "individual_initiative"):
        return [(cid, (cid,)) for cid in standing]
    sides: dict[str, list[str]] = {}
    for cid in standing:
        sides.setdefault(fight.get(cid).side, []).append(cid)
    return [(side, tuple(members)) for side, members in sides.items()]


# The standard ability table's DEX columns: the AC and missile modifier a record keeps (dex_mod)
# → the initiative modifier of the same score. Scores 3 | 4–5 | 6–8 | 9–12 | 13–15 | 16–17 | 18:
# AC and missiles −3 −2 −1 0 +1 +2 +3; initiative −2 −1 −1 0 +1 +1 +2 (the bands are the same).
INITIATIVE_BY_DEX_MOD = {-3: -2, -2: -1, -1: -1, 0: 0, 1: 1, 2: 1, 3: 2}


def dex_initiative(combatant: Combatant) -> int:
    """Seed 001: „se k hodu přičítá modifikátor obratnosti (viz Hodnoty vlastností)": the
    initiative column of the score whose AC and missile modifier the record keeps."""
    dex_mod = max(-3, min(3, number(combatant, "dex_mod")))
    return INITIATIVE_BY_DEX_MOD[dex_mod]


def _roll(work: Work, unit: Unit) -> int:
    """One side's 1d6, or one combatant's 1d6 + DEX (or the referee's modifier)."""
    name, ids = unit
    if not enabled(work.fight, "individual_initiative"):
        result = work.roll("initiative", None, "1d6")
        work.step(_("%(side)s: initiative 1d6 = %(roll)s"), side=name, roll=result.total)
        return result.total
    combatant = work.get(ids[0])
    referee = effect(combatant, "initiative_mod")
    modifier = int(referee.data.get("value", 0)) if referee else dex_initiative(combatant)
    result = work.roll("initiative", combatant.id, signed("1d6", modifier))
    template = (
        _("%(name)s: initiative 1d6 %(roll)s %(modifier)+d (referee) = %(total)s")
        if referee
        else _("%(name)s: initiative 1d6 %(roll)s %(modifier)+d (DEX) = %(total)s")
    )
    work.step(
        template,
        name=combatant.name,
        roll=result.faces[0],
        modifier=modifier,
        total=result.total,
        about=combatant.id,
    )
    return result.total


def _rank(work: Work, rolled: list[tuple[Unit, int]], depth: int = 0) -> list[list[Unit]]:
    """Highest first. Equal rolls re-roll among themselves, or share one block when ties are
    simultaneous."""
    values = sorted({value for _unit, value in rolled}, reverse=True)
    ranked: list[list[Unit]] = []
    for value in values:
        tied = [unit for unit, v in rolled if v == value]
        if len(tied) == 1 or simultaneous_ties(work.fight):
            ranked.append(tied)
        elif depth >= MAX_REROLLS:
            work.note(_("Initiative still tied after many re-rolls: the GM decides the order"))
            ranked += [[unit] for unit in tied]
        else:
            work.step(_("Tie at %(roll)s: roll again"), roll=value)
            ranked += _rank(work, [(unit, _roll_again(work, unit)) for unit in tied], depth + 1)
    return ranked


def _roll_again(work: Work, unit: Unit) -> int:
    individual = enabled(work.fight, "individual_initiative")
    result = work.roll("initiative_tiebreak", unit[0] if individual else None, "1d6")
    work.step(
        _("%(side)s: re-roll %(roll)s"),
        side=_label(work.fight, unit),
        roll=result.total,
        about=unit[0] if individual else None,
    )
    return result.total


def _label(fight: Fight, unit: Unit) -> str:
    if enabled(fight, "individual_initiative"):
        return fight.get(unit[0]).name
    return unit[0]


def _block(fight: Fight, key: str, units: list[Unit], roll: int) -> dict[str, Any]:
    ids = [cid for _name, unit_ids in units for cid in unit_ids]
    sides = list(dict.fromkeys(fight.get(cid).side for cid in ids))
    # "together": tied blocks act simultaneously, so their damage waits for the phase's end.
    return {"key": key, "sides": sides, "ids": ids, "roll": roll, "together": len(units) > 1}


def _set_initiative(work: Work, combatant: Combatant, value: int | None) -> None:
    if combatant.initiative != value:
        work.change(Change(combatant.id, "initiative", value, before=combatant.initiative))


def _full(work: Work, standing: Sequence[str]) -> Outcome:
    """Everyone's initiative for the round: the blocks, and the first position someone uses."""
    first_rolls = [(unit, _roll(work, unit)) for unit in _units(work.fight, standing)]
    value = {unit[0]: v for unit, v in first_rolls}
    new_blocks = [
        _block(work.fight, f"b{index}", group, value[group[0][0]])
        for index, group in enumerate(_rank(work, first_rolls), start=1)
    ]
    for block in new_blocks:
        for cid in block["ids"]:
            _set_initiative(work, work.get(cid), _own_roll(work.fight, cid, block, value))
    if work.fight.round <= 1:
        prompt_never_fights(work)
    stage = {"step": "act", "blocks": new_blocks}
    position, order = seek(work.fight, stage, -1)
    summary = _summary(work.fight, new_blocks)
    data = {"rolls": value, "blocks": new_blocks, "order": list(order)}
    return work.finish(summary, data, order=order, stage=at(stage, position))


def _own_roll(fight: Fight, cid: str, block: Mapping[str, Any], value: Mapping[str, int]) -> int:
    if enabled(fight, "individual_initiative"):
        return value[cid]
    return value.get(fight.get(cid).side, int(block["roll"]))


def _summary(fight: Fight, new_blocks: Sequence[Mapping[str, Any]]) -> Step:
    """E.g. "Initiative: party 5, goblins 2"; side keys go as `sides` (the page words "party")."""
    order = _describe(fight, new_blocks)
    if enabled(fight, "individual_initiative"):
        listed = tuple(
            (cid, f"{fight.get(cid).name} {block['roll']}")
            for block in new_blocks
            for cid in block["ids"]
        )
        return Step(_("Initiative: %(order)s"), {"order": order}, lists={"order": listed})
    return Step(_("Initiative: %(sides)s"), {"sides": order})


def _describe(fight: Fight, new_blocks: Sequence[Mapping[str, Any]]) -> str:
    def one(block: Mapping[str, Any]) -> str:
        if enabled(fight, "individual_initiative"):
            names = " = ".join(fight.get(cid).name for cid in block["ids"])
        else:
            names = " = ".join(block["sides"])
        return f"{names} {block['roll']}"

    return ", ".join(one(block) for block in new_blocks)


def _late(work: Work, ids: Sequence[str]) -> Outcome:
    """A late-comer joins its side's block (rolling for a side new to the fight), or with
    individual initiative rolls and slots in; the round goes on where it stands."""
    stage = dict(work.fight.stage)
    new_blocks = [dict(b) for b in blocks(stage)]
    individual = enabled(work.fight, "individual_initiative")
    for cid in ids:
        if block_of({"blocks": new_blocks}, cid) is not None:
            continue
        combatant = work.get(cid)
        unit: Unit = (cid, (cid,)) if individual else (combatant.side, (cid,))
        joined = (
            None
            if individual
            else next((b for b in new_blocks if combatant.side in b["sides"]), None)
        )
        roll = int(joined["roll"]) if joined else _roll(work, unit)
        if joined is None:
            joined = _insert(work.fight, new_blocks, unit, roll)
        joined["ids"] = [*joined["ids"], cid]
        _set_initiative(work, combatant, roll)
        work.step(
            _("%(name)s joins the round with initiative %(roll)s"),
            name=combatant.name,
            roll=roll,
            about=cid,
        )
    stage["blocks"] = new_blocks
    order = _with_newcomers(work.fight, stage)
    summary = _summary(work.fight, new_blocks)
    return work.finish(summary, {"blocks": new_blocks}, order=order, stage=stage)


def _insert(
    fight: Fight, new_blocks: list[dict[str, Any]], unit: Unit, roll: int
) -> dict[str, Any]:
    """A new block after every block that rolled at least as high (a tie does not re-order a
    round already under way); its key is new, so the position keys stay valid."""
    if simultaneous_ties(fight):
        same = next((b for b in new_blocks if b["roll"] == roll), None)
        if same is not None:
            same["sides"] = list(dict.fromkeys([*same["sides"], fight.get(unit[1][0]).side]))
            same["together"] = True
            return same
    keys = [int(str(b["key"])[1:]) for b in new_blocks if str(b["key"])[1:].isdigit()]
    block: dict[str, Any] = {
        "key": f"b{max(keys, default=0) + 1}",
        "roll": roll,
        "ids": [],
        "sides": [fight.get(unit[1][0]).side],
        "together": False,
    }
    index = sum(1 for b in new_blocks if b["roll"] >= roll)
    new_blocks.insert(index, block)
    return block


def _with_newcomers(fight: Fight, stage: Mapping[str, Any]) -> tuple[str, ...]:
    """The current order, plus a newcomer who belongs to the position under way."""
    position = current(stage)
    if position is None:
        return fight.order
    extra = [cid for cid in members(fight, stage, position) if cid not in fight.order]
    return (*fight.order, *extra)
