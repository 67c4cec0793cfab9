"""combat.rules.clock: a lair action at initiative 20 fires once every round, as the turn passes
20 (before the first combatant below it; or as the round ends when nobody is below it); a
countdown fires once as its round begins and is gone; every line about the entry's holder."""

from dataclasses import replace

from combat.rules.base import Combatant, Fight, Outcome, Step, apply
from combat.rules.clock import CLOCK, added, cleared, passed
from combat.rules.engine import EngineBase
from combat.rules.faces import TypedFaces
from combat.rules.flow import next_turn


class Plain(EngineBase):
    key = "plain"

    def start_of_round(self, fight: Fight, faces: object) -> Outcome:
        return Outcome(Step("Round %(round)s begins", {"round": fight.round}))


def _fight(*initiatives: int) -> Fight:
    ids = [chr(ord("a") + n) for n in range(len(initiatives))]
    combatants = tuple(
        Combatant(id=i, name=i.upper(), side=i, stats={}, hp=5, max_hp=5, initiative=n)
        for i, n in zip(ids, initiatives, strict=True)
    )
    return Fight(round=1, combatants=combatants, order=tuple(ids), current=ids[0])


def _with(fight: Fight, holder: str, **entry: int) -> Fight:
    at, rounds = entry.get("at"), entry.get("rounds")
    return apply(fight, [added(fight.get(holder), "Lair", at=at, rounds=rounds, now=fight.round)])


def _fired(fight: Fight, turns: int) -> list[tuple[int, str]]:
    """(round, whose turn it became) for each Next turn that fired the clock."""
    fired = []
    for _turn in range(turns):
        turned = next_turn(Plain(), fight, TypedFaces([]))
        templates = (
            [turned.outcome.summary.template, *(s.template for s in turned.outcome.steps)]
            if turned.outcome
            else []
        )
        if any("initiative %(at)s" in t or "round %(round)s" in t for t in templates):
            fired.append((turned.fight.round, turned.fight.current))
        fight = turned.fight
    return fired


def test_everyone_below_20_it_fires_as_each_round_begins():
    fight = _with(_fight(18, 10), "b", at=20)
    assert _fired(fight, 6) == [(2, "a"), (3, "a"), (4, "a")]


def test_between_22_and_15_it_fires_as_the_turn_passes_20():
    fight = _with(_fight(22, 15), "a", at=20)
    assert _fired(fight, 6) == [(1, "b"), (2, "b"), (3, "b")]


def test_a_lair_action_loses_initiative_ties():
    """Issue O: "lair actions at initiative 20 losing ties" — a combatant at 20 acts first; the
    entry fires as the turn passes from 20 to 12."""
    fight = _with(_fight(20, 12), "b", at=20)
    assert _fired(fight, 6) == [(1, "b"), (2, "b"), (3, "b")]


def test_everyone_above_it_fires_as_the_round_ends():
    fight = _with(_fight(25, 21), "a", at=20)
    assert _fired(fight, 4) == [(2, "a"), (3, "a")]


def test_a_countdown_fires_once_and_is_gone():
    fight = _with(_fight(18, 10), "a", rounds=2)  # round 1 + 2: as round 3 begins
    assert _fired(fight, 8) == [(3, "a")]
    turned = next_turn(Plain(), replace(fight, current="b", round=2), TypedFaces([]))
    assert turned.fight.get("a").effects == ()
    line = turned.outcome.steps[-1]
    assert line.params["label"] == "Lair" and line.about == "a"


def test_the_line_is_about_its_holder_and_clearing_takes_every_entry_off():
    fight = _with(_with(_fight(18, 10), "b", at=20), "b", rounds=5)
    assert [e.kind for e in fight.get("b").effects] == [CLOCK, CLOCK]
    outcome = passed(replace(fight, current="b"), replace(fight, round=2, current="a"))
    assert outcome is not None and outcome.summary.about is None  # a neutral summary
    assert [line.about for line in outcome.steps] == ["b"]  # the line is about its holder
    assert apply(fight, cleared(fight.get("b"))).get("b").effects == ()


def test_an_engines_next_stage_is_no_point_of_the_count():
    fight = _with(_fight(22, 15), "a", at=20)
    assert passed(fight, replace(fight, current="b", stage={"pass": 2})) is None
