"""A changed poll's board from the cache, before the database (combat.fastpoll, combat.boardcache,
issue R), attacked: it is only ever the board the full way would send this player — not to a
player who reads the fight otherwise, nor after a proposal, a membership, a role, an account or
a character changed hands, nor in another language, nor for another campaign's address."""

import itertools
import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, TestCase

from campaigns import services
from campaigns.models import Campaign, Character, Membership, Role
from combat import boardcache, fastpoll, workflows
from combat.live import head_mark
from combat.presenter import Scene
from combat.rules.base import Action
from tests.combat.test_board_cache import PROPOSALS
from tests.combat.test_board_cache import table as table  # noqa: F401  (the fixture)
from tests.combat.test_encounter_views import HTMX, _url
from tests.combat.test_fastpoll import fast as fast  # noqa: F401  (the fixture)

pytestmark = pytest.mark.usefixtures("fast")  # polls answered from a shared cache
BOARD = re.compile(r'<div id="board"[^>]*>')
COUNTER = itertools.count()
DOG = re.compile(r'data-combatant="Pes".*?class="[^"]*health">([^<]*)<', re.S)


def committed():  # type: ignore[no-untyped-def]
    """The test's transaction never commits: run what a commit runs (publish, forget)."""
    return TestCase.captureOnCommitCallbacks(execute=True)


class Page:
    """One player's open page: what static/js/app.js polls with."""

    def __init__(self, user: User, fight, language: str = "cs") -> None:  # type: ignore[no-untyped-def]
        self.fight, self.language = fight, language
        self.client = Client(HTTP_ACCEPT_LANGUAGE=language)
        self.client.force_login(user)
        html = self.client.get(_url(fight)).content.decode()
        self.sent = self._sent(html)

    @staticmethod
    def _sent(html: str) -> dict[str, str]:
        found = dict(re.findall(r'data-(version|seen|view)="([^"]*)"', BOARD.search(html)[0]))
        seen = found["seen"]
        return {"version": found["version"], "seen": seen, "shown": seen, "view": found["view"]}

    def poll(self, **changed: str):  # type: ignore[no-untyped-def]
        return self.client.get(_url(self.fight), {**self.sent, **changed}, **HTMX)


def _change(table) -> None:  # type: ignore[no-untyped-def]
    encounter, key = table["encounter"], f"c{next(COUNTER)}"
    with committed():
        workflows.adjust(encounter.pk, table["gm"], key, table["leader"], hp_by=-1)


def _drawn(response) -> bool:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return bool(response.templates)


def _body(response) -> str:  # type: ignore[no-untyped-def]
    return response.content.decode()


def test_the_board_another_player_who_reads_alike_was_sent_costs_no_query(
    table, django_assert_num_queries
):
    first, second = Page(table["hrac"], table), Page(table["treti"], table)
    _change(table)
    drawn = first.poll()
    assert _drawn(drawn) and 'id="board"' in _body(drawn)
    with django_assert_num_queries(0):
        kept = second.poll()
    assert kept.status_code == 200 and kept.content == drawn.content and not kept.templates
    assert set(kept.headers) == set(drawn.headers)
    for header in ("Content-Type", "Content-Language", "X-Frame-Options"):
        assert kept[header] == drawn[header]
    vary = {part.strip() for part in drawn["Vary"].split(",")}
    assert {part.strip() for part in kept["Vary"].split(",")} == vary


def test_a_player_who_reads_the_fight_otherwise_never_gets_it(table, django_assert_max_num_queries):
    hrac, druha = Page(table["hrac"], table), Page(table["druha"], table)
    _change(table)
    other = hrac.poll()
    assert _drawn(other) and not DOG.search(_body(other))[1].startswith("3 / ")
    theirs = druha.poll()  # she plays the dog: her own reading, drawn the full way
    assert _drawn(theirs) and DOG.search(_body(theirs))[1].startswith("3 / ")


def test_the_gm_is_never_answered_from_the_cache(table):
    gm, hrac = Page(table["gm"], table), Page(table["hrac"], table)
    _change(table)
    assert _drawn(hrac.poll())
    answer = gm.poll()
    assert _drawn(answer) and 'data-combatant="Skřet"' in _body(answer)


def test_a_player_whose_proposal_waits_gets_their_own_board(table):
    hrac, treti = Page(table["hrac"], table), Page(table["treti"], table)
    action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
    with committed():
        workflows.propose_action(table["encounter"].pk, table["hrac"], "p1", action, on_turn=True)
    shared = treti.poll()  # the board without the proposal, kept; the version's sight written
    assert _drawn(shared) and PROPOSALS not in _body(shared)
    mine = hrac.poll()  # read alike before he proposed: not since
    assert _drawn(mine) and PROPOSALS in _body(mine)


def test_a_removed_player_a_new_gm_and_a_changed_account_go_the_full_way(table):
    pages = {name: Page(table[name], table) for name in ("hrac", "treti", "druha")}
    _change(table)
    assert _drawn(pages["hrac"].poll())
    campaign = table["encounter"].campaign
    with committed():
        Membership.objects.filter(campaign=campaign, user=table["treti"]).delete()
    assert pages["treti"].poll().status_code == 404
    membership = Membership.objects.get(campaign=campaign, user=table["druha"])
    membership.role = "gm"
    with committed():
        membership.save()
    promoted = pages["druha"].poll()
    assert _drawn(promoted) and 'data-combatant="Skřet"' in _body(promoted)


def test_a_player_made_co_gm_by_the_gm_is_sent_the_gm_board(table):
    """Through the app's own service (red team: a queryset update sent no signal, and a player
    already staff elsewhere saves no account), not only by a membership saved by hand."""
    with committed():
        User.objects.filter(pk=table["hrac"].pk).update(is_staff=True)  # a GM elsewhere
    pages = {name: Page(table[name], table) for name in ("hrac", "treti")}
    campaign = table["encounter"].campaign
    acting = Membership.objects.get(campaign=campaign, user=table["gm"])
    member = Membership.objects.get(campaign=campaign, user=table["hrac"])
    with committed():
        services.set_role(acting, member, Role.GM)
    _change(table)
    assert _drawn(pages["treti"].poll())  # the players' board, kept
    promoted = pages["hrac"].poll()
    assert _drawn(promoted) and 'data-combatant="Skřet"' in _body(promoted)


def test_a_changed_password_logs_the_page_out_rather_than_answering(table):
    hrac, treti = Page(table["hrac"], table), Page(table["treti"], table)
    _change(table)
    assert _drawn(hrac.poll())
    table["treti"].set_password("new")
    with committed():
        table["treti"].save()
    answer = treti.poll()
    assert answer.status_code == 302 and b"Baldur" not in answer.content


def test_an_npc_given_to_another_player_changes_what_both_are_sent(table):
    hrac, treti, druha = (Page(table[name], table) for name in ("hrac", "treti", "druha"))
    Character.objects.filter(name="Pes").update(owner=table["treti"])  # no new version
    _change(table)
    assert _drawn(hrac.poll())  # the full way reads the dog's new owner: a new sight
    hers = druha.poll()
    assert _drawn(hers) and not DOG.search(_body(hers))[1].startswith("3 / ")
    his = treti.poll()
    assert _drawn(his) and DOG.search(_body(his))[1].startswith("3 / ")


def test_a_request_that_read_the_old_owner_cannot_hand_her_the_dogs_numbers_again(table):
    """Red team: the GM gives the dog to treti while hrac's request, which read the rows before,
    is still drawing; its sight (the old owner) lands after treti's. Without a new generation
    for both players, druha's old reading matched that sight again, and treti's board (which
    reads the dog as its player) was sent her from the cache."""
    hrac, treti, druha = (Page(table[name], table) for name in ("hrac", "treti", "druha"))
    _change(table)
    encounter = table["encounter"]
    encounter.refresh_from_db()
    member = Membership.objects.get(campaign=encounter.campaign, user=table["hrac"])
    before = Scene.load(member, encounter, table["hrac"])  # hrac's request reads the rows
    proof = cache.get(fastpoll.may_key(table["hrac"].pk, encounter.pk))
    dog = Character.objects.get(name="Pes")
    dog.owner = table["treti"]
    with committed():
        dog.save()  # as the GM's record form saves it: no new version
    bare = {"version": treti.sent["version"]}
    his = treti.client.get(_url(table), bare, **HTMX)
    assert _drawn(his) and DOG.search(_body(his))[1].startswith("3 / ")
    boardcache.remember(before, proof)  # hrac's request lands last
    hers = druha.client.get(_url(table), bare, **HTMX)
    assert _drawn(hers) and not DOG.search(_body(hers))[1].startswith("3 / ")


def test_another_language_and_another_remembered_entry_go_the_full_way(
    table, django_assert_max_num_queries
):
    czech, polish = Page(table["hrac"], table), Page(table["treti"], table, "pl")
    _change(table)
    drawn = czech.poll()
    assert _drawn(drawn)
    answer = polish.poll()
    assert _drawn(answer) and answer["Content-Language"] == "pl"
    assert answer.content != drawn.content
    bare = {"version": czech.sent["version"]}  # a page that says nothing of its board
    _change(table)
    assert _drawn(czech.client.get(_url(table), bare, **HTMX))
    answer = polish.client.get(_url(table), bare, **HTMX)
    assert answer["Content-Language"] == "pl" and "Kolo" not in _body(answer)
    other = Page(table["treti"], table)
    _change(table)
    assert _drawn(czech.poll())
    remembered = other.poll(seen=czech.sent["seen"].split(".")[0] + "." + "0" * 32)
    # Checked the full way, which finds no such entry: the warning, not a board.
    assert remembered.status_code == 200 and remembered["HX-Reswap"] == "none"
    assert 'id="board"' not in _body(remembered)


def test_another_campaigns_address_and_a_deleted_encounter_get_nothing(table):
    hrac, treti = Page(table["hrac"], table), Page(table["treti"], table)
    _change(table)
    assert _drawn(hrac.poll())
    encounter = table["encounter"]
    elsewhere = Campaign.objects.exclude(pk=encounter.campaign_id).first()
    Membership.objects.create(campaign=elsewhere, user=table["treti"])
    wrong = f"/campaigns/{elsewhere.pk}/encounters/{encounter.pk}/"
    assert treti.client.get(wrong, treti.sent, **HTMX).status_code == 404
    url = _url(table)
    with committed():
        encounter.delete()
    assert treti.client.get(url, treti.sent, **HTMX).status_code == 404


def test_a_failing_cache_goes_the_full_way(table, monkeypatch):
    hrac, treti = Page(table["hrac"], table), Page(table["treti"], table)
    _change(table)
    drawn = hrac.poll()

    def fails(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get_many", fails)
    answer = treti.poll()
    assert answer.status_code == 200 and answer.content == drawn.content


def test_the_head_mark_is_the_one_each_commit_publishes(table):
    _change(table)
    encounter = table["encounter"]
    encounter.refresh_from_db()
    assert cache.get(fastpoll.state_key(encounter.pk))["head"] == head_mark(encounter)


@pytest.mark.parametrize(
    "fact",
    ["name", "hidden", "is_npc", "hp_revealed", "owner", "stats_shown", "proposal"],
)
def test_every_fact_a_reading_depends_on_changes_the_sight(table, fact):
    encounter = table["encounter"]
    membership = Membership.objects.get(campaign=encounter.campaign, user=table["hrac"])

    def scene() -> Scene:
        encounter.refresh_from_db()
        return Scene.load(membership, encounter, table["hrac"])

    before = boardcache.sight(scene())
    dog = encounter.combatants.get(name="Pes")
    if fact == "owner":
        Character.objects.filter(name="Pes").update(owner=table["treti"])
    elif fact == "stats_shown":
        options = {**encounter.options, "monster_stats": "shown"}
        type(encounter).objects.filter(pk=encounter.pk).update(options=options)
    elif fact == "proposal":
        action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
        workflows.propose_action(encounter.pk, table["treti"], "p2", action, on_turn=False)
    else:
        value = {"name": "Alík"}.get(fact, not getattr(dog, fact))
        type(dog).objects.filter(pk=dog.pk).update(**{fact: value})
    assert boardcache.sight(scene()) != before
