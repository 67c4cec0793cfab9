"""A player on the campaign page (issue N): their characters, or — with none — "ask your game
master" and the free player characters to take (one each, never two players on one, never
another campaign's); a banner for each running fight; leaving is tucked away at the bottom."""

import re

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Membership
from combat import workflows
from combat.demo import PREPARED, load_demo_encounters
from combat.models import Encounter


@pytest.fixture
def campaign(db, django_user_model):
    load_demo()
    campaign = Campaign.objects.get(system="draci_hlidka")
    newcomer = django_user_model.objects.create_user("nova", password="x")
    Membership.objects.create(campaign=campaign, user=newcomer)
    return campaign, newcomer


def _claim(client, character):  # type: ignore[no-untyped-def]
    url = reverse("campaigns:character_claim", args=[character.campaign_id, character.pk])
    return client.post(url, follow=True).content.decode()


def test_a_newcomer_is_told_to_ask_and_may_take_a_free_character(client, campaign):
    campaign, newcomer = campaign
    free = Character.objects.create(
        campaign=campaign, system=campaign.system, name="Volný", kind="pc"
    )
    client.force_login(newcomer)
    html = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "You have no character in this campaign yet. Ask your game master for one." in html
    assert "Play Volný" in html and "Play Baldur" not in html  # Baldur has a player
    assert html.index("Leave campaign") > html.index("Members")  # at the bottom, folded
    html = _claim(client, free)
    assert "Volný is yours now." in html and Character.objects.get(pk=free.pk).owner == newcomer
    assert re.search(r"Your characters.*Volný", html, re.S) and "Ask your game master" not in html


def test_a_character_with_a_player_or_of_another_campaign_is_not_to_be_had(
    client, campaign, django_user_model
):
    campaign, newcomer = campaign
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    owner = baldur.owner
    client.force_login(newcomer)
    assert "Baldur has a player already." in _claim(client, baldur)
    assert Character.objects.get(pk=baldur.pk).owner == owner
    elsewhere = Character.objects.exclude(campaign=campaign).filter(owner=None).first() or (
        Character.objects.exclude(campaign=campaign).first()
    )
    url = reverse("campaigns:character_claim", args=[campaign.pk, elsewhere.pk])
    assert client.post(url).status_code == 404
    gm = django_user_model.objects.get(username="gm")
    free = Character.objects.create(
        campaign=campaign, system=campaign.system, name="Volný", kind="pc"
    )
    client.force_login(gm)
    assert "Game masters give characters" in _claim(client, free)
    npc = Character.objects.create(
        campaign=campaign, system=campaign.system, name="Sluha", kind="npc"
    )
    client.force_login(newcomer)
    assert "There is no such free character" in _claim(client, npc)
    assert Character.objects.get(pk=npc.pk).owner is None


def test_a_running_fight_is_announced_on_the_campaign_page(client, campaign, django_user_model):
    campaign, newcomer = campaign
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    client.force_login(newcomer)
    page = reverse("campaigns:detail", args=[campaign.pk])
    assert "A fight is running" not in client.get(page).content.decode()
    encounter = Encounter.objects.get(name=PREPARED)
    workflows.roll_initiative(encounter.pk, gm, "init")
    html = client.get(page).content.decode()
    assert f"A fight is running: {encounter.name} (round 1)" in html
    assert f'href="/campaigns/{campaign.pk}/encounters/{encounter.pk}/"' in html


def test_new_records_open_the_campaigns_own_form_with_the_systems_fields(
    client, campaign, django_user_model
):
    campaign, newcomer = campaign
    gm = django_user_model.objects.get(username="gm")
    client.force_login(gm)
    page = client.get(reverse("campaigns:bestiary", args=[campaign.pk])).content.decode()
    link = re.search(r'href="([^"]+)">New monster<', page)[1].replace("&amp;", "&")
    form = client.get(link)
    assert form.status_code == 200
    html = form.content.decode()
    assert 'name="stat_obr"' in html and 'name="stat_zivoty"' in html  # its fields at once
    assert link == reverse("campaigns:monster_create", args=[campaign.pk])  # in the app
    armory = client.get(reverse("campaigns:armory", args=[campaign.pk])).content.decode()
    assert "New weapon" in armory and "New armour" in armory
    client.force_login(newcomer)
    armory = client.get(reverse("campaigns:armory", args=[campaign.pk])).content.decode()
    assert "New weapon" not in armory


def test_one_free_character_each(client, campaign):
    campaign, newcomer = campaign
    first, second = (
        Character.objects.create(campaign=campaign, system=campaign.system, name=n, kind="pc")
        for n in ("Volný", "Druhý")
    )
    client.force_login(newcomer)
    assert "Volný is yours now." in _claim(client, first)
    assert "You play a character here already" in _claim(client, second)
    assert Character.objects.get(pk=second.pk).owner is None
