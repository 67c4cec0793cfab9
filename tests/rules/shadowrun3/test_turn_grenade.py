"""Timed grenades (seed 003, Zpožděné exploze a iniciativa: Sharon's grenade at 18 goes off at
8 of the next pass)."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Fight
from combat.rules.faces import TypedFaces
from tests.rules.shadowrun3.test_turn_helpers import (
    ENGINE,
    GRENADE,
    act,
    acted,
    at,
    fight,
    rolled,
    texts,
    turn,
)
from tests.rules.shadowrun3.test_turn_initiative import EIGHT, EIGHT_FACES

THROWER = {"weapons": [GRENADE], "skills": {"throwing_weapons": 3}}


def armed() -> Fight:
    people = [replace(c, weapons=(GRENADE,), stats={**c.stats, "skills": THROWER["skills"]})
              if c.id in ("sharon", "camille") else c for c in EIGHT]  # fmt: skip
    return rolled(fight(*people), EIGHT_FACES)


# Throwing Weapons 3 vs TN 4 (short range): 5, 5, 1 → 2 successes; Rváč 3 resists Body 3
# against 10 − impact 0: none. 10S staged up one level: Deadly.
EXPLOSION = [5, 5, 1, 1, 2, 3]


def test_sharon_s_grenade_thrown_at_18_goes_off_at_8_in_pass_2() -> None:
    state = at(armed(), "sharon")
    outcome = act(state, "throw", "sharon", ["r3"], weapon="Granát")
    assert outcome.rolls == () and outcome.data["grenade"] == "grenade-1"
    state = acted(state, "throw", "sharon", ["r3"], weapon="Granát")
    effect = state.get("sharon").effects[0]
    assert effect.kind == "grenade" and effect.data["thrown"] == [1, 1]
    state = turn(at(state, "camille")).fight  # pass 2 begins
    assert state.get("sharon").effects[0].data["due"] == [1, 2]
    state = at(state, "r2")
    moved = turn(state, EXPLOSION)
    assert moved.fight.current == "sharon" and moved.fight.get("sharon").initiative == 8
    assert "The Granát of Sharon goes off in phase 8" in texts(moved.outcome)
    assert moved.fight.get("r3").has("dying") and not moved.fight.get("sharon").effects
    assert "r3" not in moved.fight.order  # down before its phase of pass 2


def test_the_grenade_follows_the_thrower_s_phase_after_a_wound() -> None:
    # Rulings: the thrower's current (post-wound) phase of the next pass.
    state = acted(at(armed(), "sharon"), "throw", "sharon", ["r3"], weapon="Granát")
    state = turn(at(state, "camille")).fight
    state = acted(state, "damage", "mike", ["sharon"], level="M")  # 8 → 6, after Richie
    assert state.order[-3:] == ("richie", "sharon", "r3")
    state = at(state, "richie")
    moved = turn(state, EXPLOSION)
    assert "The Granát of Sharon goes off in phase 6" in texts(moved.outcome)


def test_without_a_phase_in_the_next_pass_it_goes_off_at_the_end_of_that_pass() -> None:
    # seed 003: "Pokud už postava nemá v daném bojovém kole k dispozici žádné akce, nastane
    # výbuch na konci dalšího průběhu iniciativy." Camille (9) has no pass 2.
    state = acted(at(armed(), "camille"), "throw", "camille", ["r3"], weapon="Granát")
    state = turn(state).fight  # pass 2
    state = at(state, "r3")
    moved = ENGINE.advance(state, TypedFaces(EXPLOSION))
    assert moved is not None and moved.stage == {"pass": 3, "passes": 4}
    assert "The Granát of Camille goes off at the end of the pass" in texts(moved)


def test_an_impact_fuse_goes_off_at_once() -> None:
    state = at(armed(), "sharon")
    outcome = act(state, "throw", "sharon", ["r3"], EXPLOSION, weapon="Granát", fuse="impact")
    assert outcome.data["level"] == "D" and not any(
        e.kind == "grenade" for e in state.get("sharon").effects)  # fmt: skip
    assert "(apply damage)" not in " ".join(texts(outcome))
