"""Firing modes, recoil over a phase, compensation, heavy weapons, gyro, magazines (seed 003)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from combat.rules.base import RulesError
from combat.rules.shadowrun3.ammunition import volley_code
from combat.rules.shadowrun3.damage import DamageCode
from combat.rules.shadowrun3.firearms import (
    Mode,
    PhaseFire,
    Volley,
    fire,
    firing_modes,
    reload,
    stabilise,
)
from combat.rules.shadowrun3.modifiers import Situation, ranged_target_number
from combat.rules.shadowrun3.range_bands import range_band
from combat.rules.shadowrun3.stats import WEAPON

# seed 003: "AK-97 má kód poškození 8M … kompenzaci zpětného rázu v celkové hodnotě 4 bodů"
# and a laser sight; the demo's standard bands [std].
AK97 = {**WEAPON.clean({"power": 8, "damage_level": "M", "weapon_type": "assault_rifle",
                        "firing_modes": ["SA", "BF", "FA"], "recoil_compensation": 4,
                        "laser_sight": True, "magazine": 38, "range_short": 50,
                        "range_medium": 150, "range_long": 350, "range_extreme": 550}),
        "name": "AK-97"}  # fmt: skip
MMG = {"name": "MMG", "weapon_type": "mmg", "power": 10, "damage_level": "S",
       "recoil_compensation": 6}  # fmt: skip
SMG = {"name": "Uzi", "weapon_type": "smg", "power": 6, "damage_level": "M", "magazine": 24}


def tn(weapon: Mapping[str, Any], volley: Volley | None, metres: int = 15, **situation: Any) -> int:
    band = range_band(weapon, metres, strength=5)
    return ranged_target_number(band, weapon, volley, Situation(**situation)).value


def test_wedges_three_full_auto_bursts_are_tn_3_7_13_and_11s_11s_12s() -> None:
    phase, loaded, results = PhaseFire(), 38, []
    for punk, rounds in (("punk1", 3), ("punk2", 3), ("punk3", 4)):
        volley = fire(AK97, "FA", phase=phase, target=punk, rounds=rounds, loaded=loaded)
        code, _steps = volley_code(DamageCode(8, "M"), volley)
        results.append((tn(AK97, volley), str(code)))
        phase, loaded = volley.phase, volley.loaded or 0
    # seed 003: "cílové číslo tedy zůstává na 3", "cílové číslo 7", "vzroste celkem na 13";
    # "11V", "i nyní poškození 11V", "12V"
    assert results == [(3, "11S"), (7, "11S"), (13, "12S")]
    assert (phase.rounds, phase.recoil, loaded) == (10, 10, 28)


def test_a_medium_machine_gun_with_compensation_6_firing_10_rounds_has_recoil_8() -> None:
    # seed 003: "(10 za vystřelené rány mínus 6 za kompenzaci zpětného rázu dává 4; 4 2 = 8)"
    volley = fire(MMG, "FA", phase=PhaseFire(), target="t", rounds=10)
    assert stabilise(volley.phase_recoil, compensation=6, heavy=True, gyro=0,
                     movement=0).recoil == 8  # fmt: skip
    assert tn(MMG, volley, metres=50) == 4 + 8


def test_surplus_compensation_never_lowers_the_tn() -> None:
    first = fire(AK97, "BF", phase=PhaseFire(), target="t")
    assert tn(AK97, first) == tn(AK97, None) == 3  # 3 − 4 → 0, laser −1


def test_two_bursts_in_a_phase_are_plus_3_then_plus_6() -> None:
    # seed 003: "obdrží pro první modifikátor +3 a pro druhou další +3 (celkem tedy +6)"
    first = fire(SMG, "BF", phase=PhaseFire(), target="t")
    second = fire(SMG, "BF", phase=first.phase, target="t")
    assert (first.phase_recoil, second.phase_recoil) == (3, 6)
    assert (tn(SMG, first, 5), tn(SMG, second, 5)) == (4 + 3, 4 + 6)


def test_full_auto_recoil_adds_up_round_by_round() -> None:
    # seed 003: 7 rounds → +7; two bursts of five → +5 and +10
    assert fire(SMG, "FA", phase=PhaseFire(), target="t", rounds=7).phase_recoil == 7
    first = fire(SMG, "FA", phase=PhaseFire(), target="t", rounds=5)
    second = fire(SMG, "FA", phase=first.phase, target="t", rounds=5)
    assert (first.phase_recoil, second.phase_recoil) == (5, 10)


def test_the_second_semi_automatic_shot_has_recoil_1() -> None:
    pistol = {"name": "Predator", "weapon_type": "heavy_pistol", "firing_modes": ["SA"]}
    first = fire(pistol, "SA", phase=PhaseFire(), target="t")
    second = fire(pistol, "SA", phase=first.phase, target="t")
    assert (tn(pistol, first, 3), tn(pistol, second, 3)) == (4, 5)
    compensated = {**pistol, "recoil_compensation": 1}
    assert tn(compensated, second, 3) == 4


def test_a_burst_raises_5m_to_8s() -> None:
    # seed 003: "zbraně se základním kódem poškození 5M, zvýší se účinnost na 8 a … na V"
    volley = fire(SMG, "BF", phase=PhaseFire(), target="t")
    assert volley_code(DamageCode(5, "M"), volley)[0] == DamageCode(8, "S")
    assert volley.dodge_modifier == 1


def test_full_auto_levels_stop_at_deadly() -> None:
    volley = fire(AK97, "FA", phase=PhaseFire(), target="t", rounds=10)
    assert volley_code(DamageCode(8, "M"), volley)[0] == DamageCode(18, "D")
    assert volley.dodge_modifier == 3


def test_a_short_burst_is_power_2_same_level_recoil_2() -> None:
    # seed 003, Zkrácená dávka
    volley = fire(SMG, "BF", phase=PhaseFire(), target="t", loaded=2)
    assert (volley.rounds, volley.short, volley.phase_recoil, volley.loaded) == (2, True, 2, 0)
    assert volley_code(DamageCode(6, "M"), volley)[0] == DamageCode(8, "M")
    assert volley.dodge_modifier == 0  # Rulings: +1 per three rounds, rounded down


def test_a_burst_of_one_round_is_a_single_shot() -> None:
    volley = fire(SMG, "BF", phase=PhaseFire(), target="t", loaded=1)
    assert (volley.rounds, volley.power_bonus, volley.level_bonus, volley.phase_recoil) == (
        1, 0, 0, 0,
    )  # fmt: skip


def test_full_auto_running_dry_follows_the_short_burst_rule() -> None:
    volley = fire(SMG, "FA", phase=PhaseFire(), target="t", rounds=6, loaded=2)
    assert (volley.rounds, volley.short, volley.power_bonus, volley.level_bonus) == (2, True, 2, 0)
    longer = fire(SMG, "FA", phase=PhaseFire(), target="t", rounds=6, loaded=4)
    assert (longer.rounds, longer.short, longer.power_bonus, longer.level_bonus) == (
        4, False, 4, 1,
    )  # fmt: skip


def test_the_magazine_counts_down_and_an_empty_one_refuses() -> None:
    volley = fire(SMG, "SA", phase=PhaseFire(), target="t", loaded=reload(SMG))
    assert volley.loaded == 23
    with pytest.raises(RulesError):
        fire(SMG, "SA", phase=PhaseFire(), target="t", loaded=0)
    assert reload({"weapon_type": "melee"}) is None


def test_switching_targets_in_full_auto_wastes_a_round_per_metre() -> None:
    # seed 003: "za každý metr odstupu mezi cíli vyplýtvá jeden výstřel. Smartguny ovšem nikdy
    # náboji nemrhají."
    first = fire(SMG, "FA", phase=PhaseFire(), target="a", rounds=3, loaded=24)
    second = fire(SMG, "FA", phase=first.phase, target="b", rounds=3, loaded=21, gap_metres=2)
    assert (second.wasted, second.rounds, second.loaded) == (2, 3, 16)
    assert second.phase_recoil == 3 + 2 + 3
    assert second.extra_targets == 1
    smart = fire({**SMG, "smartgun": True}, "FA", phase=first.phase, target="b", rounds=3,
                 gap_metres=2)  # fmt: skip
    assert smart.wasted == 0
    with pytest.raises(RulesError):  # 3 + 2 wasted + 6 > 10 a phase
        fire(SMG, "FA", phase=first.phase, target="b", rounds=6, gap_metres=2)


def extra_targets(*targets: str) -> list[int]:
    phase, extras = PhaseFire(), []
    for target in targets:
        volley = fire(SMG, "FA", phase=phase, target=target, rounds=3)
        extras.append(volley.extra_targets)
        phase = volley.phase
    return extras


def test_each_new_target_of_the_phase_adds_2() -> None:
    # seed 003: "stoupne cílové číslo při střelbě na druhý cíl o 2 a na třetí o 4"
    assert extra_targets("a", "b", "c") == [0, 1, 2]
    # reading: a target keeps its place in the phase's order when fired at again
    assert extra_targets("a", "b", "a") == [0, 1, 0]


@pytest.mark.parametrize(
    ("weapon", "mode", "rounds", "phase"),
    [
        (SMG, "FA", 2, PhaseFire()),  # "alespoň ze tří ran"
        (SMG, "FA", 11, PhaseFire()),  # "až deset ran za bojovou fázi"
        (SMG, "FA", 3, PhaseFire(recoil=0, rounds=1, shots=1, modes=("SA",))),
        (SMG, "SA", None, PhaseFire(recoil=3, rounds=3, shots=1, modes=("FA",))),
        ({"name": "Taser", "weapon_type": "taser"}, "SS", None,
         PhaseFire(rounds=1, shots=1, modes=("SS",))),  # "v téže bojové fázi … už nelze"
        ({"name": "Predator", "weapon_type": "heavy_pistol"}, "BF", None, PhaseFire()),
    ],
)  # fmt: skip
def test_fire_the_rules_forbid_is_refused(
    weapon: Mapping[str, Any], mode: Mode, rounds: int | None, phase: PhaseFire
) -> None:
    with pytest.raises(RulesError):
        fire(weapon, mode, phase=phase, target="t", rounds=rounds)


def test_modes_come_from_the_weapon_or_the_seeds_table() -> None:
    assert firing_modes({"weapon_type": "lmg"}) == ("BF", "FA")
    assert firing_modes({"weapon_type": "light_pistol"}) == ("SA",)
    assert firing_modes({"weapon_type": "smg", "firing_modes": ["SA"]}) == ("SA",)
    assert firing_modes({"weapon_type": "melee"}) == ()


def test_recoil_order_compensation_then_doubling_then_gyro() -> None:
    # Rulings: compensation first, then heavy doubling of what is left, then the gyro against
    # recoil plus movement: (5 − 2) × 2 = 6, running +4, gyro 3 → 7 in all.
    recoil = stabilise(5, compensation=2, heavy=True, gyro=3, movement=4)
    assert (recoil.recoil, recoil.movement, recoil.gyro_used) == (3, 4, 3)
    assert recoil.recoil + recoil.movement == 7


def test_a_gyro_also_cancels_the_attackers_movement() -> None:
    recoil = stabilise(0, compensation=0, heavy=False, gyro=3, movement=4)
    assert (recoil.recoil, recoil.movement) == (0, 1)
    assert stabilise(2, compensation=0, heavy=False, gyro=6, movement=1).gyro_used == 3


def test_a_shotgun_burst_doubles_uncompensated_recoil() -> None:
    shotgun = {"name": "Brokovnice", "weapon_type": "shotgun", "power": 8, "damage_level": "S"}
    volley = fire(shotgun, "BF", phase=PhaseFire(), target="t")
    assert tn(shotgun, volley, 5) == 4 + 6


def test_phase_fire_survives_a_json_round_trip() -> None:
    volley = fire(SMG, "FA", phase=PhaseFire(), target="a", rounds=4)
    assert PhaseFire.from_data(volley.phase.to_data()) == volley.phase
    assert PhaseFire.from_data(None) == PhaseFire()
