"""Sessions and ledgers travel in the campaign file (issue Q): export → import → export is the
same file; a bad row is refused by its place, and nothing of the campaign is left behind."""

import copy
import datetime as dt
import json

import pytest
from django.utils import timezone

from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
from campaigns.models import Campaign, Character, Post, Thread
from combat.ledger import NewRow, enter
from combat.models import LedgerEntry, PlaySession


def _without_time(data):
    return {key: value for key, value in data.items() if key != "exported_at"}


def _recorded(fight) -> Campaign:  # type: ignore[no-untyped-def]
    gm, encounter = fight["gm"], fight["encounter"]
    campaign = Campaign.objects.get(pk=encounter.campaign_id)
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    week = timezone.now() - dt.timedelta(days=7)
    PlaySession.objects.create(campaign=campaign, number=1, title="Old", opened_at=week,
                               closed_at=week + dt.timedelta(hours=4), opened_by=gm, key="a")  # fmt: skip
    PlaySession.objects.create(campaign=campaign, number=2, title="Now",
                               opened_at=timezone.now(), opened_by=gm, key="b")  # fmt: skip
    Thread.open(campaign, gm, "First", "Hello", key="t1")
    thread = Thread.open(campaign, gm, "Second", "Hi", key="t2")
    post = Post.write(thread, gm, "The loot", key="t3")
    member = campaign.memberships.get(user=gm)
    rows = [
        NewRow(baldur, "xp", 120, "", "Stezka", encounter=encounter),
        NewRow(None, "money", 30, "zl", "Purse", post=post),
    ]
    made = enter(campaign, gm, rows, "k1", lambda: member)
    enter(campaign, gm, [NewRow(baldur, "xp", -20, "", "Typo", corrects=made[0])], "k2",
          lambda: member)  # fmt: skip
    return campaign


def test_sessions_and_the_ledger_round_trip_exactly(fight):
    first = json.loads(json.dumps(export_campaign(_recorded(fight))))
    assert [s["title"] for s in first["sessions"]] == ["Old", "Now"]
    ledger = first["ledger"]
    assert [row["amount"] for row in ledger] == [120, 30, -20]
    assert ledger[0]["encounter"] == 1 and ledger[2]["corrects"] == 1
    assert ledger[1]["post"] == {"scene": 2, "post": 2}
    imported = import_campaign(copy.deepcopy(first))
    assert _without_time(export_campaign(imported)) == _without_time(first)
    again = LedgerEntry.objects.filter(campaign=imported)
    assert again.get(amount=30).post.body == "The loot"
    assert again.get(amount=-20).corrects == again.get(amount=120)


@pytest.mark.parametrize(
    ("section", "index", "change", "message"),
    [
        ("ledger", 0, {"kind": "gold"}, "ledger[0].kind"),
        ("ledger", 0, {"amount": 0}, "ledger[0].amount"),
        ("ledger", 0, {"amount": True}, "ledger[0].amount"),
        ("ledger", 0, {"encounter": 7}, "ledger[0].encounter"),
        ("ledger", 1, {"post": {"scene": 9, "post": 1}}, "ledger[1].post"),
        ("ledger", 2, {"corrects": 3}, "ledger[2].corrects"),
        ("ledger", 0, {"character": 99}, "ledger[0].character"),
        ("ledger", 0, {"reason": " "}, "ledger[0].reason"),
        ("sessions", 1, {"closed_at": None, "opened_at": "2020-01-01T00:00:00+00:00"}, "overlap"),
        ("sessions", 1, {"number": 1}, "each number once"),
        ("sessions", 0, {"title": "x" * 121}, "sessions[0].title"),
    ],
)
def test_a_bad_row_is_refused_by_its_place_and_nothing_is_left(fight, section, index, change,
                                                                message):  # fmt: skip
    data = json.loads(json.dumps(export_campaign(_recorded(fight))))
    data[section][index].update(change)
    before = (Campaign.objects.count(), LedgerEntry.objects.count(), PlaySession.objects.count())
    with pytest.raises(CampaignFormatError, match=message.replace("[", r"\[")):
        import_campaign(data)
    after = (Campaign.objects.count(), LedgerEntry.objects.count(), PlaySession.objects.count())
    assert after == before


def test_a_file_without_the_new_parts_still_imports(fight):
    data = json.loads(json.dumps(export_campaign(_recorded(fight))))
    del data["sessions"], data["ledger"]
    imported = import_campaign(data)
    assert not PlaySession.objects.filter(campaign=imported).exists()
