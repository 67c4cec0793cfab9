"""A board that sends only what is new in the log (issue M, "the board's update sends only
what changed where that is simple"): a browser sends what its board shows (`shown`, its newest
entry, and `view`, how its log was read); the answer then carries the entries after it, added
on top of the log the page keeps, or the whole log wherever that is not safe."""

import re

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from campaigns.models import Monster
from combat import workflows
from combat.log_html import LOG_PAGE
from combat.rules.base import Action
from tests.combat.test_encounter_views import HTMX, _player, _url

HIT = {"kind": "attack", "weapon": "Široký meč", "faces": "3, 1"}


def _board(html: str) -> dict[str, str]:
    """The board's data attributes, as static/js/app.js reads them."""
    tag = re.search(r'<div id="board"[^>]*>', html)[0]
    return dict(re.findall(r'data-(\w+)="([^"]*)"', tag))


def _shown(client: Client, fight) -> dict[str, str]:  # type: ignore[no-untyped-def]
    board = _board(client.get(_url(fight)).content.decode())
    return {"shown": board["seen"], "view": board["view"]}


def _poll(client: Client, fight, shown: dict[str, str]) -> str:  # type: ignore[no-untyped-def]
    encounter = fight["encounter"]
    encounter.refresh_from_db()
    query = {"version": encounter.version - 1, **shown}
    response = client.get(_url(fight), query, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def _entries(html: str) -> list[int]:
    return [int(seq) for seq in re.findall(r'<li class="log-entry[^"]*" data-seq="(\d+)"', html)]


def _kept(html: str) -> bool:
    """The answer keeps the page's log: an empty #log with hx-preserve, the new entries in the
    board's template.log-new, which static/js/app.js merges into it."""
    log = re.search(
        r'<ol class="list-unstyled" id="log" reversed( hx-preserve)?>(.*?)</ol>', html, re.S
    )
    if log[1] is None:
        return False
    assert log[2].strip() == ""
    return True


def _attack(fight, key: str) -> None:  # type: ignore[no-untyped-def]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    workflows.resolve_action(fight["encounter"].pk, fight["gm"], key, action, [3, 1])


def test_a_poll_after_one_action_sends_that_entry_alone_on_top_of_the_kept_log(client, fight):
    client.force_login(fight["gm"])
    shown = _shown(client, fight)
    before = int(shown["shown"].split(".")[0])
    _attack(fight, "a1")
    html = _poll(client, fight, shown)
    assert _kept(html) and _entries(html) == [before + 1]
    assert f'<template class="log-new" data-after="{before}">' in html
    assert _board(html)["seen"].startswith(f"{before + 1}.")  # the next poll shows from there
    full = client.get(_url(fight), {"version": 0}, **HTMX).content.decode()
    assert not _kept(full) and len(_entries(full)) == before + 1  # without `shown`: all


def test_the_answer_to_a_post_keeps_the_log_too(client, fight):
    client.force_login(fight["gm"])
    shown = _shown(client, fight)
    data = {"key": "p1", "targets": [fight["leader"]], **HIT, **shown}
    html = client.post(_url(fight, "combat:encounter_action"), data, **HTMX).content.decode()
    new = int(shown["shown"].split(".")[0]) + 1
    assert _kept(html) and _entries(html) == [new]
    assert '<div id="board" class="board" tabindex="-1" hx-swap-oob="true"' in html
    assert html.index('id="board"') < html.index('class="log-new"') < html.rindex("</section>")


def test_an_undo_since_sends_the_whole_log_for_the_entry_it_strikes(client, fight):
    client.force_login(fight["gm"])
    _attack(fight, "a1")
    shown = _shown(client, fight)
    workflows.undo(fight["encounter"].pk, fight["gm"], "u1")
    html = _poll(client, fight, shown)
    assert not _kept(html) and "undone-by" in html
    workflows.redo(fight["encounter"].pk, fight["gm"], "r1")
    assert not _kept(_poll(client, fight, _shown(client, fight) | {"shown": shown["shown"]}))


def test_more_new_entries_than_a_page_send_the_whole_page(client, fight):
    client.force_login(fight["gm"])
    shown = _shown(client, fight)
    for number in range(LOG_PAGE):
        workflows.adjust(fight["encounter"].pk, fight["gm"], f"h{number}", fight["leader"], hp=5)
    html = _poll(client, fight, shown)
    assert not _kept(html) and len(_entries(html)) == LOG_PAGE


def test_a_shown_entry_the_log_does_not_hold_or_a_forged_mark_sends_everything(client, fight):
    client.force_login(fight["gm"])
    shown = _shown(client, fight)
    _attack(fight, "a1")
    seq, token = shown["shown"].split(".")
    for forged in (
        {**shown, "shown": f"{seq}.{'0' * 32}"},  # the entry's token is not this log's
        {**shown, "shown": f"{int(seq) + 50}.{token}"},  # an entry the log never had
        {**shown, "view": "0" * 32},  # a reading of the log that is not this viewer's
        {**shown, "shown": "1.x", "view": "zz"},  # out of shape: as if nothing was sent
    ):
        assert not _kept(_poll(client, fight, forged)), forged


def test_another_language_reads_the_whole_log_again(client, fight):
    client.force_login(fight["gm"])
    shown = _shown(client, fight)
    _attack(fight, "a1")
    with translation.override("pl"):
        html = client.get(
            _url(fight), {"version": 0, **shown}, HTTP_ACCEPT_LANGUAGE="pl", **HTMX
        ).content.decode()
    assert not _kept(html)


def _hidden_wolf(fight) -> tuple[Monster, str]:  # type: ignore[no-untyped-def]
    campaign = fight["encounter"].campaign
    wolf = Monster.objects.filter(campaign=campaign).exclude(name="Vůdce skřetů").first()
    workflows.add_combatants(
        fight["encounter"].pk, fight["gm"], "hide", record=wolf, side="enemies", hidden=True
    )
    return wolf, fight["encounter"].combatants.get(hidden=True).key


def test_a_player_gets_nothing_of_an_entry_they_may_not_read(client, fight, django_user_model):
    """The GM's change to a hidden wolf is not the player's to read: the answer keeps their
    log, adds nothing, and their newest entry stays the one they had."""
    wolf, key = _hidden_wolf(fight)
    player = _player(Client(), django_user_model)
    shown = _shown(player, fight)
    workflows.adjust(fight["encounter"].pk, fight["gm"], "w1", key, hp=1)
    html = _poll(player, fight, shown)
    assert _kept(html) and _entries(html) == [] and "log-new" in html
    assert _board(html)["seen"] == shown["shown"] and wolf.name not in html


def test_a_hidden_newcomer_changes_nothing_the_player_reads_not_even_the_answers_shape(
    client, fight, django_user_model
):
    """A hidden wolf joining, its HP changed and the change undone: nothing the player was
    shown changes, so their reading (the view mark) stays, their log is kept and nothing is
    added; the answer's shape tells them nothing the gaps in the numbers do not."""
    player = _player(Client(), django_user_model)
    shown = _shown(player, fight)
    wolf, key = _hidden_wolf(fight)
    workflows.adjust(fight["encounter"].pk, fight["gm"], "w1", key, hp=1)
    workflows.undo(fight["encounter"].pk, fight["gm"], "w1-undo")
    html = _poll(player, fight, shown)
    assert _kept(html) and _entries(html) == [] and wolf.name not in html
    assert _board(html)["seen"] == shown["shown"] and _board(html)["view"] == shown["view"]


def test_the_whole_log_sent_instead_costs_no_more_queries(client, fight):
    """One read of the log whichever answer it gives: the kept log's answer and the whole
    log's (after an undo) cost what the board that was never told what it shows costs."""
    client.force_login(fight["gm"])
    _attack(fight, "a1")
    shown = _shown(client, fight)
    workflows.undo(fight["encounter"].pk, fight["gm"], "u1")
    counts = []  # read at once: the next request empties the connection's query log
    for query in ({}, shown):
        with CaptureQueriesContext(connection) as captured:
            assert not _kept(_poll(client, fight, query))
        counts.append(len(captured))
    now = _shown(client, fight)
    _attack(fight, "a2")
    with CaptureQueriesContext(connection) as captured:
        assert _kept(_poll(client, fight, now))
    counts.append(len(captured))
    plain, instead, kept = counts
    assert instead == plain and kept <= plain


def test_a_player_gets_the_entries_they_may_read(client, fight, django_user_model):
    player = _player(Client(), django_user_model)
    shown = _shown(player, fight)
    _attack(fight, "a1")
    html = _poll(player, fight, shown)
    assert _kept(html) and _entries(html) == [int(shown["shown"].split(".")[0]) + 1]


def test_a_poll_that_keeps_the_log_costs_no_more_queries(
    client, fight, django_assert_max_num_queries
):
    client.force_login(fight["gm"])
    shown = _shown(client, fight)
    _attack(fight, "a1")
    with django_assert_max_num_queries(9):  # as the whole board's poll (test_page_board_panel)
        assert _kept(_poll(client, fight, shown))
