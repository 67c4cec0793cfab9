"""Hostile input: every bad expression raises InvalidDice, after little work, and nothing else."""

import sys
from collections.abc import Callable

import pytest

from combat.rules.dice import (
    MAX_CHAIN,
    MAX_DEPTH,
    MAX_DICE,
    MAX_LENGTH,
    InvalidDice,
    parse,
    replay,
    roll,
)
from combat.rules.faces import SeededFaces

KNOWN_BAD = {
    "too many dice": "10000d6",
    "d20 library exploding syntax": "1d1e1",
    "zero-sided die": "1d0",
    "one-sided die": "1d1",
    "exploding d1": "1d1!",
    "compounding d1": "1d1!!",
    "division": "1/0",
    "multiplication": "2*1d6",
    "5000-digit literal": "9" * 5000,
    "500-term sum": "+".join(["1"] * 500),
    "400-deep parentheses": "(" * 400 + "1" + ")" * 400,
    "1d and 90 nines": "1d" + "9" * 90,
    "empty": "",
    "only spaces": "   ",
    "NUL": "\x00",
    "NUL after dice": "1d6\x00",
    "Arabic-Indic digit": "\u0661d6",
    "fullwidth digit": "\uff11d6",
    "zero-width space": "1d6\u200b",
    "die too big": "1d1001",
    "too many dice in one term": f"{MAX_DICE + 1}d6",
    "too many dice in total": "100d6+101d6",
    "number above the limit": "1000000001",
    "total above the limit": "1000000000+1000000000",
    "bare d": "d",
    "dice without size": "1d",
    "keep without count": "2d6kh",
    "triple bang": "1d6!!!",
    "target without number": "1d6>=",
    "empty parentheses": "()",
    "unclosed parenthesis": "(1d6",
    "stray closing parenthesis": "1d6)",
    "two numbers": "1 0d6",
    "decimal": "1.5d6",
    "scientific": "1e3",
    "hex": "0x10",
    "a word": "1d20 adv",
    "SQL": "1d6;drop table",
    "open tag only": "[dice]1d6",
    "empty tag": "[dice][/dice]",
    "nested tag": "[dice][dice]1d6[/dice][/dice]",
    "lone minus": "-",
    "trailing plus": "1d6+",
    "double percent": "1d%%",
    "too long": "1+" * 60 + "1",
}


def calls_made(work: Callable[[], object]) -> int:
    """How many Python and C functions `work` calls: its work, counted instead of timed (a
    busy machine changes the time, never this count)."""
    count = 0

    def counted(frame: object, event: str, arg: object) -> None:
        nonlocal count
        count += event in ("call", "c_call")

    sys.setprofile(counted)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("text", KNOWN_BAD.values(), ids=KNOWN_BAD.keys())
def test_known_bad_input_raises_invalid_dice_quickly(text):
    def refused() -> None:
        with pytest.raises(InvalidDice):
            roll(text, SeededFaces(1))

    # Refused within a few hundred calls (measured: at most 141; a plain 10d6 roll makes 144);
    # the d20 library spends 160 ms on 1d1e1 and our parser once recursed 400 levels deep.
    assert calls_made(refused) < 500


def test_the_work_count_sees_a_costly_expression():
    assert calls_made(lambda: roll("200d6", SeededFaces(1))) > 500  # 979 measured


@pytest.mark.parametrize("value", [None, 5, b"1d6", ["1d6"]])
def test_an_expression_that_is_not_text_is_invalid_dice(value):
    with pytest.raises(InvalidDice):
        parse(value)


def test_expression_of_exactly_the_length_limit_is_accepted():
    text = "1+" * ((MAX_LENGTH - 1) // 4) + " " * (MAX_LENGTH - 1 - (MAX_LENGTH - 1) // 4 * 2) + "1"
    assert len(text) == MAX_LENGTH
    assert parse(text).max_total == (MAX_LENGTH - 1) // 4 + 1


def test_one_character_over_the_length_limit_is_refused():
    with pytest.raises(InvalidDice, match="longer than 100 characters"):
        parse(" " * MAX_LENGTH + "1")


def test_the_forum_tag_does_not_count_towards_the_length():
    inner = "1" + " " * (MAX_LENGTH - 1)
    assert parse(f"[dice]{inner}[/dice]").max_total == 1


def test_too_many_parts_are_refused_even_when_short():
    with pytest.raises(InvalidDice, match="more than 60 parts"):
        parse("+".join(["1"] * 40))


def test_nesting_at_the_depth_limit_is_accepted_and_one_more_is_refused():
    assert parse("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH).max_total == 1
    with pytest.raises(InvalidDice, match="deep"):
        parse("(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1))


def test_signs_count_towards_the_depth():
    with pytest.raises(InvalidDice, match="deep"):
        parse("-" * (MAX_DEPTH + 1) + "1")


def test_two_hundred_dice_are_allowed():
    assert len(roll(f"{MAX_DICE}d6", SeededFaces(1)).faces) == MAX_DICE


def test_explosions_count_towards_the_dice_limit():
    faces = [6] * MAX_DICE + [1]
    with pytest.raises(InvalidDice, match="explosions included"):
        replay(f"{MAX_DICE}d6!", faces)


def test_an_explosion_chain_may_add_fifty_dice_but_not_more():
    # The die and 49 extra sixes explode 50 times; the 50th extra die is a 1.
    assert len(replay("1d6!", [6] * MAX_CHAIN + [1]).dice) == MAX_CHAIN + 1
    with pytest.raises(InvalidDice, match="more than 50 times"):
        replay("1d6!", [6] * (MAX_CHAIN + 1))


def test_a_compounding_chain_has_the_same_limit():
    assert replay("1d2!!", [2] * MAX_CHAIN + [1]).total == 2 * MAX_CHAIN + 1
    with pytest.raises(InvalidDice, match="more than 50 times"):
        replay("1d2!!", [2] * (MAX_CHAIN + 1))


def test_die_sizes_from_2_to_1000_are_accepted():
    assert replay("1d2+1d1000", [2, 1000]).total == 1002


def test_totals_at_the_limit_are_accepted():
    assert replay("1000000000", []).total == 10**9
    assert replay("-1000000000", []).total == -(10**9)
