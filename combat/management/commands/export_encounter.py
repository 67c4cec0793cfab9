"""`python manage.py export_encounter ID [--output FILE]`: an encounter and its log as JSON."""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from combat.eventlog import verify_chain
from combat.models import Encounter
from combat.replay import export_encounter


class Command(BaseCommand):
    help = "Write an encounter with every event and face as JSON (docs/encounter-format.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int, help="the encounter's id")
        parser.add_argument("--output", help="a file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        encounter = Encounter.objects.select_related("campaign").filter(pk=options["id"]).first()
        if encounter is None:
            raise CommandError(f"there is no encounter {options['id']}")
        problems = verify_chain(encounter)
        if problems:  # an export would pass an edited log off as the record of the fight
            raise CommandError(
                f"the log of encounter {encounter.pk} was tampered with, not exported: "
                + "; ".join(problems)
            )
        text = json.dumps(export_encounter(encounter), ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
