"""The one interface every rule system's engine provides, with a default for every optional hook
(issue L): the machinery calls each hook on every engine and never asks whether it exists.

Six methods each system writes itself (`combatant_from_record`, `roll_initiative`, `actions`,
`resolve`, `start_of_round` and `is_out`); everything else has the plain behaviour here, which a
system overrides where its rules differ. Pure, like the rest of combat.rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from combat.rules.base import (
    Action,
    ActionOption,
    Combatant,
    Fight,
    Outcome,
    RulesError,
    Step,
    TrackerView,
    ValueField,
    _,
)
from combat.rules.faces import FaceSource

SpecT = TypeVar("SpecT")

# The conditions the GM's "adjust" form offers in every system; a system adds its own
# (`condition_labels`). Each label is the English word, translated by the web layer.
COMMON_CONDITIONS: Mapping[str, str] = MappingProxyType(
    {
        "surprised": _("surprised"),
        "prone": _("prone"),
        "invisible": _("invisible"),
        "helpless": _("helpless"),
        "unconscious": _("unconscious"),
        "dead": _("dead"),
    }
)
# What takes a combatant out of the fight unless its system says otherwise.
DOWN: frozenset[str] = frozenset({"unconscious", "dead", "fled"})


class EngineBase:
    """What every system provides. Each method is pure: same input and faces, same output."""

    key: str = ""
    # The campaign's and encounter's options (combat.options), e.g. "initiative once".
    fight_options: tuple[ValueField, ...] = ()
    # Labels of the situational modifiers, for the action form.
    modifier_labels: Mapping[str, Step] = MappingProxyType({})
    # The modifiers only the GM sets: a player's action form never offers them.
    gm_modifiers: frozenset[str] = frozenset()
    # The conditions the GM's "adjust" form offers (key → English label).
    condition_labels: Mapping[str, str] = COMMON_CONDITIONS
    acts_before_initiative: bool = False  # actions before the first initiative (OSE)
    # Players may act when it is not their turn (a 5e reaction, SR3's free action); `actions`
    # and `resolve` decide what they may do then.
    acts_out_of_turn: bool = False
    # Players read monsters' defence numbers unless the GM hides them (combat.options).
    monster_stats_shown: bool = False
    # The engine computes the odds shown before a roll itself (`odds`); otherwise
    # combat.rules.preview enumerates the faces.
    own_odds: bool = False
    # The kinds of action whose roll adds the actor's campaign-condition modifiers
    # (combat.rules.held); in the others, and in a system with none, they are a reminder.
    held_kinds: frozenset[str] = frozenset()

    # --- what every system writes --------------------------------------------------------------

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
        raise NotImplementedError

    def roll_initiative(self, fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
        """Roll for `ids` (all, or one late-comer) and return the new order in `order`."""
        raise NotImplementedError

    def actions(self, fight: Fight, actor: str) -> tuple[ActionOption, ...]:
        """What `actor` may do now."""
        raise NotImplementedError

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        """Resolve one action; raise RulesError when it is not allowed."""
        raise NotImplementedError

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        """Effects at the start of a round (e.g. bleeding), after `round` was incremented."""
        raise NotImplementedError

    def is_out(self, combatant: Combatant) -> bool:
        """Out of the fight: at 0 HP or below, or down (unconscious, dead, fled)."""
        return combatant.hp <= 0 or bool(combatant.conditions & DOWN)

    # --- hooks with a plain default ------------------------------------------------------------

    def rerolls_each_round(self, fight: Fight) -> bool:
        """Initiative is rolled anew for every round (Dračí Hlídka's default): Roll initiative
        mid-fight then rolls for everyone, and a new round asks for it. By default no: it
        rolls only for those who have none (who joined late)."""
        return False

    def is_reaction(self, fight: Fight, action: Action) -> bool:
        """An action in another's turn that answers a trigger (5e's opportunity attack): a
        player's waits for the GM's approval where the campaign says so. By default none."""
        return False

    def skips_turn(self, fight: Fight, combatant: Combatant) -> bool:
        """Passed over by Next turn when the fight skips the defeated (combat.rules.flow): by
        default whoever is out of the fight."""
        return self.is_out(combatant)

    def is_over(self, fight: Fight) -> bool:
        """True when at most one side has anyone left standing."""
        return len({c.side for c in fight.combatants if not self.is_out(c)}) <= 1

    def advance(self, fight: Fight, faces: FaceSource) -> Outcome | None:
        """Called when the last combatant in `order` has had its turn. An Outcome with a new
        `order` (and usually a new `stage`) continues the same round: Shadowrun's next pass,
        OSE's next phase or side. None (the default) ends the round: `round` + 1 and
        `start_of_round`."""
        return None

    def between_turns(self, fight: Fight, ended: str | None, faces: FaceSource) -> Outcome | None:
        """After `current` moved on (`ended` = whose turn ended): durations that end at the
        start or end of someone's turn, a grenade's timer. None: nothing happens."""
        return None

    def tracker(self, fight: Fight) -> TrackerView:
        """Stage headers, per-combatant badges and side blocks for the tracker."""
        return TrackerView()

    def odds(self, fight: Fight, action: Action) -> tuple[Step, ...] | None:
        """Exact odds shown before the roll (with `own_odds`); None: none for this action."""
        return None

    def exact_odds(self, fight: Fight, action: Action) -> tuple[Fraction, ...] | None:
        """The preview's (chance to hit, expected damage, chance not covered), worked out from
        distributions; None: combat.rules.preview enumerates every face instead."""
        return None

    def weapon_names(self, fight: Fight, actor: str) -> tuple[str, ...]:
        """What the action form's weapon choice offers (a 5e monster's stat-block attacks too)."""
        return tuple(str(weapon.get("name", "")) for weapon in fight.get(actor).weapons)

    # --- the opening checks every `resolve` makes ----------------------------------------------

    def spec_of(self, action: Action, specs: Mapping[str, SpecT]) -> SpecT:
        """The spec of the action's kind; RulesError for an unknown kind or a weapon that is
        not named by a string (an action may come from a hand-edited file)."""
        spec = specs.get(action.kind) if isinstance(action.kind, str) else None
        if spec is None:
            raise RulesError(_("unknown action %(kind)s"), kind=str(action.kind))
        if action.weapon is not None and not isinstance(action.weapon, str):
            raise RulesError(_("the weapon must be named"))
        return spec
