"""Damage codes, staging, resistance and the condition monitors (seed 003 and standard SR3)."""

from __future__ import annotations

import pytest

from combat.rules.faces import TypedFaces
from combat.rules.shadowrun3.damage import (
    BOXES,
    LEVELS,
    DamageCode,
    Level,
    Monitors,
    Resister,
    code_steps,
    resistance_test,
    resister,
    result_step,
    stage,
    status,
    take_damage,
    unarmed_code,
    weapon_code,
    wound_modifiers,
)

SNOT = Resister("snot", "Snot", body=5, ballistic=4, impact=2)


# --- staging (seed 003, Vyhodnocení útoku) ----------------------------------------------------


@pytest.mark.parametrize(
    ("level", "net", "staged"),
    [
        ("M", 5 - 3, "S"),  # Liam 5 against Snot's 3: 9M becomes 9S
        ("M", 0, "M"),  # "Pokud by oběma padl stejný počet úspěchů, utrpěl by Snot mírné"
        ("M", -2, "L"),  # Snot two more: "snížilo by se poškození … z mírného na lehké"
        ("M", -4, None),  # four more to avoid it: "dva … na lehké a dva další … na žádné"
        ("M", 4, "D"),  # "o čtyři úspěchy více … na S"
        ("S", -4, "L"),  # "obránce hodí o čtyři úspěchy víc proti … vážné … na L"
        ("M", 1, "M"),  # one net success moves nothing
        ("M", -1, "M"),
        ("M", 3, "S"),
        ("L", -2, None),
        ("L", -3, None),
    ],
)
def test_every_two_net_successes_move_the_level_one_step(
    level: Level, net: int, staged: Level | None
) -> None:
    assert stage(level, net) == staged


@pytest.mark.parametrize("net", [2, 6, 20])
def test_deadly_is_the_highest_level_for_every_attack(net: int) -> None:
    assert stage("D", net) == "D"
    assert stage("S", net) == "D"


def test_raising_a_code_stops_at_deadly() -> None:
    assert DamageCode(8, "M").raised(3) == DamageCode(8, "D")
    assert DamageCode(8, "S").raised(-5) == DamageCode(8, "L")
    assert str(DamageCode(9, "M").plus(2)) == "11M"


# --- codes ------------------------------------------------------------------------------------


def test_strength_based_codes_add_the_wielders_strength() -> None:
    katana = {"power": 3, "strength_based": True, "damage_level": "M"}
    assert weapon_code(katana, 6) == DamageCode(9, "M")
    assert weapon_code({"power": 9, "damage_level": "M"}, 6) == DamageCode(9, "M")
    club = {"power": 1, "strength_based": True, "damage_level": "M", "stun": True}
    assert weapon_code(club, 4) == DamageCode(5, "M", stun=True)


def test_bare_hands_do_strength_m_stun() -> None:
    assert unarmed_code(5) == DamageCode(5, "M", stun=True)


@pytest.mark.parametrize("level", ["L", "M", "S", "D"])
def test_each_level_has_its_own_msgid_with_its_letter(level: Level) -> None:
    code_line = code_steps(DamageCode(9, level))[0]
    taken = result_step("Snot", DamageCode(9, level), level)
    assert f"%(power)s{level} (" in code_line.template
    assert f"%(power)s{level} (" in taken.template
    assert code_line.template % code_line.params == code_line.template.replace("%(power)s", "9")
    others = [code_steps(DamageCode(9, other))[0].template for other in LEVELS if other != level]
    assert code_line.template not in others


def test_stun_codes_say_so() -> None:
    assert len(code_steps(DamageCode(5, "M", stun=True))) == 2
    assert len(code_steps(DamageCode(5, "M"))) == 1


# --- resistance -------------------------------------------------------------------------------


def test_snot_resists_with_body_5_against_9_minus_4() -> None:
    # seed 003: "Modifikované cílové číslo … obnáší 5 (účinnost 9 mínus pancíř 4) … hází Snot
    # pěti kostkami … 1, 1, 2, 3 a 6. Pouze jedno z toho je úspěch"
    test = resistance_test(SNOT, 9, 4, 0, TypedFaces((1, 1, 2, 3, 6)))
    assert (test.dice, test.target, test.successes) == (5, 5, 1)
    assert test.rolled is not None and test.rolled.purpose == "resistance"


def test_resistance_adds_dermal_armour_and_pool_dice_and_has_tn_2_at_least() -> None:
    troll = Resister("t", "Troll", body=8, dermal=1, ballistic=6)
    test = resistance_test(troll, 6, 6, 2, TypedFaces((2,) * 11))
    assert (test.dice, test.target, test.successes) == (11, 2, 11)


def test_resister_reads_the_creature_stats() -> None:
    stats = {"body": 7, "dermal_armor": 2, "ballistic": 5, "impact": 3}
    assert resister(stats, id="c1", name="Longbone") == Resister("c1", "Longbone", 7, 2, 5, 3)


# --- condition monitors [std] -----------------------------------------------------------------


def test_levels_fill_1_3_6_10_boxes() -> None:
    assert dict(BOXES) == {"L": 1, "M": 3, "S": 6, "D": 10}
    for level, boxes in BOXES.items():
        assert take_damage(Monitors(), level, stun=False, body=5).after.physical == boxes


@pytest.mark.parametrize(
    ("physical", "stun", "tn", "initiative"),
    [
        (0, 0, 0, 0),
        (1, 0, 1, -1),
        (2, 0, 1, -1),
        (3, 0, 2, -2),  # seed 003: "Mírné zranění má za následek postih k iniciativě 2"
        (5, 0, 2, -2),
        (6, 0, 3, -3),
        (9, 0, 3, -3),
        (6, 1, 4, -4),  # seed 003: serious (physical) + light (stun) = −4
        (3, 3, 4, -4),
    ],
)
def test_wound_modifiers_of_both_monitors_add_up(
    physical: int, stun: int, tn: int, initiative: int
) -> None:
    modifiers = wound_modifiers(physical, stun)
    assert (modifiers.tn, modifiers.initiative) == (tn, initiative)


def test_daves_moderate_wound_costs_2_initiative_at_once() -> None:
    # seed 003: "Výsledek Davovy iniciativy je tedy okamžitě snížen na 20."
    wound = take_damage(Monitors(), "M", stun=False, body=4, name="Dave")
    assert 22 + wound.initiative_change == 20


def test_a_second_wound_costs_only_the_difference() -> None:
    wound = take_damage(Monitors(physical=1), "L", stun=True, body=4)
    assert wound.initiative_change == -1  # light physical (−1) + now light stun (−1)
    again = take_damage(Monitors(physical=2), "L", stun=False, body=4)
    assert again.initiative_change == -1  # 2 → 3 boxes: light → moderate


def test_stun_past_the_monitor_overflows_into_physical() -> None:
    wound = take_damage(Monitors(physical=1, stun=8), "S", stun=True, body=4, name="Snot")
    assert (wound.after.stun, wound.after.physical, wound.overflow) == (10, 5, 4)
    assert wound.status == "unconscious"


def test_ten_stun_knocks_out_and_ten_physical_is_dying() -> None:
    assert take_damage(Monitors(), "D", stun=True, body=4).status == "unconscious"
    assert take_damage(Monitors(), "D", stun=False, body=4).status == "dying"
    assert status(14, 0, 4) == "dying"  # overflow up to Body [std]
    assert status(15, 0, 4) == "dead"
    assert status(9, 9, 4) == "active"


def test_no_level_fills_no_box() -> None:
    wound = take_damage(Monitors(3, 2), None, stun=False, body=4)
    assert (wound.after, wound.boxes, wound.steps) == (Monitors(3, 2), 0, ())


def test_monitor_lines_hide_from_players_through_hp_params() -> None:
    wound = take_damage(Monitors(), "S", stun=False, body=4, name="Snot")
    monitor = [s for s in wound.steps if "hp_physical" in s.params]
    assert monitor and monitor[0].params["hp_physical"] == 6
