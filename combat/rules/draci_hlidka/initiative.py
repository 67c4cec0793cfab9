"""Initiative (seed 000, HOD NA INICIATIVU).

seed 000: "Iniciativa = 1k6 + OBR" (this d6 does not explode), plus bonuses of spells and
abilities and minus curses, never skills; highest first; "Pokud má více účastníků stejnou
iniciativu, začíná ten s vyšší Obratností. V případě, že se shodují i v tomto, opakují hod tak
dlouho, dokud se neurčí vítěz". With fight.options["initiative_once"] the first roll holds for
the whole fight ("Pokud PJ rozhodne, může se hod na Iniciativu provést pouze jednou").

GM bonuses: fight.options["initiative_modifiers"] = {combatant id: ±n}, and effects of kind
"initiative_modifier" with data {"value": ±n} (a spell, a curse).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from combat.rules.base import Change, Combatant, Fight, Outcome, Step, _
from combat.rules.draci_hlidka.common import Work, dice_expression, effects_of, fail, number
from combat.rules.faces import FaceSource
from combat.rules.work import joined_roster, roster

MAX_REROLLS = 20  # then the GM decides (seed 000: "nebo nerozhodne PJ dle situace")


def roll_initiative(fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
    work = Work(fight, faces)
    once = fight.options.get("initiative_once") in (True, "yes")
    rolled: list[str] = []
    for combatant_id in dict.fromkeys(ids):
        combatant = work.get(combatant_id)
        if once and combatant.initiative is not None:
            work.step(
                _("%(name)s keeps initiative %(initiative)s (rolled once per fight)"),
                name=combatant.name,
                initiative=combatant.initiative,
                about=combatant.id,
            )
            continue
        with work.about_combatant(combatant.id):
            _roll_one(work, combatant)
        rolled.append(combatant_id)
    order = _order(work, set(rolled))
    initiative = {c.id: c.initiative for c in work.fight.combatants if c.initiative is not None}
    listed = roster(work.fight, order)
    summary = Step(
        _("Initiative: %(order)s"), {"order": joined_roster(listed)}, lists={"order": listed}
    )
    return work.finish(summary, {"initiative": initiative, "order": list(order)}, order=order)


def _bonus(fight: Fight, combatant: Combatant) -> int:
    """The GM's bonus for this combatant (spells, abilities, curses) — never skills."""
    table = fight.options.get("initiative_modifiers", {})
    value = table.get(combatant.id, 0) if isinstance(table, Mapping) else 0
    if type(value) is not int or not -50 <= value <= 50:
        raise fail(
            _("the initiative modifier of %(name)s must be a whole number"), name=combatant.name
        )
    for effect in effects_of(combatant, "initiative_modifier"):
        extra = effect.data.get("value", 0)
        value += extra if type(extra) is int and -50 <= extra <= 50 else 0
    return value


def _roll_one(work: Work, combatant: Combatant) -> None:
    obr, bonus = number(combatant, "obr"), _bonus(work.fight, combatant)
    result = work.roll("initiative", combatant.id, dice_expression("1d6", obr + bonus))
    work.change(Change(combatant.id, "initiative", result.total, before=combatant.initiative))
    work.step(
        _("%(name)s: initiative %(initiative)s = 1d6 %(roll)s + OBR %(obr)+d %(bonus)+d"),
        name=combatant.name,
        initiative=result.total,
        roll=result.faces[0],
        obr=obr,
        bonus=bonus,
    )


def _order(work: Work, rolled: set[str]) -> tuple[str, ...]:
    """Highest initiative first, then higher OBR, then re-rolls among the still tied.

    A tie among combatants none of whom rolled now keeps the order the fight already has.
    """
    fight = work.fight
    ranked = [c for c in fight.combatants if c.initiative is not None]
    earlier = {cid: index for index, cid in enumerate(fight.order)}
    ranked.sort(key=lambda c: (-(c.initiative or 0), -number(c, "obr"), earlier.get(c.id, 0)))
    order: list[str] = []
    index = 0
    while index < len(ranked):
        first = ranked[index]
        group = [c.id for c in ranked[index:] if _key(c) == _key(first)]
        index += len(group)
        if len(group) > 1 and rolled.intersection(group):
            group = _break_tie(work, group, 1)
        order += group
    return tuple(order)


def _key(combatant: Combatant) -> tuple[int, int]:
    return (combatant.initiative or 0, number(combatant, "obr"))


def _break_tie(work: Work, group: list[str], depth: int) -> list[str]:
    """seed 000: the tied "opakují hod tak dlouho, dokud se neurčí vítěz"."""
    if len(group) == 1:
        return group
    if depth > MAX_REROLLS:
        work.note(_("Initiative still tied after many re-rolls: the GM decides the order"))
        return group
    rolls: dict[str, int] = {}
    for cid in group:
        rolls[cid] = work.roll("initiative_tiebreak", cid, "1d6").total
    listed = roster(work.fight, list(rolls), [f"{work.get(c).name} {v}" for c, v in rolls.items()])
    work.step(_("Tie re-roll: %(rolls)s"), rolls=joined_roster(listed), lists={"rolls": listed})
    result: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [cid for cid in group if rolls[cid] == value]
        result += _break_tie(work, tied, depth + 1)
    return result
