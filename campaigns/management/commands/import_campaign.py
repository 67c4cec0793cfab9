import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.exchange import CampaignFormatError, import_campaign


class Command(BaseCommand):
    help = (
        "Create a new campaign from a JSON file made by export_campaign "
        "(docs/campaign-format.md). All or nothing: a bad file changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the campaign JSON file")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            data = json.loads(path.read_bytes())
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        except (ValueError, UnicodeDecodeError) as error:
            raise CommandError(
                f"{path} is not valid JSON: {error}. Nothing was imported."
            ) from None
        try:
            campaign = import_campaign(data)
        except CampaignFormatError as error:
            raise CommandError(f"{path}: {error}. Nothing was imported.") from None
        self.stdout.write(
            f"Imported campaign {campaign.name!r} (id {campaign.pk}): "
            f"{campaign.memberships.count()} members, {campaign.characters.count()} characters."
        )
