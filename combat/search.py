"""The campaign search (issue Q): one box over the journal's posts and scenes, the register of
people and places, and the fights (their names and their logs), with the viewer's secrecy
applied by the rules that already decide it — `RegisterEntry.objects.seen_by` for the register,
the rows' own audience and `hides` for a log (combat.search_index explains what is indexed).

Found in the index (combat.models.SearchDoc) by the database's own full-text search: PostgreSQL's
`to_tsquery('simple', …)` against the rows' stored words (GIN index), SQLite's FTS5 `MATCH`.
Each asked word is a word's beginning ("skře" finds "Skřet 2"), every word must be found, and
accents and case are ignored. The words asked are the index's own (letters and digits, folded),
so nothing typed reaches either database's query syntax: quotes, `*`, `NEAR`, `-` and `:` part
words as spaces do.

What is shown is read again from the source, for this viewer, and built here as escaped text
with the words found marked: a post's text, an entry's name and the parts of it the viewer may
read, a log entry's lines as the viewer's own log draws them, in their language.

Bounded: at most MAX_LENGTH characters and MAX_WORDS words are asked; each group shows SHOWN
results and counts the rest; a fight is one result however many of its entries match. A search
is about ten queries whatever the campaign's size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import (
    BooleanField,
    CharField,
    Count,
    Exists,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Value,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast, Concat
from django.db.models.lookups import Contains
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.models import Membership, Part, RegisterEntry, seen_by

from .display import log_entry
from .models import Combatant, DocKind, Encounter, Event, Reader, SearchDoc
from .search_index import TOKEN, fold, words
from .visibility import Viewer

MAX_LENGTH = 100  # characters asked
MAX_WORDS = 20
SHOWN = 30  # results of one kind on the page
SNIPPET = 180  # characters of a result's text around the first word found


@dataclass(frozen=True)
class Asked:
    text: str  # as typed (without NUL), for the box
    words: tuple[str, ...] = ()  # folded, distinct
    problem: str = ""  # why nothing was searched, in the page's language


def asked(raw: str) -> Asked:
    """The words a query asks for, or why it asks for none."""
    text = raw.replace("\x00", "").strip()
    if not text:
        return Asked(text, problem=_("Type a word to search for."))
    if len(text) > MAX_LENGTH:
        problem = _("Search for at most %(n)s characters.") % {"n": MAX_LENGTH}
        return Asked(text[:MAX_LENGTH], problem=problem)
    found = tuple(dict.fromkeys(words(text)))
    if not found:
        return Asked(text, problem=_("Type a word: letters or digits, not only signs."))
    if len(found) > MAX_WORDS:
        return Asked(text, problem=_("Search for at most %(n)s words.") % {"n": MAX_WORDS})
    return Asked(text, found)


# --- the database's part: the only lines that differ ---------------------------------------


def _matching(docs: QuerySet[SearchDoc], found: tuple[str, ...]) -> QuerySet[SearchDoc]:
    """The rows with every word (a word's beginning, from two letters on)."""
    if connection.vendor == "postgresql":
        query = " & ".join(f"{word}:*" if len(word) > 1 else word for word in found)
        asked_for = SearchQuery(query, config="simple", search_type="raw")
        return docs.alias(alike=_parsed_alike(found)).filter(words=asked_for, alike=True)
    expression = " ".join(f'"{word}"*' if len(word) > 1 else f'"{word}"' for word in found)
    matched = "SELECT rowid FROM combat_searchfts WHERE combat_searchfts MATCH %s"
    return docs.filter(pk__in=RawSQL(matched, (expression,)))  # noqa: S611 (a parameter)


def _parsed_alike(found: tuple[str, ...]) -> RawSQL:
    """True when PostgreSQL's parser reads each word as the one word Python's split made of
    it. A character Python calls a letter may be a separator there ("௰", "ǀ"): such a word was
    never indexed, and dropped from the query it would widen it ("every word must be found").
    Asked in the search's own query (PostgreSQL works the subquery out once)."""
    return RawSQL(
        "NOT EXISTS (SELECT 1 FROM unnest(%s::text[]) AS w"
        " WHERE tsvector_to_array(to_tsvector('simple', w)) IS DISTINCT FROM ARRAY[w])",
        (list(found),),
        output_field=BooleanField(),
    )


def readable(docs: QuerySet[SearchDoc], membership: Membership) -> QuerySet[SearchDoc]:
    """The rows this member may find: the GM every reading but the players' twin; a player the
    rows every member and the players read, none naming a combatant hidden now."""
    if membership.is_gm:
        return docs.exclude(audience=Reader.PLAYERS)
    key = Concat(Value(" c"), Cast("pk", CharField()), Value(" "))
    hidden = Combatant.objects.filter(encounter_id=OuterRef("encounter_id"), hidden=True)
    named = hidden.filter(Contains(OuterRef("hides"), key))
    mine = docs.filter(audience__in=[Reader.ALL, Reader.PLAYERS])
    return mine.filter(Q(hides="") | ~Exists(named))


# --- what is shown -------------------------------------------------------------------------


def _hit(token: str, found: tuple[str, ...]) -> bool:
    folded = fold(token)
    return any(folded.startswith(word) if len(word) > 1 else folded == word for word in found)


def _found_in(text: str, found: tuple[str, ...]) -> bool:
    return any(_hit(token, found) for token in TOKEN.findall(text))


def marked(text: str, found: tuple[str, ...], width: int = SNIPPET) -> SafeString:
    """`width` characters of the text from a little before the first word found, escaped, each
    word found in a <mark>."""
    text = " ".join(text.split())
    spans = [match.span() for match in TOKEN.finditer(text) if _hit(match[0], found)]
    start = 0
    if spans and spans[0][1] > width:
        start = text.rfind(" ", 0, max(spans[0][0] - width // 4, 0)) + 1
    end = min(len(text), start + width)
    pairs, at = [], start
    for begin, stop in spans:
        if begin >= at and stop <= end:
            pairs.append((text[at:begin], text[begin:stop]))
            at = stop
    found_marked = format_html_join("", "{}<mark>{}</mark>", pairs)
    before, after = "…" if start else "", "…" if end < len(text) else ""
    return format_html("{}{}{}{}", before, found_marked, text[at:end], after)


@dataclass(frozen=True)
class Hit:
    title: SafeString
    url: str
    snippet: SafeString = SafeString("")
    note: str = ""


@dataclass(frozen=True)
class Group:
    hits: list[Hit] = field(default_factory=list)
    total: int = 0

    @property
    def more(self) -> int:
        return self.total - len(self.hits)


@dataclass(frozen=True)
class Found:
    posts: Group
    register: Group
    fights: Group

    @property
    def total(self) -> int:
        return self.posts.total + self.register.total + self.fights.total


def search(membership: Membership, user: User | AnonymousUser, found: tuple[str, ...]) -> Found:
    docs = SearchDoc.objects.filter(campaign_id=membership.campaign_id)
    docs = readable(_matching(docs, found), membership)
    return Found(
        _posts(docs, membership.campaign_id, found),
        _register(docs, membership, found),
        _fights(docs, membership, user, found),
    )


def _posts(docs: QuerySet[SearchDoc], campaign: int, found: tuple[str, ...]) -> Group:
    rows = docs.filter(kind__in=[DocKind.POST, DocKind.SCENE]).order_by("-pk")
    rows = rows.select_related("post", "thread").only(
        "kind", "post__body", "thread__title", "thread__campaign_id"
    )
    hits = []
    for doc in rows[:SHOWN]:
        url = reverse("campaigns:journal_thread", args=[campaign, doc.thread_id])
        thread = doc.thread
        title = marked(thread.title if thread else "", found, width=80)
        if doc.kind == DocKind.POST and doc.post is not None:
            hits.append(Hit(title, f"{url}#post-{doc.post_id}", marked(doc.post.body, found)))
        else:
            hits.append(Hit(title, url, note=_("the scene's title")))
    return Group(hits, rows.count())


def _register(docs: QuerySet[SearchDoc], membership: Membership, found: tuple[str, ...]) -> Group:
    """The entries this member finds, by a part of them they may read: `seen_by` says which
    (a summary revealed, or the name only), and what of each they read."""
    mine, gm = docs.filter(kind=DocKind.ENTRY), membership.is_gm
    entries = RegisterEntry.objects.seen_by(membership)
    if gm:
        entries = entries.filter(pk__in=mine.values("entry_id")).select_related(
            "character", "monster"
        )
    else:
        names = mine.filter(part=Part.NAME).values("entry_id")
        summaries = mine.filter(part=Part.SUMMARY).values("entry_id")
        entries = entries.filter(Q(pk__in=names) | Q(shown=Part.SUMMARY, pk__in=summaries))
    entries = entries.order_by("name", "pk")
    hits = []
    for entry in entries[:SHOWN]:
        seen = seen_by(entry, gm=gm)
        texts = [text for text in (seen.summary, seen.gm_notes) if text]
        text = next((text for text in texts if _found_in(text, found)), texts[0] if texts else "")
        url = reverse("campaigns:register_entry", args=[membership.campaign_id, seen.pk])
        hits.append(Hit(marked(seen.name, found, width=120), url, marked(text, found)))
    return Group(hits, entries.count())


def _fights(
    docs: QuerySet[SearchDoc],
    membership: Membership,
    user: User | AnonymousUser,
    found: tuple[str, ...],
) -> Group:
    """One result a fight: its name, how many of its entries match, the first one's line."""
    fights = docs.filter(kind__in=[DocKind.FIGHT, DocKind.LOG]).values("encounter_id")
    matched = fights.annotate(entries=Count("seq"), first=Min("seq")).order_by("-encounter_id")
    shown: list[dict[str, Any]] = list(matched[:SHOWN])
    encounters = Encounter.objects.in_bulk([row["encounter_id"] for row in shown])
    for each in encounters.values():
        each.campaign = membership.campaign  # the fight's options are read from it
    lines = _lines(encounters, shown, membership, user, found)
    hits = []
    for row in shown:
        encounter = encounters.get(row["encounter_id"])
        if encounter is None:  # deleted since the rows were read
            continue
        url = reverse("combat:encounter", args=[membership.campaign_id, encounter.pk])
        note = ngettext("%(n)s entry of its log", "%(n)s entries of its log", row["entries"])
        line = lines.get(encounter.pk, SafeString(""))
        title = marked(encounter.name, found, width=120)
        hits.append(Hit(title, url, line, note % {"n": row["entries"]} if row["entries"] else ""))
    return Group(hits, matched.count())


def _lines(
    encounters: Mapping[int, Encounter],
    shown: Iterable[Mapping[str, Any]],
    membership: Membership,
    user: User | AnonymousUser,
    found: tuple[str, ...],
) -> dict[int, SafeString]:
    """Each fight's first matching entry as this viewer's log draws it (two queries)."""
    wanted = Q()
    for row in shown:
        if row["first"] is not None:
            wanted |= Q(encounter_id=row["encounter_id"], seq=row["first"])
    if not wanted:
        return {}
    fighting: dict[int, list[Combatant]] = {}
    rows = Combatant.objects.filter(encounter_id__in=list(encounters)).select_related("character")
    for fighter in rows.defer("stats", "weapons", "armor", "effects", "turn", "character__stats"):
        fighting.setdefault(fighter.encounter_id, []).append(fighter)
    system, gm = membership.campaign.system, membership.is_gm
    lines = {}
    for event in Event.objects.filter(wanted).select_related("user"):
        encounter = encounters[event.encounter_id]
        viewer = Viewer.of(encounter, fighting.get(encounter.pk, []), user, gm=gm)
        entry = log_entry(event, gm=gm, viewer=viewer, system=system)
        texts = [entry.summary, *entry.steps, *entry.notes]
        text = next((text for text in texts if _found_in(text, found)), entry.summary)
        lines[encounter.pk] = marked(text, found)
    return lines
