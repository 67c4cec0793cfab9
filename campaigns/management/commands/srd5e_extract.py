from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.importers.srd5e import SrdImportError
from campaigns.importers.srd5e_extract import EXTRACT, write_extract


class Command(BaseCommand):
    help = (
        "Write the stats-only extract of the 5e SRD (numbers and names, no prose) that "
        f"`load_demo` puts into the D&D 5e library, from DIR's SRD files, to {EXTRACT.name}."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path, help="the folder holding both JSON files")
        parser.add_argument("--to", type=Path, default=EXTRACT, help="where to write it")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            extract = write_extract(options["directory"], options["to"])
        except SrdImportError as error:
            raise CommandError(f"{error}. Nothing was written.") from None
        counts = ", ".join(f"{len(extract[k])} {k}s" for k in ("monster", "weapon", "armor"))
        self.stdout.write(f"{options['to']}: {counts}.")
