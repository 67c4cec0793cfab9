"""The campaign search's index (issue Q): one row per searchable text — a journal post, a scene's
title, each part of a register entry, a fight's name, one entry of a fight's log — with the words
of that text (folded: lower case, no accents, one space between words) and the facts the search
needs to apply the viewer's secrecy without reading the text's source again.

An index, never the truth: each row is written in the transaction of the write it describes
(combat.search_index), and the search shows the source's own text, read again for the viewer.

Who may find a row:

* a post or a scene's title: every member (every member reads every post);
* a register entry's name (`part` NAME) or summary (`part` SUMMARY): the GM, and a player to
  whom that part stands revealed, read from `RegisterEntry.objects.seen_by` when asked; its
  GM's notes: the GM only (`audience` GM);
* a fight's name: every member;
* a log entry: as its `audience` says — ALL (the players' reading of it is the GM's), PLAYERS
  (the players' reading, where the GM's says more: the GM searches the GM twin) or GM (the GM's
  reading; a secret roll has no other) — and never by a player while a combatant in `hides` is
  hidden (combat.visibility's `entry_keys` and every combatant its lines name).

The search's full-text index over `terms` is the database's own: PostgreSQL's GIN index over
`to_tsvector('simple', terms)`, SQLite's FTS5 table `combat_searchfts`, kept by triggers on this
table (migration 0014). A later migration that alters this table on SQLite rebuilds it and drops
the triggers: it must install them again (combat.search_index.install_sqlite).
"""

from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign, Post, RegisterEntry, Thread

from .encounters import Encounter


class DocKind(models.TextChoices):  # never shown: the page names its groups itself
    POST = "post"
    SCENE = "scene"
    ENTRY = "entry"  # a register entry
    FIGHT = "fight"  # its name
    LOG = "log"  # an entry of its log


class Reader(models.TextChoices):
    ALL = "all"  # every member
    PLAYERS = "players"  # the players; the GM reads the entry's GM twin instead
    GM = "gm"


class SearchDoc(models.Model):
    # Indexed by the (campaign, kind) and (encounter, seq) indexes below, not on their own.
    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    kind = models.CharField(max_length=8, choices=DocKind.choices)
    audience = models.CharField(max_length=8, choices=Reader.choices, default=Reader.ALL)
    # Where the text is (one of them, by kind); each deletion takes its rows along.
    post = models.ForeignKey(Post, on_delete=models.CASCADE, null=True, related_name="+")
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, null=True, related_name="+")
    entry = models.ForeignKey(RegisterEntry, on_delete=models.CASCADE, null=True, related_name="+")
    part = models.PositiveSmallIntegerField(default=0)  # a register entry's Part; 0 otherwise
    encounter = models.ForeignKey(
        Encounter, on_delete=models.CASCADE, null=True, related_name="+", db_index=False
    )
    seq = models.PositiveIntegerField(null=True)  # a log entry's number in its fight's log
    hides = models.TextField(blank=True)  # " c12 c15 ": hidden, any of them hides the row
    terms = models.TextField()  # the words, folded (combat.search_index.terms_of)
    # PostgreSQL: `terms` as its full-text search reads them, written by the table's trigger
    # (migration 0014) and held by a GIN index. Unused (empty) on SQLite, whose FTS5 table is.
    words = SearchVectorField(null=True, editable=False)

    class Meta:
        indexes = [
            models.Index(fields=["campaign", "kind"], name="search_by_campaign"),
            models.Index(fields=["encounter", "seq"], name="search_by_entry"),
        ]
        verbose_name = _("search index row")
        verbose_name_plural = _("search index rows")

    def __str__(self) -> str:
        return f"{self.kind} {self.pk}"
