"""Demo encounters: a prepared fight and the seed's own finished fight, with its whole log.

Dračí Hlídka (seed 000): Baldur against the goblin leader — initiative 6 vs 3, then Attack 12
(SIL 4 + sword 5 + a rolled 3) against the leader's active Defence 5 (OČ 4 + a rolled 1) → 8 HP.
Idempotent: an encounter that exists by name is left alone.
"""

from typing import Any

from campaigns.models import Campaign, Character, Monster
from combat.rules.base import Action
from combat.rules.engines import has_engine

from . import workflows
from .models import Encounter

PREPARED = "Přepadení na stezce"
FINISHED = "Baldur a vůdce skřetů"


def _record(model: Any, campaign: Campaign, name: str) -> Any:
    return model.objects.get(campaign=campaign, name=name)


def _prepared(campaign: Campaign, gm: Any) -> None:
    encounter = workflows.create_encounter(campaign, PREPARED, gm)
    for number, name in enumerate(("Baldur", "Meredil", "Grop")):
        record = _record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=record, side="party")
    leader = _record(Monster, campaign, "Vůdce skřetů")
    goblin = _record(Monster, campaign, "Skřet")
    workflows.add_combatants(encounter.pk, gm, "demo-l", record=leader)
    workflows.add_combatants(encounter.pk, gm, "demo-g", record=goblin, count=3)


def _finished(campaign: Campaign, gm: Any) -> None:
    encounter = workflows.create_encounter(campaign, FINISHED, gm)
    baldur = _record(Character, campaign, "Baldur")
    workflows.add_combatants(encounter.pk, gm, "demo-b", record=baldur, side="party")
    workflows.add_combatants(
        encounter.pk, gm, "demo-v", record=_record(Monster, campaign, "Vůdce skřetů")
    )
    workflows.roll_initiative(encounter.pk, gm, "demo-i", typed_faces=[5, 2])
    keys = {c.name: c.key for c in Encounter.objects.get(pk=encounter.pk).combatants.all()}
    attack = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, gm, "demo-a", attack, [3, 1])
    workflows.end_encounter(encounter.pk, gm, "demo-e")


def load_demo_encounters(gm: Any) -> int:
    created = 0
    for campaign in Campaign.objects.filter(memberships__user=gm, memberships__role="gm"):
        if campaign.system != "draci_hlidka" or not has_engine(campaign.system):
            continue
        for name, build in ((PREPARED, _prepared), (FINISHED, _finished)):
            if not Encounter.objects.filter(campaign=campaign, name=name).exists():
                build(campaign, gm)
                created += 1
    return created
