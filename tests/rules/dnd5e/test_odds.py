"""Odds before the roll (issue G.8): exact, computed — and equal to enumerating every face."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from combat.rules.base import Action, Combatant, Fight
from combat.rules.dnd5e.chances import attack_odds, contest_odds
from combat.rules.dnd5e.mods import Mods
from combat.rules.preview import preview
from tests.rules.dnd5e.helpers import DAGGER, ENGINE, fight, fighter, goblin


def _attack(state: Fight, weapon: str = "Longsword", **mods: Any) -> Action:
    return Action("attack", state.combatants[0].id, (state.combatants[1].id,), weapon, mods)


def _exact(state: Fight, action: Action) -> Any:
    return attack_odds(state, action, Mods(action.modifiers, action.modifiers, action.modifiers))


def test_plus_5_against_ac_15_hits_55_percent_and_expects_4_35_damage() -> None:
    state = fight(fighter(), goblin())
    found = _exact(state, _attack(state))
    assert (found.hit, found.critical, found.need) == (Fraction(11, 20), Fraction(1, 20), 10)
    # a plain hit 1d8+3 = 7.5 on average, a critical 2d8+3 = 12
    assert found.damage == Fraction(10, 20) * Fraction(15, 2) + Fraction(1, 20) * 12


@pytest.mark.parametrize(
    ("mods", "hit"),
    [({"advantage": True}, Fraction(319, 400)),  # 1 − (9/20)², as docs/dice.md computes
     ({"disadvantage": True}, Fraction(121, 400)),
     ({"advantage": True, "disadvantage": True}, Fraction(11, 20))],
)  # fmt: skip
def test_advantage_and_disadvantage_odds(mods: dict[str, Any], hit: Fraction) -> None:
    state = fight(fighter(), goblin())
    assert _exact(state, _attack(state, **mods)).hit == hit


def test_the_hook_formats_the_lines_for_the_panel() -> None:
    state = fight(fighter(), goblin())
    lines = ENGINE.odds(state, _attack(state, advantage=True))
    assert lines is not None
    assert [line.params for line in lines] == [
        {"percent": "79.8"}, {"need": "10"}, {"percent": "9.8"}, {"damage": "6.4"},
    ]  # fmt: skip


def test_an_unconscious_target_within_5_ft_turns_every_hit_into_a_critical() -> None:
    state = fight(fighter(), goblin(conditions=["unconscious"]))
    found = _exact(state, _attack(state))
    assert found.mode == "advantage" and found.critical == found.hit


def test_a_wrong_guess_has_no_chance() -> None:
    state = fight(fighter(), goblin())
    found = _exact(state, _attack(state, unseen_target=True, wrong_location=True))
    assert found.hit == 0 and found.damage == 0


def test_resistance_is_in_the_expected_damage() -> None:
    state = fight(fighter(), goblin(damage_resistances=["slashing"]))
    # halved and rounded down: 1d8+3 gives 2, 2, 3, 3, 4, 4, 5, 5 (mean 7/2)
    critical = Fraction(sum((a + b + 3) // 2 for a in range(1, 9) for b in range(1, 9)), 64)
    found = _exact(state, _attack(state))
    assert found.damage == Fraction(10, 20) * Fraction(7, 2) + Fraction(1, 20) * critical


def _enumerated(state: Fight, action: Action) -> tuple[Fraction, Fraction]:
    result = preview(ENGINE, state, action)
    assert result is not None and result.uncovered == 0
    return result.hit, result.damage


@pytest.mark.parametrize(
    ("attacker", "target", "weapon", "mods"),
    [
        (fighter(), goblin(), "Longsword", {}),
        (fighter(), goblin(hp=40, damage_vulnerabilities=["slashing"]), "Longsword",
         {"cover": "half"}),
        (fighter(weapons=[DAGGER]), goblin(conditions=["prone"]), "Dagger", {"advantage": True}),
        (fighter(weapons=[DAGGER]), goblin(conditions=["unconscious"]), "Dagger",
         {"unseen_target": True}),  # one d20 (the advantage cancelled), every hit critical
        (goblin(), fighter(damage_immunities=["slashing"]), "Scimitar", {"disadvantage": True}),
    ],
)  # fmt: skip
def test_the_computed_odds_equal_resolving_every_face(
    attacker: Combatant, target: Combatant, weapon: str, mods: dict[str, Any]
) -> None:
    state = fight(attacker, target)
    action = _attack(state, weapon, **mods)
    found = _exact(state, action)
    assert (found.hit, found.damage) == _enumerated(state, action)


def test_contest_odds_for_a_grapple() -> None:
    state = fight(fighter(), goblin())  # Athletics +3 against Acrobatics +2
    won = contest_odds(state, Action("grapple", "hero", ("gob",)), Mods({}, (), ()))
    assert won == Fraction(210, 400)  # the d20 of the hero at least the goblin's
    lines = ENGINE.odds(state, Action("grapple", "hero", ("gob",)))
    assert lines is not None and lines[0].params == {"percent": "52.5"}


def test_no_odds_for_other_actions_or_impossible_attacks() -> None:
    state = fight(fighter(), goblin())
    assert ENGINE.odds(state, Action("dash", "hero")) is None
    assert ENGINE.odds(state, _attack(state, distance=50)) is None  # out of reach
    assert ENGINE.odds(state, _attack(state, cover="total")) is None
