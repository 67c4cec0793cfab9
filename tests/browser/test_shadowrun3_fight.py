"""The demo Shadowrun fight in two browsers: the GM plays pass 1 with typed dice, the owner of
Liam watches on a phone as wounds re-order the tracker and the second initiative pass begins,
then fires Liam's pass-2 shot himself (the rule of six asks for one more face), and the log
replays exactly. The numbers are tests/combat/test_shadowrun3_workflow.py's."""

from playwright.sync_api import expect

from combat.demos.shadowrun3 import PREPARED
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from tests.browser.test_encounter_live import demo_encounter, fill_action, log_in, next_turn
from tests.combat.test_shadowrun3_workflow import (
    AFTER_H2,
    AFTER_SNOT,
    INITIATIVE,
    PASS_1,
    PASS_2_SHOT,
    SEED_SHOT,
    SIX_DICE,
    TURN_2,
    TURN_2_ORDER,
    WEDGE_SHOT,
)


def typed(faces: list[int]) -> str:
    return ", ".join(str(face) for face in faces)


def fire(page, weapon: str, target: str, faces: list[int], ticks=(), **values: int) -> None:  # type: ignore[no-untyped-def]
    """Shoot from the action panel: weapon, target, the Situation's ticks and numbers, faces."""
    fill_action(page, "fire", typed(faces), weapon, target, ticks, values)


def test_a_shadowrun_fight_over_two_passes_seen_live_on_a_phone(
    new_context, transactional_db, django_user_model
):  # type: ignore[no-untyped-def]
    encounter, url = demo_encounter(django_user_model, PREPARED, campaign__system="shadowrun3")

    gm = log_in(new_context(), "gm")
    gm.goto(url)
    player = log_in(new_context(width=390, height=844), "gracz")  # Liam's and Twitch's owner
    player.goto(url)
    player.evaluate("window.neverReloaded = true")  # gone if the page were loaded again
    order = player.locator("#tracker [data-combatant] > div > strong")
    stage = player.locator(".stage")

    gm.locator("[name=turn-faces]").fill(typed(INITIATIVE))
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Liam acts")
    expect(stage).to_have_text(["Combat turn 1, initiative pass 1"])  # polled, no reload
    expect(order).to_have_text(PASS_1)
    liam = player.locator('[data-combatant="Liam"]')
    expect(liam).to_contain_text("pass 1: 11")
    expect(liam).to_contain_text("pool 7/7")
    expect(liam.locator(".monitor")).to_have_count(2)  # physical and stun, ten boxes each
    expect(liam.locator(".monitor .box")).to_have_count(20)

    # Liam's seed shot at Snot: 9S, six boxes, −3 initiative → Snot drops from 3rd to 5th.
    fire(gm, "Ares Predator", "Snot", SEED_SHOT, pool=4, dodge_pool=2, distance=5)
    expect(gm.locator(".log-entry").first).to_contain_text("Snot takes 9S (Serious) damage")
    snot = gm.locator('[data-combatant="Snot"]')
    expect(snot.locator(".monitor").first.locator(".box.filled")).to_have_count(6)
    expect(snot).to_contain_text("wounds +3 TN, −3 initiative")
    expect(order).to_have_text(AFTER_SNOT)  # the player's tracker, live
    expect(player.locator('[data-combatant="Snot"]')).to_contain_text("badly wounded")
    expect(player.locator('[data-combatant="Snot"] .engine-badge')).to_have_count(0)  # an NPC
    expect(liam).to_contain_text("pool 3/7")

    next_turn(gm)  # Wedge: 8M on Halloweener 2, 5 → 3, below Halloweener 3's 4
    expect(gm.locator('[data-combatant="Liam"]')).to_contain_text("acted")
    fire(gm, "AK-97", "Halloweener 2", WEDGE_SHOT, distance=10)
    expect(order).to_have_text(AFTER_H2)
    for _name in AFTER_H2[2:]:
        next_turn(gm)
    expect(stage).to_have_text(["Combat turn 1, initiative pass 1"])
    next_turn(gm)  # the end of pass 1: Liam alone acts in pass 2
    expect(stage).to_have_text(["Combat turn 1, initiative pass 2"])
    expect(liam).to_contain_text("pass 2: 1")
    expect(player.locator('[data-combatant="Twitch"]')).to_contain_text("no actions in pass 2")
    expect(player.locator(".action-panel")).to_contain_text("Liam acts")

    # The player shoots from the phone at TN 8 (long range 6, running target +2; the GM's own TN
    # modifier is not a player's field): the typed 6 is rolled again (rule of six).
    running = ["Running target (+2)"]
    fire(player, "Ares Predator", "Halloweener 1", SIX_DICE, running, distance=30)
    expect(player.locator(".action-panel")).to_contain_text("roll 1 more d6 (the six explodes)")
    fire(player, "Ares Predator", "Halloweener 1", PASS_2_SHOT, running, distance=30)
    expect(player.locator(".log-entry").first).to_contain_text("Halloweener 1 takes 9M")
    expect(gm.locator('[data-combatant="Halloweener 1"]')).to_contain_text("7 / 10")

    next_turn(gm, typed(TURN_2))  # no third pass: combat turn 2, pools back
    # The phone polls every 2 s: wait for the GM's new board there (a busy machine may take
    # more than one poll) before reading the new turn's order.
    version = gm.locator("#board").get_attribute("data-version") or ""
    expect(player.locator("#board")).to_have_attribute("data-version", version, timeout=15_000)
    expect(stage).to_have_text(["Combat turn 2, initiative pass 1"])
    expect(order).to_have_text(TURN_2_ORDER)
    expect(liam).to_contain_text("pool 7/7")
    assert player.evaluate("window.neverReloaded") is True

    gm.get_by_role("button", name="End fight").click()
    gm.get_by_role("button", name="End the fight").click()  # the panel asks first
    expect(gm.locator(".action-panel")).to_have_count(0)
    report = replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk)))
    assert report.ok, [str(d) for d in report.differences]
