"""A GM edits a Shadowrun weapon in the admin and sees the change on the armory page."""

from playwright.sync_api import expect

from campaigns.models import Campaign, Membership, Role, Weapon
from campaigns.staff import make_game_master_staff
from combat.rules.systems import get_system


def test_gm_edits_a_shadowrun_weapon_in_the_admin_and_sees_it_in_the_armory(
    new_context, transactional_db, django_user_model
):
    gm = django_user_model.objects.create_user("decker", password="matrix-2060")
    campaign = Campaign.objects.create(name="Seattle 2060", system="shadowrun3")
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    make_game_master_staff(gm)
    weapon = Weapon.objects.create(
        campaign=campaign, system="shadowrun3", name="Ares Predator",
        stats=get_system("shadowrun3").weapon.clean({"power": 6, "damage_level": "L"}),
    )  # fmt: skip

    page = new_context().new_page()
    page.goto("/admin/login/")
    page.locator("#id_username").fill("decker")
    page.locator("#id_password").fill("matrix-2060")
    page.locator("input[type=submit]").click()
    page.goto(f"/admin/campaigns/weapon/{weapon.pk}/change/")
    page.locator("#id_stat_power").fill("9")
    page.locator("#id_stat_damage_level").select_option("M")
    page.locator("input[name=_save]").click()
    expect(page.locator(".messagelist")).to_contain_text("Ares Predator")

    page.goto(f"/campaigns/{campaign.pk}/armory/")
    item = page.locator('[data-weapon="Ares Predator"]').first
    expect(item).to_contain_text("9M")
    weapon.refresh_from_db()
    assert (weapon.stats["power"], weapon.stats["damage_level"]) == (9, "M")
