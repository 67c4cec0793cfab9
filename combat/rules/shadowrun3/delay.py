"""Delayed actions (seed 003, Odkládání akcí (volitelné); Volné akce, Odložení akcí).

Delaying costs the phase's free action, in one's own phase only. The delayed action is used by
stepping in: an action of the delayer while someone else is current (the delayer acts before
those whose phase it is: "nejprve se provedou akce postav, které mají odložené akce a chtějí
zasáhnout"), or at the end of the pass, where `advance` gives the unused delays a stage of their
own ({"pass": n, "end": True}) ordered like a tie ("Postava musí jednat nejpozději v bojové fázi
1"). Into the next pass: only with actions in it, never before its highest phase (stepping in
happens in someone's phase, so never before the first), and before one's own phase — when that
comes, the delayed action is lost and the normal one remains. Delayed last actions of the turn
may wait until its end. Whatever is unused by then is lost.

State: turn["delay"] = {"round", "pass", "until": "this_pass" | "next_pass", "phase": planned
phase or None, "last": no actions in the next pass}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, Step, _
from combat.rules.shadowrun3.common import (
    Work,
    end_stage,
    fail,
    is_out,
    others_phase_key,
    pass_score,
    stage_pass,
)
from combat.rules.shadowrun3.passes import acts_in

UNTIL = ("this_pass", "next_pass")


def delay_of(combatant: Combatant) -> Mapping[str, Any] | None:
    value = combatant.turn.get("delay")
    return value if isinstance(value, Mapping) else None


def resolve_delay(work: Work, action: Action) -> Outcome:
    fight = work.fight
    actor = work.get(action.actor)
    number = stage_pass(fight)
    until = action.modifiers.get("until", "this_pass")
    planned = action.modifiers.get("phase")
    if until not in UNTIL:
        raise fail(_("Delay until: a later phase of this pass, or the next pass"))
    if planned is not None and (type(planned) is not int or not 0 <= planned <= 99):
        raise fail(_("the planned phase must be a whole number from 0 to 99"))
    if end_stage(fight):
        raise fail(_("at the end of the pass the delayed action must be used now"))
    following = acts_in(actor, number + 1)
    if until == "next_pass" and not following:
        raise fail(_("%(name)s has no actions in the next pass to delay into"), name=actor.name)
    record = {
        "round": fight.round,
        "pass": number,
        "until": until,
        "phase": planned if until == "this_pass" else None,
        "last": not following,
    }
    work.update(actor.id, delay=record)
    if until == "next_pass":
        numbered: dict[str, Any] = {"pass": number + 1}  # "pass" is a Python keyword
        work.step(
            _("%(name)s delays into pass %(pass)s (before its own phase there)"),
            name=actor.name,
            **numbered,
        )
    elif planned:
        work.step(
            _("%(name)s delays the action to phase %(phase)s"), name=actor.name, phase=planned
        )
    else:
        work.step(
            _("%(name)s delays the action (later in this pass or at its end)"), name=actor.name
        )
    return work.finish(Step(_("%(name)s delays"), {"name": actor.name}), {"delay": record})


def usable(fight: Fight, combatant: Combatant) -> bool:
    """Whether the combatant's delayed action may be used now."""
    record = delay_of(combatant)
    if record is None or record.get("round") != fight.round or is_out(combatant):
        return False
    number, declared = stage_pass(fight), record.get("pass", 0)
    if record.get("until") == "next_pass":
        return number == declared + 1 and combatant.turn.get("acted") != number
    return number == declared or (bool(record.get("last")) and number > declared)


def step_in(work: Work, actor: str) -> None:
    """The delayer acts now: before the current one, once in this pass."""
    fight = work.fight
    number = stage_pass(fight)
    work.update(actor, delay=None, acted=number, stepped=others_phase_key(fight))
    if fight.current == actor or end_stage(fight) or fight.current is None:
        return
    order = [cid for cid in (work.order or fight.order) if cid != actor]
    at = order.index(fight.current) if fight.current in order else len(order)
    work.order = tuple(order[:at] + [actor] + order[at:])
    work.step(
        _("%(name)s steps in with the delayed action before %(current)s"),
        name=work.get(actor).name,
        current=work.get(fight.current).name,
    )


def waiting_at_end(fight: Fight, number: int, final: bool) -> list[str]:
    """The delayers who may still act at the end of pass `number`."""
    ids = []
    for combatant in fight.combatants:
        record = delay_of(combatant)
        if not usable(fight, combatant) or record is None:
            continue
        if record.get("until") == "this_pass" and (record.get("pass") == number or final):
            ids.append(combatant.id)
    return ids


def expire(work: Work, number: int, final: bool) -> None:
    """Delays that cannot be used any more after pass `number` are lost."""
    for combatant in work.fight.combatants:
        record = delay_of(combatant)
        if record is None:
            continue
        keeps = (
            record.get("round") == work.fight.round
            and not final
            and (
                record.get("last")
                or (record.get("until") == "next_pass" and record.get("pass") == number)
            )
        )
        if not keeps:
            _lose(work, combatant)


def own_phase(work: Work, combatant_id: str) -> None:
    """seed 003: a delay into this pass not used before one's own phase is lost."""
    combatant = work.get(combatant_id)
    record = delay_of(combatant)
    if record and record.get("until") == "next_pass":
        _lose(work, combatant)


def _lose(work: Work, combatant: Combatant) -> None:
    work.update(combatant.id, delay=None)
    work.note(_("%(name)s did not use the delayed action: it is lost"), name=combatant.name)


def reminders(work: Work, ended: str | None) -> None:
    """A delay planned for a phase: say so when the order reaches that phase."""
    fight = work.fight
    if fight.current is None:
        return
    number = stage_pass(fight)
    now = pass_score(fight.get(fight.current), number) or 0
    before = pass_score(fight.get(ended), number) if ended else None
    for combatant in fight.combatants:
        record = delay_of(combatant)
        planned = record.get("phase") if record else None
        if not usable(fight, combatant) or type(planned) is not int or planned <= 0:
            continue
        if now <= planned and (before is None or before > planned):
            work.note(
                _("%(name)s delayed to phase %(phase)s: may step in before %(current)s"),
                name=combatant.name,
                phase=planned,
                current=fight.get(fight.current).name,
            )
