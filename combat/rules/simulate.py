"""Playing a fight to its end many times with seeded dice (issue J): who wins, how long it takes,
who drops.

Pure and generic: the same engine as live play resolves every action (no second copy of any
rule), the fight moves on with `combat.rules.flow.next_turn` exactly as the "Next turn" button
does, and a system's simple tactics (its description's `tactics`) choose each action. Dice
come from one `SeededFaces` per simulation (a local `random.Random`, never the global one), so a
seed gives the same result again. There is no clock here: a caller with a time budget passes
`stop`, asked after every fight, and `interrupt`, asked before every turn (issue K: one long
fight must not outlast the budget either); a fight interrupted is not counted.

A tactics module provides:

    plan(fight) -> Choose          once per simulation (the best weapons are picked here);
                                   Choose(fight, actor, taken) -> Action | None chooses the
                                   actor's next action in its turn (`taken`: actions it already
                                   took in this turn), None passes
    is_out(combatant) -> bool      the system's own "out of the fight"
    new_initiative(fight) -> bool  optional: the GM rolls initiative again at the start of this
                                   round (Dračí Hlídka rolls every round); a round that begins
                                   with nobody's turn (OSE's declarations) always rolls
    after_turn(fight, ended) -> list[Action]
                                   optional: what others do as `ended`'s turn ends (5e's
                                   legendary actions); asked again after each one lands,
                                   each other creature acting once at a turn's end

An action the engine refuses (RulesError, InvalidDice) counts as a fallback and the actor passes,
so a tactic's mistake never ends a simulation; the count is shown when it is not zero.

A system may also bring a fast path (issue P, its description's `fast`; combat.rules.simulation):
the same rules and the same tactics compiled for one fight state into flat arrays and played
many fights at a time. `simulate` asks it first, in chunks (so `stop` is still asked), and plays
the fights through the engine when it answers None (a rule of this fight it does not play); the
engines stay the truth, and tests/rules/fast_agreement.py holds every fast path to them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from combat.rules.base import Action, Combatant, Fight, Outcome, RulesError, moved
from combat.rules.dice import InvalidDice, parse
from combat.rules.engine import EngineBase
from combat.rules.faces import FaceSource, SeededFaces
from combat.rules.flow import after, next_turn
from combat.rules.simulation import CHUNK as CHUNK
from combat.rules.simulation import FAST_COMBATANTS as FAST_COMBATANTS
from combat.rules.simulation import FastPath as FastPath
from combat.rules.simulation import Simulation as Simulation
from combat.rules.simulation import combined as combined
from combat.rules.simulation import play_fast

FIGHTS = 10_000  # the default number of fights
ROUND_CAP = 50  # a fight still going after this many rounds is "undecided"
MAX_ACTIONS = 10  # actions one actor may take in one turn (a 5e Multiattack is a few)
Choose = Callable[[Fight, str, int], Action | None]


class _Stopped(Exception):
    """`stop` said so in the middle of a fight."""


class Tactics(Protocol):
    def plan(self, fight: Fight) -> Choose: ...

    def is_out(self, combatant: Combatant) -> bool: ...


@dataclass
class _One:
    """One fight's result."""

    winner: str | None = None
    round: int = 0
    undecided: bool = False
    dropped: set[str] = field(default_factory=set)
    fallbacks: int = 0


def simulate(
    engine: EngineBase,
    fight: Fight,
    tactics: Tactics,
    *,
    fights: int = FIGHTS,
    seed: int = 0,
    round_cap: int = ROUND_CAP,
    stop: Callable[[], bool] | None = None,
    interrupt: Callable[[], bool] | None = None,
    fast: FastPath | None = None,
) -> Simulation:
    """Play `fight` from its current state to the end `fights` times (fewer when `stop` says
    so after a fight, or after a chunk of the fast path's)."""
    if fast is not None:
        quick = play_fast(fast, fight, fights, seed, round_cap, stop, interrupt)
        if quick is not None:
            return quick
    faces = SeededFaces(seed)
    choose = tactics.plan(fight)
    tally = _Tally(drops=dict.fromkeys((c.id for c in fight.combatants), 0))
    while tally.played < fights:
        try:
            one = _play(engine, fight, tactics, choose, faces, round_cap, interrupt)
        except _Stopped:
            break
        tally.add(one)
        if stop is not None and stop():
            break
    sides = tuple(dict.fromkeys(c.side for c in fight.combatants))
    return Simulation(
        fights,
        tally.played,
        tally.wins,
        tally.nobody,
        tally.undecided,
        dict(sorted(tally.rounds.items())),
        tally.drops,
        tally.fallbacks,
        seed,
        round_cap,
        sides,
    )


@dataclass
class _Tally:
    """The fights played so far, counted."""

    drops: dict[str, int]
    wins: dict[str, int] = field(default_factory=dict)
    rounds: dict[int, int] = field(default_factory=dict)
    nobody: int = 0
    undecided: int = 0
    fallbacks: int = 0
    played: int = 0

    def add(self, one: _One) -> None:
        self.played += 1
        self.fallbacks += one.fallbacks
        for combatant_id in one.dropped:
            self.drops[combatant_id] += 1
        if one.undecided:
            self.undecided += 1
            return
        self.rounds[one.round] = self.rounds.get(one.round, 0) + 1
        if one.winner is None:
            self.nobody += 1
        else:
            self.wins[one.winner] = self.wins.get(one.winner, 0) + 1


def _play(
    engine: EngineBase,
    fight: Fight,
    tactics: Tactics,
    choose: Choose,
    faces: FaceSource,
    round_cap: int,
    interrupt: Callable[[], bool] | None = None,
) -> _One:
    over = _Over(engine)
    one = _One(dropped={c.id for c in fight.combatants if tactics.is_out(c)})
    already = set(one.dropped)  # out before the simulation began: not counted as dropping
    if fight.current is None:
        fight = _initiative(engine, fight, faces, [c.id for c in fight.combatants])
    limit = max(fight.round, 1) + round_cap - 1
    turns = round_cap * (len(fight.combatants) + 1) * 12  # a guard against an endless round
    while not over(fight) and turns > 0:
        turns -= 1
        if interrupt is not None and interrupt():
            raise _Stopped
        if fight.current is not None:
            fight = _turn(engine, fight, fight.current, tactics, choose, faces, one, over)
            fight = _after_turn(engine, fight, tactics, faces, one, over)
            if over(fight):
                break
        # Nobody's turn in a running round (OSE's simultaneous blows just landed): move on.
        turned = next_turn(engine, fight, faces)
        if turned.outcome is not None:
            _note_drops(turned.fight, turned.outcome, tactics, one)
        new_round = turned.fight.round != fight.round
        fight = turned.fight
        if new_round:
            if fight.round > limit:
                break
            if fight.current is None or _new_initiative(tactics, fight):
                standing = [c.id for c in fight.combatants if not tactics.is_out(c)]
                fight = _initiative(engine, fight, faces, standing)
    one.round = fight.round
    one.dropped -= already
    if not over(fight):
        one.undecided = True
        return one
    left = {c.side for c in fight.combatants if not tactics.is_out(c)}
    one.winner = next(iter(left)) if len(left) == 1 else None
    return one


def _turn(
    engine: EngineBase,
    fight: Fight,
    actor: str,
    tactics: Tactics,
    choose: Choose,
    faces: FaceSource,
    one: _One,
    over: _Over,
) -> Fight:
    """The actor's actions in its turn, until its tactic passes."""
    for taken in range(MAX_ACTIONS):
        action = choose(fight, actor, taken)
        if action is None:
            break
        try:
            outcome = engine.resolve(fight, action, faces)
        except (RulesError, InvalidDice):
            one.fallbacks += 1  # the tactic asked for something the rules forbid: pass
            break
        fight = after(fight, outcome)
        _note_drops(fight, outcome, tactics, one)
        if over(fight):
            break
    return fight


def _after_turn(
    engine: EngineBase, fight: Fight, tactics: Tactics, faces: FaceSource, one: _One, over: _Over
) -> Fight:
    """What the tactics' others do as the current turn ends (none without the hook). The hook
    is asked again after each action lands, so each choice sees the fight as it now stands (a
    legendary action never aims at whom the one before it felled); its first action by someone
    who has not acted at this turn's end is taken (SRD 5.1: a legendary action "at the end of
    another creature's turn", one at a time), so it is asked at most once per combatant."""
    others: Callable[[Fight, str], list[Action]] | None = getattr(tactics, "after_turn", None)
    if others is None or fight.current is None:
        return fight
    ended, acted = fight.current, set[str]()
    for _ in fight.combatants:
        if over(fight):
            break
        action = next((a for a in others(fight, ended) if a.actor not in acted), None)
        if action is None:
            break
        acted.add(action.actor)
        try:
            outcome = engine.resolve(fight, action, faces)
        except (RulesError, InvalidDice):
            one.fallbacks += 1
            continue
        fight = after(fight, outcome)
        _note_drops(fight, outcome, tactics, one)
    return fight


class _Over:
    """`engine.is_over`, asked once per state of the fight (the loop asks several times)."""

    __slots__ = ("is_over", "fight", "answer")

    def __init__(self, engine: EngineBase) -> None:
        self.is_over = engine.is_over
        self.fight: Fight | None = None  # kept, so its id cannot be reused by another state
        self.answer = False

    def __call__(self, fight: Fight) -> bool:
        if fight is not self.fight:
            self.fight, self.answer = fight, self.is_over(fight)
        return self.answer


def _note_drops(fight: Fight, outcome: Outcome, tactics: Tactics, one: _One) -> None:
    for change in outcome.changes:
        if change.combatant not in one.dropped and tactics.is_out(fight.get(change.combatant)):
            one.dropped.add(change.combatant)


def _new_initiative(tactics: Tactics, fight: Fight) -> bool:
    again: Callable[[Fight], bool] | None = getattr(tactics, "new_initiative", None)
    return again is not None and again(fight)


def _initiative(engine: EngineBase, fight: Fight, faces: FaceSource, ids: list[str]) -> Fight:
    """The GM's "Roll initiative" (combat.workflows.roll_initiative): round 1 at least, the
    first in the new order acts. The first roll is everyone's, as the button's; a new round's
    is only for those still standing (who is out acts no more: the same fights, fewer rolls)."""
    outcome = engine.roll_initiative(fight, ids, faces)
    fight = after(fight, outcome)
    return moved(fight, round=max(fight.round, 1), current=fight.order[0] if fight.order else None)


# --- helpers the tactics share ------------------------------------------------------------------


def weakest_enemy(
    fight: Fight, actor: Combatant, is_out: Callable[[Combatant], bool]
) -> Combatant | None:
    """The standing enemy with the fewest HP (there are no positions, so "nearest" cannot be
    told); among equals the first in the fight's list."""
    best: Combatant | None = None
    for other in fight.combatants:
        if other.side == actor.side or is_out(other):
            continue
        if best is None or other.hp < best.hp:
            best = other
    return best


def average(expression: str) -> float:
    """The mean of a damage expression, to rank weapons: exact for plain dice ("1d8+2": the
    middle of its range), the middle of the range otherwise; 0 for a bad one."""
    try:
        parsed = parse(expression)
    except InvalidDice:
        return 0.0
    return (parsed.min_total + parsed.max_total) / 2


def hits(engine: EngineBase, fight: Fight, action: Action, *, trials: int, seed: int = 0) -> int:
    """How often `action` hits (its Outcome's data["hit"]) in `trials` resolutions with the
    simulation's seeded dice: the check that the simulation agrees with the exact odds."""
    faces = SeededFaces(seed)
    resolve = engine.resolve
    return sum(1 for _ in range(trials) if resolve(fight, action, faces).data.get("hit"))
