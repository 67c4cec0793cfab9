"""Sessions and ledgers inside the campaign file (docs/campaign-format.md, issue Q).

"sessions": number, title, opened_at, closed_at (null while open), opened_by, key.
"ledger": character (file-local id, or null for the party), kind, amount, unit, reason,
encounter (its place in "encounters", 1, 2 …, or null), post ({"scene": n, "post": m}, places
in "journal", or null), corrects (the place of an earlier row of "ledger", or null), user, key,
created_at. The ledger loads after the journal, so its posts are there to point at.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaigns.exchange import CampaignFormatError
from campaigns.exchange.reading import _is
from campaigns.extensions import FileIds, FileRecords, FileSection
from campaigns.models import Campaign, Post

from .campaign_encounters import _require
from .models import Kind, LedgerEntry, PlaySession
from .models.ledger import MAX_AMOUNT, MAX_REASON, MAX_TITLE

Row = dict[str, Any]
MOST_SESSIONS = 5_000
MOST_ROWS = 100_000


def _is_whole(value: Any) -> bool:
    return _is(value, int)  # the file's own rule: JSON's true is not a number


EARLIEST, LATEST = 1900, 9000  # the years a session or ledger row may name
_SESSION = ("number", "title", "opened_at", "closed_at", "opened_by", "key")
_LEDGER = ("character", "kind", "amount", "unit", "reason", "encounter", "post", "corrects")


def _name(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _sessions_out(campaign: Campaign, ids: FileIds) -> list[Row]:
    sessions = PlaySession.objects.filter(campaign=campaign).select_related("opened_by")
    return [
        {
            "number": s.number,
            "title": s.title,
            "opened_at": ids.when(s.opened_at),
            "closed_at": ids.when(s.closed_at) if s.closed_at else None,
            "opened_by": _name(s.opened_by),
            "key": s.key,
        }
        for s in sessions.order_by("number")
    ]


def _places(campaign: Campaign) -> tuple[dict[int, int], dict[int, Row]]:
    """Encounter pk → its place in the file; post pk → {"scene", "post"} places (the journal's
    own order: scenes and their posts by time)."""
    encounters = campaign.encounters.order_by("pk").values_list("pk", flat=True)
    posts = Post.objects.filter(thread__campaign=campaign)
    posts = posts.order_by("thread__created_at", "thread_id", "created_at", "pk")
    found: dict[int, Row] = {}
    scene, last, place = 0, None, 0
    for pk, thread in posts.values_list("pk", "thread_id"):
        if thread != last:
            scene, last, place = scene + 1, thread, 0
        place += 1
        found[pk] = {"scene": scene, "post": place}
    return {pk: n for n, pk in enumerate(encounters, 1)}, found


def _ledger_out(campaign: Campaign, ids: FileIds) -> list[Row]:
    encounters, posts = _places(campaign)
    found = LedgerEntry.objects.filter(campaign=campaign).select_related("user")
    rows = list(found.order_by("created_at", "pk"))
    places = {row.pk: n for n, row in enumerate(rows, 1)}
    return [
        {
            "character": ids.characters.get(row.character_id) if row.character_id else None,
            "kind": row.kind,
            "amount": row.amount,
            "unit": row.unit,
            "reason": row.reason,
            "encounter": encounters.get(row.encounter_id) if row.encounter_id else None,
            "post": posts.get(row.post_id) if row.post_id else None,
            "corrects": places.get(row.corrects_id) if row.corrects_id else None,
            "user": _name(row.user),
            "key": row.key,
            "created_at": ids.when(row.created_at),
        }
        for row in rows
    ]


def _text(value: Any, most: int, where: str, *, empty: bool = True) -> str:
    if not isinstance(value, str) or len(value) > most or (not empty and not value.strip()):
        raise CampaignFormatError(f"{where}: a text of at most {most} characters")
    return value


def _sessions_in(campaign: Campaign, items: list[Any], records: FileRecords) -> None:
    if not isinstance(items, list) or len(items) > MOST_SESSIONS:
        raise CampaignFormatError(f"sessions: a list of at most {MOST_SESSIONS}")
    made: list[PlaySession] = []
    for index, raw in enumerate(items):
        here = f"sessions[{index}]"
        row = _require(raw, _SESSION, here)
        if not _is_whole(row["number"]) or not 1 <= row["number"] <= MOST_SESSIONS * 10:
            raise CampaignFormatError(f"{here}: number: a whole number from 1")
        closed = row["closed_at"]
        session = PlaySession(
            campaign=campaign,
            number=row["number"],
            title=_text(row["title"], MAX_TITLE, f"{here}.title"),
            opened_at=records.moment(row["opened_at"], f"{here}.opened_at"),
            closed_at=None if closed is None else records.moment(closed, f"{here}.closed_at"),
            opened_by=records.user_of(row["opened_by"], here) if row["opened_by"] else None,
            key=_text(row["key"], 64, f"{here}.key"),
        )
        _in_range(session.opened_at, session.closed_at, where=here)
        if session.closed_at is not None and session.closed_at <= session.opened_at:
            raise CampaignFormatError(f"{here}: closed before it opened")
        made.append(session)
    _no_overlap(made)
    PlaySession.objects.bulk_create(made)


def _in_range(*moments: Any, where: str) -> None:
    if any(m is not None and not EARLIEST <= m.year <= LATEST for m in moments):
        raise CampaignFormatError(f"{where}: a date from {EARLIEST} to {LATEST}")


def _no_overlap(sessions: list[PlaySession]) -> None:
    numbers = [s.number for s in sessions]
    if len(set(numbers)) != len(numbers):
        raise CampaignFormatError("sessions: each number once")
    keys = [(s.opened_by_id, s.key) for s in sessions]
    if len(set(keys)) != len(keys):
        raise CampaignFormatError("sessions: each key once per GM who opened them")
    ordered = sorted(sessions, key=lambda s: s.opened_at)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if before.closed_at is None or before.closed_at > after.opened_at:
            raise CampaignFormatError(
                f"sessions: session {before.number} and session {after.number} overlap"
            )


class _Refs:
    """The file's places of encounters and posts, resolved to the rows just imported."""

    def __init__(self, campaign: Campaign) -> None:
        self.encounters = list(campaign.encounters.order_by("pk"))
        posts = Post.objects.filter(thread__campaign=campaign)
        posts = posts.order_by("thread__created_at", "thread_id", "created_at", "pk")
        self.posts: dict[tuple[int, int], Post] = {}
        scene, last, place = 0, None, 0
        for post in posts:
            if post.thread_id != last:
                scene, last, place = scene + 1, post.thread_id, 0
            place += 1
            self.posts[(scene, place)] = post

    def encounter(self, value: Any, where: str) -> Any:
        if value is None:
            return None
        if not _is_whole(value) or not 1 <= value <= len(self.encounters):
            raise CampaignFormatError(f"{where}.encounter: the place of one of the encounters")
        return self.encounters[value - 1]

    def post(self, value: Any, where: str) -> Post | None:
        if value is None:
            return None
        key = (value.get("scene"), value.get("post")) if isinstance(value, dict) else None
        if key not in self.posts:
            raise CampaignFormatError(f"{where}.post: a scene's and a post's place in the journal")
        return self.posts[key]


def _ledger_in(campaign: Campaign, items: list[Any], records: FileRecords) -> None:
    if not isinstance(items, list) or len(items) > MOST_ROWS:
        raise CampaignFormatError(f"ledger: a list of at most {MOST_ROWS}")
    refs = _Refs(campaign)
    made: list[LedgerEntry] = []
    keys: set[tuple[Any, str]] = set()
    for index, raw in enumerate(items):
        row = _ledger_row(campaign, raw, f"ledger[{index}]", records, refs, made)
        if (row.user_id, row.key) in keys:
            raise CampaignFormatError(f"ledger[{index}].key: each key once per user")
        keys.add((row.user_id, row.key))
        row.save()  # one by one: a correction points at a row saved before it
        made.append(row)


def _ledger_row(
    campaign: Campaign,
    raw: Any,
    here: str,
    records: FileRecords,
    refs: _Refs,
    earlier: list[LedgerEntry],
) -> LedgerEntry:
    row = _require(raw, (*_LEDGER, "user", "key", "created_at"), here)
    if row["kind"] not in Kind.values:
        raise CampaignFormatError(f"{here}.kind: one of {', '.join(Kind.values)}")
    amount = row["amount"]
    if not _is_whole(amount) or not 0 < abs(amount) <= MAX_AMOUNT:
        raise CampaignFormatError(f"{here}.amount: a whole number, not 0, at most {MAX_AMOUNT}")
    return LedgerEntry(
        campaign=campaign,
        character=_character(row["character"], records.characters, here),
        kind=row["kind"],
        amount=amount,
        unit=_text(row["unit"], 80, f"{here}.unit"),
        reason=_text(row["reason"], MAX_REASON, f"{here}.reason", empty=False),
        encounter=refs.encounter(row["encounter"], here),
        post=refs.post(row["post"], here),
        corrects=_earlier(row["corrects"], earlier, here),
        user=records.user_of(row["user"], here) if row["user"] else None,
        key=_text(row["key"], 64, f"{here}.key"),
        created_at=_moment(records, row["created_at"], f"{here}.created_at"),
    )


def _moment(records: FileRecords, value: Any, where: str) -> Any:
    moment = records.moment(value, where)
    _in_range(moment, where=where)
    return moment


def _character(value: Any, characters: Mapping[int, Any], where: str) -> Any:
    if value is None:
        return None
    found = characters.get(value) if _is_whole(value) else None
    if found is None or found.kind != "pc":
        raise CampaignFormatError(f"{where}.character: a player character's id, or null")
    return found


def _earlier(value: Any, earlier: list[LedgerEntry], where: str) -> LedgerEntry | None:
    if value is None:
        return None
    if not _is_whole(value) or not 1 <= value <= len(earlier):
        raise CampaignFormatError(f"{where}.corrects: the place of an earlier row of the ledger")
    place: int = value
    return earlier[place - 1]


SESSIONS = FileSection("sessions", _sessions_out, _sessions_in)
LEDGER = FileSection("ledger", _ledger_out, _ledger_in, after_journal=True)
