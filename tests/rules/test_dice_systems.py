"""The dice of each system's seed examples (../shared/seeds), with the seeds' own numbers."""

from combat.rules.dice import replay

# Shadowrun 3, seed 003: "Liam ... hází svými deseti kostkami a dosáhne 3, 4, 3, 2, 5, 5, 1, 2, 6
# a 5" — five successes against 4, four against 5, and against 8 only the six rolls again.
LIAM = [3, 4, 3, 2, 5, 5, 1, 2, 6, 5]


def test_liam_rolls_five_successes_against_target_4():
    assert replay("10d6!!>=4", LIAM).successes == 5


def test_liam_rolls_four_successes_against_target_5():
    assert replay("10d6!!>=5", LIAM).successes == 4


def test_against_target_8_only_liams_six_rolls_again_and_needs_2_or_more():
    assert replay("10d6!!>=8", [*LIAM, 2]).successes == 1
    assert replay("10d6!!>=8", [*LIAM, 1]).successes == 0
    exploded = [die.faces for die in replay("10d6!!>=8", [*LIAM, 2]).dice if die.exploded]
    assert exploded == [(6, 2)]


def test_snot_dodges_with_two_successes_and_resists_with_one():
    # Seed 003: dodge 2, 3, 3, 5, 6 against 5; resistance 1, 1, 2, 3, 6 against 5.
    assert replay("5d6!!>=5", [2, 3, 3, 5, 6]).successes == 2
    assert replay("5d6!!>=5", [1, 1, 2, 3, 6]).successes == 1


def test_rule_of_one_all_ones_is_a_fumble():
    result = replay("4d6!!>=5", [1, 1, 1, 1])
    assert (result.successes, result.fumble) == (0, True)


def test_a_single_die_that_is_not_one_prevents_the_fumble():
    assert replay("4d6!!>=5", [1, 1, 2, 1]).fumble is False


def test_fumble_looks_at_every_success_counting_term_as_one_pool():
    assert replay("2d6>=4 + 2d6>=4", [1, 1, 1, 1]).fumble is True
    assert replay("2d6>=4 + 2d6>=4", [1, 1, 1, 3]).fumble is False


def test_there_is_no_fumble_without_success_counting():
    assert replay("2d6", [1, 1]).fumble is False


def test_initiative_dice_do_not_use_the_rule_of_six():
    # Seed 003: Longbone 3 (5) + 1d6 (2d6), rolls 2 and 6 -> 13 (ours: Reaction 5 + 2d6).
    assert replay("5+2d6", [2, 6]).total == 13


# Dračí Hlídka, seed 000: the attack d6 explodes; two or more sixes make a critical.


def test_baldur_rolls_3_for_an_attack_of_12():
    # SIL +4, broad sword útočnost 5: ÚČ 9, rolls 3 -> 12.
    assert replay("1d6!+9", [3]).total == 12


def test_exploding_attack_6_6_3_is_15_with_two_sixes():
    result = replay("1d6!", [6, 6, 3])
    assert (result.total, result.sixes) == (15, 2)


def test_critical_roll_6_6_6_3_shows_three_sixes_for_two_bleed_dice():
    result = replay("1d6!+9", [6, 6, 6, 3])
    assert (result.total, result.sixes - 1) == (30, 2)


def test_dh_initiative_d6_does_not_explode():
    assert replay("1d6+2", [6]).total == 8


def test_sixes_count_only_kept_six_sided_dice():
    assert replay("2d6kh1", [6, 6]).sixes == 1
    assert replay("1d20+1d6", [6, 6]).sixes == 1


# D&D 5e, seed 002: advantage and disadvantage are 2d20 keep highest / lowest.


def test_dnd_attack_with_advantage_keeps_the_higher_d20():
    assert replay("2d20kh1+5", [9, 14]).total == 19


def test_dnd_attack_with_disadvantage_keeps_the_lower_d20():
    assert replay("2d20kl1+5", [9, 14]).total == 14


def test_dnd_critical_damage_rolls_the_dice_twice():
    assert replay("2d8+3", [5, 7]).total == 15


# Old-School Essentials, seed 001: a plain d20 attack, a d6 for damage and initiative.


def test_ose_attack_is_one_d20():
    result = replay("1d20", [20])
    assert (result.total, result.dice[0].sides) == (20, 20)


def test_ose_morale_is_2d6():
    assert replay("2d6", [5, 4]).total == 9


# Forum dice pool, seed 004: "[dice]XdY[/dice]" sums d6s against a difficulty.


def test_door_picking_the_lock_with_three_dice_rolls_9_and_fails_against_10():
    assert replay("[dice]3d6[/dice]", [2, 3, 4]).total == 9


def test_kicking_the_door_together_adds_four_dice_and_one_die():
    # Player B: strength 4, four dice, rolls 9; player C helps with one die, rolls 3: 12.
    assert replay("[dice]4d6+1d6[/dice]", [1, 2, 3, 3, 3]).total == 12
