"""Django form fields built from a rule system's stat schema (combat.rules.schema).

Every stat gets its own named, labelled, validated field — never a raw JSON box. Lists are
edited as text a person can read: levels as "Atletika: 2" lines, tags comma-separated,
records as blocks of "field: value" lines separated by a blank line.
"""

import re
from collections.abc import Iterable, Mapping
from typing import Any, Self, cast

from django import forms
from django.utils.translation import get_language, gettext

from combat.rules.schema import Field, Schema, StatError

from .systemwords import sheet_word

PREFIX = "stat_"
NESTED_SEPARATOR = ";"


def form_name(stat: str) -> str:
    return PREFIX + stat


def _choices(field: Field, lang: str) -> list[tuple[str, str]]:
    options = [(value, label.get(lang)) for value, label in field.choices or ()]
    return ([("", "—")] if field.nullable else []) + options


def _text_widget(field: Field) -> forms.Widget:
    if field.kind in {"levels", "records"} or (field.max or 0) > 200:
        return forms.Textarea(attrs={"rows": 6 if field.kind == "records" else 3})
    return forms.TextInput()


def make_field(field: Field, lang: str) -> forms.Field:
    """One Django form field for one stat. The schema does the real validation on submit."""
    common: dict[str, Any] = {
        "label": field.label.get(lang),
        "help_text": field.help.get(lang) if field.help else "",
        "required": field.kind in {"int", "dice"} and not field.nullable,
    }
    if field.kind == "int":
        return forms.IntegerField(min_value=field.min, max_value=field.max, **common)
    if field.kind == "bool":
        return forms.BooleanField(**common)
    if field.kind == "choice":
        return forms.ChoiceField(choices=_choices(field, lang), **common)
    if field.kind == "tags" and field.choices:
        return forms.MultipleChoiceField(
            choices=_choices(field, lang), widget=forms.CheckboxSelectMultiple, **common
        )
    if field.kind == "tags":
        common["help_text"] = common["help_text"] or gettext("Separate items with commas.")
    if field.kind == "levels":
        # The example is the system's own first choice, or first suggested name, in the page's
        # language ("Pistols: 2" for Shadowrun, "Pistole: 2" in Czech).
        first = next(iter(field.choices or field.suggestions or ()), None)
        example = f"{first[1].get(lang)}: 2" if first else "2"
        hint = (
            gettext('One per line or separated by commas, e.g. "%(example)s".')
            if field.choices
            else gettext('One per line, e.g. "%(example)s".')
        )
        common["help_text"] = " ".join(
            filter(None, (common["help_text"], hint % {"example": example}))
        )
    if field.kind == "records":
        common["help_text"] = (common["help_text"] + " " if common["help_text"] else "") + (
            gettext('One block per item, "field: value" lines, a blank line between items.')
        )
    return forms.CharField(widget=_text_widget(field), strip=True, **common)


def make_fields(schema: Schema, lang: str, names: Iterable[str]) -> dict[str, forms.Field]:
    return {form_name(name): make_field(schema[name], lang) for name in names}


# --- stored value -> what the form shows -----------------------------------------------------


def _nested_text(fields: tuple[Field, ...], items: Iterable[Mapping[str, Any]]) -> str:
    parts = []
    for item in items:
        values = [str(item.get(f.name)) for f in fields if item.get(f.name) not in (None, "")]
        parts.append(" ".join(values))
    return f"{NESTED_SEPARATOR} ".join(parts)


def _records_text(field: Field, records: Iterable[Mapping[str, Any]]) -> str:
    blocks = []
    for record in records:
        lines = []
        for item_field in field.item_fields or ():
            value = record.get(item_field.name)
            if item_field.kind == "records":
                value = _nested_text(item_field.item_fields or (), value or ())
            elif item_field.kind == "tags":
                value = ", ".join(value or ())
            if value not in (None, "", ()):
                lines.append(f"{item_field.name}: {value}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def to_form_value(field: Field, value: Any) -> Any:
    if field.kind == "tags" and not field.choices:
        return ", ".join(value or ())
    if field.kind == "levels":
        return "\n".join(f"{name}: {level}" for name, level in (value or {}).items())
    if field.kind == "records":
        return _records_text(field, value or ())
    return value


def initial_values(
    schema: Schema, stats: Mapping[str, Any], names: Iterable[str]
) -> dict[str, Any]:
    full = {**schema.defaults(), **stats}
    return {form_name(name): to_form_value(schema[name], full.get(name)) for name in names}


# --- what the form sent -> raw stats for Schema.clean ----------------------------------------


def _parse_levels(text: str, *, commas: bool) -> dict[str, str] | str:
    """ "Atletika: 2" or "STR +5" items, one per line; `commas`: also separated by commas (a
    closed list of names, which never hold one: "STR +5, CON +3")."""
    levels: dict[str, str] = {}
    for line in filter(
        None, (raw.strip() for raw in re.split(r"[\n,;]" if commas else r"\n", text))
    ):
        name, sep, level = line.rpartition(":")
        if not sep:
            name, _space, level = line.rpartition(" ")
        levels[name.strip() or line] = level.strip()
    return levels


def _parse_nested(fields: tuple[Field, ...], text: str) -> list[dict[str, str]]:
    items = []
    for chunk in filter(None, (part.strip() for part in text.split(NESTED_SEPARATOR))):
        values = chunk.split(None, max(len(fields) - 1, 0))
        items.append({f.name: v for f, v in zip(fields, values, strict=False)})
    return items


def _parse_records(field: Field, text: str) -> list[dict[str, Any]]:
    by_name = {f.name: f for f in field.item_fields or ()}
    records: list[dict[str, Any]] = []
    for block in filter(None, (b.strip() for b in text.replace("\r", "").split("\n\n"))):
        record: dict[str, Any] = {}
        for line in filter(None, (raw.strip() for raw in block.splitlines())):
            key, _sep, value = line.partition(":")
            key, value = key.strip(), value.strip()
            item = by_name.get(key)
            if item is not None and item.kind == "records":
                record[key] = _parse_nested(item.item_fields or (), value)
            elif item is not None and item.kind == "tags":
                record[key] = [v.strip() for v in value.split(",") if v.strip()]
            else:
                record[key] = value  # unknown keys are reported by the schema
        records.append(record)
    return records


def from_form_value(field: Field, value: Any) -> Any:
    if value in (None, "") and field.kind in {"int", "choice", "dice"}:
        return None if field.nullable else ("" if field.kind != "int" else None)
    if field.kind == "tags" and isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    if field.kind == "levels":
        return _parse_levels(value or "", commas=bool(field.choices))
    if field.kind == "records":
        return _parse_records(field, value or "")
    return value


def stats_from_form(
    schema: Schema, cleaned: Mapping[str, Any], current: Mapping[str, Any], names: Iterable[str]
) -> dict[str, Any]:
    """Merge the edited stats into the stored ones and clean them; raises StatError."""
    changes = {}
    for name in names:
        value = from_form_value(schema[name], cleaned.get(form_name(name)))
        if value is None and not schema[name].nullable:
            continue  # an empty required number keeps its stored value; the form said so
        changes[name] = value
    return schema.clean({**schema.defaults(), **current, **changes})


def merge_into(form: "StatsModelForm", current: Mapping[str, Any]) -> bool:
    """Inside a write's lock: the form's edited stats merged into `current` (the row as it is
    now) and set on the form's instance; False, with the problems shown at their fields, when
    the merged stats do not hold."""
    if form.schema is None:
        return True
    try:
        form.instance.stats = stats_from_form(
            form.schema, form.cleaned_data, current, form.stat_names
        )
    except StatError as error:
        add_stat_errors(form, error)
        return False
    return True


_STEP = re.compile(r"\[(\d+)\]|\.([^.\[]+)")


def _where(schema: Schema | None, root: str, path: str) -> str:
    """A problem's place in the form's words: "attacks[0].weapon" → "item 1, Weapon"; a level's
    name ("saving_throws.STR +5") as the user wrote it."""
    field = schema[root] if schema is not None and root in schema.names else None
    parts = []
    for index, name in _STEP.findall(path[len(root) :]):
        if index:
            parts.append(gettext("item %(number)s") % {"number": int(index) + 1})
            continue
        inner = (
            next((f for f in (field.item_fields or ()) if f.name == name), None) if field else None
        )
        parts.append(inner.label.get(current_language()) if inner else name)
        field = inner
    return ", ".join(parts) or path


def add_stat_errors(form: forms.BaseForm, error: StatError) -> None:
    """Show each problem next to its field, translated into the page's language, its place in
    a list named in the form's words."""
    schema = getattr(form, "schema", None)
    for problem in error.problems:
        text = gettext(problem.template) % dict(problem.params)
        where = _where(schema, problem.root, problem.field)
        if problem.field != problem.root and where != problem.params.get("value"):
            text = f"{where}: {text}"
        target = form_name(problem.root)
        form.add_error(target if target in form.fields else None, text)


def current_language() -> str:
    return get_language() or "en"


class StatsModelForm(forms.ModelForm):  # type: ignore[type-arg]
    """A record's own fields plus one field per stat; `with_stats` bakes the stats in."""

    schema: Schema | None = None
    stat_names: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.schema is not None and not self.is_bound:
            stats = self.instance.stats or {}
            self.initial.update(initial_values(self.schema, stats, self.stat_names))
        notes, system = self.fields.get("notes"), getattr(self.instance, "system", "")
        if notes is not None and system:  # the GM's notes in the system's words (OSE's referee)
            notes.label = sheet_word(system, "gm_notes")
            notes.help_text = sheet_word(system, "gm_notes_help")

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        self._check_equipment(cleaned)
        if self.schema is not None:
            current = self.instance.stats or {}
            try:
                self.instance.stats = stats_from_form(
                    self.schema, cleaned, current, self.stat_names
                )
            except StatError as error:
                add_stat_errors(self, error)
        return cleaned

    def _check_equipment(self, cleaned: Mapping[str, Any]) -> None:
        """A character carries its campaign's items or its system's library items, no others."""
        campaign = cleaned.get("campaign") or getattr(self.instance, "campaign", None)
        for name in ("weapons", "armor"):
            items = cleaned.get(name)
            if not items or campaign is None:
                continue
            foreign = [
                i.name
                for i in items
                if i.campaign_id not in (None, campaign.pk) or i.system != campaign.system
            ]
            if foreign:
                message = gettext("Not from this campaign or its system's library: %(items)s")
                self.add_error(name, message % {"items": ", ".join(foreign)})

    @classmethod
    def with_stats(
        cls, schema: Schema, names: Iterable[str], lang: str | None = None
    ) -> type[Self]:
        names = tuple(names)
        attrs: dict[str, Any] = make_fields(schema, lang or current_language(), names)
        attrs.update(schema=schema, stat_names=names)
        # type() makes a subclass of cls, which mypy cannot see through.
        return cast(type[Self], type(f"{cls.__name__}WithStats", (cls,), attrs))
