import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.exchange import CampaignFormatError, export_campaign
from campaigns.models import Campaign


class Command(BaseCommand):
    help = "Export one campaign as JSON (docs/campaign-format.md) to stdout or --output FILE."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("campaign_id", type=int, help="the campaign's id")
        parser.add_argument("--output", type=Path, help="write to this file instead of stdout")

    def handle(self, *args: Any, **options: Any) -> None:
        campaign = Campaign.objects.filter(pk=options["campaign_id"]).first()
        if campaign is None:
            raise CommandError(f"No campaign has the id {options['campaign_id']}.")
        try:
            text = json.dumps(export_campaign(campaign), ensure_ascii=False, indent=2) + "\n"
        except CampaignFormatError as error:
            raise CommandError(f"Cannot export {campaign.name!r}: {error}") from None
        if options["output"] is None:
            self.stdout.write(text, ending="")
            return
        try:
            options["output"].write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {options['output']}: {error}") from None
        self.stderr.write(f"Exported {campaign.name!r} to {options['output']}.")
