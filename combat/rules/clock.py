"""The fight clock (issue N), in every rule system: entries that act at a fixed point of the
round rather than on a combatant's turn — a lair action at initiative 20 every round, a hazard,
a countdown that fires once after some rounds.

An entry is an Effect of kind CLOCK on the combatant it belongs to (the dragon whose lair it is;
a hidden holder keeps it hidden): {"label": "Lair action", "at": 20} fires every round as the
turn passes initiative 20 (before the first combatant below 20 acts, or as the round ends when
nobody is below it); {"label": "The ceiling falls", "round": 4} fires once as round 4 begins and
is gone. combat.rules.flow asks `passed` on each Next turn; a fight from before has no entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from combat.rules.base import Change, Combatant, Effect, Fight, Outcome, Step, _

CLOCK = "clock"
AT_INITIATIVE = _("%(label)s (initiative %(at)s)")  # the log's line as an entry fires
IN_ROUND = _("%(label)s (round %(round)s)")


def added(holder: Combatant, label: str, *, at: int | None, rounds: int | None, now: int) -> Change:
    """The change that gives `holder` a clock entry: at initiative `at` every round, or once as
    the round `rounds` from now begins."""
    used = {e.key for e in holder.effects}
    key = next(f"{CLOCK}-{n}" for n in range(1, len(used) + 2) if f"{CLOCK}-{n}" not in used)
    data: dict[str, Any] = {"label": label}
    data.update({"at": at} if at is not None else {"round": now + (rounds or 1)})
    return Change(holder.id, "add_effect", Effect(key, CLOCK, data))


def cleared(holder: Combatant) -> list[Change]:
    """The changes that take every clock entry of `holder` off (from the last: indexes hold)."""
    entries = [(i, e) for i, e in enumerate(holder.effects) if e.kind == CLOCK]
    return [Change(holder.id, "remove_effect", e, before=i) for i, e in reversed(entries)]


def passed(before: Fight, after: Fight, *, waiting: bool = False) -> Outcome | None:
    """What fires as the turn moves from `before` to `after` (one Next turn, within a round and
    stage, or into a new round): the entries whose point of the round was passed. `waiting`: a
    new round whose order is still to be rolled (combat.rules.flow): only what the old round
    left behind fires now, the rest once the order is rolled (`from_the_top`)."""
    new_round = after.round != before.round
    if not new_round and after.stage != before.stage:
        return None  # an engine's next pass or phase: not a point of the initiative count
    was, now = _count(before, before.current), _count(after, after.current)
    if waiting:
        now = WAITING
    lines: list[Step] = []
    changes: list[Change] = []
    for holder in after.combatants:
        for index, effect in enumerate(holder.effects):
            if effect.kind != CLOCK:
                continue
            at, due = effect.data.get("at"), effect.data.get("round")
            if type(at) is int and _crossed(at, was, now, new_round):
                lines.append(_line(holder, effect.data, AT_INITIATIVE))
            elif type(due) is int and new_round and due <= after.round:
                lines.append(_line(holder, effect.data, IN_ROUND))
                changes.append(Change(holder.id, "remove_effect", effect, before=index))
    if not lines:
        return None
    changes.reverse()  # removals from the last: each index still holds
    # A neutral summary: a line about a hidden holder is dropped for players, not the entry.
    return Outcome(summary=Step(_("The fight clock")), steps=tuple(lines), changes=tuple(changes))


def from_the_top(before: Fight, after: Fight) -> Outcome | None:
    """A round's order just rolled (`before` waited for it): the entries above the first's
    initiative fire before anyone acts, as at a new round's start."""
    return passed(replace(before, round=before.round - 1), after)


WAITING = 10**9  # no count yet: above every entry, so none is passed in the new round


def _count(fight: Fight, current: str | None) -> int | None:
    if not current:
        return None
    initiative = next((c.initiative for c in fight.combatants if c.id == current), None)
    return initiative if type(initiative) is int else None


def _crossed(at: int, was: int | None, now: int | None, new_round: bool) -> bool:
    """Within a round: from a count at or above `at` to one below it. Into a new round: the
    old round never went below it (it fires as that round ends), or the new one starts below."""
    if new_round:
        return (was is not None and was >= at) or (now is None or now < at)
    return was is not None and now is not None and was >= at > now


def _line(holder: Combatant, data: Mapping[str, Any], template: str) -> Step:
    params = {"label": str(data.get("label", "")), "at": data.get("at"), "round": data.get("round")}
    return Step(template, params, about=holder.id)
