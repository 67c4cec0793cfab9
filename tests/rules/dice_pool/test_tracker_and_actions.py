"""What the tracker shows (sides, order, dice left) and what the action form offers."""

from __future__ import annotations

from dataclasses import replace

from tests.rules.dice_pool.helpers import (
    DOG,
    ENGINE,
    PLAYER_A,
    PLAYER_B,
    SILVER_SWORD,
    fight,
    next_round,
    npc,
    pc,
    rolled,
)

DROWNER = {"attack_dice": 3, "defence_dice": 3, "bestiary_monster": True}


def _labels(badges: object) -> list[str]:
    return [b.label.template % dict(b.label.params) for b in badges]  # type: ignore[attr-defined]


def test_the_tracker_shows_dice_left_sides_in_order_and_who_has_rolled() -> None:
    state = fight(pc("a", stats=PLAYER_A), npc("n", **DROWNER, hp=40),
                  pc("b", stats=PLAYER_B, weapons=[SILVER_SWORD]), current="a")  # fmt: skip
    state, _a = rolled(state, "a", [1, 1, 1], primary="Tělesná konstituce")
    state, _n = rolled(state, "n", [6, 6, 6])
    state, _b = rolled(state, "b", [1], primary="Obratnost")  # the party loses: A a die
    view = ENGINE.tracker(replace(state, current="a"))
    assert _labels(view.badges["a"]) == ["dice 4/5", "rolled 3, counts 1"]  # no silver
    assert _labels(view.badges["b"]) == ["dice 7/7", "silver weapon", "rolled 1"]
    assert _labels(view.badges["n"]) == [
        "attack 3, defence 3 dice", "bestiary monster: needs silver", "rolled 18",
    ]  # fmt: skip
    assert [(g.members, g.active) for g in view.groups] == [(("a", "b"), True), (("n",), False)]
    assert [g.label.params["sum"] for g in view.groups] == [2, 18]
    assert view.acted == frozenset({"a", "n", "b"})
    headers = [h.template % dict(h.params) for h in view.header]
    assert headers == ["Round 1: 3 of 3 have rolled", "Round 1 is decided"]


def test_a_new_round_clears_who_has_rolled_and_the_decided_header() -> None:
    state = fight(npc("dog", **DOG, hp=30), pc("a", stats=PLAYER_A))
    state, _d = rolled(state, "dog", [1])
    state, _a = rolled(state, "a", [2, 2, 2], primary="Tělesná konstituce")
    state = next_round(state)
    view = ENGINE.tracker(state)
    assert view.acted == frozenset()
    assert [h.template % dict(h.params) for h in view.header] == ["Round 2: 0 of 2 have rolled"]
    assert ENGINE.tracker(replace(state, round=0)).header == ()


def test_the_fight_roll_is_offered_only_on_ones_turn_until_one_has_rolled() -> None:
    state = fight(npc("dog", **DOG), pc("a", stats=PLAYER_A), current="dog")
    kinds = [o.kind for o in ENGINE.actions(state, "a")]
    assert kinds == ["difficulty", "free_roll"]
    assert [o.kind for o in ENGINE.actions(state, "dog")][0] == "fight_roll"
    state, _bite = rolled(state, "dog", [3])
    assert "fight_roll" not in [o.kind for o in ENGINE.actions(state, "dog")]
    assert ENGINE.actions(state, "nobody") == ()


def test_the_form_offers_the_actors_own_skills_first_with_their_dice() -> None:
    state = fight(pc("a", stats=PLAYER_A), npc("n", attack_dice=2, defence_dice=5), current="a")
    roll = next(o for o in ENGINE.actions(state, "a") if o.kind == "fight_roll")
    assert roll.modifiers == ("special",)
    fields = {field.key: field for field in roll.values}
    assert list(fields) == ["primary", "secondary", "bonus", "intent"]
    primary = fields["primary"].choices
    assert primary[0][0] == "Tělesná konstituce" and primary[0][1].params["level"] == 3
    assert "Rétorika" in [key for key, _label in primary]  # a stock skill at level 0
    assert (fields["bonus"].minimum, fields["bonus"].maximum) == (0, 4)
    assert [key for key, _label in fields["intent"].choices] == ["kill", "defeat"]
    npc_roll = ENGINE.actions(replace(state, current="n"), "n")[0]
    npc_choices = {k: label.params["level"] for k, label in npc_roll.values[0].choices}
    assert npc_choices["attack_dice"] == 2 and npc_choices["defence_dice"] == 5
    assert npc_choices["Síla"] == 2  # half of the defence, rounded down


def test_every_modifier_has_a_label_and_the_options_offer_one_or_several_rounds() -> None:
    keys = set()
    for option in ENGINE.actions(fight(pc("a", stats=PLAYER_A), current="a"), "a"):
        keys |= set(option.modifiers) | {field.key for field in option.values}
    assert keys <= set(ENGINE.modifier_labels)
    assert {"skills", "note"} <= set(ENGINE.modifier_labels)
    (rounds,) = ENGINE.fight_options
    assert rounds.key == "rounds" and [k for k, _l in rounds.choices] == ["several", "one"]


def test_a_dead_npc_has_no_actions_but_a_beaten_character_may_still_roll_outside_the_fight() -> (
    None
):
    state = fight(npc("dog", **DOG), pc("c", stats={"attributes": {"Síla": 1}}), current="c")
    dead = replace(state, combatants=(replace(state.combatants[0], conditions=frozenset({"dead"})),
                                      replace(state.combatants[1], hp=0)))  # fmt: skip
    assert ENGINE.actions(dead, "dog") == ()
    assert [o.kind for o in ENGINE.actions(dead, "c")] == ["difficulty", "free_roll"]
