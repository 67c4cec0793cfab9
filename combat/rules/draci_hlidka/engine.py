"""The Dračí Hlídka engine (seed 000, "základní soubojový systém"): `DraciHlidka`.

The fight's phases (seed 000, PRŮBĚH BOJE) map onto the Engine interface:

1. Zaujetí pozic — the GM places everyone (outside the engine; distances come as modifiers).
2. Moment překvapení — the GM sets the condition "surprised", or the one who might be surprised
   rolls Postřeh (action "perception"). Surprised combatants cannot act in round 1 and defend
   with ZO only; their attackers get Výhoda +5. Both sides surprised: a normal fight.
3. Hod na iniciativu — `roll_initiative` (every round, or once with options["initiative_once"]).
4. Bojové kolo — `start_of_round` (bleeding, potions, bookkeeping), then `resolve` per action.
5. Back to 3 until `is_over`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from combat.rules.base import (
    Action,
    ActionOption,
    Combatant,
    Fight,
    Outcome,
    Step,
    ValueField,
    _,
    joined,
)
from combat.rules.draci_hlidka import (
    actions,
    attack_odds,
    attribute_tests,
    combat,
    pursuit,
    treatment,
)
from combat.rules.draci_hlidka.catalogue import MODIFIER_LABELS, SPECS, Spec
from combat.rules.draci_hlidka.common import (
    CREATURE_DEFAULTS,
    Work,
    fail,
    is_out,
    surprised,
)
from combat.rules.draci_hlidka.criticals import bleed_all
from combat.rules.draci_hlidka.economy import short_move_fits
from combat.rules.draci_hlidka.initiative import roll_initiative
from combat.rules.draci_hlidka.mods import Mods
from combat.rules.draci_hlidka.tactics import new_initiative
from combat.rules.engine import EngineBase
from combat.rules.faces import FaceSource

Handler = Callable[[Work, Action, Mods], Outcome]

HANDLERS: dict[str, Handler] = {
    "attack": combat.resolve_attack,
    "short_move": actions.resolve_movement,
    "crawl": actions.resolve_movement,
    "move": actions.resolve_movement,
    "retreat": actions.resolve_movement,
    "stand_up": actions.resolve_stand_up,
    "cast": actions.resolve_simple,
    "speak": actions.resolve_simple,
    "reload": actions.resolve_reload,
    "skill": actions.resolve_skill,
    "item": treatment.resolve_item,
    "rearm": actions.resolve_rearm,
    "treat": treatment.resolve_treat,
    "flee": pursuit.resolve_flee,
    "pursuit": pursuit.resolve_pursuit,
    "end_pursuit": pursuit.resolve_end_pursuit,
    "perception": attribute_tests.resolve_perception,
    "test": attribute_tests.resolve_test,
}
# The value modifiers the action panel asks for (the rest stay for the API: combat.rules.base).
FORM_VALUES: dict[str, tuple[ValueField, ...]] = {
    "attack": (
        ValueField("attack_bonus", Step(_("GM's bonus to the attack (±)")), (), -50, 50),
        ValueField("defence_bonus", Step(_("GM's bonus to the defence (±)")), (), -50, 50),
        ValueField("distance", Step(_("Distance to the target (sáh)")), (), 0, 10000),
    ),
}
# What a surprised combatant may still do in round 1: roll Postřeh (and the GM's tests).
WHILE_SURPRISED = frozenset({"perception", "test"})


class DraciHlidka(EngineBase):
    """Dračí Hlídka's basic combat system behind the generic Engine interface."""

    key = "draci_hlidka"
    # Labels of every modifier key, for the action form.
    modifier_labels = MODIFIER_LABELS
    # What only the GM sets; a player's form does not offer it (combat.encounter_forms): the
    # situational calls (Výhoda, Nevýhoda, who may surround or defend how) are the GM's.
    held_kinds = frozenset({"attack"})  # a campaign condition's modifier: to the ÚČ
    gm_modifiers = frozenset(
        {
            "override",
            "attack_bonus",
            "defence_bonus",
            "advantage",
            "disadvantage",
            "defence_advantage",
            "defence_disadvantage",
            "surround_ok",
            "zo_only",
            "active_defence",
            "helpless_defence",
            "outnumbered",
        }
    )
    # The GM's choices per campaign and encounter (Rulings; seed 000 "Hod na iniciativu").
    fight_options = (
        ValueField(
            "initiative_once",
            Step(_("Initiative rolled once for the whole fight")),
            (("no", Step(_("no"))), ("yes", Step(_("yes")))),
        ),
        ValueField(
            "critical_bleeds_at_hit",
            Step(_("Critical bleeding: the first loss at the hit (seed's example)")),
            (("yes", Step(_("yes"))), ("no", Step(_("no, from the next round")))),
        ),
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
        full["dovednosti"] = dict(full.get("dovednosti") or {})
        for kind in ("zbroj", "stit"):  # a worn armour record fills an empty quality
            qualities = [a.get("kvalita") for a in armor if a.get("druh", "zbroj") == kind]
            worn = [q for q in qualities if type(q) is int]
            if not full.get(kind) and worn:
                full[kind] = max(worn)
        hp = full["zivoty"]
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
        combatant = Work(fight, _NO_FACES).get(actor)
        if is_out(combatant):
            return ()
        stunned = surprised(fight, combatant)
        return tuple(
            ActionOption(
                spec.kind,
                Step(spec.label),
                spec.needs_target,
                spec.needs_weapon,
                spec.ticks,
                FORM_VALUES.get(spec.kind, ()),
            )
            for spec in SPECS.values()
            if (not stunned or spec.kind in WHILE_SURPRISED) and _possible(fight, combatant, spec)
        )

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        spec = self.spec_of(action, SPECS)
        mods = Mods(action.modifiers, spec.modifiers)
        work = Work(fight, faces)
        actor = work.get(action.actor)
        if is_out(actor):
            raise fail(_("%(name)s is out of the fight"), name=actor.name)
        if surprised(fight, actor) and spec.kind not in WHILE_SURPRISED:
            # seed 000: "obránce nemá v daném kole možnost žádné akce"
            raise fail(_("%(name)s is surprised and cannot act this round"), name=actor.name)
        return HANDLERS[spec.kind](work, action, mods)

    def exact_odds(self, fight: Fight, action: Action) -> tuple[Fraction, ...] | None:
        """A one-target Útok's odds from its two exploding dice (attack_odds)."""
        return attack_odds.exact_odds(self, fight, action)

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        """Bookkeeping reset, surprise over after round 1, potions, then bleeding (Rulings:
        at the start of every following round)."""
        work = Work(fight, faces)
        for combatant in fight.combatants:
            work.set_turn(combatant.id, {})
            if fight.round > 1 and combatant.has("surprised"):
                work.condition(combatant.id, "surprised", add=False)
        treatment.potions_work(work)
        lost = bleed_all(work)
        hp_after = {c.id: c.hp for c in work.fight.combatants}
        summary = Step(_("Round %(round)s begins"), {"round": fight.round})
        return work.finish(summary, {"round": fight.round, "bleeding": lost, "hp_after": hp_after})

    def is_out(self, combatant: Combatant) -> bool:
        """Rulings: 0 HP or below is out; so are the unconscious, the dead and who fled."""
        return is_out(combatant)

    def rerolls_each_round(self, fight: Fight) -> bool:
        """seed 000: initiative every round, unless the GM rolls it once for the whole fight."""
        return new_initiative(fight)


class _NoFaces:
    """`actions` rolls nothing."""

    def roll(self, sides: int) -> int:
        raise AssertionError("actions() rolls no dice")


_NO_FACES = _NoFaces()


def _possible(fight: Fight, combatant: Combatant, spec: Spec) -> bool:
    """Whether the round still has room for this kind, and its preconditions hold."""
    kind, turn = spec.kind, combatant.turn
    if kind in ("crawl", "stand_up") and not combatant.has("prone"):
        return False
    if combatant.has("prone") and kind in ("short_move", "move", "retreat", "flee"):
        return False  # seed 000: "musí nejprve vstát"
    if combatant.has("exhausted") and kind in ("move", "flee", "pursuit"):
        return False
    if kind == "perception":
        return fight.round <= 1
    short_moved = (turn.get("long"), turn.get("short", ()), turn.get("instant", ()))
    if not short_move_fits(kind, *short_moved):
        return False
    if kind == "short_move":
        return "short_move" not in turn.get("instant", ())
    if kind == "reload":
        return any(_room(turn, w.get("nabiti", "none")) for w in combatant.weapons)
    if kind in VARIABLE:  # they may be short: room for a short one at least
        return _room(turn, "short")
    return _room(turn, spec.time)


VARIABLE = frozenset({"cast", "skill", "item", "rearm", "treat"})


def _room(turn: Mapping[str, Any], time: str) -> bool:
    long, shorts = turn.get("long"), turn.get("short", ())
    if time == "long":
        return not long and not shorts
    if time == "short":
        return not long and len(shorts) < 2
    return time in ("instant", "free")
