"""Play sessions (issue Q): a GM opens and closes one, or enters a past day; its page lists the
fights, posts and ledger rows of its span in one timeline, for every member; one open at a
time, no two covering the same time, and nobody else's campaign reachable."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Membership, Post, Role, Thread
from combat import workflows
from combat.models import LedgerEntry, PlaySession


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table(db):  # type: ignore[no-untyped-def]
    load_demo()
    campaign = Campaign.objects.get(system="dnd5e")
    return {
        "campaign": campaign,
        "gm": User.objects.get(username="gm"),
        "player": User.objects.get(username="hrac"),
        "list": reverse("combat:sessions", args=[campaign.pk]),
    }


def _page(campaign: Campaign, number: int) -> str:
    return reverse("combat:session", args=[campaign.pk, number])


def _open(client: Client, table, title: str = "The goblin trail", key: str = "s1"):  # type: ignore[no-untyped-def]
    return client.post(table["list"], {"open": "1", "open-title": title, "open-key": key},
                       HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip


def test_the_session_page_shows_what_was_played_while_it_was_open(table):
    campaign, gm = table["campaign"], table["gm"]
    before = Thread.open(campaign, gm, "Last week", "Before the session", key="t0")
    Post.objects.filter(thread=before).update(created_at=timezone.now() - dt.timedelta(days=2))
    response = _open(_client(gm), table)
    session = PlaySession.objects.get()
    assert response.status_code == 302 and response["Location"] == _page(campaign, 1)
    Thread.open(campaign, table["player"], "At the bridge", "Helga looks around", key="t1")
    encounter = workflows.create_encounter(campaign, "Ambush", gm)
    helga = Character.objects.get(campaign=campaign, name="Helga")
    workflows.add_combatants(encounter.pk, gm, "a1", record=helga, side="party")
    LedgerEntry(campaign=campaign, character=helga, kind="money", amount=7, unit="gp",
                reason="Found a purse", user=gm, key="l:0", created_at=timezone.now()).save()  # fmt: skip
    page = _client(table["player"]).get(_page(campaign, 1), HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200
    assert "At the bridge" in text and "Helga looks around" in text
    assert "Ambush" in text and "log entr" not in text  # the count holds hidden entries too
    assert "+7 gp" in text and "Found a purse" in text
    assert "Last week" not in text  # written before the session opened
    assert text.index("At the bridge") < text.index("Ambush") < text.index("Found a purse")
    assert session.closed_at is None
    gm_text = _client(gm).get(_page(campaign, 1), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "2 log entries" in gm_text  # opened, Helga added


def test_one_session_is_open_at_a_time_and_the_gm_closes_it(table):
    gm = _client(table["gm"])
    _open(gm, table)
    again = _open(gm, table, "Second", key="s2")
    assert "already covers that time" in again.content.decode()
    assert _open(gm, table, key="s1").status_code == 302  # the first form, sent twice: the same
    assert PlaySession.objects.count() == 1
    gm.post(_page(table["campaign"], 1), {"close": "1"})
    assert PlaySession.objects.get().closed_at is not None
    assert _open(gm, table, "Second", key="s3").status_code == 302
    assert list(PlaySession.objects.order_by("number").values_list("number", flat=True)) == [1, 2]


def test_a_past_session_by_date_covers_that_day_and_no_other_sessions_time(table):
    gm = _client(table["gm"])
    day = timezone.localdate() - dt.timedelta(days=3)
    data = {"past": "1", "past-day": day.isoformat(), "past-title": "Old", "past-key": "p1"}
    assert gm.post(table["list"], data).status_code == 302
    session = PlaySession.objects.get()
    assert timezone.localtime(session.opened_at).date() == day
    assert session.closed_at - session.opened_at == dt.timedelta(days=1)
    same_day = gm.post(table["list"], data | {"past-key": "p2"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "already covers that time" in same_day.content.decode()
    tomorrow = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    future = gm.post(table["list"], data | {"past-day": tomorrow, "past-key": "p3"},
                     HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    assert "already played" in future.content.decode()
    garbage = gm.post(table["list"], data | {"past-day": "31.2.", "past-key": "p4"})
    assert garbage.status_code == 200 and "is-invalid" in garbage.content.decode()
    assert PlaySession.objects.count() == 1


def test_players_read_sessions_and_only_gms_change_them(table):
    gm, player = _client(table["gm"]), _client(table["player"])
    _open(gm, table)
    assert player.get(table["list"]).status_code == 200
    assert _open(player, table, key="x1").status_code == 403
    assert player.post(_page(table["campaign"], 1), {"close": "1"}).status_code == 403
    assert player.post(_page(table["campaign"], 1), {"title": "Mine"}).status_code == 403
    assert PlaySession.objects.get().closed_at is None
    gm.post(_page(table["campaign"], 1), {"title": "Renamed"})
    assert PlaySession.objects.get().title == "Renamed"


def test_strangers_and_other_gms_reach_no_session(table):
    _open(_client(table["gm"]), table)
    stranger = _client(User.objects.create_user("stranger"))
    assert stranger.get(table["list"]).status_code == 404
    assert stranger.get(_page(table["campaign"], 1)).status_code == 404
    other_gm = User.objects.create_user("other-gm")
    elsewhere = Campaign.objects.create(name="Elsewhere", system="dnd5e")
    Membership.objects.create(campaign=elsewhere, user=other_gm, role=Role.GM)
    theirs = _client(other_gm)
    assert theirs.get(_page(elsewhere, 1)).status_code == 404  # number 1 is the other campaign's
    assert theirs.post(_page(table["campaign"], 1), {"close": "1"}).status_code == 404
    assert PlaySession.objects.get().closed_at is None


def test_a_long_session_page_costs_the_same_queries(table, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    campaign, gm = table["campaign"], table["gm"]
    _open(_client(gm), table)
    client = _client(table["player"])

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(_page(campaign, 1)).status_code == 200
        return len(queries)

    thread = Thread.open(campaign, gm, "Scene", "One", key="q0")
    workflows.create_encounter(campaign, "Fight", gm)
    few = count()
    for index in range(15):
        Post.write(thread, gm, f"Post {index}", key=f"q{index + 1}")
        workflows.create_encounter(campaign, f"Fight {index}", gm)
    assert count() == few


def test_the_session_on_paper_holds_every_post_with_its_rolls_and_the_ledger(table):
    campaign, gm = table["campaign"], table["gm"]
    _open(_client(gm), table)
    thread = Thread.open(campaign, table["player"], "At the bridge", "**Helga** jumps [dice]1d20+5[/dice]", key="t1")  # fmt: skip
    roll = thread.posts.get().rolls.get()
    helga = Character.objects.get(campaign=campaign, name="Helga")
    LedgerEntry(campaign=campaign, character=helga, kind="xp", amount=50, reason="The bridge",
                user=gm, key="x:0", created_at=timezone.now()).save()  # fmt: skip
    player = _client(table["player"])
    url = reverse("combat:session_markdown", args=[campaign.pk, 1])
    response = player.get(url, HTTP_ACCEPT_LANGUAGE="en")
    text = response.content.decode()
    assert response["Content-Type"].startswith("text/markdown")
    assert "attachment" in response["Content-Disposition"]
    assert text.startswith("# Session 1: The goblin trail\n")
    faces = ", ".join(map(str, roll.faces))
    assert f"**Helga** jumps `1d20+5` = **{roll.total}** ({faces})" in text
    assert "### At the bridge — hrac" in text and "- Helga: +50 experience — The bridge" in text
    page = player.get(reverse("combat:session_print", args=[campaign.pk, 1]))
    html = page.content.decode()
    assert page.status_code == 200 and f"roll-{roll.pk}" in html and "The bridge" in html
    assert "journal-void" not in html  # no forms on paper
    stranger = _client(User.objects.create_user("stranger"))
    assert stranger.get(url).status_code == 404


def test_a_fights_record_goes_to_the_open_sessions_scene(table):
    campaign, gm = table["campaign"], table["gm"]
    client = _client(gm)
    encounter = workflows.create_encounter(campaign, "Ambush", gm)
    url = reverse("combat:encounter_record", args=[campaign.pk, encounter.pk])
    assert (
        'value="Ambush: the record"' in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    _open(client, table)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="Session 1: The goblin trail"' in page  # a new scene, named after the session
    data = {"scene": "new", "title": "Session 1: The goblin trail", "body": "Who fell", "key": "r1"}
    client.post(url, data)
    scene = Thread.objects.get(title="Session 1: The goblin trail")
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'<option value="{scene.pk}" selected>' in page  # the next record joins it
