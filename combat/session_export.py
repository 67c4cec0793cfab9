"""A session for GMs who keep paper (issue Q): the same timeline as the session page, as one
Markdown file or a printable page — every post in full with its rolls, the fights, the ledger.

Every member may take it: it holds what the session page shows them (posts, fights by name and
round, the ledger), nothing of a hidden combatant or a monster's numbers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.journal import Tag, split
from campaigns.models import JournalRoll, Post

from .models import LedgerEntry, PlaySession
from .sessions import Fight, Timeline, span


def _when(moment: dt.datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _roll(tag: Tag, roll: JournalRoll | None) -> str:
    """A `[dice]` tag as text: what was rolled and what it came to, or that it was not."""
    if roll is None:
        return f"`{tag.expression}` ({_('not rolled')})"
    faces = ", ".join(str(face) for face in roll.faces)
    void = f" — {_('void')}" if roll.voiding is not None else ""
    return f"`{roll.expression}` = **{roll.total}** ({faces}){void}"


def post_text(post: Post) -> str:
    """The post's text with each tag replaced by its roll (the journal's markup kept: it is
    Markdown's own bold, italics and quotes)."""
    rolls = {roll.index: roll for roll in post.rolls.all()}
    return "".join(
        part if isinstance(part, str) else _roll(part, rolls.get(part.index))
        for part in split(post.body)
    )


def _ledger_line(row: LedgerEntry) -> str:
    who = row.character.name if row.character else _("The party")
    if row.kind == "xp":
        what = _("%(n)s experience") % {"n": f"{row.amount:+d}"}
    elif row.kind == "money":
        what = f"{row.amount:+d} {row.unit}"
    else:
        what = f"{row.unit} ×{row.amount:+d}"
    return f"- {who}: {what} — {row.reason}"


def _fight_line(fight: Fight) -> str:
    encounter = fight.encounter
    state = _("ended") if encounter.status == "ended" else _("not ended")
    rounds = ngettext("%(n)s round", "%(n)s rounds", encounter.round) % {"n": encounter.round}
    return f"- **{encounter.name}** — {rounds}, {state}"


def markdown(session: PlaySession, timeline: Timeline) -> str:
    start, end = span(session)
    title = _("Session %(number)s") % {"number": session.number}
    lines = [f"# {title}" + (f": {session.title}" if session.title else ""), ""]
    lines += [f"{_when(start)} – {_when(end) if session.closed_at else _('open')}", ""]
    shown = [item.what for item in timeline.items]
    lines += _part(_("Fights"), [_fight_line(f) for f in shown if isinstance(f, Fight)])
    lines += _part(_("Journal"), list(_posts(p for p in shown if isinstance(p, Post))))
    ledger = [_ledger_line(row) for row in shown if isinstance(row, LedgerEntry)]
    lines += _part(_("Ledger"), ledger)
    return "\n".join(lines).rstrip() + "\n"


def _posts(posts: Iterable[Post]) -> Iterable[str]:
    for post in posts:
        author = post.author.get_username() if post.author else "—"
        yield f"### {post.thread.title} — {author}, {_when(post.created_at)}"
        yield ""
        yield post_text(post)
        yield ""


def _part(heading: str, lines: list[str]) -> list[str]:
    return [f"## {heading}", "", *(lines or [_("Nothing.")]), ""]
