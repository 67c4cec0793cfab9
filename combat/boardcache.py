"""A player's board drawn once for every player who reads it alike (issue R).

When the GM acts, every player's page asks for the new board within a poll (at once, with
server-sent events). Their boards are the same page of HTML whenever they read the fight alike,
so the first to ask draws it and the others get the same bytes from the cache.

What a player's board shows depends on the fight at this point of its log and on how the
player reads it, and on nothing else — the key holds all of it:

- the encounter, its version and the mark of its log's head (`live.head_mark`: the hash chain,
  so a log rewritten under the same version has another);
- the player's reading: every field of the `Viewer` the filter reads (combat.visibility; whose
  PC is whose changes nothing a player reads, so it is not there: `Viewer.own_npcs` is);
- the language, and what the browser's board already shows (`Shown`: only the entries after
  it are sent).

The GM's board is never kept (it carries the GM's one-time keys for proposals), nor a player's
board that lists their own open proposals. The key carries a digest of SECRET_KEY; entries live
a short while (`SECONDS`): a version's board is asked for within seconds of the change.

**From the cache, before the database** (combat.fastpoll's middleware, where polls are answered
from a shared cache, reads what this module keeps). A full request that showed a player the
encounter (account and membership checked) records, beside fastpoll's proof that this session
may watch it, the player's reading and the `sight` it was worked out from: a digest of every
fact of the fight a player's reading depends on whoever the player is (`Viewer.of`'s inputs:
who is in the fight, under which name, hidden or not, a character or an NPC, whose it is, whose
health the GM revealed, whether monsters' numbers are shown) and of who has a proposal waiting.
It records the sight of the version it read too. A later poll of a changed board is then
answered there when the cache proves all of this: fastpoll's state of the encounter (its
version, not superseded, not deleted), the session's proof (a membership or account changed
since gives the user a new generation), a reading recorded under the sight of the version now,
and the board for that reading, drawn by the full way for a player who reads the fight alike.
A board is thus only ever sent to a player the full way would send that very board: a fact
changed since the reading gives the version another sight, and the full way then works the
reading out again. A character handed to another player (no new version) gives both players a
new generation (combat.signals), so neither is answered from a reading made before. A reading
counts for a minute (`READING_SECONDS`): should Redis lose a new generation, it stops counting
soon.
"""

import functools
import hashlib
import logging
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.utils.translation import get_language

from .live import head_mark
from .log_html import Shown, reading_digest, viewer_key
from .presenter import Scene
from .visibility import Viewer

logger = logging.getLogger(__name__)
SECONDS = 30
# How long a reading and a sight count: a minute (fastpoll.STATE_SECONDS), not fastpoll's ten
# for "may watch": a player's next full request is never far off, and a new generation Redis
# failed to write (a removal during a blip) stops mattering soon (red team).
READING_SECONDS = 60


def board_key(scene: Scene, shown: Shown | None) -> str | None:
    """The key of this viewer's board now, or None when it is not shared (see the module)."""
    found = reading(scene)
    if found is None:
        return None
    encounter = scene.encounter
    return key_of(
        encounter.pk, encounter.version, head_mark(encounter), found, get_language(), shown
    )


def key_of(
    encounter_id: int, version: int, head: str, reading: str, language: str, shown: Shown | None
) -> str:
    sent = None if shown is None else (shown.seq, shown.token, shown.view)
    return _key("board", _digest((encounter_id, version, head, reading, language, sent)))


def reading(scene: Scene) -> str | None:
    """How this player reads the fight, as a digest; None for the GM and for a player whose
    own proposals wait (their board lists them: never shared)."""
    if scene.gm or any(event.user_id == scene.user.pk for event in scene.pending):
        return None
    return reading_digest(scene.viewer)


def sight(scene: Scene) -> str:
    """Every fact of the fight at this version that a player's reading depends on, whoever the
    player is, and who has a proposal waiting: `Viewer.of`'s inputs but the player (read for
    nobody, plus whose each combatant is)."""
    encounter, rows = scene.encounter, scene.rows
    nobody = Viewer.of(encounter, rows, AnonymousUser(), gm=False)
    owners = tuple((row.key, row.character.owner_id if row.character else None) for row in rows)
    proposers = sorted({event.user_id or 0 for event in scene.pending})
    return _digest((encounter.pk, viewer_key(nobody), owners, proposers))


def _digest(value: Any) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()


def _key(*parts: Any) -> str:
    return ":".join(["board", _secret(settings.SECRET_KEY), *(str(part) for part in parts)])


@functools.lru_cache(maxsize=4)
def _secret(secret: str) -> str:
    """A new SECRET_KEY forgets every board kept under the old."""
    return hashlib.sha256(f"board:{secret}".encode()).hexdigest()[:12]


def reading_key(user_id: Any, campaign_id: int, encounter_id: int) -> str:
    return _key("reading", user_id, campaign_id, encounter_id)


def sight_key(encounter_id: int, version: int, head: str) -> str:
    return _key("sight", encounter_id, version, head)


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


def remember(scene: Scene, proof: list[Any] | None) -> None:
    """After the full way showed this player the encounter (`proof`: fastpoll.allow's, None
    where polls are not answered from the cache): their reading and the version's sight."""
    if proof is None:
        return
    encounter, found = scene.encounter, reading(scene)
    mine = reading_key(scene.user.pk, encounter.campaign_id, encounter.pk)
    try:
        if found is None:  # a GM (a player made one by a role no signal told of), or proposals
            cache.delete(mine)
            return
        seen = sight(scene)
        at = sight_key(encounter.pk, encounter.version, head_mark(encounter))
        cache.set_many({at: seen, mine: [*proof, seen, found]}, READING_SECONDS)
    except Exception:
        logger.warning("board cache unwritable", exc_info=True)
