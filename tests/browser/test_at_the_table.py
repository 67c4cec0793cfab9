"""The GM at the table (issue N), in real Chromium: a click on a tracker row and "−7" Enter
change that combatant's HP; the keys N and U turn and take back; Next turn passes over the
defeated, dimmed at the bottom; the GM's common turn — attack, its damage, next — is three
clicks or keys. Desktop GM, phone player, screenshots under docs/screens/, no console errors."""

from playwright.sync_api import expect

from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import demo_encounter, log_in
from .test_fight_end import SCREENS, _errors

PHONE = {"width": 390, "height": 844}


def _started(django_user_model):  # type: ignore[no-untyped-def]
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return encounter, url, gm, keys


def _both(new_context, django_user_model, down: str = ""):  # type: ignore[no-untyped-def]
    """The started fight on the GM's desktop and on the phone of hrac (Baldur's player), their
    console errors collected; `down`: a combatant put at 0 HP first."""
    encounter, url, gm_user, keys = _started(django_user_model)
    if down:
        workflows.adjust(encounter.pk, gm_user, "down", keys[down], hp=0)
    gm = log_in(new_context(), "gm")
    player = log_in(new_context(**PHONE), "hrac")
    problems = _errors(gm) + _errors(player)
    gm.goto(url)
    player.goto(url)
    return gm, player, problems, encounter


def test_hp_typed_for_a_row_of_the_tracker(new_context, transactional_db, django_user_model):
    gm, player, problems, _encounter = _both(new_context, django_user_model)
    grop = gm.locator('#tracker [data-combatant="Grop"]')
    box = gm.locator("#quick-hp")

    grop.click()  # whom
    expect(box).to_be_focused()
    expect(gm.locator("#quick-hp-who option:checked")).to_have_text("Grop")
    box.press_sequentially("-7")
    box.press("Enter")
    expect(grop.locator(".health")).to_contain_text("38 / 45")
    expect(box).to_have_value("")
    expect(box).to_be_focused()  # the next number can follow at once
    expect(gm.locator(".log-entry").first).to_contain_text("HP 45 → 38")
    expect(player.locator('#tracker [data-combatant="Grop"] .health')).to_have_text("wounded")

    gm.locator('#tracker [data-combatant="Grop"]').click()
    box.press_sequentially("+5")
    box.press("Enter")
    expect(grop.locator(".health")).to_contain_text("43 / 45")
    box.press_sequentially("=x")  # a slip: said at the box, kept to mend, nothing changed
    box.press("Enter")
    expect(gm.locator(".quick-hp .invalid-feedback")).to_contain_text("Type a number of HP")
    expect(box).to_have_value("=x")
    expect(grop.locator(".health")).to_contain_text("43 / 45")
    SCREENS.mkdir(exist_ok=True)
    gm.screenshot(path=str(SCREENS / "hp-typed-desktop.png"))
    player.screenshot(path=str(SCREENS / "hp-typed-phone.png"))
    assert problems == []


def test_keys_turn_and_the_defeated_are_passed_over(
    new_context, transactional_db, django_user_model
):
    gm, player, problems, _encounter = _both(new_context, django_user_model, down="Meredil")
    meredil = gm.locator('#tracker [data-combatant="Meredil"]')
    expect(meredil).to_have_class(__import__("re").compile(r"\bdefeated\b"))
    expect(gm.locator("#tracker li").last).to_have_attribute("data-combatant", "Meredil")

    gm.keyboard.press("n")  # Baldur → (Meredil, down) → the goblin leader
    expect(gm.locator(".action-panel")).to_contain_text("Vůdce skřetů acts")
    expect(player.locator("#tracker .active-turn")).to_have_attribute(
        "data-combatant", "Vůdce skřetů"
    )
    gm.screenshot(path=str(SCREENS / "defeated-skipped-desktop.png"))
    player.screenshot(path=str(SCREENS / "defeated-skipped-phone.png"))
    gm.keyboard.press("u")
    expect(gm.locator(".action-panel")).to_contain_text("Baldur acts")
    key = gm.locator("#panel [name=turn-key]").first
    old = key.input_value()
    gm.keyboard.press("r")
    expect(gm.locator(".action-panel")).to_contain_text("Vůdce skřetů acts")
    expect(key).not_to_have_value(old)  # the redo's own panel is in: the box is its box
    gm.keyboard.press("h")  # the HP box, on whose turn it is
    expect(gm.locator("#quick-hp")).to_be_focused()
    expect(gm.locator("#quick-hp-who option:checked")).to_have_text("Vůdce skřetů")
    gm.keyboard.press("n")  # typed into the box, not a key for the page
    expect(gm.locator("#quick-hp")).to_have_value("n")
    expect(gm.locator(".action-panel")).to_contain_text("Vůdce skřetů acts")
    assert problems == []


def test_a_gms_common_turn_is_three_clicks_or_keys(
    new_context, transactional_db, django_user_model
):
    """Baldur's attack on the leader with live dice, its damage applied by the rules, and the
    next turn: a choice of target, Resolve, and N."""
    _encounter, url, _gm, _keys = _started(django_user_model)
    gm = log_in(new_context(), "gm")
    problems = _errors(gm)
    gm.goto(url)
    panel = gm.locator(".action-panel")
    expect(panel).to_contain_text("Baldur acts")
    entries = gm.locator(".log-entry").count()
    used = 0
    panel.get_by_label("Vůdce skřetů", exact=True).check()
    used += 1
    panel.get_by_role("button", name="Resolve").click()
    used += 1
    expect(gm.locator(".log-entry")).to_have_count(entries + 1)
    expect(gm.locator(".log-entry").first).to_contain_text("Baldur")
    gm.keyboard.press("n")
    used += 1
    expect(panel).to_contain_text("Meredil acts")
    assert used <= 3 and problems == []


def test_the_players_phone_says_your_turn(new_context, transactional_db, django_user_model):
    gm, player, problems, _encounter = _both(new_context, django_user_model)
    banner = player.locator(".turn-banner")
    expect(banner).to_have_text("Your turn: Baldur")
    gm.keyboard.press("n")  # Meredil's turn: no banner for her, without a reload
    expect(gm.locator(".action-panel")).to_contain_text("Meredil acts")  # the GM's answer is in
    expect(banner).to_have_count(0)
    expect(player.locator(".action-panel")).to_have_count(0)
    gm.keyboard.press("u")  # Baldur's again
    expect(banner).to_have_text("Your turn: Baldur")
    box = banner.bounding_box()
    assert box is not None and box["y"] + box["height"] < 844  # seen without scrolling
    expect(player.locator(".action-panel")).to_be_visible()
    player.screenshot(path=str(SCREENS / "your-turn-phone.png"))
    gm.screenshot(path=str(SCREENS / "your-turn-gm-desktop.png"))
    assert problems == []


# Every tone the page makes, counted where the browser makes it (no hook in the product code).
COUNT_TONES = """
window.tones = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.tones += 1; return made.call(this); };
"""


def test_a_player_who_switched_the_chime_on_hears_it_when_the_turn_becomes_theirs(
    new_context, transactional_db, django_user_model
):
    """Issue N: "an optional chime/vibration on the phone"."""
    encounter, url, _gm_user, _keys = _started(django_user_model)
    gm = log_in(new_context(), "gm")
    context = new_context(**PHONE)
    context.add_init_script(COUNT_TONES)
    player = log_in(context, "hrac")
    problems = _errors(gm) + _errors(player)
    gm.goto(url)
    player.goto(url)
    expect(gm.locator(".js-chime")).to_have_count(0)  # the GM's page has none
    switch = player.locator(".js-chime")
    expect(switch).to_have_text("Chime on my turn: off")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_have_text("Chime on my turn: on")
    assert player.evaluate("window.tones") == 1  # the sample, at once
    gm.keyboard.press("n")  # Meredil's turn: no tone
    expect(gm.locator(".action-panel")).to_contain_text("Meredil acts")
    expect(player.locator(".turn-banner")).to_have_count(0)
    assert player.evaluate("window.tones") == 1
    gm.keyboard.press("u")  # Baldur's again: the chime
    expect(player.locator(".turn-banner")).to_have_text("Your turn: Baldur")
    player.wait_for_function("window.tones === 2")
    player.reload()  # remembered in this browser
    expect(player.get_by_role("button", name="Chime on my turn: on")).to_have_count(1)
    assert problems == []


TICKER = "/static/js/ticker.js"
SLOWED = """() => {
  const slowed = (timer) => (run, wait, ...rest) => timer(run, Math.max(wait || 0, 60000), ...rest);
  window.setTimeout = slowed(window.setTimeout.bind(window));
  window.setInterval = slowed(window.setInterval.bind(window));
}"""


def test_the_table_display_keeps_up_in_a_background_tab(
    new_context, transactional_db, django_user_model
):
    _encounter, url, _gm, _keys = _started(django_user_model)
    context = new_context(width=1920, height=1080)
    gm = log_in(context, "gm")
    problems = _errors(gm)
    gm.goto(url)
    with context.expect_page() as opened:
        gm.get_by_role("link", name="dark").click()  # a new tab, for the TV
    room = opened.value
    problems += _errors(room)
    expect(room.locator("#room .active-turn")).to_have_attribute("data-combatant", "Baldur")
    expect(room.locator("#room-next")).to_have_text("Next: Meredil")
    room.screenshot(path=str(SCREENS / "table-display-dark.png"))
    # In a background tab Chrome runs a page's own timers once a minute at most; headless
    # Chromium hides no tab, so the page's timers are slowed so here. The worker's clock keeps.
    assert [w.url for w in room.workers] == [room.url.split("/campaigns")[0] + TICKER]
    room.evaluate(SLOWED)
    gm.keyboard.press("n")
    expect(gm.locator(".action-panel")).to_contain_text("Meredil acts")
    expect(room.locator("#room .active-turn")).to_have_attribute("data-combatant", "Meredil")
    expect(room.locator("#room-next")).to_have_text("Next: Vůdce skřetů")
    expect(room.locator(".room-log .log-entry").first).to_contain_text("Next turn: Meredil")
    assert room.locator("form, button").count() == 0  # nothing to press on the room's screen
    room.screenshot(path=str(SCREENS / "table-display-dark-after.png"))
    phone = log_in(new_context(width=390, height=844), "gm")
    phone.goto(url.rstrip("/") + "/table/")
    expect(phone.locator("#room .active-turn")).to_have_attribute("data-combatant", "Meredil")
    phone.screenshot(path=str(SCREENS / "table-display-phone.png"))
    assert problems == []


def test_add_four_goblins_and_the_party_in_a_form_that_stays_open(
    new_context, transactional_db, django_user_model
):
    gm, player, problems, encounter = _both(new_context, django_user_model)
    gm.get_by_role("link", name="Add combatants · Adjust").click()
    add = gm.locator("form[data-form=add]")
    add.locator("[name=record]").select_option(label="Skřet")
    expect(add.locator("[name=side]")).to_have_value("enemies")  # a monster: the enemies
    add.locator("[name=count]").fill("4")
    add.get_by_role("button", name="Add").click()
    for number in range(1, 8):  # the fight had Skřet 1–3: numbered on, never a name twice
        expect(gm.locator(f'#tracker [data-combatant="Skřet {number}"]')).to_have_count(1)
    expect(gm.locator("form[data-form=add]")).to_be_visible()  # still open for the next
    expect(player.locator('#tracker [data-combatant="Skřet 7"]')).to_have_count(1)
    add = gm.locator("form[data-form=add]")
    expect(add.locator("[name=record] option:checked")).to_have_text(
        "The whole party (every player character not in the fight)"
    )
    add.get_by_role("button", name="Add").click()
    party = {c.name for c in encounter.campaign.characters.filter(kind="pc")}
    for name in party:
        expect(gm.locator(f'#tracker [data-combatant="{name}"]')).to_have_count(1)
    gm.screenshot(path=str(SCREENS / "add-four-goblins-desktop.png"))
    player.screenshot(path=str(SCREENS / "add-four-goblins-phone.png"))
    assert problems == []


def test_area_damage_on_four_targets(new_context, transactional_db, django_user_model):
    """A fireball's 6 on the leader and three goblins: a click, three Shift-clicks, "-6" Enter."""
    gm, player, problems, _encounter = _both(new_context, django_user_model)
    gm.locator('#tracker [data-combatant="Vůdce skřetů"]').click()
    for name in ("Skřet 1", "Skřet 2", "Skřet 3"):
        gm.locator(f'#tracker [data-combatant="{name}"]').click(modifiers=["Shift"])
    expect(gm.locator(".quick-hp-more")).to_have_attribute("open", "")
    expect(gm.locator(".quick-hp-more input:checked")).to_have_count(3)
    box = gm.locator("#quick-hp")
    expect(box).to_be_focused()
    box.press_sequentially("-6")
    box.press("Enter")
    expect(gm.locator('#tracker [data-combatant="Vůdce skřetů"] .health')).to_contain_text(
        "14 / 20"
    )
    for name in ("Skřet 1", "Skřet 2", "Skřet 3"):
        expect(gm.locator(f'#tracker [data-combatant="{name}"] .health')).to_contain_text("4 / 10")
    entry = gm.locator(".log-entry").first
    expect(entry).to_contain_text("Adjusted by the game master: Vůdce skřetů, Skřet 1")
    expect(entry).to_contain_text("Skřet 3: HP 10 → 4")
    expect(gm.locator(".quick-hp-more input:checked")).to_have_count(0)  # a fresh box
    expect(player.locator(".log-entry").first).to_contain_text("Skřet 1, Skřet 2, Skřet 3")
    gm.screenshot(path=str(SCREENS / "area-damage-desktop.png"))
    player.screenshot(path=str(SCREENS / "area-damage-phone.png"))
    assert problems == []


def _next(page) -> None:  # type: ignore[no-untyped-def]
    """N, and wait for its own answer: the new board (a poll may bring it first) and the new
    panel, whose new one-time key the next N sends (the old key is a retry: done already)."""
    version = page.locator("#board").get_attribute("data-version")
    key = page.locator("#panel [name=turn-key]").first
    old = key.input_value()
    page.keyboard.press("n")
    expect(page.locator("#board")).not_to_have_attribute("data-version", version or "")
    expect(key).not_to_have_value(old)


def _new_round(page, number: int) -> None:  # type: ignore[no-untyped-def]
    """Dračí Hlídka rolls initiative before every round (seed 000): the round begins with
    nobody's turn and the panel asks for the roll; N rolls it."""
    expect(page.locator("#round")).to_have_text(f"Round {number}")
    expect(page.locator("#panel .initiative-due")).to_be_visible()
    _next(page)
    expect(page.locator("#panel .initiative-due")).to_have_count(0)


def test_a_campaign_condition_ends_after_two_rounds_with_a_log_line(
    new_context, transactional_db, django_user_model
):
    gm, player, problems, encounter = _both(new_context, django_user_model)
    url = gm.url
    gm.goto(f"/campaigns/{encounter.campaign_id}/conditions/")
    gm.get_by_label("Name").fill("Webbed")
    gm.get_by_label("What it does").fill("Speed 0 until it tears free.")
    gm.get_by_label("Usually lasts (rounds)").fill("2")
    gm.get_by_label("Modifier (±)").fill("-2")
    gm.get_by_role("button", name="Save the condition").click()
    expect(gm.locator(".saved-conditions")).to_contain_text("Webbed")
    gm.screenshot(path=str(SCREENS / "saved-conditions-desktop.png"))

    gm.goto(url)
    player.reload()  # the condition is offered once saved
    gm.get_by_role("link", name="Add combatants · Adjust").click()
    gm.locator("details.gm-adjust summary").click()
    adjust = gm.locator("form[data-form=adjust]")
    adjust.locator("[name=combatant]").select_option(label="Grop")
    adjust.locator("[name=add]").select_option("Webbed")
    adjust.get_by_role("button", name="Apply").click()
    grop = gm.locator('#tracker [data-combatant="Grop"]')
    expect(grop).to_contain_text("Webbed · 2 rounds")
    expect(player.locator('#tracker [data-combatant="Grop"]')).to_contain_text("Webbed · 2 rounds")
    gm.locator("#gm-heading").click()  # out of the form: the keys are the page's again
    for _turn in range(6):  # Grop's turn: his attack carries the condition's modifier
        _next(gm)
    gm.locator("#id_kind").select_option("attack")
    expect(gm.locator(".held-modifiers:visible")).to_have_text("Added to the roll: Webbed −2")
    gm.locator("#id_kind").select_option("move")  # no roll of his takes it: a reminder
    expect(gm.locator(".held-modifiers:visible")).to_have_text("To remember: Webbed −2")
    gm.locator("#gm-heading").click()
    _next(gm)  # round 2 begins
    _new_round(gm, 2)
    expect(grop).to_contain_text("Webbed · 1 round")
    for _turn in range(7):  # round 3 begins: it ends
        _next(gm)
    expect(gm.locator("#round")).to_have_text("Round 3")
    expect(grop).not_to_contain_text("Webbed")
    expect(gm.locator("#log")).to_contain_text("Grop: Webbed ends")
    expect(player.locator("#log")).to_contain_text("Grop: Webbed ends")
    gm.screenshot(path=str(SCREENS / "condition-ends-desktop.png"))
    player.screenshot(path=str(SCREENS / "condition-ends-phone.png"))
    assert problems == []


def test_a_lair_entry_at_20_fires_each_round(new_context, transactional_db, django_user_model):
    gm, player, problems, _encounter = _both(new_context, django_user_model)
    gm.get_by_role("link", name="Add combatants · Adjust").click()
    gm.locator("details.gm-adjust summary").click()
    adjust = gm.locator("form[data-form=adjust]")
    adjust.locator("[name=combatant]").select_option(label="Vůdce skřetů")
    adjust.get_by_label("Fight clock: what happens").fill("Lair action")
    adjust.get_by_label("…every round at initiative").fill("20")
    adjust.get_by_role("button", name="Apply").click()
    leader = gm.locator('#tracker [data-combatant="Vůdce skřetů"]')
    expect(leader).to_contain_text("Lair action · initiative 20")
    gm.locator("#gm-heading").click()  # out of the form: the keys are the page's again
    for round_number in (2, 3):
        for _turn in range(7):
            _next(gm)
        _new_round(gm, round_number)  # the lair acts before the first in the new order
        expect(gm.locator(".log-entry").first).to_contain_text("Lair action (initiative 20)")
        expect(player.locator(".log-entry").first).to_contain_text("Lair action (initiative 20)")
    assert gm.locator(".log-entry", has_text="Lair action (initiative 20)").count() == 2
    gm.screenshot(path=str(SCREENS / "lair-action-desktop.png"))
    player.screenshot(path=str(SCREENS / "lair-action-phone.png"))
    assert problems == []
