"""The journal's pages: posting, editing, previewing, voiding, live polling, and hostile text."""

import logging
import re

import pytest
from django.urls import reverse

from campaigns.models import JournalRoll, JournalRollVoid, Post, Thread
from combat.rules.faces import TypedFaces

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def scene(roles):
    thread = Thread.open(roles["campaign"], roles["gm"], "Dveře", "Před vámi jsou dveře.", key="t")
    post = Post.write(
        thread, roles["player"], "Páčím: [dice]3d6[/dice]", key="p", faces=TypedFaces([2, 3, 4])
    )
    return {"thread": thread, "post": post, "roll": post.rolls.get(), **roles}


def thread_url(scene):
    return reverse("campaigns:journal_thread", args=[scene["campaign"].pk, scene["thread"].pk])


def edit_url(scene):
    return reverse("campaigns:journal_post_edit", args=[scene["campaign"].pk, scene["post"].pk])


def void_url(scene):
    return reverse("campaigns:journal_void", args=[scene["campaign"].pk, scene["roll"].pk])


def preview_url(scene):
    return reverse("campaigns:journal_preview", args=[scene["campaign"].pk])


def roll_row(roll):
    fresh = JournalRoll.objects.get(pk=roll.pk)
    return fresh.expression, fresh.total, fresh.faces, fresh.result, fresh.created_at


def test_the_thread_shows_every_face_the_total_who_and_when(client, scene):
    client.force_login(scene["gm"])
    html = client.get(thread_url(scene)).content.decode()
    roll = scene["roll"]
    shown = html[html.index(f'id="roll-{roll.pk}"') :]
    shown = shown[: shown.index("</time>")]
    dice = re.findall(
        r'<span class="die[^"]*" title="d6" role="img" aria-label="([^"]*)">(\d+)</span>', shown
    )
    assert [face for _label, face in dice] == ["2", "3", "4"]
    assert [label for label, _face in dice] == ["2", "3", "4"]  # read out as they show
    assert "= 9</strong>" in shown and "player · <time" in shown


def test_a_member_posts_and_the_tag_is_rolled_once(client, scene):
    client.force_login(scene["gm"])
    data = {"body": "Dveře povolily. [dice]2d20kh1+5[/dice]", "key": "k1"}
    response = client.post(thread_url(scene), data)
    post = Post.objects.get(thread=scene["thread"], author=scene["gm"], key="k1")
    assert response.status_code == 302 and response["Location"].endswith(f"#post-{post.pk}")
    assert client.post(thread_url(scene), data).status_code == 302  # the same form again
    assert JournalRoll.objects.filter(post__thread=scene["thread"]).count() == 2


def test_an_htmx_post_returns_a_fresh_composer_and_the_posts_out_of_band(client, scene):
    client.force_login(scene["gm"])
    data = {"body": "Hod: [dice]3d6[/dice]", "key": "k2"}
    html = client.post(thread_url(scene), data, **HX).content.decode()
    assert 'id="composer"' in html and 'id="journal-live"' in html and 'hx-swap-oob="true"' in html
    roll = JournalRoll.objects.get(post__key="k2")
    assert f'id="roll-{roll.pk}"' in html
    assert "Hod:" not in html.split('id="composer"')[1].split("</section>")[0]  # emptied


def test_editing_through_the_endpoint_with_a_forged_body_never_changes_the_roll(client, scene):
    client.force_login(scene["player"])
    before = roll_row(scene["roll"])
    forged = {
        "body": "Páčím: [dice]1d20+100[/dice]", "total": "18", "faces": "6,6,6",
        "index": "0", "roll": str(scene["roll"].pk), "result": "{}", "key": "p",
    }  # fmt: skip
    response = client.post(edit_url(scene), forged)
    assert response.status_code == 302
    assert roll_row(scene["roll"]) == before
    assert JournalRoll.objects.filter(post=scene["post"]).count() == 1
    html = client.get(thread_url(scene)).content.decode()
    assert "= 9" in html and "the tag was edited to 1d20+100; this roll stands" in html


def test_removing_a_tag_in_an_edit_still_shows_its_roll(client, scene):
    client.force_login(scene["player"])
    client.post(edit_url(scene), {"body": "Nakonec nic."})
    html = client.get(thread_url(scene)).content.decode()
    assert f'id="roll-{scene["roll"].pk}"' in html
    assert "the tag was removed in an edit; this roll stands" in html


def test_a_new_tag_in_an_edit_is_marked_added_later(client, scene):
    client.force_login(scene["player"])
    client.post(edit_url(scene), {"body": "Páčím: [dice]3d6[/dice] a [dice]1d6[/dice]"})
    added = JournalRoll.objects.get(post=scene["post"], index=1)
    assert added.added_later
    html = client.get(thread_url(scene)).content.decode()
    assert "added later" in html and "= 9" in html


def test_another_member_cannot_edit_a_post(client, scene, caplog):
    client.force_login(scene["gm"])
    with caplog.at_level(logging.WARNING, logger="iniciativa.access"):
        response = client.post(edit_url(scene), {"body": "GM přepsal hod: [dice]1d6[/dice]"})
    assert response.status_code == 403
    assert "Only the author of a post may edit it." in response.content.decode()
    assert any("403" in record.getMessage() for record in caplog.records)
    assert Post.objects.get(pk=scene["post"].pk).body == "Páčím: [dice]3d6[/dice]"
    htmx = client.get(edit_url(scene), **HX)
    assert htmx.status_code == 403 and htmx["HX-Retarget"] == "#messages"


def test_a_player_cannot_void_a_roll(client, scene, caplog):
    client.force_login(scene["player"])
    with caplog.at_level(logging.WARNING, logger="iniciativa.access"):
        response = client.post(void_url(scene), {"reason": "Nelíbí se mi."})
    assert response.status_code == 403
    assert any("403" in record.getMessage() for record in caplog.records)
    assert not JournalRollVoid.objects.exists()
    html = client.get(thread_url(scene)).content.decode()
    assert "journal-void" not in html  # no void controls for players


def test_the_gm_voids_a_roll_with_a_reason_and_it_stays_visible(client, scene):
    client.force_login(scene["gm"])
    before = roll_row(scene["roll"])
    assert 'class="small journal-void"' in client.get(thread_url(scene)).content.decode()
    response = client.post(void_url(scene), {"reason": "Páčení nemá <b>3</b> kostky."})
    assert response.status_code == 302 and f"#post-{scene['post'].pk}" in response["Location"]
    assert roll_row(scene["roll"]) == before
    html = client.get(thread_url(scene)).content.decode()
    assert "journal-roll-void" in html and "= 9" in html
    assert "Páčení nemá &lt;b&gt;3&lt;/b&gt; kostky." in html
    client.post(void_url(scene), {"reason": "Znovu."})
    assert JournalRollVoid.objects.count() == 1


def test_a_void_needs_a_reason(client, scene):
    client.force_login(scene["gm"])
    response = client.post(void_url(scene), {"reason": "  "}, follow=True)
    assert not JournalRollVoid.objects.exists()
    assert "Say why the roll is void" in response.content.decode()


def test_a_malformed_tag_is_refused_with_its_number_and_nothing_is_rolled(client, scene):
    client.force_login(scene["player"])
    rolls, posts = JournalRoll.objects.count(), Post.objects.count()
    body = "Nejdřív [dice]1d6[/dice], pak [dice]3d6+[/dice]"
    response = client.post(thread_url(scene), {"body": body, "key": "bad"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Dice tag 2, [dice]3d6+[/dice]: the expression ends too early" in html
    assert body.split(",")[0] in html  # the text stays in the form
    assert (JournalRoll.objects.count(), Post.objects.count()) == (rolls, posts)


def test_a_new_scene_with_a_malformed_tag_is_refused(client, scene):
    client.force_login(scene["player"])
    url = reverse("campaigns:journal", args=[scene["campaign"].pk])
    threads = Thread.objects.count()
    html = client.post(url, {"title": "Nová", "body": "[dice]2d0[/dice]", "key": "n"})
    assert "Dice tag 1, [dice]2d0[/dice]: d0: a die has 2 to 1000 sides" in html.content.decode()
    assert Thread.objects.count() == threads and JournalRoll.objects.count() == 1


def test_the_preview_shows_tags_and_rolls_nothing(client, scene):
    client.force_login(scene["player"])
    rolls, posts = JournalRoll.objects.count(), Post.objects.count()
    body = "**Hod** [dice]2d20kh1+5[/dice] a [dice]8d6!!>=7[/dice]"
    html = client.post(preview_url(scene), {"body": body}, **HX).content.decode()
    assert html.count("rolled when you post") == 2
    assert "<code>2d20kh1+5</code>" in html and "<strong>Hod</strong>" in html
    assert 'class="die' not in html
    assert (JournalRoll.objects.count(), Post.objects.count()) == (rolls, posts)


def test_the_preview_names_a_malformed_tag(client, scene):
    client.force_login(scene["player"])
    html = client.post(preview_url(scene), {"body": "[dice]3d6x[/dice]"}, **HX).content.decode()
    assert "Dice tag 1, [dice]3d6x[/dice]: unknown notation" in html


def test_the_edit_preview_shows_the_posts_own_rolls_only(client, scene):
    client.force_login(scene["player"])
    data = {"body": "[dice]4d6[/dice] [dice]1d6[/dice]", "post": str(scene["post"].pk)}
    html = client.post(preview_url(scene), data, **HX).content.decode()
    assert "= 9" in html and "the tag was edited to 4d6" in html
    assert "rolled when you save, marked as added later" in html
    client.force_login(scene["gm"])  # not the author: the post's rolls are not borrowed
    html = client.post(preview_url(scene), data, **HX).content.decode()
    assert "= 9" not in html
    assert JournalRoll.objects.count() == 1


XSS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<div hx-get="/campaigns/" hx-trigger="load" hx-swap="outerHTML">x</div>',
    '<a href="javascript:alert(1)">x</a>',
]

INERT = ("<script>alert", "<img", 'hx-get="/campaigns/"', "<div hx-", 'href="javascript')


@pytest.mark.parametrize("payload", XSS)
def test_hostile_posts_and_titles_are_inert(client, roles, payload):
    client.force_login(roles["player"])
    url = reverse("campaigns:journal", args=[roles["campaign"].pk])
    client.post(url, {"title": payload, "body": f"**{payload}** [dice]1d6[/dice]", "key": "x"})
    thread = Thread.objects.get(title=payload)
    post = thread.posts.get()
    post.edit(roles["player"], f"> {payload}\n*{payload}* [dice]1d6[/dice]")
    pages = [
        client.get(url),
        client.get(reverse("campaigns:journal_thread", args=[roles["campaign"].pk, thread.pk])),
        client.get(reverse("campaigns:journal_post_edit", args=[roles["campaign"].pk, post.pk])),
        client.post(reverse("campaigns:journal_preview", args=[roles["campaign"].pk]),
                    {"body": payload}, **HX),
    ]  # fmt: skip
    for response in pages:
        html = response.content.decode()
        assert response.status_code == 200
        assert payload not in html
        for raw in INERT:
            assert raw not in html


def test_polling_answers_204_until_the_thread_changes(client, scene, django_assert_max_num_queries):
    client.force_login(scene["gm"])
    version = Thread.objects.get(pk=scene["thread"].pk).version
    with django_assert_max_num_queries(5):
        unchanged = client.get(thread_url(scene), {"version": version}, **HX)
    assert unchanged.status_code == 204 and unchanged.content == b""
    Post.write(scene["thread"], scene["player"], "Další: [dice]1d6[/dice]", key="n")
    changed = client.get(thread_url(scene), {"version": version}, **HX)
    html = changed.content.decode()
    assert changed.status_code == 200 and html.lstrip().startswith('<div id="journal-live"')
    assert "Další:" in html and f'data-version="{version + 1}"' in html


def test_the_thread_page_costs_the_same_queries_for_many_posts(client, scene,
                                                               django_assert_max_num_queries):  # fmt: skip
    client.force_login(scene["gm"])
    for i in range(12):
        post = Post.write(scene["thread"], scene["player"], f"[dice]1d6[/dice] [dice]1d8[/dice] {i}",
                          key=f"m{i}")  # fmt: skip
        post.rolls.first().void_by(scene["gm"], "test")
    with django_assert_max_num_queries(8):
        assert client.get(thread_url(scene)).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(thread_url(scene), {"version": 0}, **HX).status_code == 200


def test_long_threads_are_paged_and_open_on_the_last_page(client, scene):
    client.force_login(scene["gm"])
    for i in range(31):
        Post.write(scene["thread"], scene["gm"], f"Příspěvek číslo {i}.", key=f"p{i}")
    html = client.get(thread_url(scene)).content.decode()
    assert "Příspěvek číslo 30." in html and "Páčím" not in html and "page 2 of 2" in html
    first = client.get(thread_url(scene), {"page": 1}).content.decode()
    assert "Páčím" in first and "Newer posts" in first


def test_the_campaign_page_links_to_the_journal(client, roles):
    client.force_login(roles["player"])
    html = client.get(reverse("campaigns:detail", args=[roles["campaign"].pk])).content.decode()
    assert reverse("campaigns:journal", args=[roles["campaign"].pk]) in html


def test_the_journal_lists_scenes_with_their_post_counts(client, scene):
    client.force_login(scene["player"])
    html = client.get(reverse("campaigns:journal", args=[scene["campaign"].pk])).content.decode()
    assert "Dveře" in html and "posts: 2" in html


def test_a_dice_pool_campaign_previews_and_shows_its_own_tests(client, roles):
    from campaigns.models import Campaign, Membership

    forum = Campaign.objects.create(name="Fórum", system="dice_pool")
    Membership.objects.create(campaign=forum, user=roles["player"])
    client.force_login(roles["player"])
    preview = reverse("campaigns:journal_preview", args=[forum.pk])
    html = client.post(preview, {"body": "[dice]3d6 proti 10[/dice]"}, **HX).content.decode()
    assert "rolled when you post" in html and not JournalRoll.objects.exists()
    url = reverse("campaigns:journal", args=[forum.pk])
    assert "[dice]3d6 vs 2d6[/dice] a conflict round" in client.get(url).content.decode()
    client.post(url, {"title": "Dveře", "body": "Páčím: [dice]3d6 proti 10[/dice]", "key": "d"})
    roll = JournalRoll.objects.get()
    html = client.get(reverse("campaigns:journal_thread", args=[forum.pk, roll.post.thread_id]))
    verdict = "success" if roll.total >= 10 else "failure"
    assert f"{roll.total} against 10: {verdict}</span>" in html.content.decode()
