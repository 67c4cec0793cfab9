"""Attack and defence (seed 000, ÚTOK A OBRANA and NETRADIČNÍ BOJOVÉ SITUACE)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Combatant, RulesError
from combat.rules.dice import InvalidDice
from tests.rules.draci_hlidka.helpers import (
    BOW,
    CLUB,
    CROSSBOW,
    DAGGER,
    JAVELIN,
    SWORD,
    act,
    after,
    fight,
    fighter,
    new_round,
    texts,
)


def duel(**target_stats: Any) -> tuple[Combatant, Combatant]:
    attacker = fighter("a", sil=2, obr=3, weapons=[SWORD, BOW, JAVELIN, CROSSBOW])
    target = fighter("t", "enemies", **target_stats)
    return attacker, target


def test_melee_uc_is_sil_plus_utocnost() -> None:
    a, t = duel()
    outcome = act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    assert outcome.data["uc"] == 2 + 5


@pytest.mark.parametrize("weapon", ["Luk", "Oštěp"])
def test_shooting_and_throwing_uc_is_obr_plus_utocnost(weapon: str) -> None:
    a, t = duel()
    outcome = act(fight(a, t), "attack", "a", ["t"], [1], weapon=weapon, defence_mode="zo")
    utocnost = {"Luk": 3, "Oštěp": 2}[weapon]
    assert outcome.data["uc"] == 3 + utocnost
    assert outcome.data["missile"] is True


def test_the_attack_die_explodes_on_every_six() -> None:
    a, t = duel()
    outcome = act(
        fight(a, t), "attack", "a", ["t"], [6, 6, 2, 3], weapon="Široký meč", defence_mode="zo"
    )  # the last face is the critical's bleed die
    assert outcome.data["attack"] == 7 + 14
    assert outcome.rolls[0].expression == "1d6!+7"


def test_the_active_defence_die_explodes_too() -> None:
    a, t = duel(zbroj=1)
    outcome = act(fight(a, t), "attack", "a", ["t"], [1, 6, 3], weapon="Široký meč")
    assert outcome.data["defence"] == 1 + 9
    assert outcome.data["defence_sixes"] == 1


def test_an_attack_equal_to_the_defence_misses() -> None:
    a, t = duel(zbroj=8)
    outcome = act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    assert (outcome.data["attack"], outcome.data["defence"]) == (8, 8)
    assert outcome.data["hit"] is False and outcome.data["damage"] == 0
    assert after(fight(a, t), outcome).get("t").hp == 30


def test_a_hit_never_heals_when_the_weapon_damage_is_negative() -> None:
    a = fighter("a", weapons=[{"name": "Tupá hůl", "utocnost": 0, "zraneni": -3}])
    t = fighter("t", "enemies")
    outcome = act(fight(a, t), "attack", "a", ["t"], [2], weapon="Tupá hůl", defence_mode="zo")
    assert outcome.data["hit"] is True and outcome.data["damage"] == 0
    assert after(fight(a, t), outcome).get("t").hp == 30


def test_unarmed_is_0_0_0() -> None:
    a = fighter("a", sil=1)
    t = fighter("t", "enemies", obr=1)
    outcome = act(fight(a, t), "attack", "a", ["t"], [5, 1])
    assert outcome.data["uc"] == 1 and outcome.data["weapon"] is None
    assert outcome.data["defence"] == 1 + 0 + 1  # ZO 1 + fists 0 + hod 1
    assert outcome.data["damage"] == 6 - 2


def test_an_unknown_weapon_is_refused() -> None:
    a, t = duel()
    with pytest.raises(RulesError):
        act(fight(a, t), "attack", "a", ["t"], [3], weapon="Excalibur")


def test_zo_is_armour_plus_obr_without_the_shield() -> None:
    a, t = duel(zbroj=3, obr=2, stit=4)
    outcome = act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    assert outcome.data["defence"] == 5


def test_oc_is_zo_plus_weapon_obrana_plus_shield() -> None:
    a = fighter("a", weapons=[SWORD])
    t = fighter("t", "enemies", zbroj=3, obr=2, stit=4, weapons=[SWORD])
    outcome = act(fight(a, t), "attack", "a", ["t"], [1, 1], weapon="Široký meč")
    assert outcome.data["defence"] == 3 + 2 + 2 + 4 + 1


def test_against_missiles_the_active_defence_is_zo_plus_shield_without_the_weapon() -> None:
    a = fighter("a", weapons=[BOW])
    t = fighter("t", "enemies", zbroj=3, obr=2, stit=4, weapons=[SWORD])
    outcome = act(fight(a, t), "attack", "a", ["t"], [1, 1], weapon="Luk", distance=10)
    assert outcome.data["defence_mode"] == "active"
    assert outcome.data["defence"] == 3 + 2 + 4 + 1
    assert any("no weapon against missiles" in line for line in texts(outcome))


def test_two_weapons_defend_with_one_never_both() -> None:
    a = fighter("a", weapons=[SWORD])
    t = fighter("t", "enemies", weapons=[SWORD, DAGGER])
    best = act(fight(a, t), "attack", "a", ["t"], [1, 1], weapon="Široký meč")
    assert best.data["defence"] == 3 + 1  # the dagger's obrana 3, not 2 + 3
    chosen = act(
        fight(a, t), "attack", "a", ["t"], [1, 1], weapon="Široký meč", defence_weapon="Široký meč"
    )
    assert chosen.data["defence"] == 2 + 1


def test_several_attacks_in_one_utok_each_have_their_own_target_and_defence() -> None:
    a = fighter("a", sil=3, weapons=[SWORD])
    t1 = fighter("t1", "enemies", zbroj=1)
    t2 = fighter("t2", "enemies", zbroj=2)
    state = fight(a, t1, t2)
    outcome = act(state, "attack", "a", ["t1", "t2"], [4, 2, 5, 3], weapon="Široký meč", attacks=2)
    first, second = outcome.data["attacks"]
    assert (first["target"], first["attack"], first["defence"]) == ("t1", 12, 3)
    assert (second["target"], second["attack"], second["defence"]) == ("t2", 13, 5)
    state = after(state, outcome)
    assert state.get("t1").hp == 30 - 10 and state.get("t2").hp == 30 - 9
    assert state.get("a").turn["long"] == "attack"


def test_more_attacks_than_the_gm_allows_are_refused() -> None:
    a = fighter("a", weapons=[SWORD])
    state = fight(a, fighter("t1", "enemies"), fighter("t2", "enemies"))
    with pytest.raises(RulesError):
        act(state, "attack", "a", ["t1", "t2"], [1, 1, 1, 1], weapon="Široký meč")


def test_each_attack_may_carry_its_own_modifiers() -> None:
    a = fighter("a", weapons=[BOW])
    state = fight(a, fighter("t1", "enemies"), fighter("t2", "enemies"))
    outcome = act(
        state,
        "attack",
        "a",
        ["t1", "t2"],
        [3, 3],
        weapon="Luk",
        attacks=2,
        defence_mode="zo",
        each=[{"cover": "half"}, {"cover": "three_quarter"}],
    )
    assert [r["defence"] for r in outcome.data["attacks"]] == [3, 5]


def test_missiles_closer_than_2_sahy_have_nevyhoda_and_at_2_none() -> None:
    a, t = duel()
    close = act(
        fight(a, t), "attack", "a", ["t"], [4], weapon="Luk", distance=1.5, defence_mode="zo"
    )
    assert close.data["attack_modifiers"] == {"too_close": -5}
    at_two = act(
        fight(a, t), "attack", "a", ["t"], [4], weapon="Luk", distance=2, defence_mode="zo"
    )
    assert at_two.data["attack_modifiers"] == {}
    ticked = act(
        fight(a, t), "attack", "a", ["t"], [4], weapon="Oštěp", too_close=True, defence_mode="zo"
    )
    assert ticked.data["attack_modifiers"] == {"too_close": -5}


def test_melee_has_no_close_range_penalty() -> None:
    a, t = duel()
    outcome = act(
        fight(a, t), "attack", "a", ["t"], [4], weapon="Široký meč", distance=1, defence_mode="zo"
    )
    assert outcome.data["attack_modifiers"] == {}


def test_gm_vyhoda_and_nevyhoda_are_plus_and_minus_5() -> None:
    a, t = duel()
    good = act(
        fight(a, t),
        "attack",
        "a",
        ["t"],
        [4],
        weapon="Široký meč",
        advantage=True,
        defence_mode="zo",
    )
    assert good.data["attack"] == 7 + 4 + 5
    two = act(
        fight(a, t), "attack", "a", ["t"], [4], weapon="Široký meč", advantage=2, defence_mode="zo"
    )
    assert two.data["attack"] == 7 + 4 + 10
    worse = act(
        fight(a, t),
        "attack",
        "a",
        ["t"],
        [1],
        weapon="Široký meč",
        defence_disadvantage=True,
        defence_mode="zo",
    )
    assert worse.data["defence"] == -5


def test_cover_adds_3_or_5_and_total_cover_cannot_be_hit() -> None:
    a, t = duel()
    half = act(
        fight(a, t), "attack", "a", ["t"], [1], weapon="Luk", cover="half", defence_mode="zo"
    )
    assert half.data["defence"] == 3
    three = act(
        fight(a, t),
        "attack",
        "a",
        ["t"],
        [1],
        weapon="Luk",
        cover="three_quarter",
        defence_mode="zo",
    )
    assert three.data["defence"] == 5
    with pytest.raises(RulesError):
        act(fight(a, t), "attack", "a", ["t"], [1], weapon="Luk", cover="total")


def test_an_invisible_attacker_gets_plus_5_and_an_invisible_defender_plus_5() -> None:
    a = fighter("a", weapons=[SWORD], conditions=["invisible"])
    t = fighter("t", "enemies", conditions=["invisible"])
    outcome = act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    assert outcome.data["attack_modifiers"] == {"invisible": 5}
    assert outcome.data["defence_modifiers"] == {"invisible": 5}
    ticked = act(
        fight(fighter("a", weapons=[SWORD]), fighter("t", "enemies")),
        "attack",
        "a",
        ["t"],
        [1],
        weapon="Široký meč",
        defence_mode="zo",
        invisible_attacker=True,
        invisible_defender=True,
    )
    assert ticked.data["attack"] == 11 and ticked.data["defence"] == 5


def test_a_prone_target_gives_the_attacker_plus_5_and_the_gm_may_leave_it_zo_only() -> None:
    a = fighter("a", weapons=[SWORD])
    t = fighter("t", "enemies", conditions=["prone"], weapons=[SWORD])
    rolls = act(fight(a, t), "attack", "a", ["t"], [1, 1], weapon="Široký meč")
    assert rolls.data["attack_modifiers"] == {"prone": 5}
    assert rolls.data["defence_mode"] == "active"
    zo_only = act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    assert zo_only.data["defence_mode"] == "zo"
    assert any("GM: t defends with ZO only" in line for line in texts(zo_only))


def test_a_crawling_target_is_attacked_as_a_prone_one() -> None:
    a = fighter("a", weapons=[SWORD])
    t = fighter("t", "enemies", turn={"long": "crawl"})
    outcome = act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč")
    assert outcome.data["attack_modifiers"] == {"prone": 5}
    assert outcome.data["defence_mode"] == "zo"


def test_outnumbered_costs_minus_2_with_two_attackers_and_at_most_minus_3() -> None:
    targets = [fighter("t", "enemies", zbroj=5)]
    attackers = [fighter(f"a{i}", weapons=[SWORD]) for i in range(1, 5)]
    attackers[3] = fighter("a4", weapons=[SWORD], velikost="A")  # a smaller fourth one
    state = fight(*attackers, *targets)
    penalties = []
    for attacker in ("a1", "a2", "a3", "a4"):
        outcome = act(state, "attack", attacker, ["t"], [1], weapon="Široký meč", defence_mode="zo")
        penalties.append(outcome.data["defence_modifiers"].get("outnumbered", 0))
        state = after(state, outcome)
    assert penalties == [0, -2, -3, -3]
    assert state.get("t").turn["melee_attackers"] == ["a1", "a2", "a3", "a4"]


def test_a_fourth_attacker_of_the_same_size_does_not_fit_unless_the_gm_says_so() -> None:
    state = fight(
        *[fighter(f"a{i}", weapons=[SWORD]) for i in range(1, 5)], fighter("t", "enemies")
    )
    for attacker in ("a1", "a2", "a3"):
        state = after(
            state,
            act(state, "attack", attacker, ["t"], [1], weapon="Široký meč", defence_mode="zo"),
        )
    with pytest.raises(RulesError):
        act(state, "attack", "a4", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    allowed = act(
        state, "attack", "a4", ["t"], [1], weapon="Široký meč", defence_mode="zo", surround_ok=True
    )
    assert allowed.data["defence_modifiers"]["outnumbered"] == -3


def test_missiles_do_not_count_towards_outnumbering() -> None:
    state = fight(
        fighter("a1", weapons=[SWORD]), fighter("a2", weapons=[BOW]), fighter("t", "enemies")
    )
    state = after(
        state, act(state, "attack", "a1", ["t"], [1], weapon="Široký meč", defence_mode="zo")
    )
    outcome = act(state, "attack", "a2", ["t"], [1], weapon="Luk", defence_mode="zo", distance=10)
    assert "outnumbered" not in outcome.data["defence_modifiers"]


def test_the_gm_may_set_the_outnumbering_penalty() -> None:
    a, t = duel()
    outcome = act(
        fight(a, t),
        "attack",
        "a",
        ["t"],
        [1],
        weapon="Široký meč",
        defence_mode="zo",
        outnumbered=1,
    )
    assert outcome.data["defence_modifiers"] == {"outnumbered": -1}


def test_monster_overrides_replace_uc_oc_zo_and_zraneni() -> None:
    monster = fighter("m", "enemies", uc=7, oc=6, zo=4, zraneni=3, weapons=[CLUB])
    hero = fighter("h", sil=1, weapons=[SWORD])
    attack = act(fight(monster, hero), "attack", "m", ["h"], [2], weapon="Kyj", defence_mode="zo")
    assert attack.data["uc"] == 7 and attack.data["attack"] == 9
    assert attack.data["damage"] == 9 - 0 + 3
    defence = act(fight(monster, hero), "attack", "h", ["m"], [2, 2], weapon="Široký meč")
    assert defence.data["defence"] == 6 + 2
    passive = act(
        fight(monster, hero), "attack", "h", ["m"], [2], weapon="Široký meč", defence_mode="zo"
    )
    assert passive.data["defence"] == 4


def test_a_crossbow_must_be_reloaded_before_it_shoots_again() -> None:
    a = fighter("a", obr=2, weapons=[CROSSBOW])
    t = fighter("t", "enemies")
    state = after(
        fight(a, t),
        act(fight(a, t), "attack", "a", ["t"], [1], weapon="Kuše", distance=10, defence_mode="zo"),
    )
    assert [e.kind for e in state.get("a").effects] == ["unloaded"]
    state, _ = new_round(state)
    with pytest.raises(RulesError):
        act(state, "attack", "a", ["t"], [1], weapon="Kuše", distance=10)
    reloaded = after(state, act(state, "reload", "a", weapon="Kuše"))
    assert reloaded.get("a").effects == ()


def test_typed_faces_must_all_be_used() -> None:
    a, t = duel()
    with pytest.raises(InvalidDice):
        act(fight(a, t), "attack", "a", ["t"], [1, 2, 3], weapon="Široký meč", defence_mode="zo")


def test_missing_typed_faces_ask_for_more_dice() -> None:
    a, t = duel()
    with pytest.raises(InvalidDice):
        act(fight(a, t), "attack", "a", ["t"], [1], weapon="Široký meč")


@pytest.mark.parametrize(
    "modifiers",
    [
        {"cover": "behind"},
        {"advantage": "yes"},
        {"nonsense": True},
        {"distance": -1},
        {"attacks": 0},
        {"each": "x"},
        {"defence_mode": "dodge"},
    ],
)
def test_bad_modifiers_are_rules_errors(modifiers: dict[str, Any]) -> None:
    a, t = duel()
    with pytest.raises(RulesError):
        act(fight(a, t), "attack", "a", ["t"], [1, 1], weapon="Široký meč", **modifiers)


def test_attacking_oneself_or_the_dead_or_nobody_is_refused() -> None:
    a, t = duel()
    dead = fighter("d", "enemies", conditions=["dead"], hp=-5)
    state = fight(a, t, dead)
    for targets in (["a"], ["d"], [], ["nobody"]):
        with pytest.raises(RulesError):
            act(state, "attack", "a", targets, [1, 1], weapon="Široký meč")
