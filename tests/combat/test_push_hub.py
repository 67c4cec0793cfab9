"""One Redis subscriber per process (issue R, "Live at scale", combat/hub.py): every stream of a
process listens through one pub/sub connection, whatever the encounters; a message reaches
every stream of its channel; the last stream of a channel unsubscribes it; a connection killed
under the streams is replaced and the streams catch up from the database; a stream that does not
keep up gets one "read the version again" instead of an ever longer queue.

Streams run through Django's AsyncClient against the Redis on 127.0.0.1:6379 (a channel prefix
and a client name of their own); counted with Redis's own CLIENT LIST and PUBSUB NUMSUB.
"""

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

import redis
from asgiref.sync import sync_to_async
from django.db.models import F
from django.test import AsyncClient

from combat import hub, push, workflows
from combat.models import Encounter
from tests.combat import test_push
from tests.combat.test_push import (
    REDIS_URL,
    _events,
    _next,
    _until_event,
    _user,
    needs_redis,
    run,
)

pytestmark = needs_redis
live, table = test_push.live, test_push.table  # the fixtures of test_push.py


def _redis() -> redis.Redis:
    return redis.Redis.from_url(REDIS_URL, socket_timeout=2)


def _connections(settings: Any) -> list[dict[str, Any]]:
    """This test's subscriber connections, as Redis lists them."""
    name = f"{settings.LIVE_SSE_PREFIX}:live"
    return [c for c in _redis().client_list() if c.get("name") == name]


def _listeners(encounter_id: int) -> int:
    """How many connections Redis has subscribed to the encounter's channel."""
    return int(
        dict(_redis().pubsub_numsub(push.channel(encounter_id)))[
            push.channel(encounter_id).encode()
        ]
    )


async def _eventually(check: Callable[[], bool]) -> bool:
    for _ in range(40):
        if check():
            return True
        await asyncio.sleep(0.05)
    return check()


async def _member() -> AsyncClient:
    client = AsyncClient()
    await client.aforce_login(await sync_to_async(_user)("hrac"))
    return client


async def _open(client: AsyncClient, encounter: Any) -> tuple[Any, Any]:
    """A stream of the encounter, opened by a page one version behind: subscribed, confirmed,
    and past its first reading of the version (which it sends, as the page is behind)."""
    answer = await client.get(_events(encounter), {"version": encounter.version - 1})
    assert answer.status_code == 200
    lines = aiter(answer.streaming_content)
    assert (await _next(lines)).startswith("retry: ")
    assert f"data: {encounter.version}\n" in await _until_event(lines)
    return answer, lines


async def _close(answer: Any) -> None:
    """The stream's own generator closed, as Django's handler does when the browser leaves
    (each read of `streaming_content` makes a new wrapper, so the wrapper will not do)."""
    await answer._iterator.aclose()


def _other_encounter(encounter: Encounter) -> Encounter:
    other = Encounter.objects.filter(campaign_id=encounter.campaign_id).exclude(pk=encounter.pk)
    return other.first() or Encounter.objects.create(campaign_id=encounter.campaign_id, name="B")


def test_streams_of_two_encounters_share_one_connection_and_each_hears_its_own(table, live):  # type: ignore[no-untyped-def]
    gm, encounter, _keys = table
    other = _other_encounter(encounter)

    async def scenario() -> None:
        client = await _member()
        first = [await _open(client, encounter) for _ in range(4)]
        second = [await _open(client, other) for _ in range(2)]
        assert len(_connections(live)) == 1  # six streams, one Redis connection
        assert _listeners(encounter.pk) == 1 and _listeners(other.pk) == 1
        await sync_to_async(workflows.next_turn)(encounter.pk, gm, "hub-1")
        for _answer, lines in first:
            assert f"data: {encounter.version + 1}\n" in await _until_event(lines)
        await sync_to_async(push.publish)(None, encounter_id=other.pk, version=other.version + 5)
        for _answer, lines in second:
            assert f"data: {other.version + 5}\n" in await _until_event(lines)

        for answer, _lines in first[:3]:
            await _close(answer)
        assert _listeners(encounter.pk) == 1  # one stream still listens
        await _close(first[3][0])
        assert await _eventually(lambda: _listeners(encounter.pk) == 0)  # the last one left
        assert _listeners(other.pk) == 1 and len(_connections(live)) == 1
        for answer, _lines in second:
            await _close(answer)
        assert await _eventually(lambda: not _connections(live))  # no stream, no connection

    run(scenario)
    assert push._open == 0


def test_a_killed_connection_is_replaced_and_the_streams_catch_up(table, live):  # type: ignore[no-untyped-def]
    gm, encounter, _keys = table

    async def scenario() -> None:
        client = await _member()
        streams = [await _open(client, encounter) for _ in range(3)]
        (killed,) = _connections(live)
        # A commit Redis never carries: only the database knows of it (as if published while
        # the connection was down). Then the connection is killed under the streams.
        await sync_to_async(_bump)(encounter.pk)
        assert _redis().client_kill_filter(_id=killed["id"]) == 1
        for _answer, lines in streams:  # caught up from the database, not from a message
            assert f"data: {encounter.version + 1}\n" in await _until_event(lines)
        assert await _eventually(
            lambda: [c["id"] for c in _connections(live)] not in ([], [killed["id"]])
        )
        (again,) = _connections(live)
        assert again["id"] != killed["id"] and _listeners(encounter.pk) == 1
        await sync_to_async(workflows.next_turn)(encounter.pk, gm, "hub-after-kill")
        for _answer, lines in streams:  # and hears the next commits as before
            assert f"data: {encounter.version + 2}\n" in await _until_event(lines)
        for answer, _lines in streams:
            await _close(answer)

    run(scenario)


def _bump(encounter_id: int, publish: bool = False) -> None:
    """A new version in the database (the rules would stop eight turns in a row at the round's
    end), published as a commit publishes it, or not at all."""
    Encounter.objects.filter(pk=encounter_id).update(version=F("version") + 1)
    if publish:
        version = Encounter.objects.get(pk=encounter_id).version
        push.publish(None, encounter_id=encounter_id, version=version)


def test_a_stream_that_falls_behind_is_told_to_read_the_version_again(table, live, monkeypatch):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = table
    monkeypatch.setattr(hub, "QUEUE_SIZE", 3)

    async def scenario() -> None:
        client = await _member()
        slow, lines = await _open(client, encounter)
        listener = hub.hub_of(REDIS_URL).listeners[push.channel(encounter.pk)]  # type: ignore[union-attr]
        (queued,) = listener
        for _step in range(8):  # eight commits; nobody reads the stream meanwhile
            await sync_to_async(_bump)(encounter.pk, publish=True)
        assert await _eventually(lambda: queued.queue.qsize() >= 1)
        await asyncio.sleep(0.3)  # every publish handed to the hub
        assert queued.queue.maxsize == 3 and queued.queue.qsize() <= 3
        heard = [await _until_event(lines) for _ in range(2)]
        latest = encounter.version + 8
        assert heard[-1] == f"id: {latest}\nevent: changed\ndata: {latest}\n\n"
        assert f"data: {encounter.version + 1}\n" not in "".join(heard)  # the backlog dropped
        await _close(slow)

    run(scenario)


def test_a_redis_gone_for_good_ends_the_streams(table, live, monkeypatch):  # type: ignore[no-untyped-def]
    _gm, encounter, _keys = table
    monkeypatch.setattr(hub, "RECONNECT_SECONDS", 0.5)

    async def scenario() -> list[str]:
        client = await _member()
        answer, lines = await _open(client, encounter)
        live.REDIS_URL = "redis://127.0.0.1:1/0"  # the hub keeps its URL: point it away
        found = hub.hub_of(REDIS_URL)
        assert found is not None
        found.url = "redis://127.0.0.1:1/0"
        (connection,) = _connections(live)
        _redis().client_kill_filter(_id=connection["id"])
        return [chunk.decode() async for chunk in answer.streaming_content]

    assert not any("event:" in chunk for chunk in run(scenario))  # ended: the page polls
    assert push._open == 0


def test_a_stream_never_begun_leaves_the_hub(table, live, monkeypatch):  # type: ignore[no-untyped-def]
    """Django drops a response whose client left before it was sent, without starting its
    stream: the subscription must not stay for good."""
    _gm, encounter, _keys = table
    monkeypatch.setattr(push, "ABANDONED_SECONDS", 0.2)

    async def scenario() -> None:
        client = await _member()
        answer = await client.get(_events(encounter), {"version": encounter.version})
        assert answer.status_code == 200 and _listeners(encounter.pk) == 1
        assert await _eventually(lambda: _listeners(encounter.pk) == 0)  # never read: dropped
        assert await _eventually(lambda: not _connections(live))

    run(scenario)


def _refused_subscriptions(admin, user: str) -> int:  # type: ignore[no-untyped-def]
    """How many subscriptions Redis has refused `user`, a user made for one run: its ACL log
    counts them, whatever the other test worker's connections to the same server do. (The log
    keeps the newest entries only, so a name used by earlier runs would slide out of it.)"""
    log = admin.acl_log(count=128)
    return sum(int(entry["count"]) for entry in log if entry["username"] == user)


def test_a_redis_that_refuses_the_subscription_is_retried_slowly_then_given_up(  # type: ignore[no-untyped-def]
    table, live, monkeypatch
):
    """Redis answers but refuses to subscribe (an ACL user without channels): the connection
    fails at once every time. The hub backs off instead of looping, and ends the streams when
    it stays so for RECONNECT_SECONDS (the pages poll)."""
    _gm, encounter, _keys = table
    monkeypatch.setattr(hub, "RECONNECT_SECONDS", 2.0)
    admin = _redis()
    user = f"nochannels-{secrets.token_hex(6)}"  # this run's own: its refusals are this run's
    admin.execute_command("ACL", "SETUSER", user, "on", ">pw", "~*", "resetchannels", "+@all")
    refused = f"redis://{user}:pw@127.0.0.1:6379/0"

    async def scenario() -> tuple[list[str], int]:
        client = await _member()
        answer, _lines = await _open(client, encounter)
        found = hub.hub_of(REDIS_URL)
        assert found is not None
        found.url = refused
        (connection,) = _connections(live)
        admin.client_kill_filter(_id=connection["id"])
        chunks = [c.decode() async for c in answer.streaming_content]
        return chunks, _refused_subscriptions(admin, user)

    async def bounded() -> tuple[list[str], int]:
        return await asyncio.wait_for(scenario(), 15)

    try:
        chunks, tries = run(bounded)
    finally:
        admin.execute_command("ACL", "DELUSER", user)
    assert not any("event:" in chunk for chunk in chunks)  # ended: the page polls
    assert 1 <= tries <= 12  # about one a try, paced; a busy loop makes thousands
    assert push._open == 0
