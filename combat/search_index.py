"""The campaign search's index written (issue Q): the words of every searchable text, with who may
find it (combat.models.SearchDoc), in the transaction of the write it describes.

Written: a post, a scene and a register entry whenever they are saved (combat.signals: only
combat may build on campaigns), a fight's name when it is created (combat.signals), a log entry
by the workflow that appends it (combat.workflow_frame.perform, which holds the combatants it
names), an imported fight's log by its import (combat.campaign_encounters), and everything of a
campaign again by `rebuild` (the migration that made the index).

A log entry is indexed one row per entry, in the words the GM reads and the words every player
reads (the two differ in a GM's note or a monster's numbers), each in every language of the site
(a Polish player finds "atakuje"). The players' reading is the log's own for a player who plays
no one, to whom no monster's numbers are shown and from whom no combatant is hidden; the row
remembers every combatant it names, and a player never finds it while one of them is hidden
(a search shows less than the log then, never more). A secret roll is indexed for the GM only.
Turns, undos and redos, proposals, options and the fight's end say nothing worth finding.

The words are folded (lower case, no accents, "ł" as "l") and split on everything that is not a
letter or a digit, here, so both databases see the same words and neither parses the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.db import connection
from django.utils import translation

from campaigns.models import Post, RegisterEntry, Thread
from combat.rules.encounter import EventType

from .display import log_entry
from .models import Combatant, DocKind, Encounter, Event, Reader, SearchDoc
from .visibility import Viewer, entry_keys

TOKEN = re.compile(r"[^\W_]+")  # a word: letters and digits; everything else parts words
_LETTERS = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "ħ": "h", "ı": "i", "ŀ": "l"})
_TAGS = re.compile(r"\[/?dice\]", re.IGNORECASE)  # the journal's tags are no words of a post
INDEXED = frozenset({EventType.ADDED, EventType.INITIATIVE, EventType.ACTION, EventType.ADJUST})
BATCH = 500


def fold(text: str) -> str:
    """Lower case without accents: "Skřet Łucja" → "skret lucja" (what both databases index)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.translate(_LETTERS)


def words(text: str) -> list[str]:
    return TOKEN.findall(fold(text))


def terms_of(*texts: str) -> str:
    """The distinct words of the texts, in order (a row is found by a word, never by a phrase:
    the page shows the source's own text)."""
    return " ".join(dict.fromkeys(word for text in texts for word in words(text)))


def _keys(keys: Iterable[Any]) -> str:
    found = sorted({key for key in keys if isinstance(key, str) and key})
    return f" {' '.join(found)} " if found else ""


# --- the journal, the register, a fight's name --------------------------------------------------


def post_doc(post: Any, campaign_id: int) -> SearchDoc:
    return SearchDoc(
        campaign_id=campaign_id,
        kind=DocKind.POST,
        post_id=post.pk,
        thread_id=post.thread_id,
        terms=terms_of(_TAGS.sub(" ", post.body)),
    )


def scene_doc(thread: Any) -> SearchDoc:
    return SearchDoc(
        campaign_id=thread.campaign_id,
        kind=DocKind.SCENE,
        thread_id=thread.pk,
        terms=terms_of(thread.title),
    )


def entry_docs(entry: Any) -> list[SearchDoc]:
    """A register entry's name, summary and GM's notes: each found only by who may read it."""
    parts = [
        (1, Reader.ALL, entry.name),  # Part.NAME: players read it as seen_by says
        (2, Reader.ALL, entry.summary),  # Part.SUMMARY
        (0, Reader.GM, entry.gm_notes),  # never revealed
    ]
    return [
        SearchDoc(
            campaign_id=entry.campaign_id,
            kind=DocKind.ENTRY,
            entry_id=entry.pk,
            part=part,
            audience=audience,
            terms=terms_of(text),
        )
        for part, audience, text in parts
        if words(text)
    ]


def fight_doc(encounter: Any) -> SearchDoc:
    return SearchDoc(
        campaign_id=encounter.campaign_id,
        kind=DocKind.FIGHT,
        encounter_id=encounter.pk,
        terms=terms_of(encounter.name),
    )


def index_post(post: Post, created: bool) -> None:
    if created:
        post_doc(post, post.thread.campaign_id).save()
    else:
        terms = terms_of(_TAGS.sub(" ", post.body))
        SearchDoc.objects.filter(post=post).exclude(terms=terms).update(terms=terms)


def index_scene(thread: Thread, created: bool) -> None:
    if created:
        scene_doc(thread).save()
    else:
        terms = terms_of(thread.title)
        SearchDoc.objects.filter(thread=thread, kind=DocKind.SCENE).exclude(terms=terms).update(
            terms=terms
        )


def index_entry(entry: RegisterEntry, created: bool) -> None:
    if not created:
        SearchDoc.objects.filter(entry=entry).delete()
    SearchDoc.objects.bulk_create(entry_docs(entry))


def index_fight(encounter: Encounter) -> None:
    fight_doc(encounter).save()


# --- a fight's log ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fighters:
    """What the log's readings need of a fight's combatants: their names, and which are
    characters (whose numbers the whole table reads)."""

    names: Mapping[str, str]
    characters: frozenset[str]

    @classmethod
    def of(cls, rows: Iterable[tuple[int, str, bool]]) -> Fighters:
        rows = list(rows)
        return cls(
            names={f"c{pk}": name for pk, name, _npc in rows},
            characters=frozenset(f"c{pk}" for pk, _name, npc in rows if not npc),
        )


def _readings(event: Event, viewer: Viewer, system: str) -> Iterator[str]:
    """The entry's lines as this viewer reads them, in every language of the site."""
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            entry = log_entry(event, gm=viewer.gm, viewer=viewer, system=system)
        yield entry.summary
        yield from entry.steps
        yield from entry.notes


def _named(kind: str, payload: Mapping[str, Any]) -> set[str]:
    """Every combatant the entry names: hidden, any one of them hides it from a player."""
    keys: set[Any] = set(entry_keys(kind, payload))
    keys |= {c.get("key") for c in payload.get("combatants", []) if isinstance(c, dict)}
    outcome = payload.get("outcome") or {}
    steps = [outcome.get("summary") or {}, *outcome.get("steps", []), *outcome.get("notes", [])]
    for step in steps:
        keys.add(step.get("about"))
        for parts in (step.get("lists") or {}).values():
            keys |= {cid for cid, _text in parts}
    for index, rolled in enumerate(outcome.get("rolls") or []):
        keys.add(rolled.get("roller"))
        about = outcome.get("roll_about") or []
        keys.add(about[index] if isinstance(about, list) and index < len(about) else None)
    return {key for key in keys if isinstance(key, str)}


def log_docs(event: Event, fighters: Fighters, campaign_id: int, system: str) -> list[SearchDoc]:
    """The entry's rows: one both read alike, or the players' and the GM's."""
    payload = event.payload
    if event.type not in INDEXED or not isinstance(payload, dict):
        return []
    gm = terms_of(*_readings(event, Viewer(gm=True, names=fighters.names), system))
    row = {"campaign_id": campaign_id, "kind": DocKind.LOG, "seq": event.seq}
    row["encounter_id"] = event.encounter_id
    gm_row = SearchDoc(**row, audience=Reader.GM, terms=gm)
    if payload.get("secret"):  # nothing of a secret roll reaches a player
        return [gm_row] if gm else []
    table = Viewer(gm=False, names=fighters.names, characters=fighters.characters)
    players = terms_of(*_readings(event, table, system))
    hides = _keys(_named(event.type, payload))
    if players == gm:
        return [SearchDoc(**row, audience=Reader.ALL, hides=hides, terms=gm)] if gm else []
    shown = [SearchDoc(**row, audience=Reader.PLAYERS, hides=hides, terms=players)]
    return [*(shown if players else []), *([gm_row] if gm else [])]


def index_event(event: Event, encounter: Encounter, rows: Iterable[Combatant]) -> None:
    """Inside the workflow's transaction: the new entry's rows (one insert)."""
    fighters = Fighters.of((row.pk, row.name, row.is_npc) for row in rows)
    docs = log_docs(event, fighters, encounter.campaign_id, encounter.system)
    if docs:
        SearchDoc.objects.bulk_create(docs)


def index_log(encounter: Encounter) -> None:
    """An imported fight's whole log (its name was indexed when it was created)."""
    found = _logged(encounter, encounter.campaign_id, encounter.system, RECORDS)
    SearchDoc.objects.bulk_create(found, batch_size=BATCH)


@dataclass(frozen=True)
class Records:
    """The models the index is filled from: the app's, or a migration's historical ones."""

    doc: Any
    post: Any
    thread: Any
    entry: Any
    encounter: Any
    combatant: Any
    event: Any


RECORDS = Records(SearchDoc, Post, Thread, RegisterEntry, Encounter, Combatant, Event)


def _logged(encounter: Any, campaign_id: int, system: str, records: Records) -> Iterator[SearchDoc]:
    """A fight's log read as plain values: each entry drawn as the page draws it, never saved."""
    fighting = records.combatant.objects.filter(encounter_id=encounter.pk)
    fighters = Fighters.of(fighting.values_list("pk", "name", "is_npc"))
    log = records.event.objects.filter(encounter_id=encounter.pk, type__in=INDEXED)
    values = log.order_by("seq").values_list("pk", "seq", "type", "payload")
    for pk, seq, kind, payload in values.iterator(chunk_size=BATCH):
        event = Event(pk=pk, encounter_id=encounter.pk, seq=seq, type=kind, payload=payload)
        yield from log_docs(event, fighters, campaign_id, system)


def rebuild(campaign_id: int, system: str, records: Records = RECORDS) -> None:
    """The campaign's rows again from its records (the migration that made the index), written
    a fight at a time."""
    records.doc.objects.filter(campaign_id=campaign_id).delete()
    mine = {"campaign_id": campaign_id}
    threads = records.thread.objects.filter(**mine)
    docs: list[Any] = [scene_doc(thread) for thread in threads.only("pk", "campaign_id", "title")]
    posts = records.post.objects.filter(thread__campaign_id=campaign_id)
    docs += [post_doc(post, campaign_id) for post in posts.only("pk", "thread_id", "body")]
    for entry in records.entry.objects.filter(**mine):
        docs += entry_docs(entry)
    _write(records, docs)
    for encounter in records.encounter.objects.filter(**mine).only("pk", "campaign_id", "name"):
        _write(records, [fight_doc(encounter), *_logged(encounter, campaign_id, system, records)])


def _write(records: Records, docs: list[SearchDoc]) -> None:
    rows = [records.doc(**_fields(doc)) for doc in docs]
    records.doc.objects.bulk_create(rows, batch_size=BATCH)


def _fields(doc: SearchDoc) -> dict[str, Any]:
    """A row's values, for the historical model a migration writes with."""
    names = ("campaign_id", "kind", "audience", "post_id", "thread_id", "entry_id", "part")
    return {name: getattr(doc, name) for name in (*names, "encounter_id", "seq", "hides", "terms")}


# --- the database's own full-text index ---------------------------------------------------------


POSTGRESQL_INDEX = [
    # `words` from `terms` on every insert and update (PostgreSQL's own trigger function).
    "CREATE TRIGGER combat_searchdoc_words BEFORE INSERT OR UPDATE OF terms ON combat_searchdoc "
    "FOR EACH ROW EXECUTE FUNCTION tsvector_update_trigger(words, 'pg_catalog.simple', terms)",
    "UPDATE combat_searchdoc SET terms = terms",
]


def install_postgresql(schema_editor: Any, model: Any) -> None:
    """PostgreSQL's stored words of every row, and their GIN index."""
    for statement in POSTGRESQL_INDEX:
        schema_editor.execute(statement)
    schema_editor.add_index(model, GinIndex(fields=["words"], name="search_words"))


SQLITE_INDEX = [
    # External content: the words are kept once, in combat_searchdoc; the triggers keep the
    # index in step with every insert, update and delete (a cascade's too), in its transaction.
    "CREATE VIRTUAL TABLE IF NOT EXISTS combat_searchfts USING fts5(terms, "
    "content='combat_searchdoc', content_rowid='id', tokenize='unicode61', prefix='2 3')",
    "CREATE TRIGGER IF NOT EXISTS combat_searchdoc_ai AFTER INSERT ON combat_searchdoc BEGIN "
    "INSERT INTO combat_searchfts(rowid, terms) VALUES (new.id, new.terms); END",
    "CREATE TRIGGER IF NOT EXISTS combat_searchdoc_ad AFTER DELETE ON combat_searchdoc BEGIN "
    "INSERT INTO combat_searchfts(combat_searchfts, rowid, terms) "
    "VALUES ('delete', old.id, old.terms); END",
    "CREATE TRIGGER IF NOT EXISTS combat_searchdoc_au AFTER UPDATE OF terms ON combat_searchdoc "
    "BEGIN INSERT INTO combat_searchfts(combat_searchfts, rowid, terms) "
    "VALUES ('delete', old.id, old.terms); "
    "INSERT INTO combat_searchfts(rowid, terms) VALUES (new.id, new.terms); END",
]


def install_sqlite(schema_editor: Any) -> None:
    """SQLite's FTS5 index over the rows' words, and the triggers that keep it (idempotent)."""
    for statement in SQLITE_INDEX:
        schema_editor.execute(statement)
    schema_editor.execute("INSERT INTO combat_searchfts(combat_searchfts) VALUES ('rebuild')")


def uninstall_sqlite(schema_editor: Any) -> None:
    for name in ("combat_searchdoc_ai", "combat_searchdoc_ad", "combat_searchdoc_au"):
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")
    schema_editor.execute("DROP TABLE IF EXISTS combat_searchfts")


def fts_ready() -> bool:
    """Whether this SQLite database has the index and its triggers (a test guards it)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM sqlite_master WHERE name IN "
            "('combat_searchfts', 'combat_searchdoc_ai', 'combat_searchdoc_ad', "
            "'combat_searchdoc_au')"
        )
        row = cursor.fetchone()
    return bool(row and row[0] == 4)
