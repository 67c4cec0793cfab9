"""The journal keeps every text a post ever had (issue K, findings 10 and 11).

An edit may change the words but never hide what a roll first answered: the earlier texts stay,
append-only, and every member can read them beside the rolls as they stood then. Run on
PostgreSQL too (DATABASE_URL=postgres://postgres@127.0.0.1:5432/journal).
"""

import re

import pytest
from django.db import DatabaseError, connection, transaction
from django.urls import reverse

from campaigns.models import JournalRoll, Post, Thread
from combat.models import AppendOnlyError

FIRST = "[dice]1d20[/dice] attack and [dice]1d20[/dice] stealth"
SWAPPED = "[dice]1d20[/dice] stealth and [dice]1d20[/dice] attack"


class Faces:
    """These faces, in order, across all of a post's tags (TypedFaces checks one roll)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def roll(self, sides: int) -> int:
        return self.faces.pop(0)


@pytest.fixture
def swapped(roles, client):  # type: ignore[no-untyped-def]
    """The player rolls 3 for the attack and 18 for stealth, then edits the words to trade places."""
    thread = Thread.open(roles["campaign"], roles["gm"], "Stráž", "Stráž u brány.", key="t")
    post = Post.write(thread, roles["player"], FIRST, key="p", faces=Faces(3, 18))
    client.force_login(roles["player"])
    url = reverse("campaigns:journal_post_edit", args=[roles["campaign"].pk, post.pk])
    assert client.post(url, {"body": SWAPPED}).status_code == 302
    client.logout()
    return {"thread": thread, "post": post, **roles}


def history_url(scene, post_pk=None):  # type: ignore[no-untyped-def]
    post_pk = scene["post"].pk if post_pk is None else post_pk
    return reverse("campaigns:journal_post_history", args=[scene["campaign"].pk, post_pk])


def _shape(response, url: str) -> str:  # type: ignore[no-untyped-def]
    """The page without what differs by request: the CSRF tokens and its own address."""
    html = re.sub(r'"X-CSRFToken": "[^"]*"', "", response.content.decode())
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    return html.replace(url, "URL")


def _order(html: str, *needles: str) -> list[int]:
    return [html.index(needle) for needle in needles]


def test_another_member_reads_the_text_the_rolls_first_answered(client, swapped):  # type: ignore[no-untyped-def]
    client.force_login(swapped["gm"])
    thread_url = reverse(
        "campaigns:journal_thread", args=[swapped["campaign"].pk, swapped["thread"].pk]
    )
    thread_page = client.get(thread_url).content.decode()
    assert history_url(swapped) in thread_page  # the post says it was edited, and links here
    page = client.get(history_url(swapped))
    html = page.content.decode()
    assert page.status_code == 200
    earlier = html[html.index('class="journal-revision') :]
    # The first text, with each roll where it stood: 3 answered the attack, 18 stealth.
    assert _order(earlier, "= 3</strong>", "attack and", "= 18</strong>", "stealth") == sorted(
        _order(earlier, "= 3</strong>", "attack and", "= 18</strong>", "stealth")
    )
    current = html[: html.index('class="journal-revision')]
    assert current.index("= 3</strong>") < current.index("stealth and") < current.index("= 18")


def test_every_edit_adds_a_revision_and_the_rolls_stay(client, swapped):  # type: ignore[no-untyped-def]
    from campaigns.models import PostRevision

    post = Post.objects.get(pk=swapped["post"].pk)
    post.edit(swapped["player"], "Nic.")
    post.edit(swapped["player"], "Nic.")  # the same text again: nothing to keep
    texts = list(
        PostRevision.objects.filter(post=post).order_by("pk").values_list("body", flat=True)
    )
    assert texts == [FIRST, SWAPPED]
    assert sorted(JournalRoll.objects.filter(post=post).values_list("total", flat=True)) == [3, 18]
    client.force_login(swapped["player"])
    html = client.get(history_url(swapped)).content.decode()
    assert html.count('class="journal-revision') == 2
    assert "attack and" in html and "stealth and" in html and "Nic." in html


def test_an_outsider_gets_the_same_404_as_for_a_post_that_does_not_exist(client, swapped):  # type: ignore[no-untyped-def]
    client.force_login(swapped["outsider"])
    theirs_url = history_url(swapped)
    missing_url = history_url(swapped, post_pk=swapped["post"].pk + 1000)
    theirs, missing = client.get(theirs_url), client.get(missing_url)
    assert theirs.status_code == missing.status_code == 404
    assert _shape(theirs, theirs_url) == _shape(missing, missing_url)
    assert b"attack" not in theirs.content


def test_a_post_never_edited_has_no_history_link(client, roles):  # type: ignore[no-untyped-def]
    thread = Thread.open(roles["campaign"], roles["gm"], "Klid", "Ticho. [dice]1d6[/dice]", key="q")
    client.force_login(roles["player"])
    url = reverse("campaigns:journal_thread", args=[roles["campaign"].pk, thread.pk])
    post = thread.posts.get()
    assert (
        history_url({"campaign": roles["campaign"], "post": post})
        not in client.get(url).content.decode()
    )


def test_the_orm_refuses_to_change_or_delete_a_revision(swapped):  # type: ignore[no-untyped-def]
    from campaigns.models import PostRevision

    revision = PostRevision.objects.get(post=swapped["post"])
    revision.body = SWAPPED
    for attempt in (revision.save, revision.delete,
                    lambda: PostRevision.objects.filter(pk=revision.pk).update(body="x"),
                    lambda: PostRevision.objects.filter(pk=revision.pk).delete()):  # fmt: skip
        with pytest.raises(AppendOnlyError):
            attempt()
    assert PostRevision.objects.get(pk=revision.pk).body == FIRST


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE campaigns_postrevision SET body = 'x' WHERE id = %s",
        "UPDATE campaigns_postrevision SET written_at = written_at WHERE id = %s",
        "DELETE FROM campaigns_postrevision WHERE id = %s",
    ],
)
def test_the_database_refuses_raw_sql_on_a_revision(swapped, sql):  # type: ignore[no-untyped-def]
    from campaigns.models import PostRevision

    revision = PostRevision.objects.get(post=swapped["post"])
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, [revision.pk])
    assert PostRevision.objects.get(pk=revision.pk).body == FIRST


def test_deleting_the_campaign_removes_its_revisions(swapped):  # type: ignore[no-untyped-def]
    from campaigns.models import Campaign, PostRevision

    Campaign.objects.filter(pk=swapped["campaign"].pk).delete()
    assert not PostRevision.objects.filter(campaign_id=swapped["campaign"].pk).exists()


def test_a_long_history_is_paged_newest_first_and_keeps_the_first_text(client, swapped):  # type: ignore[no-untyped-def]
    post = Post.objects.get(pk=swapped["post"].pk)
    for number in range(24):  # with the fixture's edit: 25 earlier texts
        post.edit(swapped["player"], f"Verze {number}")
    client.force_login(swapped["gm"])
    first = client.get(history_url(swapped)).content.decode()
    assert first.count('class="journal-revision') == 20 and "Older versions" in first
    assert "Verze 22" in first and "attack and" not in first
    last = client.get(history_url(swapped), {"page": 2}).content.decode()
    assert last.count('class="journal-revision') == 5 and "attack and" in last


# --- finding 11: İ before a tag ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expressions"),
    [
        ("İ[dice]1d6[/dice]", ["1d6"]),
        ("İİİ zkouším [dice]2d6[/dice] a [DICE]1d4[/DICE] İ", ["2d6", "1d4"]),
        ("İstanbul: [Dice]1d8+1[/dICE], [dİce]1d6[/dİce]", ["1d8+1"]),  # [dİce] is no tag
    ],
)
def test_a_dotted_capital_i_before_a_tag_leaves_the_tag_whole(client, roles, body, expressions):  # type: ignore[no-untyped-def]
    thread = Thread.open(roles["campaign"], roles["gm"], "Cesta", "Na cestě.", key="c")
    client.force_login(roles["player"])
    url = reverse("campaigns:journal_thread", args=[roles["campaign"].pk, thread.pk])
    response = client.post(url, {"body": body, "key": "k"})
    assert response.status_code == 302, response.content.decode()[:2000]
    post = Post.objects.get(thread=thread, key="k")
    rolls = list(post.rolls.order_by("index").values_list("expression", flat=True))
    assert rolls == expressions
    html = client.get(url).content.decode()
    assert "İ" in html and "[/dice]" not in html.split(f'id="post-{post.pk}"')[1].split("</li>")[0]


# --- the campaign file (version 4) carries the revisions ---------------------------------------


def test_the_campaign_file_carries_every_earlier_text_and_brings_it_back(db, make_user):  # type: ignore[no-untyped-def]
    import copy
    import json

    from campaigns.exchange import export_campaign, import_campaign
    from campaigns.models import PostRevision
    from tests.campaigns.test_exchange_journal import journal, wipe

    first = json.loads(json.dumps(export_campaign(journal("dnd5e", make_user))))
    door = first["journal"][0]["posts"][1]
    assert [r["body"] for r in door["revisions"]] == ["Páčím: [dice]3d6[/dice]"]
    assert door["revisions"][0]["user"] == "hráčka"
    before = list(PostRevision.objects.values_list("body", "written_at", "created_at"))
    wipe()
    imported = import_campaign(copy.deepcopy(first))
    assert export_campaign(imported)["journal"] == first["journal"]
    assert list(PostRevision.objects.values_list("body", "written_at", "created_at")) == before


def test_an_older_file_reads_and_a_version_3_file_with_revisions_is_refused(db, make_user):  # type: ignore[no-untyped-def]
    from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
    from campaigns.models import PostRevision
    from tests.campaigns.test_exchange_journal import journal

    data = export_campaign(journal("dnd5e", make_user))
    data["version"] = 3
    with pytest.raises(CampaignFormatError, match="version 3 files carry no revisions"):
        import_campaign(data)
    for post in data["journal"][0]["posts"]:
        del post["revisions"]
    count = PostRevision.objects.count()
    assert import_campaign(data).name == "Deník"  # a version 3 file, as it was written
    assert PostRevision.objects.count() == count


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"written_at": "2099-01-01T10:00:00+00:00"}, "written_at is after created_at"),
        ({"body": "x" * 10_001}, "body: at most 10000 characters"),
        ({"created_at": "včera"}, "is not an ISO 8601 date-time"),
        ({"extra": 1}, "unknown key(s): extra"),
    ],
)
def test_a_bad_revision_in_a_file_is_refused_with_where_it_is(db, make_user, change, message):  # type: ignore[no-untyped-def]
    from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
    from campaigns.models import Campaign
    from tests.campaigns.test_exchange_journal import journal

    data = export_campaign(journal("dnd5e", make_user))
    data["journal"][0]["posts"][1]["revisions"][0].update(change)
    count = Campaign.objects.count()
    with pytest.raises(CampaignFormatError) as error:
        import_campaign(data)
    assert message in str(error.value)
    assert "journal[0].posts[1].revisions[0]" in str(error.value)
    assert Campaign.objects.count() == count
