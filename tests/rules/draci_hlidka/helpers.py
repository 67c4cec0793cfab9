"""Building Dračí Hlídka fights for the rules tests: fighters, weapons, scripted dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Combatant, Effect, Fight, Outcome, apply, plain
from combat.rules.draci_hlidka.engine import DraciHlidka
from combat.rules.faces import SeededFaces, TypedFaces

ENGINE = DraciHlidka()

SWORD = {"name": "Široký meč", "utocnost": 5, "zraneni": 1, "obrana": 2, "druh": "melee"}
AXE = {"name": "Obouruční sekera", "utocnost": 6, "zraneni": 4, "obrana": 0, "druh": "melee"}
CLUB = {"name": "Kyj", "utocnost": 2, "zraneni": 0, "obrana": 1, "druh": "melee"}
DAGGER = {"name": "Dýka", "utocnost": 1, "zraneni": 0, "obrana": 3, "druh": "melee"}
CROSSBOW = {
    "name": "Kuše",
    "utocnost": 4,
    "zraneni": 3,
    "obrana": 0,
    "druh": "ranged",
    "nabiti": "short",
}
BOW = {"name": "Luk", "utocnost": 3, "zraneni": 1, "obrana": 0, "druh": "ranged"}
JAVELIN = {"name": "Oštěp", "utocnost": 2, "zraneni": 2, "obrana": 1, "druh": "thrown"}


def fighter(
    cid: str,
    side: str = "party",
    *,
    weapons: Sequence[Mapping[str, Any]] = (),
    name: str | None = None,
    hp: int | None = None,
    conditions: Sequence[str] = (),
    turn: Mapping[str, Any] | None = None,
    effects: Sequence[Effect] = (),
    **stats: Any,
) -> Combatant:
    stats.setdefault("zivoty", 30)
    combatant = ENGINE.combatant_from_record(
        id=cid, name=name or cid, side=side, stats=stats, is_npc=side != "party",
        weapons=weapons, armor=(),
    )  # fmt: skip
    return replace(
        combatant,
        hp=combatant.hp if hp is None else hp,
        conditions=frozenset(conditions),
        turn=dict(turn or {}),
        effects=tuple(effects),
    )


def fight(*combatants: Combatant, round: int = 1, **options: Any) -> Fight:
    return Fight(round=round, combatants=combatants, options=options)


def act(
    state: Fight,
    kind: str,
    actor: str,
    targets: Sequence[str] = (),
    faces: Sequence[int] = (),
    weapon: str | None = None,
    **modifiers: Any,
) -> Outcome:
    action = Action(kind, actor, tuple(targets), weapon, modifiers)
    return ENGINE.resolve(state, action, TypedFaces(faces))


def act_seeded(
    state: Fight,
    kind: str,
    actor: str,
    targets: Sequence[str] = (),
    seed: int = 1,
    weapon: str | None = None,
    **modifiers: Any,
) -> Outcome:
    """As `act`, with seeded dice: for tests about what is rolled, not what the dice show."""
    action = Action(kind, actor, tuple(targets), weapon, modifiers)
    return ENGINE.resolve(state, action, SeededFaces(seed))


def after(state: Fight, outcome: Outcome) -> Fight:
    return apply(state, outcome.changes)


def new_round(state: Fight, faces: Sequence[int] = ()) -> tuple[Fight, Outcome]:
    """The machinery's part: round + 1, then the engine's start_of_round."""
    state = replace(state, round=state.round + 1)
    outcome = ENGINE.start_of_round(state, TypedFaces(faces))
    return after(state, outcome), outcome


def texts(outcome: Outcome) -> list[str]:
    return [plain(step.template, dict(step.params)) for step in outcome.steps]


def note_texts(outcome: Outcome) -> list[str]:
    return [plain(step.template, dict(step.params)) for step in outcome.notes]
