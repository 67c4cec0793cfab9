"""The parts a stat schema is made of: a field, its label in three languages, and the problems
cleaning reports (`combat.rules.schema` builds schemas of them and cleans values)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, Literal, NamedTuple, get_args

from combat.rules.catalogs import translate


def _(text: str) -> str:
    """Mark a message template for translation; the web layer translates at display time."""
    return text


Kind = Literal["int", "bool", "choice", "text", "dice", "tags", "levels", "records"]
KINDS: tuple[str, ...] = get_args(Kind)
LANGUAGES = ("cs", "en", "pl")
NON_FIELD = "__all__"  # the field name of a problem with the whole record (Django's name)
DICE_PATTERN = r"(?:[0-9]{0,3}d[0-9]{1,3}(?:[+-][0-9]{1,3})?|[0-9]{1,3})"
DEFAULT_TEXT_MAX = 500
DEFAULT_TAG_MAX = 40
NAME_MAX = 40  # a level's name ("Atletika")
DICE_MAX = 40
_NAME_RE = re.compile(r"[a-z][a-z0-9_]*")
_INT_RE = re.compile(r"[+-]?[0-9]{1,15}")
_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-"})  # "−5" typed from a rulebook


@dataclass(frozen=True)
class Label:
    """One text of the product in the system's own terms: an English msgid under a context
    (the system's key, so one English word can read differently in two systems). Its Czech
    and Polish are in the catalogs (`locale/`), where translators' tools see them; write it as
    `Label("ose", "AC (Armour Class)")` and `make messages` extracts it. A label with no context is
    the same in every language (a size letter, a challenge rating)."""

    context: str
    en: str

    @classmethod
    def verbatim(cls, text: str) -> Label:
        return cls("", text)

    def get(self, lang: str | None) -> str:
        """The text for a language code such as "cs", "pl" or "en-us"; English otherwise."""
        return translate(lang, self.context, self.en) if self.context else self.en

    @property
    def cs(self) -> str:
        return self.get("cs")

    @property
    def pl(self) -> str:
        return self.get("pl")

    def matches(self, text: str) -> bool:
        wanted = text.casefold()
        return any(wanted == t.casefold() for t in (self.cs, self.en, self.pl))


Choices = tuple[tuple[str, Label], ...]


class Problem(NamedTuple):
    """One reason a value was rejected: where, an English template, and its parameters."""

    field: str  # "hp", "actions[0].damage[1].dice", or NON_FIELD
    template: str
    params: Mapping[str, object]

    @property
    def root(self) -> str:
        """The top-level field the problem belongs to (where a form shows it)."""
        return re.split(r"[.\[]", self.field, maxsplit=1)[0]

    @property
    def message(self) -> str:
        """The untranslated English message."""
        return self.template % dict(self.params)


class StatError(ValueError):
    """The only error `Schema.clean` raises; it carries every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))

    def for_field(self, name: str) -> list[str]:
        """English messages of the problems under one top-level field."""
        return [p.message for p in self.problems if p.root == name]


class _Bad(Exception):
    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template)
        self.template = template
        self.params = params


@dataclass(frozen=True)
class Field:
    """One stat. min/max: the range of an int or a level; the length of a text or a tag.

    `choices` restricts a choice, tags or level names; `suggestions` only proposes names, and
    maps a name typed in any language ("Athletics") to the suggested key ("Atletika").
    """

    name: str
    kind: Kind
    label: Label
    default: Any = dc_field(hash=False)  # may be a dict; kept out of the hash
    min: int | None = None
    max: int | None = None
    choices: Choices | None = None
    help: Label | None = None
    player_editable: bool = False  # a player may change it on their own character
    npc_only: bool = False  # only for NPCs and monsters; hidden on characters
    item_fields: tuple[Field, ...] | None = None
    pattern: str | None = None  # regex a dice or text value must match in full
    nullable: bool = False  # None (or "") is a valid value meaning "not set"
    suggestions: Choices = ()
    max_items: int = 50  # for tags, levels and records

    def __post_init__(self) -> None:
        problem = _field_definition_problem(self)
        if problem:
            raise ValueError(f"field {self.name!r}: {problem}")

    def choice_label(self, value: str, lang: str | None = None) -> str:
        for known, label in (self.choices or ()) + self.suggestions:
            if known == value:
                return label.get(lang)
        return value


def _field_definition_problem(f: Field) -> str | None:
    if not _NAME_RE.fullmatch(f.name):
        return "name must be lower_snake_case"
    if f.kind not in KINDS:
        return f"unknown kind {f.kind!r}"
    if f.kind in ("int", "levels") and (f.min is None or f.max is None or f.min > f.max):
        return "int and levels fields need min <= max"
    if f.kind == "choice" and not f.choices:
        return "a choice field needs choices"
    if f.kind == "records" and not f.item_fields:
        return "a records field needs item_fields"
    if f.pattern is not None:
        re.compile(f.pattern)
    return None
