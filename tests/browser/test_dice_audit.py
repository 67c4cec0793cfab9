"""The dice audit in a real browser (issue Q): a player on a phone rolls, opens the audit from
the campaign's page, reads a die size's verdict and checks a fight roll's receipt; the GM reads
the same page on a desktop in Czech and Polish. No console errors, nothing wider than the phone."""

import re

from playwright.sync_api import expect

from combat.demo import PREPARED

from .test_encounter_live import INITIATIVE, baldur_hits_the_leader, demo_encounter, log_in

WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"


def test_a_player_audits_the_dice_and_checks_a_receipt(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    baldur_hits_the_leader(gm)

    errors: list[str] = []
    phone = log_in(new_context(width=390, height=844), "hrac")
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.goto(f"/campaigns/{encounter.campaign_id}/")
    for n in range(4):
        phone.locator("#id_expression").fill("10d6")
        phone.get_by_role("button", name="Roll").click()
        expect(phone.locator("#roll-log .roll")).to_have_count(n + 1)
    phone.get_by_role("link", name="Dice audit", exact=True).click()

    server = phone.locator('[data-origin="server"]')
    expect(server.locator('[data-sides="6"] summary')).to_contain_text("40 faces")
    # 40 faces: enough to test a d6 (5 a face); fair dice are called unusual 1 time in 100
    verdict = re.compile(r"No sign of unfair dice\.|Unusual: ")
    expect(server.locator('[data-sides="6"] .audit-verdict')).to_have_text(verdict)
    typed = phone.locator('[data-origin="typed"]')
    expect(typed).to_contain_text("Counted apart")  # the demo's typed initiative and blow
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)

    phone.locator(".audit-rolls [data-source=fight] .audit-check").first.click()
    verdict = phone.locator(".receipt-verdict")
    expect(verdict).to_contain_text("In the log's chain")
    expect(verdict).to_contain_text("It matches the receipt you kept.")
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    assert errors == []

    for locale, title, whole in (
        ("cs-CZ", "Prověrka kostek", "Celá kampaň"),
        ("pl-PL", "Kontrola kości", "Cała kampania"),
    ):
        page = log_in(new_context(locale=locale), "gm")
        page.goto(f"/campaigns/{encounter.campaign_id}/dice/")
        expect(page.locator("h1")).to_contain_text(title)
        expect(page.locator("#audit-who option").first).to_have_text(whole)
        page.locator("#audit-who").select_option(label="hrac")
        page.locator(".audit-scope button").click()
        expect(page.locator("h1")).to_contain_text("hrac")
        expect(page.locator('[data-origin="server"] [data-sides="6"] summary')).to_be_visible()
