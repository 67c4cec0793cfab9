"""Bad input is a RulesError with a clear message, never a crash; the options and labels."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Action, Fight, RulesError
from combat.rules.faces import TypedFaces
from combat.rules.ose.catalogue import MODIFIER_LABELS, SPECS
from combat.rules.ose.options import FIGHT_OPTIONS, option
from tests.rules.ose.helpers import ENGINE, SLING, SWORD, act, fighter, goblin, placed


def melee_state(**options: Any) -> Fight:
    hero = fighter("hero", weapons=[SWORD, SLING])
    return placed(Fight(1, (hero, goblin("g1")), options=options), "hero", "melee")


@pytest.mark.parametrize(
    ("modifiers", "message"),
    [
        ({"nonsense": True}, "unknown modifier"),
        ({"immune": "yes"}, "true or false"),
        ({"bonus": 11}, "from -10 to 10"),
        ({"bonus": True}, "whole number"),
        ({"distance": "far"}, "whole number"),
        ({"cover": 2}, "unknown modifier"),  # cover is for missiles only
    ],
)
def test_bad_modifiers_are_refused(modifiers: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        act(melee_state(), "melee", "hero", ["g1"], [15, 1], **modifiers)


def test_bad_choices_and_shapes_are_refused() -> None:
    state = melee_state()
    with pytest.raises(RulesError, match="one of"):
        act(placed(state, "hero", "missiles"), "missile", "hero", ["g1"], [15], range="far")
    with pytest.raises(RulesError, match="unknown action"):
        act(state, "fireball", "hero")
    with pytest.raises(RulesError, match="exactly one target"):
        act(state, "melee", "hero", ["g1", "hero"], [15])
    with pytest.raises(RulesError, match="cannot attack itself"):
        act(state, "melee", "hero", ["hero"], [15])
    with pytest.raises(RulesError, match="no combatant"):
        act(state, "melee", "hero", ["nobody"], [15])
    with pytest.raises(RulesError, match="mapping"):
        ENGINE.resolve(state, Action("melee", "hero", ("g1",), None, [1]), TypedFaces([15]))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="choose what is declared"):
        act(Fight(0, state.combatants), "declare", "hero")


def test_a_bad_option_value_is_refused_and_missing_ones_default() -> None:
    assert option(Fight(0, ()), "initiative_ties") == "reroll"
    assert option(Fight(0, (), options={"morale": True}), "morale") == "yes"
    with pytest.raises(RulesError, match="option ascending_ac"):
        act(melee_state(ascending_ac="maybe"), "melee", "hero", ["g1"], [15])


def test_the_options_are_the_seeds_optional_rules_off_by_default() -> None:
    assert [(f.key, f.choices[0][0]) for f in FIGHT_OPTIONS] == [
        ("ascending_ac", "no"), ("individual_initiative", "no"), ("initiative_ties", "reroll"),
        ("variable_damage", "no"), ("morale", "no")]  # fmt: skip
    assert ENGINE.fight_options is FIGHT_OPTIONS


def test_every_tick_and_value_has_a_label() -> None:
    for spec in SPECS.values():
        for key in (*spec.ticks, *(v.key for v in spec.values)):
            assert key in MODIFIER_LABELS, key


def test_typed_faces_must_all_be_used() -> None:
    from combat.rules.dice import InvalidDice

    with pytest.raises(InvalidDice):
        act(melee_state(), "melee", "hero", ["g1"], [2, 5])


def test_a_monster_picks_one_of_its_attacks() -> None:
    bear = goblin("bear", attacks_per_round=2, attacks=[
        {"name": "Claw", "damage": "1d3"}, {"name": "Bite", "damage": "1d6"}])  # fmt: skip
    state = placed(Fight(1, (fighter("hero", hp=20), bear)), "bear", "melee")
    option_ = next(o for o in ENGINE.actions(state, "bear") if o.kind == "melee")
    attack = next(v for v in option_.values if v.key == "attack")
    assert [(k, label.template) for k, label in attack.choices] == [("1", "Claw"), ("2", "Bite")]
    assert not option_.needs_weapon
    outcome = act(state, "melee", "bear", ["hero"], [15, 5], attack="2")
    assert outcome.rolls[1].expression == "1d6"
    with pytest.raises(RulesError, match="one of"):
        act(state, "melee", "bear", ["hero"], [15, 5], attack="3")
    assert act(state, "melee", "bear", ["hero"], [15, 2], weapon="Claw").data["damage"] == 2
