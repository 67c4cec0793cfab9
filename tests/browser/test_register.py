"""People and places met in a real browser (issue Q): the GM writes down an NPC and reveals its
name only; a player on a 390 px phone finds the name and not the summary; once the GM reveals
the summary too, the player reads it. Nothing wider than the phone, no console errors."""

from playwright.sync_api import expect

from campaigns.models import Campaign, Membership, Role

from .test_encounter_live import log_in

WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"
SUMMARY = "Keeps the ferry at the ford and asks no questions."


def test_the_gm_reveals_an_npc_part_by_part_to_a_player_on_a_phone(
    new_context, transactional_db, django_user_model
):
    gm_user = django_user_model.objects.create_user("gm", password="iniciativa")
    player = django_user_model.objects.create_user("hrac", password="iniciativa")
    campaign = Campaign.objects.create(name="Stezka", system="draci_hlidka")
    Membership.objects.create(campaign=campaign, user=gm_user, role=Role.GM)
    Membership.objects.create(campaign=campaign, user=player)
    register = f"/campaigns/{campaign.pk}/register/"

    gm = log_in(new_context(), "gm")
    gm.goto(f"/campaigns/{campaign.pk}/journal/")
    gm.get_by_role("link", name="People and places").click()
    gm.locator("summary", has_text="New entry").click()
    gm.locator("#id_name").fill("Old Bob")
    gm.locator("#id_summary").fill(SUMMARY)
    gm.locator("#id_gm_notes").fill("Secretly the duke's brother.")
    gm.get_by_role("button", name="Save the entry").click()
    expect(gm.locator("h1")).to_have_text("Old Bob")
    gm.get_by_label("the name only").check()
    gm.get_by_role("button", name="Reveal").click()
    expect(gm.locator(".register-reveals")).to_contain_text("every player: the name only")

    errors: list[str] = []
    phone = log_in(new_context(width=390, height=844), "hrac")
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.goto(register)
    expect(phone.locator(".register-entries")).to_contain_text("Old Bob")
    phone.get_by_role("link", name="Old Bob").click()
    expect(phone.locator("h1")).to_have_text("Old Bob")
    expect(phone.locator("main")).not_to_contain_text(SUMMARY)
    expect(phone.locator("main")).not_to_contain_text("duke")
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)

    gm.get_by_label("the name and the summary").check()
    gm.get_by_role("button", name="Reveal").click()
    expect(gm.locator(".register-reveals")).to_contain_text(
        "every player: the name and the summary"
    )

    phone.reload()
    expect(phone.locator(".register-summary")).to_contain_text(SUMMARY)
    expect(phone.locator("main")).not_to_contain_text("duke")
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    phone.goto(register)
    expect(phone.locator(".register-entries")).to_contain_text(SUMMARY)
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    assert errors == []
