"""The action catalogue, the form's fields, and refusing bad input with a RulesError."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Action, RulesError
from combat.rules.dnd5e.catalogue import KNOWN, MODIFIER_LABELS, SPECS
from combat.rules.dnd5e.engine import HANDLERS
from combat.rules.faces import TypedFaces
from tests.rules.dnd5e.helpers import ENGINE, act, fight, fighter, goblin


def test_every_kind_has_a_handler_and_every_key_a_label() -> None:
    assert set(SPECS) == set(HANDLERS) | {"attack", "unarmed", "off_hand"}
    assert set(MODIFIER_LABELS) >= KNOWN
    defaults = {field.key: field.choices[0][0] for field in ENGINE.fight_options}
    # a ranged attack with no distance typed shoots from its normal range (issue N)
    assert defaults == {"shared_initiative": "no", "tie_rolloff": "no", "usual_distance": "weapon"}


def test_the_options_carry_ticks_and_value_fields() -> None:
    state = fight(fighter(), goblin())
    options = {option.kind: option for option in ENGINE.actions(state, "hero")}
    attack = options["attack"]
    assert attack.needs_target and attack.needs_weapon and "wrong_location" in attack.modifiers
    fields = {field.key: field for field in attack.values}
    assert [key for key, _label in fields["cover"].choices] == [
        "none", "half", "three_quarters", "total",
    ]  # fmt: skip
    assert (fields["distance"].minimum, fields["distance"].maximum) == (0, 5000)
    who = {f.key: f for f in options["apply_condition"].values}["who"]
    assert [key for key, _label in who.choices] == ["hero", "gob"]


@pytest.mark.parametrize(
    ("kind", "modifiers", "message"),
    [
        ("fly", {}, "unknown action"),
        ("attack", {"sneaky": True}, "unknown modifier"),
        ("attack", {"advantage": "yes"}, "must be true or false"),
        ("attack", {"distance": -5}, "whole number from 0 to 5000"),
        ("attack", {"distance": "far"}, "whole number"),
        ("attack", {"cover": "lots"}, "must be none"),
        ("attack", {"ability": "luck"}, "must be auto"),
        ("grapple", {"skill": "karate"}, "must be auto"),
        ("grant_temp_hp", {"amount": 0}, "from 1 to 999"),
    ],
)
def test_bad_input_is_a_rules_error(kind: str, modifiers: dict[str, Any], message: str) -> None:
    state = fight(fighter(), goblin())
    with pytest.raises(RulesError, match=message):
        act(state, kind, "hero", ["gob"], [10, 4], weapon="Longsword", **modifiers)


def test_malformed_actions_are_rules_errors() -> None:
    state = fight(fighter(), goblin())
    for action in (
        Action("attack", "hero", ("gob",), 3, {}),  # type: ignore[arg-type]
        Action("attack", "hero", (7,), "Longsword", {}),  # type: ignore[arg-type]
        Action("attack", "hero", ("gob",), "Longsword", ["advantage"]),  # type: ignore[arg-type]
        Action("attack", "hero", (), "Longsword", {}),
        Action("attack", "nobody", ("gob",), "Longsword", {}),
    ):
        with pytest.raises(RulesError):
            ENGINE.resolve(state, action, TypedFaces([10, 4]))


def test_a_modifier_of_another_kind_is_ignored() -> None:
    state = fight(fighter(), goblin())
    assert act(state, "dash", "hero", cover="half", advantage=True).data["action"] == "dash"


def test_value_numbers_typed_as_text_are_read() -> None:
    state = fight(fighter(), goblin())
    assert act(state, "move", "hero", distance="15").data["left"] == 15
