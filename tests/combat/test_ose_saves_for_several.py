"""OSE's saving throws for several at once through the page (issue N): the referee sends one
action for Dagmar and Pip, each saves on their own, the log reads it in the page's language, and
a player is never offered it nor may post it."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign
from combat.demo import load_demo_encounters
from combat.demos.ose import PREPARED
from combat.models import Encounter, Event

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def goblins(db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    load_demo_encounters(django_user_model.objects.get(username="gm"))
    campaign = Campaign.objects.get(system="ose")
    encounter = Encounter.objects.get(campaign=campaign, name=PREPARED)
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return encounter, keys


def _url(encounter: Encounter) -> str:
    return reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])


def _page(client, encounter, language="en"):  # type: ignore[no-untyped-def]
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_referee_has_two_save_against_a_goblins_spell(client, goblins, django_user_model):
    encounter, keys = goblins
    client.force_login(django_user_model.objects.get(username="gm"))
    # Dagmar's save vs spells is 16 in the demo, Pip's 15: 12 + 2 fails, 14 + 2 saves.
    posted = {
        "key": "spell",
        "actor": keys["Goblin 1"],
        "kind": "saves",
        "value_save": "spells",
        "value_bonus": "2",
        "targets": [keys["Dagmar"], keys["Pip"]],
        "faces": "12, 14",
    }
    answer = client.post(_url(encounter), posted, **HTMX)
    assert answer.status_code == 200 and 'role="alert"' not in answer.content.decode()
    page = _page(client, encounter)
    assert "Saving throws against Goblin 1 — failed: 1, saved: 1" in page
    assert "Saving throws against Goblin 1: Spells / rods / staves" in page
    assert "Dagmar: d20 12 +2 = 14 against 16: failed" in page
    assert "Pip: d20 14 +2 = 16 against 15: saved" in page
    czech = _page(client, encounter, "cs")
    assert "Kouzla / žezla / hole" in czech and "Spells / rods / staves" not in czech


def test_a_player_is_not_offered_it_nor_may_post_it(client, goblins, django_user_model):
    encounter, keys = goblins
    client.force_login(django_user_model.objects.get(username="hrac"))  # plays Dagmar and Pip
    page = _page(client, encounter)
    assert 'value="save"' in page and 'value="saves"' not in page
    posted = {
        "key": "forged",
        "actor": keys["Dagmar"],
        "kind": "saves",
        "value_save": "spells",
        "targets": [keys["Pip"]],
        "faces": "20",
    }
    answer = client.post(_url(encounter), posted, **HTMX)
    assert answer.status_code == 200  # the form again, with its error at the field
    assert not Event.objects.filter(encounter=encounter, key="forged").exists()
    assert "Saving throws against" not in _page(client, encounter)
