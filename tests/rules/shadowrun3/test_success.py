"""The Shadowrun 3 success test (seed 003): TN, rule of six, rule of one, TN floor 2."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat.rules.dice import MoreFacesNeeded
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.shadowrun3.success import clamp, success_test

# seed 003: "Hází svými deseti kostkami a dosáhne 3, 4, 3, 2, 5, 5, 1, 2, 6 a 5."
LIAM = (3, 4, 3, 2, 5, 5, 1, 2, 6, 5)


def test_liam_gets_five_successes_against_4() -> None:
    test = success_test(10, 4, TypedFaces(LIAM), purpose="attack", roller="liam")
    assert test.successes == 5
    assert test.rolled is not None
    assert test.rolled.faces == LIAM and test.rolled.expression == "10d6!!>=4"
    assert (test.rolled.purpose, test.rolled.roller) == ("attack", "liam")


def test_liam_gets_four_successes_against_5() -> None:
    assert success_test(10, 5, TypedFaces(LIAM)).successes == 4


@pytest.mark.parametrize(("again", "successes"), [(2, 1), (1, 0), (6, 1)])
def test_against_8_only_the_six_is_rolled_again_and_needs_2(again: int, successes: int) -> None:
    # seed 003: "směl by Liam podle pravidla šestky házet znovu pouze jednou kostkou. Musel by
    # na ní hodit 2 a více"
    faces = TypedFaces((*LIAM, again))
    test = success_test(10, 8, faces)
    assert test.successes == successes
    assert faces.remaining == 0


def test_against_8_exactly_one_more_die_is_asked_for() -> None:
    with pytest.raises(MoreFacesNeeded):
        success_test(10, 8, TypedFaces(LIAM))


def test_tn_13_needs_two_sixes_and_then_anything() -> None:
    assert success_test(1, 13, TypedFaces((6, 6, 1))).successes == 1
    assert success_test(1, 13, TypedFaces((6, 5))).successes == 0


def test_rule_of_one_is_every_die_showing_1() -> None:
    assert success_test(3, 4, TypedFaces((1, 1, 1))).disaster
    assert not success_test(3, 4, TypedFaces((1, 1, 2))).disaster
    assert success_test(1, 2, TypedFaces((1,))).disaster


@pytest.mark.parametrize(("target", "floor"), [(-3, 2), (0, 2), (1, 2), (2, 2), (3, 3)])
def test_a_modified_tn_is_never_below_2(target: int, floor: int) -> None:
    assert clamp(target) == floor
    test = success_test(2, target, TypedFaces((1, 2)))
    assert test.target == floor
    assert test.successes == (1 if floor == 2 else 0)


def test_no_dice_means_no_roll_and_no_success() -> None:
    test = success_test(0, 4, TypedFaces(()))
    assert (test.successes, test.rolled, test.rolls, test.disaster) == (0, None, (), False)


def test_several_tests_share_one_typed_sequence() -> None:
    faces = TypedFaces((6, 6, 1, 5))
    first = success_test(2, 4, faces)
    second = success_test(2, 5, faces)
    assert (first.successes, second.successes, faces.remaining) == (2, 1, 0)


@given(st.integers(1, 12), st.integers(2, 6), st.integers(0, 10**6))
def test_up_to_tn_6_successes_are_the_dice_at_or_above_it(dice: int, tn: int, seed: int) -> None:
    test = success_test(dice, tn, SeededFaces(seed))
    assert test.rolled is not None
    assert len(test.rolled.faces) == dice  # nothing is rolled again at TN 6 or less
    assert test.successes == sum(face >= tn for face in test.rolled.faces)


@given(st.integers(1, 8), st.integers(7, 18), st.integers(0, 10**6))
def test_above_6_a_die_succeeds_only_through_sixes(dice: int, tn: int, seed: int) -> None:
    test = success_test(dice, tn, SeededFaces(seed))
    assert test.rolled is not None
    assert test.successes <= test.rolled.faces.count(6)
