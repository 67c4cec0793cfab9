"""Monster morale (seed 001: "Morálka nestvůr (volitelné pravidlo) Viz Morálka"; the rule
itself is standard OSE **[std]**, option `morale`).

The engine prompts the GM (an Outcome note and a pending flag the tracker shows) when a side
suffers its first death and when half of it is down; the side checks in its next morale phase
(or whenever the GM rolls it: the action `morale` is allowed out of turn). One 2d6 for the
side, each monster against its own morale score ("compares the result against the monster's
morale score"): above it, that monster flees or surrenders. Morale 2 never fights (unless
cornered): that monster alone, at the first initiative; 12 never checks; after two passed
checks a monster fights on without more.

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
    group = _group(work, actor, whole_side=mods.choice("scope", "side") == "side")
    summary = Step(_("%(name)s: morale check"), {"name": actor.name})
    if not group:
        _no_check(work, actor, number(actor, "morale"))
        return work.finish(summary, {"hit": True, "damage": 0, "held": True})
    held, broke, total = _check(work, actor, group, mods)
    _passed(work, held)
    _routed(work, broke, mods.choice("result", "flee") or "flee")
    rolled = total is not None and actor.id in {c.id for c in group}
    own = _effective(actor, mods) if rolled else None
    data = {"hit": not broke, "damage": 0, "held": not broke, "roll": total, "score": own}
    return work.finish(summary, data)


def _group(work: Work, actor: Combatant, *, whole_side: bool) -> list[Combatant]:
    """Whom the check is for: the actor alone (scope "self"); else those of its side whose
    check is due with the actor's (a morale-2 monster's prompt is its own), or, when the
    referee calls a check the actor was not prompted for, every monster of the side that
    checks."""
    side = checkers(work, actor.side)
    if not whole_side:
        return [c for c in side if c.id == actor.id]
    due = [c for c in side if _state(c)["pending"]]
    return due if any(c.id == actor.id for c in due) else side


def _effective(combatant: Combatant, mods: Mods) -> int:
    return min(12, max(2, number(combatant, "morale") + mods.integer("bonus", 0)))


def _no_check(work: Work, actor: Combatant, score: int) -> None:
    """Morale 12, or two checks passed: the monster fights on without checking."""
    _clear(work, [actor])
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
    work: Work, actor: Combatant, group: list[Combatant], mods: Mods
) -> tuple[list[Combatant], list[Combatant], int | None]:
    """(held, broke, the 2d6 rolled): morale 2 never fights unless cornered; the others share
    one 2d6 (the group's check), each against its own score — "compares the result against
    the monster's morale score" **[std]**, never another monster's."""
    timid = [c for c in group if number(c, "morale") == 2 and not mods.flag("cornered")]
    for combatant in timid:
        work.step(
            _("Morale 2: %(name)s never fights"),
            name=combatant.name,
            about=combatant.id,
            audience=Audience.STATS,
        )
    rolling = [c for c in group if c.id not in {t.id for t in timid}]
    if not rolling:
        return [], timid, None
    total = work.roll("morale", actor.id, "2d6").total
    held = [c for c in rolling if total <= _effective(c, mods)]
    scores: dict[int, Combatant] = {}  # each score once, named by its first monster
    for combatant in rolling:
        scores.setdefault(_effective(combatant, mods), combatant)
    for score, first in scores.items():
        template = (
            _("Morale 2d6 %(roll)s against %(score)s: they hold")
            if total <= score
            else _("Morale 2d6 %(roll)s against %(score)s: they break")
        )
        work.step(
            template, roll=total, score=score, about=first.id, secret={"score": Audience.STATS}
        )
    kept = {c.id for c in held}
    return held, [*timid, *(c for c in rolling if c.id not in kept)], total


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
