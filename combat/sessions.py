"""Play sessions (issue Q): opened and closed by a GM, or entered afterwards for a past day; and
a session's timeline — the fights played, posts written and ledger rows entered in its span.

Every write locks the campaign's row, so two GMs cannot open two sessions or take one number
twice, and the GM's membership is asked again inside that lock (the caller's `still_gm`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Min, Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.models import Campaign, JournalRoll, Post

from .ledger import players_may_read
from .models import Encounter, Event, LedgerEntry, PlaySession

SHOWN = 200  # of each kind, a session's page lists at most this many (and says how many more)


class SessionRefused(ValueError):
    """Why a session cannot be opened, entered or closed, in the GM's words."""


def session_label(session: PlaySession) -> str:
    """ "Session 3: The goblin trail", as a scene's title or a heading."""
    number = _("Session %(number)s") % {"number": session.number}
    return f"{number}: {session.title}" if session.title else number


def span(session: PlaySession) -> tuple[dt.datetime, dt.datetime]:
    """The session's time: from its opening to its close (an open session: until now)."""
    return session.opened_at, session.closed_at or timezone.now()


def _locked(campaign: Campaign, still_gm: Callable[[], bool]) -> None:
    Campaign.objects.select_for_update().filter(pk=campaign.pk).first()
    if not still_gm():
        raise PermissionDenied


def _overlapping(campaign: Campaign, start: dt.datetime, end: dt.datetime | None) -> Any:
    others = PlaySession.objects.filter(campaign=campaign)
    clash = others.filter(closed_at__isnull=True) | others.filter(closed_at__gt=start)
    if end is not None:
        clash = clash.filter(opened_at__lt=end)
    return clash.order_by("opened_at").first()


def _create(campaign: Campaign, user: Any, key: str, **fields: Any) -> PlaySession:
    existing = PlaySession.objects.filter(campaign=campaign, opened_by=user, key=key).first()
    if existing is not None:  # the same form sent twice
        return existing
    clash = _overlapping(campaign, fields["opened_at"], fields.get("closed_at"))
    if clash is not None:
        raise SessionRefused(
            _("Session %(number)s (%(title)s) already covers that time.")
            % {"number": clash.number, "title": str(clash)}
        )
    top = PlaySession.objects.filter(campaign=campaign).aggregate(top=Max("number"))["top"]
    return PlaySession.objects.create(
        campaign=campaign, number=(top or 0) + 1, opened_by=user, key=key, **fields
    )


def open_now(
    campaign: Campaign, user: Any, title: str, key: str, still_gm: Callable[[], bool]
) -> PlaySession:
    """A session starting now; refused while another is open."""
    try:
        with transaction.atomic():
            _locked(campaign, still_gm)
            return _create(campaign, user, key, title=title, opened_at=timezone.now())
    except IntegrityError:  # a race the lock did not see (a second GM's form, same moment)
        raise SessionRefused(_("Another session was just opened.")) from None


def enter_past(
    campaign: Campaign,
    user: Any,
    title: str,
    day: dt.date,
    key: str,
    still_gm: Callable[[], bool],
) -> PlaySession:
    """A session played on a past day (or today), spanning that whole day where the site is."""
    start = timezone.make_aware(dt.datetime.combine(day, dt.time.min))
    end = timezone.make_aware(dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min))
    if start > timezone.now():
        raise SessionRefused(_("A session by date is one already played: choose today or before."))
    with transaction.atomic():
        _locked(campaign, still_gm)
        return _create(campaign, user, key, title=title, opened_at=start, closed_at=end)


def close(session: PlaySession, still_gm: Callable[[], bool]) -> None:
    with transaction.atomic():
        _locked(session.campaign, still_gm)
        current = PlaySession.objects.get(pk=session.pk)
        if current.closed_at is None:
            current.closed_at = timezone.now()
            current.save(update_fields=["closed_at"])
        session.closed_at = current.closed_at


def rename(session: PlaySession, title: str, still_gm: Callable[[], bool]) -> None:
    with transaction.atomic():
        _locked(session.campaign, still_gm)
        PlaySession.objects.filter(pk=session.pk).update(title=title)
    session.title = title


@dataclass(frozen=True)
class Fight:
    encounter: Encounter
    first: str  # the first and last log entry of it in the session (ISO, as the log keeps them)
    last: str
    entries: int


@dataclass(frozen=True)
class Item:
    when: dt.datetime
    kind: str  # "fight", "post" or "ledger"
    what: Fight | Post | LedgerEntry


@dataclass(frozen=True)
class Timeline:
    items: list[Item]  # in time order
    fights: int
    more_posts: int
    more_ledger: int


def _fights(campaign: Campaign, start: dt.datetime, end: dt.datetime) -> list[Fight]:
    """The fights with log entries in the span: one grouped query, then their encounters."""
    iso = (start.astimezone(dt.UTC).isoformat(), end.astimezone(dt.UTC).isoformat())
    rows = (
        Event.objects.filter(encounter__campaign=campaign)
        .filter(created_at__gte=iso[0], created_at__lt=iso[1])
        .values("encounter")
        .annotate(first=Min("created_at"), last=Max("created_at"), entries=Count("id"))
        .order_by("first")[:SHOWN]
    )
    found = {row["encounter"]: row for row in rows}
    encounters = Encounter.objects.in_bulk(list(found))
    return [
        Fight(encounters[pk], row["first"], row["last"], row["entries"])
        for pk, row in found.items()
        if pk in encounters
    ]


def timeline(session: PlaySession, *, gm: bool, with_rolls: bool = False) -> Timeline:
    """What was played in the session, each kind in time order: fights by their names and
    rounds, posts as the journal shows them to every member, and the ledger's rows — a
    player's without an NPC's (a character the GM made an NPC after its rows were entered)."""
    start, end = span(session)
    campaign = session.campaign
    posts = Post.objects.filter(thread__campaign=campaign, created_at__gte=start)
    posts = posts.filter(created_at__lt=end).select_related("thread", "author")
    if with_rolls:  # the readable export writes each post's rolls
        rolls = JournalRoll.objects.select_related("void", "user")
        posts = posts.prefetch_related(Prefetch("rolls", rolls.order_by("index")))
    rows = LedgerEntry.objects.filter(campaign=campaign, created_at__gte=start)
    rows = rows.filter(created_at__lt=end).select_related("character", "encounter", "user", "post")
    if not gm:
        rows = rows.filter(players_may_read())
    post_list = list(posts.order_by("created_at", "pk")[: SHOWN + 1])
    row_list = list(rows.order_by("created_at", "pk")[: SHOWN + 1])
    fights = _fights(campaign, start, end)
    items = [Item(dt.datetime.fromisoformat(f.first), "fight", f) for f in fights]
    items += [Item(post.created_at, "post", post) for post in post_list[:SHOWN]]
    items += [Item(row.created_at, "ledger", row) for row in row_list[:SHOWN]]
    items.sort(key=lambda item: item.when)
    return Timeline(
        items=items,
        fights=len(fights),
        more_posts=posts.count() - SHOWN if len(post_list) > SHOWN else 0,
        more_ledger=rows.count() - SHOWN if len(row_list) > SHOWN else 0,
    )
