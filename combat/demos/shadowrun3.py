"""Shadowrun 3 (seed 003): Liam shoots Snot — Pistols 6 + 4 combat-pool dice = 10 dice vs TN 4,
5 successes; Snot dodges with 2 pool dice (2 successes) and resists with Body 5 against
9 − 4 = 5 (1 success): 3 against 5 → 9M stages up to 9S (seed 003's example; Snot's earlier
light wound of the seed is left out, so his TNs are the unwounded ones)."""

from django.contrib.auth.models import User

from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.rules.base import Action

from .common import keys_of, record

PREPARED = "Přestřelka v Redmondu"
FINISHED = "Liam a Snot"
ATTACK = [5, 5, 4, 4, 4, 1, 1, 2, 3, 3]  # 10 dice vs 4: five successes, no six to re-roll
DODGE = [5, 4]  # 2 pool dice vs 4: two successes
RESIST = [5, 1, 1, 2, 3]  # Body 5 vs 5: one success


def prepared(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, PREPARED, gm)
    for number, name in enumerate(("Liam", "Twitch", "Wedge")):
        runner = record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=runner, side="party")
    workflows.add_combatants(encounter.pk, gm, "demo-s", record=record(Character, campaign, "Snot"))
    ganger = record(Monster, campaign, "Halloweener")
    workflows.add_combatants(encounter.pk, gm, "demo-h", record=ganger, count=3)


def finished(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, FINISHED, gm)
    liam = record(Character, campaign, "Liam")
    workflows.add_combatants(encounter.pk, gm, "demo-l", record=liam, side="party")
    workflows.add_combatants(encounter.pk, gm, "demo-s", record=record(Character, campaign, "Snot"))
    workflows.roll_initiative(encounter.pk, gm, "demo-i", typed_faces=[4, 2])  # Liam 9, Snot 5
    keys = keys_of(encounter.pk)
    shot = Action(
        "fire",
        keys["Liam"],
        (keys["Snot"],),
        weapon="Ares Predator",
        modifiers={"pool": 4, "dodge_pool": 2, "distance": 5},
    )
    workflows.resolve_action(encounter.pk, gm, "demo-a", shot, ATTACK + DODGE + RESIST)
    workflows.end_encounter(encounter.pk, gm, "demo-e")
