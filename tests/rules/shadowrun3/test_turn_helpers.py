"""Building Shadowrun 3 fights for the turn tests: runners, weapons, scripted dice, the machinery.

No tests here: the shared pieces of test_turn_*.py and test_engine_*.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, plain
from combat.rules.faces import TypedFaces
from combat.rules.flow import Turned, next_turn
from combat.rules.flow import after as after
from combat.rules.shadowrun3.engine import Shadowrun3

ENGINE = Shadowrun3()

PREDATOR = {"name": "Ares Predator", "power": 9, "damage_level": "M",
            "weapon_type": "heavy_pistol", "firing_modes": ["SA"], "range_short": 5,
            "range_medium": 20, "range_long": 40, "range_extreme": 60, "magazine": 15,
            "concealability": 5}  # fmt: skip
BROWNING = {**PREDATOR, "name": "Browning Max-Power", "magazine": 10, "concealability": 6}
GRENADE = {"name": "Granát", "power": 10, "damage_level": "S", "weapon_type": "grenade",
           "concealability": 6}  # fmt: skip
KATANA = {"name": "Katana", "power": 3, "strength_based": True, "damage_level": "M",
          "weapon_type": "melee", "reach": 1}  # fmt: skip


def runner(
    cid: str,
    side: str = "party",
    *,
    weapons: Sequence[Mapping[str, Any]] = (),
    name: str | None = None,
    conditions: Sequence[str] = (),
    turn: Mapping[str, Any] | None = None,
    **stats: Any,
) -> Combatant:
    combatant = ENGINE.combatant_from_record(
        id=cid, name=name or cid, side=side, stats=stats, is_npc=side != "party",
        weapons=weapons, armor=(),
    )  # fmt: skip
    return replace(combatant, conditions=frozenset(conditions), turn=dict(turn or {}))


def fight(*combatants: Combatant, **options: Any) -> Fight:
    return Fight(round=0, combatants=combatants, options=options)


def rolled(state: Fight, faces: Sequence[int], ids: Sequence[str] | None = None) -> Fight:
    """The machinery's first initiative: roll, then round 1 with the first in order acting."""
    wanted = list(ids or [c.id for c in state.combatants])
    outcome = ENGINE.roll_initiative(state, wanted, TypedFaces(faces))
    state = after(state, outcome)
    return replace(state, round=max(state.round, 1), current=state.order[0])


def act(
    state: Fight,
    kind: str,
    actor: str,
    targets: Sequence[str] = (),
    faces: Sequence[int] = (),
    weapon: str | None = None,
    **modifiers: Any,
) -> Outcome:
    return ENGINE.resolve(state, Action(kind, actor, tuple(targets), weapon, modifiers),
                          TypedFaces(faces))  # fmt: skip


def acted(state: Fight, *args: Any, **kwargs: Any) -> Fight:
    return after(state, act(state, *args, **kwargs))


def turn(state: Fight, faces: Sequence[int] = ()) -> Turned:
    """The machinery's "next turn" (combat.rules.flow)."""
    return next_turn(ENGINE, state, TypedFaces(faces))


def at(state: Fight, current: str) -> Fight:
    """Walk the order (no dice on the way) until `current` has its phase."""
    while state.current != current:
        state = turn(state).fight
    return state


def scores(state: Fight) -> dict[str, int | None]:
    return {cid: state.get(cid).initiative for cid in state.order}


def texts(outcome: Outcome | None) -> list[str]:
    if outcome is None:
        return []
    lines = [outcome.summary, *outcome.steps, *outcome.notes]
    return [plain(step.template, dict(step.params)) for step in lines]
