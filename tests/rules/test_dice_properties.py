"""Properties of the dice engine over many generated expressions (hypothesis).

The grammar strategies build expressions the way the notation is defined, with and without
the mistakes and limit breaches that hostile input makes; arbitrary text covers the rest.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from combat.rules.dice import InvalidDice, MoreFacesNeeded, parse, replay, roll
from combat.rules.faces import SecureFaces, SeededFaces

FUZZ = settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROPERTY = settings(max_examples=1500, deadline=None)
seeds = st.integers(min_value=0, max_value=2**64)

VALID_COUNTS = ["", "0", "1", "2", "3", "4", "5", "8", "10"]
BAD_COUNTS = ["200", "201", "1000", "00000000000000001", "99999999999"]
VALID_SIDES = ["2", "3", "4", "6", "8", "10", "12", "20", "100", "%", "1000"]
BAD_SIDES = ["0", "1", "1001", "", "-6", "99999999999"]
KEEPS = ["kh", "kl", "dh", "dl"]
COMPARES = [">=", ">", "<=", "<"]


@st.composite
def dice_terms(draw: st.DrawFn, valid: bool) -> str:
    count = draw(st.sampled_from(VALID_COUNTS + ([] if valid else BAD_COUNTS)))
    sides = draw(st.sampled_from(VALID_SIDES + ([] if valid else BAD_SIDES)))
    explode = draw(st.sampled_from(["", "!", "!!"]))
    dice = int(count) if count.isdigit() and len(count) < 5 else 1
    modifier = draw(
        st.sampled_from(["", "keep", "target", "both"] if not valid else ["", "k", "t"])
    )
    text = f"{count}d{sides}{explode}"
    if modifier in ("keep", "k", "both"):
        mode = draw(st.sampled_from(KEEPS))
        high = dice if mode.startswith("k") else dice - 1
        if valid and high < 1:
            return text
        low, high = (1, high) if valid else (0, dice + 1)
        text += f"{mode}{draw(st.integers(low, high))}"
    if modifier in ("target", "t", "both"):
        compares = COMPARES[:2] if valid and explode == "!!" else COMPARES
        text += f"{draw(st.sampled_from(compares))}{draw(st.integers(0, 14))}"
    return text


def numbers(valid: bool) -> st.SearchStrategy[str]:
    small = st.integers(0, 30).map(str)
    return small if valid else small | st.sampled_from(["1000000000", "10000000000", "007"])


def expressions(valid: bool) -> st.SearchStrategy[str]:
    leaves = numbers(valid) | dice_terms(valid)
    operators = st.sampled_from(["+", "-", " + ", " - "] + ([] if valid else ["*", "/", "", "++"]))

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return (
            st.tuples(children, operators, children).map("".join)
            | children.map(lambda inner: f"({inner})")
            | children.map(lambda inner: f"-{inner}")
        )

    tree = st.recursive(leaves, extend, max_leaves=5 if valid else 12)
    return st.tuples(tree, st.booleans(), st.booleans()).map(_dress)


def _dress(parts: tuple[str, bool, bool]) -> str:
    text, upper, tagged = parts
    text = text.upper() if upper else text
    return f"[dice]{text}[/dice]" if tagged else text


TOKENS = list("0123456789dDkKhHlL!<>=+-()%[]/*. \t\n\x00\u0661\uff11e") + [
    "[dice]",
    "[/dice]",
    "d%",
    "!!",
    ">=",
    "kh",
    "dl",
    "999999999999",
]
texts = (
    st.text()
    | st.lists(st.sampled_from(TOKENS), max_size=60).map("".join)
    | st.text(min_size=95, max_size=130)
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid expression with a few characters inserted, replaced or deleted."""
    text = draw(expressions(valid=True))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 2))
        text = text[:at] + draw(st.sampled_from(TOKENS) | st.text(max_size=2)) + text[at + cut :]
    return text


def roll_valid(text: str, seed: int) -> object:
    try:
        return roll(text, SeededFaces(seed))
    except InvalidDice:
        assume(False)
        raise  # unreachable; assume raises


@FUZZ
@given(text=expressions(valid=False), seed=seeds)
def test_grammar_built_expressions_raise_nothing_but_invalid_dice(text, seed):
    try:
        result = roll(text, SeededFaces(seed))
    except InvalidDice as error:
        assert str(error) == error.template % error.params
        return
    parsed = parse(text)
    assert parsed.min_total <= result.total <= parsed.max_total


@FUZZ
@given(text=texts | mutated(), seed=seeds)
def test_arbitrary_text_raises_nothing_but_invalid_dice(text, seed):
    try:
        roll(text, SeededFaces(seed))
    except InvalidDice as error:
        assert str(error) == error.template % error.params


@PROPERTY
@given(text=expressions(valid=True), seed=seeds)
def test_replaying_the_faces_of_a_roll_rebuilds_the_same_result(text, seed):
    result = roll_valid(text, seed)
    again = replay(text, result.faces)
    assert again == result
    assert again.dice == result.dice
    assert again.to_dict() == result.to_dict()


@PROPERTY
@given(text=expressions(valid=True), seed=seeds)
def test_total_lies_within_the_bounds_of_the_expression(text, seed):
    result = roll_valid(text, seed)
    parsed = parse(text)
    assert parsed.min_total <= result.total <= parsed.max_total


@settings(max_examples=300, deadline=None)
@given(text=expressions(valid=True))
def test_secure_rolls_replay_too(text):
    try:
        result = roll(text, SecureFaces())
    except InvalidDice:
        assume(False)
        raise
    assert replay(text, result.faces) == result


@settings(max_examples=500, deadline=None)
@given(text=expressions(valid=True), seed=seeds, data=st.data())
def test_a_roll_needs_exactly_its_faces_no_fewer_and_no_more(text, seed, data):
    result = roll_valid(text, seed)
    faces = list(result.faces)
    if faces:
        cut = data.draw(st.integers(0, len(faces) - 1))
        with pytest.raises(MoreFacesNeeded):
            replay(text, faces[:cut])
    with pytest.raises(InvalidDice, match="too many"):
        replay(text, [*faces, 1])


@PROPERTY
@given(text=expressions(valid=True))
def test_the_canonical_form_parses_to_the_same_tree(text):
    try:
        parsed = parse(text)
    except InvalidDice:
        assume(False)
        raise
    canonical = str(parsed)
    assume(len(canonical) <= 100)
    assert parse(canonical).root == parsed.root


@PROPERTY
@given(text=expressions(valid=True), seed=seeds)
def test_sixes_and_successes_agree_with_the_dice(text, seed):
    result = roll_valid(text, seed)
    kept_d6_faces = [f for die in result.dice if die.kept and die.sides == 6 for f in die.faces]
    assert result.sixes == kept_d6_faces.count(6)
    counted = [die.success for die in result.dice if die.success is not None]
    if result.successes is not None:
        assert result.successes == counted.count(True)
    else:
        assert counted == []


@PROPERTY
@given(text=expressions(valid=True), seed=seeds)
def test_the_json_dice_agree_with_the_result_dice(text, seed):
    result = roll_valid(text, seed)
    records = result.to_dict()["dice"]
    assert len(records) == len(result.dice)
    for record, die in zip(records, result.dice, strict=True):
        assert record["faces"] == list(die.faces)
        assert {key: getattr(die, key) for key in record if key != "faces"} == {
            key: value for key, value in record.items() if key != "faces"
        }
        assert ("success" in record) == (die.success is not None)
        assert ("parent" in record) == die.extra
