"""Surprise and initiative (seed 000, MOMENT PŘEKVAPENÍ and HOD NA INICIATIVU)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.base import Fight, RulesError, apply
from combat.rules.faces import TypedFaces
from tests.rules.draci_hlidka.helpers import (
    ENGINE,
    SWORD,
    act,
    after,
    fight,
    fighter,
    new_round,
)

# --- surprise ---------------------------------------------------------------------------------


def ambush_state(round: int = 1) -> Fight:
    attacker = fighter("a", sil=2, weapons=[SWORD])
    victim = fighter("v", "enemies", zbroj=2, obr=1, weapons=[SWORD], conditions=["surprised"])
    return fight(attacker, victim, round=round)


def test_a_surprised_defender_has_zo_only_and_the_attacker_vyhoda_plus_5() -> None:
    # seed 000: moment překvapení "ti dává do útoku Výhodu (bonus +5). Protivník se navíc nemůže
    # bránit (chrání ho pouze Základní obrana)."
    outcome = act(ambush_state(), "attack", "a", ["v"], [2], weapon="Široký meč")
    assert outcome.data["attack_modifiers"] == {"ambush": 5}
    assert outcome.data["attack"] == 2 + 5 + 2 + 5
    assert outcome.data["defence_mode"] == "zo" and outcome.data["defence"] == 3


def test_a_surprised_combatant_takes_no_action_in_the_first_round() -> None:
    with pytest.raises(RulesError):
        act(ambush_state(), "attack", "v", ["a"], [2], weapon="Široký meč")
    kinds = {option.kind for option in ENGINE.actions(ambush_state(), "v")}
    assert kinds == {"perception", "test"}


def test_when_both_sides_are_surprised_the_fight_is_normal() -> None:
    state = ambush_state()
    state = replace(
        state,
        combatants=(replace(state.get("a"), conditions=frozenset({"surprised"})), state.get("v")),
    )
    outcome = act(state, "attack", "a", ["v"], [2, 1], weapon="Široký meč")
    assert outcome.data["attack_modifiers"] == {}
    assert outcome.data["defence_mode"] == "active"


def test_surprise_ends_after_the_first_round() -> None:
    state, start = new_round(ambush_state(round=1))
    assert state.round == 2 and not state.get("v").has("surprised")
    assert (
        act(state, "attack", "a", ["v"], [2, 1], weapon="Široký meč").data["defence_mode"]
        == "active"
    )


def test_the_ambush_modifier_works_without_the_condition() -> None:
    state = fight(fighter("a", weapons=[SWORD]), fighter("v", "enemies", weapons=[SWORD]))
    outcome = act(state, "attack", "a", ["v"], [2], weapon="Široký meč", ambush=True)
    assert outcome.data["attack_modifiers"] == {"ambush": 5}
    assert outcome.data["defence_mode"] == "zo"


def test_a_postreh_roll_against_the_gms_difficulty_decides_surprise() -> None:
    # Rulings: rolled by the one who might be surprised; success = not surprised
    watcher = fighter("w", ostatni_atributy="INT +1, CHA 0", dovednosti={"Postřeh": 2})
    state = fight(watcher, fighter("e", "enemies"), round=0)
    failed = act(state, "perception", "w", [], [3], difficulty=8)
    assert failed.data["total"] == 3 + 1 + 2 and failed.data["surprised"] is True
    assert after(state, failed).get("w").has("surprised")
    passed = act(state, "perception", "w", [], [6, 1], difficulty=8)
    assert passed.data["total"] == 10 and passed.data["success"] is True
    assert not after(state, passed).get("w").has("surprised")


def test_postreh_can_use_another_attribute_and_is_only_at_the_start() -> None:
    watcher = fighter("w", obr=3)
    state = fight(watcher, fighter("e", "enemies"), round=1)
    outcome = act(state, "perception", "w", [], [4], difficulty=7, attribute="obr")
    assert outcome.data["total"] == 7 and outcome.data["success"] is True
    with pytest.raises(RulesError):
        act(replace(state, round=2), "perception", "w", [], [4], difficulty=7)


# --- initiative -------------------------------------------------------------------------------


def test_initiative_is_1d6_plus_obr_without_explosion_highest_first() -> None:
    state = fight(fighter("a", obr=1), fighter("b", "enemies", obr=3), round=1)
    outcome = ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([6, 2]))
    assert outcome.data["initiative"] == {"a": 7, "b": 5}
    assert outcome.order == ("a", "b")
    assert [r.expression for r in outcome.rolls] == ["1d6+1", "1d6+3"]
    assert apply(state, outcome.changes).get("a").initiative == 7


def test_initiative_adds_the_gms_bonuses_and_curses() -> None:
    state = fight(
        fighter("a", obr=1),
        fighter("b", "enemies", obr=0),
        round=1,
        initiative_modifiers={"a": -3, "b": 2},
    )
    outcome = ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([4, 4]))
    assert outcome.data["initiative"] == {"a": 2, "b": 6}
    assert outcome.order == ("b", "a")


def test_initiative_ignores_skills() -> None:
    state = fight(fighter("a", obr=1, dovednosti={"Atletika": 3}))
    outcome = ENGINE.roll_initiative(state, ["a"], TypedFaces([4]))
    assert outcome.data["initiative"] == {"a": 5}


def test_an_initiative_tie_goes_to_the_higher_obr() -> None:
    state = fight(fighter("a", obr=1), fighter("b", "enemies", obr=2))
    outcome = ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([5, 4]))
    assert outcome.data["initiative"] == {"a": 6, "b": 6}
    assert outcome.order == ("b", "a")


def test_a_full_tie_is_rerolled_until_resolved_using_more_faces() -> None:
    state = fight(fighter("a", obr=1), fighter("b", "enemies", obr=1), fighter("c", obr=1))
    # all 6; re-roll 3, 3, 1 → c last; a and b re-roll again 2, 5 → b first
    outcome = ENGINE.roll_initiative(state, ["a", "b", "c"], TypedFaces([5, 5, 5, 3, 3, 1, 2, 5]))
    assert outcome.order == ("b", "a", "c")
    tiebreaks = [r for r in outcome.rolls if r.purpose == "initiative_tiebreak"]
    assert [r.total for r in tiebreaks] == [3, 3, 1, 2, 5]


def test_initiative_once_keeps_the_first_roll_for_the_whole_fight() -> None:
    state = fight(fighter("a", obr=1), fighter("b", "enemies", obr=0), initiative_once=True)
    first = ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([2, 6]))
    state = replace(apply(state, first.changes), order=first.order or ())
    again = ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([]))
    assert again.rolls == () and again.order == ("b", "a")


def test_a_late_comer_rolls_alone_and_joins_the_order() -> None:
    state = fight(fighter("a", obr=1), fighter("b", "enemies", obr=0))
    first = ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([2, 6]))
    state = replace(apply(state, first.changes), order=first.order or ())
    state = replace(state, combatants=(*state.combatants, fighter("c", obr=0)))
    late = ENGINE.roll_initiative(state, ["c"], TypedFaces([4]))
    assert late.order == ("b", "c", "a")


def test_initiative_for_an_unknown_combatant_is_a_rules_error() -> None:
    with pytest.raises(RulesError):
        ENGINE.roll_initiative(fight(fighter("a")), ["zz"], TypedFaces([1]))
