"""A round of a young red dragon with a lair action against the demo party, in real Chromium
(issue O): the GM gives the dragon its lair action at initiative 20 on the fight clock, the
dragon breathes fire on Helga and Lis (one roll of 16d6 for both, each her own DEX save), the
lair acts as the count passes 20, Helga strikes back from her player's phone, and at the start of
the dragon's next turn its breath recharges on a 6. Players read the outcome, never the DC.

SRD 5.1, Young Red Dragon: AC 18, 178 HP, DEX 10, "Saving Throws Dex +4"; "Fire Breath (Recharge
5–6) … DC 17 Dexterity saving throw, taking 56 (16d6) fire damage on a failed save, or half as
much damage on a successful one."
"""

from playwright.sync_api import expect

from campaigns.demo import load_demo
from campaigns.importers.srd5e import SOURCE, import_srd5e
from campaigns.models import Campaign, Character, Monster
from campaigns.services import copy_to_campaign
from combat import workflows
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from tests.srd import load, srd_dir

from .test_encounter_live import act, log_in, next_turn
from .test_fight_end import SCREENS, _errors

PHONE = {"width": 390, "height": 844}
# d20 + DEX as they joined: Helga 15 + 1, Lis 10 + 3, Mira 5 + 2, Brat Jan 2 + 0, the dragon 20.
INITIATIVE = "15, 10, 5, 2, 20"
BREATH = ", ".join(["1"] * 16)  # 16d6 at its least: 16 fire, once for both


def _lair(django_user_model):  # type: ignore[no-untyped-def]
    load("5e-SRD-Monsters.json")  # skips (or fails in CI) without the real SRD data
    load_demo()
    import_srd5e(srd_dir())
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dnd5e")
    library = Monster.objects.get(
        campaign=None, system="dnd5e", source=SOURCE, name="Young Red Dragon"
    )
    dragon = copy_to_campaign(library, campaign)
    encounter = workflows.create_encounter(campaign, "Doupě", gm)
    for name in ("Helga", "Lis", "Mira", "Brat Jan"):
        hero = Character.objects.get(campaign=campaign, name=name)
        workflows.add_combatants(encounter.pk, gm, f"add-{name}", record=hero, side="party")
    workflows.add_combatants(encounter.pk, gm, "add-dragon", record=dragon)
    url = f"/campaigns/{campaign.pk}/encounters/{encounter.pk}/"
    return encounter, url


def test_a_young_red_dragon_breathes_its_lair_acts_and_the_breath_recharges(
    new_context, transactional_db, django_user_model
):
    encounter, url = _lair(django_user_model)
    gm = log_in(new_context(), "gm")
    hrac = log_in(new_context(**PHONE), "hrac")  # Helga and Lis
    problems = _errors(gm) + _errors(hrac)
    gm.goto(url)
    hrac.goto(url)

    # The lair's action on the fight clock, at initiative 20 (it loses ties: after the dragon).
    gm.get_by_role("link", name="Add combatants · Adjust").click()
    gm.locator("details.gm-adjust summary").click()
    adjust = gm.locator("form[data-form=adjust]")
    adjust.locator("[name=combatant]").select_option(label="Young Red Dragon")
    adjust.get_by_label("Fight clock: what happens").fill("Lair action: magma erupts")
    adjust.get_by_label("…every round at initiative").fill("20")
    adjust.get_by_role("button", name="Apply").click()
    dragon = gm.locator('#tracker [data-combatant="Young Red Dragon"]')
    expect(dragon).to_contain_text("initiative 20")

    gm.locator("[name=turn-faces]").fill(INITIATIVE)
    gm.get_by_role("button", name="Roll initiative").click()
    expect(gm.locator(".action-panel")).to_contain_text("Young Red Dragon acts")

    # Fire Breath on Helga and Lis: 16 fire once; Helga 16 + DEX 1 = 17 and Lis 12 + her DEX
    # save 5 = 17 both make DC 17: half, 8 each (Helga 12 → 4, Lis 9 → 1).
    panel = gm.locator(".action-panel")
    panel.get_by_label("Lis", exact=True).check()  # the second target; act() ticks Helga
    act(gm, "save_action", f"{BREATH}, 16, 12", weapon="Fire Breath", target="Helga")
    breath = gm.locator(".log-entry").first
    expect(breath).to_contain_text(
        "Young Red Dragon uses Fire Breath — failed the save: 0, saved: 2"
    )
    expect(breath).to_contain_text("Fire Breath: DC 17 Dexterity (DEX) saving throw")
    expect(breath).to_contain_text("rolled once for all")
    expect(breath).to_contain_text("Helga: save 17 = d20 16 +1: saved")
    expect(gm.locator('#tracker [data-combatant="Helga"]')).to_contain_text("4 / 12")
    expect(gm.locator('#tracker [data-combatant="Lis"]')).to_contain_text("1 / 9")
    expect(dragon).to_contain_text("Fire Breath recharging")
    on_phone = hrac.locator(".log-entry").first
    expect(on_phone).to_contain_text("failed the save: 0, saved: 2")
    expect(on_phone).not_to_contain_text("DC 17")  # the dragon's number is the GM's
    SCREENS.mkdir(exist_ok=True)
    gm.screenshot(path=str(SCREENS / "dragon-breath-desktop.png"))
    hrac.screenshot(path=str(SCREENS / "dragon-breath-phone.png"))

    # Next: the count passes 20, the lair acts; Helga's turn, on her player's phone.
    next_turn(gm)
    expect(gm.locator("#log")).to_contain_text("Lair action: magma erupts (initiative 20)")
    expect(hrac.locator(".action-panel")).to_contain_text("Helga acts")
    # Longsword: 15 + STR 3 + proficiency 2 = 20 against AC 18, 1d8 + 3 = 5 + 3 = 8.
    act(hrac, "attack", "15, 5", weapon="Longsword", target="Young Red Dragon")
    expect(gm.locator(".log-entry").first).to_contain_text(
        "Helga → Young Red Dragon (Longsword): hit, 8 damage"
    )
    for _turn in range(3):  # Lis, Mira, Brat Jan
        next_turn(gm)
    next_turn(gm, "6")  # round 2: the dragon's turn begins with its recharge d6
    expect(gm.locator("#round")).to_have_text("Round 2")
    expect(gm.locator("#log")).to_contain_text("Fire Breath recharges (d6: 6)")
    expect(dragon).not_to_contain_text("recharging")
    gm.screenshot(path=str(SCREENS / "dragon-recharged-desktop.png"))
    assert problems == []
    assert replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk))).ok
