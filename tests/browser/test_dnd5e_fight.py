"""The demo 5e fight in real Chromium: Helga, Lis, Mira and Brat Jan against the demo's SRD
goblins and wolf. A shove knocks a goblin prone (from the player's phone), the goblin stands and
crits Mira (the damage dice rolled twice), Mira makes her death saving throw on her turn (from
her player's phone), the wolf bites with advantage (a tick: both d20s in the log, the higher
kept; Helga makes the stat block's STR save against being knocked prone) and the GM frightens Brat Jan
until the end of the wolf's next turn (the badge counts down). Every die is typed, so the fight is deterministic; the phones follow without reload, and
the exported log replays exactly."""

from playwright.sync_api import expect

from combat.demos.dnd5e import PREPARED
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from tests.browser.test_encounter_live import act, demo_encounter, log_in, next_turn

# d20 + DEX in the order they joined: Helga 19+1, Lis 10+3, Mira 15+2, Brat Jan 12+0,
# Goblin 1–4 16/9/8/7 +2, Wolf 14+2 → Helga 20, Goblin 1 18, Mira 17, Wolf 16, Lis 13,
# Brat Jan 12, Goblin 2 11, Goblin 3 10, Goblin 4 9: no ties.
INITIATIVE = "19, 10, 15, 12, 16, 9, 8, 7, 14"


def test_a_demo_5e_fight_with_a_shove_a_critical_a_death_save_and_advantage(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)

    gm = log_in(new_context(), "gm")
    gm.goto(url)
    hrac = log_in(new_context(width=390, height=844), "hrac")  # Helga and Lis
    hrac.goto(url)
    gracz = log_in(new_context(width=390, height=844), "gracz")  # Mira and Brat Jan
    gracz.goto(url)
    goblin_on_phone = hrac.locator('[data-combatant="Goblin 1"]')
    expect(goblin_on_phone).to_contain_text("unhurt")

    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".log-entry").first).to_contain_text(
        "Initiative: Helga, Goblin 1, Mira, Wolf, Lis, Brat Jan, Goblin 2, Goblin 3, Goblin 4"
    )
    expect(hrac.locator(".action-panel")).to_contain_text("Helga acts")  # live, no reload

    # Helga, from her player's phone, shoves Goblin 1 prone: Athletics 15 + 5 = 20 against the
    # goblin's better Acrobatics 5 + 2 = 7.
    act(hrac, "shove", "15, 5", target="Goblin 1", values={"shove": "prone"})
    shove = gm.locator(".log-entry").first
    expect(shove).to_contain_text("Helga shoves Goblin 1")
    expect(shove).to_contain_text("Helga: Athletics 20 = d20 15 +5")
    expect(shove).to_contain_text("Goblin 1: Acrobatics 7 = d20 5 +2")
    expect(gm.locator('[data-combatant="Goblin 1"] .condition')).to_have_text(["prone"])
    expect(goblin_on_phone.locator(".condition")).to_have_text(["prone"])

    # Goblin 1 stands up (half its movement) and its Scimitar rolls a natural 20 on Mira: a
    # critical hit, 1d6+2 becomes 2d6+2 = 3 + 4 + 2 = 9; Mira (7 HP) falls unconscious.
    next_turn(gm)
    expect(gm.locator(".action-panel")).to_contain_text("Goblin 1 acts")
    act(gm, "stand_up")
    expect(gm.locator('[data-combatant="Goblin 1"] .condition')).to_have_count(0)
    act(gm, "attack", "20, 3, 4", weapon="Scimitar", target="Mira")
    crit = gm.locator(".log-entry").first
    expect(crit).to_contain_text("Goblin 1 → Mira (Scimitar): critical hit, 9 damage")
    expect(crit).to_contain_text("Natural 20: a critical hit")
    expect(crit).to_contain_text("Damage 9 slashing = 2d6+2 [3, 4]")
    damage_dice = crit.locator(".dice", has_text="2d6+2")
    expect(damage_dice.locator(".die")).to_have_text(["3", "4"])  # both damage dice shown
    mira = gm.locator('[data-combatant="Mira"]')
    expect(mira).to_contain_text("0 / 7")
    expect(mira.locator(".condition")).to_contain_text(["prone", "unconscious"])
    expect(hrac.locator(".log-entry").first).to_contain_text("critical hit, 9 damage")

    # Mira's turn: dying, her player rolls the death saving throw on the phone, 12: a success.
    next_turn(gm)
    expect(gm.locator(".log-entry").first).to_contain_text("Mira is dying")
    mira_panel = gracz.locator(".action-panel")
    expect(mira_panel).to_contain_text("Mira acts")
    kinds = mira_panel.locator("#id_kind option")
    expect(kinds.first).to_have_attribute("value", "death_save")  # what a dying one can do
    act(gracz, "death_save", "12")
    expect(gm.locator(".log-entry").first).to_contain_text("Death saving throw 12: a success")
    for page in (gm, gracz, hrac):  # the boxes: one success of three, no failure
        row = page.locator('[data-combatant="Mira"]')
        successes = row.locator(".engine-badge", has_text="death save successes")
        failures = row.locator(".engine-badge", has_text="death save failures")
        expect(successes.locator(".box")).to_have_count(3)
        expect(successes.locator(".box.filled")).to_have_count(1)
        expect(successes.locator(".monitor.good")).to_have_count(1)  # green, not harm's red
        expect(failures.locator(".monitor.good")).to_have_count(0)
        expect(failures.locator(".box.filled")).to_have_count(0)

    # The wolf's Bite on Helga with advantage (Pack Tactics, the GM's tick): d20 3 and 16, the
    # higher counts: 16 + 4 = 20 against AC 18, 2d4+2 = 2 + 3 + 2 = 7 damage; the rider's DC 11
    # STR save: Helga d20 17 + 5 = 22, saved (not prone).
    next_turn(gm)
    expect(gm.locator(".action-panel")).to_contain_text("Wolf acts")
    act(gm, "attack", "3, 16, 2, 3, 17", weapon="Bite", target="Helga", ticks=["GM: advantage"])
    bite = gm.locator(".log-entry").first
    expect(bite).to_contain_text("Wolf → Helga (Bite): hit, 7 damage")
    expect(bite).to_contain_text("Advantage: the GM's call")
    expect(bite).to_contain_text("Advantage: d20 3, 16, the higher 16 counts")
    expect(bite).to_contain_text("20 against AC 18: a hit")
    expect(bite).to_contain_text("Bite: DC 11 Strength (STR) saving throw")
    expect(bite).to_contain_text("Helga: save 22 = d20 17 +5: saved")
    expect(bite.locator(".dice", has_text="2d20kh1").locator(".die")).to_have_text(["3", "16"])
    expect(gm.locator('[data-combatant="Helga"]')).to_contain_text("5 / 12")
    expect(hrac.locator('[data-combatant="Helga"]')).to_contain_text("5 / 12")  # her own
    expect(hrac.locator(".log-entry").first).to_contain_text("the higher 16 counts")
    expect(hrac.locator(".log-entry").first).to_contain_text("Helga: save 22")
    expect(hrac.locator(".log-entry").first).not_to_contain_text("DC 11")

    # Still in the wolf's turn, the GM frightens Brat Jan until the end of the wolf's *next*
    # turn: the badge says so, and once this turn is over it is "the end of Wolf's turn".
    act(
        gm,
        "apply_condition",
        target="Brat Jan",
        values={"condition": "frightened", "who": ("label", "Wolf"), "when": "end_next"},
    )
    jan = gracz.locator('[data-combatant="Brat Jan"]')
    expect(jan.locator(".condition")).to_have_text(["frightened"])
    expect(jan).to_contain_text("frightened until the end of Wolf's next turn")
    next_turn(gm)
    expect(gm.locator(".action-panel")).to_contain_text("Lis acts")
    expect(jan).to_contain_text("frightened until the end of Wolf's turn")
    expect(jan).not_to_contain_text("next turn")

    # The monsters' numbers stay hidden from the phones; the prone goblin stood up for them too.
    expect(goblin_on_phone).to_contain_text("unhurt")
    expect(goblin_on_phone.locator(".condition")).to_have_count(0)
    for name in ("Goblin 1", "Goblin 2", "Wolf"):
        expect(hrac.locator(f'[data-combatant="{name}"] .health')).not_to_contain_text("/")

    report = replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk)))
    assert report.ok, [str(d) for d in report.differences]
    mira_row = Encounter.objects.get(pk=encounter.pk).combatants.get(name="Mira")
    assert (mira_row.hp, sorted(mira_row.conditions)) == (0, ["prone", "unconscious"])
