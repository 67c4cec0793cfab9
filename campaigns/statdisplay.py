"""Stats as a person reads them: each value with its label in the page's language."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from combat.rules.schema import Field, Schema


@dataclass(frozen=True)
class StatRow:
    name: str
    label: str
    value: str


def _record_summary(field: Field, record: Mapping[str, Any], lang: str) -> str:
    parts = []
    for item in field.item_fields or ():
        value = record.get(item.name)
        if value in (None, "", [], ()):
            continue
        if item.kind == "records":
            value = ", ".join(
                " ".join(str(v) for v in nested.values() if v not in (None, "")) for nested in value
            )
        elif item.kind == "int" and item.name.endswith("bonus"):
            value = f"{value:+d}"
        elif item.kind == "choice":
            value = item.choice_label(str(value), lang)
        parts.append(str(value))
    return " · ".join(parts)


def display_value(field: Field, value: Any, lang: str) -> str:
    if value is None or value == "":
        return "—"
    if field.kind == "bool":
        return _("yes") if value else _("no")
    if field.kind == "choice":
        return field.choice_label(str(value), lang)
    if field.kind == "tags":
        return ", ".join(field.choice_label(str(v), lang) for v in value) or "—"
    if field.kind == "levels":
        return ", ".join(f"{field.choice_label(k, lang)} {v}" for k, v in value.items()) or "—"
    if field.kind == "records":
        return "\n".join(_record_summary(field, record, lang) for record in value) or "—"
    return str(value)


def stat_rows(schema: Schema, stats: Mapping[str, Any], lang: str, *, npc: bool) -> list[StatRow]:
    full = {**schema.defaults(), **stats}
    return [
        StatRow(f.name, f.label.get(lang), display_value(f, full.get(f.name), lang))
        for f in schema.visible_fields(npc=npc)
    ]
