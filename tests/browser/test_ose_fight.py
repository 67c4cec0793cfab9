"""The OSE demo fight in two browsers (seed 001, "Herní průběh každého kola"): Zelda declares a
spell before initiative, the sides roll typed faces (party 5, goblins 2), the party acts through
its phases, Dagmar's player kills a goblin from a phone, and the goblins' block opens with the
morale check that first death prompts — 2d6 = 8 against morale 7, they flee. The player's page
follows every step live, and the log replays exactly."""

import re

from playwright.sync_api import expect

from combat.demos.ose import PREPARED
from combat.replay import export_encounter, replay_encounter
from tests.browser.test_encounter_live import act, demo_encounter, log_in, next_turn

PARTY, GOBLINS = "party — initiative 5", "enemies — initiative 2"  # the goblins' side


def _group(page, label):  # type: ignore[no-untyped-def]
    """A side's block in the tracker: its heading and the list after it."""
    heading = page.locator(".tracker-group", has_text=label)
    return heading, heading.locator("xpath=following-sibling::ol[1]")


def _row(page, name):  # type: ignore[no-untyped-def]
    """A combatant's row in its side's block (the slow weapons' block, when it acts, lists its
    members again below)."""
    return page.locator(f'[data-combatant="{name}"]').first


def _next_until(gm, acts: str, phase: str) -> None:  # type: ignore[no-untyped-def]
    """Next turn until the header names the phase and the panel the combatant: the phases nobody
    can use are skipped by the engine, so this is a handful of clicks."""
    for _ in range(8):
        header = " ".join(gm.locator(".stage").all_inner_texts())
        title = gm.locator("#action-heading").inner_text()
        if phase in header and title.startswith(f"{acts} acts"):
            return
        next_turn(gm)
    raise AssertionError(f"{acts} never acts in {phase}")


def test_the_ose_demo_fight_runs_its_phases_and_the_goblins_rout(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    assert encounter.options.get("morale") == "yes"

    gm = log_in(new_context(), "gm")
    gm.goto(url)
    player = log_in(new_context(width=390, height=844), "hrac")
    player.goto(url)
    expect(player.locator(".stage").first).to_contain_text("Round 1: declarations")
    player.evaluate("window.sameDocument = true")  # gone if the phone's page ever reloads

    # 1. Declarations: before initiative, the GM declares Zelda's spell (she is gracz's, not
    #    the player's: the GM acts for her through "Act as").
    gm.locator("#act-as").select_option(label="Zelda")
    expect(gm.locator("#action-heading")).to_contain_text("Zelda acts")
    act(gm, "declare", values={"intent": "cast"})
    zelda = _row(gm, "Zelda")
    expect(zelda).to_contain_text("Declared: spell")
    expect(_row(player, "Zelda")).to_contain_text("Declared: spell")

    # 2. Side initiative with typed faces, in the order the sides joined: party 5, goblins 2.
    gm.locator("[name=turn-faces]").fill("5, 2")
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".stage").first).to_have_text("Acting: party (initiative 5)")
    expect(gm.locator(".stage").nth(1)).to_have_text("Phase: movement")
    party, party_rows = _group(gm, PARTY)
    goblins, goblin_rows = _group(gm, GOBLINS)
    expect(party).to_have_attribute("data-active", "1")
    expect(goblins).to_have_attribute("data-active", "0")
    expect(party_rows.locator("[data-combatant]")).to_have_count(4)
    expect(goblin_rows.locator("[data-combatant]")).to_have_count(4)
    expect(gm.locator("#action-heading")).to_contain_text("Dagmar acts")
    # Live on the phone, without a reload: the round, the side blocks and the phase.
    expect(player.locator("#round")).to_have_text("Round 1")
    expect(player.locator(".stage").nth(1)).to_have_text("Phase: movement")
    expect(_group(player, PARTY)[0]).to_have_attribute("data-active", "1")
    expect(player.locator("#action-heading")).to_contain_text("Dagmar acts")  # Dagmar is hers

    # 3. The winning side's phases: movement (nobody moves), Pip's sling, Zelda's spell.
    next_turn(gm)  # Dagmar had her movement: she is marked as having acted in this phase
    expect(_row(gm, "Dagmar")).to_have_class(re.compile(r"\bacted\b"))
    expect(_row(gm, "Pip")).to_have_class(re.compile(r"\bactive-turn\b"))
    _next_until(gm, "Zelda", "Phase: spell casting")
    act(gm, "cast")
    expect(gm.locator(".log-entry").first).to_contain_text("Zelda casts a spell")
    expect(zelda).to_contain_text("Spell cast")
    expect(zelda).to_contain_text("acted")

    # 4. Melee: Dagmar's player swings from the phone. 15 + STR 1 = 16 against THAC0 19 − AC 6
    #    = 13 hits; 1d6 2 + 1 = 3 kills the 3 HP goblin; its side's first death asks for morale.
    _next_until(gm, "Dagmar", "Phase: melee attacks")
    expect(player.locator(".stage").nth(1)).to_have_text("Phase: melee attacks")
    expect(player.locator("#action-heading")).to_contain_text("Dagmar acts")
    act(player, "melee", "15, 2", weapon="Sword", target="Goblin 1")
    blow = gm.locator(".log-entry").first
    expect(blow.locator(".log-summary")).to_have_text("Dagmar hits Goblin 1 for 3")
    expect(blow).to_contain_text("THAC0 19 against AC 6 needs 13; rolled 16")
    goblin_1 = _row(gm, "Goblin 1")
    expect(goblin_1).to_contain_text("dead")
    expect(goblin_1).to_contain_text("0 / 3")
    expect(gm.locator(".stage", has_text="Morale check pending: enemies")).to_be_visible()
    expect(_row(gm, "Goblin 2")).to_contain_text("Morale check pending")
    expect(_row(gm, "Dagmar")).to_contain_text("acted")
    expect(_row(player, "Goblin 1")).to_contain_text("down")
    assert "0 / 3" not in player.locator("#tracker").inner_text()  # a monster's HP stay hidden

    # 5. The goblins' block opens with the morale phase; 4 + 4 = 8 > 7: they flee.
    _next_until(gm, "Goblin 2", "Phase: monster morale")
    expect(gm.locator(".stage").first).to_have_text("Acting: enemies (initiative 2)")
    expect(_group(gm, GOBLINS)[0]).to_have_attribute("data-active", "1")
    expect(_group(gm, PARTY)[0]).to_have_attribute("data-active", "0")
    expect(player.locator(".stage").first).to_have_text("Acting: enemies (initiative 2)")
    expect(player.locator(".stage").nth(1)).to_have_text("Phase: monster morale")
    expect(_group(player, GOBLINS)[0]).to_have_attribute("data-active", "1")
    act(gm, "morale", "4, 4")
    check = gm.locator(".log-entry").first
    expect(check).to_contain_text("Goblin 2: morale check")
    expect(check).to_contain_text("they break")
    for name in ("Goblin 2", "Goblin 3", "Goblin 4"):
        expect(_row(gm, name)).to_contain_text("fled")
        expect(_row(player, name)).to_contain_text("fled")
    expect(gm.locator(".stage", has_text="Morale check pending")).to_have_count(0)
    expect(player.locator(".log-entry").first).to_contain_text("they break")
    assert player.evaluate("window.sameDocument === true")  # all of it live, no reload

    # Undo takes the rout back on both pages; redo brings it back (the replay below recomputes
    # what the redo put back and compares it with the stored changes).
    gm.get_by_role("button", name="Undo").click()
    expect(_row(gm, "Goblin 3")).not_to_contain_text("fled")
    expect(_row(player, "Goblin 3")).not_to_contain_text("fled")
    gm.get_by_role("button", name="Redo").click()
    expect(_row(gm, "Goblin 3")).to_contain_text("fled")
    expect(_row(player, "Goblin 3")).to_contain_text("fled")
    expect(gm.locator(".log-entry").first).to_contain_text("Redone")

    gm.get_by_role("button", name="End fight").click()
    gm.get_by_role("button", name="End the fight").click()  # the panel asks first
    expect(player.locator("#board")).to_contain_text("Ended")
    expect(gm.locator(".action-panel")).to_have_count(0)

    encounter.refresh_from_db()
    assert encounter.status == "ended"
    rows = {row.name: row for row in encounter.combatants.all()}
    assert rows["Goblin 1"].hp == 0 and "dead" in rows["Goblin 1"].conditions
    assert all("fled" in rows[f"Goblin {n}"].conditions for n in (2, 3, 4))
    assert rows["Zelda"].effects and rows["Zelda"].effects[0]["kind"] == "spells_expended"
    report = replay_encounter(export_encounter(encounter))
    assert report.ok, [str(d) for d in report.differences]
