"""Ending a fight is asked first and is final (issue N): "End fight" asks "End the fight?", Cancel
leaves it running, the confirmation ends it; then nobody can take a turn or act until Undo takes
the end back, which the log says in words. Desktop GM, phone player; no console errors."""

from pathlib import Path

from playwright.sync_api import expect

from combat import workflows
from combat.demo import PREPARED
from combat.models import Encounter

from .test_encounter_live import demo_encounter, log_in

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def _errors(page):  # type: ignore[no-untyped-def]
    found: list[str] = []
    page.on(
        "console", lambda message: found.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def test_end_is_confirmed_and_final_until_undone(new_context, transactional_db, django_user_model):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    gm = log_in(new_context(), "gm")
    player = log_in(new_context(width=390, height=844), "hrac")
    problems = _errors(gm) + _errors(player)
    gm.goto(url)
    player.goto(url)
    panel = gm.locator("#panel")

    panel.get_by_role("button", name="End fight").click()
    expect(panel.locator(".confirm-step")).to_contain_text("End the fight?")
    panel.get_by_role("link", name="Cancel").click()
    expect(panel.locator(".confirm-step")).to_have_count(0)
    assert Encounter.objects.get(pk=encounter.pk).status == "running"

    panel.get_by_role("button", name="End fight").click()
    expect(panel.locator(".confirm-step")).to_be_visible()
    SCREENS.mkdir(exist_ok=True)
    gm.screenshot(path=str(SCREENS / "end-confirm-desktop.png"))
    panel.get_by_role("button", name="End the fight").click()
    expect(panel.locator(".fight-over")).to_be_visible()
    expect(panel.get_by_role("button", name="Next turn")).to_have_count(0)
    expect(panel.get_by_role("button", name="End fight")).to_have_count(0)
    expect(gm.locator(".action-panel")).to_have_count(0)
    expect(player.locator("#board .badge").first).to_have_text("Ended")
    expect(player.locator(".action-panel")).to_have_count(0)
    player.screenshot(path=str(SCREENS / "end-final-phone.png"), full_page=False)
    assert Encounter.objects.get(pk=encounter.pk).status == "ended"

    panel.get_by_role("button", name="Undo").click()
    expect(gm.locator(".log-entry").first).to_contain_text("The fight goes on again")
    expect(panel.get_by_role("button", name="Next turn")).to_be_visible()
    expect(player.locator(".log-entry").first).to_contain_text("The fight goes on again")
    assert Encounter.objects.get(pk=encounter.pk).status == "running"
    assert problems == []
