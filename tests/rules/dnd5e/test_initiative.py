"""Initiative: d20 + DEX, ties, the roll-off option and shared rolls (issue G.1)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Combatant, Fight
from combat.rules.dice import InvalidDice
from combat.rules.faces import TypedFaces
from tests.rules.dnd5e.helpers import ENGINE, after, creature, fighter, goblin, texts


def _fresh(*combatants: Combatant, **options: Any) -> Fight:
    return Fight(round=0, combatants=combatants, options=options)


def test_initiative_is_d20_plus_the_dex_modifier() -> None:
    state = _fresh(fighter(dex=12), goblin(dex=14))
    outcome = ENGINE.roll_initiative(state, ["hero", "gob"], TypedFaces([15, 9]))
    assert outcome.data["initiative"] == {"hero": 16, "gob": 11}
    assert [r.expression for r in outcome.rolls] == ["1d20+1", "1d20+2"]
    assert outcome.order == ("hero", "gob")
    assert "hero: initiative 16 = d20 15, DEX +1" in texts(outcome)


def test_a_tie_puts_the_higher_dex_first_and_says_the_gm_may_reorder() -> None:
    state = _fresh(fighter(dex=12), goblin(dex=14))
    outcome = ENGINE.roll_initiative(state, ["hero", "gob"], TypedFaces([14, 13]))
    assert outcome.order == ("gob", "hero") and outcome.data["ties"] == [["gob", "hero"]]
    assert any("move in order" in line for line in texts(outcome))


def test_equal_dex_keeps_the_order_of_the_record() -> None:
    state = _fresh(fighter("a", dex=12), fighter("b", dex=12))
    assert ENGINE.roll_initiative(state, ["a", "b"], TypedFaces([7, 7])).order == ("a", "b")


def test_the_roll_off_option_breaks_ties_with_a_d20_each() -> None:
    state = _fresh(fighter(dex=12), goblin(dex=14), tie_rolloff="yes")
    # both 14; roll-off: hero 3 and goblin 3 tie again, then hero 18, goblin 2
    outcome = ENGINE.roll_initiative(state, ["hero", "gob"], TypedFaces([13, 12, 3, 3, 18, 2]))
    assert outcome.order == ("hero", "gob")
    assert [r.purpose for r in outcome.rolls].count("initiative_rolloff") == 4


def test_monsters_of_one_kind_share_one_roll() -> None:
    goblins = [goblin(f"g{i}", name=f"Goblin {i}") for i in (1, 2, 3)]
    state = _fresh(fighter(), *goblins, shared_initiative="yes")
    outcome = ENGINE.roll_initiative(state, ["hero", "g1", "g2", "g3"], TypedFaces([10, 12]))
    assert len(outcome.rolls) == 2
    assert outcome.data["initiative"] == {"hero": 11, "g1": 14, "g2": 14, "g3": 14}
    assert outcome.order == ("g1", "g2", "g3", "hero")
    assert "Goblin 1, Goblin 2, Goblin 3 share initiative 14 = d20 12, DEX +2" in texts(outcome)


def test_a_late_comer_of_the_same_kind_joins_the_shared_roll() -> None:
    state = _fresh(fighter(), goblin("g1"), goblin("g2"), shared_initiative="yes")
    state = after(state, ENGINE.roll_initiative(state, ["hero", "g1"], TypedFaces([10, 12])))
    late = ENGINE.roll_initiative(state, ["g2"], TypedFaces([]))
    assert late.rolls == () and late.data["initiative"]["g2"] == 14
    assert late.order == ("g1", "g2", "hero")


def test_different_monsters_and_characters_never_share() -> None:
    state = _fresh(fighter("a"), fighter("b"), goblin("g"), goblin("h", hp=8),
                   shared_initiative="yes")  # fmt: skip
    outcome = ENGINE.roll_initiative(state, ["a", "b", "g", "h"], TypedFaces([1, 2, 3, 4]))
    assert len(outcome.rolls) == 4


def test_typed_dice_must_be_all_used() -> None:
    state = _fresh(fighter(), goblin())
    with pytest.raises(InvalidDice):
        ENGINE.roll_initiative(state, ["hero", "gob"], TypedFaces([10, 10, 10]))


def test_a_dead_or_absent_combatant_does_not_break_the_order() -> None:
    state = _fresh(fighter(), creature("ghost", "enemies", dex=10))
    outcome = ENGINE.roll_initiative(state, ["hero"], TypedFaces([5]))
    assert outcome.order == ("hero",)
