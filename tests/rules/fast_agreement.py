"""The check every fast path (issue P) passes against its system's engine: the same fight
simulated both ways agrees, within 4 standard errors, on each side's chance to win, the chance
that nobody wins or that the fight is undecided, the mean number of rounds of a decided fight,
and each combatant's chance to drop. The engine is the truth (combat.rules.simulate)."""

from __future__ import annotations

import math
from collections.abc import Callable

from combat.rules.base import Action, Fight
from combat.rules.engine import EngineBase
from combat.rules.engines import fast_for, get_engine, tactics_for
from combat.rules.faces import FaceSource
from combat.rules.flow import after
from combat.rules.simulate import ROUND_CAP, Simulation, simulate

SIGMAS = 4.0


def both(
    system: str,
    fight: Fight,
    *,
    fast_fights: int = 20_000,
    engine_fights: int = 1_000,
    seed: int = 1,
) -> tuple[Simulation, Simulation]:
    """The same fight through the fast path and through the engine (never the fast path)."""
    fast, tactics = fast_for(system), tactics_for(system)
    assert fast is not None and tactics is not None, f"{system} has no fast path"
    quick = fast(fight, fights=fast_fights, seed=seed, round_cap=ROUND_CAP)
    assert quick is not None, "the fast path declined the fight"
    assert quick.fights == fast_fights
    slow = simulate(get_engine(system), fight, tactics, fights=engine_fights, seed=seed)
    return quick, slow


def disagreements(quick: Simulation, slow: Simulation) -> list[str]:
    """Every figure on which the two differ by more than `SIGMAS` standard errors."""
    found: list[str] = []
    counts = {
        f"wins of {side}": (quick.wins.get(side, 0), slow.wins.get(side, 0))
        for side in {*quick.wins, *slow.wins}
    }
    counts["nobody wins"] = (quick.nobody, slow.nobody)
    counts["undecided"] = (quick.undecided, slow.undecided)
    for combatant, dropped in slow.drops.items():
        counts[f"{combatant} drops"] = (quick.drops.get(combatant, 0), dropped)
    for name, (a, b) in sorted(counts.items()):
        p1, p2 = a / quick.fights, b / slow.fights
        pooled = (a + b) / (quick.fights + slow.fights)
        error = math.sqrt(pooled * (1 - pooled) * (1 / quick.fights + 1 / slow.fights))
        if abs(p1 - p2) > SIGMAS * error:
            found.append(f"{name}: fast {p1:.4f}, engine {p2:.4f} (4 SE = {SIGMAS * error:.4f})")
    m1, v1, n1 = _rounds(quick)
    m2, v2, n2 = _rounds(slow)
    if n1 and n2:
        error = math.sqrt(v1 / n1 + v2 / n2) or 1e-9
        if abs(m1 - m2) > SIGMAS * error:
            found.append(f"mean rounds: fast {m1:.3f}, engine {m2:.3f} (4 SE = {4 * error:.3f})")
    return found


def _rounds(result: Simulation) -> tuple[float, float, int]:
    """The mean and variance of a decided fight's rounds, and how many were decided."""
    n = sum(result.rounds.values())
    if not n:
        return 0.0, 0.0, 0
    mean = sum(r * k for r, k in result.rounds.items()) / n
    return mean, sum(k * (r - mean) ** 2 for r, k in result.rounds.items()) / n, n


def assert_agrees(system: str, fight: Fight, **sizes: int) -> None:
    quick, slow = both(system, fight, **sizes)
    found = disagreements(quick, slow)
    assert not found, "the fast path and the engine disagree:\n" + "\n".join(found)


def play_turn(
    engine: EngineBase,
    fight: Fight,
    choose: Callable[[Fight, str, int], Action | None],
    faces: FaceSource,
) -> Fight:
    """The current combatant's actions this turn as the tactics choose them (at most ten),
    each resolved by the engine; nobody's turn: none."""
    for taken in range(10):
        action = None if fight.current is None else choose(fight, fight.current, taken)
        if action is None:
            break
        fight = after(fight, engine.resolve(fight, action, faces))
    return fight
