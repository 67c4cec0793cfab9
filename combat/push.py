"""Server-sent events (issue R): an open encounter page hears of a commit instead of asking.

On every commit (`live.encounter_changed`) each process with `LIVE_SSE` (REDIS_URL set)
publishes the encounter's new version on a Redis channel of its own, whichever kind of process
wrote it. An ASGI process streams that channel to each open page that asked
(`views.page.encounter_events`): `event: changed` with the version as its data and its id, and
nothing else. The page then asks for its board the poll's way, with the version it shows, so
every permission check, the secrecy of hidden combatants and the 204 of "unchanged" stay where
they are; a version it already shows is ignored, so nothing is applied twice.

Nothing is lost between the page and the stream: the channel is subscribed before the current
version is read, and a stream whose page shows less than that version starts with it. Pub/sub
keeps no message, so a stream that drops (a restart, a proxy's timeout, Redis gone) misses what
was said meanwhile: the page then polls at once and often until a stream is open again, and it
polls slowly even while one is (docs/deploy.md).

Each stream is bounded: a comment line every `HEARTBEAT` seconds (proxies close silent
connections), and an end after `LIFETIME` (the browser reconnects by itself, sending the last
version it heard as `Last-Event-ID`). No stream holds a database connection; each holds one
Redis connection, and a process opens at most `LIVE_SSE_MAX_STREAMS` (more are answered 204,
and those pages poll). A WSGI process never streams: a stream would hold a whole worker.
"""

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

import redis
import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.dispatch import receiver
from django.http import HttpRequest, StreamingHttpResponse

from .live import encounter_changed
from .models import Encounter

logger = logging.getLogger(__name__)
HEARTBEAT = 15.0  # seconds between comment lines: below every proxy's idle timeout
LIFETIME = 300.0  # seconds a stream lasts before the browser reconnects (LIVE_SSE_SECONDS)
RETRY_MS = 3000  # how soon the browser reconnects after a stream ended
SUBSCRIBE_SECONDS = 2.0  # a stalled Redis: no stream, the page polls
VERSION = re.compile(r"\A[0-9]{1,18}\Z")
_publisher: tuple[str, redis.Redis] | None = None
_open = 0  # streams open in this process (one event loop: a plain counter)


def enabled() -> bool:
    return bool(getattr(settings, "LIVE_SSE", False)) and bool(getattr(settings, "REDIS_URL", ""))


def available(request: HttpRequest) -> bool:
    """May this request get a stream? Only from an ASGI process with room for one more."""
    limit = int(getattr(settings, "LIVE_SSE_MAX_STREAMS", 500))
    return enabled() and isinstance(request, ASGIRequest) and _open < limit


def channel(encounter_id: int) -> str:
    return f"{settings.LIVE_SSE_PREFIX}:encounter:{encounter_id}"


def since(request: HttpRequest) -> int:
    """The newest version the page has: its `version`, or the last one its stream heard."""
    asked = [request.GET.get("version", ""), request.headers.get("Last-Event-ID", "")]
    return max((int(value) for value in asked if VERSION.match(value)), default=0)


@receiver(encounter_changed)
def publish(sender: Any, encounter_id: int, version: int, **kwargs: Any) -> None:
    """After the commit: the new version to every process's streams. A Redis that fails costs
    only the push; the pages' polls find the change."""
    if not enabled():
        return
    try:
        _redis().publish(channel(encounter_id), str(version))
    except Exception:
        logger.warning("live: encounter %s version %s not pushed", encounter_id, version)


def _redis() -> redis.Redis:
    global _publisher
    url = settings.REDIS_URL
    if _publisher is None or _publisher[0] != url:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        _publisher = (url, client)
    return _publisher[1]


async def subscribed(encounter_id: int) -> aioredis.client.PubSub | None:
    """A subscription to the encounter's channel, or None if Redis does not answer in time."""
    client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1)
    pubsub = client.pubsub()
    try:
        await asyncio.wait_for(pubsub.subscribe(channel(encounter_id)), SUBSCRIBE_SECONDS)
    except Exception:
        logger.warning("live: no subscription for encounter %s", encounter_id)
        await _close(pubsub)
        return None
    return pubsub


async def _close(pubsub: aioredis.client.PubSub) -> None:
    try:
        await pubsub.aclose()
        await pubsub.connection_pool.aclose()
    except Exception:
        logger.info("live: a subscription closed uncleanly", exc_info=True)


def stream_response(
    request: HttpRequest, pubsub: aioredis.client.PubSub, encounter_id: int
) -> StreamingHttpResponse:
    response = StreamingHttpResponse(
        stream(pubsub, encounter_id, since(request)), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    # Never gzipped (GZipMiddleware reads this after the view): zlib would hold events back.
    request.META.pop("HTTP_ACCEPT_ENCODING", None)
    return response


async def stream(
    pubsub: aioredis.client.PubSub, encounter_id: int, shown: int
) -> AsyncIterator[str]:
    global _open
    _open += 1
    try:
        yield f"retry: {RETRY_MS}\n: open\n\n"
        current = await sync_to_async(_version)(encounter_id)  # read after subscribing
        if current is not None and current > shown:
            yield _event(current)
        if current is not None:
            async for line in _relay(pubsub):
                yield line
    except Exception:  # Redis gone mid-stream: the stream ends, the page polls and reconnects
        logger.warning("live: stream of encounter %s broken", encounter_id, exc_info=True)
    finally:
        _open -= 1
        await _close(pubsub)


async def _relay(pubsub: aioredis.client.PubSub) -> AsyncIterator[str]:
    """Each published version as an event, a comment line when silent, until `LIFETIME`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + float(getattr(settings, "LIVE_SSE_SECONDS", LIFETIME))
    beat = loop.time() + HEARTBEAT
    while (now := loop.time()) < end:
        wait = max(0.0, min(beat, end) - now)
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=wait)
        if message is not None and message.get("type") == "message":
            data = message.get("data")
            text = data.decode("ascii", "replace") if isinstance(data, bytes) else str(data)
            if VERSION.match(text):
                yield _event(int(text))
        elif loop.time() >= beat:
            yield ": beat\n\n"
            beat = loop.time() + HEARTBEAT
        elif message is None and loop.time() - now < 0.01:
            await asyncio.sleep(0.05)  # never spin, whatever the client library does


def _event(version: int) -> str:
    return f"id: {version}\nevent: changed\ndata: {version}\n\n"


def _version(encounter_id: int) -> int | None:
    """The encounter's version now (None: deleted); the connection is closed at once, so no
    open stream keeps one."""
    try:
        found = Encounter.objects.filter(pk=encounter_id).values_list("version", flat=True)
        return found.first()
    finally:
        release()


def release() -> None:
    """Closes this thread's database connection (outside a transaction): a stream lasts
    minutes, and a connection held for each would run PostgreSQL out of them."""
    if not connection.in_atomic_block:
        connection.close()
