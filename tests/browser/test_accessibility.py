"""axe-core (issue M) finds nothing on the main pages, on a desktop and on a 390 px phone: the
campaigns, a campaign, the encounter page of the GM and of a player mid-fight, the journal, the
dice roller and the GM's record forms (also with their error summary). axe-core comes from a package (axe-playwright-python ships it)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from campaigns.models import Campaign
from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import demo_encounter, log_in

PHONE = {"width": 390, "height": 844}


def _violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    results = Axe().run(page)
    return [
        f"{item['id']}: {item['help']} — {[node['target'] for node in item['nodes']][:3]}"
        for item in results.response["violations"]
    ]


@pytest.mark.parametrize("size", [None, PHONE], ids=["desktop", "phone"])
def test_axe_finds_nothing_on_the_main_pages(
    new_context, transactional_db, django_user_model, size
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "axe-init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    campaign = Campaign.objects.get(pk=encounter.campaign_id)
    context = new_context(**size) if size else new_context()
    found: dict[str, list[str]] = {}
    gm = log_in(context, "gm")
    pages = [
        "/campaigns/",
        f"/campaigns/{campaign.pk}/",
        url,
        f"/campaigns/{campaign.pk}/journal/",
        f"/campaigns/{campaign.pk}/rolls/",
        f"/campaigns/{campaign.pk}/armory/weapon/new/",
        f"/campaigns/{campaign.pk}/bestiary/new/",
    ]
    for path in pages:
        gm.goto(path)
        expect(gm.locator("main")).to_be_visible()
        found[f"gm {path}"] = _violations(gm)
    gm.locator("form.record-form button[type=submit]").click()  # no name: the error summary
    expect(gm.locator("#error-summary")).to_be_focused()
    found["gm a record form with its errors"] = _violations(gm)
    player = log_in(new_context(**PHONE), "hrac")
    player.goto(url)
    expect(player.locator("#board")).to_be_visible()
    found[f"player {url}"] = _violations(player)
    assert {page: problems for page, problems in found.items() if problems} == {}
