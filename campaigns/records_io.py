"""JSON export and import of selected records (the admin's actions), validated by the schema."""

import json
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from combat.rules.schema import StatError
from combat.rules.systems import UnknownSystem, get_system
from config.nul import nul_path

from .models import Armor, Campaign, Character, Monster, Weapon
from .models.records import LibraryRecord, SystemRecord

RECORD_FORMAT = "iniciativa-records"
RECORD_VERSION = 1
KINDS: dict[str, type[SystemRecord]] = {
    "monster": Monster,
    "weapon": Weapon,
    "armor": Armor,
    "character": Character,
}
MAX_RECORDS = 5000
MAX_FILE_BYTES = 10 * 1024 * 1024  # read into memory whole: a bound on what one upload costs
_Record = TypeVar("_Record", bound=SystemRecord)
Record = LibraryRecord | Character  # a monster, weapon, armour or character


class RecordImportError(ValueError):
    """A file that cannot be imported; nothing of it was saved."""


def kind_of(model: type[SystemRecord]) -> str:
    return next(kind for kind, known in KINDS.items() if known is model)


def export_records(records: QuerySet[Record]) -> dict[str, Any]:
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
    where = nul_path(data["records"], "records")
    if where is not None:
        raise RecordImportError(
            _("%(where)s: the text contains a zero byte (NUL).") % {"where": where}
        )
    return data


@dataclass(frozen=True)
class Destination:
    """Where an import may write: `allowed`, the campaigns the importer runs (the file's ids are
    looked up only among them); `library`, whether a record without a campaign may go to the
    shared library (superusers only); `into`, a campaign chosen in the form, which every record
    of the file goes to instead of the one the file names."""

    allowed: QuerySet[Campaign]
    library: bool = False
    into: Campaign | None = None
    # (id, system) -> the campaign or None: a file of thousands of rows asks each id once
    found: dict[tuple[int, str], Campaign | None] = field(default_factory=dict, compare=False)

    def lookup(self, pk: int, system: str) -> Campaign | None:
        if (pk, system) not in self.found:
            self.found[pk, system] = self.allowed.filter(pk=pk, system=system).first()
        return self.found[pk, system]


def _stats(model: type[SystemRecord], row: dict[str, Any], where: dict[str, Any]) -> dict[str, Any]:
    system, stats = row.get("system"), row.get("stats") or {}
    if not isinstance(stats, dict):
        raise RecordImportError(_("Record %(n)s (%(name)s): the stats are not a mapping.") % where)
    try:
        if not isinstance(system, str):
            raise UnknownSystem(repr(system))
        schema = getattr(get_system(system), model.schema_part)
        return dict(schema.clean(stats))
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


def _campaign(row: dict[str, Any], where: dict[str, Any], to: Destination) -> Campaign | None:
    """The record's campaign. An id the importer does not run reads exactly like a missing one."""
    if to.into is not None:
        if to.into.system != row["system"]:
            raise RecordImportError(
                _("Record %(n)s (%(name)s) is of another rule system than %(campaign)s.")
                % {**where, "campaign": to.into.name}
            )
        return to.into
    wanted = row.get("campaign")
    if wanted is None:
        if not to.library:
            message = _(
                "Record %(n)s (%(name)s) belongs to the shared library, which only an "
                "administrator changes: choose one of your campaigns to import into."
            )
            raise RecordImportError(message % where)
        return None
    valid = isinstance(wanted, int) and not isinstance(wanted, bool) and 0 < wanted < 2**63
    found = to.lookup(wanted, row["system"]) if valid else None
    if found is None:
        raise RecordImportError(_("Record %(n)s (%(name)s): no such campaign.") % where)
    return found


def _build(model: type[_Record], row: Any, number: int, to: Destination) -> _Record:
    if not isinstance(row, dict) or not isinstance(row.get("name"), str) or not row["name"].strip():
        raise RecordImportError(_("Record %(n)s has no name.") % {"n": number})
    where = {"n": number, "name": row["name"][:60]}
    stats = _stats(model, row, where)
    campaign = _campaign(row, where, to)
    values = {"system": row["system"], "name": row["name"].strip()[:120], "stats": stats}
    values.update(notes=str(row.get("notes") or "")[:20000], campaign=campaign)
    if hasattr(model, "source"):
        values["source"] = str(row.get("source") or "")[:60]
    return model(**values)


@transaction.atomic
def import_records(model: type[SystemRecord], raw: bytes | str, to: Destination) -> int:
    """Create the file's records; any bad record stops the import and nothing is saved."""
    data = _parse(raw)
    if data.get("kind") != kind_of(model):
        raise RecordImportError(_("This file holds %(kind)s records.") % {"kind": data.get("kind")})
    records = [_build(model, row, number, to) for number, row in enumerate(data["records"], 1)]
    if any(isinstance(record, Character) and record.campaign is None for record in records):
        raise RecordImportError(_("Every character needs a campaign."))
    model._default_manager.bulk_create(records, batch_size=500)
    return len(records)
