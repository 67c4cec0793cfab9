"""An unchanged poll answered from the cache (issue R): no database, no template.

Every open encounter page asks every 2 s whether its version changed; nearly always it did not.
With `POLL_FROM_CACHE` (on with a shared cache: REDIS_URL), such a poll is answered 204 here,
right after the session is read, when the cache says all of this:

- the encounter's state, published on every commit (`live.encounter_changed`): its campaign,
  its version and the signed mark of its newest log entry (issue K). The poll must name that
  version and, if it sends what it remembers, that mark: a page that has seen less, or a log
  that no longer holds what it saw, goes the full way (and gets its warning there);
- no newer version was published since (a commit's publish may land after a later one's, from
  another process: each publish marks the version before it superseded), and the encounter was
  not deleted (a mark of its own, which no late publish or fill overwrites);
- this session's user may watch it: written by a full request that checked the account and
  the membership, with the user's generation read here, before the account was even loaded, and
  the session's password hash. A membership added or removed and any save of the account give
  the user a new generation, so nothing written before it counts (a removed player, a
  deactivated account, a changed password).

A player's changed poll is answered here too, with the board kept for players who read the
fight alike, when the same proofs and combat.boardcache's reading and sight hold (see there).

Anything else — no session, a cache that fails, another parameter, a version or mark that
differs — goes through the middleware chain and the view as before, which keeps every check
and fills the cache for the next poll. Secrecy is untouched: a 204 says only "nothing new",
and only to someone the view would show the page to. A log rewritten behind the app's back
(in the database) is noticed when the state's entry expires (`STATE_SECONDS`) or on the next
change.

Without a shared cache each process would hold its own state, and one process's stale version
would answer a poll another process's commit changed: the setting is off unless REDIS_URL is
set. With a shared cache every process forgets as above even with the setting off (a rolling
deploy, a maintenance shell). The keys carry a digest of SECRET_KEY (a rotation that logs
everyone out forgets them all) and an epoch that `manage.py restore` renews.
"""

import contextlib
import functools
import hashlib
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from . import boardcache
from .models import Encounter, Event
from .views.queries import shown_of

logger = logging.getLogger(__name__)
POLL = re.compile(r"\A/campaigns/([1-9][0-9]{0,8})/encounters/([1-9][0-9]{0,8})/\Z")
EVENTS = re.compile(r"\A/campaigns/[1-9][0-9]{0,8}/encounters/[1-9][0-9]{0,8}/events/\Z")
VERSION = re.compile(r"\A[0-9]{1,18}\Z")
# What static/js/app.js sends with a poll: the version, the remembered newest entry (`seen`)
# and what its board shows (`shown`, `view`: only a changed board reads them).
ASKED = frozenset({"version", "seen", "shown", "view"})
STATE_SECONDS = 60  # how long a published state is trusted without a new commit
MAY_SECONDS = 600  # how long a full request's "this user may watch it" counts
GENERATION_SECONDS = 86_400
EPOCH = "epoch"


def _key(*parts: Any) -> str:
    """poll:<digest of SECRET_KEY>:…: a new key forgets every entry made under the old."""
    return ":".join(["poll", _digest(settings.SECRET_KEY), *(str(part) for part in parts)])


@functools.lru_cache(maxsize=4)
def _digest(secret: str) -> str:
    return hashlib.sha256(f"fastpoll:{secret}".encode()).hexdigest()[:12]


def state_key(encounter_id: int) -> str:
    return _key("state", encounter_id)


def superseded_key(encounter_id: int, version: int) -> str:
    return _key("superseded", encounter_id, version)


def deleted_key(encounter_id: int) -> str:
    return _key("deleted", encounter_id)


def epoch_key() -> str:
    return _key(EPOCH)


def may_key(user_id: Any, encounter_id: int) -> str:
    return _key("may", user_id, encounter_id)


def generation_key(user_id: Any) -> str:
    return _key("generation", user_id)


def enabled() -> bool:
    return bool(getattr(settings, "POLL_FROM_CACHE", False))


def shared() -> bool:
    """A cache every process shares: forget there even where polls are not answered from it."""
    return enabled() or bool(getattr(settings, "REDIS_URL", ""))


class UnchangedPollMiddleware:
    """Right after SessionMiddleware: a poll the cache proves unchanged gets its 204 here, and a
    changed one the board another player who reads the fight alike was just sent
    (combat.boardcache); any other request of the encounter page gets the user's
    generation, read before the account (and so does a page's stream of new versions,
    combat.push, which ends when it changes)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        polled = enabled() and POLL.match(request.path_info)
        if polled:
            request.get_host()  # a host not allowed: the 400 the full way gives
            poll = asked(request)
            if poll is not None and _proven(poll):
                response = HttpResponse(status=204)
                patch_vary_headers(response, ("Cookie", "HX-Request"))
                response["Cache-Control"] = "private, no-cache"
                return response
            board = _board(request, poll) if poll is not None else None
            if board is not None:
                return board
        if polled or (shared() and EVENTS.match(request.path_info)):  # a stream ends with it
            generation = _generation(request.session.get(SESSION_KEY))
            request.poll_generation = generation  # type: ignore[attr-defined]
        return self.get_response(request)


@dataclass(frozen=True)
class Poll:
    """A poll as static/js/app.js sends it, by a session with a user (not yet proven)."""

    campaign_id: int
    encounter_id: int
    version: int
    seen: str | None
    user_id: Any
    auth_hash: str


def unchanged(request: HttpRequest) -> bool:
    """Is this a poll of a version the cache proves current, by a user it proves may watch?"""
    poll = asked(request)
    return poll is not None and _proven(poll)


def asked(request: HttpRequest) -> Poll | None:
    """The poll, if the request is one in the shape static/js/app.js sends, else None."""
    match = POLL.match(request.path_info)
    headers = request.headers
    if match is None or request.method != "GET" or headers.get("HX-Request") != "true":
        return None
    if headers.get("HX-History-Restore-Request") == "true":  # wants the whole page
        return None
    query = request.GET
    version, seen = query.get("version", ""), query.get("seen")
    if set(query) - ASKED or len(query.getlist("version")) != 1:
        return None
    if not VERSION.match(version) or any(len(query.getlist(name)) > 1 for name in ASKED):
        return None
    user_id = request.session.get(SESSION_KEY)
    auth_hash = request.session.get(HASH_SESSION_KEY)
    if user_id is None or not auth_hash:
        return None
    return Poll(int(match[1]), int(match[2]), int(version), seen, user_id, auth_hash)


def _proven(poll: Poll) -> bool:
    encounter_id, version = poll.encounter_id, poll.version
    keys = [
        state_key(encounter_id),
        may_key(poll.user_id, encounter_id),
        generation_key(poll.user_id),
        epoch_key(),
        superseded_key(encounter_id, version),
        deleted_key(encounter_id),
    ]
    try:
        state, may, generation, epoch, superseded, deleted = _many(keys)
    except Exception:  # a cache that fails: the full way, which does not need it
        logger.warning("poll cache unreadable", exc_info=True)
        return False
    return (
        _holds(poll, state, may, generation, epoch, deleted)
        and state.get("version") == version
        and (not poll.seen or poll.seen == state.get("head"))
        and superseded is None
    )


def _holds(poll: Poll, state: Any, proof: Any, generation: Any, epoch: Any, deleted: Any) -> bool:
    """The cache's state of the encounter is of this epoch, campaign and not deleted, and the
    session's proof (a full request's "may watch") is of the user's generation now."""
    return (
        isinstance(state, dict)
        and epoch is not None
        and state.get("epoch") == epoch
        and state.get("campaign") == poll.campaign_id
        and deleted is None
        and generation is not None
        and proof == [generation, poll.auth_hash, epoch]
    )


# --- written by the full way and on commit ---------------------------------------------------


def _generation(user_id: Any) -> str | None:
    """The session's user's generation (made if there is none): read before the request loads
    the account, so a change after this read makes what the request writes count for nothing."""
    if user_id is None:
        return None
    key = generation_key(user_id)
    try:
        cache.add(key, secrets.token_hex(8), GENERATION_SECONDS)
        found = cache.get(key)
    except Exception:
        logger.warning("poll cache unwritable", exc_info=True)
        return None
    return found if isinstance(found, str) else None


def _epoch() -> str | None:
    cache.add(epoch_key(), secrets.token_hex(8), None)
    found = cache.get(epoch_key())
    return found if isinstance(found, str) else None


def allow(request: HttpRequest, encounter: Encounter) -> list[Any] | None:
    """After the full way showed this user the encounter (account and membership checked):
    polls of this session may be answered here, and the encounter's state is filled if no
    commit published it yet. Returns what proves it (`may`: the user's generation, the
    session's password hash, the epoch), or None."""
    generation = getattr(request, "poll_generation", None)
    auth_hash = request.session.get(HASH_SESSION_KEY)
    same = str(request.session.get(SESSION_KEY)) == str(request.user.pk)
    if generation is None or not auth_hash or not same:
        return None
    may = may_key(request.user.pk, encounter.pk)
    try:
        epoch = _epoch()
        proof = [generation, auth_hash, epoch]
        cache.set(may, proof, MAY_SECONDS)
        if cache.get(state_key(encounter.pk)) is None:
            cache.add(state_key(encounter.pk), _state_of(encounter, epoch), STATE_SECONDS)
    except Exception:
        logger.warning("poll cache unwritable", exc_info=True)
        return None
    return proof


def _state_of(encounter: Encounter, epoch: str | None) -> dict[str, Any]:
    """The version as read with the encounter and the newest entry now: a pair that may be
    out of step (a commit between the reads) only ever fails to match a poll, or matches one
    that the commit's own mark of the superseded version then refuses."""
    from .live import seen_mark

    newest = Event.objects.filter(encounter=encounter).order_by("-seq").only("seq", "hash").first()
    if newest is not None:
        newest.encounter_id = encounter.pk
    return {
        "campaign": encounter.campaign_id,
        "version": encounter.version,
        "head": seen_mark(newest),
        "epoch": epoch,
    }


def publish(encounter_id: int, campaign_id: int, version: int, head: str) -> None:
    """On commit: the encounter's new state, for every process to answer polls from, and the
    version before it marked superseded (a publish that lands late never answers for it)."""
    try:
        state = {"campaign": campaign_id, "version": version, "head": head, "epoch": _epoch()}
        cache.set(superseded_key(encounter_id, version - 1), True, STATE_SECONDS * 2)
        cache.set(state_key(encounter_id), state, STATE_SECONDS)
    except Exception:  # the old state stays at most STATE_SECONDS; polls then go the full way
        logger.error("poll cache: encounter %s version %s not published", encounter_id, version)
        with contextlib.suppress(Exception):  # it failed to set: likely this fails too
            cache.delete(state_key(encounter_id))


def forget_encounter(encounter_id: int) -> None:
    """Deleted: its mark outlives any state a late publish or a request in flight writes."""
    try:
        cache.set(deleted_key(encounter_id), True, STATE_SECONDS * 2)
        cache.delete(state_key(encounter_id))
    except Exception:
        logger.error("poll cache: deleted encounter %s still cached", encounter_id)


def forget_all() -> None:
    """A new epoch: every state and "may" written before counts for nothing (a restore)."""
    try:
        cache.set(epoch_key(), secrets.token_hex(8), None)
    except Exception:
        logger.error("poll cache: the epoch was not renewed")


async def same_generation(user_id: Any, generation: str) -> bool:
    """Is this still the user's generation (no membership or account of theirs changed)?"""
    try:
        return bool(await cache.aget(generation_key(user_id)) == generation)
    except Exception:
        logger.warning("poll cache unreadable", exc_info=True)
        return False


def new_generation(user_id: Any) -> None:
    """The user's memberships or account changed: nothing a full request wrote counts."""
    try:
        cache.set(generation_key(user_id), secrets.token_hex(8), GENERATION_SECONDS)
    except Exception:
        logger.error("poll cache: user %s keeps an old generation", user_id)


# --- a changed board, kept by combat.boardcache -----------------------------------------------


def _board(request: HttpRequest, poll: Poll) -> HttpResponse | None:
    """A changed poll's board kept for players who read the fight alike, or None: the full
    way (combat.boardcache says when)."""
    shown = shown_of(request.GET)
    if poll.seen and poll.seen != request.GET.get("shown"):  # what it remembers: the full way
        return None
    encounter_id, user_id = poll.encounter_id, poll.user_id
    first = [
        state_key(encounter_id),
        generation_key(user_id),
        epoch_key(),
        deleted_key(encounter_id),
        boardcache.reading_key(user_id, poll.campaign_id, encounter_id),
    ]
    try:
        state, generation, epoch, deleted, recorded = _many(first)
        if not isinstance(recorded, list) or len(recorded) != 5:
            return None
        if not _holds(poll, state, recorded[:3], generation, epoch, deleted):
            return None
        version, head = state.get("version"), state.get("head")
        if not isinstance(version, int) or version <= poll.version or not isinstance(head, str):
            return None
        language = translation.get_language_from_request(request)
        board = boardcache.key_of(encounter_id, version, head, recorded[4], language, shown)
        second = [
            superseded_key(encounter_id, version),
            boardcache.sight_key(encounter_id, version, head),
            board,
        ]
        superseded, seen, content = _many(second)
    except Exception:  # a cache that fails: the full way, which does not need it
        logger.warning("board cache unreadable", exc_info=True)
        return None
    if superseded is not None or seen != recorded[3] or not isinstance(content, bytes):
        return None
    return _answer(content, language)


def _many(keys: list[str]) -> list[Any]:
    found = cache.get_many(keys)
    return [found.get(key) for key in keys]


def _answer(content: bytes, language: str) -> HttpResponse:
    """The board with the headers the full way gives it."""
    response = HttpResponse(content)
    patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
    response["Content-Language"] = language
    response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
    response["Content-Length"] = str(len(content))
    return response
