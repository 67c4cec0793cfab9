"""Criticals, bleeding, flat blows and helpless targets (seed 000)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Effect, Fight, RulesError
from tests.rules.draci_hlidka.helpers import (
    SWORD,
    act,
    after,
    fight,
    fighter,
    new_round,
    note_texts,
)


def pair(**target: Any) -> Fight:
    attacker = fighter("a", sil=2, weapons=[SWORD])
    target.setdefault("zivoty", 50)
    return fight(attacker, fighter("t", "enemies", weapons=[SWORD], **target))


# --- critical attack --------------------------------------------------------------------------


def test_two_sixes_and_a_wound_make_one_bleed_die() -> None:
    state = pair()
    outcome = act(state, "attack", "a", ["t"], [6, 6, 1, 4], weapon="Široký meč", defence_mode="zo")
    assert outcome.data["critical"] is True and outcome.data["bleed_dice"] == 1
    assert outcome.data["bleeding"] == 4
    state = after(state, outcome)
    assert state.get("t").hp == 50 - (2 + 5 + 13 + 1) - 4
    (effect,) = state.get("t").effects
    assert effect.kind == "bleeding" and effect.data["dice"] == 1


def test_sixes_without_a_hit_are_a_gm_note_and_no_bleeding() -> None:
    state = pair(zbroj=20)
    outcome = act(state, "attack", "a", ["t"], [6, 6, 1], weapon="Široký meč", defence_mode="zo")
    assert outcome.data["hit"] is False and outcome.data["critical"] is False
    assert any("push, a scare" in line for line in note_texts(outcome))
    assert after(state, outcome).get("t").effects == ()


def test_the_critical_counts_only_with_two_sixes_more_than_the_defender() -> None:
    state = pair()
    # attacker 6,6,6,1 (3 sixes); defender 6,6,1 (2 sixes): 3 < 2 + 2 → no critical
    outcome = act(state, "attack", "a", ["t"], [6, 6, 6, 1, 6, 6, 1], weapon="Široký meč")
    assert outcome.data["hit"] is True and outcome.data["critical"] is False
    # attacker 4 sixes vs 2: counts, 3 bleed dice
    outcome = act(
        state, "attack", "a", ["t"], [6, 6, 6, 6, 1, 6, 6, 1, 1, 2, 3], weapon="Široký meč"
    )
    assert outcome.data["critical"] is True and outcome.data["bleed_dice"] == 3
    assert outcome.data["bleeding"] == 6


def test_one_defence_six_does_not_cancel_the_critical() -> None:
    state = pair()
    outcome = act(state, "attack", "a", ["t"], [6, 6, 1, 6, 1, 5], weapon="Široký meč")
    assert outcome.data["defence_sixes"] == 1 and outcome.data["critical"] is True


def test_creatures_that_cannot_bleed_ignore_bleeding() -> None:
    state = pair(muze_krvacet=False)
    outcome = act(state, "attack", "a", ["t"], [6, 6, 1], weapon="Široký meč", defence_mode="zo")
    assert outcome.data["critical"] is True and outcome.data["bleeding"] == 0
    assert after(state, outcome).get("t").effects == ()
    assert any("cannot bleed" in line for line in note_texts(outcome))


def test_several_bleeding_wounds_bleed_separately_and_one_treatment_ends_all() -> None:
    state = pair()
    for faces in ([6, 6, 1, 2], [6, 6, 1, 3]):
        state, _ = new_round(state, [1] * len(state.get("t").effects))
        state = after(
            state, act(state, "attack", "a", ["t"], faces, weapon="Široký meč", defence_mode="zo")
        )
    assert [e.key for e in state.get("t").effects] == ["bleeding-1", "bleeding-2"]
    hp = state.get("t").hp
    state, start = new_round(state, [4, 5])
    assert start.data["bleeding"] == {"t": 9} and state.get("t").hp == hp - 9
    medic = fighter("m", obr=2, dovednosti={"První pomoc": 3})
    state = state.__class__(round=state.round, combatants=(*state.combatants, medic))
    treated = act(state, "treat", "m", ["t"], [6, 3])  # 2 + 3 + 9 = 14 ≥ 14
    assert treated.data["success"] is True and treated.data["stopped"] == 2
    state = after(state, treated)
    assert state.get("t").effects == ()
    state, start = new_round(state)
    assert start.data["bleeding"] == {}


def test_first_aid_below_14_fails_and_the_bleeding_goes_on() -> None:
    state = pair(effects=[Effect("bleeding-1", "bleeding", {"dice": 1, "type": "critical"})])
    medic = fighter("m", obr=2, dovednosti={"První pomoc": 3})
    state = state.__class__(round=1, combatants=(*state.combatants, medic))
    treated = act(state, "treat", "m", ["t"], [5])
    assert treated.data["success"] is False and treated.data["difficulty"] == 14
    assert len(after(state, treated).get("t").effects) == 1
    assert after(state, treated).get("m").turn["long"] == "treat"


def test_a_potion_stops_bleeding_at_the_start_of_the_next_round_before_it_bleeds() -> None:
    state = pair(effects=[Effect("bleeding-1", "bleeding", {"dice": 2, "type": "critical"})])
    state = after(state, act(state, "treat", "t", ["t"], method="potion"))
    assert state.get("t").turn["short"] == ["treat"]
    state, start = new_round(state)
    assert start.data["bleeding"] == {} and state.get("t").effects == ()


def test_a_healing_potion_item_heals_next_round_up_to_the_maximum() -> None:
    state = pair(hp=40)
    state = after(state, act(state, "item", "t", potion=True, heal=15))
    state, _ = new_round(state)
    assert state.get("t").hp == 50


def test_a_healing_spell_stops_bleeding_at_once_and_leaves_the_caster_zo_only() -> None:
    state = pair(effects=[Effect("bleeding-1", "bleeding", {"dice": 2, "type": "critical"})])
    state = after(state, act(state, "treat", "a", ["t"], method="spell"))
    assert state.get("t").effects == ()
    assert state.get("a").turn["casting"] is True


def test_the_dead_bleed_no_more() -> None:
    state = pair(
        hp=-3,
        conditions=["dead"],
        effects=[Effect("bleeding-1", "bleeding", {"dice": 2, "type": "critical"})],
    )
    state, start = new_round(state)
    assert start.data["bleeding"] == {} and state.get("t").hp == -3


# --- critical defence -------------------------------------------------------------------------


def test_a_critical_defence_makes_the_attacker_bleed_and_nothing_else() -> None:
    state = pair()
    # attack 1 → 8; defence 6,6,6,2 → 22 with 3 sixes; the attacker bleeds 2d6 = 3 + 4
    outcome = act(state, "attack", "a", ["t"], [1, 6, 6, 6, 2, 3, 4], weapon="Široký meč")
    assert outcome.data["hit"] is False and outcome.data["critical_defence"] is True
    assert outcome.data["attacker_bleeding"] == 7
    state = after(state, outcome)
    assert state.get("a").hp == 30 - 7 and state.get("t").hp == 50
    (effect,) = state.get("a").effects
    assert effect.data == {"type": "critical_defence", "dice": 2, "source": "t", "protect": False}
    state, start = new_round(state, [1, 1])
    assert start.data["bleeding"] == {"a": 2}


def test_a_critical_defence_needs_two_sixes_more_than_a_sixes_attacker() -> None:
    state = pair()
    outcome = act(
        state, "attack", "a", ["t"], [6, 6, 1, 6, 6, 6, 6, 1, 3, 3, 3], weapon="Široký meč"
    )
    assert outcome.data["critical_defence"] is True and outcome.data["attacker_bleeding"] == 9
    outcome = act(state, "attack", "a", ["t"], [6, 6, 1, 6, 6, 6, 1], weapon="Široký meč")
    assert outcome.data["critical_defence"] is False


def test_no_critical_defence_against_missiles() -> None:
    archer = fighter("a", obr=0, weapons=[{"name": "Luk", "utocnost": 0, "druh": "ranged"}])
    state = fight(archer, fighter("t", "enemies", zivoty=50))
    outcome = act(state, "attack", "a", ["t"], [1, 6, 6, 1], weapon="Luk", distance=10)
    assert outcome.data["hit"] is False and outcome.data["critical_defence"] is False


# --- flat blow --------------------------------------------------------------------------------


def test_a_flat_blow_adds_no_weapon_damage_and_no_critical() -> None:
    state = pair()
    outcome = act(
        state, "attack", "a", ["t"], [6, 6, 1], weapon="Široký meč", flat=True, defence_mode="zo"
    )
    assert outcome.data["damage"] == 2 + 5 + 13 - 0
    assert outcome.data["critical"] is False
    assert after(state, outcome).get("t").effects == ()


def test_a_flat_blow_below_the_knock_out_threshold_faints_the_target_at_0_hp() -> None:
    state = pair(hp=12, mez_vyrazeni=5)
    outcome = act(
        state, "attack", "a", ["t"], [2], weapon="Široký meč", flat=True, defence_mode="zo"
    )  # 9 damage → 3 < 5
    state = after(state, outcome)
    assert outcome.data["knocked_out"] is True
    assert state.get("t").hp == 0 and state.get("t").has("unconscious")


def test_a_flat_blow_never_takes_hp_below_zero() -> None:
    state = pair(hp=3)
    outcome = act(
        state, "attack", "a", ["t"], [6, 6, 6, 1], weapon="Široký meč", flat=True, defence_mode="zo"
    )
    assert after(state, outcome).get("t").hp == 0


def test_a_flat_blow_above_the_threshold_is_ordinary_damage() -> None:
    state = pair(hp=30, mez_vyrazeni=5)
    outcome = act(
        state, "attack", "a", ["t"], [2], weapon="Široký meč", flat=True, defence_mode="zo"
    )
    assert after(state, outcome).get("t").hp == 21 and outcome.data["knocked_out"] is False


# --- helpless target --------------------------------------------------------------------------


def test_a_helpless_target_has_defence_0_and_loses_a_quarter_of_max_hp_now_and_each_round() -> None:
    state = pair(zbroj=6, hp=30, conditions=["asleep"])  # max 50 → ¼ = 12
    outcome = act(state, "attack", "a", ["t"], [1], weapon="Široký meč")
    assert outcome.data["defence_mode"] == "helpless" and outcome.data["defence"] == 0
    assert outcome.data["damage"] == 8 + 1
    assert outcome.data["helpless_bleeding"] == 12
    state = after(state, outcome)
    assert state.get("t").hp == 30 - 9 - 12
    state, start = new_round(state)
    assert start.data["bleeding"] == {"t": 12} and state.get("t").hp == 30 - 9 - 24


def test_the_quarter_is_rounded_down_but_at_least_1() -> None:
    state = pair(zivoty=3, conditions=["paralysed"])
    outcome = act(state, "attack", "a", ["t"], [1], weapon="Široký meč", helpless_defence=20)
    assert outcome.data["hit"] is False  # the GM's defence instead of 0
    outcome = act(state, "attack", "a", ["t"], [1], weapon="Široký meč")
    assert outcome.data["helpless_bleeding"] == 1


def test_a_helpless_attack_only_from_right_next_to_the_target() -> None:
    state = pair(conditions=["unconscious"], hp=0)
    with pytest.raises(RulesError):
        act(state, "attack", "a", ["t"], [1], weapon="Široký meč", adjacent=False)
    with pytest.raises(RulesError):
        act(state, "attack", "a", ["t"], [1], weapon="Široký meč", distance=3)


def test_a_helpless_attack_cannot_take_size_d_below_1_hp_nor_can_its_bleeding() -> None:
    state = pair(velikost="D", hp=5, conditions=["helpless"])
    outcome = act(state, "attack", "a", ["t"], [6, 6, 6, 1, 6, 6], weapon="Široký meč")
    state = after(state, outcome)
    assert state.get("t").hp == 1 and not state.get("t").has("unconscious")
    assert all(effect.data["protect"] for effect in state.get("t").effects)
    state, _ = new_round(state, [6, 6])
    assert state.get("t").hp == 1


def test_a_helpless_target_that_cannot_bleed_loses_no_quarter() -> None:
    state = pair(muze_krvacet=False, conditions=["helpless"])
    outcome = act(state, "attack", "a", ["t"], [1], weapon="Široký meč")
    assert outcome.data["helpless_bleeding"] == 0


def test_a_flat_blow_on_a_helpless_target_causes_no_bleeding() -> None:
    state = pair(conditions=["asleep"])
    outcome = act(state, "attack", "a", ["t"], [1], weapon="Široký meč", flat=True)
    assert outcome.data["helpless_bleeding"] == 0


def test_the_gm_may_start_critical_bleeding_at_the_next_round_instead_of_at_the_hit() -> None:
    attacker = fighter("a", sil=2, weapons=[SWORD])
    state = fight(attacker, fighter("t", "enemies", zivoty=50), critical_bleeds_at_hit=False)
    outcome = act(state, "attack", "a", ["t"], [6, 6, 1], weapon="Široký meč", zo_only=True)
    assert outcome.data["critical"] is True and outcome.data["bleeding"] == 0
    state = after(state, outcome)
    assert state.get("t").hp == 50 - 21
    state, start = new_round(state, [5])
    assert start.data["bleeding"] == {"t": 5}
