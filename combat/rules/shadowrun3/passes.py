"""Initiative passes and the acting order (seed 003, Průběh iniciativy, Iniciativa a poškození,
Nerozhodná iniciativa).

seed 003: "Každá postava jedná alespoň jednou, než může nějaká jiná jednat podruhé. … odečte
gamemaster od všech iniciativ 10. Všechny postavy, jejichž nový výsledek je vyšší než 0, mohou
jednat podruhé." Wounds: "Modifikátor iniciativy se započítá ihned po utrpěném zranění. Takto
tedy může dojít během průběhu iniciativy ke změně pořadí … Postava může jednat v každém průběhu
iniciativy pouze jednou."

Ties, in this order: the higher score in the previous pass, the higher modified Reaction, the
higher natural Reaction, then 1d6 each (re-rolled while tied). Rulings: in pass 1 the "previous"
score is the score before this turn's wound modifiers (Richie keeps his 17 against Ruffian 3's
15). We read "previous" as the scores this turn had before now, newest first: the score at the
start of this pass (before a wound in it), at the start of each earlier pass, then the rolled
total before any wound modifier — so Richie also goes first in pass 2 ("Totéž platí pro druhý
průběh iniciativy").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from combat.rules.base import Combatant, _
from combat.rules.shadowrun3.common import (
    Work,
    is_out,
    natural_reaction,
    pass_score,
    reaction,
    score,
    stage_pass,
    wound_modifier,
)
from combat.rules.work import joined_roster, roster

MAX_REROLLS = 20  # then the GM decides (a note), keeping the order as it is


def tie_key(combatant: Combatant, number: int) -> tuple[int, ...]:
    """What orders a pass: the pass score, the earlier scores newest first, the Reactions."""
    now = pass_score(combatant, number) or 0
    current = score(combatant) or 0
    starts = combatant.turn.get("starts") or []
    earlier = [starts[k] if k < len(starts) else current for k in range(number - 1, -1, -1)]
    init: Any = combatant.turn.get("init") or {}
    raw = init.get("raw", current) if isinstance(init, dict) else current
    return (now, *earlier, raw, reaction(combatant), natural_reaction(combatant))


def rank(
    work: Work, ids: Iterable[str], number: int, previous: Sequence[str], fresh: Collection[str]
) -> list[str]:
    """`ids` in acting order for pass `number`.

    A complete tie is settled by 1d6 each when it is new (one of them in `fresh`, or not in
    `previous`); a tie settled before keeps its order, so a wound elsewhere re-rolls nothing.
    """
    people = sorted((work.get(cid) for cid in ids), key=lambda c: tie_key(c, number), reverse=True)
    result: list[str] = []
    index = 0
    while index < len(people):
        key = tie_key(people[index], number)
        group = [c.id for c in people[index:] if tie_key(c, number) == key]
        index += len(group)
        if len(group) == 1:
            result += group
        elif all(cid in previous and cid not in fresh for cid in group):
            result += sorted(group, key=list(previous).index)
        else:
            result += _roll_off(work, group, 1)
    return result


def _roll_off(work: Work, group: list[str], depth: int) -> list[str]:
    """seed 003: "Každá zúčastněná postava hodí 1k6 … (v případě shody se hází znovu)"."""
    if len(group) == 1:
        return group
    if depth > MAX_REROLLS:
        work.note(_("Initiative still tied after many re-rolls: the GM decides the order"))
        return group
    rolls = {cid: work.roll("initiative_tiebreak", cid, "1d6").total for cid in group}
    listed = roster(work.fight, list(rolls), [f"{work.get(c).name} {v}" for c, v in rolls.items()])
    work.step(
        _("Tied initiative, 1d6 each: %(rolls)s"),
        rolls=joined_roster(listed),
        lists={"rolls": listed},
    )
    result: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        result += _roll_off(work, [cid for cid in group if rolls[cid] == value], depth + 1)
    return result


def acts_in(combatant: Combatant, number: int) -> bool:
    value = pass_score(combatant, number)
    return value is not None and value > 0 and not is_out(combatant)


def candidates(work: Work, number: int) -> list[str]:
    return [c.id for c in work.fight.combatants if acts_in(c, number)]


def passes_in_turn(work: Work) -> int:
    """How many passes this turn has now: the highest score's (for movement per phase)."""
    scores = [score(c) or 0 for c in work.fight.combatants if not is_out(c)]
    top = max(scores, default=0)
    return max(1, (top + 9) // 10)


def start_pass(work: Work, number: int, previous: Sequence[str], fresh: Collection[str]) -> bool:
    """Order pass `number`; False when nobody has a score above 0 for it (the turn is over)."""
    ids = candidates(work, number)
    if not ids:
        return False
    for combatant in work.fight.combatants:
        if score(combatant) is None:
            continue
        if combatant.id in ids:
            starts = list(combatant.turn.get("starts") or [])
            while len(starts) < number:
                starts.append(score(combatant))
            work.update(combatant.id, starts=starts)
        work.set_initiative(combatant.id, pass_score(combatant, number))
    order = tuple(rank(work, ids, number, previous, fresh))
    work.order = order
    # seed 003: movement is divided by the passes "v daném bojovém kole" — counted as the turn
    # begins; a wound does not spread the metres over fewer passes afterwards.
    before = work.fight.stage.get("passes", 0) if number > 1 else 0
    work.stage = {"pass": number, "passes": max(passes_in_turn(work), before or 0)}
    listed = roster(work.fight, order)
    numbered: dict[str, Any] = {"pass": number}  # "pass" is a Python keyword
    work.step(
        _("Initiative pass %(pass)s: %(order)s"),
        order=joined_roster(listed),
        lists={"order": listed},
        **numbered,
    )
    return True


def apply_wound(work: Work, combatant_id: str) -> None:
    """seed 003: the initiative modifier counts at once when damage is taken (Dave 22 → 20)."""
    combatant = work.get(combatant_id)
    value, before = score(combatant), combatant.turn.get("wound", 0)
    now = wound_modifier(combatant)
    if value is None or type(before) is not int or now == before:
        return
    new = value - (now - before)
    work.update(combatant_id, score=new, wound=now)
    number = stage_pass(work.fight)
    work.set_initiative(combatant_id, new - 10 * (number - 1))
    work.step(
        _("%(name)s: wound modifier −%(wound)s, initiative %(before)s → %(after)s"),
        name=combatant.name,
        wound=now,
        before=value - 10 * (number - 1),
        after=new - 10 * (number - 1),
    )


def reorder(work: Work, changed: Collection[str]) -> None:
    """The rest of the pass after a wound: who acted keeps its place, nobody acts twice, and a
    score at 0 or below loses this pass (seed: "ztratí celý kompletní průběh iniciativy")."""
    fight = work.fight
    order = list(work.order if work.order is not None else fight.order)
    if fight.current not in order or fight.stage.get("end"):
        return
    number = stage_pass(fight)
    cut = order.index(fight.current) + 1
    rest = [cid for cid in order[cut:] if acts_in(work.get(cid), number)]
    new = order[:cut] + rank(work, rest, number, order, changed)
    if new != order:
        work.order = tuple(new)
        listed = roster(work.fight, new[cut:])
        numbered: dict[str, Any] = {"pass": number}  # "pass" is a Python keyword
        work.step(
            _("New order of pass %(pass)s: %(order)s"),
            order=joined_roster(listed) or "—",
            lists={"order": listed},
            **numbered,
        )
