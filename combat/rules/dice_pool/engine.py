"""The forum d6 dice-pool engine (seed 004): `DicePool`.

How a fight runs through the Engine interface:

1. `roll_initiative` fixes the order without dice (the seed has no initiative): sides take
   turns, players keep the GM's order — the first player loses the first die.
2. Each round everyone standing rolls once on their turn (`fight_roll`, "1 kolo = 1 akce"):
   a character a primary + secondary skill combination, an NPC its attack or defence dice.
   The last roll of the round decides it: sides add their rolls, the lower sum loses the
   round — a character loses a die, an NPC the difference in HP.
3. After the last in the order the round ends; `start_of_round` decides a round somebody
   skipped. Until `is_over`: at most one side has anyone standing.

`difficulty` and `free_roll` are the seed's other rolls, allowed at any time.
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
from combat.rules.dice_pool import checks, rounds, view
from combat.rules.dice_pool.catalogue import (
    FIGHT_OPTIONS,
    FIGHT_ROLL,
    KIND_LABELS,
    KINDS,
    MODIFIER_LABELS,
    TICKS,
    check_shape,
    value_fields,
)
from combat.rules.dice_pool.common import (
    Work,
    best_dice,
    dice_stat,
    is_out,
    round_roll,
)
from combat.rules.dice_pool.order import fix_order
from combat.rules.dice_pool.stats import CREATURE
from combat.rules.engine import COMMON_CONDITIONS, EngineBase
from combat.rules.faces import FaceSource

HANDLERS: dict[str, Callable[[Work, Action], Outcome]] = {
    "fight_roll": rounds.resolve_fight_roll,
    "difficulty": checks.resolve_difficulty,
    "free_roll": checks.resolve_free_roll,
}
CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()


class DicePool(EngineBase):
    """The forum dice pool behind the generic Engine interface."""

    key = "dice_pool"
    own_odds = True  # exact odds of its own (pools too big to enumerate)
    acts_out_of_turn = True  # difficulty and free rolls at any time (seed 004)
    modifier_labels = MODIFIER_LABELS
    # Whether a special effect won the round is the GM's call, never a player's tick.
    gm_modifiers = frozenset({"special"})
    fight_options = FIGHT_OPTIONS
    # A forum's game: every roll is posted in the thread, an NPC's dice with it (seed 004), so
    # players read a monster's numbers unless the GM hides them (combat.options).
    monster_stats_shown = True
    # A character who lost the round's last die is beaten (seed 004): the GM may set it too.
    condition_labels = {**COMMON_CONDITIONS, "beaten": _("beaten")}

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
        hp = _npc_hp(full) if is_npc else best_dice(full)
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
        return fix_order(fight, ids, faces)

    def actions(self, fight: Fight, actor: str) -> tuple[ActionOption, ...]:
        try:
            combatant = fight.get(actor)
        except KeyError:
            return ()
        if combatant.has("dead"):
            return ()
        kinds = [kind for kind in KINDS if kind != FIGHT_ROLL or _may_fight(fight, combatant)]
        return tuple(
            ActionOption(
                kind,
                Step(KIND_LABELS[kind]),
                modifiers=TICKS[kind],
                values=value_fields(kind, combatant),
            )
            for kind in kinds
        )

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        handler = self.spec_of(action, HANDLERS)
        check_shape(action)
        return handler(Work(fight, faces), action)

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        """A round that ended before everyone rolled is decided with the rolls it has."""
        work = Work(fight, faces)
        facts = rounds.settle_left_over(work, fight)
        stage = None if facts is None else {**fight.stage, "settled": fight.round - 1}
        summary = Step(_("Round %(round)s begins"), {"round": fight.round})
        return work.finish(summary, {"round": fight.round, "settled": facts}, stage=stage)

    def is_out(self, combatant: Combatant) -> bool:
        """0 HP, beaten, dead, unconscious or fled."""
        return is_out(combatant)

    def tracker(self, fight: Fight) -> TrackerView:
        return view.tracker(fight)

    def odds(self, fight: Fight, action: Action) -> tuple[Step, ...] | None:
        return view.odds(fight, action)


def _npc_hp(stats: Mapping[str, Any]) -> int:
    """seed 004: "Tento počet kostek vynásobený 6x představuje počet jeho životů" (Rulings:
    6 × defence dice unless the GM set the HP)."""
    hp = stats.get("hp")
    if type(hp) is int:
        return hp
    return 6 * dice_stat(stats, "defence_dice")


def _may_fight(fight: Fight, combatant: Combatant) -> bool:
    return (
        fight.round >= 1
        and not is_out(combatant)
        and fight.current in (None, combatant.id)
        and fight.stage.get("settled") != fight.round
        and round_roll(combatant, fight.round) is None
    )
