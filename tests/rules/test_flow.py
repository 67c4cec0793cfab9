"""combat.rules.flow: the generic turn order, an engine's stages (advance) and between_turns."""

from dataclasses import dataclass, replace

from combat.rules.base import Change, Combatant, Fight, Outcome, Step
from combat.rules.engine import EngineBase
from combat.rules.faces import TypedFaces
from combat.rules.flow import SKIP_DEFEATED, combined, next_turn


def _fighter(cid: str) -> Combatant:
    return Combatant(id=cid, name=cid.upper(), side=cid, stats={}, hp=5, max_hp=5)


@dataclass
class Plain(EngineBase):
    """An engine with neither hook of its own: a new round after the last combatant."""

    key = "plain"

    def start_of_round(self, fight: Fight, faces: object) -> Outcome:
        return Outcome(Step("Round %(round)s begins", {"round": fight.round}))


class TwoPasses(Plain):
    """Everyone acts twice a round; the second pass in reverse order; a ticking timer."""

    def advance(self, fight: Fight, faces: TypedFaces) -> Outcome | None:
        if fight.stage.get("pass", 1) >= 2:
            return None
        return Outcome(Step("Pass 2"), order=tuple(reversed(fight.order)), stage={"pass": 2})

    def between_turns(self, fight: Fight, ended: str | None, faces: TypedFaces) -> Outcome | None:
        if fight.current != "b":
            return None
        b = fight.get("b")
        lost = faces.roll(6)
        return Outcome(Step("B burns"), changes=(Change("b", "hp", b.hp - lost, before=b.hp),))


FIGHT = Fight(round=1, combatants=(_fighter("a"), _fighter("b")), order=("a", "b"), current="a")


def test_without_hooks_the_turn_moves_on_then_a_new_round_begins():
    turned = next_turn(Plain(), FIGHT, TypedFaces([]))
    assert (turned.fight.current, turned.outcome) == ("b", None)
    turned = next_turn(Plain(), turned.fight, TypedFaces([]))
    assert (turned.fight.round, turned.fight.current) == (2, "a")
    assert turned.outcome.summary.params == {"round": 2}


def test_advance_continues_the_round_in_a_new_stage_before_a_new_round():
    engine = TwoPasses()
    at_b = replace(FIGHT, current="b")
    faces = TypedFaces([1])
    turned = next_turn(engine, at_b, faces)
    assert turned.fight.stage == {"pass": 2}
    assert (turned.fight.round, turned.fight.order, turned.fight.current) == (1, ("b", "a"), "b")
    assert faces.remaining == 0  # b's turn again in pass 2: between_turns used the face


def test_between_turns_changes_land_and_combine_with_the_new_stage():
    engine = TwoPasses()
    turned = next_turn(engine, replace(FIGHT, current="b"), TypedFaces([4]))
    assert turned.fight.get("b").hp == 1
    outcome = turned.outcome
    assert outcome.summary.template == "Pass 2" and outcome.steps[0].template == "B burns"
    assert outcome.stage == {"pass": 2} and outcome.order == ("b", "a")


def test_the_last_stage_ends_the_round():
    engine = TwoPasses()
    last = replace(FIGHT, order=("b", "a"), current="a", stage={"pass": 2})
    turned = next_turn(engine, last, TypedFaces([2]))
    assert (turned.fight.round, turned.fight.current, turned.fight.stage) == (2, "b", {"pass": 2})
    assert turned.outcome.summary.params == {"round": 2}  # start_of_round, then B burns
    assert turned.fight.get("b").hp == 3


def test_combined_keeps_both_outcomes_rolls_and_data():
    first = Outcome(Step("one"), data={"x": 1})
    then = Outcome(Step("two"), data={"y": 2}, stage={"pass": 3})
    both = combined(first, then)
    assert both.data == {"x": 1, "then": {"y": 2}} and both.stage == {"pass": 3}


# --- skipping the defeated (issue N) -------------------------------------------------------------

SKIP = {SKIP_DEFEATED: "yes"}


def _down(fight: Fight, *ids: str) -> Fight:
    return replace(
        fight,
        combatants=tuple(replace(c, hp=0) if c.id in ids else c for c in fight.combatants),
    )


THREE = Fight(
    round=1,
    combatants=(_fighter("a"), _fighter("b"), _fighter("c")),
    order=("a", "b", "c"),
    current="a",
    options=SKIP,
)


def test_with_the_option_the_turn_passes_over_the_defeated():
    turned = next_turn(Plain(), _down(THREE, "b"), TypedFaces([]))
    assert (turned.fight.round, turned.fight.current, turned.outcome) == (1, "c", None)


def test_without_the_option_the_defeated_keep_their_turns():
    for options in ({}, {SKIP_DEFEATED: "no"}):  # an older fight has no such key
        fight = replace(_down(THREE, "b"), options=options)
        assert next_turn(Plain(), fight, TypedFaces([])).fight.current == "b"


def test_skipping_past_the_last_begins_the_new_round_once():
    fight = replace(_down(THREE, "c"), current="b")
    turned = next_turn(Plain(), fight, TypedFaces([]))
    assert (turned.fight.round, turned.fight.current) == (2, "a")
    assert turned.outcome.summary.params == {"round": 2}
    fight = replace(_down(THREE, "a", "c"), current="b")  # round 2 opens on a, who is down
    turned = next_turn(Plain(), fight, TypedFaces([]))
    assert (turned.fight.round, turned.fight.current) == (2, "b")
    assert turned.outcome.summary.params == {"round": 2}


def test_a_skipped_turn_still_runs_between_turns():
    engine = TwoPasses()
    fight = replace(_down(THREE, "a"), current="c", order=("c", "a", "b"))
    faces = TypedFaces([2])  # b burns when its turn comes, after a's was passed over
    turned = next_turn(engine, fight, faces)
    assert turned.fight.current == "b" and turned.fight.get("b").hp == 3
    assert faces.remaining == 0


def test_when_everyone_is_down_the_turn_moves_one_step():
    turned = next_turn(Plain(), _down(THREE, "a", "b", "c"), TypedFaces([]))
    assert (turned.fight.round, turned.fight.current) == (1, "b")


class Bleeding(Plain):
    """Every new round takes 2 HP off everyone: the last one standing can fall at its start."""

    def start_of_round(self, fight: Fight, faces: object) -> Outcome:
        changes = tuple(
            Change(c.id, "hp", c.hp - 2, before=c.hp) for c in fight.combatants if c.hp > 0
        )
        return Outcome(Step("Round %(round)s begins", {"round": fight.round}), changes=changes)


def test_one_next_turn_begins_one_new_round_at_most():
    low = replace(_down(THREE, "a", "b"), current="c")
    low = replace(
        low, combatants=tuple(replace(c, hp=2) if c.id == "c" else c for c in low.combatants)
    )
    turned = next_turn(Bleeding(), low, TypedFaces([]))  # c falls as round 2 begins
    assert turned.fight.round == 2  # not round after round of skipping nobody
    assert turned.fight.get("c").hp == 0
