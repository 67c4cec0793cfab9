"""How `simulate` uses a system's fast path (issue P): in chunks of `CHUNK` fights, each with a
seed of its own, `stop` asked after each; the engine plays every fight when the fast path
declines; the fights it played are counted as fast. The fast paths themselves are held to the
engines by tests/rules/<system>/test_fast.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from combat.rules.base import Fight
from combat.rules.engines import get_engine, tactics_for
from combat.rules.simulate import CHUNK, Simulation, simulate
from tests.rules.simulate_fights import BENCH, prepared


@dataclass
class Recording:
    """A fast path that wins every fight for the first side and notes how it was asked."""

    declines: bool = False
    asked: list[tuple[int, int, int]] = field(default_factory=list)

    def __call__(
        self, fight: Fight, *, fights: int, seed: int, round_cap: int
    ) -> Simulation | None:
        self.asked.append((fights, seed, round_cap))
        if self.declines:
            return None
        first = fight.combatants[0].side
        sides = tuple(dict.fromkeys(c.side for c in fight.combatants))
        drops = dict.fromkeys((c.id for c in fight.combatants), 0)
        return Simulation(
            fights, fights, {first: fights}, 0, 0, {2: fights}, drops, 0, seed, round_cap, sides
        )


def _fight() -> Fight:
    return prepared("ose", BENCH["ose"])[1]


def test_the_fast_path_plays_in_chunks_each_with_a_seed_of_its_own() -> None:
    fast = Recording()
    result = simulate(
        get_engine("ose"),
        _fight(),
        tactics_for("ose"),
        fights=2_500,
        seed=7,
        round_cap=30,
        fast=fast,
    )  # type: ignore[arg-type]
    assert [n for n, _, _ in fast.asked] == [CHUNK, CHUNK, 500]
    assert len({seed for _, seed, _ in fast.asked}) == 3
    assert {cap for _, _, cap in fast.asked} == {30}
    assert (result.fights, result.requested, result.fast, result.seed) == (2_500, 2_500, 2_500, 7)
    assert result.wins == {"party": 2_500} and result.rounds == {2: 2_500}


def test_stop_is_asked_after_each_chunk() -> None:
    fast, asked = Recording(), []

    def stop() -> bool:
        asked.append(1)
        return len(asked) == 2

    result = simulate(
        get_engine("ose"), _fight(), tactics_for("ose"), fights=10_000, stop=stop, fast=fast
    )  # type: ignore[arg-type]
    assert result.fights == 2 * CHUNK and result.requested == 10_000 and len(fast.asked) == 2


def test_a_declined_fight_is_played_by_the_engine_and_not_counted_fast() -> None:
    fast = Recording(declines=True)
    result = simulate(get_engine("ose"), _fight(), tactics_for("ose"), fights=20, seed=3, fast=fast)  # type: ignore[arg-type]
    assert len(fast.asked) == 1
    assert result.fights == 20 and result.fast == 0
    assert result == simulate(get_engine("ose"), _fight(), tactics_for("ose"), fights=20, seed=3)  # type: ignore[arg-type]


def test_a_larger_fight_plays_smaller_chunks() -> None:
    fast = Recording()
    engine, fight = prepared("ose", [("Dagmar", "party", 20), ("Goblin", "enemies", 20)])
    simulate(engine, fight, tactics_for("ose"), fights=1_000, fast=fast)  # type: ignore[arg-type]
    assert {n for n, _, _ in fast.asked} == {CHUNK // 4}  # twice the combatants of CHUNK's


def test_interrupt_before_a_chunk_stops_the_fast_path() -> None:
    fast, asked = Recording(), []

    def interrupt() -> bool:
        asked.append(1)
        return len(asked) > 1

    result = simulate(
        get_engine("ose"),
        _fight(),
        tactics_for("ose"),
        fights=5_000,
        interrupt=interrupt,
        fast=fast,
    )  # type: ignore[arg-type]
    assert result.fights == CHUNK and result.fast == CHUNK and len(fast.asked) == 1


def test_a_fight_too_large_for_one_uninterruptible_chunk_is_left_to_the_engine() -> None:
    """Beyond FAST_COMBATANTS the engine plays, a turn at a time, so the time limit holds."""
    from combat.rules.simulate import FAST_COMBATANTS

    fast = Recording()
    half = FAST_COMBATANTS // 2 + 1
    engine, fight = prepared("ose", [("Dagmar", "party", half), ("Goblin", "enemies", half)])
    result = simulate(engine, fight, tactics_for("ose"), fights=2, fast=fast)  # type: ignore[arg-type]
    assert fast.asked == [] and result.fights == 2 and result.fast == 0


def test_a_fast_path_that_fails_leaves_the_fights_to_the_engine(caplog) -> None:  # type: ignore[no-untyped-def]
    def broken(fight: Fight, *, fights: int, seed: int, round_cap: int) -> Simulation | None:
        raise IndexError("a fast path's own mistake")

    result = simulate(get_engine("ose"), _fight(), tactics_for("ose"), fights=5, fast=broken)  # type: ignore[arg-type]
    assert result.fights == 5 and result.fast == 0
    assert "the fast path failed" in caplog.text
