"""`python manage.py replay FILE`: re-resolve an exported encounter and check every outcome.

Prints one JSON object per re-resolved outcome (JSON Lines); exits 1 with a readable list of
every difference when the replay does not reproduce the recording. FILE "-" reads stdin.
"""

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from combat.replay import EncounterFormatError, replay_encounter
from combat.rules.base import RulesError


def _read(name: str) -> Any:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        return json.loads(text)
    except OSError as error:
        raise CommandError(f"cannot read {name}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise CommandError(f"{name} is not JSON: {error}") from None


class Command(BaseCommand):
    help = "Replay an exported encounter from its recorded faces; exit 1 when anything differs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help='an export_encounter file, or "-" for standard input')

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = replay_encounter(_read(options["file"]))
        except (EncounterFormatError, RulesError) as error:
            raise CommandError(str(error)) from None
        for summary in report.summaries:
            self.stdout.write(json.dumps(summary, ensure_ascii=False))
        if not report.ok:
            lines = "\n".join(f"  {difference}" for difference in report.differences)
            raise CommandError(
                f"the replay differs from the recording in {len(report.differences)} place(s):\n"
                + lines
            )
