"""The journal's post text: `[dice]…[/dice]` tags, their checks, and safe rendering.

Rendering escapes the whole text first and only then adds the few formatting tags we make
ourselves (paragraphs, line breaks, <strong>, <em>, <blockquote>), so nothing a member types —
no HTML, no htmx attribute — can reach a page as markup. A dice tag becomes a `Shown` piece
that the template renders with its recorded roll; the roll itself is never text in the post.

A mention of a register entry the viewer may see (`Mentions`, issue Q) becomes a link the same
way: its place is marked in the text outside the tags, and the link, built from the entry's
escaped name and address, replaces the mark once the text is escaped and formatted.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator
from django.utils.translation import gettext

from combat.rules.base import RulesError
from combat.rules.dice import InvalidDice, parse
from combat.rules.dice_pool.tags import PoolTag, looks_like_pool_tag, roll_pool_tag

MAX_BODY = 10_000
"""Characters in one post."""
MAX_TAGS = 20
"""Dice tags in one post: each is a roll kept for ever."""
MAX_TITLE = 200

OPEN, CLOSE = "[dice]", "[/dice]"
# Found in the text itself, in any case of ASCII letters: positions in a lowered copy are not
# positions in the text (İ lowers to two characters), and only ASCII letters spell a tag.
_OPEN = re.compile(re.escape(OPEN), re.IGNORECASE | re.ASCII)
_CLOSE = re.compile(re.escape(CLOSE), re.IGNORECASE | re.ASCII)
# A tag's place while the text is escaped and formatted; NUL never survives a form
# (Django refuses it) and `render` strips it from stored text, so no member can forge one.
_MARK = "\x00"
_MARKED = re.compile(r"\x00(\d+)\x00")
# A mention's place. Never read as a tag's: "@" is no digit, and a mention, a whole word, is
# never followed by a digit that could run on into a tag's mark.
_MENTIONED = re.compile(r"\x00@(\d+)\x00")
MAX_MENTIONS = 200  # register entries a post's text is searched for
_BOLD = re.compile(r"\*\*([^*\n]+?)\*\*")
# Neither pattern lets '*' inside, so an <em> can only wrap whole <strong> elements: the
# result is always well nested, whatever the stars.
_ITALIC = re.compile(r"\*([^*\n]+?)\*")
_QUOTE = "&gt;"  # a line starting with ">" once escaped
_QUOTE_CLASS = "journal-quote border-start border-3 ps-2 text-body-secondary"


@dataclass(frozen=True)
class Tag:
    index: int
    """0-based, in the order the tags appear in the post: what a roll refers to."""
    expression: str
    """What was typed between the markers, without the surrounding spaces."""
    closed: bool = True

    @property
    def number(self) -> int:
        return self.index + 1


class PostRefused(Exception):
    """The post cannot be saved as it is; `messages` say why (translated), tag by tag."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages


def split(text: str) -> list[str | Tag]:
    """The text as plain parts and tags, in order. An unclosed tag runs to the end."""
    parts: list[str | Tag] = []
    position = count = 0
    while opening := _OPEN.search(text, position):
        parts.append(text[position : opening.start()])
        inner = opening.end()
        closing = _CLOSE.search(text, inner)
        if closing is None:
            parts.append(Tag(count, text[inner:].strip(), closed=False))
            return [part for part in parts if part != ""]
        parts.append(Tag(count, text[inner : closing.start()].strip()))
        position, count = closing.end(), count + 1
    parts.append(text[position:])
    return [part for part in parts if part != ""]


def tags_of(text: str) -> list[Tag]:
    return [part for part in split(text) if isinstance(part, Tag)]


def is_pool_tag(tag: Tag, pools: bool) -> bool:
    """In a dice-pool campaign, `3d6 vs 10`, `3d6 vs 2d6`, `3d6/2`, `3k6` are the system's own
    tests (combat.rules.dice_pool.tags, seed 004); every other tag is read by the dice engine."""
    return pools and looks_like_pool_tag(tag.expression)


class _Ones:
    """Faces for checking a pool tag's sizes before anything is rolled: no chance, nothing kept."""

    def roll(self, sides: int) -> int:
        return 1


def dice_message(error: InvalidDice | RulesError) -> str:
    """The dice engine's message in the page's language (its `expected` is a phrase too)."""
    params = dict(error.params)
    if isinstance(params.get("expected"), str):
        params["expected"] = gettext(str(params["expected"]))
    return gettext(error.template) % params


def tag_problem(tag: Tag, problem: str) -> str:
    shown = Truncator(tag.expression).chars(40)
    return gettext("Dice tag %(number)s, [dice]%(tag)s[/dice]: %(problem)s") % {
        "number": tag.number,
        "tag": shown,
        "problem": problem,
    }


def check(text: str, *, pools: bool = False) -> list[Tag]:
    """Every tag of a post, or PostRefused naming each bad tag and what is wrong with it.

    Nothing is rolled here: a post is rolled only once all of its tags are valid. `pools`: the
    campaign plays the forum dice pool, whose own tests are tags too (`is_pool_tag`).
    """
    tags = tags_of(text)
    if len(tags) > MAX_TAGS:
        message = gettext("A post may hold at most %(limit)s dice tags; this one has %(count)s.")
        raise PostRefused([message % {"limit": MAX_TAGS, "count": len(tags)}])
    problems = []
    for tag in tags:
        if not tag.closed:
            unclosed = gettext("Dice tag %(number)s is not closed: end it with [/dice].")
            problems.append(unclosed % {"number": tag.number})
            continue
        try:
            if is_pool_tag(tag, pools):
                roll_pool_tag(tag.expression, _Ones())  # checks the pools' sizes only
            else:
                parse(tag.expression)
        except (InvalidDice, RulesError) as error:
            problems.append(tag_problem(tag, dice_message(error)))
    if problems:
        raise PostRefused(problems)
    return tags


def pool_result(pool: PoolTag) -> dict[str, Any]:
    """A pool tag's record in the shape of `RollResult.to_dict()`, with the verdict beside it."""
    dice = [
        {"sides": 6, "faces": [face], "kept": True, "exploded": False, "term": term}
        for term, rolled in enumerate(pool.rolls)
        for face in rolled.faces
    ]
    return {
        "expression": pool.text,
        "total": pool.total,
        "dice": dice,
        "successes": None,
        "sixes": 0,
        "fumble": False,
        "pool": pool.to_json(),
    }


def same_expression(recorded: str, typed: str) -> bool:
    """Whether an edited tag still asks for the roll it got (`3D6 ` is `3d6`)."""
    try:
        return str(parse(recorded)) == str(parse(typed))
    except InvalidDice:
        return recorded.strip().lower() == typed.strip().lower()


@dataclass(frozen=True)
class Mentions:
    """The names one viewer may see linked, each to its entry's page: whole words, in the
    case written, the longest first ("Old Bob" before "Bob")."""

    urls: Mapping[str, str]
    pattern: re.Pattern[str] | None = None

    @classmethod
    def of(cls, urls: Mapping[str, str]) -> "Mentions":
        names = sorted((name for name in urls if name.strip()), key=lambda n: (-len(n), n))
        if not names:
            return cls({})
        alternatives = "|".join(re.escape(name) for name in names[:MAX_MENTIONS])
        return cls(dict(urls), re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)"))

    def mark(self, text: str, found: list[str]) -> str:
        """`text` (no tags in it) with each mention replaced by its mark; names into `found`."""
        if self.pattern is None:
            return text

        def marked(match: re.Match[str]) -> str:
            found.append(match.group())
            return f"{_MARK}@{len(found) - 1}{_MARK}"

        return self.pattern.sub(marked, text)

    def link(self, html: str, found: list[str]) -> str:
        def linked(match: re.Match[str]) -> str:
            name = found[int(match.group(1))]
            url = escape(self.urls[name])
            return f'<a class="register-mention" href="{url}">{escape(name)}</a>'

        return _MENTIONED.sub(linked, html)


NO_MENTIONS = Mentions({})


@dataclass(frozen=True)
class Shown:
    """One roll's place in a post: its tag (None once an edit removed it) and its record."""

    tag: Tag | None
    roll: Any = None
    """The recorded roll (anything with an `expression`), or None: not rolled (yet)."""
    is_roll = True  # lets a template tell a piece from formatted text

    @property
    def edited(self) -> bool:
        if self.tag is None or self.roll is None:
            return False
        return not same_expression(self.roll.expression, self.tag.expression)

    @property
    def removed(self) -> bool:
        return self.tag is None


def render_pieces(
    text: str, rolls: Mapping[int, Any], mentions: Mentions = NO_MENTIONS
) -> tuple[list[SafeString | Shown], list[Shown]]:
    """The post as pieces (formatted, escaped HTML and tags), plus rolls whose tag is gone;
    the `mentions` the viewer may see are links."""
    parts = split(text.replace(_MARK, ""))
    tags = [part for part in parts if isinstance(part, Tag)]
    found: list[str] = []
    marked = "".join(
        mentions.mark(part, found) if isinstance(part, str) else f"{_MARK}{part.index}{_MARK}"
        for part in parts
    )
    html = _blocks(escape(marked))
    pieces: list[SafeString | Shown] = []
    for i, chunk in enumerate(_MARKED.split(html)):
        if i % 2:
            tag = tags[int(chunk)]
            pieces.append(Shown(tag, rolls.get(tag.index)))
        elif chunk:
            linked = mentions.link(chunk, found) if found else chunk
            pieces.append(mark_safe(linked))  # noqa: S308 - escaped above, then our own tags only
    removed = [Shown(None, rolls[index]) for index in sorted(rolls) if index >= len(tags)]
    return pieces, removed


def _blocks(escaped: str) -> str:
    """Paragraphs at blank lines, line breaks inside them, runs of "> " lines as quotes."""
    blocks: list[str] = []
    run: list[str] = []
    quoted = False
    for line in escaped.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line.strip():
            _close(blocks, run, quoted)
            continue
        is_quote = line.startswith(_QUOTE)
        if run and is_quote != quoted:
            _close(blocks, run, quoted)
        quoted = is_quote
        run.append(line[len(_QUOTE) :].removeprefix(" ") if is_quote else line)
    _close(blocks, run, quoted)
    return "\n".join(blocks)


def _close(blocks: list[str], run: list[str], quoted: bool) -> None:
    if not run:
        return
    paragraph = "<p>" + "<br>\n".join(_inline(line) for line in run) + "</p>"
    if quoted:
        paragraph = f'<blockquote class="{_QUOTE_CLASS}">{paragraph}</blockquote>'
    blocks.append(paragraph)
    run.clear()


def _inline(line: str) -> str:
    return _ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", line))
