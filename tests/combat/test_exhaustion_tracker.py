"""The tracker's HP line under 5e exhaustion (SRD 5.1: level 4, "Hit point maximum halved"),
through the page: the GM and Helga's player read "6 / 6", the maximum now, not the record's 12
(issue O)."""

from __future__ import annotations

import re

from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.rules.base import Action


def _helgas_row(client, encounter) -> str:  # type: ignore[no-untyped-def]
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    found = re.search(r'data-combatant="Helga".*?</li>', page, re.S)
    assert found is not None
    return found.group(0)


def test_helga_at_exhaustion_4_shows_half_her_maximum(client, db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dnd5e")
    encounter = workflows.create_encounter(campaign, "Tired", gm)
    helga = Character.objects.get(campaign=campaign, name="Helga")
    workflows.add_combatants(encounter.pk, gm, "x-helga", record=helga, side="party")
    goblin = Monster.objects.filter(campaign=campaign, name__startswith="Goblin").first()
    workflows.add_combatants(encounter.pk, gm, "x-gob", record=goblin)
    workflows.roll_initiative(encounter.pk, gm, "x-init", typed_faces=[20, 1])
    key = encounter.combatants.get(name="Helga").key
    client.force_login(gm)
    assert "12 / 12" in _helgas_row(client, encounter)
    tired = Action("exhaustion", key, (key,), None, {"level": 4})
    workflows.resolve_action(encounter.pk, gm, "x-tired", tired, [])
    assert "6 / 6" in _helgas_row(client, encounter)
    client.force_login(django_user_model.objects.get(username="hrac"))  # Helga's player
    assert "6 / 6" in _helgas_row(client, encounter)
