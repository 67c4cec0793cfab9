"""Movement (seed 003, Pohyb, Rychlost pohybu, Chůze, Běh).

seed 003: walking rate = Quickness ("Rychlost chůze odpovídá rychlosti postavy"), running = rate
× the metatype's multiplier; "Nejvyšší dosažitelná vzdálenost za bojovou fázi se rovná
maximální rychlosti formy pohybu, dělené počtem průběhů iniciativy v daném bojovém kole
(zaokrouhleno nahoru)", and a phase's metres are gone whether the character moves or not
(Twitch: 6 m a phase running, 2 m walking; standing in pass 1 he covers 12 m). One form of
movement per combat turn. Walking +1 TN (+2 rough ground), running +4 (+6) — Rulings: from the
first phase the character moves until the end of the turn. Athletics (run): a complex action vs
4, each success +1 to the rate for that phase before the run multiplier (Rulings).

Movement takes no action ("Pohyb nemá vliv na dostupnost … akcí"); it is announced in the
character's own phase and may go on during others' phases of the same pass.

State: turn["move"] = {"pace", "rough", "key": the pass moved in last, "metres": metres in it};
turn["athletics"] = {"key", "bonus"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, Step, _
from combat.rules.held import lines as held_lines
from combat.rules.held import total as held_total
from combat.rules.shadowrun3.common import (
    Work,
    fail,
    number,
    phase_key,
    run_multiplier,
    skill,
    wound_modifier,
)
from combat.rules.shadowrun3.success import success_test

PACES = ("walk", "run")
TEXT = {
    "walk": {
        "chosen": _("%(name)s already walks this combat turn"),
        "limit": _("%(name)s can walk at most %(limit)s m in this phase (%(done)s done)"),
        "moves": _("%(name)s walks %(metres)s m (at most %(limit)s m a phase)"),
    },
    "run": {
        "chosen": _("%(name)s already runs this combat turn"),
        "limit": _("%(name)s can run at most %(limit)s m in this phase (%(done)s done)"),
        "moves": _("%(name)s runs %(metres)s m (at most %(limit)s m a phase)"),
    },
}
TN_MODIFIER = {("walk", False): 1, ("walk", True): 2, ("run", False): 4, ("run", True): 6}


def move_of(combatant: Combatant) -> Mapping[str, Any] | None:
    value = combatant.turn.get("move")
    return value if isinstance(value, Mapping) else None


def passes(fight: Fight) -> int:
    value = fight.stage.get("passes", 1)
    return value if type(value) is int and value >= 1 else 1


def allowance(fight: Fight, combatant: Combatant, pace: str) -> int:
    """Metres a phase: the turn's rate for the pace ÷ the turn's passes, rounded up."""
    rate = number(combatant, "quickness")
    extra = combatant.turn.get("athletics")
    if pace == "run" and isinstance(extra, Mapping) and extra.get("key") == phase_key(fight):
        rate += int(extra.get("bonus", 0))
    total = rate * (run_multiplier(combatant) if pace == "run" else 1)
    return -(-total // passes(fight))


def movement_kind(combatant: Combatant) -> str:
    """The attacker-movement key of the ranged modifiers: none, walk, walk_difficult, run …"""
    state = move_of(combatant)
    if not state:
        return "none"
    return f"{state['pace']}{'_difficult' if state.get('rough') else ''}"


def movement_tn(combatant: Combatant) -> int:
    state = move_of(combatant)
    return TN_MODIFIER[(state["pace"], bool(state.get("rough")))] if state else 0


def ran(combatant: Combatant) -> bool:
    state = move_of(combatant)
    return bool(state and state.get("pace") == "run")


def resolve_move(work: Work, action: Action, own_phase: bool) -> Outcome:
    fight, actor = work.fight, work.get(action.actor)
    pace = action.modifiers.get("pace", "walk")
    metres = action.modifiers.get("metres", 0)
    rough = action.modifiers.get("rough", False)
    if pace not in PACES or type(metres) is not int or metres < 0 or type(rough) is not bool:
        raise fail(_("movement: walk or run, and whole metres"))
    state = dict(move_of(actor) or {})
    if state and state.get("pace") != pace:
        raise fail(TEXT[state["pace"]]["chosen"], name=actor.name)
    key = phase_key(fight)
    so_far = int(state.get("metres", 0)) if state.get("key") == key else 0
    if not own_phase and not so_far:
        raise fail(_("movement starts in the character's own phase"))
    limit = allowance(fight, actor, pace)
    if so_far + metres > limit:
        raise fail(TEXT[pace]["limit"], name=actor.name, limit=limit, done=so_far)
    state.update(
        pace=pace, rough=rough or bool(state.get("rough")), key=key, metres=so_far + metres
    )
    work.update(actor.id, move=state)
    summary = Step(TEXT[pace]["moves"], {"name": actor.name, "metres": metres, "limit": limit})
    work.step(
        _("%(name)s: +%(tn)s TN for moving until the end of the combat turn"),
        name=actor.name,
        tn=movement_tn(work.get(actor.id)),
    )
    return work.finish(summary, {"metres": metres, "limit": limit, "pace": pace})


def resolve_athletics(work: Work, action: Action) -> Outcome:
    actor = work.get(action.actor)
    rating = skill(actor, "athletics")
    if rating <= 0:
        raise fail(_("%(name)s has no Athletics skill"), name=actor.name)
    extra = action.modifiers.get("tn_modifier", 0)
    if type(extra) is not int:
        raise fail(_("the target number modifier must be a whole number"))
    work.steps += held_lines(actor)  # a condition's −2 is a TN 2 higher
    tn = 4 + wound_modifier(actor) + extra - held_total(actor)
    test = success_test(rating, tn, work.draw, purpose="athletics", roller=actor.id)
    for rolled in test.rolls:
        work.record(rolled)
    work.steps += test.steps
    work.update(actor.id, athletics={"key": phase_key(work.fight), "bonus": test.successes})
    limit = allowance(work.fight, work.get(actor.id), "run")
    summary = Step(
        _("%(name)s sprints: +%(successes)s to the rate, %(limit)s m running in this phase"),
        {"name": actor.name, "successes": test.successes, "limit": limit},
    )
    return work.finish(summary, {"successes": test.successes, "limit": limit})
