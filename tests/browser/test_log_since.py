"""The board sends only what is new in the log (issue M): the GM's answers and a phone's polls
add the new entries on top of the log the page keeps. After every step, each page's log reads
exactly as a page loaded afresh reads it; an undo (which strikes an older entry) brings the
whole log again."""

import re

from playwright.sync_api import expect

from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import (
    INITIATIVE,
    baldur_hits_the_leader,
    demo_encounter,
    log_in,
    next_turn,
)

LOG = """() => [...document.querySelectorAll('#log .log-entry')].map(
  (li) => li.dataset.seq + (li.classList.contains('undone') ? ' undone ' : ' ') + li.innerText)"""


def _same_as_afresh(page, fresh, url: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The page's log once its board shows the encounter's newest version, and a fresh load's."""
    fresh.goto(url)
    version = fresh.locator("#board").get_attribute("data-version") or ""
    expect(page.locator("#board")).to_have_attribute("data-version", version)
    afresh = fresh.evaluate(LOG)
    for _ in range(200):  # htmx settles a swap's attributes (a struck entry's class) 20 ms late
        kept = page.evaluate(LOG)
        if kept == afresh:
            break
        page.wait_for_timeout(100)
    assert kept == afresh
    return kept


def test_logs_kept_and_added_to_read_as_a_fresh_page(
    new_context, transactional_db, django_user_model
):
    _encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    phone = log_in(new_context(width=390, height=844), "hrac")
    phone.goto(url)
    gm_fresh, phone_fresh = log_in(new_context(), "gm"), log_in(new_context(), "hrac")
    added: list[str] = []  # the answers that added entries to a kept log
    errors: list[str] = []
    for page in (gm, phone):
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on(
            "response",
            lambda r: (
                added.append(r.url)
                if "/encounters/" in r.url and r.status == 200 and 'class="log-new"' in r.text()
                else None
            ),
        )

    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    baldur_hits_the_leader(gm)
    next_turn(gm)
    for page, fresh in ((gm, gm_fresh), (phone, phone_fresh)):
        log = _same_as_afresh(page, fresh, url)
        assert "Next turn" in log[0] and "Baldur hits Vůdce skřetů" in log[1]
    assert any("/action/" in found for found in added)  # the GM's own answer
    assert any("version=" in found for found in added)  # the phone's poll

    version = gm.locator("#board").get_attribute("data-version") or ""
    gm.keyboard.press("u")  # undo the Next turn: the entry it names is struck
    expect(gm.locator("#board")).not_to_have_attribute("data-version", version)
    for page, fresh in ((gm, gm_fresh), (phone, phone_fresh)):
        log = _same_as_afresh(page, fresh, url)
        assert " undone " in log[1] and "Next turn" in log[1] and " undone " not in log[2]
    assert errors == []


def test_an_answer_that_lands_late_neither_rolls_the_board_back_nor_repeats_an_entry(
    new_context, transactional_db, django_user_model
):
    """A poll answered before the GM's click but landing after the click's own answer: its
    board is older than the one shown, so it is not swapped in, and its entry (already shown)
    is not added twice."""
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "late-init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    held: list = []

    def hold(route):  # type: ignore[no-untyped-def]
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))  # answered now, delivered later

    gm.route(re.compile(r"/encounters/\d+/\?version="), hold)
    leader = encounter.combatants.get(name="Vůdce skřetů").key
    workflows.adjust(encounter.pk, gm_user, "late-hp", leader, hp=3)  # another GM's change
    for _ in range(60):
        if held:
            break
        gm.wait_for_timeout(100)
    assert held and held[0][1].status == 200  # a board, held back
    version = gm.locator("#board").get_attribute("data-version") or ""
    gm.locator("#gm-heading").click()
    gm.keyboard.press("n")  # the GM's Next turn: its answer brings both new entries
    expect(gm.locator("#board")).not_to_have_attribute("data-version", version)
    newest = gm.locator("#board").get_attribute("data-version")
    route, response = held[0]
    route.fulfill(response=response)  # the poll's older board lands last
    gm.wait_for_timeout(500)
    assert gm.locator("#board").get_attribute("data-version") == newest
    seqs = gm.evaluate(
        "() => [...document.querySelectorAll('#log .log-entry')].map(li => li.dataset.seq)"
    )
    assert len(seqs) == len(set(seqs)) and seqs == sorted(seqs, key=int, reverse=True)
    gm.unroute(re.compile(r"/encounters/\d+/\?version="))
    _same_as_afresh(gm, log_in(new_context(), "gm"), url)
