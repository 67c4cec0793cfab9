"""Duel's rules: initiative 1d6 each, highest first; a strike hits on 4+ and takes 1 HP; who is
at 0 HP, dead or has yielded is out."""

from collections.abc import Mapping, Sequence
from typing import Any

from combat.rules.base import (
    Action,
    ActionOption,
    Combatant,
    Fight,
    Outcome,
    RolledDice,
    RulesError,
    Step,
    hp_change,
    joined,
)
from combat.rules.engine import COMMON_CONDITIONS, EngineBase
from combat.rules.faces import FaceSource

STRIKE = ActionOption("strike", Step("Strike"), needs_target=True)


class Duel(EngineBase):
    key = "duel"
    condition_labels = {**COMMON_CONDITIONS, "yielded": "yielded"}

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
        return joined(
            id=id,
            name=name,
            side=side,
            stats=stats,
            hp=int(stats.get("hp", 2)),
            is_npc=is_npc,
            weapons=weapons,
            armor=armor,
        )

    def roll_initiative(self, fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
        rolled = {cid: faces.roll(6) for cid in ids}
        order = tuple(sorted(rolled, key=lambda cid: -rolled[cid]))
        rolls = tuple(
            RolledDice("initiative", cid, "1d6", (face,), face) for cid, face in rolled.items()
        )
        names = ", ".join(fight.get(cid).name for cid in order)
        return Outcome(Step("Initiative: %(order)s", {"order": names}), rolls=rolls, order=order)

    def actions(self, fight: Fight, actor: str) -> tuple[ActionOption, ...]:
        return () if self.is_out(fight.get(actor)) else (STRIKE,)

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        self.spec_of(action, {"strike": STRIKE})
        attacker = fight.get(action.actor)
        if not action.targets:
            raise RulesError("choose a target")
        target = fight.get(action.targets[0])
        face = faces.roll(6)
        roll = RolledDice("attack", attacker.id, "1d6", (face,), face)
        if face < 4:
            summary = Step("%(name)s misses", {"name": attacker.name})
            return Outcome(summary, rolls=(roll,), data={"hit": False})
        summary = Step("%(name)s hits %(target)s", {"name": attacker.name, "target": target.name})
        change = hp_change(target, target.hp - 1)
        return Outcome(summary, rolls=(roll,), changes=(change,), data={"hit": True})

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        return Outcome(Step("Round %(round)s begins", {"round": fight.round}))

    def is_out(self, combatant: Combatant) -> bool:
        return combatant.hp <= 0 or bool(combatant.conditions & {"dead", "yielded"})


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    return ""
