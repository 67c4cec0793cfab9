"""A GM makes a weapon for the campaign in the app (issue N): on a phone, in Czech, from the
armory's "New weapon"; a damage beyond the rules comes back with a summary that has the cursor and
links to the field, everything typed kept; fixed, the weapon is in the armory. Then a monster
on the desktop, in Polish. Screenshots under docs/screens/, no console errors."""

from playwright.sync_api import expect

from campaigns.demo import load_demo
from campaigns.models import Campaign, Monster, Weapon

from .test_encounter_live import log_in
from .test_fight_end import SCREENS, _errors


def test_a_gm_makes_a_weapon_on_a_phone_and_a_monster_on_a_desktop(new_context, transactional_db):
    load_demo()
    campaign = Campaign.objects.get(system="draci_hlidka")
    phone = log_in(new_context(locale="cs-CZ", width=390, height=844), "gm")
    errors = _errors(phone)
    phone.goto(f"/campaigns/{campaign.pk}/armory/")
    phone.get_by_role("link", name="Nová zbraň").click()
    expect(phone.locator("h1")).to_have_text("Nová zbraň")
    phone.locator("#id_name").fill("Trpasličí palcát")
    phone.locator("#id_stat_zraneni").fill("99")  # more than the rules allow
    phone.locator("#id_notes").fill("Z kovárny pod horou.")
    phone.get_by_role("button", name="Uložit").click()
    summary = phone.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(phone.locator("#id_name")).to_have_value("Trpasličí palcát")
    expect(phone.locator("#id_notes")).to_have_value("Z kovárny pod horou.")
    phone.screenshot(path=str(SCREENS / "record-form-error-phone.png"), full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the form is {width} px wide on a 390 px phone"
    summary.get_by_role("link").first.click()
    expect(phone.locator("#id_stat_zraneni")).to_be_focused()
    phone.locator("#id_stat_zraneni").fill("2")
    phone.get_by_role("button", name="Uložit").click()
    expect(phone.locator(".alert-success")).to_contain_text("Trpasličí palcát")
    expect(phone.locator("[data-weapon='Trpasličí palcát']")).to_be_visible()
    assert Weapon.objects.get(name="Trpasličí palcát").campaign_id == campaign.pk

    desktop = log_in(new_context(locale="pl-PL"), "gm")
    errors += _errors(desktop)
    desktop.goto(f"/campaigns/{campaign.pk}/bestiary/")
    desktop.get_by_role("link", name="Nowy potwór").click()
    desktop.locator("#id_name").fill("Troll jaskiniowy")
    desktop.locator("#id_stat_zivoty").fill("40")
    desktop.screenshot(path=str(SCREENS / "record-form-desktop.png"), full_page=True)
    desktop.get_by_role("button", name="Zapisz").click()
    expect(desktop.locator("h1")).to_have_text("Troll jaskiniowy")
    assert Monster.objects.get(name="Troll jaskiniowy").stats["zivoty"] == 40
    assert errors == []
