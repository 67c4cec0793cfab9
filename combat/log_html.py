"""A page of the log as one viewer reads it, each entry drawn once: its HTML for one kind of
viewer, in one language, is kept in this process (a bounded LRU), so a board drawn again draws
(and decodes) only the entries it has not drawn before.

An event never changes (the log is append-only and hash-chained), and neither does the event an
undo or redo names, so whether a viewer sees an entry and what it shows depend only on the
event and on what the viewer may read. The key holds all of that: the event's id and hash, its
author's name, the language, and every field of the `Viewer` the filter reads (combat.visibility)
as one SHA-256 digest of them all (red team: the fields whole, every combatant's name in each
key, let a fight of many long names pin hundreds of MB in 4,096 keys). Two viewers share an
entry only when the filter cannot tell them apart, so nothing one may read can reach the other.
An entry the viewer may not see is kept as empty.

A board drawn again for a browser that already shows the log up to an entry (`Shown`) may
send only the entries after it (`log_page(shown=…)`): when that entry is still the one the browser
saw, the viewer reads the log as it did then (`view_mark`), and no entry since is an undo or a
redo (they strike or lift an older entry)."""

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import TextField
from django.db.models.functions import Cast
from django.template.loader import get_template
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from combat.rules.encounter import EventType

from .display import log_entry
from .eventlog import seen_token, signing_keys
from .models import Encounter, Event
from .visibility import Viewer, visible_events
from .wording import system_words

LOG_PAGE = 30
KEPT = 4096  # entries kept per process (about 1 kB each)
_ENTRY = "combat/_board.html#log_entry"
_FIELDS = ("pk", "encounter_id", "seq", "type", "user_id", "created_at", "hash", "raw")
_drawn: "OrderedDict[Hashable, SafeString]" = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Row:
    """One event of the page as read: its JSON left undecoded until it must be drawn."""

    pk: int
    encounter_id: int
    seq: int
    type: str
    user_id: int | None
    created_at: str
    hash: str
    raw: str
    author: str
    undone_by: int | None = None  # the undo that took this entry back (combat.StruckEntry)

    def event(self) -> Event:
        event = Event(
            pk=self.pk,
            encounter_id=self.encounter_id,
            seq=self.seq,
            type=self.type,
            payload=json.loads(self.raw),
            user_id=self.user_id,
            created_at=self.created_at,
            hash=self.hash,
        )
        if self.user_id is not None:
            event.user = get_user_model()(pk=self.user_id, **{_username(): self.author})
        return event


@dataclass(frozen=True)
class LogPage:
    entries: list[SafeString]  # newest first, only those this viewer sees
    newest: Row | None  # the newest entry shown
    older_from: int | None  # where the next older page starts (a full page had more)
    after: int | None = None  # only the entries after this one, which the browser shows


def log_page(
    encounter: Encounter,
    viewer: Viewer,
    *,
    before: int | None,
    system: str,
    shown: "Shown | None" = None,
) -> LogPage:
    """A page of the log, newest first, as this viewer reads it (one query); `system` is the
    campaign's rule system, whose own words the entries use ("Referee's note"). `shown`: what
    the browser's board shows; then only the entries after it where that is safe (`after`)."""
    rows = _rows(encounter, before)
    if shown is not None and before is None:
        kept = _after(encounter, rows, viewer, shown, system)
        if kept is not None:
            return kept
    drawn = entries_html(rows, viewer, system)
    read = [(row, html) for row, html in zip(rows, drawn, strict=True) if html]
    older_from = rows[-1].seq if len(rows) == LOG_PAGE else None
    return LogPage([html for _row, html in read], read[0][0] if read else None, older_from)


@dataclass(frozen=True)
class Shown:
    """What a browser's board shows: its newest entry (`seq.token`, live.seen_mark) and the
    mark of the way it was read (`view_mark`)."""

    seq: int
    token: str
    view: str


STRIKING = frozenset({EventType.UNDO, EventType.REDO})


def view_mark(viewer: Viewer) -> str:
    """The viewer's reading of the log, keyed: equal marks, equal entries; it tells nothing of
    what it was made from. A player's holds only what the player reads (the combatants they
    see, the NPCs they play, the numbers shown, the language; not which PC is theirs, which
    changes nothing they read): a hidden combatant coming or going changes none of the entries
    they were shown, and must not change the mark either."""
    if viewer.gm:
        reading: Hashable = viewer_key(viewer)
    else:
        seen = set(viewer.names)
        reading = (
            tuple(sorted(viewer.names.items())),
            tuple(sorted(viewer.characters & seen)),
            tuple(sorted(viewer.own_npcs & seen)),
            tuple(sorted(viewer.hp_shown & seen)),
            viewer.stats_shown,
        )
    message = repr((reading, get_language()))
    return salted_hmac("iniciativa.log.view", message, algorithm="sha256").hexdigest()[:32]


def _after(
    encounter: Encounter, rows: list[Row], viewer: Viewer, shown: Shown, system: str
) -> LogPage | None:
    """The entries of `rows` after the one the browser shows, or None when it must get the
    whole page again (see the module): an undo or redo it may read strikes or lifts an entry
    it was shown; one it may not read changes nothing it was shown."""
    if not constant_time_compare(shown.view, view_mark(viewer)):
        return None
    at = next((index for index, row in enumerate(rows) if row.seq == shown.seq), None)
    if at is None or not _same(encounter, rows[at], shown.token):
        return None
    new = rows[:at]
    drawn = entries_html(new, viewer, system)
    if any(row.type in STRIKING for row, html in zip(new, drawn, strict=True) if html):
        return None
    newest = next((row for row, html in zip(new, drawn, strict=True) if html), rows[at])
    return LogPage([html for html in drawn if html], newest, None, after=shown.seq)


def _same(encounter: Encounter, row: Row, token: str) -> bool:
    return any(
        constant_time_compare(token, seen_token(encounter.pk, row.seq, row.hash, key))
        for key in signing_keys()
    )


def _username() -> str:
    return str(get_user_model().USERNAME_FIELD)


def _rows(encounter: Encounter, before: int | None) -> list[Row]:
    """The page's rows, up to the newest entry the encounter row says its log holds: read with
    the combatants, it is the fight the viewer was worked out on. An entry committed since (a
    hidden combatant joining) waits for the next board, read with its own combatants."""
    events = Event.objects.log(encounter).reverse()
    if encounter.log_length:
        events = events.filter(seq__lte=encounter.log_length)
    if before is not None:
        events = events.filter(seq__lt=before)
    return _values(events, LOG_PAGE)


def _values(events: Any, limit: int) -> list[Row]:
    raw = events.annotate(raw=Cast("payload", TextField()))
    found = raw.values_list(*_FIELDS, f"user__{_username()}", "struck__by")[:limit]
    return [_row(values) for values in found]


def _row(values: tuple[Any, ...]) -> Row:
    pk, encounter_id, seq, kind, user_id, created_at, hash_, raw_json, author, undone_by = values
    return Row(
        pk, encounter_id, seq, kind, user_id, created_at, hash_, raw_json, author or "", undone_by
    )


def viewer_key(viewer: Viewer) -> Hashable:
    """Every field of the viewer that the filter reads, whole."""
    return (
        viewer.gm,
        tuple(sorted(viewer.names.items())),
        tuple(sorted(viewer.hidden)),
        tuple(sorted(viewer.characters)),
        tuple(sorted(viewer.own_npcs)),
        tuple(sorted(viewer.hp_shown)),
        viewer.stats_shown,
    )


def reading_digest(viewer: Viewer) -> str:
    """`viewer_key` as one digest: what an entry's key holds of its reader (a few bytes however
    many combatants the fight has)."""
    return hashlib.sha256(repr(viewer_key(viewer)).encode()).hexdigest()


def entries_html(rows: Sequence[Row], viewer: Viewer, system: str) -> list[SafeString]:
    """Each row's entry as this viewer reads it ("" when not theirs to see), drawn only where
    it was not drawn before (an event's pk also names its system: not part of the key)."""
    seen, language = reading_digest(viewer), get_language()
    keys = [(row.pk, row.hash, row.author, row.undone_by, language, seen) for row in rows]
    with _lock:
        found = [_drawn.get(key) for key in keys]
        for key, drawn in zip(keys, found, strict=True):
            if drawn is not None:
                _drawn.move_to_end(key)
    missing = [row for row, drawn in zip(rows, found, strict=True) if drawn is None]
    if not missing:
        return [drawn for drawn in found if drawn is not None]
    new = _draw(missing, viewer, system)
    with _lock:
        for row, key in zip(rows, keys, strict=True):
            if row.pk in new:
                _drawn[key] = new[row.pk]
        while len(_drawn) > KEPT:
            _drawn.popitem(last=False)
    return [
        drawn if drawn is not None else new[row.pk] for row, drawn in zip(rows, found, strict=True)
    ]


def _draw(rows: list[Row], viewer: Viewer, system: str) -> dict[int, SafeString]:
    template, words = get_template(_ENTRY), system_words(system)
    events = {row.pk: row.event() for row in rows}
    shown = {event.pk for event in visible_events(list(events.values()), viewer)}
    return {
        row.pk: _html(template, events[row.pk], viewer, row.undone_by, system, words)
        if row.pk in shown
        else SafeString("")
        for row in rows
    }


def _html(
    template: Any,
    event: Event,
    viewer: Viewer,
    undone_by: int | None,
    system: str,
    words: dict[str, str],
) -> SafeString:
    entry = log_entry(event, gm=viewer.gm, viewer=viewer, system=system)
    context = {"entry": entry, "undone_by": undone_by, "words": words}
    return SafeString(template.render(context))


def forget() -> None:
    """Empty the kept entries."""
    with _lock:
        _drawn.clear()
