"""D&D 5e (seed 002): Helga against an SRD goblin (AC 15, HP 7, Scimitar +4, 1d6 + 2).
Initiative 15 + 1 = 16 against 9 + 2 = 11; Helga's longsword (+5) rolls 8 → 13, a miss against
AC 15; the goblin's scimitar rolls 14 + 4 = 18 against her AC and deals 4 + 2 = 6; in round 2
Helga rolls 17 → 22 and deals 6 + 3 = 9: the goblin dies."""

from django.contrib.auth.models import User

from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.rules.base import Action

from .common import keys_of, record

PREPARED = "Gobliny na szlaku"
FINISHED = "Helga i goblin"


def prepared(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, PREPARED, gm)
    for number, name in enumerate(("Helga", "Lis", "Mira", "Brat Jan")):
        hero = record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=hero, side="party")
    goblin = record(Monster, campaign, "Goblin")
    workflows.add_combatants(encounter.pk, gm, "demo-g", record=goblin, count=4)
    workflows.add_combatants(encounter.pk, gm, "demo-w", record=record(Monster, campaign, "Wolf"))


def finished(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, FINISHED, gm)
    helga = record(Character, campaign, "Helga")
    workflows.add_combatants(encounter.pk, gm, "demo-h", record=helga, side="party")
    goblin = record(Monster, campaign, "Goblin")
    workflows.add_combatants(encounter.pk, gm, "demo-g", record=goblin)
    workflows.roll_initiative(encounter.pk, gm, "demo-i", typed_faces=[15, 9])
    keys = keys_of(encounter.pk)
    helga_key, goblin_key = keys["Helga"], keys["Goblin"]
    swing = Action("attack", helga_key, (goblin_key,), weapon="Longsword")
    workflows.resolve_action(encounter.pk, gm, "demo-a1", swing, [8])
    workflows.next_turn(encounter.pk, gm, "demo-n1")
    slash = Action("attack", goblin_key, (helga_key,), weapon="Scimitar")
    workflows.resolve_action(encounter.pk, gm, "demo-a2", slash, [14, 4])
    workflows.next_turn(encounter.pk, gm, "demo-n2")
    workflows.resolve_action(encounter.pk, gm, "demo-a3", swing, [17, 6])
    workflows.end_encounter(encounter.pk, gm, "demo-e")
