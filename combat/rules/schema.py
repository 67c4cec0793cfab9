"""Stat schemas: typed, ranged, labelled fields, defined once per system and record kind.

`Schema.clean(data)` turns loose input (a form, a JSON import, the SRD importer) into the
stored form, plain JSON: it fills defaults, coerces "5" to 5, rejects unknown keys, wrong
types, bad choices and out-of-range values, and reports every problem at once in one
`StatError`. Cleaning a clean record changes nothing. The kinds, and what min/max mean for each,
are described in docs/stats.md. Messages are English templates with %(name)s placeholders,
marked with `_` for makemessages; the web layer shows `gettext(template) % params` next to
`Problem.field`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import lru_cache
from typing import Any, Literal, NamedTuple, get_args


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
    """One text in the three languages of the product, in the system's own terms."""

    cs: str
    en: str
    pl: str

    def get(self, lang: str | None) -> str:
        """The text for a language code such as "cs", "pl" or "en-us"; English otherwise."""
        code = (lang or "en").replace("_", "-").split("-")[0].lower()
        return {"cs": self.cs, "pl": self.pl}.get(code, self.en)

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


Check = Callable[[Mapping[str, Any]], Iterable[Problem]]


@dataclass(frozen=True)
class Schema:
    """The fields of one kind of record (creature, weapon, armour) of one system."""

    fields: tuple[Field, ...]
    checks: tuple[Check, ...] = ()  # cross-field rules, run when every field is valid
    _index: dict[str, Field] = dc_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {f.name: f for f in self.fields}
        if len(index) != len(self.fields):
            raise ValueError("duplicate field names")
        object.__setattr__(self, "_index", index)
        try:
            self.clean({})
        except StatError as error:
            raise ValueError(f"invalid defaults: {error}") from error

    def __getitem__(self, name: str) -> Field:
        return self._index[name]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def defaults(self) -> dict[str, Any]:
        """A fresh record with every field at its default."""
        return self.clean({})

    def visible_fields(self, *, npc: bool) -> tuple[Field, ...]:
        """The fields a form shows: characters do not see npc_only fields."""
        return tuple(f for f in self.fields if npc or not f.npc_only)

    def clean(self, data: object) -> dict[str, Any]:
        """Validate and normalise `data`; raise StatError listing every problem."""
        problems: list[Problem] = []
        cleaned = _clean_mapping(self.fields, data, "", problems)
        if not problems:
            for check in self.checks:
                problems.extend(check(cleaned))
        if problems:
            raise StatError(problems)
        return cleaned

    def update(
        self, current: Mapping[str, Any], changes: Mapping[str, Any], *, player: bool = False
    ) -> dict[str, Any]:
        """Apply `changes` to a stored record; a player may change only player_editable fields."""
        cleaned = self.clean({**current, **changes})
        if player:
            locked = [
                Problem(name, _("You may not change this field."), {})
                for name, f in self._index.items()
                if name in changes and not f.player_editable and cleaned[name] != current.get(name)
            ]
            if locked:
                raise StatError(locked)
        return cleaned


def ascending(*names: str) -> Check:
    """A check that the set (non-None) values of `names` never decrease, e.g. range bands."""

    def check(data: Mapping[str, Any]) -> Iterator[Problem]:
        floor: int | None = None
        for name in names:
            value = data.get(name)
            if value is None:
                continue
            if floor is not None and value < floor:
                yield Problem(name, _("Ensure this value is at least %(min)s."), {"min": floor})
            floor = value if floor is None else max(floor, value)

    return check


def notes_field(*, player_editable: bool = True) -> Field:
    """Free notes, the same in every system."""
    label = Label("Poznámky", "Notes", "Notatki")
    return Field("notes", "text", label, "", max=4000, player_editable=player_editable)


def _clean_mapping(
    fields: tuple[Field, ...], data: object, prefix: str, problems: list[Problem]
) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        where = prefix or NON_FIELD
        problems.append(Problem(where, _("Expected an object with named fields."), {}))
        return {}
    known = {f.name for f in fields}
    for key in data:
        if key not in known:
            where = f"{prefix}.{str(key)[:60]}" if prefix else str(key)[:60]
            problems.append(Problem(where, _("Unknown field."), {}))
    cleaned: dict[str, Any] = {}
    for f in fields:
        value = data.get(f.name, f.default)
        path = f"{prefix}.{f.name}" if prefix else f.name
        cleaned[f.name] = _clean_field(f, value, path, problems)
    return cleaned


def _clean_field(f: Field, value: object, path: str, problems: list[Problem]) -> Any:
    if value is None or (value == "" and f.nullable):
        if f.nullable:
            return None
        problems.append(Problem(path, _("This field is required."), {}))
        return None
    try:
        return _CLEANERS[f.kind](f, value, path, problems)
    except _Bad as bad:
        problems.append(Problem(path, bad.template, bad.params))
        return None


def _int(f: Field, value: object, path: str, problems: list[Problem]) -> int:
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        number = int(value)
    elif isinstance(value, str):
        text = value.strip().translate(_MINUS)
        if _INT_RE.fullmatch(text):
            number = int(text)
    if number is None:
        raise _Bad(_("Enter a whole number."))
    if f.min is not None and number < f.min:
        raise _Bad(_("Ensure this value is at least %(min)s."), min=f.min)
    if f.max is not None and number > f.max:
        raise _Bad(_("Ensure this value is at most %(max)s."), max=f.max)
    return number


def _bool(f: Field, value: object, path: str, problems: list[Problem]) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise _Bad(_("Enter yes or no."))


def _canonical(value: str, options: Choices) -> str | None:
    """The option `value` names: by value first (so a value maps to itself), then by label."""
    wanted = value.casefold()
    by_value = (known for known, _label in options if wanted == known.casefold())
    by_label = (known for known, label in options if label.matches(value))
    return next(by_value, None) or next(by_label, None)


def _choice(f: Field, value: object, path: str, problems: list[Problem]) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str):
        found = _canonical(value.strip(), f.choices or ())
        if found is not None:
            return found
    raise _Bad(_("Select a valid choice."))


def _short_text(value: object, limit: int) -> str:
    if not isinstance(value, str):
        raise _Bad(_("Enter text."))
    text = value.strip()
    try:  # NUL and lone surrogates would break a PostgreSQL JSON column
        if "\x00" in text:
            raise UnicodeError
        text.encode("utf-8")
    except UnicodeError:
        raise _Bad(_("Text may not contain invalid characters.")) from None
    if len(text) > limit:
        raise _Bad(_("Ensure this text has at most %(max)s characters."), max=limit)
    return text


def _text(f: Field, value: object, path: str, problems: list[Problem]) -> str:
    text = _short_text(value, DEFAULT_TEXT_MAX if f.max is None else f.max)
    if f.min is not None and len(text) < f.min:
        raise _Bad(_("Ensure this text has at least %(min)s characters."), min=f.min)
    if f.pattern is not None and text and not _compiled(f.pattern).fullmatch(text):
        raise _Bad(_("Enter a value in the expected format."))
    return text


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _dice(f: Field, value: object, path: str, problems: list[Problem]) -> str:
    text = "".join(_short_text(value, DICE_MAX).split()).translate(_MINUS)
    pattern = _compiled(f.pattern or DICE_PATTERN)
    for candidate in (text, text.lower(), text.upper()):
        if pattern.fullmatch(candidate):
            return candidate
    raise _Bad(_("Enter a dice expression such as %(example)s."), example="1d6+2")


def _name(f: Field, value: object, limit: int) -> str:
    text = _short_text(value, limit)
    if not text:
        raise _Bad(_("Enter a name."))
    if f.choices:
        found = _canonical(text, f.choices)
        if found is None:
            raise _Bad(_("%(value)s is not one of the available choices."), value=text[:limit])
        return found
    return _canonical(text, f.suggestions) or text


def _sequence(f: Field, value: object) -> list[object] | tuple[object, ...]:
    if not isinstance(value, list | tuple):
        raise _Bad(_("Enter a list."))
    if len(value) > f.max_items:
        raise _Bad(_("Ensure this list has at most %(max)s items."), max=f.max_items)
    return value


def _tags(f: Field, value: object, path: str, problems: list[Problem]) -> list[str]:
    tags: list[str] = []
    limit = DEFAULT_TAG_MAX if f.max is None else f.max
    for i, item in enumerate(_sequence(f, value)):
        try:
            tag = _name(f, item, limit)
        except _Bad as bad:
            problems.append(Problem(f"{path}[{i}]", bad.template, bad.params))
            continue
        if tag not in tags:
            tags.append(tag)
    return tags


def _levels(f: Field, value: object, path: str, problems: list[Problem]) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise _Bad(_("Enter names with levels."))
    if len(value) > f.max_items:
        raise _Bad(_("Ensure this list has at most %(max)s items."), max=f.max_items)
    levels: dict[str, int] = {}
    for key, level in value.items():
        where = f"{path}.{str(key).strip()[:NAME_MAX]}"
        try:
            name = _name(f, key, NAME_MAX)
            if name in levels:
                raise _Bad(_("%(value)s is listed twice."), value=name)
            levels[name] = _int(f, level, where, problems)
        except _Bad as bad:
            problems.append(Problem(where, bad.template, bad.params))
    return levels


def _records(f: Field, value: object, path: str, problems: list[Problem]) -> list[dict[str, Any]]:
    items = f.item_fields or ()
    return [
        _clean_mapping(items, item, f"{path}[{i}]", problems)
        for i, item in enumerate(_sequence(f, value))
    ]


_CLEANERS: dict[str, Callable[[Field, object, str, list[Problem]], Any]] = {
    "int": _int,
    "bool": _bool,
    "choice": _choice,
    "text": _text,
    "dice": _dice,
    "tags": _tags,
    "levels": _levels,
    "records": _records,
}
