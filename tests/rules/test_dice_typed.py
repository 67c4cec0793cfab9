"""Faces typed from physical dice: the order a person rolls them, and exact messages."""

import pytest

from combat.rules.dice import InvalidDice, MoreFacesNeeded, replay, roll
from combat.rules.faces import TypedFaces


def message(expression: str, faces: list[int]) -> str:
    with pytest.raises(InvalidDice) as caught:
        replay(expression, faces)
    return str(caught.value)


def test_typed_faces_come_term_by_term_then_round_by_round():
    # 3d6!!>=8 typed 6,2,6,1,3: three dice 6, 2, 6; then one more for each six: 1 and 3.
    result = replay("3d6!!>=8", [6, 2, 6, 1, 3])
    assert [die.faces for die in result.dice] == [(6, 1), (2,), (6, 3)]
    assert [die.value for die in result.dice] == [7, 2, 9]


def test_compounding_stops_at_a_face_that_is_not_the_maximum():
    # 6+1 = 7 is below 8 but the 1 is not a six, so that die does not roll again.
    assert replay("3d6!!>=8", [6, 2, 6, 1, 3]).successes == 1


def test_second_round_of_explosions_comes_after_the_first():
    # Dice 6, 6; first round 6 (for die 1) and 2 (die 2); second round 4 (die 1 again).
    result = replay("2d6!!", [6, 6, 6, 2, 4])
    assert [die.faces for die in result.dice] == [(6, 6, 4), (6, 2)]


def test_exploding_extra_dice_come_in_the_order_of_the_dice_that_exploded():
    result = replay("3d6!", [6, 1, 6, 5, 6, 2])
    assert [die.faces[0] for die in result.dice] == [6, 1, 6, 5, 6, 2]
    assert [die.parent for die in result.dice] == [None, None, None, 0, 2, 4]


def test_terms_are_rolled_left_to_right():
    result = replay("1d6! + 1d8", [6, 2, 7])
    assert [(die.sides, die.faces) for die in result.dice] == [(6, (6,)), (6, (2,)), (8, (7,))]


def test_too_few_faces_for_an_exploding_six_asks_for_one_more_d6():
    assert message("1d6!", [6]) == "roll 1 more d6 (the six explodes)"


def test_too_few_faces_for_two_exploding_sixes_asks_for_two_more():
    assert message("2d6!", [6, 6]) == "roll 2 more d6 (2 sixes explode)"


def test_too_few_faces_for_a_compounding_twenty_names_the_twenty():
    assert message("1d20!!", [20]) == "roll 1 more d20 (the 20 explodes)"


def test_too_few_faces_for_the_dice_themselves():
    assert message("3d6", [4]) == "roll 2 more d6"


def test_too_few_faces_for_a_later_term_names_its_die():
    assert message("2d6+1d8", [3, 4]) == "roll 1 more d8"


def test_running_out_of_faces_says_how_many_and_which_dice():
    with pytest.raises(MoreFacesNeeded) as caught:
        replay("4d10", [3])
    assert (caught.value.count, caught.value.sides) == (3, 10)
    assert caught.value.template == "roll %(count)s more d%(sides)s"


def test_too_many_faces_say_how_many_were_expected():
    assert message("5d6", [1, 2, 3, 4, 5, 6, 1, 2]) == "3 faces too many: expected 5"


def test_one_face_too_many():
    assert message("1d6!", [5, 3]) == "1 face too many: expected 1"


def test_a_face_out_of_range_is_named():
    assert message("3d6", [1, 7, 2]) == "face 7 is not on a d6"
    assert message("1d20", [0]) == "face 0 is not on a d20"


def test_a_face_that_is_not_a_whole_number_is_refused():
    assert "not a whole number" in message("1d6", [2.5])  # type: ignore[list-item]
    assert "not a whole number" in message("1d6", [True])


def test_a_face_that_is_not_a_whole_number_is_refused_when_rolling_typed_faces():
    with pytest.raises(InvalidDice, match="not a whole number"):
        roll("1d6", TypedFaces(["3"]))  # type: ignore[list-item]


def test_the_six_against_a_low_target_never_asks_for_more_dice():
    # Rule of six: 8d6!!>=4 never needs an extra die, sixes or not.
    result = replay("8d6!!>=4", [6, 6, 6, 6, 6, 6, 6, 6])
    assert (result.successes, len(result.faces)) == (8, 8)
    assert not any(die.exploded for die in result.dice)


def test_exploded_flag_marks_the_dice_that_rolled_again():
    result = replay("2d6!!>=9", [6, 6, 1, 4])
    assert [die.exploded for die in result.dice] == [True, True]
    assert [die.success for die in result.dice] == [False, True]
