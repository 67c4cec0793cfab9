"""The ledgers (issue Q): experience, money and items per player character and for the party,
as append-only rows; totals summed from them; a correction is a row naming the row it corrects.

Who may see: every member reads the whole ledger — it holds player characters and the party
only, never an NPC (players do not see NPCs' sheets). Who may write: a GM, anything; a player,
money and items of a character they own. Both are asked inside the write's transaction, with
the membership and the character rows locked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.utils import timezone

from campaigns.models import Campaign, Character, Membership, Post
from combat.rules.systems import SYSTEMS

from .models import Encounter, Kind, LedgerEntry

PARTY = None  # a row with no character is the party's


def players_may_read() -> Q:
    """The rows a player reads: the party's and player characters'. A character made an NPC
    after its rows were entered takes them out of players' sight (NPC sheets are the GM's)."""
    return Q(character__isnull=True) | Q(character__kind="pc")


@dataclass(frozen=True)
class NewRow:
    character: Character | None
    kind: str
    amount: int
    unit: str
    reason: str
    encounter: Encounter | None = None
    post: Post | None = None
    corrects: LedgerEntry | None = None


def may_write(membership: Membership, character: Character | None, kind: str) -> bool:
    if membership.is_gm:
        return True
    if kind == Kind.EXPERIENCE or character is None:
        return False
    return character.owner_id == membership.user_id


def enter(
    campaign: Campaign,
    user: Any,
    rows: Sequence[NewRow],
    key: str,
    member: Callable[[], Membership],
) -> list[LedgerEntry]:
    """The rows, once per key (a form sent twice enters them once); `member` returns the
    writer's membership, locked. PermissionDenied if any row is not the writer's to enter."""
    try:
        with transaction.atomic():
            return _enter(campaign, user, rows, key, member())
    except IntegrityError:  # the same form raced itself: the first one counts
        return list(
            LedgerEntry.objects.filter(campaign=campaign, user=user, key__startswith=f"{key}:")
        )


def _done(campaign: Campaign, user: Any, key: str) -> list[LedgerEntry]:
    rows = LedgerEntry.objects.filter(campaign=campaign, user=user, key__startswith=f"{key}:")
    return list(rows.order_by("pk"))


def _enter(
    campaign: Campaign, user: Any, rows: Sequence[NewRow], key: str, membership: Membership
) -> list[LedgerEntry]:
    done = _done(campaign, user, key)
    if done:
        return done
    pks = [row.character.pk for row in rows if row.character is not None]
    locked = Character.objects.select_for_update().filter(campaign=campaign, kind="pc")
    current = locked.in_bulk(pks)  # the owner as it stands now, not as the form saw it
    made = []
    now = timezone.now()
    for index, row in enumerate(rows):
        character = None if row.character is None else current.get(row.character.pk)
        if row.character is not None and character is None:
            raise PermissionDenied  # gone, or never a player character of this campaign
        if not may_write(membership, character, row.kind):
            raise PermissionDenied
        entry = LedgerEntry(
            campaign=campaign,
            character=character,
            kind=row.kind,
            amount=row.amount,
            unit=row.unit,
            reason=row.reason,
            encounter=row.encounter,
            post=row.post,
            corrects=row.corrects,
            user=user,
            key=f"{key}:{index}",
            created_at=now,
        )
        entry.save()
        made.append(entry)
    return made


@dataclass
class Totals:
    experience: int = 0
    money: dict[str, int] = field(default_factory=dict)
    items: dict[str, int] = field(default_factory=dict)
    level: int | None = None  # the level the experience reaches, where levels go by it
    level_up: bool = False  # more than the sheet's level says

    @property
    def empty(self) -> bool:
        return not (self.experience or self.money or self.items)


def totals(campaign: Campaign, characters: Iterable[Character]) -> dict[int | None, Totals]:
    """Each character's totals and the party's (key None), from one grouped query."""
    sums = (
        LedgerEntry.objects.filter(campaign=campaign)
        .values_list("character", "kind", "unit")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    found: dict[int | None, Totals] = defaultdict(Totals)
    for character, kind, unit, total in sums:
        into = found[character]
        if kind == Kind.EXPERIENCE:
            into.experience += total
        elif total:
            (into.money if kind == Kind.MONEY else into.items)[unit] = total
    system = SYSTEMS.get(campaign.system)
    experience = system.experience if system is not None else None
    result: dict[int | None, Totals] = {PARTY: found[PARTY]}
    for character in characters:
        mine = found[character.pk]
        if experience is not None and mine.experience:
            mine.level = experience.level_for(mine.experience)
            sheet = character.stats.get("level")
            mine.level_up = bool(mine.level and isinstance(sheet, int) and mine.level > sheet)
        result[character.pk] = mine
    return result
