"""The seam where browsers learn that an encounter changed, and that its log was rewritten.

Workflows call `notify_on_commit`; today browsers poll with the version they show and get
204 while nothing changed. A push transport (server-sent events through Redis) would connect a
receiver to `encounter_changed` and need no change anywhere else.

Each browser also remembers the newest log entry it was shown (`seen_mark`) and sends it with
its polls; `rewritten` tells whether the log still holds that entry. The log only grows (undo
appends), so an entry that is gone means someone rewrote the fight under the table's eyes.
"""

import re
from typing import Any

from django.db import transaction
from django.dispatch import Signal
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.crypto import constant_time_compare

from .eventlog import seen_token, signing_keys
from .models import Encounter, Event

encounter_changed = Signal()  # sent with encounter_id and version, only after commit
SEEN = re.compile(r"(?a)([1-9][0-9]{0,8})\.([0-9a-f]{32})")


def notify_on_commit(encounter_id: int, version: int, **state: Any) -> None:
    """`state`: `campaign_id` and `head` (the newest entry's `seen_mark`), for the poll cache."""
    transaction.on_commit(
        lambda: encounter_changed.send(
            sender=None, encounter_id=encounter_id, version=version, **state
        )
    )


def seen_mark(event: Any) -> str:
    """What the page asks the browser to remember of its newest entry: `seq.token`."""
    if event is None:
        return ""
    return _mark(event.encounter_id, event.seq, event.hash)


def rewritten(encounter: Encounter, seen: str | None) -> int | None:
    """The remembered entry's number if the log no longer holds it; None if it does, or if
    nothing (or nothing well-formed) was remembered. One indexed query."""
    match = SEEN.fullmatch(seen or "")
    if match is None:
        return None
    seq, token = int(match[1]), match[2]
    # Unordered: the log's ordering would join the encounters to sort this one row.
    hash = Event.objects.at(encounter, seq).order_by().values_list("hash", flat=True)
    found = hash.first()
    if found is not None and any(
        constant_time_compare(token, seen_token(encounter.pk, seq, found, key))
        for key in signing_keys()
    ):
        return None
    return seq


def rewritten_warning(request: HttpRequest, encounter: Encounter) -> HttpResponse | None:
    """To a poll whose remembered entry is gone: the warning, out of band, and no other swap
    (the next poll, which no longer sends the memory, brings the page as it now is)."""
    if not getattr(request, "htmx", False):  # only a poll carries the memory
        return None
    gone = rewritten(encounter, request.GET.get("seen"))
    if gone is None:
        return None
    response = render(request, "combat/encounter.html#rewritten", {"gone": gone})
    response["HX-Reswap"] = "none"
    return response


def head_mark(encounter: Encounter) -> str:
    """`seen_mark` of the encounter's newest entry, from the encounter's row alone (its log's
    length and head), as the commit that appended it published it."""
    if not encounter.log_length:
        return ""
    return _mark(encounter.pk, encounter.log_length, encounter.log_head)


def _mark(encounter_id: int, seq: int, hash: str) -> str:
    return f"{seq}.{seen_token(encounter_id, seq, hash)}"
