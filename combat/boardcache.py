"""A player's board drawn once for every player who reads it alike (issue R).

When the GM acts, every player's page asks for the new board within a poll (at once, with
server-sent events). Their boards are the same page of HTML whenever they read the fight alike,
so the first to ask draws it and the others get the same bytes from the cache.

What a player's board shows depends on the fight at this point of its log and on how the
player reads it, and on nothing else — the key holds all of it:

- the encounter, its version and its log's head and length (the hash chain: a log rewritten
  under the same version has another head);
- every field of the `Viewer` the filter reads (combat.visibility; whose PC is whose changes
  nothing a player reads, so it is not there: `Viewer.own_npcs` is) and the language;
- what the browser's board already shows (`Shown`: only the entries after it are sent).

The GM's board is never kept (it carries the GM's one-time keys for proposals), nor a player's
board that lists their own open proposals. The key is made only after the full request checked
the account and the membership (combat.views.page), so a board reaches only those the page
itself would show it to. The key carries a digest of SECRET_KEY; entries live a short while
(`SECONDS`): a version's board is asked for within seconds of the change."""

import functools
import hashlib
import logging

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language

from .log_html import Shown, viewer_key
from .presenter import Scene

logger = logging.getLogger(__name__)
SECONDS = 30


def board_key(scene: Scene, shown: Shown | None) -> str | None:
    """The key of this viewer's board now, or None when it is not shared (see the module)."""
    if scene.gm or any(event.user_id == scene.user.pk for event in scene.pending):
        return None
    encounter = scene.encounter
    reading = (
        encounter.pk,
        encounter.version,
        encounter.log_head,
        encounter.log_length,
        viewer_key(scene.viewer),
        get_language(),
        None if shown is None else (shown.seq, shown.token, shown.view),
    )
    digest = hashlib.sha256(repr(reading).encode()).hexdigest()
    return f"board:{_secret(settings.SECRET_KEY)}:{digest}"


@functools.lru_cache(maxsize=4)
def _secret(secret: str) -> str:
    """A new SECRET_KEY forgets every board kept under the old."""
    return hashlib.sha256(f"board:{secret}".encode()).hexdigest()[:12]


def get(key: str | None) -> bytes | None:
    if key is None:
        return None
    try:
        found = cache.get(key)
    except Exception:  # a cache that fails: the board is drawn, as without one
        logger.warning("board cache unreadable", exc_info=True)
        return None
    return found if isinstance(found, bytes) else None


def put(key: str | None, content: bytes) -> None:
    if key is None:
        return
    try:
        cache.set(key, content, SECONDS)
    except Exception:
        logger.warning("board cache unwritable", exc_info=True)
