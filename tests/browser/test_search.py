"""The campaign search in a real browser (issue Q): a player on a phone types a word into the box
at the end of the campaign's tabs and finds a journal post and a person revealed to them, and not
the one the GM keeps to themself. No console errors, nothing wider than the phone, nothing axe-core
finds."""

from playwright.sync_api import expect

from campaigns.models import Part, RegisterEntry, Thread
from combat.demo import PREPARED

from .test_accessibility import _violations
from .test_encounter_live import demo_encounter, log_in

WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"


def test_a_player_on_a_phone_finds_a_post_and_a_revealed_npc(
    new_context, transactional_db, django_user_model
):
    encounter, _url = demo_encounter(django_user_model, PREPARED)
    campaign = encounter.campaign
    gm = django_user_model.objects.get(username="gm")
    player = django_user_model.objects.get(username="hrac")
    Thread.open(campaign, player, "U brány", "Zlatohlav nás čeká u brány s lucernou.", key="s1")
    shown = RegisterEntry.objects.create(
        campaign=campaign, name="Zlatohlav", summary="Hostinský, co ví víc.", key="s2"
    )
    shown.reveal(None, Part.SUMMARY, by=gm)
    RegisterEntry.objects.create(
        campaign=campaign, name="Zlatohlavův bratr", summary="Zrádce.", key="s3"
    )  # never revealed

    errors: list[str] = []
    phone = log_in(new_context(width=390, height=844), "hrac")
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.goto(f"/campaigns/{campaign.pk}/journal/")
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    phone.get_by_label("Search the campaign").fill("zlatohlav")
    phone.get_by_label("Search the campaign").press("Enter")

    expect(phone.locator("h1")).to_have_text("Search")
    posts = phone.locator('[data-kind="posts"]')
    expect(posts.locator(".search-hit")).to_have_count(1)
    expect(posts.locator("mark").first).to_have_text("Zlatohlav")
    register = phone.locator('[data-kind="register"]')
    expect(register.locator(".search-hit")).to_have_count(1)
    expect(register).to_contain_text("Hostinský, co ví víc.")
    expect(phone.locator("main")).not_to_contain_text("bratr")
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    assert _violations(phone) == []  # axe-core, as on the main pages (test_accessibility)

    register.get_by_role("link", name="Zlatohlav").click()
    expect(phone.locator("h1")).to_contain_text("Zlatohlav")
    phone.go_back()
    posts.get_by_role("link", name="U brány").click()
    expect(phone.locator("main")).to_contain_text("s lucernou")
    assert "#post-" in phone.url
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    assert errors == []
