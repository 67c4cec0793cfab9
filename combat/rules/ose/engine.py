"""The Old-School Essentials engine (seed 001, "Boj"): `OldSchoolEssentials`.

The round (seed 001, "Herní průběh každého kola") maps onto the Engine interface and its hooks:

1. Oznámení kouzel a pohybu — stage {"step": "declare"}: out-of-turn `declare` actions.
2. Iniciativa — `roll_initiative`: each side's 1d6 (or everyone's with the option), blocks.
3. Jedná vítězná strana — morale, movement, missiles, spells, melee: one position at a time,
   its order the block's members able to act there; `advance` goes on to the next position.
4. Jednají další strany — the next blocks; slow weapons last. Then `start_of_round`.

Out of turn (actor != fight.current) only what the rules allow there: declarations before
initiative, the referee's initiative modifier, saving throws and morale checks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
from combat.rules.engine import COMMON_CONDITIONS, EngineBase
from combat.rules.faces import FaceSource
from combat.rules.ose import flow, initiative, moves, saves, spells
from combat.rules.ose.attack import attack_field, resolve_attack
from combat.rules.ose.catalogue import CONDITION_LABELS, MODIFIER_LABELS, SPECS, Mods, Spec
from combat.rules.ose.common import (
    CREATURE_DEFAULTS,
    MELEE,
    MISSILE,
    Work,
    arms,
    attacks_left,
    fail,
    is_out,
)
from combat.rules.ose.morale import resolve_morale
from combat.rules.ose.options import FIGHT_OPTIONS, enabled
from combat.rules.ose.stage import SLOW, blocks, can_act, current, stage_key, step
from combat.rules.ose.tracker import tracker

Handler = Callable[[Work, Action, Mods], Outcome]
# The action of each phase, taken by the combatant whose turn it is.
PHASE_KINDS = {
    "morale": "morale",
    "movement": "move",
    "missiles": "missile",
    "spells": "cast",
    "melee": "melee",
}
# Out of turn: the referee's modifier, saves (a spell or breath hits anyone, one or several at
# once) and morale checks (the referee rolls them when the prompt comes); declarations have
# their own step.
ANY_TIME = frozenset({"initiative_mod", "save", "saves", "morale"})
HANDLERS: dict[str, Handler] = {
    "declare": moves.resolve_declare,
    "initiative_mod": moves.resolve_initiative_mod,
    "move": moves.resolve_move,
    "cast": spells.resolve_cast,
    "save": spells.resolve_save,
    "saves": saves.resolve_saves,
    "morale": resolve_morale,
}


class OldSchoolEssentials(EngineBase):
    """Old-School Essentials combat behind the generic Engine interface."""

    key = "ose"
    acts_before_initiative = True  # the round begins with declarations (seed 001)
    acts_out_of_turn = True  # declarations and saving throws
    held_kinds = frozenset({"melee", "missile", "save"})  # a campaign condition's modifier
    gm_modifiers = frozenset({"bonus"})  # the referee's bonus or penalty
    fight_options: tuple[ValueField, ...] = FIGHT_OPTIONS
    modifier_labels: Mapping[str, Step] = MODIFIER_LABELS
    condition_labels: Mapping[str, str] = {**COMMON_CONDITIONS, **CONDITION_LABELS}

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
        hp = full["hp"]
        return joined(
            id=id,
            name=name,
            side=side,
            stats=full,
            hp=hp,
            is_npc=is_npc,
            weapons=weapons,
            armor=armor,
        )

    def roll_initiative(self, fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
        return initiative.roll_initiative(fight, ids, faces)

    def actions(self, fight: Fight, actor: str) -> tuple[ActionOption, ...]:
        try:
            combatant = fight.get(actor)
        except KeyError:
            return ()
        if is_out(combatant):
            return ()
        kinds = _available(fight, combatant)
        return tuple(_option(fight, combatant, SPECS[kind]) for kind in kinds)

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        spec = self.spec_of(action, SPECS)
        targets = action.targets
        if not isinstance(targets, tuple | list) or not all(isinstance(t, str) for t in targets):
            raise fail(_("targets must be combatant ids"))
        work = Work(fight, faces)
        actor = work.get(action.actor)
        if is_out(actor):
            raise fail(_("%(name)s is out of the fight"), name=actor.name)
        mods = Mods(action.modifiers, spec, _extra(actor, spec.kind))
        if _in_turn(fight, actor, spec.kind):
            acted = [*actor.turn.get("acted", ()), stage_key(fight.stage)]
            work.update_turn(actor.id, acted=list(dict.fromkeys(acted)))
        elif spec.kind not in ANY_TIME and spec.kind != "declare":
            raise _not_now(fight, actor)
        if spec.kind in ("melee", "missile"):
            _may_attack(actor)
            position = current(fight.stage)
            slow = position is not None and position[0] == SLOW
            return resolve_attack(work, action, mods, slow=slow, together=_together(fight))
        return HANDLERS[spec.kind](work, action, mods)

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        return flow.start_of_round(fight, faces)

    def advance(self, fight: Fight, faces: FaceSource) -> Outcome | None:
        return flow.advance(fight, faces)

    def tracker(self, fight: Fight) -> TrackerView:
        return tracker(fight)

    def is_out(self, combatant: Combatant) -> bool:
        """0 HP, dead, unconscious, fled or surrendered."""
        return is_out(combatant)


def _in_turn(fight: Fight, actor: Combatant, kind: str) -> bool:
    """The combatant whose turn it is, taking its phase's action."""
    position = current(fight.stage)
    return (
        step(fight) == "act"
        and actor.id == fight.current
        and position is not None
        and PHASE_KINDS.get(position[1]) == kind
    )


def _not_now(fight: Fight, actor: Combatant) -> Exception:
    if step(fight) != "act":
        return fail(_("roll initiative first: the round is still at its declarations"))
    if actor.id != fight.current:
        return fail(_("it is not the turn of %(name)s"), name=actor.name)
    return fail(_("%(name)s cannot do that in this phase"), name=actor.name)


def _may_attack(actor: Combatant) -> None:
    declared = actor.turn.get("declared")
    if declared == "cast":
        raise fail(_("%(name)s declared a spell and can do nothing else"), name=actor.name)
    if declared == "retreat":
        raise fail(_("%(name)s is retreating and cannot attack this round"), name=actor.name)
    if attacks_left(actor) <= 0:
        raise fail(_("%(name)s has no attack left this round"), name=actor.name)


def _together(fight: Fight) -> bool:
    position = current(fight.stage)
    block = next((b for b in blocks(fight.stage) if position and b["key"] == position[0]), None)
    return bool(block and block.get("together"))


def _extra(actor: Combatant, kind: str) -> tuple[ValueField, ...]:
    if kind not in ("melee", "missile"):
        return ()
    field = attack_field(actor, MELEE if kind == "melee" else MISSILE)
    return (field,) if field else ()


def _available(fight: Fight, combatant: Combatant) -> list[str]:
    kinds: list[str] = []
    if step(fight) == "declare":
        kinds.append("declare")
        if enabled(fight, "individual_initiative") and combatant.is_npc:
            kinds.append("initiative_mod")
    position = current(fight.stage)
    if step(fight) == "act" and combatant.id == fight.current and position is not None:
        phase = position[1]
        if phase in PHASE_KINDS and can_act(fight, combatant, phase, slow=position[0] == SLOW):
            kinds.append(PHASE_KINDS[phase])
    kinds += ["save", "saves"]
    if enabled(fight, "morale") and combatant.is_npc and "morale" not in kinds:
        kinds.append("morale")
    return kinds


def _option(fight: Fight, combatant: Combatant, spec: Spec) -> ActionOption:
    extra = _extra(combatant, spec.kind)
    kind = MELEE if spec.kind == "melee" else MISSILE
    weapons = spec.kind in ("melee", "missile") and any(
        not arm.monster and arm.name for arm in arms(combatant, kind)
    )
    return ActionOption(
        spec.kind,
        Step(spec.label),
        needs_target=spec.needs_target,
        needs_weapon=weapons,
        modifiers=spec.ticks,
        values=(*spec.values, *extra),
        gm_only=spec.gm_only,
        main=spec.main,
    )
