import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.importers.srd5e import (
    EQUIPMENT_FILE,
    MONSTERS_FILE,
    SOURCE,
    SrdImportError,
    SrdImportReport,
    import_srd5e,
)

LABELS = {"monster": "Monsters", "weapon": "Weapons", "armor": "Armour"}


class Command(BaseCommand):
    help = (
        f"Import the 5e SRD monsters, weapons and armour ({MONSTERS_FILE} and {EQUIPMENT_FILE} "
        f"in DIR) into the shared D&D 5e library, source {SOURCE!r}. One transaction for the "
        "whole run: a bad file imports nothing, a bad entry is reported and skipped. Safe to "
        "run again: rows are updated in place, never duplicated."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path, help="the folder holding both JSON files")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        try:
            report = import_srd5e(options["directory"], progress=self.stdout.write)
        except SrdImportError as error:
            raise CommandError(f"{error}. Nothing was imported.") from None
        self.write_report(report, time.perf_counter() - started)

    def write_report(self, report: SrdImportReport, seconds: float) -> None:
        for skipped in report.skipped:
            self.stderr.write(self.style.WARNING(f"Skipped {skipped}"))
        for kind, tally in report.tallies.items():
            self.stdout.write(
                f"{LABELS[kind]}: {tally.created} created, {tally.updated} updated, "
                f"{tally.unchanged} unchanged."
            )
        self.stdout.write(
            f"{len(report.skipped)} entries skipped, {report.other_items} other items "
            f"(neither weapons nor armour) ignored; {seconds:.1f} s."
        )
