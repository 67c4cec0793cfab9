"""The quick-roll box in a real browser: physical dice typed in, the result shown in place."""

from playwright.sync_api import expect

from campaigns.models import Campaign, Membership, Role


def test_typed_faces_for_an_exploding_d6_show_15_and_two_sixes(
    new_context, transactional_db, django_user_model
):
    user = django_user_model.objects.create_user("baldur", password="broad-sword-5")
    campaign = Campaign.objects.create(name="Stezka skřetů", system="draci_hlidka")
    Membership.objects.create(campaign=campaign, user=user, role=Role.PLAYER)

    page = new_context(width=390, height=844).new_page()  # on a phone at the table
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("baldur")
    page.locator("#id_password").fill("broad-sword-5")
    page.locator("form button[type=submit]").last.click()
    page.goto(f"/campaigns/{campaign.pk}/")

    page.locator("#id_expression").fill("1d6!")
    expect(page.locator("#odds")).to_contain_text("2+ sixes: 2.8 %")
    page.locator("#id_typed").check()
    expect(page.locator("#id_faces")).to_be_visible()
    page.locator("#id_faces").fill("6, 6, 3")
    page.get_by_role("button", name="Roll").click()

    last = page.locator(".last-roll .roll")
    expect(last.locator(".roll-total")).to_have_text("15")
    expect(last.locator(".roll-sixes")).to_have_text("2 sixes")
    expect(last.locator(".die-exploded")).to_have_count(2)
    expect(page.locator("#roll-log .roll")).to_have_count(1)
