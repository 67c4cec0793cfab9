"""Simulating from the end of a round whose last phase was simultaneous (seed 001, "Remízy: …
akce obou stran se vyhodnotí současně"; Rulings: the damage lands after both sides have resolved
the phase): the blows have landed, nobody's turn is left, and the next Next turn ends the round.
The simulator rolls initiative for a fight where it is nobody's turn; that must not stop it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.base import Fight
from combat.rules.engines import tactics_for
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.flow import after, next_turn
from combat.rules.simulate import simulate
from combat.rules.simulation import Simulation
from tests.rules.fast_agreement import play_turn
from tests.rules.ose.helpers import ENGINE, SWORD, Table, fighter, goblin
from tests.rules.simulate_fights import BENCH, prepared

INDIVIDUAL = {"individual_initiative": "yes", "initiative_ties": "simultaneous"}
SIDES = {"initiative_ties": "simultaneous"}


def _round_end(**options: str) -> Table:
    """Hero and goblin tie at initiative 4 and trade blows; their damage lands at the end of
    the melee phase, the last one of round 1."""
    hero = fighter("hero", weapons=[SWORD], hp=20)
    table = Table(hero, goblin("g1", hp=20, ac=9), **options)
    table.initiative(4, 4)
    assert table.fight.stage["blocks"][0]["together"] is True
    table.until("b1", "melee")
    table.act("melee", "hero", ["g1"], [15, 3])
    table.next()
    table.act("melee", "g1", ["hero"], [15, 5])
    assert table.next() is not None  # "End of the round's actions: the simultaneous damage …"
    assert table.fight.current is None and table.fight.round == 1
    assert (table.get("hero").hp, table.get("g1").hp) == (15, 17)
    return table


def _played(fight: Fight, fights: int) -> Simulation:
    tactics = tactics_for("ose")
    assert tactics is not None
    return simulate(ENGINE, fight, tactics, fights=fights, seed=3)


@pytest.mark.parametrize("options", [INDIVIDUAL, SIDES], ids=["individual", "sides"])
def test_a_simulation_from_the_end_of_a_simultaneous_round_plays_on(
    options: dict[str, str],
) -> None:
    fight = _round_end(**options).fight
    result = _played(fight, 40)
    assert result.fights == 40 and result.fallbacks == 0
    assert sum(result.wins.values()) + result.nobody + result.undecided == 40
    assert min(result.rounds) >= 2  # round 1 has no turn left: the fights go on in round 2


def test_initiative_at_the_end_of_the_round_changes_nothing_and_next_turn_goes_on() -> None:
    table = _round_end(**INDIVIDUAL)
    before = table.fight
    outcome = ENGINE.roll_initiative(before, ["hero", "g1"], TypedFaces(()))
    assert outcome.changes == () and outcome.rolls == () and outcome.order == ()
    assert after(before, outcome).stage == before.stage
    table.take(outcome)
    table.next()
    assert table.fight.round == 2 and table.fight.stage == {"step": "declare"}


def _benchmark_at_a_round_end(seed: int) -> Fight:
    """The benchmark fight with individual initiative and simultaneous ties, played turn by
    turn through the engine until a round ends on a simultaneous phase (nobody's turn)."""
    engine, fight = prepared("ose", BENCH["ose"], morale="yes", **INDIVIDUAL)
    tactics, faces = tactics_for("ose"), SeededFaces(seed)
    assert tactics is not None
    choose = tactics.plan(fight)
    fight = after(fight, engine.roll_initiative(fight, [c.id for c in fight.combatants], faces))
    fight = replace(fight, round=1, current=fight.order[0])
    for _turn in range(200):
        fight = play_turn(engine, fight, choose, faces)
        turned = next_turn(engine, fight, faces).fight
        if turned.round != fight.round:
            ids = [c.id for c in turned.combatants]
            turned = after(turned, engine.roll_initiative(turned, ids, faces))
            turned = replace(turned, current=turned.order[0] if turned.order else None)
        fight = turned
        if fight.current is None and fight.stage.get("step") == "act":
            return fight
    raise AssertionError("no round ended on a simultaneous phase")


def test_the_benchmark_fight_simulates_from_a_simultaneous_round_end() -> None:
    fight = _benchmark_at_a_round_end(0)
    assert not ENGINE.is_over(fight)
    result = _played(fight, 30)
    assert result.fights == 30 and result.fallbacks == 0
    assert min(result.rounds) > fight.round
