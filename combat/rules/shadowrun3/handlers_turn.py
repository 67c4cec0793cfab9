"""Whose phase it is, and what an actor may do now (seed 003, Bojová fáze, Volné akce,
Odkládání akcí, Překvapení).

`timing` sorts an action into one of: "own" (the current combatant's phase), "step_in" (a
delayed action used now, before the current one), "free" (a free action in someone else's
phase: resolved at once and logged as taking effect at the end of that phase — the log keeps the
order it was entered in, so nothing is lost by not queueing it), "out" (movement continued,
interception, a declaration in a shared phase) or "gm" (surprise test, damage by the GM).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from combat.rules.base import Action, ActionOption, Combatant, Fight, Step, ValueField, _
from combat.rules.shadowrun3 import delay
from combat.rules.shadowrun3.action_fields import FIELDS
from combat.rules.shadowrun3.common import (
    Work,
    end_stage,
    fail,
    is_out,
    others_phase_key,
    pass_score,
    phase_key,
    score,
    skill,
    stage_pass,
    weapon,
)
from combat.rules.shadowrun3.firearms import FA_MINIMUM, FA_PHASE_LIMIT, reload
from combat.rules.shadowrun3.handlers_gear import THROWN, aim_of, is_firearm, mode, smart_free
from combat.rules.shadowrun3.phase import (
    SPECS,
    UNITS,
    Cost,
    Spec,
    phase_state,
    value_fields,
)
from combat.rules.shadowrun3.surprise import completely_surprised

Timing = Literal["own", "step_in", "free", "out", "gm"]
GM_KINDS = frozenset({"surprise", "damage"})
OUT_KINDS = frozenset({"intercept", "declare", "move"})


def cost_of(fight: Fight, action: Action, spec: Spec) -> Cost:
    """A spec's cost, or what the weapon makes of it (full auto is complex; a smartgun with a
    smartlink changes mode or drops the clip as a free action)."""
    actor = fight.get(action.actor)
    if action.kind == "fire" and action.weapon:
        arm = weapon(actor, action.weapon)
        chosen = action.modifiers.get("mode") or mode(actor, arm)
        if chosen == "FA" and _full_auto_goes_on(fight, actor):
            return "none"  # the phase's complex action is that fire: its next burst
        return "complex" if chosen == "FA" else "simple"
    if action.kind in ("change_mode", "remove_clip") and action.weapon:
        return "free" if smart_free(actor, weapon(actor, action.weapon)) else "simple"
    return spec.cost


def _full_auto_goes_on(fight: Fight, actor: Combatant) -> bool:
    """Full auto fired already in this phase: seed 003 „Plně automaticky lze vystřelit až deset
    ran za bojovou fázi" — two bursts of five (+5, +10), or 3, 3 and 4 rounds at three targets,
    are one complex action; firearms.fire keeps to the ten rounds."""
    fired = actor.turn.get("fired")
    return (
        isinstance(fired, Mapping)
        and fired.get("key") == phase_key(fight)
        and "FA" in (fired.get("modes") or ())
    )


def _burst_left(fight: Fight, actor: Combatant, spec: Spec) -> bool:
    """Another full-auto burst (three rounds at least) still fits the phase's ten."""
    if spec.kind != "fire" or not _full_auto_goes_on(fight, actor):
        return False
    fired = actor.turn["fired"].get("rounds", 0)
    return isinstance(fired, int) and fired + FA_MINIMUM <= FA_PHASE_LIMIT


def has_slot_before(fight: Fight, combatant: Combatant) -> bool:
    """seed 003: no free action "PŘED svou první bojovou fází v prvním průběhu iniciativy"."""
    if stage_pass(fight) > 1 or end_stage(fight) or combatant.turn.get("acted"):
        return True
    order = list(fight.order)
    if combatant.id not in order or fight.current not in order:
        return False
    return order.index(combatant.id) < order.index(fight.current)


def timing(work: Work, action: Action, cost: Cost) -> Timing:
    fight, kind = work.fight, action.kind
    actor = work.get(action.actor)
    if kind in GM_KINDS:
        return "gm"
    if fight.current is None or score(actor) is None:
        if kind == "drop_prone":  # Rulings: dropping prone at any time
            return "free"
        raise fail(_("roll initiative first"))
    if completely_surprised(actor):
        raise fail(_("%(name)s is completely surprised: no actions at all"), name=actor.name)
    if kind == "delay" and fight.options.get("delays") == "no":
        raise fail(_("delayed actions are not used in this fight"))
    if action.actor == fight.current:
        if end_stage(fight) and not delay.usable(fight, actor):
            raise fail(_("%(name)s has no delayed action left"), name=actor.name)
        return "step_in" if end_stage(fight) else "own"
    if kind in OUT_KINDS:
        return "out"
    if actor.turn.get("stepped") == free_key(fight) and kind != "delay":
        return "own"  # the rest of a phase begun by stepping in
    if delay.usable(fight, actor) and kind != "delay":
        return "step_in"
    if cost != "free" or kind == "delay":
        raise fail(
            _("it is %(current)s's phase: %(name)s may only take a free action now"),
            current=work.get(str(fight.current)).name,
            name=actor.name,
        )
    if kind != "drop_prone" and not has_slot_before(fight, actor):
        raise fail(_("%(name)s may take no free action before its first phase"), name=actor.name)
    if actor.turn.get("free_out") == free_key(fight):
        raise fail(_("%(name)s already took a free action in this phase"), name=actor.name)
    return "free"


def free_key(fight: Fight) -> str:
    return others_phase_key(fight)


# --- what may be done now ---------------------------------------------------------------------


def options(fight: Fight, actor: Combatant) -> tuple[ActionOption, ...]:
    if is_out(actor):
        return ()
    if fight.current is None or score(actor) is None or completely_surprised(actor):
        kinds = ["surprise", "damage"] + ([] if completely_surprised(actor) else ["drop_prone"])
        return tuple(_option(SPECS[k], actor) for k in kinds if _possible(fight, actor, SPECS[k]))
    own = (
        actor.id == fight.current
        or delay.usable(fight, actor)
        or actor.turn.get("stepped") == free_key(fight)
    )
    state = phase_state(actor, phase_key(fight))
    left = 2 - state["units"]
    result = []
    for spec in SPECS.values():
        if not _possible(fight, actor, spec):
            continue
        free_now = not own and spec.cost == "free" and spec.kind != "delay"
        own_now = own and (_fits(spec.cost, left, state) or _burst_left(fight, actor, spec))
        if own_now and end_stage(fight) and spec.kind == "delay":
            own_now = False
        if spec.kind in GM_KINDS or spec.kind in OUT_KINDS or own_now or free_now:
            result.append(_option(spec, actor))
    return tuple(result)


def _fits(cost: Cost, left: int, state: Mapping[str, Any]) -> bool:
    if cost == "complex":
        return bool(state["units"] == 0)
    extra = 1 if cost == "free" and state["free"] >= 1 else 0
    return UNITS[cost] + extra <= left


def _option(spec: Spec, actor: Combatant) -> ActionOption:
    fields = value_fields(spec)
    if spec.kind == "use_skill":
        skills = sorted(k for k in (actor.stats.get("skills") or {}) if skill(actor, k) > 0)
        labels = dict(FIELDS["skill"].choices)
        choices = tuple((k, labels.get(k, Step(k))) for k in skills)
        fields = (ValueField("skill", Step(_("Skill")), choices), *fields[1:])
    # The surprise test and damage by the GM are the GM's bookkeeping, never a player's.
    return ActionOption(
        spec.kind,
        Step(spec.label),
        spec.needs_target,
        spec.needs_weapon,
        spec.ticks,
        fields,
        gm_only=spec.kind in GM_KINDS,
    )


def _possible(fight: Fight, actor: Combatant, spec: Spec) -> bool:
    kind = spec.kind
    arms = [weapon(actor, str(w.get("name"))) for w in actor.weapons]
    if kind in ("fire", "quick_draw", "change_mode"):
        return any(is_firearm(a) for a in arms)
    if kind in ("insert_clip", "remove_clip", "reload"):
        return any(is_firearm(a) and reload(a) is not None for a in arms)
    if kind == "throw":
        return any(a.get("weapon_type") in THROWN for a in arms)
    if kind in ("aim", "ready_weapon"):
        return bool(arms)
    if kind == "stand_up":
        return actor.has("prone")
    if kind == "drop_prone":
        return not actor.has("prone")
    if kind == "athletics":
        return skill(actor, "athletics") > 0
    if kind == "delay":
        return (
            fight.options.get("delays") != "no"
            and not phase_state(actor, phase_key(fight))["kinds"]
        )
    if kind == "intercept":
        return fight.current is not None and actor.id != fight.current
    if kind == "declare":
        now = pass_score(fight.get(fight.current), stage_pass(fight)) if fight.current else None
        return actor.id == fight.current or pass_score(actor, stage_pass(fight)) == now
    return True


def aim_breaks(actor: Combatant, action: Action) -> bool:
    """seed 003: the aim is lost "jakmile postava provede jakoukoli jinou akci, včetně volné"."""
    aim = aim_of(actor)
    if not aim or action.kind in ("aim", "move", "declare", "surprise", "damage"):
        return False
    keeps = (
        action.kind in ("fire", "throw", "quick_draw")
        and action.weapon == aim.get("weapon")
        and tuple(action.targets) == (aim.get("target"),)
    )
    return not keeps
