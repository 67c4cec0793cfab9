"""Boards after a stream's event (issue R), in real Chromium against two real ASGI servers over
one database and one Redis (tests/combat/test_two_servers_push.py's `servers`): the GM acts on
one server, a player watches on the other.

The acting GM's page hears the event of its own action while the action's answer is on its way;
that answer brings the new board, so the page must not ask for it again (it used to: every GM
action drew the GM's board twice). The player's page asks once.
"""

import concurrent.futures
import re
from typing import Any

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS as ARGS
from tests.browser.conftest import required_chromium
from tests.browser.test_encounter_live import log_in
from tests.combat.test_two_servers_push import servers  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db  # kept in CI's PostgreSQL pass, as the servers' tests
PHONE = {"width": 390, "height": 844}
BOARD_ASKED = re.compile(r"/encounters/\d+/\?version=")
ENCOUNTER = re.compile(r"/campaigns/1/encounters/\d+/")


def _opened(browser, base: str, username: str, **viewport: int):  # type: ignore[no-untyped-def]
    context = browser.new_context(
        base_url=base, viewport=viewport or {"width": 1280, "height": 900}
    )
    context.set_default_timeout(10_000)
    page = log_in(context, username)
    page.goto("/campaigns/1/encounters/")
    links = page.locator("a[href^='/campaigns/1/encounters/']").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))"
    )
    page.goto([link for link in links if ENCOUNTER.fullmatch(link)][-1])  # the prepared one
    # The stream is open and the page's first timed poll is behind it (the next one is 20 s
    # away while the stream stays open): from here on only events ask for the board.
    page.wait_for_function("() => streamOpen && boardAskedAt > 0")
    return page


def _boards_asked(page) -> list[str]:  # type: ignore[no-untyped-def]
    asked: list[str] = []

    def heard(request) -> None:  # type: ignore[no-untyped-def]
        if request.method == "GET" and BOARD_ASKED.search(request.url):
            asked.append(request.url)

    page.on("request", heard)
    return asked


def _walk(path: str, a: str, b: str) -> dict[str, Any]:
    """The GM on server A acts; the player on server B watches. Chromium of its own, in this
    thread: Playwright's event loop ends with it (the test's own thread keeps none, so the
    Django test client's async views in later tests of this process still run)."""
    expect.set_options(timeout=10_000)  # as the browser tests' own (tests/browser/conftest.py)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=ARGS)
        try:
            gm = _opened(browser, a, "gm")
            player = _opened(browser, b, "hrac", **PHONE)
            version = gm.locator("#board").get_attribute("data-version") or "0"
            shown = player.locator("#board").get_attribute("data-version")
            errors: list[str] = []
            for page in (gm, player):
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            by_gm, by_player = _boards_asked(gm), _boards_asked(player)
            gm.get_by_role("button", name="Roll initiative").click()
            newer = str(int(version) + 1)
            expect(gm.locator("#board")).to_have_attribute("data-version", newer)
            expect(player.locator("#board")).to_have_attribute("data-version", newer)
            expect(player.locator("#board")).to_contain_text("Round 1")
            player.wait_for_timeout(1500)  # time for any late ask to show
            seen = {"version": version, "shown": shown, "by_gm": by_gm}
            return {**seen, "by_player": by_player, "errors": errors}
        finally:
            browser.close()


def test_after_the_gms_action_the_gm_asks_for_no_board_and_the_player_once(servers):  # type: ignore[no-untyped-def]  # noqa: F811
    path = required_chromium()
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        seen = thread.submit(_walk, path, *servers.bases).result(timeout=120)
    assert seen["shown"] == seen["version"]  # both pages showed the same board before
    assert seen["by_gm"] == []  # the action's answer brought the board
    assert len(seen["by_player"]) == 1 and f"version={seen['version']}" in seen["by_player"][0]
    assert seen["errors"] == []
