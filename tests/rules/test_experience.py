"""Experience by the systems' own tables (issue Q's ledgers): 5e's SRD challenge ratings and
levels, OSE's awards by hit dice, and an award split in whole points."""

from fractions import Fraction

import pytest

from combat.rules.dnd5e.experience import LEVELS, award, challenge
from combat.rules.experience import shares
from combat.rules.ose import experience as ose
from combat.rules.systems import SYSTEMS
from tests import srd

# Four rows of the SRD data file give an experience other than the SRD's own challenge-rating
# table for their rating (its printed statblocks give the table's number: the Dretch, CR 1/4,
# "(50 XP)"). The table is the rule; the file's slips are named, so a fifth would fail here.
DATA_SLIPS = {"Brass Dragon Wyrmling", "Deep Gnome (Svirfneblin)", "Dretch", "Riding Horse"}


def test_the_challenge_table_gives_every_srd_monster_its_own_experience():
    monsters = srd.load("5e-SRD-Monsters.json")
    agreeing, differing = 0, set()
    for monster in monsters:
        rating = challenge(monster["challenge_rating"])
        assert rating is not None, monster["name"]
        if rating == 0:  # the table's 10, or 0 for a creature with no effective attacks
            assert monster["xp"] in (0, 10), monster["name"]
        elif award({"challenge_rating": monster["challenge_rating"]}) == monster["xp"]:
            agreeing += 1
        else:
            differing.add(monster["name"])
    assert differing == DATA_SLIPS
    assert agreeing > 300


@pytest.mark.parametrize(
    ("written", "rating"),
    [("1/4", Fraction(1, 4)), ("0.5", Fraction(1, 2)), (2, Fraction(2)), ("30", Fraction(30))],
)
def test_a_challenge_rating_reads_as_the_bestiary_writes_it(written, rating):
    assert challenge(written) == rating


@pytest.mark.parametrize("written", ["", None, "1/3", "31", "x", "1/0", "-1"])
def test_no_award_for_a_rating_the_table_does_not_have(written):
    assert award({"challenge_rating": written}) is None


def test_5e_levels_begin_where_the_advancement_table_says():
    levels = SYSTEMS["dnd5e"].experience
    assert levels is not None and len(LEVELS) == 20
    assert [levels.level_for(xp) for xp in (0, 299, 300, 899, 900, 354999, 355000)] == [
        1, 1, 2, 2, 3, 19, 20,
    ]  # fmt: skip
    assert levels.level_for(10**9) == 20


@pytest.mark.parametrize(
    ("hit_dice", "xp"),
    [
        ("1/2", 5), ("1-1", 5), ("1", 10), ("1+1", 15), ("2", 20), ("2+1", 25), ("3", 35),
        ("3*", 50), ("4+1**", 275), ("7+2", 450), ("8", 650), ("10+", 900), ("12", 1100),
        ("16", 1350), ("20+4", 2000), ("21", 2500), ("30", 2500), (" 5 * ", 300),
    ],
)  # fmt: skip
def test_ose_awards_follow_the_hit_dice_row_and_its_asterisks(hit_dice, xp):
    assert ose.award({"hit_dice": hit_dice}) == xp


@pytest.mark.parametrize("hit_dice", ["", "d8", "1d8", "one", "2++", None])
def test_ose_gives_no_award_for_hit_dice_it_cannot_read(hit_dice):
    assert ose.award({"hit_dice": hit_dice}) is None


def test_ose_shares_among_survivors_and_knows_no_level_by_experience():
    experience = SYSTEMS["ose"].experience
    assert experience is not None and experience.survivors_only
    assert experience.level_for(5000) is None


def test_systems_without_a_table_leave_experience_to_the_gm():
    assert {key for key, system in SYSTEMS.items() if system.experience} == {"dnd5e", "ose"}


@pytest.mark.parametrize(
    ("total", "people", "split"),
    [(150, 2, [75, 75]), (100, 3, [34, 33, 33]), (5, 0, []), (0, 2, [0, 0]), (-5, 2, [0, 0])],
)
def test_an_award_splits_in_whole_points_and_adds_up(total, people, split):
    assert shares(total, people) == split
    assert sum(split) == max(total, 0) or not people
