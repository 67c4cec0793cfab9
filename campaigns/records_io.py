"""JSON export and import of selected records (the admin's actions), validated by the schema."""

import json
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from combat.rules.schema import StatError
from combat.rules.systems import UnknownSystem, get_system

from .models import Armor, Campaign, Character, Monster, Weapon

RECORD_FORMAT = "iniciativa-records"
RECORD_VERSION = 1
KINDS = {"monster": Monster, "weapon": Weapon, "armor": Armor, "character": Character}
MAX_RECORDS = 5000


class RecordImportError(ValueError):
    """A file that cannot be imported; nothing of it was saved."""


def kind_of(model: type) -> str:
    return next(kind for kind, known in KINDS.items() if known is model)


def export_records(records: Any) -> dict[str, Any]:
    rows = []
    for record in records:
        row = {"system": record.system, "name": record.name, "stats": record.stats}
        row["notes"] = record.notes
        row["source"] = getattr(record, "source", "")
        row["campaign"] = record.campaign_id
        rows.append(row)
    kind = kind_of(records.model)
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "kind": kind, "records": rows}


def _parse(raw: bytes | str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise RecordImportError(
            _("The file is not valid JSON: %(error)s") % {"error": error}
        ) from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordImportError(_("This is not an Iniciativa records file."))
    if data.get("version") != RECORD_VERSION:
        raise RecordImportError(
            _("Unknown records file version: %(v)s") % {"v": data.get("version")}
        )
    if not isinstance(data.get("records"), list) or len(data["records"]) > MAX_RECORDS:
        raise RecordImportError(_("The file must list at most %(n)s records.") % {"n": MAX_RECORDS})
    return data


def _build(model: type, row: Any, number: int) -> Any:
    if not isinstance(row, dict) or not isinstance(row.get("name"), str) or not row["name"].strip():
        raise RecordImportError(_("Record %(n)s has no name.") % {"n": number})
    where = {"n": number, "name": row["name"][:60]}
    try:
        schema = getattr(get_system(row.get("system")), model.schema_part)
        stats = schema.clean(row.get("stats") or {})
    except UnknownSystem:
        raise RecordImportError(
            _("Record %(n)s (%(name)s): unknown rule system.") % where
        ) from None
    except StatError as error:
        problem = error.problems[0]
        message = _(problem.template) % dict(problem.params)
        raise RecordImportError(
            _("Record %(n)s (%(name)s), field %(field)s: %(message)s")
            % {**where, "field": problem.field, "message": message}
        ) from None
    campaign = None
    if row.get("campaign") is not None:
        campaign = Campaign.objects.filter(pk=row["campaign"], system=row["system"]).first()
        if campaign is None:
            raise RecordImportError(_("Record %(n)s (%(name)s): no such campaign.") % where)
    values = {"system": row["system"], "name": row["name"].strip()[:120], "stats": stats}
    values.update(notes=str(row.get("notes") or "")[:20000], campaign=campaign)
    if hasattr(model, "source"):
        values["source"] = str(row.get("source") or "")[:60]
    return model(**values)


@transaction.atomic
def import_records(model: type, raw: bytes | str) -> int:
    """Create the file's records; any bad record stops the import and nothing is saved."""
    data = _parse(raw)
    if data.get("kind") != kind_of(model):
        raise RecordImportError(_("This file holds %(kind)s records.") % {"kind": data.get("kind")})
    records = [_build(model, row, number) for number, row in enumerate(data["records"], 1)]
    if model is Character and any(record.campaign is None for record in records):
        raise RecordImportError(_("Every character needs a campaign."))
    for record in records:
        record.save()
    return len(records)
