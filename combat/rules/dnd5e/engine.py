"""The D&D 5e engine (seed 002, "Atakowanie"; BRIEF "D&D 5e" and its Rulings): `Dnd5e`.

The fight in the Engine interface:

1. `roll_initiative` — d20 + DEX once for the fight; ties proposed by the higher DEX (the GM
   and players reorder with "move in order"), or a d20 roll-off (option `tie_rolloff`); NPCs of
   one kind may share a roll (option `shared_initiative`).
2. Turns in that order. `between_turns` ends the turn that ended (conditions "until the end of
   X's turn" end, surprise ends) and starts the next one (fresh action, movement and reaction;
   conditions "until the start of X's turn" end). `start_of_round` does the same across the
   round's boundary, so it does not matter which of the two the machinery calls there.
3. `resolve` — the turn's actions; out of turn only a reaction (one attack) and the GM's
   bookkeeping actions.
4. `is_over` when at most one side has anyone standing.
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
    _,
    joined,
)
from combat.rules.dnd5e import attack, care, grapple, legendary, saves, turns, two_weapon
from combat.rules.dnd5e.catalogue import (
    CONDITION_LABELS,
    FIGHT_OPTIONS,
    KNOWN,
    MODIFIER_LABELS,
    PEOPLE,
    REACTIONS,
    SPECS,
    Spec,
    choices,
    number_range,
    value_field,
)
from combat.rules.dnd5e.chances import odds_steps
from combat.rules.dnd5e.common import (
    CREATURE_DEFAULTS,
    Work,
    bonus_moves,
    fail,
    incapacitated,
    is_dead,
    is_dying,
    is_out,
)
from combat.rules.dnd5e.economy import end_turn, is_stale, start_turn
from combat.rules.dnd5e.initiative import roll_initiative
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import named_attacks
from combat.rules.dnd5e.tracker import tracker
from combat.rules.engine import COMMON_CONDITIONS, EngineBase
from combat.rules.faces import FaceSource

Handler = Callable[[Work, Action, Mods], Outcome]

HANDLERS: dict[str, Handler] = {
    "grapple": grapple.resolve_grapple,
    "shove": grapple.resolve_shove,
    "escape": grapple.resolve_escape,
    "multiattack": turns.resolve_multiattack,
    "save_action": saves.resolve_save_action,
    "legendary": legendary.resolve_legendary,
    "dash": turns.resolve_dash,
    "move": turns.resolve_move,
    "stand_up": turns.resolve_stand_up,
    "dodge": turns.resolve_dodge,
    "disengage": turns.resolve_disengage,
    "interact": turns.resolve_interact,
    "death_save": care.resolve_death_save,
    "apply_condition": care.resolve_apply_condition,
    "remove_condition": care.resolve_remove_condition,
    "grant_temp_hp": care.resolve_temp_hp,
    "heal": care.resolve_heal,
    "gm_damage": care.resolve_gm_damage,
    "exhaustion": care.resolve_exhaustion,
}


class Dnd5e(EngineBase):
    """D&D 5th edition behind the generic Engine interface."""

    key = "dnd5e"
    own_odds = True  # exact odds of its own (pools too big to enumerate)
    modifier_labels = MODIFIER_LABELS
    condition_labels = {**COMMON_CONDITIONS, **CONDITION_LABELS}  # the GM's "adjust" form
    acts_out_of_turn = True  # reactions (SRD 5.1: one between one's own turns)
    # The GM's own calls: a player's form never offers them (combat.encounter_forms).
    gm_modifiers = frozenset(
        {"override", "advantage", "disadvantage", "target_advantage", "target_disadvantage"}
    )
    fight_options = FIGHT_OPTIONS

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
        hp = full["hp"] if type(full["hp"]) is int else 1
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
        return roll_initiative(fight, ids, faces)

    def actions(self, fight: Fight, actor: str) -> tuple[ActionOption, ...]:
        try:
            combatant = fight.get(actor)
        except KeyError:
            return ()
        return tuple(_option(SPECS[kind], fight) for kind in _possible(fight, combatant))

    def weapon_names(self, fight: Fight, actor: str) -> tuple[str, ...]:
        """What the weapon choice may name: weapons and stat-block attacks (for `attack`), then
        the stat block's actions with a saving throw (for `save_action`)."""
        combatant = fight.get(actor)
        return (
            *named_attacks(combatant),
            *(str(e["name"]) for e in saves.save_actions(combatant)),
            *(str(e["name"]) for e in legendary.options(combatant)),
        )

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        spec = self.spec_of(action, SPECS)
        if not all(isinstance(target, str) for target in action.targets):
            raise fail(_("targets must be named by their ids"))
        mods = _checked(Mods(action.modifiers, spec.allowed, KNOWN), spec)
        work = Work(fight, faces)
        actor = work.get(action.actor)
        off_turn = actor.id != fight.current
        if not spec.gm:
            _may_act(fight, actor, spec, off_turn)
        if not off_turn and is_stale(actor.turn, fight.round):
            start_turn(work, actor.id)  # the turn's start was not announced: begin it now
        if spec.kind in ("attack", "unarmed", "off_hand"):
            return attack.resolve_attack(work, action, mods, reaction=off_turn)
        return HANDLERS[spec.kind](work, action, mods)

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        """The round's last turn ends and its first begins (`round` is already the new one)."""
        work = Work(fight, faces)
        ended = fight.current if fight.current in fight.order else None
        if ended is None and fight.order:
            ended = fight.order[-1]
        if ended is not None:
            with work.about_combatant(ended):
                end_turn(work, ended, fight.round - 1)
        if fight.order:
            with work.about_combatant(fight.order[0]):
                _begin(work, fight.order[0])
        summary = Step(_("Round %(round)s begins"), {"round": fight.round})
        return work.finish(summary, {"round": fight.round})

    def between_turns(self, fight: Fight, ended: str | None, faces: FaceSource) -> Outcome | None:
        work = Work(fight, faces)
        if ended is not None and ended in {c.id for c in fight.combatants}:
            with work.about_combatant(ended):
                end_turn(work, ended, fight.round)
        if fight.current is not None:
            with work.about_combatant(fight.current):
                _begin(work, fight.current)
        if not work.changes and not work.steps and not work.notes:
            return None
        name = work.get(fight.current).name if fight.current else ""
        summary = Step(_("Turn of %(name)s"), {"name": name}, about=fight.current)
        return work.finish(summary, {"ended": ended, "current": fight.current})

    def tracker(self, fight: Fight) -> TrackerView:
        return tracker(fight)

    def odds(self, fight: Fight, action: Action) -> tuple[Step, ...] | None:
        return odds_steps(fight, action)

    def is_out(self, combatant: Combatant) -> bool:
        """Dead, at 0 HP, incapacitated (unconscious, paralyzed …) or fled."""
        return is_out(combatant)

    def is_reaction(self, fight: Fight, action: Action) -> bool:
        """SRD 5.1, Reactions: an attack out of its own turn (an opportunity attack)."""
        return action.actor != fight.current and action.kind in REACTIONS

    def skips_turn(self, fight: Fight, combatant: Combatant) -> bool:
        """Dead, fled, or at 0 HP with no death saves to make (a monster, or a stable
        character). A dying character keeps its turn to roll its death saving throw; a
        paralysed or unconscious one keeps it for the saves and durations its turn ends."""
        if is_dead(combatant) or combatant.has("fled"):
            return True
        return combatant.hp <= 0 and not (is_dying(combatant) and not combatant.has("stable"))


def _begin(work: Work, combatant_id: str) -> None:
    if not start_turn(work, combatant_id):
        return  # begun already, and said so once ("is dying" was written twice in one entry)
    combatant = work.get(combatant_id)
    if is_dying(combatant) and not combatant.has("stable"):
        work.note(_("%(name)s is dying: roll a death saving throw"), name=combatant.name)
    elif not is_out(combatant):
        legendary.regain(work, combatant_id)
        saves.roll_recharges(work, combatant_id)


def _checked(mods: Mods, spec: Spec) -> Mods:
    """Every value of the kind has the right type and range before anything is rolled."""
    for key in spec.ticks:
        mods.flag(key)
    for key in spec.values:
        if key not in mods or key in PEOPLE:
            continue
        if key in ("distance", "attacks", "amount", "level"):
            low, high = number_range(key)
            mods.integer(key, low, low, high)
        else:
            mods.choice(key, choices(key), "")
    return mods


def _may_act(fight: Fight, actor: Combatant, spec: Spec, off_turn: bool) -> None:
    if is_dead(actor):
        raise fail(_("%(name)s is dead"), name=actor.name)
    if spec.kind == "death_save":
        return
    if incapacitated(actor):
        raise fail(_("%(name)s is incapacitated and cannot act"), name=actor.name)
    if actor.has("surprised") and fight.round <= 1:
        # SRD 5.1: a surprised creature can't move or act on its first turn, nor react
        # until that turn ends.
        raise fail(_("%(name)s is surprised"), name=actor.name)
    if fight.current is None:
        raise fail(_("roll initiative first"))
    if off_turn and spec.kind not in REACTIONS and spec.kind != "legendary":
        raise fail(
            _("it is not the turn of %(name)s: out of turn only a reaction (one attack)"),
            name=actor.name,
        )


def _option(spec: Spec, fight: Fight) -> ActionOption:
    values = tuple(value_field(key, fight) for key in spec.values)
    return ActionOption(
        spec.kind,
        Step(spec.label),
        spec.needs_target,
        spec.needs_weapon,
        spec.ticks,
        values,
        gm_only=spec.gm,
        main=spec.values if spec.gm else (),  # the GM's bookkeeping: its values are the point
    )


GM_KINDS = tuple(kind for kind, spec in SPECS.items() if spec.gm)


def _possible(fight: Fight, combatant: Combatant) -> list[str]:
    """The kinds offered now; the GM's bookkeeping is always there."""
    on_turn = combatant.id == fight.current
    turn = {} if on_turn and is_stale(combatant.turn, fight.round) else combatant.turn
    if is_dead(combatant) or fight.current is None:
        return list(GM_KINDS)
    if is_dying(combatant):
        fresh = on_turn and not combatant.has("stable") and not turn.get("death_save")
        return (["death_save"] if fresh else []) + list(GM_KINDS)
    if incapacitated(combatant) or (combatant.has("surprised") and fight.round <= 1):
        return list(GM_KINDS)
    armed = bool(named_attacks(combatant))
    if not on_turn:
        reacts = [] if turn.get("reaction") else (["attack"] if armed else []) + ["unarmed"]
        more = ["legendary"] if legendary.offered(combatant) else []
        return reacts + more + list(GM_KINDS)
    return _on_turn(combatant, turn, armed) + list(GM_KINDS)


def _on_turn(combatant: Combatant, turn: Mapping[str, Any], armed: bool) -> list[str]:
    action_free = not turn.get("action")
    attacks = action_free or int(turn.get("attacks_left", 0) or 0) > 0
    kinds = (["attack"] if attacks and armed else []) + (
        ["unarmed", "grapple", "shove"] if attacks else []
    )
    if action_free:
        if combatant.stats.get("multiattack"):
            kinds.append("multiattack")
        if saves.usable(combatant):
            kinds.append("save_action")
        if combatant.has("grappled"):
            kinds.append("escape")
        kinds += ["dash", "dodge", "disengage"]
    elif not turn.get("bonus"):  # a trait allows them as the bonus action
        kinds += [kind for kind in ("dash", "disengage") if kind in bonus_moves(combatant)]
    if two_weapon.offered(combatant, turn):
        kinds.append("off_hand")
    if action_free or not turn.get("interacted"):
        kinds.append("interact")
    kinds.append("move")
    if combatant.has("prone"):
        kinds.append("stand_up")
    return kinds
