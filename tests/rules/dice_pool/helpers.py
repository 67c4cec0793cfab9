"""Building dice-pool fights for the rules tests: the seed's characters, scripted dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, apply, plain
from combat.rules.dice_pool.engine import DicePool
from combat.rules.faces import TypedFaces

ENGINE = DicePool()

# seed 004's players, with the levels its examples use.
PLAYER_A = {
    "attributes": {"Síla": 2, "Zručnost": 2, "Obratnost": 1, "Tělesná konstituce": 3},
    "skills": {"Páčení": 1, "Boj beze zbraně": 1, "Boj s dýkou": 2},
}
PLAYER_B = {
    "attributes": {"Síla": 4, "Obratnost": 1},
    "skills": {"Boj beze zbraně": 1, "Zaklínačská znamení": 3},
}
PLAYER_C = {"attributes": {"Síla": 1}}
DOG = {"attack_dice": 1, "defence_dice": 1}
SILVER_SWORD = {"name": "Stříbrný meč", "silver": True, "skill": "Boj s mečem"}
DAGGER = {"name": "Dýka", "silver": False, "skill": "Boj s dýkou"}


def pc(
    cid: str, side: str = "party", *, stats: Mapping[str, Any] | None = None,
    weapons: Sequence[Mapping[str, Any]] = (), lost: int = 0, **extra: Any,
) -> Combatant:  # fmt: skip
    """A player character; `lost` dice already lost in this fight."""
    combatant = ENGINE.combatant_from_record(
        id=cid, name=cid.upper(), side=side, stats={**(stats or {}), **extra}, is_npc=False,
        weapons=weapons, armor=(),
    )  # fmt: skip
    return replace(combatant, hp=combatant.hp - lost)


def npc(cid: str, side: str = "enemies", *, name: str | None = None, **stats: Any) -> Combatant:
    return ENGINE.combatant_from_record(
        id=cid, name=name or cid, side=side, stats=stats, is_npc=True, weapons=(), armor=()
    )


def fight(*combatants: Combatant, round: int = 1, current: str | None = None,
          **options: Any) -> Fight:  # fmt: skip
    """A running fight in the given order (as `roll_initiative` would leave it)."""
    order = tuple(c.id for c in combatants)
    return Fight(round=round, combatants=combatants, order=order, current=current,
                 options=options)  # fmt: skip


def act(
    state: Fight, kind: str, actor: str, faces: Sequence[int] = (), targets: Sequence[str] = (),
    weapon: str | None = None, **modifiers: Any,
) -> Outcome:  # fmt: skip
    return ENGINE.resolve(state, Action(kind, actor, tuple(targets), weapon, modifiers),
                          TypedFaces(faces))  # fmt: skip


def rolled(
    state: Fight, actor: str, faces: Sequence[int], **modifiers: Any
) -> tuple[Fight, Outcome]:
    """`actor` makes its fight roll on its turn; the fight after it, and the outcome."""
    turn = replace(state, current=actor)
    outcome = act(turn, "fight_roll", actor, faces, **modifiers)
    return after(turn, outcome), outcome


def after(state: Fight, outcome: Outcome) -> Fight:
    """The fight after an outcome, as the machinery stores it (changes, order, stage)."""
    state = apply(state, outcome.changes)
    if outcome.order is not None:
        state = replace(state, order=outcome.order)
    return replace(state, stage=outcome.stage) if outcome.stage is not None else state


def texts(outcome: Outcome) -> list[str]:
    """Every step of the outcome as English text."""
    return [plain(step.template, dict(step.params)) for step in outcome.steps]


def next_round(state: Fight) -> Fight:
    """The machinery's new round: round + 1, then start_of_round's changes and stage."""
    state = replace(state, round=state.round + 1, current=state.order[0] if state.order else None)
    return after(state, ENGINE.start_of_round(state, TypedFaces([])))
