"""The encounter as each viewer may see it: log sentences, dice, and the tracker's rows."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from combat.rules.base import Badge, TrackerView
from combat.rules.clock import CLOCK
from combat.rules.dice import InvalidDice, roll
from combat.rules.encounter import EventType
from combat.rules.engine import DOWN
from combat.rules.faces import FacesExhausted, TypedFaces
from combat.rules.lasting import LASTS
from combat.rules.systems import SYSTEMS

from .models import Combatant, Encounter, Event
from .visibility import Viewer, visible_outcome
from .wording import PURPOSES, SIDES, condition_label, say, system_word

__all__ = ["PURPOSES", "SIDES", "log_entry", "say", "tracker_block"]


def _rolls(outcome: Mapping[str, Any], names: Mapping[str, str]) -> tuple[Mapping[str, Any], ...]:
    """The rolls a viewer reads, each with whose it is ("Baldur · initiative 1d6+1"): the
    combatant it is about, else its roller, when this viewer may name them."""
    return tuple(
        {
            **rolled,
            "who": names.get(rolled.get("about") or rolled.get("roller") or "", ""),
            "purpose": PURPOSES.get(rolled.get("purpose", ""), rolled.get("purpose")),
            "dice": face_marks(str(rolled.get("expression", "")), rolled.get("faces") or []),
        }
        for rolled in outcome.get("rolls", [])
    )


def face_marks(expression: str, faces: list[Any]) -> list[dict[str, Any]]:
    """Each face with whether it counts and whether it exploded, by replaying the expression
    with the recorded faces (2d20kh1: the lower one is dropped). Rolls an engine makes in its
    own way (a pool that re-rolls sixes) are shown plainly."""
    plain = [{"face": face, "kept": True, "exploded": False} for face in faces]
    try:
        result = roll(expression, TypedFaces([int(face) for face in faces]))
    except (InvalidDice, FacesExhausted, ValueError, TypeError):
        return plain
    marks = []
    for die in result.dice:
        last = len(die.faces) - 1  # a compounding die: every face but its last exploded
        for index, face in enumerate(die.faces):
            exploded = index < last if last else die.exploded
            marks.append({"face": face, "kept": die.kept, "exploded": exploded})
    return marks if [m["face"] for m in marks] == list(faces) else plain


def hp_descriptor(row: Combatant, system: str) -> str:
    """What players see of a monster's health unless the GM reveals the numbers; "down" as
    its rule system says (OSE's surrendered, SR3's dying, the dice pool's beaten)."""
    if row.hp <= 0 or down_conditions(system) & set(row.conditions):
        return gettext("down")
    if row.hp >= row.max_hp:
        return gettext("unhurt")
    return gettext("wounded") if row.hp * 2 > row.max_hp else gettext("badly wounded")


def down_conditions(system: str) -> frozenset[str]:
    """The conditions that mean "down" in this system (OSE's surrendered, SR3's dying …)."""
    found = SYSTEMS.get(system)
    return frozenset(found.down if found is not None else DOWN)


def numbers_shown(row: Combatant, system: str, maximum: int | None = None) -> str:
    """HP as numbers, with "down" when they say so and no condition of the row says it already
    (the GM read "−3 / 11" where the players read "down")."""
    shown = f"{row.hp} / {maximum or row.max_hp}"  # the engine's maximum now, if it differs
    if row.hp <= 0 and not down_conditions(system) & set(row.conditions):
        return f"{shown} · {gettext('down')}"
    return shown


@dataclass(frozen=True)
class TrackerRow:
    key: str
    name: str
    side: str
    initiative: int | None
    health: str  # "7 / 12" or a descriptor
    conditions: tuple[str, ...]
    effects: tuple[str, ...]
    current: bool
    row: Combatant
    badges: tuple["BadgeView", ...] = ()
    acted: bool = False
    defeated: bool = False  # the engine's `skips_turn`: dimmed (and last, if passed over)
    clock: tuple[str, ...] = ()  # its fight clock entries (combat.rules.clock), every system


@dataclass(frozen=True)
class BadgeView:
    text: str
    boxes: tuple[bool, ...] = ()  # a condition monitor: True = a filled box
    good: bool = False  # filled boxes drawn as good news, not as harm

    @property
    def spoken(self) -> str:
        """The boxes as a screen reader says them: "3 of 10" (filled of all)."""
        filled = sum(self.boxes)
        return gettext("%(filled)s of %(total)s") % {"filled": filled, "total": len(self.boxes)}


@dataclass(frozen=True)
class TrackerGroup:
    label: str  # "" for the one plain list
    active: bool
    rows: tuple[TrackerRow, ...]
    idle: tuple[TrackerRow, ...] = ()  # not in this pass's order (SR3: no action in pass 2)


@dataclass(frozen=True)
class TrackerBlock:
    """The tracker: the engine's stage headers ("Pass 2") and the rows, in groups if it has them."""

    header: tuple[str, ...]
    groups: tuple[TrackerGroup, ...]


def _effect_text(effect: Mapping[str, Any]) -> str:
    data = effect.get("data", {})
    if effect.get("kind") == "bleeding":  # "2d6/round", or a fixed loss (a helpless target)
        dice = data.get("dice")
        loss = f"{dice}d6" if isinstance(dice, int) and dice else str(data.get("amount", "?"))
        return gettext("bleeding %(dice)s/round") % {"dice": loss}
    if effect.get("kind") in (LASTS, CLOCK):
        return ""  # said beside its condition; the fight clock's in every system's tracker
    return str(effect.get("kind", ""))


def tracker_rows(
    encounter: Encounter,
    rows: Iterable[Combatant],
    *,
    gm: bool,
    user: Any,
    view: TrackerView | None = None,
    defeated: frozenset[str] = frozenset(),
) -> list[TrackerRow]:
    by_key = {row.key: row for row in rows if gm or not row.hidden}
    ordered = [by_key[k] for k in encounter.order if k in by_key]
    ordered += [row for key, row in by_key.items() if key not in encounter.order]
    view = view or TrackerView()
    # An engine with its own tracker view shows its effects as badges, in words.
    own_view = bool(view.header or view.badges or view.groups)
    result = []
    for row in ordered:
        numbers = gm or not row.is_npc or row.hp_revealed or row.owned_by(user)
        system = encounter.system
        maximum = view.maxima.get(row.key)
        health = numbers_shown(row, system, maximum) if numbers else hp_descriptor(row, system)
        # An engine's badges (combat pool, condition monitors) show a monster's numbers too.
        badges = tuple(_badge(b, system) for b in view.badges.get(row.key, ())) if numbers else ()
        result.append(
            TrackerRow(
                row.key,
                row.name,
                row.side,
                row.initiative,
                health,
                tuple(_condition(c, row.effects, encounter.round, system) for c in row.conditions),
                () if own_view else tuple(t for t in map(_effect_text, row.effects) if t),
                row.key == encounter.current,
                row,
                badges,
                row.key in view.acted,
                row.key in defeated,
                _clock_texts(row.effects),
            )
        )
    return result


def _clock_texts(effects: Iterable[Mapping[str, Any]]) -> tuple[str, ...]:
    """The row's fight clock entries, in every system's tracker: "Lair action · initiative 20"."""
    texts = []
    for effect in effects:
        data = effect.get("data") or {}
        if effect.get("kind") != CLOCK:
            continue
        label = str(data.get("label", ""))
        if data.get("at") is not None:
            texts.append(
                gettext("%(label)s · initiative %(at)s") % {"label": label, "at": data["at"]}
            )
        else:
            texts.append(
                gettext("%(label)s · round %(round)s")
                % {"label": label, "round": data.get("round")}
            )
    return tuple(texts)


def _defeated_last(rows: list[TrackerRow], last: bool) -> tuple[TrackerRow, ...]:
    """The rows in their order; with `last`, the defeated after the others (a stable sort)."""
    return tuple(sorted(rows, key=lambda row: row.defeated) if last else rows)


def _condition(condition: str, effects: Iterable[Mapping[str, Any]], now: int, system: str) -> str:
    """The condition in the forms' words; one that lasts some rounds says how many are left
    ("prone · 2 rounds": this one and the next)."""
    label = condition_label(condition, system)
    for effect in effects:
        data = effect.get("data") or {}
        if effect.get("kind") == LASTS and data.get("condition") == condition:
            left = int(data.get("until") or 0) - max(now, 1)
            return label + " · " + ngettext("%(n)s round", "%(n)s rounds", left) % {"n": left}
    return label


def _badge(badge: Badge, system: str) -> BadgeView:
    text = say({"template": badge.label.template, "params": badge.label.params}, system)
    if badge.filled is None:
        return BadgeView(text)
    total = max(0, min(badge.total, 40))
    return BadgeView(text, tuple(index < badge.filled for index in range(total)), badge.good)


def tracker_block(
    encounter: Encounter,
    rows: Iterable[Combatant],
    *,
    gm: bool,
    user: Any,
    view: TrackerView,
    defeated: frozenset[str] = frozenset(),
    last: bool = False,
) -> TrackerBlock:
    """The tracker's rows, grouped as the engine shows them (OSE's sides as blocks); with
    `last`, the defeated at the end of their list (Next turn passes over them)."""
    listed = tracker_rows(encounter, rows, gm=gm, user=user, view=view, defeated=defeated)
    listed = list(_defeated_last(listed, last))
    system = encounter.system
    header = tuple(say({"template": s.template, "params": s.params}, system) for s in view.header)
    if not view.groups:
        ordered = tuple(row for row in listed if row.key in encounter.order)
        idle = tuple(row for row in listed if row.key not in encounter.order)
        if not ordered:  # before the first initiative: everyone, as they joined
            ordered, idle = idle, ()
        return TrackerBlock(header, (TrackerGroup("", False, ordered, idle),))
    by_key = {row.key: row for row in listed}
    groups = [
        TrackerGroup(
            say({"template": g.label.template, "params": g.label.params}, system),
            g.active,
            _defeated_last([by_key[key] for key in g.members if key in by_key], last),
        )
        for g in view.groups
        if gm or any(key in by_key for key in g.members)  # a block only of hidden ones: none
    ]
    grouped = {key for g in view.groups for key in g.members}
    rest = tuple(row for row in listed if row.key not in grouped)
    if rest:
        groups.append(TrackerGroup("", False, rest))
    return TrackerBlock(header, tuple(groups))


@dataclass(frozen=True)
class LogEntry:
    seq: int
    type: str
    summary: str
    steps: tuple[str, ...]
    rolls: tuple[Mapping[str, Any], ...]
    notes: tuple[str, ...]
    who: str
    when: str
    event: Event
    secret: bool = False  # the GM's secret roll, marked so in the GM's own log


def log_entry(
    event: Event,
    *,
    gm: bool,
    names: Mapping[str, str] | None = None,
    viewer: Viewer | None = None,
    system: str = "",
) -> LogEntry:
    """One event as this viewer reads it (combat.visibility decides what that is), in the
    words of the encounter's rule system `system` (Polish 5e's "PW", "powalony")."""
    viewer = viewer or Viewer(gm=gm, names=names or {})
    payload = event.payload
    if payload.get("secret") and not viewer.gm:  # nothing of a secret roll reaches a player
        return LogEntry(
            event.seq,
            event.type,
            gettext("The game master rolled in secret."),
            (),
            (),
            (),
            "—",
            event.created_at,
            event,
        )
    outcome = visible_outcome(payload.get("outcome") or {}, viewer)
    summary = say(outcome["summary"], system) or _event_title(event, viewer)
    return LogEntry(
        seq=event.seq,
        type=event.type,
        summary=summary,
        steps=tuple(say(step, system) for step in outcome["steps"])
        + _hand_lines(event, viewer, system),
        rolls=_rolls(outcome, viewer.names),
        notes=tuple(say(step, system) for step in outcome["notes"]),
        who=event.user.get_username() if event.user else "—",
        when=event.created_at,
        event=event,
        secret=bool(payload.get("secret")),  # a player's entry said so above, in its place
    )


def _hand_lines(event: Event, viewer: Viewer, system: str) -> tuple[str, ...]:
    """What the GM's hand changed, before → after, for the GM's log ("HP 12 → 5", "+ prone"),
    in the system's words (Polish 5e's "PW 12 → 5"): from the recorded changes, so older logs
    read the same way. Players read the tracker."""
    if event.type != EventType.ADJUST or not viewer.gm:
        return ()
    lines = []
    changes = (event.payload.get("outcome") or {}).get("changes") or ()
    several = len({change.get("combatant") for change in changes}) > 1
    for change in changes:
        kind, value = change.get("kind"), change.get("value")
        who = viewer.names.get(change.get("combatant"), "?") + ": " if several else ""
        if kind == "hp":
            hp = system_word(system, "hp_log")
            lines.append(who + hp % {"before": change.get("before"), "after": value})
        elif kind in ("add_condition", "remove_condition"):
            sign = "+" if kind == "add_condition" else "−"
            lines.append(f"{who}{sign} {condition_label(str(value), system)}")
    return tuple(lines)


# The title of an entry without an outcome, translated when shown (only the one shown).
TITLES = {
    EventType.CREATED: gettext_noop("Encounter created"),
    EventType.ADDED: gettext_noop("Combatants joined: %(names)s"),
    EventType.TURN: gettext_noop("Next turn"),
    EventType.UNDO: gettext_noop("Undone: event #%(target)s"),
    EventType.REDO: gettext_noop("Redone: event #%(target)s"),
    EventType.ENDED: gettext_noop("The fight ended"),
    EventType.PROPOSED: gettext_noop("An action was proposed"),
    EventType.REJECTED: gettext_noop("The game master rejected a proposed action"),
    EventType.OPTIONS: gettext_noop("Fight options set"),
}


# An undo or redo of the fight's end says what it does to the fight, not only which entry.
ENDS_TAKEN = {
    EventType.UNDO: gettext_noop("The fight goes on again (its end, event #%(target)s, undone)"),
    EventType.REDO: gettext_noop("The fight has ended again (event #%(target)s redone)"),
}


def _event_title(event: Event, viewer: Viewer) -> str:
    now = event.payload.get("encounter", {}).get("after", {}).get("current", "")
    if event.type == EventType.TURN and now in viewer.names:  # "Next turn: Twitch"
        return gettext("Next turn: %(name)s") % {"name": viewer.names[now]}
    if event.type in ENDS_TAKEN and event.payload.get("type") == EventType.ENDED:
        taken = ENDS_TAKEN[event.type]  # type: ignore[index]
        return gettext(taken) % {"target": event.payload.get("target", "?")}
    known = TITLES.get(event.type)  # type: ignore[call-overload]
    title = gettext(known) if known is not None else event.type
    joined = [c for c in event.payload.get("combatants", []) if viewer.sees(c.get("key"))]
    names = ", ".join(c.get("name", "") for c in joined)
    return title % {"names": names, "target": event.payload.get("target", "?")}
