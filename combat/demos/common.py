"""What every system's demo encounters use: a demo record by name, the combatants' keys."""

from typing import Any

from campaigns.models import Campaign
from combat.models import Encounter


def record(model: Any, campaign: Campaign, name: str) -> Any:
    return model.objects.get(campaign=campaign, name=name)


def keys_of(encounter_pk: int) -> dict[str, str]:
    return {c.name: c.key for c in Encounter.objects.get(pk=encounter_pk).combatants.all()}
