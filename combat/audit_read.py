"""The dice audit read back (issue Q): what one viewer may count of a campaign's rolls, each die
size tested against fair dice, the newest rolls with their receipts, and a receipt checked
against its fight's hash chain.

The GM reads every row; a player every quick and journal roll (the campaign's roll log and its
scenes are every member's) and a fight's roll only where the fight's log shows it, with its
numbers: not in an entry the log hides from them (a hidden combatant in it, a secret roll), and
only as `visible_roll` shows it unchanged. Server rolls are tested; physical dice typed in, and
fight rolls from before the index recorded their origin, are counted apart.

Bounded: the counts read the newest `TALLIED` rows as plain values; only the `ROLLS_SHOWN`
shown are read as objects; a receipt's check reads the entries from it to the head at most
once a minute per log head.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

from combat.rules.dice.fairness import Fairness, fairness_of, tally

from .eventlog import receipt_holds, receipt_token, seal_holds
from .models import AuditRoll, Combatant, Encounter, Event, Origin, Source
from .visibility import Viewer, entry_shown, visible_roll

ROLLS_SHOWN = 50  # the rolls behind the counts: the newest, a page of them
TALLIED = 20_000  # the newest rolls counted: a campaign's years of play, read in well under 1 s
CHECKED_FOR = 60  # seconds a receipt's check stands for the same log head
# Read as text and parsed in one go: a JSON field's converter per row (json.loads and its
# checks, 40,000 times) was more than half of a page of 20,000 rolls.
_JSON = {"dice_text": ("dice", 2), "hides_text": ("hides_if", 9)}  # → the field, its place
_FIELDS: tuple[str, ...] = ("pk", "origin", "dice_text", "read", "source", "encounter_id")
_FIELDS += ("roller", "about", "audience", "hides_text", "secret")


def _parsed(values: list[tuple[Any, ...]]) -> list[list[Any]]:
    rows = [list(row) for row in values]
    for _field, place in _JSON.values():
        column = json.loads("[" + ",".join(row[place] or "[]" for row in rows) + "]")
        for row, parsed in zip(rows, column, strict=True):
            row[place] = parsed
    return rows


class Seen(NamedTuple):
    pk: int
    origin: str
    dice: list[list[int]]
    read: bool
    source: str
    encounter_id: int | None
    roller: str
    about: str
    audience: str
    hides_if: list[str]
    secret: bool


def readable(
    rows: QuerySet[AuditRoll], user: AbstractBaseUser | AnonymousUser, *, gm: bool
) -> tuple[list[Seen], bool]:
    """The newest rows this viewer may read, and whether older ones were left uncounted."""
    texts = {name: Cast(field, TextField()) for name, (field, _place) in _JSON.items()}
    values = list(rows.annotate(**texts).values_list(*_FIELDS)[: TALLIED + 1])
    more = len(values) > TALLIED
    found = [Seen(*row) for row in _parsed(values[:TALLIED])]
    if gm:
        return found, more
    fights = {row.encounter_id for row in found if row.source == Source.FIGHT}
    viewers = _viewers(fights, user)
    return [row for row in found if row.source != Source.FIGHT or _shown(row, viewers)], more


def _viewers(encounter_ids: set[int | None], user: Any) -> dict[int, Viewer]:
    encounters = Encounter.objects.filter(pk__in=encounter_ids).select_related("campaign")
    combatants: dict[int, list[Combatant]] = {}
    rows = Combatant.objects.filter(encounter__in=encounters).select_related("character")
    for row in rows.defer("stats", "weapons", "armor", "effects", "turn", "character__stats"):
        combatants.setdefault(row.encounter_id, []).append(row)
    return {
        encounter.pk: Viewer.of(encounter, combatants.get(encounter.pk, []), user, gm=False)
        for encounter in encounters
    }


def _shown(row: Seen, viewers: Mapping[int, Viewer]) -> bool:
    viewer = viewers.get(row.encounter_id or 0)
    if viewer is None or not entry_shown(viewer, row.hides_if, row.secret):
        return False
    rolled = {"roller": row.roller or None}
    outcome = {"roll_about": [row.about or None], "roll_audience": [row.audience or None]}
    return visible_roll(rolled, 0, outcome, viewer) is rolled


@dataclass(frozen=True)
class Audit:
    """What one viewer may read of a campaign's dice, by origin."""

    server: list[Fairness]
    typed: list[Fairness]
    unknown: list[Fairness]
    unread: int  # rolls whose dice could not be told apart by size
    shown: list[int]  # the newest rows' keys, for `shown_rolls`
    more: bool  # older rolls than the newest TALLIED were not counted


def audit(seen: list[Seen], more: bool = False) -> Audit:
    """Each origin's face counts tested per die size, and the newest rolls."""
    by_origin: dict[str, list[tuple[int, int]]] = {origin: [] for origin in Origin.values}
    for row in seen:
        by_origin[row.origin].extend((sides, face) for sides, face in row.dice)
    tested = {origin: fairness_of(tally(dice)) for origin, dice in by_origin.items()}
    return Audit(
        server=tested[Origin.SERVER],
        typed=tested[Origin.TYPED],
        unknown=tested[Origin.UNKNOWN],
        unread=sum(not row.read for row in seen),
        shown=[row.pk for row in seen[:ROLLS_SHOWN]],
        more=more,
    )


def shown_rolls(keys: list[int]) -> list[tuple[AuditRoll, str]]:
    """The newest rolls as objects, each with its receipt (a fight roll's), newest first."""
    rows = AuditRoll.objects.filter(pk__in=keys).select_related(
        "user", "character", "post__thread", "encounter"
    )
    rows = rows.only(
        *("source", "origin", "expression", "total", "dice", "created_at", "seq", "roll_id"),
        *("encounter__name", "post__thread__title", "character__name", "character__kind"),
        "user__username",
    )
    hashes = _hashes([row for row in rows if row.source == Source.FIGHT])
    found = []
    for row in rows:
        hash = hashes.get((row.encounter_id, row.seq), "")
        token = ""
        if hash and row.encounter_id is not None and row.seq is not None:
            token = receipt_token(row.encounter_id, row.seq, hash)
        found.append((row, token))
    return found


def _hashes(rows: list[AuditRoll]) -> dict[tuple[int | None, int | None], str]:
    if not rows:
        return {}
    encounters = {row.encounter_id for row in rows}
    events = Event.objects.filter(encounter_id__in=encounters, seq__in={r.seq for r in rows})
    return {(e, s): h for e, s, h in events.values_list("encounter_id", "seq", "hash")}


@dataclass(frozen=True)
class Receipt:
    """A fight roll's entry checked against its log: the entry's hash recomputed from its
    content, every later entry linked to it up to the log's head, and the head's seal."""

    encounter: Encounter
    seq: int
    hash: str  # the GM reads the entry's hash; a player its receipt
    token: str
    links: int  # entries after it, each linked to the one before (the GM's to read)
    intact: bool
    matches: bool | None  # the receipt the viewer kept, if they gave one


def check_receipt(
    rows: QuerySet[AuditRoll],
    user: AbstractBaseUser | AnonymousUser,
    *,
    gm: bool,
    encounter_id: int,
    seq: int,
    kept: str = "",
) -> Receipt | None:
    """The receipt of a roll this viewer may read (None for anything else, the same answer
    whether such an entry exists or not)."""
    mine, _more = readable(rows.filter(encounter_id=encounter_id, seq=seq), user, gm=gm)
    if not mine or mine[0].source != Source.FIGHT:
        return None
    encounter = Encounter.objects.get(pk=encounter_id)
    key = f"dice-receipt:{encounter.pk}:{seq}:{encounter.log_length}:{encounter.log_head}"
    checked = cache.get(key)
    if checked is None:
        checked = _chain_from(encounter, seq)
        cache.set(key, checked, CHECKED_FOR)
    intact, entry_hash, links = checked
    token = receipt_token(encounter.pk, seq, entry_hash)
    matches = None
    if kept:
        matches = receipt_holds(encounter.pk, seq, entry_hash, kept) or (
            gm and entry_hash.startswith(kept.lower())
        )
    return Receipt(encounter, seq, entry_hash, token, links, intact, matches)


def _chain_from(encounter: Encounter, seq: int) -> tuple[bool, str, int]:
    """Whether the log holds from entry `seq` to its sealed head; the entry's hash; the links."""
    log = Event.objects.filter(encounter=encounter, seq__gte=seq).order_by("seq")
    intact, previous, links, entry_hash = True, None, -1, ""
    for event in log.iterator():
        links += 1
        intact &= event.compute_hash() == event.hash and event.seq == seq + links
        intact &= previous is None or event.prev_hash == previous
        previous, entry_hash = event.hash, entry_hash or event.hash
    intact &= previous == encounter.log_head and seal_holds(encounter)
    return intact, entry_hash, max(links, 0)
