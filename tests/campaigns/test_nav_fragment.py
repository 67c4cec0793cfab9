"""The campaign's navigation is drawn once per process and reading (templates/campaigns/
_nav.html, the "fragments" cache): everything it shows is in its key, so a nav kept for one
reader never reaches another. Each test fills the cache first, then reads as someone else."""

import re

from django.urls import reverse

from campaigns.models import Campaign, Membership, Role


def _nav(client, campaign, user, language="en"):
    client.force_login(user)
    client.cookies["django_language"] = language
    page = client.get(reverse("campaigns:characters", args=[campaign.pk])).content.decode()
    return re.search(r'<p class="mb-2"><a href="[^"]*">&larr;.*?</ul>', page, re.S)[0], page


def test_a_players_nav_never_shows_the_gms_links(client, roles):
    gm_nav, _ = _nav(client, roles["campaign"], roles["gm"])
    player_nav, _ = _nav(client, roles["campaign"], roles["player"])
    bestiary = reverse("campaigns:bestiary", args=[roles["campaign"].pk])
    assert bestiary in gm_nav
    assert bestiary not in player_nav


def test_a_new_name_or_role_is_shown_at_once(client, roles):
    campaign, player = roles["campaign"], roles["player"]
    _nav(client, campaign, player)
    Campaign.objects.filter(pk=campaign.pk).update(name="Stezka skřetů")
    renamed, _ = _nav(client, campaign, player)
    assert "&larr; Stezka skřetů</a>" in renamed
    Membership.objects.filter(campaign=campaign, user=player).update(role=Role.GM)
    promoted, _ = _nav(client, campaign, player)
    assert reverse("campaigns:bestiary", args=[campaign.pk]) in promoted


def test_each_language_and_campaign_gets_its_own(client, roles):
    campaign = roles["campaign"]
    english, _ = _nav(client, campaign, roles["gm"])
    czech, _ = _nav(client, campaign, roles["gm"], language="cs")
    assert ">Characters<" in english and ">Postavy<" in czech
    other = roles["outsider"].memberships.get().campaign
    elsewhere, _ = _nav(client, other, roles["outsider"])
    assert reverse("campaigns:characters", args=[other.pk]) in elsewhere
    assert reverse("campaigns:characters", args=[campaign.pk]) not in elsewhere


def test_the_kept_nav_is_the_one_drawn(client, roles):
    from django.core.cache import caches

    drawn, _ = _nav(client, roles["campaign"], roles["gm"])  # drawn, and kept
    assert len(caches["fragments"]._cache) == 1  # type: ignore[attr-defined]
    kept, _ = _nav(client, roles["campaign"], roles["gm"])
    assert kept == drawn
    assert len(caches["fragments"]._cache) == 1  # type: ignore[attr-defined]
