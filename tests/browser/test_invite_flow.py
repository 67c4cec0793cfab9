"""A GM signs up, creates a campaign and an invite; a player joins in a second browser."""

import re

from playwright.sync_api import Page, expect

PASSWORD = "table-top-2026!"


def sign_up(page: Page, username: str) -> None:
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()


def test_gm_invites_a_player_who_signs_up_and_joins(new_context, transactional_db):
    gm = new_context().new_page()
    gm.goto("/accounts/signup/")
    sign_up(gm, "vypravec")
    expect(gm.get_by_text("Welcome, vypravec!")).to_be_visible()

    gm.get_by_role("link", name="New campaign").click()
    gm.locator("#id_name").fill("Stezka skřetů")
    gm.locator("#id_system").select_option("draci_hlidka")
    gm.get_by_role("button", name="Save").click()
    expect(gm.get_by_role("heading", name="Stezka skřetů")).to_be_visible()
    campaign_url = gm.url

    gm.get_by_role("link", name="Invite players").click()
    gm.get_by_role("button", name="Create invite link").click()
    link = gm.get_by_label("Invite link").first
    expect(link).to_have_value(re.compile(r"/campaigns/join/"))
    invite_url = link.input_value()

    player = new_context(width=390, height=844).new_page()  # a phone
    player.goto(invite_url)
    expect(player.get_by_role("heading", name="Join Stezka skřetů")).to_be_visible()
    player.get_by_role("link", name="Sign up").click()
    sign_up(player, "hrac_na_mobilu")
    player.get_by_role("button", name="Join as a player").click()
    expect(player.get_by_role("heading", name="Stezka skřetů")).to_be_visible()
    expect(player.locator('[data-member="hrac_na_mobilu"]')).to_contain_text("Player")

    gm.goto(campaign_url)
    member = gm.locator('[data-member="hrac_na_mobilu"]')
    expect(member).to_contain_text("Player")
    member.get_by_role("button", name="Make co-GM").click()  # an htmx swap, no reload
    expect(gm.locator('[data-member="hrac_na_mobilu"]')).to_contain_text("Game master")
