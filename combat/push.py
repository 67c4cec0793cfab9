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
keeps no message, so a stream that drops (a restart, a proxy's timeout, Redis gone for good)
misses what was said meanwhile: the page then polls at once and often until a stream is open
again, and it polls slowly even while one is (docs/deploy.md).

Each stream is bounded: a comment line every `HEARTBEAT` seconds (proxies close silent
connections), and an end after `LIFETIME` (the browser reconnects by itself, sending the last
version it heard as `Last-Event-ID`). No stream holds a database connection, nor a Redis
connection of its own: every stream of a process listens through its one subscriber
(`combat.hub`), which also survives Redis dropping the connection (the streams then read the
version again and catch up). A process opens at most `LIVE_SSE_MAX_STREAMS` (more are answered
204, and those pages poll). A WSGI process never streams: a stream would hold a whole worker.
Its pages offer the stream only where the proxy sends streams to an ASGI server
(`LIVE_SSE_ROUTED`): the pages and boards are then drawn by WSGI workers, each request in a
process of its own, and the ASGI server does nothing but hold streams (docs/deploy.md).
"""

import asyncio
import logging
import re
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import aclosing
from typing import Any

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.dispatch import receiver
from django.http import HttpRequest, StreamingHttpResponse

from . import hub
from .live import encounter_changed
from .models import Encounter

Watching = Callable[[], Awaitable[bool]]  # may the stream's user still watch?

logger = logging.getLogger(__name__)
HEARTBEAT = 15.0  # seconds between comment lines: below every proxy's idle timeout
LIFETIME = 300.0  # seconds a stream lasts before the browser reconnects (LIVE_SSE_SECONDS)
RETRY_MS = 3000  # how soon the browser reconnects after a stream ended
ABANDONED_SECONDS = 30.0  # a subscription whose stream has not begun by then is dropped
BEAT = -3  # from _relay: a comment line is due
VERSION = re.compile(r"\A[0-9]{1,18}\Z")
_publisher: tuple[str, redis.Redis] | None = None
_open = 0  # streams open in this process (one event loop: a plain counter)
_cleanups: set[asyncio.Task[None]] = set()  # abandoned listeners leaving (kept from the GC)


def enabled() -> bool:
    return bool(getattr(settings, "LIVE_SSE", False)) and bool(getattr(settings, "REDIS_URL", ""))


def available(request: HttpRequest) -> bool:
    """May this request get a stream? Only from an ASGI process with room for one more."""
    limit = int(getattr(settings, "LIVE_SSE_MAX_STREAMS", 500))
    return enabled() and isinstance(request, ASGIRequest) and _open < limit


def offered(request: HttpRequest) -> bool:
    """Does the page this request gets offer its stream? Where it may get one itself, and from
    a WSGI process when the proxy sends streams to an ASGI server (`LIVE_SSE_ROUTED`)."""
    if isinstance(request, ASGIRequest):
        return available(request)
    return enabled() and bool(getattr(settings, "LIVE_SSE_ROUTED", False))


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


async def subscribed(encounter_id: int) -> hub.Listener | None:
    """A listener on the encounter's channel through the process's one Redis subscriber
    (combat.hub), confirmed by Redis; None if Redis does not confirm in time."""
    name = f"{settings.LIVE_SSE_PREFIX}:live"  # the connection's name in Redis's CLIENT LIST
    try:
        listener = await hub.join(settings.REDIS_URL, channel(encounter_id), name)
    except Exception:
        logger.warning("live: no subscription for encounter %s", encounter_id, exc_info=True)
        return None
    if listener is not None:  # Django drops a response whose client left before it was sent
        asyncio.get_running_loop().call_later(ABANDONED_SECONDS, _abandoned, listener)
    return listener


def _abandoned(listener: hub.Listener) -> None:
    """A listener whose stream never began (its client went away first): it leaves the hub, or
    its channel would stay subscribed for good."""
    if not listener.started:
        task = asyncio.ensure_future(listener.leave())
        _cleanups.add(task)
        task.add_done_callback(_cleanups.discard)


def stream_response(
    request: HttpRequest, listener: hub.Listener, encounter_id: int, still: Watching
) -> StreamingHttpResponse:
    response = StreamingHttpResponse(
        stream(listener, encounter_id, since(request), still), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    # Never gzipped (GZipMiddleware reads this after the view): zlib would hold events back.
    request.META.pop("HTTP_ACCEPT_ENCODING", None)
    return response


async def stream(
    listener: hub.Listener, encounter_id: int, shown: int, still: Watching
) -> AsyncIterator[str]:
    """The stream: the current version if the page shows less, then each published version; on
    `RESYNC` (Redis came back, or this stream fell behind) the version read again. Before each
    version, `still`: may the user still watch (red team: a removed player heard every commit
    until the stream's end)? If not, it ends; the page polls, and the poll is refused."""
    global _open
    _open += 1
    listener.started = True
    try:
        yield f"retry: {RETRY_MS}\n: open\n\n"
        async with aclosing(_relay(listener)) as relayed:
            sent = shown
            async for item in relayed:
                if item == hub.RESYNC:  # read after (re)subscribing: nothing falls in between
                    current = await sync_to_async(_version)(encounter_id)
                    if current is None:
                        return  # deleted: the page's poll says so
                    item = current if current > sent else 0
                if item > 0 and not await still():
                    return
                if item > 0:
                    sent = max(sent, item)
                    yield _event(item)
                elif item == BEAT:
                    yield ": beat\n\n"
    except Exception:  # the database failed mid-stream: the stream ends, the page polls
        logger.warning("live: stream of encounter %s broken", encounter_id, exc_info=True)
    finally:
        _open -= 1
        await listener.leave()


async def _relay(listener: hub.Listener) -> AsyncGenerator[int, None]:
    """`RESYNC` first (the version is read once subscribed), then each queued version, `BEAT`
    when silent for `HEARTBEAT`, until `LIFETIME` or the hub's `END`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + float(getattr(settings, "LIVE_SSE_SECONDS", LIFETIME))
    yield hub.RESYNC
    while (now := loop.time()) < end:
        try:
            item = await asyncio.wait_for(listener.queue.get(), max(0.0, min(HEARTBEAT, end - now)))
        except TimeoutError:
            if loop.time() < end:
                yield BEAT
            continue
        if item == hub.END:
            return
        yield item


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
