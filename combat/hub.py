"""One Redis subscriber per process for every open stream (issue R, "Live at scale").

A stream used to hold a Redis connection of its own; at a thousand open tabs that is a thousand
connections per app machine. Here each process (each running event loop: uvicorn has one) has
one `Hub`: one pub/sub connection, subscribed to each channel while at least one stream listens
to it (a count per channel), whose reader hands every message to each listening stream's queue.

The guarantees the streams rely on:

- `join` returns only once Redis has confirmed the subscription (the confirmation of the last
  SUBSCRIBE sent for that channel), so a version read afterwards misses no later commit.
- A queue is bounded (`QUEUE_SIZE`): a stream that does not keep up has its queue emptied and
  gets `RESYNC` instead, so it reads the version from the database rather than the process
  holding an ever longer backlog.
- When the connection drops (Redis restarted, `CLIENT KILL`, a network fault, a missed PING),
  the hub connects again and subscribes every channel again; once each is confirmed its streams
  get `RESYNC` and catch up from the database, so what was published meanwhile is not lost. If
  Redis stays away for `RECONNECT_SECONDS`, every stream gets `END`: the pages then poll fast
  and their EventSource reconnects when it can.
- The last stream to leave a channel unsubscribes it; the last to leave the hub closes it.
"""

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

logger = logging.getLogger(__name__)
QUEUE_SIZE = 64  # versions waiting per stream before it is told to read the database instead
RESYNC = -1  # in a queue: read the version from the database (a drop or an overflow)
END = -2  # in a queue: Redis is gone, the stream ends and the page polls
CONFIRM_SECONDS = 2.0  # a subscription not confirmed by then: no stream, the page polls
PING_SECONDS = 10.0  # a silent connection is pinged this often ...
DEAD_SECONDS = 25.0  # ... and taken for dead when nothing came back for this long
HEALTHY = 1.0  # seconds a connection must serve before its drop counts as a new one
RECONNECT_SECONDS = 3.0  # how long the hub tries to reach Redis again before ending streams
_hubs: dict[tuple[int, str], "Hub"] = {}  # (id of the event loop, Redis URL) → its hub


@dataclass(eq=False)
class Listener:
    """One stream's place in the hub: its channel and its bounded queue of versions."""

    hub: "Hub"
    channel: str
    queue: "asyncio.Queue[int]" = field(default_factory=lambda: asyncio.Queue(QUEUE_SIZE))
    started: bool = False  # its stream began (else a client gone before: combat.push cleans up)

    def deliver(self, item: int) -> None:
        """Queues `item`; a full queue is emptied and replaced by one `RESYNC`."""
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(RESYNC if item != END else END)

    async def leave(self) -> None:
        await self.hub.leave(self)


async def join(url: str, channel: str, name: str) -> Listener | None:
    """A listener on `channel`, subscribed and confirmed; None if Redis does not confirm in
    time. `name` is the Redis client name of the process's one connection (CLIENT LIST)."""
    loop = asyncio.get_running_loop()
    key = (id(loop), url)
    hub = _hubs.get(key)
    if hub is None or hub.closed or hub.loop is not loop:
        hub = _hubs[key] = Hub(url, name)
    return await hub.join(channel)


def hub_of(url: str) -> "Hub | None":
    """The running loop's hub for `url`, if one is open (tests and diagnostics)."""
    return _hubs.get((id(asyncio.get_running_loop()), url))


class Hub:
    """The process's subscriber: one connection, a count of listeners per channel."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self.listeners: dict[str, set[Listener]] = {}
        self.unconfirmed: dict[str, int] = {}  # SUBSCRIBEs sent but not yet confirmed
        self.confirmed: dict[str, asyncio.Future[None]] = {}
        self.resync_on_confirm: set[str] = set()  # channels whose streams catch up when confirmed
        self.pubsub: Any = None  # redis.asyncio.client.PubSub while connected
        self.connected = asyncio.Event()
        self.closed = False
        self.loop = asyncio.get_running_loop()
        self.reader = self.loop.create_task(self._run())

    async def join(self, channel: str) -> Listener | None:
        listener = Listener(self, channel)
        listening = self.listeners.setdefault(channel, set())
        listening.add(listener)
        if channel not in self.confirmed:
            self.confirmed[channel] = asyncio.get_running_loop().create_future()
            if self.connected.is_set():
                await self._send("subscribe", channel)
        try:
            await asyncio.wait_for(asyncio.shield(self.confirmed[channel]), CONFIRM_SECONDS)
        except TimeoutError:
            await self.leave(listener)
            return None
        except BaseException:  # cancelled (the client went away): no stream, no subscription
            await self.leave(listener)
            raise
        return listener

    async def leave(self, listener: Listener) -> None:
        listening = self.listeners.get(listener.channel, set())
        listening.discard(listener)
        if not listening and listener.channel in self.listeners:
            del self.listeners[listener.channel]
            self.confirmed.pop(listener.channel, None)
            self.resync_on_confirm.discard(listener.channel)
            if self.connected.is_set():
                await self._send("unsubscribe", listener.channel)
        if not self.listeners:
            await self.close()

    async def close(self) -> None:
        """Stops the reader and closes the connection; a later stream opens a new hub."""
        if self.closed:
            return
        self.closed = True
        if _hubs.get((id(self.loop), self.url)) is self:
            del _hubs[(id(self.loop), self.url)]
        if self.reader is not asyncio.current_task():
            self.reader.cancel()
        await self._disconnect()

    async def _send(self, command: str, channel: str) -> None:
        """SUBSCRIBE or UNSUBSCRIBE on the open connection; a failure is the reader's to see."""
        if command == "subscribe":
            self.unconfirmed[channel] = self.unconfirmed.get(channel, 0) + 1
        try:
            await getattr(self.pubsub, command)(channel)
        except Exception:
            logger.info("live: %s %s failed; the reader reconnects", command, channel)

    async def _run(self) -> None:
        """Connects, reads until the connection drops, connects again; ends the streams when
        Redis stays away for `RECONNECT_SECONDS`. A connection that fails within `HEALTHY`
        seconds (Redis answers, then refuses the subscription) counts as still away, and each
        such failure waits longer before the next try (up to a second): never a busy loop."""
        down_since: float | None = None
        failures = 0
        while not self.closed:
            began = time.monotonic()
            try:
                await self._connect(resync=down_since is not None)
                await self._read()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("live: the Redis subscriber lost its connection", exc_info=True)
            await self._disconnect()
            now = time.monotonic()
            if now - began >= HEALTHY:  # it served: this is a new drop, retried at once
                down_since, failures = None, 0
            down_since = down_since or now
            if now - down_since >= RECONNECT_SECONDS:
                self._end_all()
                await self.close()
                return
            await asyncio.sleep(min(1.0, 0.1 * 2**failures) if failures else 0.0)
            failures += 1

    async def _connect(self, resync: bool) -> None:
        client = aioredis.Redis.from_url(
            self.url, socket_connect_timeout=1, client_name=self.name, retry=Retry(NoBackoff(), 0)
        )
        self.pubsub = client.pubsub()
        self.unconfirmed = {}
        loop = asyncio.get_running_loop()
        for channel in self.listeners:  # after a drop every channel waits for its confirmation
            if self.confirmed[channel].done():
                self.confirmed[channel] = loop.create_future()
            if resync:
                self.resync_on_confirm.add(channel)
        await self.pubsub.ping()  # connects (a refused connection raises here)
        self.connected.set()
        for channel in list(self.listeners):
            await self._send("subscribe", channel)

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        heard = pinged = loop.time()
        while not self.closed:
            message = await self.pubsub.get_message(timeout=1.0)
            now = loop.time()
            if message is not None:
                heard = now
                self._dispatch(message)
            elif now - heard > DEAD_SECONDS:
                raise ConnectionError("no answer from Redis")
            elif now - max(heard, pinged) > PING_SECONDS:
                pinged = now
                await self.pubsub.ping()

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind, channel = message.get("type"), _text(message.get("channel"))
        if kind == "message":
            data = _text(message.get("data"))
            if data.isascii() and data.isdigit() and len(data) <= 18:
                for listener in list(self.listeners.get(channel, ())):
                    listener.deliver(int(data))
        elif kind == "subscribe":
            left = self.unconfirmed.get(channel, 1) - 1
            self.unconfirmed[channel] = left
            future = self.confirmed.get(channel)
            if left <= 0 and future is not None and not future.done():
                future.set_result(None)
                if channel in self.resync_on_confirm:
                    self.resync_on_confirm.discard(channel)
                    for listener in list(self.listeners.get(channel, ())):
                        listener.deliver(RESYNC)

    def _end_all(self) -> None:
        for listening in self.listeners.values():
            for listener in listening:
                listener.deliver(END)

    async def _disconnect(self) -> None:
        self.connected.clear()
        pubsub, self.pubsub = self.pubsub, None
        if pubsub is None:
            return
        try:
            await pubsub.aclose()
            await pubsub.connection_pool.aclose()
        except Exception:
            logger.info("live: the subscriber's connection closed uncleanly", exc_info=True)


def _text(value: Any) -> str:
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value or "")
