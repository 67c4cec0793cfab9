"""Every worked example of seed 000, with its numbers."""

from __future__ import annotations

from tests.rules.draci_hlidka.helpers import (
    AXE,
    SWORD,
    act,
    after,
    fight,
    fighter,
    new_round,
    texts,
)


def test_baldur_rolls_3_for_attack_12_against_defence_5_and_wounds_the_goblin_for_8() -> None:
    # seed 000: "Jeho Útok pak bude 12 (+4 za Sílu, +5 za Útočnost zbraně a +3 za hod) …
    # Skřet se brání … (Obrana 5) … zraněn za 8 životů"
    baldur = fighter("baldur", sil=4, weapons=[SWORD])
    goblin = fighter(
        "goblin",
        "enemies",
        zbroj=2,
        obr=0,
        zivoty=20,
        weapons=[{"name": "Kyj", "utocnost": 2, "zraneni": 0, "obrana": 1}],
    )
    state = fight(baldur, goblin)
    outcome = act(state, "attack", "baldur", ["goblin"], [3, 2], weapon="Široký meč")
    assert outcome.data["uc"] == 9
    assert outcome.data["attack"] == 12
    assert outcome.data["defence"] == 5  # OČ 3 (ZO 2 + kyj 1) + hod 2
    assert outcome.data["hit"] is True
    assert outcome.data["damage"] == 8  # (12 − 5) + 1
    assert after(state, outcome).get("goblin").hp == 12
    assert outcome.data["hp_after"]["goblin"] == 12


def test_meredil_with_nevyhoda_attacks_minus_1_against_grops_minus_2_and_deals_1() -> None:
    # seed 000: bolest hlavy – Nevýhoda (postih -5); pěst; "Celková síla jeho Útoku tak bude
    # pouze -1 … Obrany tak bude pouze -2 … 1 bod zranění"
    meredil = fighter("meredil", sil=0)
    grop = fighter("grop", "enemies", obr=-3, zivoty=40)
    state = fight(meredil, grop)
    outcome = act(state, "attack", "meredil", ["grop"], [4, 1], disadvantage=True)
    assert outcome.data["attack_modifiers"] == {"disadvantage": -5}
    assert outcome.data["attack"] == -1  # SIL 0 + pěst 0 + hod 4 − 5
    assert outcome.data["defence"] == -2  # ZO −3 + pěst 0 + hod 1
    assert outcome.data["hit"] is True
    assert outcome.data["damage"] == 1  # (−1 − −2) + pěst 0
    assert after(state, outcome).get("grop").hp == 39


def test_baldurs_6_6_6_3_is_critical_with_two_bleed_dice_5_and_2_then_rerolled_each_round() -> None:
    # seed 000: "Padlo mu 6 a 6 a 6 a 3 … Za první z nich se nehází, ale za každou další ano.
    # Padne mu tedy třeba 5 a 2 … krvácivé zranění za 7 životů. Tyto hody se pak budou každé
    # kolo opakovat"
    baldur = fighter("baldur", sil=4, weapons=[AXE])
    enemy = fighter("enemy", "enemies", zbroj=3, zivoty=100)
    state = fight(baldur, enemy)
    # attack 6,6,6,3; the enemy's active defence 4; bleed dice 5 and 2
    outcome = act(
        state, "attack", "baldur", ["enemy"], [6, 6, 6, 3, 4, 5, 2], weapon="Obouruční sekera"
    )
    assert outcome.data["attack"] == 4 + 6 + 21
    assert outcome.data["sixes"] == 3
    assert outcome.data["critical"] is True
    assert outcome.data["bleed_dice"] == 2
    assert outcome.data["bleeding"] == 7
    damage = outcome.data["damage"]
    assert damage == (31 - (3 + 4)) + 4
    state = after(state, outcome)
    assert state.get("enemy").hp == 100 - damage - 7
    bleed_roll = [r for r in outcome.rolls if r.purpose == "bleeding"]
    assert [(r.expression, r.faces, r.total) for r in bleed_roll] == [("2d6", (5, 2), 7)]
    hp = state.get("enemy").hp
    # every following round 2d6 are rolled anew and that new total is lost
    state, start = new_round(state, [1, 2])
    assert start.data["bleeding"] == {"enemy": 3}
    assert state.get("enemy").hp == hp - 3
    state, start = new_round(state, [6, 6])
    assert start.data["bleeding"] == {"enemy": 12}
    assert state.get("enemy").hp == hp - 15
    assert any("bleeds" in line for line in texts(start))


def test_halfling_31_against_barbarian_36_shrinks_the_lead_by_5() -> None:
    # seed 000: "Půlčíkova Pohyblivost je 24 … celkový výsledek bude 31 (24 + 7) … Barbarova
    # Pohyblivost je 31 … 36 (31 + 3 + 2) … snížit náskok půlčíka o 5 sáhů (36 - 31)"
    halfling = fighter("halfling", obr=4, pohyblivost=24, odo=0)
    barbarian = fighter(
        "barbarian", "enemies", obr=1, pohyblivost=31, odo=1, dovednosti={"Atletika": 2}
    )
    state = fight(halfling, barbarian)
    # sprint limits first (halfling 1k10 = 5, barbarian 1k10 = 4), then the distances 7 and 3
    outcome = act(state, "pursuit", "barbarian", ["halfling"], [5, 4, 7, 3], lead=12)
    assert outcome.data["fugitive_distance"] == 31
    assert outcome.data["pursuer_distance"] == 36
    assert outcome.data["lead_before"] == 12
    assert outcome.data["lead"] == 7  # 12 − (36 − 31)
