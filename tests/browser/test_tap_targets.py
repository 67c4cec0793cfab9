"""Tap targets on a 390 px phone (issue M): every button, field, tab, toggle and tick box (its
whole row) on the encounter page of the GM and of a player, and on the GM's record form, is at
least 44 px tall, and every button at least 44 px wide. Links inside text are exempt (WCAG's
inline exception)."""

import pytest
from playwright.sync_api import expect

from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import demo_encounter, log_in

SMALL = """() => {
  const found = [];
  const targets = 'button, select, textarea, summary, .nav-link, .navbar-brand, a.btn, '
    + 'input:not([type=hidden])';
  for (const element of document.querySelectorAll(targets)) {
    if (element.closest('.visually-hidden-focusable')) continue;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const tick = element.type === 'checkbox' || element.type === 'radio';
    const box = (tick ? element.closest('.form-check') || element : element).getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // folded away
    const wide = element.tagName === 'BUTTON' || element.classList.contains('btn');
    if (box.height < 44 || (wide && box.width < 44)) {
      found.push(`${element.tagName}#${element.id} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("who", ["gm", "hrac"])
def test_every_tap_target_is_44_px_on_a_phone(
    new_context, transactional_db, django_user_model, who
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "tap", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    page = log_in(new_context(width=390, height=844), who)
    page.goto(url)
    expect(page.locator(".action-panel")).to_be_visible()
    page.locator(".action-panel details").evaluate("details => { details.open = true; }")
    small = {url: page.evaluate(SMALL)}
    if who == "gm":
        page.goto(f"/campaigns/{encounter.campaign_id}/bestiary/new/")
        small["record form"] = page.evaluate(SMALL)
    assert {where: found for where, found in small.items() if found} == {}
