"""An unchanged poll answered from the cache (issue R, combat/fastpoll.py): no database query, and
exactly the same answers as the full way — a change, a removed player, a changed password, a
deleted encounter, another campaign's user, a failing cache all go the full way."""

import re
from urllib.parse import urlencode

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign, Membership
from combat import fastpoll, workflows
from combat.live import seen_mark
from tests.combat.test_at_the_table import _prepared

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def fast(settings):  # type: ignore[no-untyped-def]
    settings.POLL_FROM_CACHE = True
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def table(db, django_user_model, fast):  # type: ignore[no-untyped-def]
    return _prepared(django_user_model)  # the seed's fight, initiative rolled


def _url(encounter) -> str:  # type: ignore[no-untyped-def]
    return reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])


def _shown(client, encounter) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The full page, as a browser first opens it: what static/js/app.js polls with (the
    version, the mark it remembers, and what its board shows: its newest entry and view)."""
    html = client.get(_url(encounter)).content.decode()
    board = re.search(r'<div id="board"[^>]*>', html)
    assert board is not None
    found = dict(re.findall(r'data-(version|seen|view)="([^"]*)"', board.group(0)))
    seen = found["seen"]
    return {"version": found["version"], "seen": seen, "shown": seen, "view": found["view"]}


def _member(django_user_model, name):  # type: ignore[no-untyped-def]
    return django_user_model.objects.get(username=name)


def test_an_unchanged_poll_costs_no_query(
    client, table, django_user_model, django_assert_num_queries
):
    _gm, encounter, _keys = table
    for name in ("gm", "hrac"):
        client.force_login(_member(django_user_model, name))
        shown = _shown(client, encounter)
        with django_assert_num_queries(0):
            answer = client.get(_url(encounter), shown, **HTMX)
        assert answer.status_code == 204 and answer.content == b""
        assert "Cookie" in answer["Vary"] and "HX-Request" in answer["Vary"]


def test_a_change_goes_the_full_way_and_then_the_new_version_is_cached(
    client, table, django_user_model, django_assert_num_queries, django_capture_on_commit_callbacks
):
    gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "hrac"))
    shown = _shown(client, encounter)
    with django_capture_on_commit_callbacks(execute=True):
        workflows.next_turn(encounter.pk, gm, "n1")
    for sent in (shown, {"version": shown["version"]}):  # with its mark, or none remembered
        changed = client.get(_url(encounter), sent, **HTMX)
        assert changed.status_code == 200 and 'id="board"' in changed.content.decode()
    newer = _shown(client, encounter)
    assert int(newer["version"]) == int(shown["version"]) + 1
    with django_assert_num_queries(0):
        assert client.get(_url(encounter), newer, **HTMX).status_code == 204


def test_a_page_that_has_seen_less_goes_the_full_way(client, table, django_user_model):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    first = encounter.events.order_by("seq").first()
    older = {**shown, "seen": seen_mark(first)}
    answer = client.get(_url(encounter), older, **HTMX)
    assert answer.status_code == 204  # the full way checked that entry: still in the log
    assert not fastpoll.unchanged(answer.wsgi_request)


def test_a_removed_player_is_refused_at_once(client, table, django_user_model):
    _gm, encounter, _keys = table
    player = _member(django_user_model, "hrac")
    client.force_login(player)
    shown = _shown(client, encounter)
    assert client.get(_url(encounter), shown, **HTMX).status_code == 204
    Membership.objects.filter(campaign=encounter.campaign, user=player).delete()
    assert client.get(_url(encounter), shown, **HTMX).status_code == 404


def test_a_changed_password_ends_the_other_sessions_polls(client, table, django_user_model):
    _gm, encounter, _keys = table
    player = _member(django_user_model, "hrac")
    client.force_login(player)
    shown = _shown(client, encounter)
    assert client.get(_url(encounter), shown, **HTMX).status_code == 204
    player.set_password("a-new-secret-9876")
    player.save()  # changed elsewhere: this session is no longer his
    answer = client.get(_url(encounter), shown, **HTMX)
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_a_deactivated_account_is_refused_at_once(client, table, django_user_model):
    _gm, encounter, _keys = table
    player = _member(django_user_model, "hrac")
    client.force_login(player)
    shown = _shown(client, encounter)
    player.is_active = False
    player.save()
    assert client.get(_url(encounter), shown, **HTMX).status_code == 302


def test_a_deleted_encounter_is_gone_at_once(client, table, django_user_model):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    url = _url(encounter)
    encounter.delete()
    assert client.get(url, shown, **HTMX).status_code == 404


def test_another_campaigns_player_never_gets_it(client, table, django_user_model):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)  # the state is cached now
    stranger = django_user_model.objects.create_user("stranger", password="x-secret-12345")
    other = Campaign.objects.exclude(pk=encounter.campaign_id).first()
    Membership.objects.create(campaign=other, user=stranger)
    client.force_login(stranger)
    assert client.get(_url(encounter), shown, **HTMX).status_code == 404
    wrong = reverse("combat:encounter", args=[other.pk, encounter.pk])  # through their own
    assert client.get(wrong, shown, **HTMX).status_code == 404
    client.logout()
    assert client.get(_url(encounter), shown, **HTMX).status_code == 302


def test_other_requests_are_never_answered_from_it(client, table, django_user_model):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    url = _url(encounter)
    panel = client.get(url, {**shown, "panel": "1"}, **HTMX)
    assert not fastpoll.unchanged(panel.wsgi_request)  # the view decides (here: unchanged)
    twice = client.get(url + "?" + urlencode({**shown, "view": ["a", "b"]}, doseq=True), **HTMX)
    assert not fastpoll.unchanged(twice.wsgi_request)  # a value asked twice: the full way
    panel = client.get(url, {"panel": "1"}, **HTMX)
    assert panel.status_code == 200 and 'id="panel"' in panel.content.decode()
    page = client.get(url, shown)  # not htmx: the whole page
    assert page.status_code == 200
    restore = client.get(url, shown, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert restore.status_code == 200 and "<html" in restore.content.decode()


def test_a_failing_cache_falls_back_to_the_full_way(client, table, django_user_model, monkeypatch):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)

    def down(*args: object, **kwargs: object) -> None:
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(fastpoll.cache, "get_many", down)
    answer = client.get(_url(encounter), shown, **HTMX)
    assert answer.status_code == 204 and not fastpoll.unchanged(answer.wsgi_request)


def test_off_without_a_shared_cache(client, table, django_user_model, settings):
    _gm, encounter, _keys = table
    settings.POLL_FROM_CACHE = False
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    answer = client.get(_url(encounter), shown, **HTMX)
    assert answer.status_code == 204 and not fastpoll.unchanged(answer.wsgi_request)


def test_logging_in_elsewhere_keeps_the_other_sessions_polls_cheap(
    client, table, django_user_model, django_assert_num_queries
):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    assert Client().login(username="gm", password="iniciativa")  # saves last_login
    with django_assert_num_queries(0):
        assert client.get(_url(encounter), shown, **HTMX).status_code == 204


def test_an_account_deactivated_while_its_request_is_in_flight_gets_no_204(
    client, table, django_user_model, monkeypatch
):
    _gm, encounter, _keys = table
    player = _member(django_user_model, "hrac")
    client.force_login(player)
    allow = fastpoll.allow

    def late(request, encounter):  # type: ignore[no-untyped-def]
        player.is_active = False  # after the account was loaded and checked, before the write
        player.save()
        allow(request, encounter)

    monkeypatch.setattr(fastpoll, "allow", late)
    shown = _shown(client, encounter)
    monkeypatch.setattr(fastpoll, "allow", allow)
    answer = client.get(_url(encounter), shown, **HTMX)
    assert answer.status_code == 302  # the full way: the account is no longer active


def test_a_publish_that_lands_late_never_answers_for_a_newer_version(
    client, table, django_user_model, django_capture_on_commit_callbacks
):
    gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "hrac"))
    _shown(client, encounter)  # the state is cached at this version
    with django_capture_on_commit_callbacks() as first:
        workflows.next_turn(encounter.pk, gm, "n1")
    seen_first = _shown(client, encounter)
    with django_capture_on_commit_callbacks() as second:
        workflows.next_turn(encounter.pk, gm, "n2")
    for callback in [*second, *first]:  # the first commit's publish lands last
        callback()
    answer = client.get(_url(encounter), seen_first, **HTMX)
    assert answer.status_code == 200 and 'id="board"' in answer.content.decode()


def test_a_request_in_flight_cannot_bring_a_deleted_encounter_back(
    client, table, django_user_model
):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    page = client.get(_url(encounter))
    shown = _shown(client, encounter)
    url = _url(encounter)
    stale = type(encounter).objects.get(pk=encounter.pk)
    encounter.delete()
    cache.delete(fastpoll.state_key(stale.pk))
    fastpoll.allow(page.wsgi_request, stale)  # its full request began before the delete
    for sent in (shown, {"version": shown["version"]}):  # with its mark, or none remembered
        assert client.get(url, sent, **HTMX).status_code == 404


def test_a_restore_forgets_everything_the_cache_said(client, table, django_user_model):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    fastpoll.forget_all()
    answer = client.get(_url(encounter), shown, **HTMX)
    assert answer.status_code == 204 and not fastpoll.unchanged(answer.wsgi_request)


def test_a_host_not_allowed_gets_its_400(client, table, django_user_model):
    _gm, encounter, _keys = table
    client.force_login(_member(django_user_model, "gm"))
    shown = _shown(client, encounter)
    answer = client.get(_url(encounter), shown, HTTP_HOST="evil.example", **HTMX)
    assert answer.status_code == 400
