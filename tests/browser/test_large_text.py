"""A phone at 200 % text (issue M): the pages a player and a GM open never scroll sideways at
390 px; the navbar wraps instead of pushing "Log out" off the screen."""

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign
from combat.demo import PREPARED

from .test_encounter_live import demo_encounter, log_in

PHONE = {"width": 390, "height": 844}


def _wide(page) -> int:  # type: ignore[no-untyped-def]
    """The page's width with its text at 200 % (the root font size, which every rem follows)."""
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.mark.parametrize("who", ["gm", "hrac"])
def test_no_sideways_scroll_at_200_percent_text_on_a_phone(
    new_context, transactional_db, django_user_model, who
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    campaign = Campaign.objects.get(pk=encounter.campaign_id)
    page = log_in(new_context(**PHONE), who)
    paths = [
        "/campaigns/",
        f"/campaigns/{campaign.pk}/",
        url,
        f"/campaigns/{campaign.pk}/characters/",
        f"/campaigns/{campaign.pk}/armory/",
        f"/campaigns/{campaign.pk}/journal/",
        f"/campaigns/{campaign.pk}/rolls/",
    ]
    if who == "gm":
        paths += [f"/campaigns/{campaign.pk}/bestiary/", f"/campaigns/{campaign.pk}/bestiary/new/"]
    widths = {}
    for path in paths:
        page.goto(path)
        expect(page.locator("main")).to_be_visible()
        widths[path] = _wide(page)
    assert {path: width for path, width in widths.items() if width > PHONE["width"]} == {}
    logout = page.get_by_role("button", name="Log out")
    box = logout.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
