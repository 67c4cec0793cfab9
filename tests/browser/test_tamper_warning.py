"""A player's browser notices a fight rewritten under it (issue K, tamper evidence)."""

from playwright.sync_api import expect

from combat.demo import PREPARED
from tests.security.tampering import cut_tail

from .test_encounter_live import demo_encounter, log_in


def remembered(page, encounter_id: int, wanted: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's script has stored `wanted` (after its first poll); the CSP forbids
    the eval that wait_for_function would need."""
    key = f"iniciativa-seen-{encounter_id}"
    for _ in range(100):  # 20 s: two test workers share the machine
        if page.evaluate("key => localStorage.getItem(key)", key) == wanted:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the browser never remembered {wanted}")


def test_a_player_is_told_when_the_log_he_saw_is_cut_back(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    player = log_in(new_context(width=390, height=844), "hrac")
    player.goto(url)
    shown = player.locator("#board").get_attribute("data-seen")
    remembered(player, encounter.pk, shown)
    warning = player.locator("#log-warning .log-rewritten")
    expect(warning).to_have_count(0)

    cut_tail(encounter.pk, keep=1)  # the database rewound behind everyone's back
    expect(warning).to_contain_text(f"no longer contains entry #{shown.split('.')[0]}")
    player.reload()  # the memory is kept until the player says he has seen the warning
    expect(warning).to_be_visible()
    warning.get_by_role("button", name="Understood").click()
    expect(warning).to_have_count(0)
    player.reload()
    player.wait_for_timeout(2500)  # a poll or more: no warning for what he has acknowledged
    expect(warning).to_have_count(0)
