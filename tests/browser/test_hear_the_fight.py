"""Every player hears the fight (issue M): each new log entry's one-line summary lands in one
polite live region, on the GM's page and on a player's phone; focus after Resolve, Next turn or
a shortcut stays on a control, never on <body>."""

from playwright.sync_api import expect

from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import INITIATIVE, baldur_hits_the_leader, demo_encounter, log_in

FOCUSED = "() => document.activeElement ? document.activeElement.id || document.activeElement.tagName : ''"  # noqa: E501


def _lines(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.locator("#announcer p").all_inner_texts()


def test_each_new_event_is_read_out_once_in_the_live_region(
    new_context, transactional_db, django_user_model
):
    _encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    player = log_in(new_context(width=390, height=844), "hrac")
    player.goto(url)
    announcer = player.locator("#announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    assert _lines(player) == []  # what happened before the page opened is not read out

    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    baldur_hits_the_leader(gm)

    summary = gm.locator(".log-entry .log-summary").first.inner_text()
    assert summary.startswith("Baldur hits Vůdce skřetů")
    expect(gm.locator("#announcer p").last).to_have_text(summary)
    expect(player.locator("#announcer p").last).to_have_text(summary)  # polled, no reload
    initiative = [line for line in _lines(gm) if line != summary]
    assert len(initiative) == 1 and _lines(gm).count(summary) == 1  # oldest first, each once
    assert _lines(player)[-1] == summary and len(_lines(player)) == 2


def test_focus_stays_on_the_control_that_acted(new_context, transactional_db, django_user_model):
    _encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    assert gm.evaluate(FOCUSED) == "turn-initiative"

    baldur_hits_the_leader(gm)
    gm.wait_for_timeout(300)  # settled
    assert gm.evaluate(FOCUSED) == "action-resolve"

    version = gm.locator("#board").get_attribute("data-version")
    gm.get_by_role("button", name="Next turn").click()
    expect(gm.locator("#board")).not_to_have_attribute("data-version", version or "")
    expect(gm.locator(".action-panel")).to_contain_text("Meredil")
    assert gm.evaluate(FOCUSED) == "turn-next"

    gm.evaluate("() => document.activeElement.blur()")  # a shortcut pressed on the page
    version = gm.locator("#board").get_attribute("data-version")
    gm.keyboard.press("n")
    expect(gm.locator("#board")).not_to_have_attribute("data-version", version or "")
    gm.wait_for_timeout(300)
    assert gm.evaluate(FOCUSED) == "turn-next"


def test_a_gm_turn_by_keyboard_alone_takes_at_most_ten_keys(
    new_context, transactional_db, django_user_model
):
    """Issue M: attack, damage and next turn without a mouse: A (the first target), Tab to the
    goblin leader, Space, Enter (resolves), N."""
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "kb-init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    keys: list[str] = []

    def press(key: str) -> None:
        keys.append(key)
        gm.keyboard.press(key)

    label = "() => document.activeElement.labels?.[0]?.textContent.trim() || ''"
    press("a")
    while gm.evaluate(label) != "Vůdce skřetů" and len(keys) < 10:
        press("Tab")
    press("Space")
    version = gm.locator("#board").get_attribute("data-version")
    press("Enter")
    expect(gm.locator("#board")).not_to_have_attribute("data-version", version or "")
    expect(gm.locator(".log-entry").first).to_contain_text("Vůdce skřetů")
    expect(gm.locator(".log-entry").first).to_contain_text("Baldur")
    version = gm.locator("#board").get_attribute("data-version")
    press("n")
    expect(gm.locator("#board")).not_to_have_attribute("data-version", version or "")
    expect(gm.locator(".action-panel")).to_contain_text("Meredil acts")
    assert len(keys) <= 10, keys
