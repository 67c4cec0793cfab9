"""The Shadowrun 3 engine (seed 003, BOJ): `Shadowrun3`.

A combat turn (seed: "Průběh bojového kola") through the machinery's hooks:

1. Pools refresh and 2. initiative — `roll_initiative` for the first turn (or a late-comer) and
   `start_of_round` for each new turn: modified Reaction + initiative dice, the wound modifier
   subtracted at once; the order of pass 1, stage {"pass": 1, "passes": n}.
3. Passes — the machinery walks `order`; `resolve` takes each action (the phase's economy,
   delays, free actions in others' phases, surprise, declarations); damage re-orders the rest of
   the pass at once (Outcome.order). `between_turns` ends surprises after the phase, loses a
   delay into this pass when one's own phase comes, and sets off grenades in the thrower's
   phase. When the order is done, `advance` gives unused delays the end of the pass (stage
   {"pass": n, "end": True}), then starts pass n + 1 with scores − 10, or returns None.
4. Next turn — `start_of_round` (grenades left over from the last pass go off first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from combat.rules.base import (
    Action,
    ActionOption,
    Combatant,
    Fight,
    Outcome,
    Step,
    TrackerView,
    ValueField,
    _,
    joined,
)
from combat.rules.engine import EngineBase
from combat.rules.faces import FaceSource
from combat.rules.shadowrun3 import (
    delay,
    explosives,
    handlers,
    handlers_gear,
    handlers_turn,
    initiative,
    movement,
    passes,
    surprise,
)
from combat.rules.shadowrun3 import tracker as tracker_view
from combat.rules.shadowrun3.action_fields import FIELDS, MODIFIER_LABELS
from combat.rules.shadowrun3.common import (
    CREATURE_DEFAULTS,
    MONITOR,
    Work,
    end_stage,
    fail,
    is_out,
    phase_key,
    stage_pass,
)
from combat.rules.shadowrun3.handlers_attack import resolve_fire, resolve_quick_draw
from combat.rules.shadowrun3.handlers_damage import resolve_gm_damage
from combat.rules.shadowrun3.handlers_melee import resolve_intercept, resolve_melee_attack
from combat.rules.shadowrun3.handlers_odds import attack_odds_steps
from combat.rules.shadowrun3.phase import SPECS, check_declared, spend
from combat.rules.work import joined_roster, roster

Handler = Callable[[Work, Action], Outcome]
FREE = ("what", "skill")  # choices that depend on the kind or the actor: the handler checks
HANDLERS: dict[str, Handler] = {
    "fire": resolve_fire,
    "quick_draw": resolve_quick_draw,
    "throw": explosives.resolve_throw,
    "melee": resolve_melee_attack,
    "intercept": resolve_intercept,
    "aim": lambda work, action: handlers_gear.resolve_aim(work, action, phase_key(work.fight)),
    "ready_weapon": handlers_gear.resolve_ready,
    "insert_clip": handlers_gear.resolve_clip,
    "remove_clip": handlers_gear.resolve_clip,
    "reload": handlers_gear.resolve_reload,
    "change_mode": handlers_gear.resolve_mode,
    "stand_up": handlers.resolve_stand_up,
    "drop_prone": handlers.resolve_drop_prone,
    "simple_action": handlers.resolve_generic,
    "free_action": handlers.resolve_generic,
    "complex_action": handlers.resolve_generic,
    "use_skill": handlers.resolve_use_skill,
    "athletics": movement.resolve_athletics,
    "delay": delay.resolve_delay,
    "declare": handlers.resolve_declare,
    "surprise": surprise.resolve_surprise,
    "damage": resolve_gm_damage,
}
OPTION_CHOICES = {
    "weapons": ((("ready", Step(_("Ready"))), ("holstered", Step(_("Holstered"))))),
    "delays": ((("yes", Step(_("Yes"))), ("no", Step(_("No"))))),
}


class Shadowrun3(EngineBase):
    """Shadowrun 3rd edition's combat turn behind the generic Engine interface."""

    key = "shadowrun3"
    own_odds = True  # exact odds of its own (pools too big to enumerate)
    acts_out_of_turn = True  # free actions in others' phases, delayed actions (seed 003)
    # What only the GM sets: the GM's TN modifier and economy override, the defender's dice.
    # A campaign condition's −2: the actor's target numbers 2 higher.
    held_kinds = frozenset({"fire", "quick_draw", "throw", "melee", "use_skill", "athletics"})
    gm_modifiers = frozenset(
        {"tn_modifier", "override", "cramped", "dodge_pool", "resist_pool", "defence_pool"}
    )
    modifier_labels = MODIFIER_LABELS
    fight_options: tuple[ValueField, ...] = (
        ValueField(
            "weapons", Step(_("Weapons at the start of the fight")), OPTION_CHOICES["weapons"]
        ),
        ValueField("delays", Step(_("Delayed actions (optional rule)")), OPTION_CHOICES["delays"]),
    )

    def combatant_from_record(
        self,
        *,
        id: str,
        name: str,
        side: str,
        stats: Mapping[str, Any],
        is_npc: bool,
        weapons: Sequence[Mapping[str, Any]],
        armor: Sequence[Mapping[str, Any]],
    ) -> Combatant:
        full = {**CREATURE_DEFAULTS, **stats}
        full["skills"] = dict(full.get("skills") or {})
        for kind in ("ballistic", "impact"):  # worn armour records fill empty ratings [std]
            worn = [int(a[kind]) for a in armor if type(a.get(kind)) is int]
            if not full.get(kind) and worn:
                full[kind] = max(worn)
        return joined(
            id=id,
            name=name,
            side=side,
            stats=full,
            hp=MONITOR,
            is_npc=is_npc,
            weapons=weapons,
            armor=armor,
        )

    def roll_initiative(self, fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
        """A new combat turn for everyone, or a late-comer placed into the pass under way."""
        work = Work(fight, faces)
        wanted = [cid for cid in dict.fromkeys(ids) if not is_out(work.get(cid))]
        active = {c.id for c in fight.combatants if not is_out(c)}
        if fight.current is None or active <= set(wanted):
            initiative.start_turn(work, wanted)
            passes.start_pass(work, 1, (), set(wanted))
        else:
            number = stage_pass(fight)
            initiative.start_turn(work, wanted, passes_done=number)
            _join(work, wanted, number)
            top = max(passes.passes_in_turn(work), fight.stage.get("passes", 1))
            work.stage = {**fight.stage, "passes": top}
        order = work.order or fight.order
        listed = roster(work.fight, order)
        summary = Step(
            _("Initiative: %(order)s"), {"order": joined_roster(listed)}, lists={"order": listed}
        )
        return work.finish(summary, _initiative_data(work))

    def actions(self, fight: Fight, actor: str) -> tuple[ActionOption, ...]:
        return handlers_turn.options(fight, fight.get(actor))

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        spec = self.spec_of(action, SPECS)
        _check_shape(action, spec)
        work = Work(fight, faces)
        actor = work.get(action.actor)
        for target in action.targets:
            work.get(target)
        if is_out(actor) and action.kind not in handlers_turn.GM_KINDS:
            raise fail(_("%(name)s is out of the fight"), name=actor.name)
        if spec.needs_target and not action.targets and action.kind != "declare":
            raise fail(_("choose a target"))
        cost = handlers_turn.cost_of(fight, action, spec)
        when = handlers_turn.timing(work, action, cost)
        if when != "gm" and action.kind != "declare":
            surprise.check_targets(work, action.actor, action.targets)
        _take_time(work, action, cost, when)
        if action.kind == "move":
            return movement.resolve_move(work, action, own_phase=when in ("own", "step_in"))
        return HANDLERS[action.kind](work, action)

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        """A new combat turn: leftovers of the last one, pools, initiative, pass 1."""
        work = Work(fight, faces)
        explosives.at_end(work, fight.round - 1, stage_pass(fight))
        delay.expire(work, stage_pass(fight), final=True)
        ids = [c.id for c in work.fight.combatants if not is_out(c)]
        initiative.start_turn(work, ids)
        if passes.start_pass(work, 1, (), set(ids)):
            explosives.make_due(_staged(work))
        else:
            work.order, work.stage = (), {"pass": 1, "passes": 0}
        summary = Step(_("Combat turn %(turn)s begins"), {"turn": fight.round})
        return work.finish(summary, _initiative_data(work))

    def advance(self, fight: Fight, faces: FaceSource) -> Outcome | None:
        """The end of a pass: delayed actions at its end, then the next pass or None."""
        work = Work(fight, faces)
        number = stage_pass(fight)
        final = not passes.candidates(work, number + 1)
        if not end_stage(fight):
            waiting = delay.waiting_at_end(fight, number, final)
            if waiting:
                work.order = tuple(passes.rank(work, waiting, number, fight.order, ()))
                work.stage = {**fight.stage, "end": True, "pass_order": list(fight.order)}
                listed = roster(work.fight, work.order)
                summary = Step(
                    _("End of pass %(pass)s: delayed actions of %(names)s"),
                    {"pass": number, "names": joined_roster(listed)},
                    lists={"names": listed},
                )
                return work.finish(summary, {"pass": number, "end": True})
        if final:
            return None  # start_of_round settles grenades and lost delays of this pass
        delay.expire(work, number, final=False)
        explosives.at_end(work, fight.round, number)
        previous = fight.stage.get("pass_order") or fight.order
        passes.start_pass(work, number + 1, list(previous), ())
        explosives.make_due(_staged(work))
        summary = Step(_("Initiative pass %(pass)s"), {"pass": number + 1})
        return work.finish(summary, _initiative_data(work))

    def between_turns(self, fight: Fight, ended: str | None, faces: FaceSource) -> Outcome | None:
        """After the phase of `ended`: its surprise is over; the new current's lost delay, a
        planned delay's phase, grenades going off in this phase."""
        work = Work(fight, faces)
        if ended not in {c.id for c in fight.combatants}:
            ended = None  # removed from the fight meanwhile
        if ended is not None and not end_stage(fight):
            with work.about_combatant(ended):
                surprise.phase_over(work, ended)
        if fight.current is not None and not end_stage(fight):
            with work.about_combatant(fight.current):
                delay.own_phase(work, fight.current)
        delay.reminders(work, ended)
        explosives.in_phase(work, ended)
        if not (work.changes or work.steps or work.notes):
            return None
        current = work.get(fight.current).name if fight.current else "—"
        summary = Step(_("Phase of %(name)s"), {"name": current}, about=fight.current)
        return work.finish(summary, {})

    def tracker(self, fight: Fight) -> TrackerView:
        return tracker_view.tracker(fight)

    def odds(self, fight: Fight, action: Action) -> tuple[Step, ...] | None:
        return attack_odds_steps(fight, action)

    def is_out(self, combatant: Combatant) -> bool:
        """Unconscious, dying, dead or fled: the condition monitors decide, not an HP count."""
        return is_out(combatant)


def _check_shape(action: Action, spec: Any) -> None:
    if not isinstance(action.actor, str) or not all(isinstance(t, str) for t in action.targets):
        raise fail(_("combatants are named by their ids"))
    if not isinstance(action.modifiers, Mapping):
        raise fail(_("modifiers must be a mapping"))
    known = set(spec.values) | set(spec.ticks)
    unknown = sorted(str(key) for key in action.modifiers if key not in known)
    if unknown:
        raise fail(_("unknown modifiers: %(keys)s"), keys=", ".join(unknown))
    for key, value in action.modifiers.items():
        field = FIELDS.get(key)
        if key in spec.ticks and type(value) is not bool:
            raise fail(_("%(key)s must be ticked or not"), key=key)
        if field and field.choices and value not in dict(field.choices) and key not in FREE:
            raise fail(_("%(key)s: %(value)s is not a choice"), key=key, value=str(value))
        if (
            field
            and not field.choices
            and (type(value) is not int or not field.minimum <= value <= field.maximum)
        ):
            raise fail(
                _("%(key)s must be a whole number from %(low)s to %(high)s"),
                key=key,
                low=field.minimum,
                high=field.maximum,
            )


def _take_time(work: Work, action: Action, cost: Any, when: str) -> None:
    """The phase's economy, the declaration, a delay stepping in, a lost aim."""
    fight, actor = work.fight, work.get(action.actor)
    if handlers_turn.aim_breaks(actor, action) and when != "gm":
        work.update(actor.id, aim=None)
        work.step(_("%(name)s stops aiming"), name=actor.name)
    if when == "free":
        work.update(actor.id, free_out=handlers_turn.free_key(fight))
        if fight.current is not None:
            work.step(
                _(
                    "%(name)s: a free action in the phase of %(current)s (it takes effect at "
                    "the end of that phase)"
                ),
                name=actor.name,
                current=work.get(fight.current).name,
            )
        return
    if when not in ("own", "step_in"):
        return
    key = phase_key(fight)
    if when == "step_in":
        delay.step_in(work, actor.id)
    elif cost != "none":
        work.update(actor.id, acted=stage_pass(fight))
    if cost != "none":
        check_declared(work, actor.id, action.kind, action.targets, key)
        override = action.modifiers.get("override") is True
        spend(work, actor.id, cost, action.kind, key, override)
        if action.modifiers.get("called_shot", "none") != "none":
            # seed 003: "Zacílení se považuje za volnou akci" right before the attack.
            spend(work, actor.id, "free", "called_shot", key, override)


def _join(work: Work, ids: list[str], number: int) -> None:
    """A late-comer in pass `number`: into the part of the pass still to come."""
    fight = work.fight
    order = list(fight.order)
    if end_stage(fight) or fight.current not in order:
        return
    cut = order.index(fight.current) + 1
    rest = [cid for cid in order[cut:] if cid not in ids]
    rest += [cid for cid in ids if passes.acts_in(work.get(cid), number) and cid not in order]
    work.order = tuple(order[:cut] + passes.rank(work, rest, number, order, set(ids)))


def _staged(work: Work) -> Work:
    """make_due reads the new pass from the stage the Outcome is about to set (the grenades
    themselves go off in `between_turns`, which the machinery calls after `advance` too)."""
    if work.stage is not None:
        work.fight = replace(work.fight, stage=work.stage)
    return work


def _initiative_data(work: Work) -> dict[str, Any]:
    scores = {c.id: c.turn.get("score") for c in work.fight.combatants if "score" in c.turn}
    return {"initiative": scores, "order": list(work.order or ()), "stage": dict(work.stage or {})}
