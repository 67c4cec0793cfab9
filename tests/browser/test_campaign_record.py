"""The campaign's record in a real browser (issue Q): the GM opens a session, plays the seed's
blow, ends the fight, edits and posts its drafted record, awards experience and an item; a
player on a phone, in Czech, reads the session page — the fight, the record, the ledger — and
nothing of the goblin hidden from players. No console errors."""

import re

from playwright.sync_api import expect

from campaigns.models import Monster
from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import demo_encounter, log_in
from .test_fight_end import SCREENS, _errors
from .test_fight_record import blow_end_and_draft

WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"


def test_a_session_records_the_fight_its_write_up_and_the_awards(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    campaign_url = f"/campaigns/{encounter.campaign_id}/"
    gm_user = django_user_model.objects.get(username="gm")
    gm = log_in(new_context(), "gm")
    problems = _errors(gm)
    gm.goto(campaign_url + "sessions/")
    gm.get_by_label("Title").first.fill("Night on the trail")
    gm.get_by_role("button", name="Open the session").click()
    expect(gm.locator("h1")).to_have_text("Session 1: Night on the trail")

    lurker = Monster.objects.get(campaign_id=encounter.campaign_id, name="Skřet")
    workflows.roll_initiative(encounter.pk, gm_user, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    workflows.add_combatants(encounter.pk, gm_user, "lurker", record=lurker, hidden=True)
    body = blow_end_and_draft(gm, url)
    body.fill(body.input_value() + "\n\nThe goblins ran into the woods.")
    gm.get_by_role("button", name="Post it to the journal").click()
    expect(gm.locator(".journal-post").first).to_contain_text("The goblins ran into the woods.")

    gm.goto(url)
    gm.locator("#panel").get_by_role("link", name="Award experience and treasure").click()
    gm.get_by_label("Baldur").fill("120")
    gm.get_by_label("Item found").fill("Goblin chief's horn")
    gm.get_by_label("Item goes to").select_option(label="Baldur")
    gm.get_by_role("button", name="Enter it in the ledger").click()
    expect(gm.locator(".ledger-total[data-character]").first).to_be_visible()
    expect(gm.locator(".ledger-rows")).to_contain_text("+120 experience")

    phone = log_in(new_context(locale="cs-CZ", width=390, height=844), "hrac")
    problems += _errors(phone)
    phone.goto(campaign_url + "sessions/1/")
    timeline = phone.locator(".session-timeline")
    expect(timeline.locator(".session-fight")).to_contain_text(encounter.name)
    expect(timeline.locator(".session-post")).to_contain_text("Baldur dealt 8, took 0")
    expect(timeline.locator(".session-ledger").first).to_contain_text("Baldur")
    expect(timeline).to_contain_text("+120")
    expect(timeline).to_contain_text("Goblin chief's horn")
    hidden = encounter.combatants.get(hidden=True).name  # "Skřet 4", beside three in sight
    assert hidden not in phone.content()
    gm.goto(campaign_url + "sessions/1/")
    expect(gm.locator(".session-timeline")).to_contain_text("log entries")  # the GM's count
    expect(phone.get_by_role("button", name=re.compile("Zavřít|Close"))).to_have_count(0)
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    SCREENS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SCREENS / "session-phone-cs.png"), full_page=True)

    gm.goto(campaign_url + "sessions/1/")  # the session on paper
    gm.get_by_role("link", name="Printable page").click()
    paper = gm.locator(".session-print")
    expect(paper.locator(".session-print-post")).to_contain_text("The goblins ran into the woods.")
    expect(paper.locator(".session-print-ledger").first).to_contain_text("+120 experience")
    expect(gm.locator("nav.navbar")).to_have_count(0)
    gm.screenshot(path=str(SCREENS / "session-print-desktop.png"), full_page=True)
    assert problems == []
