"""An Old-School Essentials fight compiled for the fast path (combat.rules.ose.fast): each
combatant's numbers read once into flat arrays, its attacks as the tactics choose them and the
engine resolves them, and `Declined` for anything the fast path does not play."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from combat.rules.arrays import Ints
from combat.rules.base import Combatant, Fight
from combat.rules.dice import parse
from combat.rules.ose.common import MELEE, MISSILE, Arm, aac, arms, attack_bonus, is_out, number
from combat.rules.ose.initiative import dex_initiative
from combat.rules.ose.options import enabled, option
from combat.rules.ose.stage import step
from combat.rules.ose.tactics import best_arm

Dice = tuple[tuple[tuple[int, int, int], ...], int]  # ((count, sides, sign), …), constant

OUT_HP = 1 << 40  # the HP column of a combatant out of the fight: never the weakest enemy
# The same fights either way: whose turns Next turn passes over (OSE's orders hold only those
# able to act), a wait that OSE never has, who reads the log.
NEUTRAL_OPTIONS = frozenset({"skip_defeated", "new_round_waits", "monster_stats"})
KNOWN_OPTIONS = NEUTRAL_OPTIONS | {
    "ascending_ac",
    "variable_damage",
    "morale",
    "individual_initiative",
    "initiative_ties",
}
# Effects it knows: engagement (only movement reads it) and spent spells (only the tracker) change
# no fight the tactics play; a side's morale is read into SideMorale.
KNOWN_EFFECTS = frozenset({"melee", "spells_expended", "morale"})
# The phases in which a combatant may attack, in the round's order: (kind, slow).
PHASES = ((MISSILE, False), (MELEE, False), (MISSILE, True), (MELEE, True))


class Declined(Exception):
    """The fight holds something the fast path does not play."""


@dataclass(frozen=True)
class Attacker:
    """A combatant's attacks in a round: its column, its enemies' columns (`view`: a slice when
    they are contiguous), the natural d20 it needs against each, and each attack's dice."""

    col: int
    view: slice | Ints
    cols: Ints
    need: Ints
    dice: tuple[Dice, ...]


@dataclass(frozen=True)
class SideMorale:
    """A side's morale (combat.rules.ose.morale): its monsters that check (not morale 12), their
    scores, and where it stands (a check due, the prompts given, checks passed)."""

    cols: Ints
    scores: Ints
    pending: bool = False
    half: bool = False
    first: bool = False
    passed: int = 0


@dataclass(frozen=True)
class Plan:
    """One fight compiled; its columns are the combatants grouped by side, in the fight's order."""

    ids: tuple[str, ...]  # the combatant of each column
    fight_ids: tuple[str, ...]  # the combatants in the fight's order
    sides: tuple[str, ...]
    hp: Ints  # OUT_HP for those out of the fight
    spans: tuple[tuple[int, int], ...]  # each side's columns
    phases: tuple[tuple[tuple[Attacker, ...], ...], ...]  # per phase of PHASES, per side
    together: bool  # tied sides act at once (their blows land at the end of each phase)
    attackers: tuple[tuple[int, Attacker], ...]  # per column: its phase (-1: none), attacks
    initiative: Ints | None  # with individual initiative: each column's DEX modifier to it
    first: int  # the first round played
    morale: tuple[SideMorale, ...] | None  # per side, with the option `morale`


def compiled(fight: Fight) -> Plan:
    """The fight as flat arrays; Declined when it holds something the fast path does not play."""
    _check(fight)
    sides = tuple(dict.fromkeys(c.side for c in fight.combatants))
    people = sorted(fight.combatants, key=lambda c: sides.index(c.side))  # stable: fight order
    spans = tuple(
        (cols[0], cols[-1] + 1) if cols else (0, 0)
        for cols in ([i for i, c in enumerate(people) if c.side == s] for s in sides)
    )
    found = [_attacker(fight, people, spans, col) for col in range(len(people))]
    per_phase = [
        [tuple(a for p, a in found if p == phase and lo <= a.col < hi) for lo, hi in spans]
        for phase in range(len(PHASES))
    ]
    return Plan(
        ids=tuple(c.id for c in people),
        fight_ids=tuple(c.id for c in fight.combatants),
        sides=sides,
        hp=np.array([OUT_HP if is_out(c) else c.hp for c in people], dtype=np.int64),
        spans=spans,
        phases=tuple(tuple(side) for side in per_phase),
        together=option(fight, "initiative_ties") == "simultaneous",
        attackers=tuple(found),
        initiative=_initiative(fight, people),
        first=max(fight.round, 1),
        morale=_morale(people, spans) if enabled(fight, "morale") else None,
    )


def _check(fight: Fight) -> None:
    """Only a fight between rounds (its initiative still to roll), with options and effects
    that the fast path plays."""
    if set(fight.options) - KNOWN_OPTIONS:
        raise Declined("options")
    if enabled(fight, "individual_initiative") and option(fight, "initiative_ties") != "reroll":
        raise Declined("simultaneous ties of single combatants")
    runs = [
        c.side
        for i, c in enumerate(fight.combatants)
        if not i or c.side != fight.combatants[i - 1].side
    ]
    if option(fight, "initiative_ties") == "simultaneous" and len(runs) != len(set(runs)):
        # A tied block acts side by side in the order the standing sides first appear.
        raise Declined("simultaneous ties between sides that take turns in the fight's list")
    if fight.current is not None or step(fight) != "declare":
        raise Declined("a round under way")
    if len({c.id for c in fight.combatants}) != len(fight.combatants):
        raise Declined("two combatants of one id")
    for c in fight.combatants:
        if c.turn or any(e.kind not in KNOWN_EFFECTS for e in c.effects):
            raise Declined("declarations or effects")
        if enabled(fight, "morale") and c.is_npc and number(c, "morale") == 2:
            raise Declined("morale 2")


def _initiative(fight: Fight, people: list[Combatant]) -> Ints | None:
    """With individual initiative, each one's 1d6 + DEX (combat.rules.ose.initiative)."""
    if not enabled(fight, "individual_initiative"):
        return None
    return np.array([dex_initiative(c) for c in people], dtype=np.int64)


def _attacker(
    fight: Fight, people: list[Combatant], spans: tuple[tuple[int, int], ...], col: int
) -> tuple[int, Attacker]:
    """The phase in which the combatant attacks (-1: never) and its attacks, as the tactics
    choose them: a shooter shoots, everyone else uses its melee arm, all attacks in the first
    phase it has an arm for (there are always targets while the fight goes on)."""
    actor = people[col]
    shoots = not any(arm.name or arm.monster for arm in arms(actor, MELEE))
    for phase, (kind, slow) in enumerate(PHASES):
        if not any(arm.slow == slow for arm in arms(actor, kind)):
            continue
        if kind == MISSILE and not shoots:
            continue
        view, enemies = _enemies(fight, people, actor)
        need = np.array([_need(fight, actor, people[i], kind) for i in enemies], dtype=np.int64)
        count = number(actor, "attacks_per_round")
        used = _arms_used(actor, kind, slow, count)
        dice = tuple(_dice(fight, actor, arm) for arm in used)
        return phase, Attacker(col, view, enemies, need, dice)
    return -1, Attacker(col, slice(0, 0), np.zeros(0, np.int64), np.zeros(0, np.int64), ())


def _enemies(fight: Fight, people: list[Combatant], actor: Combatant) -> tuple[slice | Ints, Ints]:
    """The columns of the actor's enemies in the fight's order (the tactics take the first of
    equally hurt enemies), and a slice of them when they are one run of columns."""
    place = {c.id: i for i, c in enumerate(fight.combatants)}
    cols = sorted(
        (i for i, c in enumerate(people) if c.side != actor.side), key=lambda i: place[people[i].id]
    )
    found = np.array(cols, dtype=np.int64)
    if cols == list(range(cols[0], cols[0] + len(cols))) if cols else False:
        return slice(cols[0], cols[0] + len(cols)), found
    return found, found


def _arms_used(actor: Combatant, kind: str, slow: bool, count: int) -> list[Arm]:
    """The arm of each attack as combat.rules.ose.attack.choose_arm takes it for the tactics'
    action: the named best arm, else the monster's routine or the first arm of this speed."""
    best = best_arm(actor, kind, slow=slow)
    fitting = [arm for arm in arms(actor, kind) if arm.slow == slow]
    if best is not None and best.name and not best.monster:
        named = next(arm for arm in arms(actor, kind) if arm.name == best.name)
        if named != best:
            raise Declined("two arms of one name")
        return [best] * count
    routine = [arm for arm in fitting if arm.monster]
    if routine:
        return [routine[done % len(routine)] for done in range(count)]
    return [fitting[0]] * count


def _need(fight: Fight, actor: Combatant, target: Combatant, kind: str) -> int:
    """The natural d20 that hits: the matrix (or the ascending rule) less STR in melee, DEX for
    missiles (at medium range, no cover); a natural 20 always hits and a 1 always misses."""
    bonus = number(actor, "str_mod" if kind == MELEE else "dex_mod")
    if enabled(fight, "ascending_ac"):
        total = aac(target) - attack_bonus(actor)
    else:
        total = min(20, max(2, number(actor, "thac0") - number(target, "ac")))
    return min(20, max(2, total - bonus))


def _dice(fight: Fight, actor: Combatant, arm: Arm) -> Dice:
    """The damage roll of an arm (combat.rules.ose.attack._damage), parsed to plain dice."""
    if arm.monster:
        base = arm.damage
    elif enabled(fight, "variable_damage"):
        base = arm.damage if arm.name else "1d2"
    else:
        base = "1d6"
    strength = number(actor, "str_mod") if arm.kind == MELEE and not arm.monster else 0
    parsed = parse(f"{base}{strength:+d}" if strength else base)
    if parsed.counts_successes or not all(term.plain for term in parsed.terms):
        raise Declined("dice the fast path does not roll")
    terms = tuple(
        (t.count, t.sides, sign) for t, sign in zip(parsed.terms, parsed.signs, strict=True)
    )
    return terms, parsed.constant


def _morale(people: list[Combatant], spans: tuple[tuple[int, int], ...]) -> tuple[SideMorale, ...]:
    """Each side's checkers and its state, read from its monsters' "morale" effects: the same
    for every standing checker (the engine prompts and settles a side's checks together)."""
    found = []
    for lo, hi in spans:
        cols = [i for i in range(lo, hi) if people[i].is_npc and number(people[i], "morale") < 12]
        states = {_state(people[i]) for i in cols if not is_out(people[i])}
        if len(states) > 1:
            raise Declined("a side whose monsters stand differently on morale")
        pending, passed = states.pop() if states else (False, 0)
        if pending and passed >= 2:
            raise Declined("a check due after two passed")
        prompted = {
            str(reason)
            for c in people[lo:hi]
            for e in c.effects
            if e.kind == "morale"
            for reason in e.data.get("prompted", ())
        }
        half = "half_down" in prompted
        first = half or "first_death" in prompted
        scores = np.array([number(people[i], "morale") for i in cols], dtype=np.int64)
        found.append(
            SideMorale(np.array(cols, dtype=np.int64), scores, pending, half, first, passed)
        )
    return tuple(found)


def _state(combatant: Combatant) -> tuple[bool, int]:
    """A monster's own morale state: a check due, and how many it passed."""
    found = next((e for e in combatant.effects if e.kind == "morale"), None)
    data = found.data if found is not None else {}
    pending = str(data.get("pending", ""))
    if pending == "never_fights":
        raise Declined("morale 2")
    return bool(pending), int(data.get("passed", 0))
