"""The fight writes the record, in a real browser (issue Q): the GM ends the seed's fight after
Baldur's blow, opens "Write it up in the journal", reads the draft, edits it and posts it; a
player on a phone reads it in the journal, in Czech. No console errors."""

import re

from playwright.sync_api import expect

from combat import workflows
from combat.demo import PREPARED

from .test_encounter_live import baldur_hits_the_leader, demo_encounter, log_in
from .test_fight_end import _errors

WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"


def blow_end_and_draft(gm, url: str):  # type: ignore[no-untyped-def]
    """The seed's blow, the fight ended, its record drafted: the draft's text box."""
    gm.goto(url)
    baldur_hits_the_leader(gm)
    panel = gm.locator("#panel")
    panel.get_by_role("button", name="End fight").click()
    panel.get_by_role("button", name="End the fight").click()
    panel.get_by_role("link", name="Write it up in the journal").click()
    body = gm.locator("#id_body")
    expect(body).to_have_value(re.compile(r"Baldur dealt 8, took 0"))
    return body


def test_the_gm_posts_the_fights_record_and_a_player_reads_it(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    gm = log_in(new_context(), "gm")
    problems = _errors(gm)
    body = blow_end_and_draft(gm, url)
    assert "Přepadení na stezce" in body.input_value()
    body.fill(body.input_value() + "\n\nThe goblins ran into the woods.")
    gm.get_by_role("button", name="Post it to the journal").click()
    expect(gm.locator(".journal-post").first).to_contain_text("The goblins ran into the woods.")
    expect(gm.locator("h1")).to_contain_text("Přepadení na stezce")

    phone = log_in(new_context(locale="cs-CZ", width=390, height=844), "hrac")
    problems += _errors(phone)
    phone.goto(gm.url)
    post = phone.locator(".journal-post").first
    expect(post).to_contain_text("Baldur dealt 8, took 0")  # written in the GM's language
    expect(post.locator(".post-body strong").first).to_have_text("Přepadení na stezce")
    assert not phone.evaluate(WIDER_THAN_THE_SCREEN)
    assert problems == []
