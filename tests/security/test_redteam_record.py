"""Red team of issue Q (sessions, ledgers, awards, the session's paper, the register).

Each failing test is one defect; the passing ones are attacks correctly refused. Uses the
`world` of tests/security/conftest.py (campaigns A and B, gm_a, gm_b, p1, p2, q, hybrid,
outsider); every test runs in its own savepoint.
"""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
from campaigns.models import Membership, Part, Post, RegisterEntry, Role
from combat import workflows
from combat.models import LedgerEntry, PlaySession

from .conftest import NEVER

pytestmark = pytest.mark.django_db


def _as(client, user):  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


def _second_gm(world):  # type: ignore[no-untyped-def]
    gm2 = get_user_model().objects.create_user(username="gm_a2", password="pw")
    Membership.objects.create(campaign=world.a.campaign, user=gm2, role=Role.GM)
    return gm2


# --- defects --------------------------------------------------------------------------------


def test_past_session_on_year_one_is_a_message_not_a_500(world, client):
    """PastForm accepts 0001-01-01; midnight in Europe/Prague is before year 1 in UTC, so the
    overlap query / insert overflows (OverflowError -> 500) instead of a form error."""
    _as(client, world.gm_a)
    url = reverse("combat:sessions", args=[world.a.campaign.pk])
    client.raise_request_exception = False
    response = client.post(url, {"past": "1", "past-day": "0001-01-01", "past-key": "yearone"})
    assert response.status_code in (200, 302), response.status_code
    assert response.status_code == 200  # a clear message on the form, nothing made


def test_a_session_key_belongs_to_one_user(world, client):
    """Session keys are unique per campaign, not per user: a second GM whose form carries a key
    another GM used gets that GM's session back ("the same form sent twice") instead of the
    session they asked for — no error, nothing made."""
    gm2 = _second_gm(world)
    _as(client, gm2)
    url = reverse("combat:sessions", args=[world.a.campaign.pk])
    before = PlaySession.objects.filter(campaign=world.a.campaign).count()
    day = dt.date(2001, 1, 1)
    client.post(url, {"past": "1", "past-day": day.isoformat(), "past-key": world.a.session.key,
                      "past-title": "Mine"})  # fmt: skip
    made = PlaySession.objects.filter(campaign=world.a.campaign, title="Mine")
    assert PlaySession.objects.filter(campaign=world.a.campaign).count() == before + 1
    assert made.exists()


def test_an_npcs_ledger_rows_are_not_shown_to_players(world, client):
    """The ledger "holds player characters and the party only, never an NPC". A PC with rows
    turned NPC (the character form lets the GM change the kind) keeps its rows listed to every
    player on the ledger page, `?who=<npc>` and the session timeline / Markdown."""
    caelan = world.a.characters["p1"]
    caelan.kind = "npc"
    caelan.save(update_fields=["kind"])
    _as(client, world.p2)
    pk = world.a.campaign.pk
    ledger = client.get(reverse("combat:ledger", args=[pk]), {"who": caelan.pk}).content.decode()
    session = client.get(reverse("combat:session", args=[pk, 1])).content.decode()
    md = client.get(reverse("combat:session_markdown", args=[pk, 1])).content.decode()
    assert "Purse a" not in ledger
    assert "Purse a" not in session
    assert "Purse a" not in md


def test_a_players_correction_names_only_a_row_of_their_own(world, client):
    """`corrects` is checked only to be a row of the campaign: p1 files a row on Caelan that
    "corrects" a GM's experience row of Dorran (another player's character, another kind)."""
    dorran = world.a.characters["p2"]
    gm_row = LedgerEntry(campaign=world.a.campaign, character=dorran, kind="xp", amount=100,
                         unit="", reason="Boss", user=world.gm_a, key="gmxp:0",
                         created_at=timezone.now())  # fmt: skip
    gm_row.save()
    _as(client, world.p1)
    data = {"character": world.a.characters["p1"].pk, "kind": "money", "amount": "-1",
            "unit": "gp", "reason": "oops", "corrects": gm_row.pk, "key": "corr1"}  # fmt: skip
    client.post(reverse("combat:ledger", args=[world.a.campaign.pk]), data)
    assert not LedgerEntry.objects.filter(corrects=gm_row).exists()


def _rows_with_posts(world, count, link):  # type: ignore[no-untyped-def]
    """`count` posts and as many ledger rows in the session; `link`: each row names its post."""
    campaign = world.a.campaign
    caelan = world.a.characters["p1"]
    for n in range(count):
        post = Post.write(world.a.thread, world.gm_a, f"Loot {n}", key=f"loot{link}-{n}")
        LedgerEntry(campaign=campaign, character=caelan, kind="money", amount=1, unit="gp",
                    reason=f"r{n}", post=post if link else None, user=world.gm_a,
                    key=f"lp{link}-{n}:0", created_at=timezone.now()).save()  # fmt: skip


@pytest.mark.parametrize("name", ["combat:session", "combat:session_print"])
def test_session_pages_queries_do_not_grow_with_ledger_rows(world, client, name):
    """The timeline's ledger rows are not `select_related("post")`; `_ledger_row.html` reads
    `row.post.thread_id`: one more query per row that came from a post. Same posts and rows
    both times; only whether the rows name their posts differs."""
    _as(client, world.p1)
    url = reverse(name, args=[world.a.campaign.pk, 1])
    sid = transaction.savepoint()
    _rows_with_posts(world, 10, link=False)
    client.get(url)
    with CaptureQueriesContext(connection) as unlinked:
        client.get(url)
    transaction.savepoint_rollback(sid)
    _rows_with_posts(world, 10, link=True)
    client.get(url)
    with CaptureQueriesContext(connection) as linked:
        client.get(url)
    assert len(linked) <= len(unlinked) + 1, (len(unlinked), len(linked))


def _file(world):  # type: ignore[no-untyped-def]
    return json.loads(json.dumps(export_campaign(world.a.campaign)))


def _two_sessions(data):  # type: ignore[no-untyped-def]
    first = copy.deepcopy(data["sessions"][0])
    first.update(number=2, opened_at="2000-01-01T10:00:00+00:00",
                 closed_at="2000-01-01T12:00:00+00:00")  # fmt: skip
    data["sessions"].append(first)
    return data


def test_import_two_sessions_with_one_key_is_a_format_error(world):
    """Keys are unique per campaign; the file's check does not ask, so the bulk insert raises
    IntegrityError (a traceback, not the command's "Nothing was imported." message)."""
    data = _two_sessions(_file(world))
    assert data["sessions"][0]["key"] == data["sessions"][1]["key"]
    with pytest.raises(CampaignFormatError):
        import_campaign(data)


def test_import_two_ledger_rows_with_one_key_is_a_format_error(world):
    data = _file(world)
    data["ledger"].append(copy.deepcopy(data["ledger"][0]))
    with pytest.raises(CampaignFormatError):
        import_campaign(data)


def test_import_a_session_before_year_one_in_utc_is_a_format_error(world):
    """ "0001-01-01T00:00:00+05:00" parses, then overflows in bulk_create (UTC is year 0):
    OverflowError is not among the errors a section's load is read for -> a traceback."""
    data = _file(world)
    data["sessions"][0]["opened_at"] = "0001-01-01T00:00:00+05:00"
    with pytest.raises(CampaignFormatError, match=r"sessions"):
        import_campaign(data)


@pytest.mark.parametrize(
    ("section", "field"),
    [("sessions", "number"), ("ledger", "character"), ("ledger", "corrects")],
)
def test_import_json_true_is_not_a_number(world, section, field):
    """The file's rule elsewhere (`reading._is`): JSON true is not a number. Sessions and the
    ledger read `isinstance(value, int)`, so `true` passes as 1."""
    data = _file(world)
    if field == "corrects":
        data["ledger"].append({**copy.deepcopy(data["ledger"][0]), "key": "c:0"})
    row = data[section][-1]
    if field == "character":
        assert row["character"] == 1  # the first PC's file-local id
    row[field] = True
    with pytest.raises(CampaignFormatError):
        import_campaign(data)


def test_import_register_reveals_are_bounded(world):
    """Entries are capped (500), ledger rows (100 000) and sessions (5 000) too; an entry's
    reveals are not: each is its own INSERT (+ UPDATE), up to what 10 MB of JSON holds."""
    data = _file(world)
    entry = data["register"][0]
    entry["reveals"] = [{"part": "name"}] * 5_001
    with pytest.raises(CampaignFormatError):
        import_campaign(data)


# --- attacks correctly refused ---------------------------------------------------------------


def _pages(world):  # type: ignore[no-untyped-def]
    a = world.a.campaign.pk
    enc = world.a.encounter.pk
    return [
        reverse("combat:ledger", args=[a]),
        reverse("combat:sessions", args=[a]),
        reverse("combat:session", args=[a, 1]),
        reverse("combat:session_print", args=[a, 1]),
        reverse("combat:session_markdown", args=[a, 1]),
        reverse("combat:encounter_award", args=[a, enc]),
        reverse("campaigns:register", args=[a]),
        reverse("campaigns:register_entry", args=[a, world.a.entry.pk]),
    ]


@pytest.mark.parametrize("who", ["outsider", "gm_b", "q"])
def test_strangers_get_404_everywhere(world, client, who):
    _as(client, getattr(world, who))
    for url in _pages(world):
        assert client.get(url).status_code == 404, url
        assert client.post(url, {"open": "1", "close": "1"}).status_code in (404, 405), url


def test_a_player_cannot_award_open_close_or_reveal(world, client):
    _as(client, world.p1)
    a, enc = world.a.campaign.pk, world.a.encounter.pk
    assert client.get(reverse("combat:encounter_award", args=[a, enc])).status_code == 403
    assert client.post(reverse("combat:sessions", args=[a]), {"open": "1"}).status_code == 403
    assert client.post(reverse("combat:session", args=[a, 1]), {"close": "1"}).status_code == 403
    # a reveal: the same refusal for an entry that exists and one that never did
    real = client.post(reverse("campaigns:register_reveal", args=[a, world.a.entry.pk]))
    never = client.post(reverse("campaigns:register_reveal", args=[a, NEVER]))
    assert real.status_code == never.status_code == 403


@pytest.mark.parametrize(
    "forged",
    [
        {"kind": "xp", "unit": ""},  # experience is the GM's
        {"character": "party"},  # the party's purse is the GM's
        {"character": "P2"},  # another player's character
        {"character": "B"},  # another campaign's character
        {"character": "NPC"},  # an NPC
        {"corrects": "B"},  # another campaign's row
    ],
)
def test_a_players_forged_ledger_rows_are_refused(world, client, forged):
    _as(client, world.p1)
    values = {"P2": world.a.characters["p2"].pk, "B": world.b.characters["q"].pk,
              "NPC": world.a.npc.pk}  # fmt: skip
    data = {"character": world.a.characters["p1"].pk, "kind": "money", "amount": "3",
            "unit": "gp", "reason": "forged", "key": "forged1"}  # fmt: skip
    for name, value in forged.items():
        data[name] = values.get(value, value)
    if forged.get("corrects") == "B":
        data["corrects"] = LedgerEntry.objects.get(campaign=world.b.campaign).pk
    response = client.post(reverse("combat:ledger", args=[world.a.campaign.pk]), data)
    assert response.status_code == 200  # the form again, with its error
    assert not LedgerEntry.objects.filter(reason="forged").exists()


def test_award_item_to_a_monster_is_refused(world, client):
    _as(client, world.gm_a)
    encounter = world.a.encounter
    monster = encounter.combatants.get(name="Mordrake")
    url = reverse("combat:encounter_award", args=[world.a.campaign.pk, encounter.pk])
    data = {"reason": "loot", "item": "Ring", "item_to": monster.pk, "key": "aw1"}
    assert client.post(url, data).status_code == 200
    assert not LedgerEntry.objects.filter(unit="Ring").exists()


def test_markdown_is_an_attachment_with_a_safe_name(world, client):
    _as(client, world.p1)
    response = client.get(reverse("combat:session_markdown", args=[world.a.campaign.pk, 1]))
    assert response["Content-Type"].startswith("text/markdown")
    assert response["Content-Disposition"] == 'attachment; filename="session-1.md"'
    assert response["X-Content-Type-Options"] == "nosniff"


def test_unrevealed_entry_is_no_link_on_the_printable_page(world, client):
    campaign = world.a.campaign
    hidden = RegisterEntry.objects.create(campaign=campaign, name="Zephyrine", key="z")
    Post.write(world.a.thread, world.gm_a, "We meet Zephyrine and Ashford ferryman.", key="zz")
    _as(client, world.p1)
    page = client.get(reverse("combat:session_print", args=[campaign.pk, 1])).content.decode()
    assert "We meet" in page
    assert reverse("campaigns:register_entry", args=[campaign.pk, hidden.pk]) not in page
    shown = reverse("campaigns:register_entry", args=[campaign.pk, world.a.entry.pk])
    assert shown in page  # the revealed one is a link


def _same_page(one, other, id_one, id_other):  # type: ignore[no-untyped-def]
    """The two pages but for the CSRF tokens and the id in the login form's `next`."""
    import re

    def plain(response, pk):  # type: ignore[no-untyped-def]
        text = re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"?[\w-]+', "T",
                      response.content.decode())  # fmt: skip
        return text.replace(f"/{pk}/", "/ID/")

    return plain(one, id_one) == plain(other, id_other)


def test_register_hides_unrevealed_entries_summary_and_notes(world, client):
    campaign = world.a.campaign
    entry = world.a.entry  # name revealed to every player
    entry.summary = "Summarysecret"
    entry.save()
    hidden = RegisterEntry.objects.create(campaign=campaign, name="Zephyrine", key="z")
    _as(client, world.p1)
    listing = client.get(reverse("campaigns:register", args=[campaign.pk])).content.decode()
    page = client.get(reverse("campaigns:register_entry", args=[campaign.pk, entry.pk]))
    text = page.content.decode()
    assert "Zephyrine" not in listing and "Summarysecret" not in listing
    assert "Summarysecret" not in text and "a secret" not in text
    missing = client.get(reverse("campaigns:register_entry", args=[campaign.pk, hidden.pk]))
    never = client.get(reverse("campaigns:register_entry", args=[campaign.pk, NEVER]))
    assert missing.status_code == never.status_code == 404
    assert _same_page(missing, never, str(hidden.pk), str(NEVER))


def test_register_fights_leave_out_a_fight_where_the_npc_was_hidden(world, client):
    campaign, gm, npc = world.a.campaign, world.gm_a, world.a.npc
    entry = RegisterEntry.objects.create(campaign=campaign, name="Hollow one", character=npc,
                                         key="h")  # fmt: skip
    entry.reveal(None, Part.SUMMARY, gm)
    den = workflows.create_encounter(campaign, "Secret den", gm)
    workflows.add_combatants(den.pk, gm, "den-1", record=npc, side="enemies", hidden=True)
    _as(client, world.p1)
    text = client.get(reverse("campaigns:register_entry", args=[campaign.pk, entry.pk]))
    assert "Secret den" not in text.content.decode()
    _as(client, gm)
    text = client.get(reverse("campaigns:register_entry", args=[campaign.pk, entry.pk]))
    assert "Secret den" in text.content.decode()


def test_ledger_who_with_a_huge_number_is_no_500(world, client):
    """`?who=<digits>` filters `character_id=int(...)`: a foreign key's lookup has no guard for
    out-of-range ints on SQLite (the default database): OverflowError, a 500. (`?correct=` on
    the pk is guarded by Django and answers 200.)"""
    _as(client, world.p1)
    client.raise_request_exception = False
    url = reverse("combat:ledger", args=[world.a.campaign.pk])
    assert client.get(url, {"correct": "9" * 40}).status_code == 200
    assert client.get(url, {"who": "9" * 40}).status_code == 200


@pytest.mark.parametrize("who", ["gm_b", "hybrid"])
def test_admin_register_is_scoped_to_ones_own_campaigns(world, client, who):
    _as(client, getattr(world, who))
    listing = client.get("/admin/campaigns/registerentry/")
    assert listing.status_code == 200
    assert "Ashford ferryman" not in listing.content.decode()
    change = client.get(f"/admin/campaigns/registerentry/{world.a.entry.pk}/change/")
    assert change.status_code in (302, 404)
    add = client.get("/admin/campaigns/registerentry/add/").content.decode()
    assert "Hollowmere" not in add and "Mordrake" not in add


def test_hybrid_player_of_a_cannot_enter_experience_in_a(world, client):
    _as(client, world.hybrid)
    data = {"character": world.a.hybrid_character.pk, "kind": "xp", "amount": "500",
            "reason": "hybridxp", "key": "hy1"}  # fmt: skip
    client.post(reverse("combat:ledger", args=[world.a.campaign.pk]), data)
    assert not LedgerEntry.objects.filter(reason="hybridxp").exists()


def test_the_admin_log_in_page_opens_for_a_visitor(client):
    """The register's admin answers "may this visitor see the module?" for anybody the admin
    index is drawn for — the anonymous visitor of the log-in page too (a 500 once)."""
    assert client.get("/admin/login/").status_code == 200
