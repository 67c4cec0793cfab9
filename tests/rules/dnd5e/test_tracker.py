"""What the 5e engine adds to the tracker: badges and who has acted this round."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Badge, Effect, Step
from combat.rules.faces import TypedFaces
from tests.rules.dnd5e.helpers import ENGINE, act, after, fight, fighter, goblin


def _texts(badges: tuple[Badge, ...]) -> list[str]:
    return [badge.label.template % dict(badge.label.params) for badge in badges]


def test_temporary_hp_death_saves_and_grapples_are_shown() -> None:
    dying = fighter(current=0, conditions=["unconscious"], effects=[
        Effect("death-saves", "death_saves", {"successes": 1, "failures": 2}),
        Effect("temp-hp", "temp_hp", {"hp": 4}),
    ])  # fmt: skip
    state = fight(goblin(), dying)
    state = after(state, act(state, "grapple", "gob", ["hero"], [19, 1]))
    view = ENGINE.tracker(state)
    hero = view.badges["hero"]
    assert _texts(hero) == ["death save successes", "death save failures", "temporary HP 4",
                            "grappled by gob"]  # fmt: skip
    assert (hero[0].filled, hero[0].total, hero[1].filled) == (1, 3, 2)
    assert (hero[0].good, hero[1].good) == (True, False)  # successes are not drawn as harm
    assert "attacks left: 0" not in _texts(view.badges["gob"])
    assert "action used" in _texts(view.badges["gob"])


def test_durations_and_the_current_turn_are_shown() -> None:
    state = fight(fighter(traits=[{"name": "Extra Attack"}]), goblin(hp=30))
    state = after(state, act(state, "apply_condition", "hero", ["gob"], condition="blinded",
                             who="hero", when="start"))  # fmt: skip
    state = after(state, act(state, "attack", "hero", ["gob"], [2, 1], weapon="Longsword"))
    state = after(state, act(state, "move", "hero", distance=10))
    view = ENGINE.tracker(state)
    assert _texts(view.badges["gob"]) == ["blinded until the start of hero's turn"]
    assert _texts(view.badges["hero"]) == ["attacks left: 1", "moved 10 of 30 ft",
                                           "action used"]  # fmt: skip


def test_who_has_acted_this_round() -> None:
    state = fight(fighter(), goblin())
    moved = replace(state, current="gob")
    outcome = ENGINE.between_turns(moved, "hero", TypedFaces(()))
    assert outcome is not None
    assert ENGINE.tracker(after(moved, outcome)).acted == frozenset({"hero"})
    assert outcome.summary == Step("Turn of %(name)s", {"name": "gob"}, about="gob")
