"""Fixtures of the combat tests."""

import pytest

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows


@pytest.fixture
def fight(db, django_user_model):
    """The seed's own fight: Baldur against the goblin leader, initiative rolled."""
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="draci_hlidka")
    encounter = workflows.create_encounter(campaign, "Stezka", gm)
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    leader = Monster.objects.get(campaign=campaign, name="Vůdce skřetů")
    workflows.add_combatants(encounter.pk, gm, "k-add-1", record=baldur, side="party")
    workflows.add_combatants(encounter.pk, gm, "k-add-2", record=leader)
    # 1d6 + OBR each: Baldur 5 + 1 = 6, the leader 2 + 1 = 3 → Baldur first
    workflows.roll_initiative(encounter.pk, gm, "k-init", typed_faces=[5, 2])
    encounter.refresh_from_db()
    keys = {c.name: c.key for c in encounter.combatants.all()}
    return {"gm": gm, "encounter": encounter, "baldur": keys["Baldur"],
            "leader": keys["Vůdce skřetů"]}  # fmt: skip
