from typing import Any

from django.core.management.base import BaseCommand

from campaigns.demo import DEMO_GM, DEMO_PASSWORD, DEMO_PLAYERS, load_demo


class Command(BaseCommand):
    help = "Load the demo users and campaigns (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        summary = load_demo()
        self.stdout.write(
            f"Demo data ready ({summary.users_created} users and "
            f"{summary.campaigns_created} campaigns created now)."
        )
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        self.stdout.write(f"  game master: {DEMO_GM}")
        for name in DEMO_PLAYERS:
            self.stdout.write(f"  player:      {name}")
