"""The action kinds, their time classes and modifiers, as the action form sees them."""

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from combat.rules.draci_hlidka.catalogue import SPECS
from tests.rules.draci_hlidka.helpers import ENGINE, SWORD, act_seeded, fight, fighter


def test_every_modifier_of_every_action_has_a_label() -> None:
    keys = {key for spec in SPECS.values() for key in spec.modifiers}
    assert keys <= set(ENGINE.modifier_labels)


def test_the_time_classes_follow_the_seeds_table() -> None:
    times = {kind: spec.time for kind, spec in SPECS.items()}
    assert times["attack"] == "long"  # Útok (dlouhá akce)
    assert times["short_move"] == "instant"  # Krátký pohyb (okamžitá akce)
    assert times["crawl"] == "long"  # Plazení se (dlouhá akce)
    assert times["move"] == "long"  # Přesun / Sprint (dlouhá akce)
    assert times["retreat"] == "short"  # Ústup (krátká akce)
    assert times["stand_up"] == "short"  # Vztyk z lehu (krátká akce)
    assert times["speak"] == "instant"  # Mluvení (okamžitá akce)
    assert times["skill"] == "long"  # Použití dovednosti (dlouhá akce)


def test_the_form_offers_only_tickable_modifiers() -> None:
    state = fight(fighter("a", weapons=[SWORD]), fighter("t", "enemies"))
    for option in ENGINE.actions(state, "a"):
        assert set(option.modifiers) == set(SPECS[option.kind].ticks)


@pytest.mark.parametrize("tick", SPECS["attack"].ticks)
def test_every_attack_tick_resolves_or_says_why(tick: str) -> None:
    state = fight(fighter("a", weapons=[SWORD]), fighter("t", "enemies", weapons=[SWORD]))
    try:
        outcome = act_seeded(state, "attack", "a", ["t"], weapon="Široký meč", **{tick: True})
    except RulesError as error:
        assert tick == "total_cover", error
        return
    assert outcome.data["attack"] is not None


def test_a_value_modifier_ticked_by_a_form_is_a_clear_rules_error() -> None:
    state = fight(fighter("a", weapons=[SWORD]), fighter("t", "enemies"))
    with pytest.raises(RulesError, match="cover"):
        act_seeded(state, "attack", "a", ["t"], weapon="Široký meč", cover=True)


def test_a_combatant_at_0_hp_without_a_condition_is_attacked_as_helpless() -> None:
    state = fight(fighter("a", weapons=[SWORD]), fighter("t", "enemies", hp=0, zbroj=9))
    outcome = act_seeded(state, "attack", "a", ["t"], weapon="Široký meč")
    assert outcome.data["defence_mode"] == "helpless" and outcome.data["defence"] == 0
