"""Flight and pursuit (seed 000, ÚTĚK A PRONÁSLEDOVÁNÍ)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Effect, Fight, RulesError
from tests.rules.draci_hlidka.helpers import (
    CLUB,
    SWORD,
    act,
    after,
    fight,
    fighter,
    new_round,
)


def melee(**fugitive: Any) -> Fight:
    runner = fighter("f", obr=2, zbroj=1, pohyblivost=24, weapons=[SWORD], **fugitive)
    return fight(
        runner,
        fighter("o1", "enemies", obr=1, sil=1, weapons=[CLUB]),
        fighter("o2", "enemies", obr=0, sil=0, weapons=[CLUB]),
    )


def test_a_fugitive_who_beats_every_opponent_gets_away_unharmed() -> None:
    state = melee()
    # fugitive 5 + 2 = 7 beats o1 (4 + 1 = 5) and o2 (3 + 0 = 3); then the sprint's 1k10 7
    outcome = act(state, "flee", "f", ["o1", "o2"], [5, 4, 3, 7])
    assert outcome.data["beaten"] == ["o1", "o2"] and outcome.data["escaped"] is True
    assert outcome.data["distance"] == 24
    state = after(state, outcome)
    assert state.get("f").turn["long"] == "flee"
    assert [e.kind for e in state.get("f").effects] == ["sprint"]  # 1k10 7 + ODO 0 + Výdrž 0


def test_each_opponent_not_beaten_attacks_once_against_zo_before_the_fugitive_moves() -> None:
    state = melee()
    # fugitive 2 + 2 = 4; o1 5 + 1 = 6 (not beaten); o2 1 + 0 = 1 (beaten)
    # o1 attacks: kyj ÚČ 1 + 2 = 3, hod 4 → 7 against ZO 1 + 2 = 3 → 4 + 0 = 4 damage
    outcome = act(state, "flee", "f", ["o1", "o2"], [2, 5, 1, 4, 9])
    assert outcome.data["beaten"] == ["o2"]
    assert outcome.data["escaped"] is True
    assert any(r.purpose == "attack" and r.roller == "o1" for r in outcome.rolls)
    assert after(state, outcome).get("f").hp == 30 - 4
    assert not any(r.purpose == "defence" for r in outcome.rolls)


def test_equal_rolls_do_not_free_the_fugitive() -> None:
    state = melee()
    outcome = act(state, "flee", "f", ["o1"], [4, 5, 1, 9])  # 6 vs 6
    assert outcome.data["beaten"] == []


def test_a_fugitive_struck_down_while_disengaging_does_not_move() -> None:
    state = melee(hp=2)
    outcome = act(state, "flee", "f", ["o1"], [1, 6, 1, 4])
    assert outcome.data["escaped"] is False and outcome.data["distance"] == 0
    assert after(state, outcome).get("f").has("unconscious")


def test_pursuit_equal_results_keep_the_lead_and_a_faster_fugitive_gains() -> None:
    fugitive = fighter("f", pohyblivost=30)
    pursuer = fighter("p", "enemies", pohyblivost=30)
    state = fight(fugitive, pursuer)
    even = act(state, "pursuit", "p", ["f"], [9, 9, 5, 5], lead=6)
    assert even.data["lead"] == 6
    state = after(state, even)
    state, _ = new_round(state)
    gain = act(state, "pursuit", "p", ["f"], [8, 2])  # the stored lead 6 grows by 6
    assert gain.data["lead_before"] == 6 and gain.data["lead"] == 12


def test_the_starting_lead_defaults_to_the_fugitives_pohyblivost() -> None:
    state = fight(fighter("f", pohyblivost=20), fighter("p", "enemies", pohyblivost=20))
    outcome = act(state, "pursuit", "p", ["f"], [9, 9, 5, 5])
    assert outcome.data["lead_before"] == 20


def test_within_weapon_reach_the_pursuer_may_attack_and_the_fugitive_has_zo_only() -> None:
    fugitive = fighter("f", pohyblivost=20, weapons=[SWORD])
    pursuer = fighter("p", "enemies", pohyblivost=30, weapons=[SWORD])
    state = fight(fugitive, pursuer)
    chase = act(state, "pursuit", "p", ["f"], [9, 9, 5, 5], lead=8)  # 25 vs 35
    assert chase.data["lead"] == 0 and chase.data["in_reach"] is True
    state = after(state, chase)
    assert state.get("f").turn["long"] == "move"
    blow = act(state, "attack", "p", ["f"], [3], weapon="Široký meč")
    assert blow.data["defence_mode"] == "zo"


def test_a_pursuer_chases_a_fugitive_once_a_round() -> None:
    state = fight(fighter("f"), fighter("p", "enemies"))
    state = after(state, act(state, "pursuit", "p", ["f"], [9, 9, 5, 5], lead=8))
    with pytest.raises(RulesError):
        act(state, "pursuit", "p", ["f"], [5, 5])


def test_a_sprint_lasts_1d10_plus_odo_plus_vydrz_rounds_then_the_runner_is_exhausted() -> None:
    fugitive = fighter("f", odo=1, dovednosti={"Výdrž": 1})
    state = fight(fugitive, fighter("p", "enemies", odo=5))
    state = after(state, act(state, "pursuit", "p", ["f"], [1, 9, 5, 5], lead=8))
    sprint = next(e for e in state.get("f").effects if e.kind == "sprint")
    assert sprint.data["limit"] == 3 and sprint.data["rounds"] == 1
    for _round in range(2):
        state, _ = new_round(state)
        state = after(state, act(state, "pursuit", "p", ["f"], [5, 5]))
    state, _ = new_round(state)
    ended = act(state, "pursuit", "p", ["f"], [])
    assert ended.data["ended"] == "exhausted"
    state = after(state, ended)
    assert state.get("f").has("exhausted")
    assert not any(e.kind == "pursuit" for e in state.get("f").effects)
    with pytest.raises(RulesError):
        act(state, "move", "f")


def test_the_gm_ends_a_pursuit_and_an_escaped_fugitive_is_out_of_the_fight() -> None:
    state = fight(fighter("f"), fighter("p", "enemies"), fighter("q", "enemies"))
    state = after(state, act(state, "pursuit", "p", ["f"], [9, 9, 5, 5], lead=8))
    outcome = act(state, "end_pursuit", "p", ["f"], escaped=True)
    state = after(state, outcome)
    assert state.get("f").has("fled") and state.get("f").effects == ()
    assert state.get("p").effects == ()


def test_a_pursuit_of_a_fallen_fugitive_is_over() -> None:
    state = fight(fighter("f", hp=0, conditions=["unconscious"]), fighter("p", "enemies"))
    with pytest.raises(RulesError):
        act(state, "pursuit", "p", ["f"], [1, 1, 1, 1])


def test_an_exhausted_runner_cannot_flee() -> None:
    state = melee(conditions=["exhausted"])
    with pytest.raises(RulesError):
        act(state, "flee", "f", ["o1"], [1, 1])


def test_a_stored_sprint_is_reused() -> None:
    sprint = Effect("sprint", "sprint", {"limit": 9, "rounds": 2, "round": 0})
    state = fight(
        fighter("f", effects=[sprint]),
        fighter(
            "p",
            "enemies",
            effects=[Effect("sprint", "sprint", {"limit": 9, "rounds": 0, "round": 0})],
        ),
    )
    outcome = act(state, "pursuit", "p", ["f"], [5, 5], lead=3)
    assert outcome.data["lead"] == 3
    assert (
        next(e for e in after(state, outcome).get("f").effects if e.kind == "sprint").data["rounds"]
        == 3
    )
