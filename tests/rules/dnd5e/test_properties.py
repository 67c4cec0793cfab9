"""Invariants over many scripted rolls: undo restores the fight, the odds match brute force,
resistance never raises damage."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from combat.rules.base import Action, apply
from combat.rules.dnd5e import damage
from combat.rules.dnd5e.chances import attack_odds
from combat.rules.dnd5e.mods import Mods
from combat.rules.faces import SeededFaces
from tests.rules.dnd5e.helpers import ENGINE, fight, fighter, goblin

MODES = st.sampled_from([{}, {"advantage": True}, {"disadvantage": True}])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), hp=st.integers(1, 20), mods=MODES,
       kind=st.sampled_from(["attack", "unarmed", "grapple", "shove"]))  # fmt: skip
def test_undoing_the_changes_restores_the_fight(
    seed: int, hp: int, mods: dict[str, bool], kind: str
) -> None:
    state = fight(fighter(), goblin(current=hp, hp=20))
    weapon = "Longsword" if kind == "attack" else None
    outcome = ENGINE.resolve(state, Action(kind, "hero", ("gob",), weapon, mods),
                             SeededFaces(seed))  # fmt: skip
    assert apply(apply(state, outcome.changes), outcome.changes, undo=True) == state
    assert isinstance(outcome.data["hit"], bool) and isinstance(outcome.data["damage"], int)


@settings(max_examples=80, deadline=None)
@given(ac=st.integers(5, 30), strength=st.integers(3, 20), mods=MODES)
def test_the_chance_to_hit_equals_counting_every_pair_of_d20(
    ac: int, strength: int, mods: dict[str, bool]
) -> None:
    state = fight(fighter(str=strength), goblin(ac=ac))
    action = Action("attack", "hero", ("gob",), "Longsword", mods)
    found = attack_odds(state, action, Mods(mods, mods, mods))
    bonus = (strength - 10) // 2 + 2
    hits = 0
    for first in range(1, 21):
        for second in range(1, 21):
            kept = (max(first, second) if mods.get("advantage") else
                    min(first, second) if mods.get("disadvantage") else first)  # fmt: skip
            hits += kept == 20 or (kept != 1 and kept + bonus >= ac)
    assert found.hit == Fraction(hits, 400)


@given(amount=st.integers(0, 200))
def test_resistance_halves_vulnerability_doubles_immunity_zeroes(amount: int) -> None:
    def to(key: str) -> int:
        defences: dict[str, Any] = {key: ["fire"]}
        return damage.adjusted(None, goblin(**defences), amount, "fire")

    assert to("damage_resistances") == amount // 2 <= amount
    assert to("damage_vulnerabilities") == 2 * amount
    assert to("damage_immunities") == 0
