"""Movement and interception (seed 003, Pohyb … Zadržení; Twitch runs 6 m a phase)."""

from __future__ import annotations

import pytest

from combat.rules.base import Fight, RulesError
from combat.rules.shadowrun3.movement import allowance
from tests.rules.shadowrun3.test_turn_helpers import (
    PREDATOR,
    act,
    acted,
    after,
    at,
    fight,
    rolled,
    runner,
    texts,
    turn,
)


def street() -> Fight:
    """Twitch (elf, Quickness 6) scores 21: three passes; a walker; a ganger at 8."""
    twitch = runner("twitch", name="Twitch", quickness=6, metatype="elf", reaction=5,
                    reaction_bonus=4, initiative_dice=2, weapons=[PREDATOR],
                    skills={"pistols": 5, "athletics": 3}, body=3)  # fmt: skip
    walker = runner("walker", name="Walker", quickness=6, reaction=5)
    ganger = runner("ganger", "gang", name="Ganger", reaction=3, body=4,
                    skills={"unarmed_combat": 3}, strength=4)  # fmt: skip
    return rolled(fight(twitch, walker, ganger), [6, 6, 4, 5])


def test_twitch_runs_6_m_or_walks_2_m_a_phase_over_three_passes() -> None:
    # seed 003: rate 6, run × 3 = 18 m, walk 6 m; three passes → 6 m or 2 m a phase.
    state = street()
    assert state.stage["passes"] == 3 and state.order == ("twitch", "walker", "ganger")
    assert allowance(state, state.get("twitch"), "run") == 6
    assert allowance(state, state.get("twitch"), "walk") == 2
    assert allowance(state, state.get("walker"), "run") == 6  # human: also × 3


def test_standing_in_pass_1_twitch_covers_only_12_m() -> None:
    # seed 003: "Protože Twitch v prvním průběhu iniciativy neběžel, o těchto 6 metrů přijde."
    state = street()  # pass 1: he stands and shoots
    state = turn(at(state, "ganger")).fight  # pass 2
    assert state.current == "twitch"
    state = acted(state, "move", "twitch", pace="run", metres=6)
    with pytest.raises(RulesError, match="at most 6 m in this phase"):
        act(state, "move", "twitch", pace="run", metres=1)
    state = turn(state).fight  # pass 3: Twitch only (21, 11, 1)
    assert state.order == ("twitch",) and state.stage["pass"] == 3
    with pytest.raises(RulesError, match="already runs this combat turn"):
        act(state, "move", "twitch", pace="walk", metres=1)
    state = acted(state, "move", "twitch", pace="run", metres=6)
    assert state.get("twitch").turn["move"]["metres"] == 6  # 6 + 6 = 12 m this turn


def test_running_adds_4_to_the_tn_from_the_first_move_to_the_end_of_the_turn() -> None:
    state = acted(street(), "move", "twitch", pace="run", metres=3)
    shot = act(state, "fire", "twitch", ["ganger"], [1, 1, 1, 1, 2], weapon="Ares Predator")
    assert "attacker moving +4" in texts(shot)
    state = turn(at(state, "ganger")).fight  # pass 2: he has not moved in this phase
    shot = act(state, "fire", "twitch", ["ganger"], [1, 1, 1, 1, 2], weapon="Ares Predator")
    assert "attacker moving +4" in texts(shot)


def test_athletics_adds_to_the_rate_for_that_phase_before_the_multiplier() -> None:
    # Rulings: each success +1 to the rate for that phase, then × 3 ÷ passes (rounded up).
    state = street()
    outcome = act(state, "athletics", "twitch", [], [5, 4, 1])
    assert outcome.data == {"successes": 2, "limit": 8}  # (6 + 2) × 3 / 3
    state = after(state, outcome)
    state = acted(state, "move", "twitch", pace="run", metres=8)
    state = turn(at(state, "ganger")).fight
    with pytest.raises(RulesError, match="at most 6 m"):
        act(state, "move", "twitch", pace="run", metres=7)


def test_movement_goes_on_in_others_phases_but_starts_in_one_s_own() -> None:
    state = street()
    with pytest.raises(RulesError, match="starts in the character's own phase"):
        act(state, "move", "walker", pace="walk", metres=1)
    state = acted(state, "move", "twitch", pace="walk", metres=1)
    state = turn(state).fight  # Walker's phase
    state = acted(state, "move", "twitch", pace="walk", metres=1)
    with pytest.raises(RulesError, match="at most 2 m"):
        act(state, "move", "twitch", pace="walk", metres=1)


def test_the_ganger_intercepts_twitch_and_gives_up_its_action_in_this_pass() -> None:
    # seed 003, Zadržení: a free melee attack at TN 4, the mover in full defence; the
    # interceptor "po tomto útoku už nesmí v daném průběhu iniciativy jednat".
    state = acted(street(), "move", "twitch", pace="walk", metres=2)
    # Unarmed 3 dice vs 4: two successes; Twitch has no unarmed dice; he resists (STR 4)M stun
    # with Body 3 against 4 − 0: none → 4M staged up one level.
    outcome = act(state, "intercept", "ganger", ["twitch"], [5, 5, 1, 1, 2, 3])
    assert outcome.data["intercept"] and outcome.data["victim"] == "twitch"
    assert outcome.data["level"] == "S" and outcome.data["stun"]
    assert outcome.order is not None and "ganger" not in outcome.order
    assert "Twitch is hurt while moving and stops" in texts(outcome)
    state = after(state, outcome)
    assert state.get("twitch").turn["stun"] == 6 and state.get("ganger").turn["acted"] == 1
    with pytest.raises(RulesError, match="no action left"):
        act(state, "intercept", "ganger", ["twitch"], [])
    with pytest.raises(RulesError, match="opponent"):
        act(state, "intercept", "walker", ["twitch"], [])
    state = turn(state).fight
    assert state.current == "walker"


def test_only_a_mover_can_be_intercepted() -> None:
    state = street()
    with pytest.raises(RulesError, match="has not moved in this pass"):
        act(state, "intercept", "ganger", ["twitch"], [])
