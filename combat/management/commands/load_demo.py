"""`load_demo` lives in combat because it loads both halves: campaigns' users, campaigns and
records (campaigns.demo), then combat's encounters in them (combat.demo)."""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from campaigns.demo import DEMO_GM, DEMO_PASSWORD, DEMO_PLAYERS, load_demo
from campaigns.library import fill_library
from combat.demo import load_demo_encounters
from combat.demo_record import load_demo_record


class Command(BaseCommand):
    help = (
        "Load the demo users, campaigns and their records, and fill every system's shared "
        "library (safe to run again)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        summary = load_demo()
        gm = get_user_model().objects.get(username=DEMO_GM)
        encounters = load_demo_encounters(gm)
        sessions = load_demo_record(gm)
        library = fill_library()
        self.stdout.write(
            f"Demo data ready ({summary.users_created} users, "
            f"{summary.campaigns_created} campaigns, {summary.characters_created} characters, "
            f"{summary.monsters_created} monsters, {summary.weapons_created} weapons and "
            f"{summary.armor_created} armour, {encounters} encounters and {sessions} sessions "
            "created now)."
        )
        self.stdout.write(
            f"Shared library: {library['monsters']} monsters, {library['weapons']} weapons and "
            f"{library['armor']} armour created now (each system's seed records; the D&D 5e "
            "SRD's, stats only, CC-BY-4.0: campaigns/data/SRD5E-ATTRIBUTION.md)."
        )
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        self.stdout.write(f"  game master: {DEMO_GM}")
        for name in DEMO_PLAYERS:
            self.stdout.write(f"  player:      {name}")
