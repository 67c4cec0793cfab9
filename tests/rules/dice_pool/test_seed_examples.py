"""Every worked example of seed 004, with its numbers."""

from __future__ import annotations

from tests.rules.dice_pool.helpers import (
    DOG,
    ENGINE,
    PLAYER_A,
    PLAYER_B,
    PLAYER_C,
    act,
    fight,
    next_round,
    npc,
    pc,
    rolled,
    texts,
)


def test_the_door_player_a_picks_the_lock_with_three_dice_and_fails_9_against_10() -> None:
    # seed 004: "Hráč A má Páčení na úrovni 1 a Zručnost na úrovni 2, hází tedy celkem třemi
    # kostkami. Hodí dohromady číslo 9." — against "páčení + zručnost proti 10"
    state = fight(pc("a", stats=PLAYER_A))
    outcome = act(state, "difficulty", "a", [2, 3, 4], difficulty=10, primary="Páčení",
                  secondary="Zručnost")  # fmt: skip
    assert outcome.rolls[0].expression == "3d6"
    assert outcome.data["total"] == 9
    assert outcome.data["success"] is False and outcome.data["hit"] is False


def test_the_door_b_kicks_with_four_dice_9_against_5_and_with_c_reaches_12() -> None:
    # seed 004: "Hráč B má sílu na 4. úrovni, hází tedy čtyřmi kostkami a hodí hodnotu 9" …
    # "Hráč C má sílu na 1. úrovni, hází jednou kostkou a hodí hodnotu 3. (9+3 = 12 -> >10)"
    state = fight(pc("b", stats=PLAYER_B), pc("c", stats=PLAYER_C))
    alone = act(state, "difficulty", "b", [1, 2, 3, 3], difficulty=5, primary="Síla")
    assert alone.data["total"] == 9 and alone.data["success"] is True
    together = act(state, "difficulty", "b", [1, 2, 3, 3, 3], ["c"], difficulty=10,
                   primary="Síla")  # fmt: skip
    assert [r.expression for r in together.rolls] == ["4d6", "1d6"]
    assert together.data["totals"] == {"b": 9, "c": 3}
    assert together.data["total"] == 12 and together.data["success"] is True


def test_conflict_a_10_beats_b_6_then_b_casts_aard_with_3_minus_1_dice_and_8_beats_7() -> None:
    # seed 004: 1. kolo A "Boj beze zbraně a sílu na úrovni 1 a 2 … Padlo 10", B "Obratnost a
    # boj beze zbraně, obojí na úrovni 1 … Padlo 6"; 2. kolo B "Zaklínačská znamení na úrovni 3,
    # Mínus 1 kostka z předchozí prohry, hází tedy dvěma kostkami. Padlo 8", A "Tělesná
    # konstituce na úrovni 3 … Padlo 7".
    state = fight(pc("a", "A", stats=PLAYER_A), pc("b", "B", stats=PLAYER_B))
    state, first = rolled(state, "a", [4, 3, 3], primary="Boj beze zbraně", secondary="Síla")
    state, second = rolled(state, "b", [1, 5], primary="Obratnost", secondary="Boj beze zbraně")
    assert first.data["counted"] == 10 and second.data["counted"] == 6
    assert second.data["loser"] == "B" and second.data["dice_lost"] == {"b": 1}
    assert state.get("b").hp == state.get("b").max_hp - 1
    state = next_round(state)
    state, aard = rolled(state, "b", [4, 4], primary="Zaklínačská znamení")
    assert aard.rolls[0].expression == "2d6"  # 3 dice − 1 lost
    state, ram = rolled(state, "a", [2, 2, 3], primary="Tělesná konstituce")
    assert aard.data["counted"] == 8 and ram.data["counted"] == 7
    assert ram.data["dice_lost"] == {"a": 1} and ram.data["hit"] is False
    assert state.get("a").hp == state.get("a").max_hp - 1


def test_the_dog_with_one_die_has_6_hp_drops_to_1_after_9_against_4_and_dies_after_8_against_6() -> (
    None
):
    # seed 004: "pes s 1 kostkou – má tedy 6HP … 9-4=5 -> Pes s HP klesá na 1 HP! (6-5) …
    # 8-6 = 2 -> Pes s 1 HP j zabit."
    state = fight(npc("dog", name="Pes", **DOG), pc("a", stats=PLAYER_A))
    assert state.get("dog").hp == 6
    state, attack = rolled(state, "dog", [4])
    assert attack.data["skills"] == ["attack_dice"] and attack.rolls[0].expression == "1d6"
    state, stab = rolled(state, "a", [3, 3, 3], primary="Boj s dýkou", secondary="Obratnost")
    assert stab.data["damage"] == 5 and state.get("dog").hp == 1
    state = next_round(state)
    state, flight = rolled(state, "dog", [6])
    state, chase = rolled(state, "a", [2, 3, 3], primary="Boj s dýkou", secondary="Obratnost")
    assert chase.data["difference"] == 2
    assert state.get("dog").has("dead")
    assert "Pes is killed" in texts(chase)
    assert ENGINE.is_over(state)


def test_an_npc_with_three_dice_has_18_hp_unless_the_gm_sets_them() -> None:
    # seed 004: "NPC, které má tři kostky má tedy zároveň i 18HP." (Rulings: unless the GM sets)
    assert npc("n", attack_dice=3, defence_dice=3).max_hp == 18
    assert npc("n", attack_dice=3, defence_dice=3, hp=20).hp == 20
