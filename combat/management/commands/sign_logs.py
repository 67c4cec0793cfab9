"""`python manage.py sign_logs [ENCOUNTER_ID …] [--accept-head]`: re-seal the logs' heads.

After a signing key changes (SECRET_KEY rotated with the old one in SECRET_KEY_FALLBACKS, or
LOG_SIGNING_KEY with LOG_SIGNING_KEY_FALLBACKS), every head is signed again with the new key.
Only a log whose chain is intact and whose seal holds under the current or an old key is
re-signed; anything else is named and left as it is, because signing it would bless a rewound
log. `--accept-head` signs an intact chain's head whatever its seal (a key that was lost): that
trusts the database as it stands now, so check the fight first.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from combat.eventlog import chain_problems, seal, seal_holds
from combat.models import Encounter


class Command(BaseCommand):
    help = "Sign the encounters' log heads again with the current signing key."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="encounters to sign (default: all)")
        parser.add_argument(
            "--accept-head",
            action="store_true",
            help="sign an intact chain's head even if its seal does not hold (trusts it as is)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        ids = Encounter.objects.order_by("pk").values_list("pk", flat=True)
        if options["ids"]:
            ids = ids.filter(pk__in=options["ids"])
        refused = [pk for pk in list(ids) if not self._sign(pk, options["accept_head"])]
        if refused:
            raise CommandError(f"{len(refused)} encounter log(s) were not signed: {refused}")

    def _sign(self, pk: int, accept_head: bool) -> bool:
        with transaction.atomic():  # locked, so no append slips in between check and seal
            encounter = Encounter.objects.select_for_update().get(pk=pk)
            problems = chain_problems(encounter)
            if not problems and not (accept_head or seal_holds(encounter)):
                problems = ["the head's seal does not hold (tail cut or head rewound?)"]
            for problem in problems:
                self.stdout.write(f"encounter {pk} ({encounter.name}): {problem}, not signed")
            if problems:
                return False
            seal(encounter)
            encounter.save(update_fields=["log_seal"])
        self.stdout.write(f"encounter {pk}: {encounter.log_length} events, signed")
        return True
