"""Monster morale (seed 001: "Morálka nestvůr (volitelné pravidlo) Viz Morálka"; the rule
itself is standard OSE **[std]**, option `morale`).

The engine prompts the GM (an Outcome note and a pending flag the tracker shows) when a side
suffers its first death and when half of it is down; the side checks in its next morale phase
(or whenever the GM rolls it: the action `morale` is allowed out of turn). 2d6 above the
morale score: they flee or surrender. Morale 2 never fights (unless cornered), 12 never checks,
and after two passed checks they fight on without more.

The state of a side lives in an Effect of kind "morale" on each of its monsters:
{"pending": reason or "", "prompted": [reasons], "passed": n}.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from combat.rules.base import Action, Audience, Combatant, Effect, Outcome, Step, _
from combat.rules.ose.catalogue import Mods
from combat.rules.ose.common import Work, effect, fail, is_out, number
from combat.rules.ose.options import enabled

REASONS = {
    "first_death": _("Morale check for %(side)s: its first death"),
    "half_down": _("Morale check for %(side)s: half of it is down"),
    "never_fights": _("Morale check for %(side)s: morale 2, it never fights unless cornered"),
}


def _state(combatant: Combatant) -> dict[str, Any]:
    found = effect(combatant, "morale")
    data = dict(found.data) if found else {}
    return {
        "pending": str(data.get("pending", "")),
        "prompted": list(data.get("prompted", ())),
        "passed": int(data.get("passed", 0)),
    }


def _save_state(work: Work, combatant_id: str, state: dict[str, Any]) -> None:
    work.put_effect(combatant_id, Effect("morale", "morale", state))


def checkers(work: Work, side: str) -> list[Combatant]:
    """The side's standing monsters that still check: not morale 12, not two checks passed."""
    return [
        c
        for c in work.fight.combatants
        if c.side == side
        and c.is_npc
        and not is_out(c)
        and number(c, "morale") < 12
        and _state(c)["passed"] < 2
    ]


def _prompt(work: Work, side: str, reason: str, who: Iterable[Combatant]) -> None:
    who = list(who)
    # Half down covers a first death that came with it: it is not prompted again later.
    covered = ["first_death", "half_down"] if reason == "half_down" else [reason]
    for combatant in who:
        state = _state(combatant)
        state["pending"] = reason
        state["prompted"] = list(dict.fromkeys([*state["prompted"], *covered]))
        _save_state(work, combatant.id, state)
    if who:
        work.note(REASONS[reason], side=side)


def after_losses(work: Work, sides: Iterable[str]) -> None:
    """Prompt each side that just lost its first member to death, or half of its members."""
    if not enabled(work.fight, "morale"):
        return
    for side in dict.fromkeys(sides):
        every = [c for c in work.fight.combatants if c.side == side]
        prompted = {r for c in every for r in _state(c)["prompted"]}
        dead = sum(1 for c in every if c.has("dead"))
        down = sum(1 for c in every if is_out(c))
        reason = ""
        if down * 2 >= len(every) and "half_down" not in prompted:
            reason = "half_down"
        elif dead >= 1 and "first_death" not in prompted:
            reason = "first_death"
        if reason:
            _prompt(work, side, reason, checkers(work, side))


def prompt_never_fights(work: Work) -> None:
    """At the first initiative: monsters of morale 2 check at once (they never fight)."""
    if not enabled(work.fight, "morale"):
        return
    sides = {c.side for c in work.fight.combatants}
    for side in sorted(sides):
        timid = [
            c
            for c in checkers(work, side)
            if number(c, "morale") == 2 and "never_fights" not in _state(c)["prompted"]
        ]
        _prompt(work, side, "never_fights", timid)


def resolve_morale(work: Work, action: Action, mods: Mods) -> Outcome:
    if not enabled(work.fight, "morale"):
        raise fail(_("the morale rule is off in this fight"))
    actor = work.get(action.actor)
    if not actor.is_npc:
        raise fail(_("only monsters and NPCs check morale"))
    score = number(actor, "morale")
    whole_side = mods.choice("scope", "side") == "side"
    group = [c for c in checkers(work, actor.side) if whole_side or c.id == actor.id]
    summary = Step(_("%(name)s: morale check"), {"name": actor.name})
    if score == 12 or _state(actor)["passed"] >= 2:
        _no_check(work, actor, group, score)
        return work.finish(summary, {"hit": True, "damage": 0, "held": True})
    effective = min(12, max(2, score + mods.integer("bonus", 0)))
    held, total = _check(work, actor, score, effective, mods)
    if held:
        _passed(work, group)
    else:
        _routed(work, group, mods.choice("result", "flee") or "flee")
    data = {"hit": held, "damage": 0, "held": held, "roll": total, "score": effective}
    return work.finish(summary, data)


def _no_check(work: Work, actor: Combatant, group: list[Combatant], score: int) -> None:
    """Morale 12, or two checks passed: the side fights on without checking."""
    _clear(work, [actor, *group])
    template = (
        _("Morale 12: %(name)s never checks morale")
        if score == 12
        else _("%(name)s passed two checks and fights on without more")
    )
    work.step(
        template,
        name=actor.name,
        about=actor.id,
        audience=Audience.STATS if score == 12 else Audience.ALL,
    )  # the score 12


def _check(
    work: Work, actor: Combatant, score: int, effective: int, mods: Mods
) -> tuple[bool, int | None]:
    """(held, the 2d6 rolled): morale 2 never fights unless cornered, else 2d6 ≤ the score."""
    if score == 2 and not mods.flag("cornered"):
        work.step(
            _("Morale 2: %(name)s never fights"),
            name=actor.name,
            about=actor.id,
            audience=Audience.STATS,
        )
        return False, None
    total = work.roll("morale", actor.id, "2d6").total
    held = total <= effective
    template = (
        _("Morale 2d6 %(roll)s against %(score)s: they hold")
        if held
        else _("Morale 2d6 %(roll)s against %(score)s: they break")
    )
    work.step(
        template, roll=total, score=effective, about=actor.id, secret={"score": Audience.STATS}
    )
    return held, total


def _clear(work: Work, group: Iterable[Combatant]) -> None:
    for combatant in {c.id: c for c in group}.values():
        state = _state(work.get(combatant.id))
        if state["pending"]:
            state["pending"] = ""
            _save_state(work, combatant.id, state)


def _passed(work: Work, group: list[Combatant]) -> None:
    for combatant in group:
        state = _state(work.get(combatant.id))
        state["pending"], state["passed"] = "", state["passed"] + 1
        _save_state(work, combatant.id, state)
    if group and all(_state(work.get(c.id))["passed"] >= 2 for c in group):
        work.step(_("Two checks passed: they fight on without more checks"))


def _routed(work: Work, group: list[Combatant], result: str) -> None:
    condition = "surrendered" if result == "surrender" else "fled"
    template = _("%(name)s surrenders") if condition == "surrendered" else _("%(name)s flees")
    for combatant in group:
        _clear(work, [combatant])
        work.condition(combatant.id, condition)
        work.step(template, name=combatant.name)
