"""The GM simulates the prepared demo fight in a real browser (issue J): the chances appear, the
page stays usable, and the result survives the live region's re-render; players see no button.

Needs templates/combat/encounter.html to include templates/combat/_simulation.html for the GM,
outside the live region (see docs/simulation.md, "For developers")."""

import re

from playwright.sync_api import expect

from combat.demo import PREPARED
from combat.views import simulate as simulate_views
from tests.browser.test_encounter_live import INITIATIVE, demo_encounter, log_in


def test_the_gm_simulates_the_prepared_fight_and_sees_the_chances(
    new_context, transactional_db, django_user_model, monkeypatch
):
    monkeypatch.setattr(simulate_views, "BUDGET", 0.5)  # the live server runs in this process
    encounter, url = demo_encounter(django_user_model, PREPARED)  # DH: "Přepadení na stezce"

    gm = log_in(new_context(), "gm")
    gm.goto(url)
    busy = gm.locator("#simulation-busy")
    expect(busy).to_be_hidden()
    gm.get_by_role("button", name="Simulate").click()

    result = gm.locator("#simulation-result .simulation-result")
    expect(result).to_contain_text(re.compile(r"[\d,]+ fights? played, margin of error ±"))
    expect(result.locator(".simulation-side")).to_have_count(2)
    expect(result.locator(".simulation-side").first).to_contain_text(
        re.compile(r"party\s*\d+\.\d %")
    )
    expect(result.locator(".simulation-side").last).to_contain_text(
        re.compile(r"enemies\s*\d+\.\d %")
    )
    expect(result.locator(".simulation-drop").first).to_contain_text(
        re.compile(r"Baldur\s*\d+\.\d %")
    )
    expect(result.locator("svg.simulation-chart rect.bar").first).to_be_attached()
    expect(busy).to_be_hidden()

    # The page stays usable, and the live re-render after a change leaves the result alone.
    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator("#round")).to_have_text("Round 1")
    expect(result).to_contain_text("fights played")

    player = log_in(new_context(), "hrac")
    player.goto(url)
    expect(player.locator("#board")).to_be_visible()
    expect(player.get_by_role("button", name="Simulate")).to_have_count(0)
