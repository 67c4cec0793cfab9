"""The tracker's badges and headers, and what the start of a round does."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Effect, Fight, apply
from combat.rules.faces import TypedFaces
from tests.rules.ose.helpers import (
    ENGINE,
    SWORD,
    TWO_HANDED,
    Table,
    act,
    fighter,
    goblin,
    placed,
    texts,
)


def badges(fight: Fight, cid: str) -> list[str]:
    return texts([badge.label for badge in ENGINE.tracker(fight).badges[cid]])


def test_the_declarations_header_and_declared_badges() -> None:
    table = Table(fighter("zelda"), goblin("g1"))
    assert texts(table.tracker().header) == [
        "Round 1: declarations (spells, movement in melee), then initiative"
    ]
    table.act("declare", "zelda", intent="cast")
    assert badges(table.fight, "zelda") == ["Declared: spell"]
    table.act("declare", "zelda", intent="none")
    assert badges(table.fight, "zelda") == []


def test_badges_for_melee_slow_weapons_attacks_held_damage_and_counters() -> None:
    bear = goblin("bear", attacks_per_round=3, attacks=[{"name": "Claw", "damage": "1d3"}],
                  effects=[Effect("initiative_mod", "initiative_mod", {"value": 2})])  # fmt: skip
    hero = fighter("hero", weapons=[TWO_HANDED], hp=20,
                   effects=[Effect("movement", "movement_rounds", {"rounds": 3}),
                            Effect("pending-1", "pending_damage", {"damage": 4})])  # fmt: skip
    state = placed(Fight(1, (hero, bear)), "bear", "melee")
    state = apply(state, act(state, "melee", "bear", ["hero"], [15, 2]).changes)
    assert badges(state, "hero") == ["Damage pending: 4", "In melee", "Slow weapon",
                                     "Moved 3/60 rounds"]  # fmt: skip
    assert badges(state, "bear") == ["In melee", "Attacks", "Initiative modifier +2"]
    boxes = ENGINE.tracker(state).badges["bear"][1]
    assert (boxes.filled, boxes.total) == (1, 3)


def test_a_fallen_opponent_no_longer_holds_anyone_in_melee() -> None:
    hero = fighter("hero", weapons=[SWORD], str_mod=3)
    state = placed(Fight(1, (hero, goblin("g1", hp=1))), "hero", "melee")
    state = apply(state, act(state, "melee", "hero", ["g1"], [15, 1]).changes)
    assert "In melee" not in badges(state, "hero")


def test_the_start_of_a_round_lands_held_damage_and_clears_the_round() -> None:
    hurt = goblin(
        "g1",
        hp=3,
        turn={"attacks": 1, "declared": "retreat"},
        effects=[Effect("pending-1", "pending_damage", {"damage": 5, "source": "x"})],
    )
    state = Fight(2, (fighter("hero", turn={"moved": 10}), replace(hurt, initiative=4)),
                  options={"morale": "yes"})  # fmt: skip
    outcome = ENGINE.start_of_round(state, TypedFaces(()))
    after = apply(state, outcome.changes)
    assert after.get("g1").hp == -2 and after.get("g1").has("dead")
    assert after.get("g1").effects == ()
    assert after.get("hero").turn == {} and after.get("g1").initiative is None
    assert outcome.stage == {"step": "declare"} and outcome.order == ()
    assert texts([outcome.summary]) == [
        "Round 2: declarations (spells, movement in melee), then initiative"
    ]


def test_undo_restores_a_whole_round_step_by_step() -> None:
    table = Table(fighter("hero", weapons=[SWORD], hp=9), goblin("g1", hp=3, ac=9))
    start = table.fight
    table.act("declare", "hero", intent="withdrawal")
    table.initiative(4, 2)
    table.until("b1", "melee")
    table.act("melee", "hero", ["g1"], [15, 3])
    state = table.fight
    for outcome in reversed(table.log):
        state = apply(state, outcome.changes, undo=True)
    assert state.combatants == start.combatants
