"""Two players in two browsers: one posts a dice tag, the other sees it roll in; an edit keeps it."""

from playwright.sync_api import expect

from campaigns.models import Campaign, JournalRoll, Membership, Role, Thread


def log_in(context, username):  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill("pw-" + username)
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("nav")).to_contain_text(username)
    return page


def test_a_post_rolls_once_shows_up_live_and_an_edit_keeps_its_roll(
    new_context, transactional_db, make_user
):
    gm, alena, bohous = make_user("vypravec"), make_user("alena"), make_user("bohous")
    campaign = Campaign.objects.create(name="Fórum", system="dice_pool")
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    Membership.objects.create(campaign=campaign, user=alena)
    Membership.objects.create(campaign=campaign, user=bohous)
    thread = Thread.open(campaign, gm, "Dveře se zámkem", "Páčení + zručnost proti 10.", key="t")
    url = f"/campaigns/{campaign.pk}/journal/{thread.pk}/"

    watcher = log_in(new_context(width=390, height=844), "bohous")
    watcher.goto(url)
    watcher.evaluate("window.stillTheSamePage = true")
    author = log_in(new_context(), "alena")
    author.goto(url)

    author.locator("#id_body").fill("Páčím zámek. [dice]3d6[/dice]")
    author.get_by_role("button", name="Preview").click()
    expect(author.locator("#preview")).to_contain_text("rolled when you post")
    assert not JournalRoll.objects.exists()  # the preview rolled nothing

    author.get_by_role("button", name="Post", exact=True).click()
    mine = author.locator(".journal-post", has_text="Páčím zámek.")
    expect(mine.locator(".die")).to_have_count(3)
    expect(author.locator("#id_body")).to_have_value("")
    roll = JournalRoll.objects.get()
    faces = [str(face) for face in roll.faces]

    seen = watcher.locator(".journal-post", has_text="Páčím zámek.")
    expect(seen.locator(".die")).to_have_count(3)  # polled in, no reload
    assert seen.locator(".die").all_inner_texts() == faces
    expect(seen.locator(".roll-total")).to_have_text(f"= {roll.total}")
    expect(seen.locator(".roll-by")).to_contain_text("alena")
    assert watcher.evaluate("window.stillTheSamePage") is True

    mine.get_by_role("link", name="Edit").click()
    author.locator("#id_body").fill("Páčím zámek ještě jednou. [dice]4d6[/dice]")
    author.get_by_role("button", name="Save").click()
    edited = author.locator(".journal-post", has_text="ještě jednou")
    expect(edited.locator(".roll-edited")).to_contain_text("edited to 4d6")
    assert edited.locator(".die").all_inner_texts() == faces
    expect(edited.locator(".roll-total")).to_have_text(f"= {roll.total}")

    seen = watcher.locator(".journal-post", has_text="ještě jednou")
    expect(seen.locator(".roll-edited")).to_be_visible()  # the edit shows up live too
    assert seen.locator(".die").all_inner_texts() == faces
    assert watcher.evaluate("window.stillTheSamePage") is True
    kept = JournalRoll.objects.get()
    assert (kept.pk, kept.faces, kept.total, kept.expression) == (
        roll.pk, roll.faces, roll.total, "3d6",
    )  # fmt: skip
