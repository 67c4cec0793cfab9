"""Post text: finding and checking `[dice]` tags, and rendering that no member can turn into markup."""

import re
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.journal import (
    MAX_TAGS,
    PostRefused,
    Shown,
    Tag,
    check,
    render_pieces,
    same_expression,
    split,
    tags_of,
)

OUR_TAGS = re.compile(r"</?(p|br|strong|em)>|<blockquote class=\"[a-z0-9 -]+\">|</blockquote>")


def html_of(text: str, rolls: dict | None = None) -> str:  # type: ignore[type-arg]
    pieces, _removed = render_pieces(text, rolls or {})
    return "".join(str(piece) if not isinstance(piece, Shown) else "@ROLL@" for piece in pieces)


def test_tags_are_found_in_order_whatever_their_case():
    parts = split("Kopnu [dice]4d6[/dice] a [DICE] 1d20+5 [/Dice]!")
    assert parts == ["Kopnu ", Tag(0, "4d6"), " a ", Tag(1, "1d20+5"), "!"]


def test_an_unclosed_tag_is_refused_by_its_number():
    with pytest.raises(PostRefused) as refused:
        check("[dice]1d6[/dice] and [dice]2d6")
    assert refused.value.messages == ["Dice tag 2 is not closed: end it with [/dice]."]


def test_a_malformed_tag_names_the_tag_and_the_engines_problem():
    with pytest.raises(PostRefused) as refused:
        check("ok [dice]1d6[/dice], bad [dice]3d7x[/dice], worse [dice]2d0[/dice]")
    assert refused.value.messages == [
        "Dice tag 2, [dice]3d7x[/dice]: unknown notation 'x' at position 4",
        "Dice tag 3, [dice]2d0[/dice]: d0: a die has 2 to 1000 sides",
    ]


def test_the_engines_expected_phrase_is_part_of_the_message():
    with pytest.raises(PostRefused) as refused:
        check("[dice]1d6+[/dice]")
    assert "a number, a die or '('" in refused.value.messages[0]


def test_an_empty_tag_is_refused():
    with pytest.raises(PostRefused, match="Dice tag 1"):
        check("[dice] [/dice]")


def test_too_many_tags_are_refused():
    text = "[dice]1d6[/dice]" * (MAX_TAGS + 1)
    with pytest.raises(PostRefused, match=f"at most {MAX_TAGS} dice tags"):
        check(text)
    assert len(check("[dice]1d6[/dice]" * MAX_TAGS)) == MAX_TAGS


def test_every_notation_of_the_dice_engine_is_a_valid_tag():
    text = " ".join(f"[dice]{e}[/dice]" for e in ["2d20kh1+5", "8d6!!>=7", "1d6!+9", "d%", "3d6"])
    assert [tag.expression for tag in check(text)] == [
        "2d20kh1+5", "8d6!!>=7", "1d6!+9", "d%", "3d6",
    ]  # fmt: skip


def test_same_expression_ignores_case_and_spaces_only():
    assert same_expression("3d6", " 3D6 ")
    assert same_expression("2d20kh1+5", "2d20 kh1 + 5")
    assert not same_expression("3d6", "4d6")
    assert not same_expression("3d6", "3d6x")


@pytest.mark.parametrize(
    "payload",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        '<div hx-get="/campaigns/" hx-trigger="load">x</div>',
        '<a href="javascript:alert(1)">x</a>',
        "**<b onmouseover=alert(1)>bold</b>**",
        "> <iframe src=//evil>",
    ],
)
def test_markup_in_a_post_is_text(payload):
    html = html_of(payload)
    assert "<" not in OUR_TAGS.sub("", html)
    assert "&lt;" in html


def test_formatting_paragraphs_quotes_bold_and_italics():
    html = html_of("**Tučně** a *kurzívou*\ndalší řádek\n\n> citace\n> pokračuje\nkonec")
    assert html == (
        "<p><strong>Tučně</strong> a <em>kurzívou</em><br>\ndalší řádek</p>\n"
        '<blockquote class="journal-quote border-start border-3 ps-2 text-body-secondary">'
        "<p>citace<br>\npokračuje</p></blockquote>\n<p>konec</p>"
    )


def test_unbalanced_stars_never_mis_nest():
    for text in ["**a *b** c*", "*a **b* c**", "***x***", "2*3*4 **", "* * **"]:
        html = html_of(text)
        opened = re.findall(r"</?(?:strong|em)>", html)
        stack: list[str] = []
        for tag in opened:
            if tag.startswith("</"):
                assert stack and stack.pop() == tag[2:-1], text
            else:
                stack.append(tag[1:-1])
        assert stack == [], text


def test_a_tag_becomes_a_piece_with_its_roll_and_removed_tags_are_listed():
    rolls = {0: SimpleNamespace(expression="3d6"), 1: SimpleNamespace(expression="1d20")}
    pieces, removed = render_pieces("**Kopnu** [dice]4d6[/dice]", rolls)
    shown = [piece for piece in pieces if isinstance(piece, Shown)]
    assert [(s.tag, s.roll, s.edited) for s in shown] == [(Tag(0, "4d6"), rolls[0], True)]
    assert [(s.tag, s.roll, s.removed) for s in removed] == [(None, rolls[1], True)]
    assert str(pieces[0]) == "<p><strong>Kopnu</strong> "


def test_a_forged_marker_character_cannot_smuggle_a_tag():
    pieces, _ = render_pieces("a \x000\x00 b", {0: SimpleNamespace(expression="1d6")})
    assert not any(isinstance(piece, Shown) for piece in pieces)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("<>\"'&*[]/ \nab=dice16hx-get")), max_size=200))
def test_no_text_renders_to_markup_of_its_own(text):
    pieces, _ = render_pieces(text, {})
    html = "".join(str(p) for p in pieces if not isinstance(p, Shown))
    assert "<" not in OUR_TAGS.sub("", html)
    assert '"' not in OUR_TAGS.sub("", html)
    assert len([p for p in pieces if isinstance(p, Shown)]) == len(tags_of(text))
