"""Server-sent events (issue R, combat/push.py): a member's stream hears each commit's version,
a stranger gets the page's 404, and wherever no stream can be had (no Redis, a WSGI process, a
Redis that fails) the answer is a 204 and the page offers no stream: it polls as it always did.

The streams here run through Django's AsyncClient (an ASGI request) against the Redis on
127.0.0.1:6379, on channels of their own; without that Redis they are skipped, except in CI.
"""

import asyncio
import contextlib
import os
import re
import threading
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connections
from django.test import AsyncClient
from django.urls import reverse

from campaigns.models import Membership
from combat import push, workflows
from tests.combat.test_at_the_table import _prepared

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


needs_redis = pytest.mark.skipif(
    os.environ.get("CI") != "true" and not _redis_answers(), reason="no Redis on 127.0.0.1:6379"
)


@pytest.fixture
def live(settings):  # type: ignore[no-untyped-def]
    """Streams on: Redis for pub/sub only (the cache stays the test's memory cache)."""
    settings.REDIS_URL = REDIS_URL
    settings.LIVE_SSE = True
    settings.LIVE_SSE_PREFIX = f"test-{uuid.uuid4().hex[:12]}"
    return settings


@pytest.fixture
def table(transactional_db, django_user_model):  # type: ignore[no-untyped-def]
    return _prepared(django_user_model)  # committed for real: on_commit publishes


def run(scenario: Any) -> Any:
    """The scenario on an event loop of its own thread: a browser test's Playwright keeps one
    running in the main thread for the whole session, and async_to_sync refuses that thread."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["result"] = async_to_sync(scenario)()
        except BaseException as error:  # the test's own assertion, raised in the test again
            outcome["error"] = error
        finally:  # the scenario's sync_to_async calls ran in this thread: their connections
            connections.close_all()  # would outlive it and keep the test database busy

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("result")


def _events(encounter) -> str:  # type: ignore[no-untyped-def]
    return reverse("combat:encounter_events", args=[encounter.campaign_id, encounter.pk])


def _page(encounter) -> str:  # type: ignore[no-untyped-def]
    return reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])


async def _next(lines: AsyncIterator[Any]) -> str:
    chunk = await asyncio.wait_for(lines.__anext__(), 5)
    return chunk.decode() if isinstance(chunk, bytes) else str(chunk)


async def _until_event(lines: AsyncIterator[Any]) -> str:
    for _ in range(10):
        chunk = await _next(lines)
        if "event: changed" in chunk:
            return chunk
    raise AssertionError("no event")


def test_a_stranger_gets_404_and_a_member_without_asgi_204(client, db, django_user_model, live):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = _prepared(django_user_model)
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    assert client.get(_events(encounter)).status_code == 404
    client.force_login(django_user_model.objects.get(username="hrac"))
    answer = client.get(_events(encounter), {"version": 0})  # a WSGI request: never a stream
    assert answer.status_code == 204 and answer.content == b""
    assert "data-events" not in client.get(_page(encounter)).content.decode()


def test_routed_a_wsgi_page_offers_the_stream_but_never_streams_itself(
    client, db, django_user_model, live, settings
):  # type: ignore[no-untyped-def]
    """LIVE_SSE_ROUTED: the proxy sends …/events/ to an ASGI server, so a page drawn by a WSGI
    worker names its stream; a stream asked of the WSGI worker itself is still refused (204)."""
    settings.LIVE_SSE_ROUTED = True
    _gm, encounter, _keys = _prepared(django_user_model)
    client.force_login(django_user_model.objects.get(username="hrac"))
    page = client.get(_page(encounter)).content.decode()
    assert f'data-events="{_events(encounter)}"' in page
    assert client.get(_events(encounter), {"version": 0}).status_code == 204
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    assert client.get(_events(encounter)).status_code == 404
    assert client.get(_page(encounter)).status_code == 404
    settings.LIVE_SSE = False  # streams off: routed or not, no page offers one
    client.force_login(django_user_model.objects.get(username="hrac"))
    assert "data-events" not in client.get(_page(encounter)).content.decode()


def test_without_redis_there_is_no_stream_and_the_page_offers_none(client, db, django_user_model):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = _prepared(django_user_model)
    client.force_login(django_user_model.objects.get(username="hrac"))
    assert client.get(_events(encounter)).status_code == 204
    page = client.get(_page(encounter)).content.decode()
    assert "data-events" not in page and 'hx-trigger="every 2s, refresh"' in page


def test_anonymous_is_sent_to_log_in(client, db, django_user_model):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = _prepared(django_user_model)
    answer = client.get(_events(encounter))
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("login"))


@needs_redis
def test_a_members_stream_hears_the_version_of_each_commit_and_only_that(table, live):  # type: ignore[no-untyped-def]
    gm, encounter, _keys = table

    async def scenario() -> None:
        client = AsyncClient()
        await client.aforce_login(await sync_to_async(_user)("hrac"))
        page = (await client.get(_page(encounter))).content.decode()
        assert f'data-events="{_events(encounter)}"' in page  # an ASGI request, Redis on
        answer = await client.get(_events(encounter), {"version": encounter.version})
        assert answer.status_code == 200 and answer["Content-Type"] == "text/event-stream"
        assert answer["Cache-Control"] == "no-cache" and answer["X-Accel-Buffering"] == "no"
        assert "Content-Encoding" not in answer
        lines = aiter(answer.streaming_content)
        assert (await _next(lines)).startswith("retry: ")  # nothing newer than the page yet
        await sync_to_async(workflows.next_turn)(encounter.pk, gm, "push-1")
        event = await _until_event(lines)
        version = encounter.version + 1
        assert event == f"id: {version}\nevent: changed\ndata: {version}\n\n"  # no content
        await answer.streaming_content.aclose()  # type: ignore[attr-defined]

    run(scenario)
    assert push._open == 0  # the stream closed and its subscription with it


@needs_redis
def test_a_stream_ends_when_its_player_is_removed(table, live):  # type: ignore[no-untyped-def]
    """Red team: a removed player's open stream went on telling the time of every commit until
    its lifetime ended, while every other door answered 404."""
    gm, encounter, _keys = table

    async def scenario() -> list[str]:
        client = AsyncClient()
        player = await sync_to_async(_user)("hrac")
        await client.aforce_login(player)
        answer = await client.get(_events(encounter), {"version": encounter.version})
        assert answer.status_code == 200
        lines = aiter(answer.streaming_content)
        assert (await _next(lines)).startswith("retry: ")
        removed = Membership.objects.filter(campaign_id=encounter.campaign_id, user=player)
        await sync_to_async(removed.delete)()
        assert (await client.get(_page(encounter))).status_code == 404
        await sync_to_async(workflows.next_turn)(encounter.pk, gm, "after-removal")
        heard = []
        with contextlib.suppress(StopAsyncIteration):
            for _ in range(10):
                heard.append(await _next(lines))
        return heard

    heard = run(scenario)
    assert not any("event: changed" in chunk for chunk in heard)
    assert push._open == 0  # it ended


@needs_redis
def test_a_page_behind_hears_the_current_version_at_once(table, live):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = table

    async def scenario() -> None:
        client = AsyncClient()
        await client.aforce_login(await sync_to_async(_user)("hrac"))
        answer = await client.get(_events(encounter), {"version": encounter.version - 1})
        lines = aiter(answer.streaming_content)
        assert f"data: {encounter.version}\n" in await _until_event(lines)
        await answer.streaming_content.aclose()  # type: ignore[attr-defined]

    run(scenario)


@needs_redis
def test_a_stranger_gets_404_from_an_asgi_process_too(table, live, django_user_model):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = table
    stranger = django_user_model.objects.create_user("stranger", password="x")

    async def scenario() -> int:
        client = AsyncClient()
        await client.aforce_login(stranger)
        return (await client.get(_events(encounter))).status_code

    assert run(scenario) == 404


@needs_redis
def test_a_silent_stream_beats_and_ends_after_its_lifetime(table, live, monkeypatch):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = table
    monkeypatch.setattr(push, "HEARTBEAT", 0.2)
    live.LIVE_SSE_SECONDS = 0.7

    async def scenario() -> list[str]:
        client = AsyncClient()
        await client.aforce_login(await sync_to_async(_user)("hrac"))
        answer = await client.get(_events(encounter), {"version": encounter.version})
        return [chunk.decode() async for chunk in answer.streaming_content]

    chunks = run(scenario)
    assert chunks[0].startswith("retry: ") and chunks.count(": beat\n\n") >= 2
    assert not any("event:" in chunk for chunk in chunks)


def test_a_redis_that_fails_costs_the_push_only(table, live):  # type: ignore[no-untyped-def]
    gm, encounter, _keys = table
    live.REDIS_URL = "redis://127.0.0.1:1/0"  # nobody listens there
    before = encounter.version
    workflows.next_turn(encounter.pk, gm, "push-down")  # committed, published in vain, no error

    async def scenario() -> int:
        client = AsyncClient()
        await client.aforce_login(await sync_to_async(_user)("hrac"))
        return (await client.get(_events(encounter))).status_code

    assert run(scenario) == 204  # no subscription: the page polls
    encounter.refresh_from_db()
    assert encounter.version == before + 1


def _user(name: str) -> Any:
    from django.contrib.auth.models import User

    return User.objects.get(username=name)


def test_the_version_asked_for_is_read_strictly() -> None:
    from django.test import RequestFactory

    factory = RequestFactory()
    assert push.since(factory.get("/", {"version": "7"}, HTTP_LAST_EVENT_ID="9")) == 9
    assert push.since(factory.get("/", {"version": "x"}, HTTP_LAST_EVENT_ID="1" * 40)) == 0
    assert re.fullmatch(r"id: 3\nevent: changed\ndata: 3\n\n", push._event(3))
