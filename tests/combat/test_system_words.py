"""The fight page says the system's own words (issue M, seeds 000–004): the GM's title on the
panel, a note's label and a proposal's badge, Shadowrun's combat turn for the round, and the
forum pool's order set without an initiative roll."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import load_demo_encounters
from combat.demos import dice_pool, dnd5e, draci_hlidka, ose, shadowrun3
from combat.models import Encounter

# system: (its prepared fight, Czech words that must show, Czech words that must not)
EXPECTED = {
    "draci_hlidka": (draci_hlidka.PREPARED, ["Pán jeskyně", "Kolo 1", "Hodit na iniciativu"], []),
    "ose": (ose.PREPARED, ["Sudí"], ["Pán jeskyně"]),
    "shadowrun3": (
        shadowrun3.PREPARED,
        ["Gamemaster", "Bojové kolo 1"],
        ["Pán jeskyně", ">Kolo 1<"],
    ),
    "dice_pool": (
        dice_pool.PREPARED,
        ["Vypravěč", "Určit pořadí"],
        ["Pán jeskyně", "Hodit na iniciativu"],
    ),
    "dnd5e": (dnd5e.PREPARED, ["Pán jeskyně"], []),
}


@pytest.fixture
def demo(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    return gm


@pytest.mark.parametrize("system", EXPECTED)
def test_the_fight_page_speaks_the_systems_words_in_czech(client, demo, system):
    name, shown, never = EXPECTED[system]
    encounter = Encounter.objects.get(name=name, campaign__system=system)
    if system != "dice_pool":  # the pool's button is checked before the order is set
        workflows.roll_initiative(encounter.pk, demo, f"words-{system}")
    client.force_login(demo)
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert [word for word in shown if word not in html] == []
    assert [word for word in never if word in html] == []


def test_english_says_referee_for_ose_and_narrator_for_the_forum_pool(client, demo):
    client.force_login(demo)
    for system, title in (("ose", "Referee"), ("dice_pool", "Narrator"), ("dnd5e", "Game master")):
        encounter = Encounter.objects.filter(campaign__system=system).first()
        url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
        assert f'<h2 class="h6" id="gm-heading">{title}</h2>' in client.get(url).content.decode()
