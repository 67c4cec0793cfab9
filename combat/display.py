"""The encounter as each viewer may see it: log sentences, dice, and the tracker's rows."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_noop, pgettext_lazy

from combat.rules.base import Badge, TrackerView
from combat.rules.dice import InvalidDice, roll
from combat.rules.encounter import EventType
from combat.rules.engine import DOWN
from combat.rules.faces import FacesExhausted, TypedFaces
from combat.rules.systems import SYSTEMS

from .models import Combatant, Encounter, Event
from .visibility import Viewer, visible_outcome
from .wording import SIDES, condition_label, say

__all__ = ["PURPOSES", "SIDES", "log_entry", "say", "tracker_block"]

# What a roll was for, as the log names it (the engines' purpose keys).
PURPOSES = {
    "attack": pgettext_lazy("roll", "attack"),
    "defence": pgettext_lazy("roll", "defence"),
    "initiative": pgettext_lazy("roll", "initiative"),
    "initiative_tiebreak": pgettext_lazy("roll", "initiative tie-break"),
    "bleeding": pgettext_lazy("roll", "bleeding"),
    "disengage": pgettext_lazy("roll", "disengaging"),
    "pursuit": pgettext_lazy("roll", "pursuit"),
    "sprint": pgettext_lazy("roll", "sprint"),
    "skill": pgettext_lazy("roll", "skill"),
    "test": pgettext_lazy("roll", "test"),
    "dodge": pgettext_lazy("roll", "dodge"),
    "resistance": pgettext_lazy("roll", "damage resistance"),
    "misfire": pgettext_lazy("roll", "misfire"),
    "conflict": pgettext_lazy("roll", "conflict round"),
    "free": pgettext_lazy("roll", "free roll"),
    "pool": pgettext_lazy("roll", "dice pool"),
    "initiative_rolloff": pgettext_lazy("roll", "initiative roll-off"),
    "damage": pgettext_lazy("roll", "damage"),
    "contest": pgettext_lazy("roll", "contest"),
    "death_save": pgettext_lazy("roll", "death saving throw"),
    "surprise": pgettext_lazy("roll", "surprise"),
    "quick_draw": pgettext_lazy("roll", "quick draw"),
    "stand_up": pgettext_lazy("roll", "standing up"),
    "athletics": pgettext_lazy("roll", "athletics"),
    "morale": pgettext_lazy("roll", "morale"),
    "save": pgettext_lazy("roll", "saving throw"),
}


def _rolls(outcome: Mapping[str, Any]) -> tuple[Mapping[str, Any], ...]:
    return tuple(
        {
            **rolled,
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
    if row.hp <= 0 or _down_conditions(system) & set(row.conditions):
        return gettext("down")
    if row.hp >= row.max_hp:
        return gettext("unhurt")
    return gettext("wounded") if row.hp * 2 > row.max_hp else gettext("badly wounded")


def _down_conditions(system: str) -> frozenset[str]:
    """The conditions that mean "down" in this system (OSE's surrendered, SR3's dying …)."""
    found = SYSTEMS.get(system)
    return frozenset(found.down if found is not None else DOWN)


def numbers_shown(row: Combatant, system: str) -> str:
    """HP as numbers, with "down" when they say so and no condition of the row says it already
    (the GM read "−3 / 11" where the players read "down")."""
    shown = f"{row.hp} / {row.max_hp}"
    if row.hp <= 0 and not _down_conditions(system) & set(row.conditions):
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


@dataclass(frozen=True)
class BadgeView:
    text: str
    boxes: tuple[bool, ...] = ()  # a condition monitor: True = a filled box
    good: bool = False  # filled boxes drawn as good news, not as harm


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
    return str(effect.get("kind", ""))


def tracker_rows(
    encounter: Encounter,
    rows: Iterable[Combatant],
    *,
    gm: bool,
    user: Any,
    view: TrackerView | None = None,
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
        health = numbers_shown(row, system) if numbers else hp_descriptor(row, system)
        # An engine's badges (combat pool, condition monitors) show a monster's numbers too.
        badges = tuple(_badge(b) for b in view.badges.get(row.key, ())) if numbers else ()
        result.append(
            TrackerRow(
                row.key,
                row.name,
                row.side,
                row.initiative,
                health,
                tuple(_condition(c) for c in row.conditions),
                () if own_view else tuple(_effect_text(e) for e in row.effects),
                row.key == encounter.current,
                row,
                badges,
                row.key in view.acted,
            )
        )
    return result


def _condition(condition: str) -> str:
    return condition_label(condition)  # the forms show the same words


def _badge(badge: Badge) -> BadgeView:
    text = say({"template": badge.label.template, "params": badge.label.params})
    if badge.filled is None:
        return BadgeView(text)
    total = max(0, min(badge.total, 40))
    return BadgeView(text, tuple(index < badge.filled for index in range(total)), badge.good)


def tracker_block(
    encounter: Encounter, rows: Iterable[Combatant], *, gm: bool, user: Any, view: TrackerView
) -> TrackerBlock:
    """The tracker's rows, grouped as the engine shows them (OSE's sides as blocks)."""
    listed = tracker_rows(encounter, rows, gm=gm, user=user, view=view)
    header = tuple(say({"template": s.template, "params": s.params}) for s in view.header)
    if not view.groups:
        ordered = tuple(row for row in listed if row.key in encounter.order)
        idle = tuple(row for row in listed if row.key not in encounter.order)
        if not ordered:  # before the first initiative: everyone, as they joined
            ordered, idle = idle, ()
        return TrackerBlock(header, (TrackerGroup("", False, ordered, idle),))
    by_key = {row.key: row for row in listed}
    groups = [
        TrackerGroup(
            say({"template": g.label.template, "params": g.label.params}),
            g.active,
            tuple(by_key[key] for key in g.members if key in by_key),
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


def log_entry(
    event: Event,
    *,
    gm: bool,
    names: Mapping[str, str] | None = None,
    viewer: Viewer | None = None,
) -> LogEntry:
    """One event as this viewer reads it (combat.visibility decides what that is)."""
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
    summary = say(outcome["summary"]) or _event_title(event, viewer)
    return LogEntry(
        seq=event.seq,
        type=event.type,
        summary=summary,
        steps=tuple(say(step) for step in outcome["steps"]),
        rolls=_rolls(outcome),
        notes=tuple(say(step) for step in outcome["notes"]),
        who=event.user.get_username() if event.user else "—",
        when=event.created_at,
        event=event,
    )


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
