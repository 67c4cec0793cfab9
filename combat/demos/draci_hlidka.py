"""Dračí Hlídka (seed 000): Baldur against the goblin leader — initiative 6 vs 3, then Attack 12
(SIL 4 + sword 5 + a rolled 3) against the leader's active Defence 5 (OČ 4 + a rolled 1) → 8 HP.
"""

from django.contrib.auth.models import User

from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.rules.base import Action

from .common import keys_of, record

PREPARED = "Přepadení na stezce"
FINISHED = "Baldur a vůdce skřetů"


def prepared(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, PREPARED, gm)
    for number, name in enumerate(("Baldur", "Meredil", "Grop")):
        hero = record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=hero, side="party")
    leader = record(Monster, campaign, "Vůdce skřetů")
    goblin = record(Monster, campaign, "Skřet")
    workflows.add_combatants(encounter.pk, gm, "demo-l", record=leader)
    workflows.add_combatants(encounter.pk, gm, "demo-g", record=goblin, count=3)


def finished(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, FINISHED, gm)
    baldur = record(Character, campaign, "Baldur")
    workflows.add_combatants(encounter.pk, gm, "demo-b", record=baldur, side="party")
    workflows.add_combatants(
        encounter.pk, gm, "demo-v", record=record(Monster, campaign, "Vůdce skřetů")
    )
    workflows.roll_initiative(encounter.pk, gm, "demo-i", typed_faces=[5, 2])
    keys = keys_of(encounter.pk)
    attack = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, gm, "demo-a", attack, [3, 1])
    workflows.end_encounter(encounter.pk, gm, "demo-e")
