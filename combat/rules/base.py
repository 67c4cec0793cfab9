"""The one small interface every rule system's engine provides (issue D).

Pure Python: no Django, no database, no clock, no global random. The encounter machinery keeps
a `Fight` (frozen), asks the system's engine (combat.rules.engine) what may happen and what did
happen, and applies the returned `Change`s generically — so the machinery needs no change for a
new system, and an undo is the inverse of the recorded changes.

Dice come from a `FaceSource` passed in (combat.rules.faces): chance in live play, a seed in
simulation, or the faces a person typed. Every roll is returned as a `RolledDice` with every face,
so the log can replay it.

Text for the log is never a finished sentence: a `Step` is an English template with
%(name)s parameters, marked with `_` so makemessages extracts it; the web layer translates it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal


def _(text: str) -> str:
    """Mark a log template for translation; the web layer translates at display time."""
    return text


COUNTED = "\x1f"  # joins a counted template's singular, plural and count parameter


def ngettext(singular: str, plural: str, count: str) -> str:
    """Mark a counted log template for translation: xgettext reads the first two arguments as
    a singular and a plural msgid ("%(n)s success", "%(n)s successes"); `count` names the
    parameter whose number picks the form (Czech and Polish have three: 1, 2-4, 5+). The
    three travel as one template string joined by COUNTED, so a Step, the log's JSON and
    its hash stay as they are; the web layer picks the form at display time."""
    return COUNTED.join((singular, plural, count))


def counted(template: str) -> tuple[str, str, str] | None:
    """A counted template's (singular, plural, count parameter); None for a plain one."""
    parts = template.split(COUNTED)
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 else None


def count_of(params: Mapping[str, Any], key: str) -> int:
    """The number that picks a counted template's form; a hidden one ("?") reads as many."""
    value = params.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 5


def plain(template: str, params: Mapping[str, Any]) -> str:
    """A log template in its own (English) words, untranslated: the form its count picks."""
    forms = counted(template)
    if forms is not None:
        singular, plural, key = forms
        template = singular if count_of(params, key) == 1 else plural
    return template % params if params else template


# --- state ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    """An ongoing effect on a combatant: bleeding, a delayed grenade, a potion next round …

    `key` is unique per combatant (e.g. "bleed-3"); `kind` is what the engine acts on; `data`
    holds what it needs ("dice": "2d6", "per_round": 7, "source": "c2").
    """

    key: str
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Combatant:
    """One fighter as the rules see it: its record's stats plus its state in this fight."""

    id: str  # stable within the fight, e.g. "c12"
    name: str  # "Skřet 2"
    side: str  # "party", "enemies", or any label the GM uses
    stats: Mapping[str, Any]  # the system's cleaned creature stats
    hp: int
    max_hp: int
    weapons: tuple[Mapping[str, Any], ...] = ()  # cleaned weapon stats, each with a "name"
    armor: tuple[Mapping[str, Any], ...] = ()
    conditions: frozenset[str] = frozenset()  # "surprised", "prone", "unconscious", "dead" …
    effects: tuple[Effect, ...] = ()
    initiative: int | None = None
    turn: Mapping[str, Any] = field(default_factory=dict)  # per-round bookkeeping of the engine
    is_npc: bool = True

    def has(self, condition: str) -> bool:
        return condition in self.conditions


@dataclass(frozen=True)
class Fight:
    round: int  # 0 before the first initiative
    combatants: tuple[Combatant, ...]
    order: tuple[str, ...] = ()  # combatant ids in acting order
    current: str | None = None  # whose turn it is
    options: Mapping[str, Any] = field(default_factory=dict)  # e.g. {"initiative_once": True}
    # Where the round stands, as the engine defines it: Shadowrun's {"pass": 2}, OSE's
    # {"side": "party", "phase": "missiles"}; empty for a system whose round is one pass.
    stage: Mapping[str, Any] = field(default_factory=dict)

    def get(self, combatant_id: str) -> Combatant:
        # Where each id stands, worked out once per list of combatants: the rules look up
        # combatants hundreds of times per simulated fight. `apply` keeps the map, because it
        # never moves anyone; `moved` drops it with a new list.
        return self.combatants[_positions(self)[combatant_id]]


def _positions(fight: Fight) -> dict[str, int]:
    where: dict[str, int] | None = fight.__dict__.get("_where")
    if where is None:
        where = {combatant.id: index for index, combatant in enumerate(fight.combatants)}
        fight.__dict__["_where"] = where
    return where


# --- what happened ----------------------------------------------------------------------------


class Audience(StrEnum):
    """Who may read a line of the log (or one of its parameters), declared where it is written;
    combat.visibility filters per viewer. The GM reads everything, and a player never reads
    anything `about` a hidden combatant."""

    ALL = "all"  # everyone at the table
    # The `about` combatant's defence and game numbers (AC, OČ, armour, Body, morale score):
    # players read them for characters, and for monsters when the fight's option shows them.
    STATS = "stats"
    # The `about` combatant's health numbers (HP, životy, condition monitors): players read them
    # where the tracker shows them (characters, their own, a monster whose HP the GM revealed).
    HEALTH = "health"
    GM = "gm"  # the game master only


@dataclass(frozen=True)
class RolledDice:
    """One roll: who rolled it and why, the expression, every face in order, and the total."""

    purpose: str  # "attack", "defence", "initiative", "bleeding" …
    roller: str | None  # combatant id, or None for the GM / the world
    expression: str
    faces: tuple[int, ...]
    total: int
    sixes: int = 0
    # The combatant the roll is about when that is not its roller (a bleeding victim, rolled
    # for by whoever wounded it): a player never sees a roll about a hidden combatant.
    about: str | None = None
    # Who may read the expression and the total ("1d6!+4 = 9" states a monster's OČ 4); a
    # player who may not sees only what it was for. About `about`, or else the roller.
    audience: Audience = Audience.ALL


@dataclass(frozen=True)
class Step:
    """One line of the breakdown: template % params, e.g. "ÚČ %(uc)s + %(roll)s = %(attack)s".

    Who may read it is declared here, never inferred from names: `audience` for the whole line,
    `secret` for single parameters (a player reads the line with "?" there), `about` for the
    combatant the line is about (its numbers, and whether it is hidden), and `lists` for the
    parameters that list combatants ("Initiative: Wolf, Helga", "Tie: Wolf 3, Helga 5") as
    (id, text) parts, so a player's page lists only the parts it may see (`roster`).
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    audience: Audience = Audience.ALL
    about: str | None = None
    secret: Mapping[str, Audience] = field(default_factory=dict)
    lists: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)


ChangeKind = Literal[
    "hp",  # value: the new HP
    "add_condition",  # value: the condition
    "remove_condition",
    "add_effect",  # value: an Effect
    "remove_effect",  # value: the Effect removed; before: its index (undo puts it back there)
    "initiative",  # value: the new initiative (int or None)
    "turn",  # value: the new per-round bookkeeping mapping
]


@dataclass(frozen=True)
class Change:
    """One change to one combatant; `before` makes it invertible (undo)."""

    combatant: str
    kind: ChangeKind
    value: Any
    before: Any = None


@dataclass(frozen=True)
class Outcome:
    """What an action, an initiative roll or a round's effects did."""

    summary: Step
    steps: tuple[Step, ...] = ()
    rolls: tuple[RolledDice, ...] = ()
    changes: tuple[Change, ...] = ()
    order: tuple[str, ...] | None = None  # a new acting order, if this set one
    stage: Mapping[str, Any] | None = None  # a new stage of the round, if this set one
    notes: tuple[Step, ...] = ()  # GM notes: "sixes without a wound: push or scare"
    data: Mapping[str, Any] = field(default_factory=dict)  # machine-readable facts for replay


# --- what may happen --------------------------------------------------------------------------


@dataclass(frozen=True)
class ValueField:
    """A modifier that takes a value, for the action form: a whole number, or one of `choices`.

    Resolved actions get it in `Action.modifiers[key]` as an int, or as the chosen key (str).
    An empty answer leaves the key out, so the engine's default applies.
    """

    key: str  # "distance", "vision", "rounds" …
    label: Step
    choices: tuple[tuple[str, Step], ...] = ()  # empty: a whole number
    minimum: int = -99
    maximum: int = 999


@dataclass(frozen=True)
class ActionOption:
    """An action the actor may take now, with what the form must ask for."""

    kind: str  # "attack", "sprint", "flee" …
    label: Step
    needs_target: bool = False
    needs_weapon: bool = False
    modifiers: tuple[str, ...] = ()  # the situational modifiers the GM may tick
    values: tuple[ValueField, ...] = ()  # the ones that take a number or a choice
    gm_only: bool = False  # the GM's bookkeeping (5e: apply a condition): never a player's
    main: tuple[str, ...] = ()  # value keys that say what the action is (the form shows them up
    # front, not among the situation's): the condition a GM applies, the HP healed


@dataclass(frozen=True)
class Badge:
    """One thing the tracker shows beside a combatant: "pool 5/8", "3 (5) + 1d6 (2d6)", or a
    condition monitor drawn as `total` boxes with `filled` of them marked."""

    label: Step
    filled: int | None = None  # not None: draw boxes
    total: int = 0
    good: bool = False  # the filled boxes are good news (5e death-save successes), not harm


@dataclass(frozen=True)
class Group:
    """A block of the tracker: OSE's side acting together ("Party — rolled 5")."""

    label: Step
    members: tuple[str, ...]  # combatant ids, in the order they appear
    active: bool = False


@dataclass(frozen=True)
class TrackerView:
    """What an engine adds to the generic tracker (all optional)."""

    header: tuple[Step, ...] = ()  # "Pass 2", "Phase: missiles"
    badges: Mapping[str, tuple[Badge, ...]] = field(default_factory=dict)  # by combatant id
    groups: tuple[Group, ...] = ()  # empty: one list in `order`
    acted: frozenset[str] = frozenset()  # ids who already acted in this stage
    maxima: Mapping[str, int] = field(default_factory=dict)  # an HP maximum now, where it differs


@dataclass(frozen=True)
class Action:
    """An action as the GM or a player chose it."""

    kind: str
    actor: str
    targets: tuple[str, ...] = ()
    weapon: str | None = None  # a weapon's name among the actor's weapons
    modifiers: Mapping[str, Any] = field(default_factory=dict)


def joined(
    *,
    id: str,
    name: str,
    side: str,
    stats: Mapping[str, Any],
    hp: int,
    is_npc: bool,
    weapons: Sequence[Mapping[str, Any]],
    armor: Sequence[Mapping[str, Any]],
) -> Combatant:
    """A combatant as it joins a fight, at full `hp`, with copies of its equipment (each
    engine's `combatant_from_record` computes the stats and HP, then calls this)."""
    return Combatant(
        id=id,
        name=name,
        side=side,
        stats=stats,
        hp=hp,
        max_hp=hp,
        weapons=tuple(dict(w) for w in weapons),
        armor=tuple(dict(a) for a in armor),
        is_npc=is_npc,
    )


class RulesError(ValueError):
    """The action is not allowed now; `template` % `params` says why (translated by the web)."""

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


# --- applying changes, generically ------------------------------------------------------------


def _with(combatant: Combatant, **values: Any) -> Combatant:
    """`dataclasses.replace` without re-running __init__: the simulator applies millions of
    changes, and replace() was a quarter of its time. Only for fields already validated."""
    new = object.__new__(Combatant)
    new.__dict__.update(combatant.__dict__)
    new.__dict__.update(values)
    return new


def _changed(combatant: Combatant, change: Change, *, undo: bool) -> Combatant:
    value = change.before if undo else change.value
    kind = change.kind
    if kind == "hp":
        return _with(combatant, hp=value)
    if kind == "initiative":
        return _with(combatant, initiative=value)
    if kind == "turn":
        return _with(combatant, turn=value)
    adding = kind in ("add_condition", "add_effect")
    if undo:
        adding = not adding
    if kind in ("add_condition", "remove_condition"):
        conditions = (
            combatant.conditions | {change.value}
            if adding
            else combatant.conditions - {change.value}
        )
        return _with(combatant, conditions=frozenset(conditions))
    effects = tuple(e for e in combatant.effects if e.key != change.value.key)
    if not adding:
        return _with(combatant, effects=effects)
    # Undoing a removal puts the effect back at its index, so the order effects act in survives.
    back = undo and change.kind == "remove_effect" and type(change.before) is int
    at = min(change.before, len(effects)) if back else len(effects)
    return _with(combatant, effects=effects[:at] + (change.value,) + effects[at:])


def apply(fight: Fight, changes: Sequence[Change], *, undo: bool = False) -> Fight:
    """The fight after `changes` (or before them, with undo=True: applied in reverse)."""
    if not changes:
        return fight
    combatants = list(fight.combatants)
    where = _positions(fight)
    for change in reversed(changes) if undo else changes:
        index = where[change.combatant]
        combatants[index] = _changed(combatants[index], change, undo=undo)
    new = moved(fight, combatants=tuple(combatants))
    new.__dict__["_where"] = where  # nobody moved
    return new


def moved(fight: Fight, **values: Any) -> Fight:
    """`dataclasses.replace` for a Fight, without re-running __init__ (see `_with`): the fight
    moves on (current, round, order, stage, combatants) millions of times in a simulation."""
    new = object.__new__(Fight)
    new.__dict__.update(fight.__dict__)
    new.__dict__.update(values)
    if "combatants" in values:
        new.__dict__.pop("_where", None)
    return new


def hp_change(combatant: Combatant, new_hp: int) -> Change:
    return Change(combatant.id, "hp", new_hp, before=combatant.hp)


def condition_change(combatant: Combatant, condition: str, *, add: bool = True) -> Change | None:
    """A condition change, or None when it would change nothing."""
    if add == combatant.has(condition):
        return None
    return Change(combatant.id, "add_condition" if add else "remove_condition", condition)
