"""A player's board drawn once for every player who reads the fight alike (combat.boardcache,
issue R), attacked: players who read it otherwise, the GM, a player with open proposals,
another language, another board shown, and strangers never get a board drawn for someone
else. A board served from the cache renders no template (the test client lists none)."""

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from campaigns.models import Campaign, Character, CharacterKind, Membership, Monster
from combat import boardcache, workflows
from combat.models import Combatant
from combat.rules.base import Action
from tests.combat.test_encounter_views import HTMX, _url

PROPOSALS = 'class="card mb-3 border-warning proposals"'


def _member(fight, name: str) -> User:  # type: ignore[no-untyped-def]
    user = User.objects.create_user(name, password="x")
    Membership.objects.create(campaign=fight["encounter"].campaign, user=user)
    return user


def _character(fight, owner: User, name: str, kind: str) -> Character:  # type: ignore[no-untyped-def]
    baldur = Character.objects.get(campaign=fight["encounter"].campaign, name="Baldur")
    return Character.objects.create(
        campaign=baldur.campaign, name=name, kind=kind, owner=owner, stats=baldur.stats
    )


@pytest.fixture
def table(fight, django_user_model):  # type: ignore[no-untyped-def]
    """The seed's fight with three players: `hrac` (Baldur) and `treti` play a PC each, `druha`
    plays an NPC (the dog Pes, whose numbers only she and the GM read); a scout is hidden."""
    encounter, gm = fight["encounter"], fight["gm"]
    treti, druha = _member(fight, "treti"), _member(fight, "druha")
    third = _character(fight, treti, "Třetí", CharacterKind.PC)
    dog = _character(fight, druha, "Pes", CharacterKind.NPC)
    scout = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "t1", record=third, side="party")
    workflows.add_combatants(encounter.pk, gm, "t2", record=dog, side="party")
    workflows.add_combatants(encounter.pk, gm, "t3", record=scout, hidden=True)
    workflows.adjust(encounter.pk, gm, "t4", _key(encounter, "Pes"), hp=3)
    players = {"hrac": django_user_model.objects.get(username="hrac"), "treti": treti}
    return {**fight, **players, "druha": druha}


def _key(encounter, name: str) -> str:  # type: ignore[no-untyped-def]
    return encounter.combatants.get(name=name).key


def _poll(user: User, fight, language: str = "cs", **shown: str):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    encounter = fight["encounter"]
    encounter.refresh_from_db()
    query = {"version": encounter.version - 1, **shown}
    return client.get(_url(fight), query, HTTP_ACCEPT_LANGUAGE=language, **HTMX)


def _drawn(response) -> bool:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return bool(response.templates)


def test_players_who_read_the_fight_alike_share_one_drawing(table):
    first, second = _poll(table["hrac"], table), _poll(table["treti"], table)
    assert _drawn(first) and not _drawn(second)
    assert second.content == first.content
    cache.clear()
    fresh = _poll(table["treti"], table)
    assert _drawn(fresh) and fresh.content == first.content  # what it would have drawn itself
    html = first.content.decode()
    assert "Baldur" in html and "Třetí" in html and "Pes" in html and 'Skřet"' not in html


def test_a_player_who_plays_an_npc_reads_its_numbers_and_gets_their_own_board(table):
    theirs = _poll(table["druha"], table)
    other = _poll(table["hrac"], table)
    assert _drawn(theirs) and _drawn(other)  # neither is the other's
    dog = re.compile(r'data-combatant="Pes".*?class="[^"]*health">([^<]*)<', re.S)
    assert dog.search(theirs.content.decode())[1].startswith("3 / ")
    assert "3 / " not in dog.search(other.content.decode())[1]
    assert _drawn(_poll(table["druha"], table)) is False  # her own reading: kept for her


def test_the_gm_board_is_never_kept_nor_served_to_a_player(table):
    gm = _poll(table["gm"], table)
    assert _drawn(gm) and 'data-combatant="Skřet"' in _body(gm)
    player = _poll(table["hrac"], table)
    assert _drawn(player) and 'data-combatant="Skřet"' not in _body(player)
    assert _drawn(_poll(table["gm"], table))  # the GM's is drawn every time
    assert 'data-combatant="Skřet"' in _body(_poll(table["gm"], table))


def test_a_player_with_open_proposals_gets_their_own_and_nobody_else_reads_them(table):
    encounter = table["encounter"]
    action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
    workflows.propose_action(encounter.pk, table["hrac"], "p1", action, on_turn=True)
    mine = _poll(table["hrac"], table)
    assert _drawn(mine) and PROPOSALS in _body(mine)
    assert _drawn(_poll(table["hrac"], table))  # never kept
    other = _poll(table["treti"], table)
    assert _drawn(other) and PROPOSALS not in _body(other)
    assert not _drawn(_poll(table["treti"], table))


def _body(response) -> str:  # type: ignore[no-untyped-def]
    return response.content.decode()


def test_each_language_and_each_board_shown_is_drawn_for_itself(table):
    czech = _poll(table["hrac"], table, "cs")
    polish = _poll(table["treti"], table, "pl")
    assert _drawn(czech) and _drawn(polish) and czech.content != polish.content
    board = re.search(r'<div id="board"[^>]*>', _body(czech))[0]
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', board))
    shown = {"shown": attrs["seen"], "view": attrs["view"]}
    table["encounter"].refresh_from_db()
    kept = _poll(table["treti"], table, "cs", **shown)  # the same reading, a board it shows
    assert _drawn(kept) and kept.content != czech.content
    assert not _drawn(_poll(table["hrac"], table, "cs", **shown))


def test_strangers_and_other_campaigns_get_nothing_from_a_kept_board(table, django_user_model):
    assert _drawn(_poll(table["hrac"], table))
    stranger = User.objects.create_user("cizi", password="x")
    assert _poll(stranger, table).status_code == 404
    elsewhere = Campaign.objects.exclude(pk=table["encounter"].campaign_id).first()
    other = User.objects.create_user("jiny", password="x")  # a player of another campaign
    Membership.objects.create(campaign=elsewhere, user=other)
    assert _poll(other, table).status_code == 404
    anonymous = Client().get(_url(table), {"version": 0}, **HTMX)
    assert anonymous.status_code == 302 and b"Baldur" not in anonymous.content


def test_a_new_version_is_drawn_again(table):
    assert _drawn(_poll(table["hrac"], table))
    encounter = table["encounter"]
    workflows.adjust(encounter.pk, table["gm"], "n1", table["baldur"], hp=5)
    after = _poll(table["treti"], table)
    assert _drawn(after)
    baldur = re.search(
        r'data-combatant="Baldur".*?class="[^"]*health">([^<]*)<', _body(after), re.S
    )
    assert baldur[1].startswith("5 / ")


def test_a_hidden_combatant_joining_while_a_board_is_drawn_is_not_named_on_it(table, monkeypatch):
    """The GM adds a hidden monster between the board's read of the combatants and of the log
    (red team): the board stops at the log's end as read with the combatants."""
    encounter, gm = table["encounter"], table["gm"]
    boss = Monster.objects.get(campaign=encounter.campaign, name="Vůdce skřetů")
    asked = boardcache.get

    def racing(key: str | None) -> bytes | None:  # after the combatants, before the log
        if not Combatant.objects.filter(encounter=encounter, name="Vůdce skřetů 2").exists():
            workflows.add_combatants(encounter.pk, gm, "race", record=boss, hidden=True)
        return asked(key)

    monkeypatch.setattr(boardcache, "get", racing)
    raced = _body(_poll(table["hrac"], table))
    assert "Vůdce skřetů 2" not in raced and "Baldur" in raced
    monkeypatch.setattr(boardcache, "get", asked)
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', re.search(r'<div id="board"[^>]*>', raced)[0]))
    after = _poll(table["hrac"], table, "cs", shown=attrs["seen"], view=attrs["view"])
    assert _drawn(after) and "Vůdce skřetů 2" not in _body(after)  # nor on the next poll
    assert 'data-combatant="Vůdce skřetů 2"' in _body(_poll(table["gm"], table))


def test_a_board_shown_that_the_log_refuses_is_drawn_but_never_kept(table):
    """A well-formed `shown` with a token of no entry gets the whole log, and keeps nothing: a
    member cannot fill the cache with boards under keys of their making."""
    board = re.search(r'<div id="board"[^>]*>', _body(_poll(table["hrac"], table)))[0]
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', board))
    forged = {"shown": attrs["seen"].split(".")[0] + "." + "0" * 32, "view": attrs["view"]}
    first = _poll(table["hrac"], table, "cs", **forged)
    again = _poll(table["treti"], table, "cs", **forged)
    assert _drawn(first) and _drawn(again)  # drawn each time: nothing was kept
    assert 'id="log" reversed hx-preserve' not in _body(first)  # the whole log, not kept
