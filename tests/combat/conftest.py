"""Fixtures of the combat tests."""

import pytest

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows


@pytest.fixture
def fight(db, django_user_model):
    """The seed's own fight: Baldur against the goblin leader, initiative rolled."""
    return _seed_fight(django_user_model)


@pytest.fixture
def fight_every_turn(db, django_user_model):
    """The same fight with Next turn passing over nobody (the option off): the seed's bleeding
    example walks round by round through the turns of a leader down below 0 HP."""
    return _seed_fight(django_user_model, skip_defeated="no")


def _seed_fight(django_user_model, **options):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="draci_hlidka")
    campaign.fight_options = {**campaign.fight_options, **options}
    campaign.save(update_fields=["fight_options"])
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
