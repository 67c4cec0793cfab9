"""`python manage.py verify_log [ENCOUNTER_ID …]`: recompute the hash chains, name every break.

Also checks each head's seal (combat.eventlog): a tail cut off with the head rewound to what is
left keeps an intact chain, but its seal no longer holds without the signing key."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from combat.eventlog import verify_chain
from combat.models import Encounter


class Command(BaseCommand):
    help = (
        "Check that no event of an encounter's log was edited, deleted or reordered, and that "
        "no tail was cut off (the head's seal)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="encounters to check (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        encounters = Encounter.objects.order_by("pk")
        if options["ids"]:
            encounters = encounters.filter(pk__in=options["ids"])
        broken = 0
        for encounter in encounters:
            problems = verify_chain(encounter)
            for problem in problems:
                self.stdout.write(f"encounter {encounter.pk} ({encounter.name}): {problem}")
            broken += bool(problems)
            if not problems:
                self.stdout.write(
                    f"encounter {encounter.pk}: {encounter.log_length} events, intact"
                )
        if broken:
            raise CommandError(f"{broken} encounter log(s) were tampered with")
