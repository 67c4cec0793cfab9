"""Step 1 of a ranged attack: range bands, base TN, Strength-scaled ranges, magnification."""

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from combat.rules.shadowrun3.range_bands import STANDARD_RANGES, band_limits, range_band
from combat.rules.shadowrun3.ranged import armour_kind, weapon_skill
from combat.rules.shadowrun3.stats import WEAPON

PREDATOR = {"name": "Ares Predator", "power": 9, "damage_level": "M",
            "weapon_type": "heavy_pistol"}  # fmt: skip
# The demo's AK-97: standard assault-rifle bands 50 / 150 / 350 / 550 [std].
AK97 = {"name": "AK-97", "weapon_type": "assault_rifle", "range_short": 50,
        "range_medium": 150, "range_long": 350, "range_extreme": 550}  # fmt: skip


@pytest.mark.parametrize(
    ("metres", "band", "tn"),
    [(0, "short", 4), (5, "short", 4), (6, "medium", 5), (20, "medium", 5), (21, "long", 6),
     (40, "long", 6), (41, "extreme", 9), (60, "extreme", 9)],
)  # fmt: skip
def test_heavy_pistol_bands_give_4_5_6_9(metres: int, band: str, tn: int) -> None:
    # seed 003: "krátkém dostřelu má cílové číslo 4 … střední … 5 … dlouhém … 6 … extrémní … 9"
    result = range_band(PREDATOR, metres, strength=3)
    assert (result.band, result.base_tn, result.magnified) == (band, tn, False)


def test_beyond_extreme_range_is_refused() -> None:
    with pytest.raises(RulesError):
        range_band(PREDATOR, 61, strength=3)
    with pytest.raises(RulesError):
        range_band(PREDATOR, -1, strength=3)


def test_the_weapons_own_bands_come_before_the_standard_table() -> None:
    assert band_limits(AK97, 3).bands == (50, 150, 350, 550)
    custom = {**PREDATOR, "range_short": 10, "range_medium": 30, "range_long": 50,
              "range_extreme": 80}  # fmt: skip
    assert range_band(custom, 25, strength=3).band == "medium"
    assert band_limits(PREDATOR, 3).bands == STANDARD_RANGES["heavy_pistol"].bands


@pytest.mark.parametrize(
    ("metres", "band"),
    [(5, "short"), (6, "medium"), (50, "medium"), (51, "long"), (150, "long"),
     (151, "extreme"), (300, "extreme")],
)  # fmt: skip
def test_a_bow_for_strength_5_reaches_5_50_150_300(metres: int, band: str) -> None:
    # seed 003: "krátký dostřel 0 až 5, střední 6 až 50, dlouhý 51 až 150 a extrémní 151 až 300"
    standard = {"name": "Luk", "weapon_type": "bow", "strength_minimum": 5}
    stored = WEAPON.clean({"weapon_type": "bow", "range_short": 1, "range_medium": 10,
                           "range_long": 30, "range_extreme": 60,
                           "ranges_scale_with_strength": True, "strength_minimum": 5})  # fmt: skip
    for bow in (standard, stored):
        assert band_limits(bow, 2).bands == (5, 50, 150, 300)  # the bow's, not the archer's
        assert range_band(bow, metres, strength=2).band == band
    with pytest.raises(RulesError):
        range_band(standard, 301, strength=2)


def test_thrown_weapons_scale_with_the_throwers_strength() -> None:
    knife = {"name": "Vrhací nůž", "weapon_type": "throwing_knife"}
    assert band_limits(knife, 4).bands == (4, 8, 12, 20)
    assert band_limits({"weapon_type": "shuriken"}, 3).bands == (3, 6, 15, 21)


def test_grenades_have_long_range_tn_8() -> None:
    # seed 003: "** Cílové číslo pro dlouhý dostřel činí 8."
    grenade = {"name": "Granát", "weapon_type": "grenade"}
    assert band_limits(grenade, 4).bands == (12, 20, 40, 80)
    assert range_band(grenade, 30, strength=4).base_tn == 8
    assert range_band(grenade, 50, strength=4).base_tn == 9
    aero = {"weapon_type": "aerodynamic_grenade"}
    assert band_limits(aero, 4).bands == (12, 20, 80, 120)


def test_a_grenade_launcher_has_a_minimum_range() -> None:
    launcher = {"name": "Granátomet", "weapon_type": "grenade_launcher"}
    with pytest.raises(RulesError):
        range_band(launcher, 4, strength=3)
    assert range_band(launcher, 5, strength=3).base_tn == 4
    assert range_band(launcher, 120, strength=3).base_tn == 8


@pytest.mark.parametrize(("metres", "natural", "band", "tn"),
                         [(300, "long", "short", 4), (100, "medium", "short", 4),
                          (500, "extreme", "medium", 5), (30, "short", "short", 4)])  # fmt: skip
def test_magnification_2_moves_the_band_two_columns_left(
    metres: int, natural: str, band: str, tn: int
) -> None:
    # seed 003: "Dalekohled s hodnocením 2 přesouvá dostřel při dlouhé vzdálenosti na sloupec
    # pro krátký dostřel … na střední vzdálenost také jen na 4"
    scoped = {**AK97, "magnification": 2}
    result = range_band(scoped, metres, strength=3)
    assert (result.natural_band, result.band, result.base_tn) == (natural, band, tn)
    assert result.magnified == (natural != band)
    assert range_band(scoped, metres, strength=3, magnify=False).band == natural


def test_bullets_meet_ballistic_armour_and_the_rest_impact() -> None:
    assert armour_kind(PREDATOR) == "ballistic"
    assert armour_kind({"weapon_type": "bow"}) == "impact"
    assert armour_kind({"weapon_type": "grenade"}) == "impact"
    assert armour_kind({"weapon_type": "melee"}) == "impact"


def test_the_skill_follows_the_weapon_type() -> None:
    skills = {"pistols": 6, "edged_weapons": 2, "clubs": 4}
    assert weapon_skill(PREDATOR, skills) == ("pistols", 6)
    assert weapon_skill(AK97, skills) == ("assault_rifles", 0)
    assert weapon_skill({"weapon_type": "melee"}, skills) == ("clubs", 4)
    assert weapon_skill(None, {"unarmed_combat": 3}) == ("unarmed_combat", 3)
