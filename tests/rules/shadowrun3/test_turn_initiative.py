"""Initiative, passes and wounds during the turn (seed 003, Iniciativa … Nerozhodná iniciativa)."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Fight
from combat.rules.faces import TypedFaces
from combat.rules.flow import Turned
from combat.rules.shadowrun3.initiative import formula
from tests.rules.shadowrun3.test_turn_helpers import (
    ENGINE,
    PREDATOR,
    act,
    acted,
    after,
    at,
    fight,
    rolled,
    runner,
    scores,
    texts,
    turn,
)

# The seed's eight actors: 37, 26, 22, 19, 18, 17, 15, 9 (modified Reaction + dice below).
EIGHT = (
    runner("mike", name="Mike", reaction=7, reaction_bonus=6, initiative_dice=4),
    runner("r1", "gang", name="Rváč 1", reaction=6, reaction_bonus=4, initiative_dice=3),
    runner("dave", name="Dave", reaction=4, reaction_bonus=4, initiative_dice=3, body=5),
    runner("r2", "gang", name="Rváč 2", reaction=5, reaction_bonus=2, initiative_dice=2,
           weapons=[PREDATOR], skills={"pistols": 4}),
    runner("sharon", name="Sharon", reaction=6, initiative_dice=2, body=3),
    runner("richie", name="Richie", reaction=5, initiative_dice=2),
    # Reaction 9 > Richie's 5: only the earlier score can put Richie first on a tie.
    runner("r3", "gang", name="Rváč 3", reaction=9),
    runner("camille", name="Camille", reaction=3),
)  # fmt: skip
EIGHT_FACES = [6, 6, 6, 6, 6, 5, 5, 5, 5, 4, 6, 6, 6, 6, 6, 6, 6, 6]


def eight(**options: object) -> Fight:
    return rolled(fight(*EIGHT, **options), EIGHT_FACES)


def end_of_pass(state: Fight) -> Turned:
    """The machinery after the last one of the pass: advance (or a new turn)."""
    return turn(at(state, state.order[-1]))


def test_longbone_rolls_2_and_6_for_initiative_13() -> None:
    # seed 003: "3 (5) + 1k6 (2k6). Longbone hodí 2k6 a padne mu 2 a 6 … = 13"
    longbone = runner("john", name="John Longbone", reaction=3, reaction_bonus=2,
                      initiative_dice=2)  # fmt: skip
    outcome = ENGINE.roll_initiative(fight(longbone), ["john"], TypedFaces([2, 6]))
    assert outcome.rolls[0].expression == "2d6+5" and outcome.rolls[0].faces == (2, 6)
    state = after(fight(longbone), outcome)
    assert state.get("john").initiative == 13 and outcome.order == ("john",)
    step = formula(longbone)
    assert step.template % dict(step.params) == "3 (5) + 1d6 (2d6)"
    plain = formula(runner("x", reaction=4))
    assert plain.template % dict(plain.params) == "4 + 1d6"


def test_no_rule_of_six_in_initiative() -> None:
    # seed 003: "Při hodu na iniciativu se nepoužívá pravidlo šestky" — a 6 is just 6.
    outcome = ENGINE.roll_initiative(fight(runner("a", reaction=4)), ["a"], TypedFaces([6]))
    assert outcome.rolls[0].faces == (6,) and outcome.data["initiative"] == {"a": 10}


def test_the_eight_actors_act_pass_by_pass() -> None:
    state = eight()
    assert state.stage == {"pass": 1, "passes": 4}
    seen = [scores(state)]
    for _pass in range(3):
        state = end_of_pass(state).fight
        seen.append(scores(state))
    assert ENGINE.advance(at(state, "mike"), TypedFaces([])) is None  # the turn is over
    assert seen == [
        {"mike": 37, "r1": 26, "dave": 22, "r2": 19, "sharon": 18, "richie": 17, "r3": 15,
         "camille": 9},
        {"mike": 27, "r1": 16, "dave": 12, "r2": 9, "sharon": 8, "richie": 7, "r3": 5},
        {"mike": 17, "r1": 6, "dave": 2},
        {"mike": 7},
    ]  # fmt: skip


def test_after_the_last_pass_a_new_turn_refreshes_pools_and_rolls_again() -> None:
    state = eight()
    state = replace(state, combatants=tuple(
        replace(c, turn={**c.turn, "pool": 0}) for c in state.combatants))  # fmt: skip
    for _pass in range(4):
        state = at(state, state.order[-1])
        if _pass < 3:
            state = turn(state).fight
    moved = turn(state, EIGHT_FACES)
    assert moved.fight.round == 2 and moved.fight.stage == {"pass": 1, "passes": 4}
    assert moved.outcome is not None and "Combat turn 2 begins" in texts(moved.outcome)
    assert all(c.turn["pool"] == c.turn["pool_max"] > 0 for c in moved.fight.combatants)
    assert moved.fight.current == "mike"


def test_dave_moderately_wounded_after_acting_drops_to_20_and_loses_pass_3() -> None:
    # seed 003: Dave 22, Rváč 2 gives him a moderate wound → 20 → 10 in pass 2, no third pass.
    state = at(eight(), "r2")
    state = acted(state, "damage", "r2", ["dave"], level="M")
    assert state.get("dave").turn["score"] == 20 and state.get("dave").initiative == 20
    assert state.order.index("dave") < state.order.index("r2")  # he already acted
    state = end_of_pass(state).fight
    assert state.get("dave").initiative == 10 and "dave" in state.order
    state = end_of_pass(state).fight
    assert state.order == ("mike", "r1")


def test_sharon_shot_for_a_moderate_wound_now_acts_after_richie() -> None:
    # seed 003: Sharon 18 → 16, "Potom by jednala až po Richieho postavě" (and in pass 2 too).
    state = at(eight(), "r2")
    # Pistols 4 dice vs TN 4: one success; Sharon resists Body 3 vs 9 − 0: none → 9M.
    outcome = act(state, "fire", "r2", ["sharon"], [5, 1, 1, 2, 1, 2, 3],
                  weapon="Ares Predator", distance=5)  # fmt: skip
    assert outcome.data["level"] == "M" and outcome.data["hit"]
    assert outcome.order == ("mike", "r1", "dave", "r2", "richie", "sharon", "r3", "camille")
    state = after(state, outcome)
    assert state.get("sharon").initiative == 16
    state = end_of_pass(state).fight
    assert state.order[-3:] == ("richie", "sharon", "r3")
    assert scores(state)["sharon"] == 6


def test_richie_wounded_to_15_still_acts_before_ruffian_3_in_both_passes() -> None:
    # seed 003: "Richie měl ovšem původně v prvním průběhu iniciativy vyšší skóre, takže smí
    # stále jednat před Rváčem 3. Totéž platí pro druhý průběh" — though Rváč 3 has the higher
    # Reaction here.
    state = at(eight(), "r2")
    outcome = act(state, "damage", "r2", ["richie"], level="M")
    assert outcome.order is None  # 15 ties 15, and Richie stays first
    state = after(state, outcome)
    assert state.order[-3:] == ("richie", "r3", "camille")
    assert state.get("richie").initiative == state.get("r3").initiative == 15
    state = end_of_pass(state).fight
    assert state.order[-2:] == ("richie", "r3") and scores(state)["r3"] == 5


def test_a_wound_that_takes_the_pass_score_to_zero_costs_the_pass() -> None:
    # seed 003: "Výsledek iniciativy může být dokonce snížen natolik, že postava ztratí celý
    # kompletní průběh iniciativy."
    state = end_of_pass(eight()).fight  # pass 2: Rváč 3 at 5
    state = acted(state, "damage", "mike", ["r3"], level="S")  # −3 → 2
    assert state.get("r3").initiative == 2 and "r3" in state.order
    outcome = act(state, "damage", "mike", ["r3"], level="S", damage_type="stun")  # −3 more
    assert outcome.order is not None and "r3" not in outcome.order
    assert after(state, outcome).get("r3").initiative == -1


def test_someone_down_leaves_the_rest_of_the_pass() -> None:
    state = at(eight(), "r2")
    outcome = act(state, "damage", "r2", ["camille"], level="D")
    assert outcome.order is not None and "camille" not in outcome.order
    assert after(state, outcome).get("camille").has("dying")


def test_a_wound_before_the_roll_is_subtracted_right_after_it() -> None:
    # seed 003: "Po každém hodu na iniciativu je třeba zohlednit modifikátor iniciativy";
    # serious physical + light stun = −4.
    hurt = runner("a", reaction=5, turn={"stun": 1})
    hurt = replace(hurt, hp=hurt.max_hp - 6)
    outcome = ENGINE.roll_initiative(fight(hurt), ["a"], TypedFaces([6]))
    assert outcome.data["initiative"] == {"a": 11 - 4}
    assert "a: wound modifier −4 → 7" in texts(outcome)


def test_a_complete_tie_is_settled_by_1d6_each_and_kept_between_passes() -> None:
    a, b = runner("a", reaction=5), runner("b", "gang", reaction=5)
    outcome = ENGINE.roll_initiative(fight(a, b), ["a", "b"], TypedFaces([6, 6, 2, 2, 3, 5]))
    assert outcome.order == ("b", "a")  # 11 and 11, Reactions equal: 2 v 2, then 3 v 5
    assert [r.purpose for r in outcome.rolls].count("initiative_tiebreak") == 4
    state = rolled(fight(a, b), [6, 6, 2, 2, 3, 5])
    state = turn(at(state, "a")).fight
    assert state.order == ("b", "a") and state.stage["pass"] == 2


def test_a_late_comer_joins_the_rest_of_the_pass() -> None:
    state = at(eight(), "r2")
    late = runner("eve", name="Eve", reaction=5, initiative_dice=2)
    state = replace(state, combatants=(*state.combatants, late))
    outcome = ENGINE.roll_initiative(state, ["eve"], TypedFaces([6, 5]))
    assert outcome.order is not None
    assert outcome.order[: outcome.order.index("r2") + 1] == state.order[:4]
    assert outcome.order[4:] == ("sharon", "richie", "eve", "r3", "camille")
