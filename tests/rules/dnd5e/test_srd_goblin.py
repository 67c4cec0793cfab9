"""A goblin built from the real SRD data (via the importer's mapping) fights a fighter."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Action, Combatant, Fight
from combat.rules.dnd5e.srd import monster_from_srd
from combat.rules.faces import TypedFaces
from tests.rules.dnd5e.helpers import ENGINE, after, fighter, texts
from tests.srd import load


def srd_goblin(cid: str = "gob") -> Combatant:
    entry = next(m for m in load("5e-SRD-Monsters.json") if m["name"] == "Goblin")
    name, stats = monster_from_srd(entry)
    return ENGINE.combatant_from_record(id=cid, name=name, side="enemies", stats=stats,
                                        is_npc=True, weapons=(), armor=())  # fmt: skip


def _resolve(state: Fight, kind: str, actor: str, target: str, weapon: str, faces: list[int],
             **mods: object) -> tuple[Fight, dict[str, object]]:  # fmt: skip
    outcome = ENGINE.resolve(state, Action(kind, actor, (target,), weapon, mods),
                             TypedFaces(faces))  # fmt: skip
    return after(state, outcome), dict(outcome.data)


def _next(state: Fight) -> Fight:
    order = list(state.order)
    index = order.index(state.current or "") + 1
    if index < len(order):
        moved = replace(state, current=order[index])
        outcome = ENGINE.between_turns(moved, state.current, TypedFaces(()))
        return after(moved, outcome) if outcome else moved
    state = replace(state, round=state.round + 1)
    return replace(after(state, ENGINE.start_of_round(state, TypedFaces(()))), current=order[0])


def test_the_srd_goblin_has_ac_15_hp_7_and_a_scimitar_at_plus_4() -> None:
    goblin = srd_goblin()
    assert (goblin.stats["ac"], goblin.hp, goblin.max_hp) == (15, 7, 7)
    assert ENGINE.weapon_names(Fight(round=0, combatants=(goblin,)), "gob") == (
        "Scimitar", "Shortbow",
    )  # fmt: skip


def test_a_fighter_kills_the_srd_goblin_through_the_engine() -> None:
    state = Fight(round=0, combatants=(fighter(), srd_goblin()))
    rolled = ENGINE.roll_initiative(state, ["hero", "gob"], TypedFaces([15, 9]))
    assert rolled.data["initiative"] == {"hero": 16, "gob": 11}
    state = replace(after(state, rolled), round=1, current="hero")

    state, miss = _resolve(state, "attack", "hero", "gob", "Longsword", [8])
    assert (miss["total"], miss["hit"]) == (13, False)

    state = _next(state)
    state, scimitar = _resolve(state, "attack", "gob", "hero", "Scimitar", [14, 4])
    assert (scimitar["total"], scimitar["hit"], scimitar["damage"]) == (18, True, 6)
    assert state.get("hero").hp == 6 and not ENGINE.is_over(state)

    state = _next(state)
    assert state.round == 2 and state.current == "hero"
    state, kill = _resolve(state, "attack", "hero", "gob", "Longsword", [17, 6])
    assert (kill["total"], kill["damage"]) == (22, 9)
    assert state.get("gob").has("dead") and ENGINE.is_over(state)


def test_the_srd_goblins_shortbow_beyond_80_ft_has_disadvantage() -> None:
    state = Fight(round=1, combatants=(srd_goblin(), fighter()), order=("gob", "hero"),
                  current="gob")  # fmt: skip
    outcome = ENGINE.resolve(
        state,
        Action("attack", "gob", ("hero",), "Shortbow", {"distance": 120}),
        TypedFaces([19, 12]),
    )
    assert outcome.data["mode"] == "disadvantage" and outcome.data["total"] == 16
    assert "Disadvantage: beyond the normal range" in texts(outcome)
