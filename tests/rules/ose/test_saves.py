"""Saving throws for several at once (issue N): each saver's own d20 against its own number, the
referee's bonus for all, a failure interrupting a declared spell (seed 001)."""

from __future__ import annotations

import pytest

from combat.rules.base import Audience, RulesError
from combat.rules.ose.saves import MOST_SAVERS
from tests.rules.ose.helpers import ENGINE, Table, fighter, goblin, texts


def breath_table() -> Table:
    return Table(
        fighter("zelda", hp=6, save_breath=16),
        fighter("borin", hp=9, save_breath=13),
        goblin("g1", save_breath=17),
        goblin("dragon", hp=40),
    )


def test_each_saver_rolls_against_its_own_number() -> None:
    table = breath_table()
    outcome = table.act(
        "saves", "dragon", ["zelda", "borin", "g1"], [15, 13, 19], save="breath", bonus=1
    )
    assert texts(outcome.steps) == [
        "Saving throws against Dragon: Breath attacks",
        "Zelda: d20 15 +1 = 16 against 16: saved",
        "Borin: d20 13 +1 = 14 against 13: saved",
        "G1: d20 19 +1 = 20 against 17: saved",
    ]
    assert outcome.data["failed"] == 0 and outcome.data["saved"] == 3


def test_failures_are_counted_and_each_line_is_about_its_saver() -> None:
    table = breath_table()
    outcome = table.act("saves", "dragon", ["zelda", "borin"], [14, 2], save="breath")
    assert texts(outcome.steps)[1:] == [
        "Zelda: d20 14 +0 = 14 against 16: failed",
        "Borin: d20 2 +0 = 2 against 13: failed",
    ]
    assert texts([outcome.summary]) == ["Saving throws against Dragon — failed: 2, saved: 0"]
    assert [step.about for step in outcome.steps[1:]] == ["zelda", "borin"]
    # The number needed is the saver's own: read by those who may read its numbers.
    assert outcome.steps[1].secret == {"needed": Audience.STATS}
    assert [roll.roller for roll in outcome.rolls] == ["zelda", "borin"]
    assert outcome.changes == ()  # what the breath then does, the referee applies


def test_a_caster_who_lost_initiative_and_fails_is_interrupted() -> None:
    zelda = fighter("zelda", hp=6, save_spells=15)
    table = Table(zelda, goblin("g1"), goblin("shaman"))
    table.act("declare", "zelda", intent="cast")
    table.initiative(2, 5)  # the goblins win: her spell is still to come
    outcome = table.act("saves", "shaman", ["zelda", "g1"], [3, 20], save="spells")
    assert table.get("zelda").turn["spell"] == "lost"
    assert any("is interrupted" in line for line in texts(outcome.steps))


def test_the_referee_chooses_the_saving_throw_and_the_savers() -> None:
    table = breath_table()
    with pytest.raises(RulesError, match="which saving throw"):
        table.act("saves", "dragon", ["zelda"], [10])
    with pytest.raises(RulesError, match="who saves"):
        table.act("saves", "dragon", [], [], save="breath")


def test_a_saver_out_of_the_fight_is_refused() -> None:
    table = Table(fighter("zelda", hp=0), fighter("borin"), goblin("dragon", hp=40))
    with pytest.raises(RulesError, match="Zelda is out of the fight"):
        table.act("saves", "dragon", ["zelda", "borin"], [10, 10], save="breath")


def test_at_most_twenty_savers_at_once() -> None:
    many = [fighter(f"f{n}") for n in range(MOST_SAVERS + 1)]
    table = Table(*many, goblin("dragon", hp=40))
    ids = [c.id for c in many]
    with pytest.raises(RulesError, match="at most 20 targets"):
        table.act("saves", "dragon", ids, [10] * len(ids), save="breath")


def test_each_saver_saves_once_though_named_twice() -> None:
    table = breath_table()
    outcome = table.act("saves", "dragon", ["zelda", "zelda"], [18], save="breath")
    assert outcome.data["targets"] == ["zelda"] and len(outcome.rolls) == 1


def test_it_is_the_referees_and_offered_at_any_time() -> None:
    table = breath_table()
    options = {option.kind: option for option in ENGINE.actions(table.fight, "dragon")}
    assert options["saves"].gm_only and options["saves"].needs_target
    assert not options["save"].gm_only  # a player still rolls their own
