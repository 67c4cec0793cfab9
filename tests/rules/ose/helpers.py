"""Building OSE fights for the rules tests, and a small table that drives a fight through the
engine hooks the way the encounter machinery does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Combatant, Effect, Fight, Outcome, TrackerView, apply
from combat.rules.faces import TypedFaces
from combat.rules.ose.engine import OldSchoolEssentials

ENGINE = OldSchoolEssentials()

SWORD = {"name": "Sword", "damage": "1d8", "kind": "melee"}
SHORT_SWORD = {"name": "Short sword", "damage": "1d6", "kind": "melee"}
TWO_HANDED = {"name": "Two-handed sword", "damage": "1d10", "kind": "melee", "slow": True,
              "two_handed": True}  # fmt: skip
SLING = {"name": "Sling", "damage": "1d4", "kind": "missile", "range_short": 40,
         "range_medium": 80, "range_long": 160}  # fmt: skip
DAGGER = {"name": "Dagger", "damage": "1d4", "kind": "both", "range_short": 10,
          "range_medium": 20, "range_long": 30}  # fmt: skip
SHIELD = {"name": "Shield", "ac_bonus": 1, "shield": True}
CHAIN = {"name": "Chainmail", "ac_bonus": 4}
GOBLIN_ATTACK = [{"name": "Weapon", "kind": "melee", "damage": "1d6"}]


def fighter(
    cid: str,
    side: str = "party",
    *,
    weapons: Sequence[Mapping[str, Any]] = (),
    armor: Sequence[Mapping[str, Any]] = (),
    npc: bool | None = None,
    hp: int | None = None,
    conditions: Sequence[str] = (),
    turn: Mapping[str, Any] | None = None,
    effects: Sequence[Effect] = (),
    **stats: Any,
) -> Combatant:
    stats.setdefault("hp", 8)
    combatant = ENGINE.combatant_from_record(
        id=cid, name=cid.capitalize(), side=side, stats=stats,
        is_npc=side != "party" if npc is None else npc, weapons=weapons, armor=armor,
    )  # fmt: skip
    return replace(
        combatant,
        hp=combatant.hp if hp is None else hp,
        conditions=frozenset(conditions),
        turn=dict(turn or {}),
        effects=tuple(effects),
    )


def goblin(cid: str, **stats: Any) -> Combatant:
    stats.setdefault("hp", 3)
    stats.setdefault("ac", 6)
    stats.setdefault("attacks", GOBLIN_ATTACK)
    return fighter(cid, "goblins", **stats)


def placed(state: Fight, actor: str, phase: str, *, lost: bool = False,
           together: bool = False) -> Fight:  # fmt: skip
    """The fight with `actor`'s side at `phase` of its block (second when it `lost`)."""
    own = state.get(actor).side
    sides = list(dict.fromkeys(c.side for c in state.combatants))
    sides.sort(key=lambda side: (side == own) == lost)
    found = [
        {"key": f"b{i}", "sides": [side], "roll": 7 - i, "together": together,
         "ids": [c.id for c in state.combatants if c.side == side]}
        for i, side in enumerate(sides, start=1)
    ]  # fmt: skip
    key = next(b["key"] for b in found if own in b["sides"])
    stage = {"step": "act", "blocks": found, "block": key, "phase": phase}
    return replace(state, stage=stage, current=actor, order=(actor,))


def act(
    state: Fight, kind: str, actor: str, targets: Sequence[str] = (), faces: Sequence[int] = (),
    weapon: str | None = None, **modifiers: Any,
) -> Outcome:  # fmt: skip
    return ENGINE.resolve(state, Action(kind, actor, tuple(targets), weapon, modifiers),
                          TypedFaces(faces))  # fmt: skip


def texts(steps: Sequence[Any]) -> list[str]:
    return [step.template % dict(step.params) for step in steps]


class Table:
    """Drives a Fight as the machinery does: roll_initiative → resolve → next turn (advance at
    the end of an order) → … → round + 1 and start_of_round; outcomes applied with `apply`."""

    def __init__(self, *combatants: Combatant, **options: Any) -> None:
        self.fight = Fight(round=0, combatants=combatants, options=options)
        self.log: list[Outcome] = []

    def take(self, outcome: Outcome) -> Outcome:
        state = apply(self.fight, outcome.changes)
        if outcome.order is not None:
            state = replace(state, order=outcome.order,
                            current=outcome.order[0] if outcome.order else None)  # fmt: skip
        if outcome.stage is not None:
            state = replace(state, stage=outcome.stage)
        self.fight = state
        self.log.append(outcome)
        return outcome

    def initiative(self, *faces: int, ids: Sequence[str] | None = None) -> Outcome:
        every = ids if ids is not None else [c.id for c in self.fight.combatants]
        outcome = ENGINE.roll_initiative(self.fight, every, TypedFaces(faces))
        self.take(outcome)
        if self.fight.round == 0:
            self.fight = replace(self.fight, round=1)
        return outcome

    def act(self, kind: str, actor: str | None = None, targets: Sequence[str] = (),
            faces: Sequence[int] = (), weapon: str | None = None, **mods: Any) -> Outcome:  # fmt: skip
        who = actor or self.fight.current
        assert who is not None
        return self.take(act(self.fight, kind, who, targets, faces, weapon, **mods))

    def next(self) -> Outcome | None:
        """The "next turn" button."""
        order = list(self.fight.order)
        at = order.index(self.fight.current) + 1 if self.fight.current in order else 0
        if at < len(order):
            self.fight = replace(self.fight, current=order[at])
            return None
        outcome = ENGINE.advance(self.fight, TypedFaces(()))
        if outcome is not None:
            return self.take(outcome)
        self.fight = replace(self.fight, round=self.fight.round + 1)
        return self.take(ENGINE.start_of_round(self.fight, TypedFaces(())))

    @property
    def position(self) -> tuple[str, str] | None:
        stage = self.fight.stage
        return (stage["block"], stage["phase"]) if stage.get("step") == "act" else None

    def until(self, block: str, phase: str) -> None:
        """Press "next" until that position (at most 50 times)."""
        for _ in range(50):
            if self.position == (block, phase):
                return
            self.next()
        raise AssertionError(f"never reached {block} {phase}; at {self.position}")

    def get(self, cid: str) -> Combatant:
        return self.fight.get(cid)

    def tracker(self) -> TrackerView:
        return ENGINE.tracker(self.fight)
