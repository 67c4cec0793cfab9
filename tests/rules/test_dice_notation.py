"""Every notation feature of the dice engine, rolled with scripted (typed) faces."""

import ast
import json
from pathlib import Path

import pytest

from combat.rules.dice import InvalidDice, errors, parse, replay, roll
from combat.rules.faces import TypedFaces


def kept_faces(expression: str, faces: list[int]) -> list[tuple[int, ...]]:
    return [die.faces for die in replay(expression, faces).dice if die.kept]


def test_a_plain_number_is_its_own_total_and_rolls_nothing():
    result = replay("7", [])
    assert (result.total, result.dice, result.faces) == (7, (), ())


def test_ndm_adds_the_faces():
    assert replay("3d6", [1, 4, 6]).total == 11


def test_dm_is_one_die():
    result = replay("d8", [5])
    assert result.total == 5
    assert [die.sides for die in result.dice] == [8]


def test_d_percent_is_a_d100():
    result = replay("d%", [73])
    assert (result.total, result.dice[0].sides) == (73, 100)


def test_a_face_of_100_is_on_a_d_percent():
    assert replay("2d%", [100, 1]).total == 101


def test_plus_minus_and_parentheses_follow_arithmetic():
    assert replay("10 - (1d6 + 2) + 1d4", [3, 4]).total == 10 - (3 + 2) + 4


def test_unary_minus_negates_a_die():
    assert replay("-1d6+10", [4]).total == 6


def test_nested_minus_signs_cancel():
    assert replay("5 - -(1d6)", [2]).total == 7


def test_notation_is_case_insensitive_and_allows_spaces():
    assert replay(" 2 D20 KH1 + 5 ", [3, 17]).total == replay("2d20kh1+5", [3, 17]).total == 22


def test_keep_highest_is_advantage():
    result = replay("2d20kh1+5", [4, 17])
    assert result.total == 22
    assert [die.kept for die in result.dice] == [False, True]


def test_keep_lowest_is_disadvantage():
    assert replay("2d20kl1+5", [4, 17]).total == 9


def test_4d6_keep_highest_3_drops_the_lowest_die():
    assert replay("4d6kh3", [3, 1, 6, 4]).total == 13
    assert kept_faces("4d6kh3", [3, 1, 6, 4]) == [(3,), (6,), (4,)]


def test_drop_lowest_and_drop_highest():
    assert replay("4d6dl1", [3, 1, 6, 4]).total == 13
    assert replay("4d6dh1", [3, 1, 6, 4]).total == 8


def test_equal_dice_keep_the_leftmost_for_keep_and_drop_alike():
    assert [d.kept for d in replay("4d6kh3", [6, 2, 5, 2]).dice] == [True, True, True, False]
    assert [d.kept for d in replay("4d6dl1", [6, 2, 5, 2]).dice] == [True, True, True, False]


def test_exploding_d6_adds_one_more_die_per_six():
    result = replay("1d6!", [6, 6, 3])
    assert result.total == 15
    assert [die.faces for die in result.dice] == [(6,), (6,), (3,)]
    assert [die.extra for die in result.dice] == [False, True, True]
    assert [die.parent for die in result.dice] == [None, 0, 1]


def test_exploding_d6_counts_its_sixes():
    assert replay("1d6!", [6, 6, 3]).sixes == 2


def test_an_exploding_die_without_its_maximum_does_not_explode():
    result = replay("2d6!", [5, 1])
    assert (result.total, len(result.dice)) == (6, 2)
    assert not any(die.exploded for die in result.dice)


def test_compounding_adds_the_new_face_into_the_same_die():
    result = replay("2d6!!", [6, 2, 6, 1])
    assert [die.faces for die in result.dice] == [(6, 6, 1), (2,)]
    assert result.total == 15


def test_keep_applies_after_compounding():
    assert replay("2d6!!kh1", [6, 5, 2]).total == 8


def test_keep_applies_to_extra_dice_of_an_explosion():
    # 6 and 2 are rolled, the 6 explodes into a 5: the dice are 6, 2, 5 and the best two stay.
    result = replay("2d6!kh2", [6, 2, 5])
    assert result.total == 11
    assert [die.kept for die in result.dice] == [True, False, True]


def test_success_counting_counts_dice_that_meet_the_target():
    result = replay("5d6>=5", [1, 5, 6, 4, 5])
    assert (result.total, result.successes) == (3, 3)
    assert [die.success for die in result.dice] == [False, True, True, False, True]


@pytest.mark.parametrize(
    ("expression", "successes"),
    [("4d10>7", 1), ("4d10>=7", 2), ("4d10<=3", 1), ("4d10<3", 0)],
)
def test_each_comparison_counts_its_own_successes(expression, successes):
    assert replay(expression, [3, 7, 8, 5]).successes == successes


def test_success_counting_with_exploding_dice_counts_each_face_on_its_own():
    # 6 explodes into 4: dice 6, 2, 5, 4; against 5 the 6 and the 5 succeed.
    result = replay("3d6!>=5", [6, 2, 5, 4])
    assert result.successes == 2
    assert replay("1d6!>=7", [6, 6, 1]).successes == 0


def test_a_success_count_is_its_value_in_arithmetic():
    assert replay("3d6>=5 + 10", [5, 6, 1]).total == 12


def test_successes_are_none_without_success_counting():
    assert replay("2d6", [1, 2]).successes is None


def test_the_forum_tag_means_the_expression_inside():
    assert replay("[dice]3d6[/dice]", [2, 3, 4]).total == 9
    assert replay(" [DICE] 3d6 [/Dice] ", [2, 3, 4]).total == 9


def test_result_keeps_the_expression_as_given():
    assert replay("[dice]3d6[/dice]", [2, 3, 4]).expression == "[dice]3d6[/dice]"


def test_dice_record_their_term_in_the_expression():
    result = replay("1d20 + 2d6", [11, 3, 4])
    assert [die.term for die in result.dice] == [0, 1, 1]


def test_to_dict_has_exactly_the_log_keys_and_is_json():
    result = replay("3d6!!>=8", [6, 2, 6, 1, 3])
    record = result.to_dict()
    assert set(record) == {"expression", "total", "dice", "successes", "sixes", "fumble"}
    die = record["dice"][0]
    assert {"sides", "faces", "kept", "exploded"} <= set(die)
    assert (die["faces"], die["exploded"]) == ([6, 1], True)
    assert json.loads(json.dumps(record)) == record


def test_result_dice_match_to_dict_dice():
    result = replay("2d6!kh2 + 1d4", [6, 2, 5, 3])
    assert [d["faces"] for d in result.to_dict()["dice"]] == [list(d.faces) for d in result.dice]
    assert [d["kept"] for d in result.to_dict()["dice"]] == [d.kept for d in result.dice]


def test_result_is_frozen():
    result = replay("1d6", [3])
    with pytest.raises(AttributeError):
        result.total = 6  # type: ignore[misc]


def test_parse_gives_bounds_of_the_total():
    expression = parse("2d20kh1+5-1d4")
    assert (expression.min_total, expression.max_total) == (2, 24)


def test_parse_caches_and_shares_the_immutable_tree():
    assert parse("4d6kh3") is parse("4d6kh3")


def test_canonical_form_is_lower_case_without_spaces():
    assert str(parse(" 2 D20 KH1 + 5 ")) == "2d20kh1+5"
    assert str(parse("d%")) == "1d%"


@pytest.mark.parametrize(
    "expression",
    ["1d20+5", "2d20kh1+5", "4d6kh3", "8d6!!>=7", "1d6!", "-(1d6+2)--3", "3d6!>4", "d%"],
)
def test_canonical_form_parses_back_to_the_same_tree(expression):
    assert parse(str(parse(expression))).root == parse(expression).root


def test_roll_with_typed_faces_is_the_same_as_replay():
    assert roll("2d6+1", TypedFaces([3, 4])) == replay("2d6+1", [3, 4])


@pytest.mark.parametrize(
    "expression", ["2d6k1", "1d6e6", "1d6*2", "1.5d6", "2d6 3", "1d6!!!", "(1d6)>=4"]
)
def test_unknown_syntax_is_an_error_not_a_guess(expression):
    with pytest.raises(InvalidDice):
        parse(expression)


def test_keep_and_success_counting_together_are_refused():
    with pytest.raises(InvalidDice, match="not both"):
        parse("4d6kh3>=4")


def test_compounding_with_a_below_target_is_refused():
    with pytest.raises(InvalidDice, match=">= or >"):
        parse("4d6!!<=2")


@pytest.mark.parametrize("expression", ["2d6kh0", "2d6kh3", "2d6dl2", "2d6dh0"])
def test_keep_and_drop_counts_must_fit_the_dice(expression):
    with pytest.raises(InvalidDice):
        parse(expression)


def test_error_message_points_at_the_problem():
    with pytest.raises(InvalidDice) as caught:
        parse("1d6 ^ 2")
    assert str(caught.value) == "unexpected character '^' at position 5"
    assert caught.value.template % caught.value.params == str(caught.value)


def test_every_message_template_is_marked_for_translation():
    source = Path(errors.__file__).read_text()
    constants = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    ]
    assert len(constants) > 20
    for node in constants:
        call = node.value
        assert isinstance(call, ast.Call), ast.unparse(node)
        assert isinstance(call.func, ast.Name) and call.func.id == "_", ast.unparse(node)
    assert errors._("roll %(count)s more d%(sides)s") == "roll %(count)s more d%(sides)s"
