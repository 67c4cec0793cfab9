"""A small hand-written recursive-descent parser for dice notation (issue C).

Grammar (case-insensitive; spaces, tabs and line breaks between tokens are ignored)::

    expression := sum END
    sum        := signed (("+" | "-") signed)*
    signed     := ("+" | "-") signed | primary
    primary    := NUMBER | NUMBER dice | dice | "(" sum ")"
    dice       := "d" (NUMBER | "%") ["!" | "!!"] [("kh"|"kl"|"dh"|"dl") NUMBER]
                  [(">=" | ">" | "<=" | "<") NUMBER]

Anything else is an error, never a guess. Length, token count and nesting depth are bounded
before and during parsing, so no input can make the parser recurse or work for long.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from combat.rules.dice import errors
from combat.rules.dice.errors import InvalidDice
from combat.rules.dice.limits import (
    MAX_DEPTH,
    MAX_DICE,
    MAX_DIGITS,
    MAX_LENGTH,
    MAX_NUMBER,
    MAX_SIDES,
    MAX_TOKENS,
    MIN_SIDES,
)
from combat.rules.dice.nodes import (
    Compare,
    DiceTerm,
    Explode,
    Expression,
    Keep,
    KeepMode,
    Node,
    Number,
    Sum,
    Target,
)

_SPACE = frozenset(" \t\r\n")
_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_WORDS = frozenset({"d", "kh", "kl", "dh", "dl"})
_SYMBOLS = frozenset("+-()%")
_PAIRS = frozenset({"!!", ">=", "<="})
_SINGLES = frozenset("!<>")
_TAG_OPEN, _TAG_CLOSE = "[dice]", "[/dice]"


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    """``num``, ``end``, or the token's own (lower-case) text."""
    position: int
    """1-based character position, for messages."""
    value: int = 0


def parse(expression: str) -> Expression:
    """Parse dice notation into an immutable ``Expression``; raise ``InvalidDice`` if bad."""
    if not isinstance(expression, str):
        raise InvalidDice(errors.NOT_TEXT)
    if len(expression) > MAX_LENGTH + len(_TAG_OPEN) + len(_TAG_CLOSE) + 20:
        raise InvalidDice(errors.TOO_LONG, limit=MAX_LENGTH)
    return _parse_cached(expression)


@lru_cache(maxsize=4096)
def _parse_cached(expression: str) -> Expression:
    # Only successful parses are cached (lru_cache does not store exceptions).
    text = _strip_tag(expression)
    if len(text) > MAX_LENGTH:
        raise InvalidDice(errors.TOO_LONG, limit=MAX_LENGTH)
    tokens = _tokenize(text)
    if tokens[0].kind == "end":
        raise InvalidDice(errors.EMPTY)
    parser = _Parser(tokens)
    root = parser.sum()
    parser.expect_end()
    return _build(expression, root)


def _strip_tag(text: str) -> str:
    """``[dice]3d6[/dice]`` (the forum tag) means ``3d6``."""
    stripped = text.strip()
    if stripped[:6].lower() == _TAG_OPEN and stripped[-7:].lower() == _TAG_CLOSE:
        return stripped[len(_TAG_OPEN) : -len(_TAG_CLOSE)]
    return text


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    index, length = 0, len(text)
    while index < length:
        char = text[index]
        if char in _SPACE:
            index += 1
            continue
        if len(tokens) >= MAX_TOKENS:
            raise InvalidDice(errors.TOO_MANY_TOKENS, limit=MAX_TOKENS)
        if char in _DIGITS:
            end = _run(text, index, _DIGITS)
            tokens.append(_Token("num", index + 1, _number(text[index:end])))
        elif char in _LETTERS:
            end = _run(text, index, _LETTERS)
            word = text[index:end].lower()
            if word not in _WORDS:
                raise InvalidDice(errors.UNKNOWN_WORD, word=text[index:end], position=index + 1)
            tokens.append(_Token(word, index + 1))
        elif text[index : index + 2] in _PAIRS:
            end = index + 2
            tokens.append(_Token(text[index:end], index + 1))
        elif char in _SYMBOLS or char in _SINGLES:
            end = index + 1
            tokens.append(_Token(char, index + 1))
        else:
            raise InvalidDice(errors.BAD_CHARACTER, char=repr(char), position=index + 1)
        index = end
    tokens.append(_Token("end", length + 1))
    return tokens


def _run(text: str, start: int, allowed: frozenset[str]) -> int:
    end = start
    while end < len(text) and text[end] in allowed:
        end += 1
    return end


def _number(digits: str) -> int:
    significant = digits.lstrip("0") or "0"
    # Checked on the digits before int(), so a huge literal never reaches int().
    if len(significant) > MAX_DIGITS or int(significant) > MAX_NUMBER:
        shown = significant if len(significant) <= 12 else significant[:10] + "…"
        raise InvalidDice(errors.NUMBER_TOO_BIG, number=shown, limit=MAX_NUMBER)
    return int(significant)


class _Parser:
    """Recursive descent over the token list with an explicit depth bound."""

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.depth = 0

    def peek(self) -> _Token:
        return self.tokens[self.index]

    def advance(self) -> _Token:
        token = self.tokens[self.index]
        if token.kind != "end":
            self.index += 1
        return token

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InvalidDice(errors.TOO_DEEP, limit=MAX_DEPTH)

    def sum(self) -> Node:
        parts: list[tuple[int, Node]] = [(1, self.signed())]
        while self.peek().kind in ("+", "-"):
            sign = 1 if self.advance().kind == "+" else -1
            parts.append((sign, self.signed()))
        return parts[0][1] if len(parts) == 1 else Sum(tuple(parts))

    def signed(self) -> Node:
        if self.peek().kind not in ("+", "-"):
            return self.primary()
        sign = self.advance().kind
        self.enter()
        node = self.signed()
        self.depth -= 1
        return node if sign == "+" else Sum(((-1, node),))

    def primary(self) -> Node:
        token = self.advance()
        if token.kind == "(":
            self.enter()
            node = self.sum()
            if self.peek().kind != ")":
                self.fail_unclosed(token)
            self.advance()
            self.depth -= 1
            return node
        if token.kind == "num":
            if self.peek().kind == "d":
                self.advance()
                return self.dice(token.value)
            return Number(token.value)
        if token.kind == "d":
            return self.dice(1)
        raise self.unexpected(token, errors.A_TERM)

    def fail_unclosed(self, opening: _Token) -> None:
        if self.peek().kind == "end":
            raise InvalidDice(errors.UNCLOSED, position=opening.position)
        raise self.unexpected(self.peek(), "')'")

    def dice(self, count: int) -> DiceTerm:
        size = self.advance()
        if size.kind not in ("num", "%"):
            raise self.unexpected(size, errors.A_DIE_SIZE)
        explode = Explode.NONE
        if self.peek().kind in ("!", "!!"):
            explode = Explode(self.advance().kind)
        keep = None
        if self.peek().kind in ("kh", "kl", "dh", "dl"):
            mode = KeepMode(self.advance().kind)
            keep = Keep(mode, self.number())
        target = None
        if self.peek().kind in (">=", ">", "<=", "<"):
            compare = Compare(self.advance().kind)
            target = Target(compare, self.number())
        percent = size.kind == "%"
        sides = 100 if percent else size.value
        term = DiceTerm(count, sides, explode, keep, target, percent)
        _check_term(term)
        return term

    def number(self) -> int:
        token = self.advance()
        if token.kind != "num":
            raise self.unexpected(token, errors.A_NUMBER)
        return token.value

    def expect_end(self) -> None:
        token = self.peek()
        if token.kind != "end":
            raise InvalidDice(errors.UNEXPECTED, token=self.text(token), position=token.position)

    def unexpected(self, token: _Token, expected: str) -> InvalidDice:
        if token.kind == "end":
            return InvalidDice(errors.UNEXPECTED_END, expected=expected)
        return InvalidDice(
            errors.EXPECTED, expected=expected, token=self.text(token), position=token.position
        )

    @staticmethod
    def text(token: _Token) -> str:
        return str(token.value) if token.kind == "num" else token.kind


def _check_term(term: DiceTerm) -> None:
    """The limits and combinations a single dice term must respect."""
    if not MIN_SIDES <= term.sides <= MAX_SIDES:
        raise InvalidDice(errors.BAD_SIDES, sides=term.sides, low=MIN_SIDES, high=MAX_SIDES)
    if term.count > MAX_DICE:
        raise InvalidDice(errors.TOO_MANY_DICE, count=term.count, limit=MAX_DICE)
    if term.keep is not None:
        _check_keep(term, term.keep)
    target = term.target
    below = target is not None and target.compare in (Compare.AT_MOST, Compare.BELOW)
    if below and term.explode is Explode.COMPOUND:
        raise InvalidDice(errors.COMPOUND_BELOW, notation=str(term))


def _check_keep(term: DiceTerm, keep: Keep) -> None:
    if term.target is not None:
        raise InvalidDice(errors.KEEP_AND_COUNT, notation=str(term))
    # Keeping all dice is harmless; dropping all of them is surely a mistake.
    high = term.count if keep.keeps else term.count - 1
    if not 1 <= keep.count <= high:
        template = errors.KEEP_RANGE if keep.keeps else errors.DROP_RANGE
        raise InvalidDice(template, notation=str(term), low=1, high=high, count=term.count)


def _build(text: str, root: Node) -> Expression:
    terms: list[DiceTerm] = []
    signs: list[int] = []
    constant = _flatten(root, 1, terms, signs)
    dice = sum(term.count for term in terms)
    if dice > MAX_DICE:
        raise InvalidDice(errors.TOO_MANY_DICE, count=dice, limit=MAX_DICE)
    low, high = root.bounds
    for bound in (low, high):
        if abs(bound) > MAX_NUMBER:
            raise InvalidDice(errors.TOTAL_TOO_BIG, total=bound, limit=MAX_NUMBER)
    counts = any(term.target is not None for term in terms)
    return Expression(text, root, tuple(terms), tuple(signs), constant, low, high, counts)


def _flatten(node: Node, sign: int, terms: list[DiceTerm], signs: list[int]) -> int:
    """Collect dice terms with their overall signs; return the signed sum of the numbers."""
    if isinstance(node, Number):
        return sign * node.value
    if isinstance(node, DiceTerm):
        terms.append(node)
        signs.append(sign)
        return 0
    return sum(_flatten(child, sign * part_sign, terms, signs) for part_sign, child in node.parts)
