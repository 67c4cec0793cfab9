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
from typing import Any

from combat.rules.fields import (
    _FALSE as _FALSE,
)
from combat.rules.fields import (
    _INT_RE as _INT_RE,
)
from combat.rules.fields import (
    _MINUS as _MINUS,
)
from combat.rules.fields import (
    _TRUE as _TRUE,
)
from combat.rules.fields import (
    DEFAULT_TAG_MAX as DEFAULT_TAG_MAX,
)
from combat.rules.fields import (
    DEFAULT_TEXT_MAX as DEFAULT_TEXT_MAX,
)
from combat.rules.fields import (
    DICE_MAX as DICE_MAX,
)
from combat.rules.fields import (
    DICE_PATTERN as DICE_PATTERN,
)
from combat.rules.fields import (
    KINDS as KINDS,
)
from combat.rules.fields import (
    LANGUAGES as LANGUAGES,
)
from combat.rules.fields import (
    NAME_MAX as NAME_MAX,
)
from combat.rules.fields import (
    NON_FIELD as NON_FIELD,
)
from combat.rules.fields import (
    Choices as Choices,
)
from combat.rules.fields import (
    Field as Field,
)
from combat.rules.fields import (
    Kind as Kind,
)
from combat.rules.fields import (
    Label as Label,
)
from combat.rules.fields import (
    Problem as Problem,
)
from combat.rules.fields import (
    StatError as StatError,
)

# The parts of a schema live in combat.rules.fields; they are named here too, as ever.
from combat.rules.fields import (
    _ as _,
)
from combat.rules.fields import (
    _Bad as _Bad,
)

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
    label = Label("rules", "Notes")
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
