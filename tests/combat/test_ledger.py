"""The ledgers (issue Q): a fight's experience suggested by the system's table and entered per
character, treasure for the party, totals on the sheet and the ledger page, corrections as new
rows; who may write what, tried as each kind of visitor."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Membership, Monster, Role
from combat import workflows
from combat.models import Encounter, LedgerEntry


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _fight(system: str, pcs: list[str], foes: list[str], fallen: list[str]) -> Encounter:
    """A fight of the demo campaign of `system`, ended with `fallen` at 0 HP."""
    load_demo()
    gm = User.objects.get(username="gm")
    campaign = Campaign.objects.get(system=system)
    encounter = workflows.create_encounter(campaign, "Ambush", gm)
    for index, name in enumerate(pcs):
        pc = Character.objects.get(campaign=campaign, name=name)
        workflows.add_combatants(encounter.pk, gm, f"pc{index}", record=pc, side="party")
    for index, name in enumerate(foes):
        foe = Monster.objects.get(campaign=campaign, name=name)
        workflows.add_combatants(encounter.pk, gm, f"foe{index}", record=foe)
    for row in encounter.combatants.filter(name__in=fallen):
        workflows.adjust(encounter.pk, gm, f"down-{row.pk}", row.key, hp=0)
    workflows.end_encounter(encounter.pk, gm, "end")
    encounter.refresh_from_db()
    return encounter


def _award_url(encounter: Encounter) -> str:
    return reverse("combat:encounter_award", args=[encounter.campaign_id, encounter.pk])


def _shares(encounter: Encounter) -> dict[str, str]:
    return {f"xp_{row.pk}": row.name for row in encounter.combatants.filter(monster=None)}


@pytest.mark.django_db
def test_5e_suggests_the_srd_award_of_the_fallen_foes_shared_by_the_party():
    encounter = _fight("dnd5e", ["Helga", "Lis"], ["Goblin", "Orc", "Wolf"], ["Goblin", "Orc"])
    gm = _client(User.objects.get(username="gm"))
    page = gm.get(_award_url(encounter), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Goblin: 50 experience" in page and "Orc: 100 experience" in page
    assert "Wolf" not in page  # still standing: not defeated
    assert "Defeated foes: 150 experience in all." in page
    fields = _shares(encounter)
    assert all(f'name="{name}" value="75"' in page for name in fields)
    data = {name: "75" for name in fields} | {"reason": "Ambush", "key": "a1"}
    data |= {"money": "12", "coin": "gp", "item": "Goblin key", "item_to": "party"}
    assert gm.post(_award_url(encounter), data).status_code == 302
    assert gm.post(_award_url(encounter), data).status_code == 302  # a double click: once
    rows = LedgerEntry.objects.filter(encounter=encounter)
    assert sorted((r.character.name if r.character else "party", r.kind, r.amount, r.unit)
                  for r in rows) == [("Helga", "xp", 75, ""), ("Lis", "xp", 75, ""),
                                     ("party", "item", 1, "Goblin key"),
                                     ("party", "money", 12, "gp")]  # fmt: skip


@pytest.mark.django_db
def test_ose_shares_among_the_survivors_by_hit_dice():
    encounter = _fight("ose", ["Dagmar", "Pip"], ["Goblin", "Orc"], ["Goblin", "Orc", "Pip"])
    page = _client(User.objects.get(username="gm")).get(_award_url(encounter)).content.decode()
    assert "Defeated foes: 15 experience in all." in page  # goblin 1-1: 5, orc 1: 10
    pip, dagmar = (encounter.combatants.get(name=n).pk for n in ("Pip", "Dagmar"))
    assert f'name="xp_{dagmar}" value="15"' in page and f'name="xp_{pip}" value="0"' in page


@pytest.mark.django_db
def test_a_system_without_a_table_leaves_the_numbers_to_the_gm():
    encounter = _fight("draci_hlidka", ["Baldur"], ["Vůdce skřetů"], ["Vůdce skřetů"])
    gm = _client(User.objects.get(username="gm"))
    page = gm.get(_award_url(encounter), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "gives no experience table" in page
    name = next(iter(_shares(encounter)))
    assert f'name="{name}" value' not in page  # nothing suggested
    empty = gm.post(_award_url(encounter), {"reason": "x", "key": "k1"})
    assert "Nothing to enter" in empty.content.decode() and not LedgerEntry.objects.exists()
    gm.post(_award_url(encounter), {name: "120", "reason": "Stezka", "key": "k2"})
    assert LedgerEntry.objects.get().amount == 120


@pytest.mark.django_db
def test_the_award_is_the_gms_alone_and_nobody_elses_fight_is_named():
    encounter = _fight("dnd5e", ["Helga"], ["Goblin"], ["Goblin"])
    player = User.objects.get(username="hrac")
    assert _client(player).get(_award_url(encounter)).status_code == 403
    stranger = User.objects.create_user("stranger")
    assert _client(stranger).get(_award_url(encounter)).status_code == 404
    other_gm = User.objects.create_user("other-gm")
    elsewhere = Campaign.objects.create(name="Elsewhere", system="dnd5e")
    Membership.objects.create(campaign=elsewhere, user=other_gm, role=Role.GM)
    forged = reverse("combat:encounter_award", args=[elsewhere.pk, encounter.pk])
    assert _client(other_gm).post(forged, {"reason": "x", "key": "k"}).status_code == 404
    assert not LedgerEntry.objects.exists()


def _ledger(campaign: Campaign) -> str:
    return reverse("combat:ledger", args=[campaign.pk])


@pytest.mark.django_db
def test_a_player_enters_money_and_items_of_their_own_character_only():
    load_demo()
    campaign = Campaign.objects.get(system="dnd5e")
    helga = Character.objects.get(campaign=campaign, name="Helga")  # hrac's
    mira = Character.objects.get(campaign=campaign, name="Mira")  # gracz's
    player = _client(User.objects.get(username="hrac"))
    base = {"amount": "-3", "unit": "gp", "reason": "Rope", "kind": "money"}
    assert (
        player.post(_ledger(campaign), base | {"character": helga.pk, "key": "p1"}).status_code
        == 302
    )
    refused = [
        base | {"character": mira.pk, "key": "p2"},  # someone else's character
        base | {"character": "party", "key": "p3"},  # the party's purse is the GM's
        base | {"character": helga.pk, "kind": "xp", "key": "p4"},  # experience is the GM's
    ]
    for data in refused:
        response = player.post(_ledger(campaign), data)
        assert response.status_code == 200 and "is-invalid" in response.content.decode()
    row = LedgerEntry.objects.get()
    assert (row.character, row.amount, row.unit) == (helga, -3, "gp")


@pytest.mark.django_db
def test_the_sheet_and_the_ledger_show_totals_and_a_level_up_once_earned():
    load_demo()
    campaign = Campaign.objects.get(system="dnd5e")
    helga = Character.objects.get(campaign=campaign, name="Helga")  # level 1 on her sheet
    gm = _client(User.objects.get(username="gm"))
    for key, amount in (("g1", "250"), ("g2", "75")):
        data = {"character": helga.pk, "kind": "xp", "amount": amount, "reason": "Fight"}
        gm.post(_ledger(campaign), data | {"key": key})
    sheet = gm.get(reverse("campaigns:character", args=[campaign.pk, helga.pk]),
                   HTTP_ACCEPT_LANGUAGE="en").content.decode()  # fmt: skip
    assert "Experience: 325" in sheet and "Ready for level 2" in sheet
    first = LedgerEntry.objects.order_by("pk").first()
    form = gm.get(_ledger(campaign) + f"?correct={first.pk}", HTTP_ACCEPT_LANGUAGE="en")
    assert 'value="-250"' in form.content.decode()
    correction = {"character": helga.pk, "kind": "xp", "amount": "−250", "reason": "Typo",
                  "corrects": first.pk, "key": "g3"}  # fmt: skip
    gm.post(_ledger(campaign), correction)
    assert LedgerEntry.objects.get(key="g3:0").corrects == first
    sheet = gm.get(reverse("campaigns:character", args=[campaign.pk, helga.pk]),
                   HTTP_ACCEPT_LANGUAGE="en").content.decode()  # fmt: skip
    assert "Experience: 75" in sheet and "Ready for level" not in sheet
    assert LedgerEntry.objects.count() == 3  # the mistake stays, mended by a row


@pytest.mark.django_db
def test_a_correction_names_only_a_row_of_its_own_campaign():
    load_demo()
    campaign, other = Campaign.objects.get(system="dnd5e"), Campaign.objects.get(system="ose")
    gm = _client(User.objects.get(username="gm"))
    gm.post(_ledger(other), {"character": "party", "kind": "money", "amount": "5", "unit": "gp",
                              "reason": "Found", "key": "o1"})  # fmt: skip
    theirs = LedgerEntry.objects.get()
    data = {"character": "party", "kind": "money", "amount": "-5", "unit": "gp",
            "reason": "x", "corrects": theirs.pk, "key": "o2"}  # fmt: skip
    response = gm.post(_ledger(campaign), data, HTTP_ACCEPT_LANGUAGE="en")
    assert "not this campaign" in response.content.decode()
    assert LedgerEntry.objects.count() == 1


@pytest.mark.django_db
def test_strangers_see_no_ledger_and_bad_numbers_get_a_message():
    load_demo()
    campaign = Campaign.objects.get(system="dnd5e")
    stranger = _client(User.objects.create_user("stranger"))
    assert stranger.get(_ledger(campaign)).status_code == 404
    assert stranger.post(_ledger(campaign), {"amount": "1"}).status_code == 404
    gm = _client(User.objects.get(username="gm"))
    for amount in ("0", "abc", "99999999999", ""):
        data = {"character": "party", "kind": "money", "amount": amount, "unit": "gp",
                "reason": "x", "key": "b" + str(len(amount))}  # fmt: skip
        response = gm.post(_ledger(campaign), data)
        assert response.status_code == 200 and "is-invalid" in response.content.decode()
    money = {"character": "party", "kind": "money", "amount": "3", "reason": "x", "key": "u"}
    assert (
        "Name the coin"
        in gm.post(_ledger(campaign), money, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert not LedgerEntry.objects.exists()


@pytest.mark.django_db
def test_the_ledger_page_costs_the_same_with_many_rows(django_assert_max_num_queries):
    load_demo()
    campaign = Campaign.objects.get(system="dnd5e")
    gm_user = User.objects.get(username="gm")
    gm = _client(gm_user)
    helga = Character.objects.get(campaign=campaign, name="Helga")

    def count() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert gm.get(_ledger(campaign)).status_code == 200
        return len(queries)

    LedgerEntry(campaign=campaign, character=helga, kind="xp", amount=1, reason="r", user=gm_user,
                key="s:0", created_at="2026-01-01T00:00Z").save()  # fmt: skip
    few = count()
    for index in range(40):
        LedgerEntry(campaign=campaign, character=helga, kind="item", amount=1, unit=f"i{index}",
                    reason="r", user=gm_user, key=f"m{index}:0",
                    created_at="2026-01-01T00:00Z").save()  # fmt: skip
    assert count() == few


@pytest.mark.django_db
def test_an_entry_from_a_post_links_to_it_and_only_to_its_own_campaigns():
    from campaigns.models import Thread

    load_demo()
    campaign, other = Campaign.objects.get(system="dnd5e"), Campaign.objects.get(system="ose")
    gm_user = User.objects.get(username="gm")
    post = Thread.open(campaign, gm_user, "The hoard", "You find 30 gp.", key="h").posts.get()
    theirs = Thread.open(other, gm_user, "Elsewhere", "Loot", key="e").posts.get()
    gm = _client(gm_user)
    thread = gm.get(reverse("campaigns:journal_thread", args=[campaign.pk, post.thread_id]))
    assert f"?post={post.pk}" in thread.content.decode()  # the GM's link from the post
    player = _client(User.objects.get(username="hrac"))
    assert "post-ledger" not in player.get(thread.request["PATH_INFO"]).content.decode()
    form = gm.get(_ledger(campaign) + f"?post={post.pk}", HTTP_ACCEPT_LANGUAGE="en")
    assert 'value="From the post in The hoard"' in form.content.decode()
    data = {"character": "party", "kind": "money", "amount": "30", "unit": "gp",
            "reason": "The hoard", "key": "h1"}  # fmt: skip
    gm.post(_ledger(campaign), data | {"post": post.pk})
    assert LedgerEntry.objects.get().post == post
    refused = gm.post(_ledger(campaign), data | {"post": theirs.pk, "key": "h2"},
                      HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    assert "not this campaign" in refused.content.decode() and LedgerEntry.objects.count() == 1
