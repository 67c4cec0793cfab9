"""The seed's fight in two browsers: the GM acts, the player watches it happen, undo and redo."""

import re

from playwright.sync_api import expect

from campaigns.demo import load_demo
from combat.demo import PREPARED, load_demo_encounters
from combat.models import Encounter

# 1d6 + OBR in the order the combatants joined (Baldur, Meredil, Grop, the leader, Skřet 1–3):
# 7, 6, −2, 5, 4, 2, 3 — no ties, Baldur first.
INITIATIVE = "6, 5, 1, 4, 3, 1, 2"


def demo_encounter(django_user_model, name: str, **where: str) -> tuple[Encounter, str]:  # type: ignore[no-untyped-def]
    """The demo campaigns and encounters loaded; the encounter called `name` and its page."""
    load_demo()
    load_demo_encounters(django_user_model.objects.get(username="gm"))
    encounter = Encounter.objects.get(name=name, **where)
    return encounter, f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/"


def log_in(context, username):  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill("iniciativa")
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("nav")).to_contain_text(username)
    return page


def test_gm_fights_the_seed_example_while_a_player_watches_live(
    new_context, transactional_db, django_user_model
):
    _encounter, url = demo_encounter(django_user_model, PREPARED)

    gm = log_in(new_context(), "gm")
    gm.goto(url)
    player = log_in(new_context(width=390, height=844), "hrac")
    player.goto(url)
    leader_row = player.locator('[data-combatant="Vůdce skřetů"]')
    expect(leader_row).to_contain_text("unhurt")

    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    expect(player.locator("#round")).to_have_text("Round 1")  # polled, no reload

    baldur_hits_the_leader(gm)

    hit = gm.locator(".log-entry").first
    expect(hit).to_contain_text("Attack 12")
    expect(hit).to_contain_text("Defence 5")
    expect(hit).to_contain_text("8")
    expect(gm.locator('[data-combatant="Vůdce skřetů"]')).to_contain_text("12 / 20")

    expect(player.locator(".log-entry").first).to_contain_text("Attack 12")
    expect(leader_row).to_contain_text("wounded")
    assert not re.search(r"\b12 / 20\b|\b20 / 20\b", player.content())

    gm.get_by_role("button", name="Undo").click()
    expect(gm.locator('[data-combatant="Vůdce skřetů"]')).to_contain_text("20 / 20")
    expect(leader_row).to_contain_text("unhurt")
    gm.get_by_role("button", name="Redo").click()
    expect(gm.locator('[data-combatant="Vůdce skřetů"]')).to_contain_text("12 / 20")
    expect(leader_row).to_contain_text("wounded")

    # The leader's critical on Grop: 6, 6, 6, 3 → 26 vs −1 → 28, and bleed dice 5 + 2 = 7 now.
    next_turn(gm)  # Meredil
    next_turn(gm)  # the goblin leader
    panel = gm.locator(".action-panel")
    expect(panel).to_contain_text("Vůdce skřetů")
    panel.locator("#id_kind").select_option("attack")
    panel.get_by_label("Grop").check()
    panel.locator("#id_faces").fill("6, 6, 6, 3, 2, 5, 2")
    panel.get_by_role("button", name="Resolve").click()
    grop = gm.locator('[data-combatant="Grop"]')
    expect(grop).to_contain_text("10 / 45")
    expect(grop.locator(".effect")).to_have_count(1)
    for _ in range(4):  # Skřet 1, Skřet 3, Skřet 2, Grop
        next_turn(gm)
    next_turn(gm, "4, 3")  # round 2: the bleed dice rolled anew → 7 lost, once
    expect(gm.locator("#round")).to_have_text("Round 2")
    expect(grop).to_contain_text("3 / 45")
    gm.get_by_role("button", name="Undo").click()
    expect(grop).to_contain_text("10 / 45")
    gm.get_by_role("button", name="Redo").click()
    expect(grop).to_contain_text("3 / 45")  # redo re-applies the same 7, not a new bleeding
    expect(grop.locator(".effect")).to_have_text("bleeding 2d6/round")
    # Grop is the GM's character: the player sees words, never his numbers
    expect(player.locator('[data-combatant="Grop"]')).to_contain_text("badly wounded")
    assert "3 / 45" not in player.content()


def fill_action(page, kind, faces="", weapon="", target="", ticks=(), values=None):  # type: ignore[no-untyped-def]
    """Fill the action panel as a user would and press Resolve. `values`: a number is typed, a
    text is a choice's key, ("label", text) a choice by its label."""
    panel = page.locator(".action-panel")
    panel.locator("#id_kind").select_option(kind)
    if weapon:
        panel.locator("#id_weapon").select_option(weapon)
    if target:
        panel.get_by_label(target, exact=True).check()
    if ticks or values:  # open, never toggle: a kept form may have it open already
        panel.locator("details").evaluate("details => { details.open = true; }")
    for tick in ticks:
        panel.get_by_label(tick, exact=True).check()
    for key, value in (values or {}).items():
        field = panel.locator(f"#id_value_{key}")
        if isinstance(value, int):
            field.fill(str(value))
        elif isinstance(value, tuple):
            field.select_option(label=value[1])
        else:
            field.select_option(value)
    panel.locator("#id_faces").fill(faces)
    panel.get_by_role("button", name="Resolve").click()


def act(page, kind, faces="", **fields):  # type: ignore[no-untyped-def]
    """`fill_action`, then wait for the new state, with no error shown."""
    version = page.locator("#board").get_attribute("data-version")
    fill_action(page, kind, faces, **fields)
    expect(page.locator("#board")).not_to_have_attribute("data-version", version or "")
    expect(page.locator(".alert-danger")).to_have_count(0)


def baldur_hits_the_leader(page) -> None:  # type: ignore[no-untyped-def]
    """The seed's first blow: Baldur's broadsword on the goblin leader, faces 3 and 1."""
    act(page, "attack", "3, 1", weapon="Široký meč", target="Vůdce skřetů")


def next_turn(gm, faces: str = "") -> None:  # type: ignore[no-untyped-def]
    """Next turn, then wait until the panel offers what the new board says (a poll may bring
    the new board before the answer's panel: the page then asks for its panel)."""
    round_before = gm.locator("#board").get_attribute("data-version")
    gm.locator("[name=turn-faces]").fill(faces)
    gm.get_by_role("button", name="Next turn").click()
    expect(gm.locator("#board")).not_to_have_attribute("data-version", round_before or "")
    gm.wait_for_function(
        "() => document.querySelector('#panel').dataset.offer"
        " === document.querySelector('#board').dataset.offer"
    )


def test_the_faces_the_gm_is_typing_survive_a_players_action_arriving_live(
    new_context, transactional_db, django_user_model
):
    _encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")

    gm.locator("[name=turn-faces]").fill("4, 4")  # half typed while Baldur's player acts
    player = log_in(new_context(width=390, height=844), "hrac")  # Baldur is hers
    player.goto(url)
    baldur_hits_the_leader(player)

    expect(gm.locator(".log-entry").first).to_contain_text("Attack 12")  # arrived by polling
    expect(gm.locator("[name=turn-faces]")).to_have_value("4, 4")
    gm.evaluate("window.before = document.getElementById('board')")
    typed_into = gm.locator("[name=turn-faces]").get_attribute("id")
    next_turn(gm)  # waits for the new #board
    assert gm.locator("[name=turn-faces]").get_attribute("id") != typed_into  # a new form

    # A poll that was in flight while "Next turn" was: its answer, rendered after the turn
    # moved on, arrives for the #board the turn's answer already replaced. The faces stay.
    gm.locator("[name=turn-faces]").fill("5")
    late = "url => htmx.ajax('GET', url, {source: document.body, target: window.before, swap: 'outerHTML'})"
    assert gm.evaluate("window.before.isConnected") is False
    gm.evaluate(late, f"{url}?version=1")
    expect(gm.locator("[name=turn-faces]")).to_have_value("5")


def test_what_the_gm_typed_goes_with_a_click_made_before_the_new_panel_settled(
    new_context, transactional_db, django_user_model
):
    """The race CI met in the Shadowrun fight: the GM's page asked for a new panel (a player
    acted; here the GM chose whom to act for); its answer came while the GM was typing, and the
    GM clicked before htmx settled the new panel. What was typed must already be in the new
    panel's form: the click sends it."""
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    gm.evaluate("htmx.config.defaultSettleDelay = 5000")  # the window CI hit, made wide
    baldur = encounter.combatants.get(name="Baldur")
    held = []
    gm.route("**/*panel=1*", lambda route: held.append(route))
    gm.locator("#act-as").select_option(label="Meredil")  # asks for a new panel
    for _ in range(400):  # 20 s: the page asks at once, but a loaded machine may be slow
        if held:
            break
        gm.wait_for_timeout(50)
    assert held, "the page never asked for its panel"
    hp = gm.locator("form[data-form=hp] [name=hp]")
    hp.fill("-3")  # Baldur's HP box (his turn), typed while the panel is on its way
    key = gm.locator("form[data-form=hp] [name=key]").input_value()
    held[0].continue_()
    expect(gm.locator("form[data-form=hp] [name=key]")).not_to_have_value(key)  # swapped in
    expect(hp).to_have_value("-3")  # already, long before it settles
    gm.locator("form[data-form=hp]").get_by_role("button", name="Apply").click()
    expect(gm.locator('#tracker [data-combatant="Baldur"]')).to_contain_text(
        f"{baldur.hp - 3} / {baldur.max_hp}"
    )
