"""Conflict and fight rounds (seed 004): sums of sides, lost dice, NPC HP, silver, ties."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat.rules.base import Fight, RulesError
from combat.rules.faces import TypedFaces
from tests.rules.dice_pool.helpers import (
    DAGGER,
    DOG,
    ENGINE,
    PLAYER_A,
    PLAYER_B,
    PLAYER_C,
    SILVER_SWORD,
    act,
    after,
    fight,
    next_round,
    npc,
    pc,
    rolled,
    texts,
)

DROWNER = {"attack_dice": 3, "defence_dice": 3, "bestiary_monster": True}


def _group_fight() -> Fight:
    return fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B), npc("n", **DROWNER, hp=30))


def test_a_groups_rolls_add_up_and_the_first_lost_round_costs_the_first_player_a_die() -> None:
    # seed 004: "Při skupinových soubojích se porovnávají hody všech hráčů s hody všech NPC."
    state = fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B), npc("n", **DOG, hp=30))
    state, _a = rolled(state, "a", [1, 1, 1], primary="Boj s dýkou", secondary="Obratnost")
    state, _b = rolled(state, "b", [1, 1], primary="Obratnost", secondary="Boj beze zbraně")
    state, bite = rolled(state, "n", [6])
    assert bite.data["sums"] == {"party": 5, "enemies": 6}
    assert bite.data["dice_lost"] == {"a": 1} and bite.data["hit"] is True


def test_a_groups_second_lost_round_takes_a_die_from_the_second_player_then_the_first_again() -> (
    None
):
    # seed 004: "Ztráta jedné kostky postihuje nejprve prvního hráče v pořadí, v případě další
    # prohry druhého hráče v pořadí a tak dále."
    state = fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B),
                  npc("n", attack_dice=3, defence_dice=3))  # fmt: skip
    losers = []
    for _round in range(3):
        lost = {cid: state.get(cid).max_hp - state.get(cid).hp for cid in ("a", "b")}
        state, _a = rolled(state, "a", [1] * (3 - lost["a"]), primary="Tělesná konstituce")
        state, _b = rolled(state, "b", [1] * (4 - lost["b"]), primary="Síla")
        state, bite = rolled(state, "n", [6, 6, 6])
        losers.append(bite.data["dice_lost"])
        state = next_round(state)
    assert losers == [{"a": 1}, {"b": 1}, {"a": 1}]
    assert state.get("a").max_hp - state.get("a").hp == 2


def test_an_unsilvered_9_against_a_bestiary_monster_counts_4() -> None:
    # seed 004: "Pokud hráčova postava takovou zbraň nemá, hráčovy hody proti monstru se půlí."
    state = fight(npc("n", **DROWNER), pc("a", stats=PLAYER_A, weapons=[DAGGER]))
    state, _claw = rolled(state, "n", [1, 1, 1])
    state, stab = rolled(state, "a", [3, 3, 3], primary="Boj s dýkou", secondary="Obratnost")
    assert stab.data["total"] == 9 and stab.data["counted"] == 4
    assert "No silver weapon against a bestiary monster: 9 halved to 4" in texts(stab)
    assert stab.data["difference"] == 1 and state.get("n").hp == 17


def test_a_silver_weapon_or_the_silver_flag_keeps_the_whole_roll() -> None:
    for hero in (pc("a", stats=PLAYER_A, weapons=[SILVER_SWORD]),
                 pc("a", stats=PLAYER_A, silver_weapon=True)):  # fmt: skip
        state = fight(npc("n", **DROWNER), hero)
        _state, stab = rolled(state, "a", [3, 3, 3], primary="Boj s dýkou",
                              secondary="Obratnost")  # fmt: skip
        assert stab.data["counted"] == 9


def test_naming_a_weapon_that_is_not_silver_halves_the_roll_even_with_a_silver_one_carried() -> (
    None
):
    hero = pc("a", stats=PLAYER_A, weapons=[SILVER_SWORD, DAGGER])
    state = replace(fight(npc("n", **DROWNER), hero), current="a")
    outcome = act(state, "fight_roll", "a", [3, 3, 3], weapon="Dýka", primary="Boj s dýkou",
                  secondary="Obratnost")  # fmt: skip
    assert outcome.data["counted"] == 4
    with pytest.raises(RulesError, match="no weapon called Sekera"):
        act(state, "fight_roll", "a", [3, 3, 3], weapon="Sekera")


def test_an_ordinary_npc_does_not_halve_and_npcs_are_never_halved() -> None:
    state = fight(npc("dog", **DOG, hp=20), pc("a", stats=PLAYER_A))
    state, bite = rolled(state, "dog", [5])
    state, stab = rolled(state, "a", [3, 3, 3], primary="Boj s dýkou", secondary="Obratnost")
    assert bite.data["counted"] == 5 and stab.data["counted"] == 9


def test_a_tie_costs_nobody_anything() -> None:
    # Rulings: "Tied sums: nobody loses the round (the GM may call for a re-roll)."
    state = fight(npc("dog", **DOG), pc("a", stats=PLAYER_A))
    state, _bite = rolled(state, "dog", [5])
    state, stab = rolled(state, "a", [1, 1, 3], primary="Boj s dýkou", secondary="Obratnost")
    assert stab.data["tie"] is True and stab.data["loser"] is None
    assert stab.changes == tuple(c for c in stab.changes if c.kind == "turn")
    assert state.get("dog").hp == 6 and state.get("a").hp == state.get("a").max_hp


def test_a_character_who_has_lost_all_dice_of_its_best_combination_loses_the_fight() -> None:
    # seed 004: "Ten, kdo první přijde o všechny kostky, prohrává"
    state = fight(pc("c", "C", stats=PLAYER_C), pc("b", "B", stats=PLAYER_B))
    state, _c = rolled(state, "c", [1], primary="Síla")
    state, _b = rolled(state, "b", [6], primary="Obratnost")
    assert state.get("c").has("beaten") and state.get("c").hp == 0
    assert ENGINE.is_over(state)


def test_a_conflict_between_players_reminds_that_the_loser_narrates() -> None:
    state = fight(pc("a", "A", stats=PLAYER_A), pc("b", "B", stats=PLAYER_B))
    state, _a = rolled(state, "a", [6, 6, 6], primary="Tělesná konstituce")
    _state, outcome = rolled(state, "b", [1], primary="Obratnost")
    assert any("loser narrates" in note.template for note in outcome.notes)


def test_in_one_round_mode_the_loser_of_the_round_loses_the_fight() -> None:
    # seed 004: "a) jedno kolo – v tom případě prohrává ten, kdo hodil nižší číslo"
    state = replace(_group_fight(), options={"rounds": "one"})
    state, _a = rolled(state, "a", [6, 6], primary="Síla")
    state, _b = rolled(state, "b", [6], primary="Obratnost")
    state, claw = rolled(state, "n", [1, 1, 1])
    assert claw.data["beaten"] == ["n"] and state.get("n").has("dead")
    assert state.get("n").hp == 30  # the round decides the fight, not the HP
    assert ENGINE.is_over(state)


def test_the_winner_may_only_beat_an_npc_instead_of_killing_it() -> None:
    state = fight(npc("dog", **DOG), pc("a", stats=PLAYER_A))
    state, _bite = rolled(state, "dog", [1])
    state, stab = rolled(state, "a", [6, 6, 6], primary="Boj s dýkou", secondary="Obratnost",
                         intent="defeat")  # fmt: skip
    assert state.get("dog").has("beaten") and not state.get("dog").has("dead")
    assert "dog is beaten" in texts(stab)


def test_the_hp_loss_falls_on_the_npc_the_winner_aimed_at() -> None:
    state = fight(pc("a", stats=PLAYER_A), npc("d1", **DOG), npc("d2", **DOG), current="a")
    state = after(state, act(state, "fight_roll", "a", [6, 6, 6], ["d2"],
                             primary="Tělesná konstituce"))  # fmt: skip
    state, _one = rolled(state, "d1", [1])
    state, two = rolled(state, "d2", [1])
    assert two.data["hp_lost"] == {"d2": 16} and state.get("d1").hp == 6


def test_a_special_effect_the_opponent_did_not_withstand_wins_the_round() -> None:
    # seed 004: "Pokud nefiguruje úspěšný speciální efekt (například paralýza), kolo prohrává
    # ten, kdo hodil nižší číslo."
    state = fight(pc("a", "A", stats=PLAYER_A), pc("b", "B", stats=PLAYER_B))
    state, _a = rolled(state, "a", [6, 6, 6], primary="Tělesná konstituce")
    _state, aard = rolled(state, "b", [1, 1, 1], primary="Zaklínačská znamení", special=True)
    assert aard.data["loser"] == "A" and aard.data["dice_lost"] == {"a": 1}
    assert any("special effect" in note.template for note in aard.notes)


def test_each_combatant_rolls_once_a_round_on_its_own_turn() -> None:
    # seed 004: "1 kolo = 1 akce"; "NPC a hráč se v kolech střídají"
    state = fight(npc("dog", **DOG), pc("a", stats=PLAYER_A), current="dog")
    with pytest.raises(RulesError, match="cannot roll out of turn"):
        act(state, "fight_roll", "a", [1, 1, 1])
    state, _bite = rolled(state, "dog", [5])
    with pytest.raises(RulesError, match="already rolled this round"):
        rolled(state, "dog", [3])
    state, _stab = rolled(state, "a", [1, 1, 1], primary="Boj s dýkou", secondary="Obratnost")
    with pytest.raises(RulesError, match="round 1 is already decided"):
        rolled(state, "dog", [3])
    with pytest.raises(RulesError, match="has not started"):
        act(replace(state, round=0), "fight_roll", "a", [3])


def test_a_round_somebody_skipped_is_decided_when_the_next_round_begins() -> None:
    state = fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B), npc("dog", **DOG))
    state, _a = rolled(state, "a", [6, 6, 6], primary="Tělesná konstituce")
    state, bite = rolled(state, "dog", [2])  # b never rolls
    assert "loser" not in bite.data
    begin = ENGINE.start_of_round(replace(state, round=2), TypedFaces([]))
    assert begin.data["settled"]["loser"] == "enemies"
    assert begin.stage == {"settled": 1}
    state = next_round(state)
    assert state.get("dog").hp == 6 - 16 and state.get("dog").has("dead")


def test_nothing_is_decided_when_only_one_side_rolled() -> None:
    state = fight(pc("a", stats=PLAYER_A), npc("dog", **DOG))
    state, _a = rolled(state, "a", [6, 6, 6], primary="Tělesná konstituce")
    state = next_round(state)
    assert state.get("dog").hp == 6 and state.get("a").hp == state.get("a").max_hp


@given(
    st.lists(
        st.tuples(st.integers(1, 6), st.lists(st.integers(1, 6), min_size=3, max_size=3)),
        min_size=1,
        max_size=8,
    )
)
def test_every_round_costs_the_loser_exactly_what_the_seed_says(
    rounds: list[tuple[int, list[int]]],
) -> None:
    # A (best combination 5 dice) rams with Tělesná konstituce 3 against a 40 HP dog, round
    # after round: a lost round costs A one die, a won one costs the dog the difference.
    state = fight(npc("dog", **DOG, hp=40), pc("a", stats=PLAYER_A))
    for bite_face, faces in rounds:
        lost = state.get("a").max_hp - state.get("a").hp
        if ENGINE.is_over(state) or lost >= 3:
            break
        hp_before, dice_before = state.get("dog").hp, state.get("a").hp
        state, _bite = rolled(state, "dog", [bite_face])
        state, ram = rolled(state, "a", faces[: 3 - lost], primary="Tělesná konstituce")
        assert ram.data["counted"] == sum(faces[: 3 - lost])
        assert ram.data["sums"] == {"enemies": bite_face, "party": ram.data["counted"]}
        difference = ram.data["counted"] - bite_face
        if difference > 0:
            assert state.get("dog").hp == hp_before - difference
            assert state.get("a").hp == dice_before
        elif difference < 0:
            assert state.get("a").hp == dice_before - 1 and state.get("dog").hp == hp_before
        else:
            assert (state.get("a").hp, state.get("dog").hp) == (dice_before, hp_before)
        state = next_round(state)
