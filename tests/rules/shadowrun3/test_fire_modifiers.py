"""Step 2 of a ranged attack: every situational modifier of seed 003's table, and the dodge TN."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import RulesError
from combat.rules.shadowrun3.firearms import PhaseFire, fire
from combat.rules.shadowrun3.modifiers import (
    VISIBILITY,
    Situation,
    TargetNumber,
    dodge_target_number,
    ranged_target_number,
    visibility_modifier,
)
from combat.rules.shadowrun3.range_bands import range_band

PISTOL = {"name": "Predator", "weapon_type": "heavy_pistol", "firing_modes": ["SA"]}
SMARTGUN = {**PISTOL, "smartgun": True}
LASER = {"name": "AK-97", "weapon_type": "assault_rifle", "laser_sight": True}


def target_number(
    weapon: dict[str, Any] = PISTOL, metres: int = 3, **situation: Any
) -> TargetNumber:
    band = range_band(weapon, metres, strength=4)
    return ranged_target_number(band, weapon, None, Situation(**situation))


@pytest.mark.parametrize(
    ("situation", "key", "modifier"),
    [
        ({"blind_fire": True}, "blind_fire", 8),
        ({"partial_cover": True}, "partial_cover", 4),
        ({"running_target": True}, "running_target", 2),
        ({"stationary_target": True}, "stationary_target", -1),
        ({"melee_opponents": 2}, "melee", 4),  # "+2 za protivníka"
        ({"movement": "run"}, "movement", 4),
        ({"movement": "run_difficult"}, "movement", 6),
        ({"movement": "walk"}, "movement", 1),
        ({"movement": "walk_difficult"}, "movement", 2),
        ({"wound_tn": 3}, "wounds", 3),
        ({"aim": 2}, "aim", -2),  # "-1 za jednoduchou akci"
        ({"called_shot": True}, "called_shot", 4),
        ({"second_firearm": True}, "second_firearm", 2),
        ({"extra_targets": 2}, "extra_targets", 4),
        ({"gm": -3}, "gm", -3),
        ({"visibility": "light_smoke"}, "visibility", 4),
    ],
)
def test_each_situation_changes_the_tn_as_the_table_says(
    situation: dict[str, Any], key: str, modifier: int
) -> None:
    result = target_number(**situation)
    assert result.part(key) == modifier
    assert result.value == max(2, 4 + modifier)


def test_all_modifiers_add_up() -> None:
    result = target_number(blind_fire=True, partial_cover=True, running_target=True,
                           melee_opponents=1, movement="walk", wound_tn=1)  # fmt: skip
    assert result.value == 4 + 8 + 4 + 2 + 2 + 1 + 1


def test_the_tn_is_never_below_2() -> None:
    assert target_number(SMARTGUN, smart="smartlink", aim=2, stationary_target=True).value == 2


@pytest.mark.parametrize(("smart", "modifier"), [("smartlink", -2), ("smartgoggles", -1)])
def test_smart_systems_need_a_smartgun(smart: str, modifier: int) -> None:
    assert target_number(SMARTGUN, smart=smart).part(smart) == modifier
    assert target_number(PISTOL, smart=smart).part(smart) == 0


def test_the_laser_works_to_50_m_and_not_in_smoke_fog_or_rain() -> None:
    assert target_number(LASER, 50).part("laser") == -1
    assert target_number(LASER, 51).part("laser") == 0
    for condition in ("light_smoke", "heavy_smoke", "thermal_smoke"):
        assert target_number(LASER, 20, visibility=condition).part("laser") == 0
    assert target_number(LASER, 20, visibility="partial_light").part("laser") == -1


def test_a_second_firearm_loses_smart_and_laser_and_takes_the_other_recoil() -> None:
    # seed 003: "se ovšem zvýší cílové číslo pro každou zbraň o 2. Kromě toho se neuplatní
    # výhody smartspojů, smartbrýlí a laserových zaměřovačů"
    result = target_number({**SMARTGUN, "laser_sight": True}, smart="smartlink",
                           second_firearm=True, other_recoil=1)  # fmt: skip
    assert (result.part("smartlink"), result.part("laser"), result.part("second_firearm")) == (
        0, 0, 2,
    )  # fmt: skip
    assert result.part("recoil") == 1


def test_only_pistols_and_smgs_are_fired_two_at_once() -> None:
    with pytest.raises(RulesError):
        target_number(LASER, second_firearm=True)


def test_magnification_does_not_work_with_smart_systems() -> None:
    scoped = {**SMARTGUN, "magnification": 1}
    magnified = target_number(scoped, 30, smart="smartlink")
    assert (magnified.base, magnified.part("smartlink")) == (5, 0)  # long → medium
    plain = ranged_target_number(range_band(scoped, 30, strength=4, magnify=False), scoped,
                                 None, Situation(smart="smartlink"))  # fmt: skip
    assert (plain.base, plain.part("smartlink")) == (6, -2)


def test_aiming_is_limited_to_half_the_skill() -> None:
    assert target_number(aim=3, aim_limit=3).part("aim") == -3
    with pytest.raises(RulesError):
        target_number(aim=4, aim_limit=3)


def test_a_called_shot_needs_more_than_single_shot_fire() -> None:
    taser = {"name": "Taser", "weapon_type": "taser"}
    volley = fire(taser, "SS", phase=PhaseFire(), target="t")
    with pytest.raises(RulesError):
        ranged_target_number(range_band(taser, 3, strength=3), taser, volley,
                             Situation(called_shot=True))  # fmt: skip
    semi = fire(PISTOL, "SA", phase=PhaseFire(), target="t")
    result = ranged_target_number(range_band(PISTOL, 3, strength=3), PISTOL, semi,
                                  Situation(called_shot=True))  # fmt: skip
    assert result.value == 8


@pytest.mark.parametrize(
    "situation",
    [{"movement": "sprint"}, {"smart": "eyes"}, {"running_target": True, "stationary_target": True},
     {"melee_opponents": -1}, {"gm": 50}, {"visibility": "fog"}],
)  # fmt: skip
def test_bad_situations_are_refused(situation: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        target_number(**situation)


# --- visibility -------------------------------------------------------------------------------

# seed 003, MODIFIKÁTORY VIDITELNOSTI (natural, then cybernetic): normal, low-light, thermo.
SEED_TABLE = {
    "full_dark": ((8, 8), (8, 8), (2, 4)),
    "minimal_light": ((6, 6), (2, 4), (2, 4)),
    "partial_light": ((2, 2), (0, 1), (1, 2)),
    "glare": ((2, 2), (2, 4), (2, 4)),
    "mist": ((2, 2), (0, 2), (0, 0)),
    "light_smoke": ((4, 4), (2, 4), (0, 0)),
    "heavy_smoke": ((6, 6), (4, 6), (0, 1)),
}


@pytest.mark.parametrize("condition", sorted(SEED_TABLE))
def test_visibility_depends_on_the_vision_and_whether_it_is_electronic(condition: str) -> None:
    for vision, (natural, cyber) in zip(("normal", "low_light", "thermographic"),
                                        SEED_TABLE[condition], strict=True):  # fmt: skip
        assert visibility_modifier(condition, vision) == natural
        assert visibility_modifier(condition, vision, electronic=True) == cyber


def test_thermal_smoke_blinds_thermographic_vision_like_smoke_blinds_eyes() -> None:
    # seed 003: "Termální kouř /+6" — the surviving natural thermographic number
    assert visibility_modifier("thermal_smoke", "thermographic") == 6
    assert set(VISIBILITY) >= set(SEED_TABLE) | {"clear", "thermal_smoke"}


def test_the_attackers_vision_picks_the_visibility_column() -> None:
    dark = target_number(visibility="minimal_light", vision="low_light")
    assert dark.part("visibility") == 2


# --- dodge ------------------------------------------------------------------------------------


def test_snot_dodges_at_4_plus_1_for_his_light_wound() -> None:
    # seed 003: "proti cílovému číslu 5 (4 plus 1 za lehké zranění, které utrpěl již předtím)"
    assert dodge_target_number(wound_tn=1).value == 5


def test_dodge_modifiers_add_up() -> None:
    result = dodge_target_number(burst=2, cramped=1, area=True, spread=1)
    assert result.value == 4 + 2 + 1 + 2 + 1
    assert result.part("area") == 2  # "by měla dostat alespoň modifikátor +2"
    with pytest.raises(RulesError):
        dodge_target_number(cramped=3)
