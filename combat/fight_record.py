"""The fight writes the record (issue Q): when a fight ends, a draft of what happened — who took
part, the rounds, who fell and to whom, each character's damage dealt and taken, the notable
rolls, the state carried forward — for the GM to edit and post to a journal scene.

Its numbers come from the event log (each change's HP before and after, each roll's faces), not
from memory, and each fact names the log entry it comes from (#12). Entries undone are left
out. The draft is what the players may read: it is written for a journal every member reads,
so it is read through the fight's own filter for a player (combat.visibility) — nothing about a
hidden combatant, no monster's HP — and the GM edits it before it is posted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.text import capfirst
from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

from combat.rules.base import Audience
from combat.rules.encounter import EventType
from combat.rules.fields import Label
from combat.rules.resources import Spending
from combat.rules.systems import SYSTEMS

from .display import face_marks
from .models import Combatant, Encounter, Event
from .visibility import Viewer, entry_keys, entry_shown, visible_roll
from .wording import SIDES, condition_label, system_word

LISTED = 30  # lines of one kind in the draft: a long fight's stays a post the journal takes
SKIPPED = {EventType.UNDO, EventType.REDO, EventType.PROPOSED, EventType.CREATED}


@dataclass
class Part:
    """One combatant's share of the fight."""

    name: str
    side: str
    character: bool
    dealt: int = 0
    taken: int = 0
    fell: str = ""  # "round 2, to Baldur (#12)"
    spent: dict[tuple[Label, str], int] = field(default_factory=dict)  # (what, detail) → how many


@dataclass
class Record:
    name: str
    rounds: int
    parts: dict[str, Part] = field(default_factory=dict)
    criticals: list[str] = field(default_factory=list)
    chain: tuple[int, str] = (0, "")  # the longest exploding chain: its faces, in words
    decisive: str = ""
    spending: Spending | None = None  # the system's reading of what a change used up


def record_of(encounter: Encounter, rows: Iterable[Combatant], down: frozenset[str]) -> Record:
    """The fight as a player may read it, from its log (entries the log strikes out as undone
    left out: the strike-through index is exact, a redo lifts it)."""
    rows = list(rows)
    viewer = Viewer.of(encounter, rows, AnonymousUser(), gm=False)
    system = SYSTEMS.get(encounter.system)
    record = Record(plain(encounter.name), encounter.round)
    record.spending = system.spending if system is not None else None
    for row in rows:
        if viewer.sees(row.key):
            record.parts[row.key] = Part(plain(row.name), row.side, not row.is_npc)
    log = Event.objects.log(encounter).filter(struck__isnull=True).exclude(type__in=SKIPPED)
    for seq, kind, payload in log.values_list("seq", "type", "payload").iterator():
        if isinstance(payload, dict) and _shown(viewer, kind, payload):
            _read(record, viewer, seq, payload, down)
    return record


def plain(name: str) -> str:
    """A name as plain text in a post: brackets would open a [dice] tag the journal rolls."""
    return name.replace("[", "(").replace("]", ")")


def _shown(viewer: Viewer, kind: str, payload: Mapping[str, Any]) -> bool:
    """An entry the players' log shows: not a secret roll, nothing in it hidden."""
    return entry_shown(viewer, entry_keys(kind, payload), bool(payload.get("secret")))


def _read(
    record: Record, viewer: Viewer, seq: int, payload: Mapping[str, Any], down: frozenset[str]
) -> None:
    outcome = payload.get("outcome") or {}
    data = outcome.get("data") or {}
    actor = (payload.get("action") or {}).get("actor")
    doer = record.parts.get(actor) if isinstance(actor, str) else None
    when = ((payload.get("encounter") or {}).get("after") or {}).get("round", record.rounds)
    changes = [c for c in outcome.get("changes") or [] if c.get("combatant") in record.parts]
    hurt = [c for c in changes if c.get("kind") == "hp" and isinstance(c.get("before"), int)]
    for change in changes:
        part = record.parts[change["combatant"]]
        _spent(record, part, change)
        if change in hurt:
            lost = max(change["before"] - int(change["value"]), 0)
            part.taken += lost
            if doer is not None and doer is not part:
                doer.dealt += _dealt(viewer, change["combatant"], lost, data, len(hurt))
            fell = change["before"] > 0 >= int(change["value"])
        else:
            fell = change.get("kind") == "add_condition" and change.get("value") in down
        if fell and not part.fell:
            foe = doer if doer is not None and doer.side != part.side else None
            part.fell = _fell(when, foe, seq)  # to a foe's blow; else bleeding, morale, the GM
            record.decisive = _decisive(part, foe, seq)
    blows: list[Any] = data["attacks"] if isinstance(data.get("attacks"), list) else [data]
    if doer is not None and any(isinstance(b, dict) and b.get("critical") for b in blows):
        record.criticals.append(f"{doer.name} (#{seq})")
    _chains(record, viewer, seq, outcome)


def _spent(record: Record, part: Part, change: Mapping[str, Any]) -> None:
    """A character's resources the change used up, as the system reads them."""
    if record.spending is not None and part.character:
        for used in record.spending(change):
            key = (used.what, used.detail)
            part.spent[key] = part.spent.get(key, 0) + used.amount


def _dealt(viewer: Viewer, key: str, lost: int, data: Mapping[str, Any], hurt: int) -> int:
    """The damage a blow did to `key` as the players read it: the HP it lost where they read
    that target's HP; else the figure the log's line says (never the HP a monster had left):
    the target's own (5e's saves, Dračí Hlídka's blows), or the entry's when it hurt one."""
    if viewer.reads(Audience.HEALTH, key):
        return lost
    saved = (data.get("saves") or {}).get(key) if isinstance(data.get("saves"), dict) else None
    if isinstance(saved, dict) and isinstance(saved.get("damage"), int):
        return int(saved["damage"])
    blows: list[Any] = data["attacks"] if isinstance(data.get("attacks"), list) else []
    mine = [b for b in blows if isinstance(b, dict) and b.get("target") == key]
    if mine and all(isinstance(blow.get("damage"), int) for blow in mine):
        told: int = 0
        for blow in mine:
            told += blow["damage"]
        return told
    damage = data.get("damage")
    return damage if hurt == 1 and isinstance(damage, int) else 0


def _fell(when: int, foe: Part | None, seq: int) -> str:
    if foe is None:
        return _("round %(round)s (#%(seq)s)") % {"round": when, "seq": seq}
    return _("round %(round)s, to %(name)s (#%(seq)s)") % {
        "round": when,
        "name": foe.name,
        "seq": seq,
    }


def _decisive(part: Part, doer: Part | None, seq: int) -> str:
    if doer is None:
        return _("%(name)s fell last (#%(seq)s)") % {"name": part.name, "seq": seq}
    return _("%(name)s felled %(target)s last (#%(seq)s)") % {
        "name": doer.name,
        "target": part.name,
        "seq": seq,
    }


def _chains(record: Record, viewer: Viewer, seq: int, outcome: Mapping[str, Any]) -> None:
    """The longest run of exploding faces in one die, among the rolls a player may read."""
    for index, rolled in enumerate(outcome.get("rolls") or []):
        if visible_roll(rolled, index, outcome, viewer) is not rolled or rolled is None:
            continue
        run = longest = 0
        for mark in face_marks(str(rolled.get("expression", "")), list(rolled.get("faces", []))):
            run = run + 1 if mark["exploded"] else 0
            longest = max(longest, run)
        if longest and longest + 1 > record.chain[0]:
            who = record.parts.get(str(rolled.get("roller")))
            faces = "+".join(str(face) for face in rolled.get("faces", []))
            text = f"{who.name if who else '—'}: {rolled.get('expression')} = {faces} (#{seq})"
            record.chain = (longest + 1, text)


def record_text(record: Record, rows: Iterable[Combatant], system: str) -> str:
    """The draft post, in the GM's language (the journal's **bold** for its headings)."""
    rounds = ngettext("%(n)s round", "%(n)s rounds", record.rounds) % {"n": record.rounds}
    lines = [f"**{record.name}** — {rounds}"]
    sides: dict[str, list[str]] = {}
    for part in record.parts.values():
        sides.setdefault(part.side, []).append(part.name)
    lines += [f"{capfirst(SIDES.get(side, side))}: {', '.join(n)}" for side, n in sides.items()]
    fallen = [f"{p.name}: {p.fell}" for p in record.parts.values() if p.fell]
    if fallen:
        lines += ["", _heading("fallen"), *_listed(fallen)]
    damage = [_damage(p) for p in record.parts.values() if p.character]
    if damage:
        lines += ["", _heading("damage"), *_listed(damage)]
    spent = [_spent_line(p) for p in record.parts.values() if p.spent]
    if spent:
        lines += ["", _heading("spent"), *_listed(spent)]
    notable = _notable(record)
    if notable:
        lines += ["", _heading("notable"), *notable]
    carried = _carried(rows, record, system)
    if carried:
        lines += ["", _heading("carried"), *_listed(carried)]
    return "\n".join(lines)


HEADINGS = {
    "fallen": pgettext_lazy("fight record", "Fallen"),
    "damage": pgettext_lazy("fight record", "Damage"),
    "spent": pgettext_lazy("fight record", "Resources spent"),
    "notable": pgettext_lazy("fight record", "Notable rolls"),
    "carried": pgettext_lazy("fight record", "Carried forward"),
}


def _spent_line(part: Part) -> str:
    language = get_language()
    used = [
        f"{what.get(language)}" + (f" ({plain(detail)})" if detail else "") + f": {amount}"
        for (what, detail), amount in part.spent.items()
    ]
    return f"{part.name} — {', '.join(used)}"  # "rounds fired: 3", no plural to agree


def _listed(lines: list[str]) -> list[str]:
    """At most LISTED lines, and how many more (the journal takes MAX_BODY characters)."""
    more = len(lines) - LISTED
    if more <= 0:
        return lines
    return [*lines[:LISTED], ngettext("… and %(n)s more", "… and %(n)s more", more) % {"n": more}]


def _heading(key: str) -> str:
    return f"**{HEADINGS[key]}**"  # the journal's bold


def _damage(part: Part) -> str:
    return _("%(name)s dealt %(dealt)s, took %(taken)s") % {
        "name": part.name,
        "dealt": part.dealt,
        "taken": part.taken,
    }


def _notable(record: Record) -> list[str]:
    found = []
    if record.criticals:
        shown = record.criticals[:LISTED] + (["…"] if len(record.criticals) > LISTED else [])
        found.append(_("Criticals: %(list)s") % {"list": ", ".join(shown)})
    if record.chain[0]:
        found.append(
            _("Longest exploding chain, %(n)s dice: %(roll)s")
            % {"n": record.chain[0], "roll": record.chain[1]}
        )
    if record.decisive:
        found.append(_("Decisive: %(what)s") % {"what": record.decisive})
    return found


def _carried(rows: Iterable[Combatant], record: Record, system: str) -> list[str]:
    """The characters' state as the fight leaves it (the campaign keeps it)."""
    hp = system_word(system, "hp")
    found = []
    for row in rows:
        if row.is_npc or row.key not in record.parts:
            continue
        states = [condition_label(str(c), system) for c in row.conditions]
        found.append(", ".join([f"{plain(row.name)}: {hp} {row.hp} / {row.max_hp}", *states]))
    return found
