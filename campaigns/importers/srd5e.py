"""Import the 5e-bits SRD 5.1 data (monsters, weapons, armour) into the shared library.

Both files are read and every entry is mapped (combat.rules.dnd5e.srd) before anything is
written; the rows are then written in one transaction for the whole run. So a file that is
not JSON, or not an SRD list, stops the import with nothing written, while a single bad entry
is reported by name and SRD field and skipped. Rows are keyed like `update_or_create` on
(system, source, name) with no campaign: a re-run creates what is new, updates the stats that
changed and leaves the rest (and any notes a GM wrote on library rows) alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.models import Armor, Monster, Weapon
from campaigns.models.records import LibraryRecord
from combat.rules.dnd5e import SYSTEM as DND5E
from combat.rules.dnd5e.srd import SrdEntryError, equipment_from_srd, monster_from_srd

SYSTEM = DND5E.key
SOURCE = "5e SRD"
MONSTERS_FILE = "5e-SRD-Monsters.json"
EQUIPMENT_FILE = "5e-SRD-Equipment.json"
PROGRESS_EVERY = 50
NAME_MAX = Monster._meta.get_field("name").max_length or 120
MODELS: dict[str, type[LibraryRecord]] = {
    "monster": Monster,
    "weapon": Weapon,
    "armor": Armor,
}

Progress = Callable[[str], None]


class SrdImportError(Exception):
    """A file that cannot be imported at all (missing, not JSON, not an SRD list)."""


@dataclass(frozen=True)
class Skipped:
    """One entry left out: its place in the file, its name, the SRD field and why."""

    file: str
    index: int
    name: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file} entry {self.index}"
        return f"{where} {self.name!r}: {self.field or 'entry'}: {self.message}"


@dataclass
class Tally:
    created: int = 0
    updated: int = 0
    unchanged: int = 0


@dataclass
class SrdImportReport:
    """What one run did, per kind of record ("monster", "weapon", "armor")."""

    tallies: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in MODELS})
    skipped: list[Skipped] = field(default_factory=list)
    other_items: int = 0  # equipment that is neither a weapon nor armour (rope, abacus …)


@dataclass
class _Plan:
    rows: dict[str, dict[str, dict[str, Any]]]  # kind -> name -> stats
    skipped: list[Skipped]
    other_items: int = 0


def read_entries(path: Path) -> list[Any]:
    """The JSON list in one SRD file; SrdImportError naming the file and the problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SrdImportError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SrdImportError(f"{path}: cannot be read ({error})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SrdImportError(f"{path}: not valid JSON ({error})") from None
    if not isinstance(data, list):
        found = type(data).__name__
        raise SrdImportError(f"{path}: expected a JSON list of SRD entries, found a {found}")
    if not data:
        raise SrdImportError(f"{path}: the list of SRD entries is empty")
    return data


def _plan(
    filename: str,
    entries: list[Any],
    mapper: Callable[[Any], tuple[str, str, dict[str, Any]] | None],
    progress: Progress,
) -> _Plan:
    plan = _Plan(rows={kind: {} for kind in MODELS}, skipped=[])
    for index, entry in enumerate(entries, 1):
        try:
            mapped = mapper(entry)
        except SrdEntryError as error:
            plan.skipped.append(Skipped(filename, index, error.name, error.field, error.message))
        else:
            if mapped is None:
                plan.other_items += 1
            else:
                _add(plan, filename, index, mapped)
        if index % PROGRESS_EVERY == 0 or index == len(entries):
            progress(f"  {filename}: {index}/{len(entries)} entries read")
    return plan


def _add(plan: _Plan, filename: str, index: int, mapped: tuple[str, str, dict[str, Any]]) -> None:
    kind, name, stats = mapped
    if len(name) > NAME_MAX:
        problem = f"longer than {NAME_MAX} characters"
        plan.skipped.append(Skipped(filename, index, name[:40], "name", problem))
    elif name in plan.rows[kind]:
        problem = "appears twice in the file; the first one is kept"
        plan.skipped.append(Skipped(filename, index, name, "name", problem))
    else:
        plan.rows[kind][name] = stats


def _as_monster(entry: Any) -> tuple[str, str, dict[str, Any]]:
    name, stats = monster_from_srd(entry)
    return "monster", name, stats


def _check_kind(path: Path, entries: list[Any], plan: _Plan, what: str) -> None:
    """A file where no entry maps is the wrong file (equipment given as monsters …)."""
    if plan.skipped and len(plan.skipped) == len(entries):
        first = plan.skipped[0]
        raise SrdImportError(
            f"{path}: none of its {len(entries)} entries is an SRD {what} "
            f"(the first: {first.field or 'entry'}: {first.message}); is it the right file?"
        )


def _write(kind: str, rows: Mapping[str, dict[str, Any]]) -> Tally:
    """Create the new rows and update the changed ones, keyed by (system, source, name)."""
    model = MODELS[kind]
    existing = {
        r.name: r for r in model.objects.filter(campaign=None, system=SYSTEM, source=SOURCE)
    }
    new: list[LibraryRecord] = []
    changed: list[LibraryRecord] = []
    tally, now = Tally(), timezone.now()
    for name, stats in rows.items():
        row = existing.get(name)
        if row is None:
            new.append(model(system=SYSTEM, source=SOURCE, name=name, stats=stats))
        elif row.stats != stats:
            row.stats, row.updated_at = stats, now  # bulk_update skips auto_now
            changed.append(row)
        else:
            tally.unchanged += 1
    model.objects.bulk_create(new, batch_size=200)
    model.objects.bulk_update(changed, ["stats", "updated_at"], batch_size=200)
    tally.created, tally.updated = len(new), len(changed)
    return tally


def _read_and_plan(directory: Path, progress: Progress) -> Iterator[_Plan]:
    for filename, mapper, what in (
        (MONSTERS_FILE, _as_monster, "monster"),
        (EQUIPMENT_FILE, equipment_from_srd, "item"),
    ):
        path = directory / filename
        progress(f"Reading {path}")
        entries = read_entries(path)
        plan = _plan(filename, entries, mapper, progress)
        _check_kind(path, entries, plan, what)
        yield plan


def import_srd5e(directory: Path, progress: Progress = lambda line: None) -> SrdImportReport:
    """Import both SRD files from `directory`; SrdImportError (nothing written) if one is bad."""
    report = SrdImportReport()
    rows: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind in MODELS}
    for plan in _read_and_plan(Path(directory), progress):
        for kind, named in plan.rows.items():
            rows[kind].update(named)
        report.skipped.extend(plan.skipped)
        report.other_items += plan.other_items
    progress("Writing the library rows")
    with transaction.atomic():
        for kind, named in rows.items():
            report.tallies[kind] = _write(kind, named)
    return report
