"""Who may see what of an encounter's log: the one filter, per viewer.

What may be read is declared where it is written (`combat.rules.base.Step`: an audience for the
line, secret parameters, the combatant it is about, the parameters that list combatants), and
this module reads those declarations — it never guesses from a parameter's name. The GM reads
everything. A player never reads anything about a hidden combatant: its name, its rolls, its
lines, an entry only about it, or an undo of one. A monster's defence numbers (AC, OČ, armour,
Body, morale) are read by players only when the fight's "monster_stats" option shows them
(combat.options); its health numbers where the tracker shows them.

The filter is read-side only: the hash-chained log keeps every fact as it was written.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from combat.rules.base import Audience, Fight, moved
from combat.rules.encounter import EventType
from combat.rules.serialize import action_from_json

from .models import Combatant, Encounter, Event
from .options import stats_shown

HIDDEN_PARAM = "?"  # what a player reads in place of a number that is not theirs to read


@dataclass(frozen=True)
class Viewer:
    """One person looking at one encounter, with what the filter needs to know about it."""

    gm: bool
    names: Mapping[str, str] = field(default_factory=dict)  # combatants they may see, by key
    hidden: frozenset[str] = frozenset()
    characters: frozenset[str] = frozenset()  # not NPCs: their numbers are the table's
    own: frozenset[str] = frozenset()  # the combatants this player plays
    hp_shown: frozenset[str] = frozenset()  # monsters whose HP the GM revealed
    stats_shown: bool = False  # the fight's option: players read monsters' defence numbers

    @classmethod
    def of(
        cls,
        encounter: Encounter,
        rows: Iterable[Combatant],
        user: User | AnonymousUser,
        *,
        gm: bool,
    ) -> "Viewer":
        rows = list(rows)
        return cls(
            gm=gm,
            names={row.key: row.name for row in rows if gm or not row.hidden},
            hidden=frozenset(row.key for row in rows if row.hidden),
            characters=frozenset(row.key for row in rows if not row.is_npc),
            own=frozenset(row.key for row in rows if row.owned_by(user)),
            hp_shown=frozenset(row.key for row in rows if row.hp_revealed),
            stats_shown=stats_shown(encounter),
        )

    @property
    def own_npcs(self) -> frozenset[str]:
        """What `own` adds to `characters` in all this viewer reads (`reads`, the tracker's
        numbers): two players who play no NPC read the fight alike, whoever's PC is whose."""
        return self.own - self.characters

    def sees(self, combatant: str | None) -> bool:
        return self.gm or combatant not in self.hidden

    def reads(self, audience: str, about: str | None) -> bool:
        """May this viewer read a line (or a parameter) of this audience about `about`?"""
        if self.gm:
            return True
        if about is not None and about in self.hidden:
            return False
        if audience == Audience.ALL:
            return True
        if audience == Audience.GM or about is None:
            return False
        if about in self.own or about in self.characters:
            return True
        if audience == Audience.HEALTH:
            return about in self.hp_shown
        return audience == Audience.STATS and self.stats_shown


def visible_step(step: Mapping[str, Any], viewer: Viewer) -> Mapping[str, Any] | None:
    """The step as this viewer reads it, or None when it is not theirs to read."""
    if viewer.gm or not step:
        return step
    if "audience" not in step:  # logged before audiences were declared
        return None if _legacy_secret(step) else step
    about = step.get("about")
    if not viewer.reads(step["audience"], about):
        return None
    params = dict(step.get("params") or {})
    for key, audience in (step.get("secret") or {}).items():
        if key in params and not viewer.reads(audience, about):
            params[key] = HIDDEN_PARAM
    for key, parts in (step.get("lists") or {}).items():
        params[key] = ", ".join(text for cid, text in parts if viewer.sees(cid)) or "—"
    return {**step, "params": params}


def _legacy_secret(step: Mapping[str, Any]) -> bool:
    """An event written before audiences were declared cannot be re-declared (the log is
    append-only), so its lines are read as the page read them then: a line stating remaining
    HP was the GM's. Every event written since declares its audience."""
    return any(str(name).startswith("hp") for name in (step.get("params") or {}))


def visible_outcome(outcome: Mapping[str, Any], viewer: Viewer) -> dict[str, Any]:
    """An outcome's summary, steps, rolls and notes as this viewer reads them."""
    steps = (visible_step(step, viewer) for step in outcome.get("steps", []))
    rolls = [
        visible_roll(rolled, index, outcome, viewer)
        for index, rolled in enumerate(outcome.get("rolls", []))
    ]
    return {
        "summary": visible_step(outcome.get("summary") or {}, viewer),
        "steps": [step for step in steps if step is not None],
        "rolls": [rolled for rolled in rolls if rolled is not None],
        "notes": list(outcome.get("notes", [])) if viewer.gm else [],
    }


def visible_roll(
    rolled: Mapping[str, Any], index: int, outcome: Mapping[str, Any], viewer: Viewer
) -> Mapping[str, Any] | None:
    """A roll as this viewer sees it: gone when it is about a hidden combatant; only its
    purpose when its numbers are not theirs to read (the count of faces of "5d6" would state
    a Body, the total of "1d6!+4" an OČ)."""
    about = _at(outcome.get("roll_about"), index) or rolled.get("roller")
    if not (viewer.sees(rolled.get("roller")) and viewer.sees(about)):
        return None
    audience = _at(outcome.get("roll_audience"), index) or Audience.ALL
    if viewer.reads(audience, about):
        return rolled
    return {**rolled, "expression": HIDDEN_PARAM, "total": HIDDEN_PARAM, "faces": []}


def _at(values: Any, index: int) -> Any:
    return values[index] if isinstance(values, list) and index < len(values) else None


TAKES_BACK = frozenset({EventType.UNDO, EventType.REDO})  # events about an earlier event


def visible_events(events: Iterable[Event], viewer: Viewer) -> list[Event]:
    """The events this viewer may see at all (an entry only about hidden combatants is gone)."""
    events = list(events)
    if viewer.gm or not viewer.hidden:
        return events
    shown = [event for event in events if not _about_hidden(event, viewer)]
    targets = {e.payload.get("target") for e in shown if e.type in TAKES_BACK}
    if not targets:
        return shown
    encounter = events[0].encounter_id
    gone = {
        target.seq
        for target in Event.objects.filter(encounter_id=encounter, seq__in=targets)
        if _about_hidden(target, viewer)
    }
    return [e for e in shown if not (e.type in TAKES_BACK and e.payload.get("target") in gone)]


def _about_hidden(event: Event, viewer: Viewer) -> bool:
    payload = event.payload
    if event.type == EventType.ADDED:
        return all(not viewer.sees(c.get("key")) for c in payload.get("combatants", []))
    return any(not viewer.sees(key) for key in entry_keys(event.type, payload))


def entry_shown(viewer: Viewer, keys: Iterable[str], secret: bool) -> bool:
    """Does this viewer's log show an entry with these `entry_keys` (a secret roll: never)?
    The dice audit asks it of the keys it stored, the fight record of the payload's."""
    return viewer.gm or (not secret and all(viewer.sees(key) for key in keys))


def entry_keys(kind: str, payload: Mapping[str, Any]) -> list[str]:
    """The combatants any one of which, hidden, hides a whole entry from a player: the action's
    actor and targets, the outcome's subject (the GM's hand: every combatant it changed), the
    combatant a bare turn passed to. (An entry that adds combatants is hidden only when all of
    them are: `_about_hidden`.)"""
    action = action_from_json(payload["action"]) if payload.get("action") else None
    keys: list[Any] = [action.actor, *action.targets] if action else []
    outcome = payload.get("outcome")
    if outcome is not None:
        keys.append((outcome.get("summary") or {}).get("about"))
        if kind == EventType.ADJUST:  # the GM's hand (older events: no `about`)
            keys += [change.get("combatant") for change in outcome.get("changes", [])]
    elif kind == EventType.TURN:  # the turn passed to a hidden combatant: nothing to show
        keys.append(payload.get("encounter", {}).get("after", {}).get("current"))
    return [key for key in keys if isinstance(key, str)]


def without_hidden(fight: Fight | None, hidden: frozenset[str]) -> Fight | None:
    """The fight as a player may reason about it: no hidden combatant in it, its order or its
    turn (what the page concludes from it, "only one side is still standing", or an engine's
    odds that count everyone still to roll, must not count one); None when nobody is left."""
    if fight is None or not hidden:
        return fight
    combatants = tuple(c for c in fight.combatants if c.id not in hidden)
    if not combatants:
        return None
    order = tuple(cid for cid in fight.order if cid not in hidden)
    current = None if fight.current in hidden else fight.current
    return moved(fight, combatants=combatants, order=order, current=current)
