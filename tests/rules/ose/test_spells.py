"""Spells and their disruption, saving throws (seed 001, "Kouzlení", "Přerušení kouzlení")."""

from __future__ import annotations

import pytest

from combat.rules.base import Fight, RulesError
from tests.rules.ose.helpers import SHORT_SWORD, Table, act, fighter, goblin, placed, texts


def wizard_table(**options: object) -> Table:
    zelda = fighter("zelda", hp=6, weapons=[SHORT_SWORD], save_spells=15)
    table = Table(zelda, goblin("g1", hp=7), **options)
    table.act("declare", "zelda", intent="cast")
    return table


def test_a_caster_on_the_losing_side_hit_before_its_turn_loses_the_spell() -> None:
    table = wizard_table()
    table.initiative(2, 5)  # the goblins win
    table.until("b1", "melee")
    blow = table.act("melee", "g1", ["zelda"], [18, 2])
    assert blow.data["hit"] is True
    assert table.get("zelda").turn["spell"] == "lost"
    assert ("Zelda lost initiative and is interrupted: the spell fails and is still gone from "
            "memory") in texts(blow.steps)  # fmt: skip
    assert table.get("zelda").effects[-1].data == {"count": 1}  # expended all the same
    badges = texts([badge.label for badge in table.tracker().badges["zelda"]])
    assert "Spell lost (interrupted)" in badges and "Spells expended: 1" in badges
    assert "Declared: spell" not in badges  # the lost spell's badge replaces the declaration
    table.next()
    # Her spells phase is skipped: there is nothing left to cast.
    assert table.position is None or table.position[1] != "spells"
    with pytest.raises(RulesError):
        act(placed(table.fight, "zelda", "spells", lost=True), "cast", "zelda")


def test_a_miss_does_not_disturb_the_spell() -> None:
    table = wizard_table()
    table.initiative(2, 5)
    table.until("b1", "melee")
    table.act("melee", "g1", ["zelda"], [3])
    assert "spell" not in table.get("zelda").turn
    table.next()
    assert table.position == ("b2", "spells")
    assert table.act("cast", "zelda", ["g1"]).data["cast"] is True


def test_a_caster_whose_side_won_is_not_interrupted() -> None:
    zelda = fighter("zelda", hp=9, turn={"declared": "cast"})
    state = placed(Fight(1, (zelda, goblin("g1"))), "g1", "melee", lost=True)
    blow = act(state, "melee", "g1", ["zelda"], [18, 2])
    assert blow.data["hit"] is True
    assert not any("interrupted" in line for line in texts(blow.steps))


def test_in_a_simultaneous_tie_nobody_lost_initiative() -> None:
    spear = [{"name": "Spear", "kind": "missile", "damage": "1d6"}]
    table = Table(fighter("zelda", hp=9), goblin("g1", attacks=spear),
                  initiative_ties="simultaneous")  # fmt: skip
    table.act("declare", "zelda", intent="cast")
    table.initiative(3, 3)
    table.until("b1", "missiles")
    blow = table.act("missile", "g1", ["zelda"], [18, 2], range="short")
    assert blow.data["hit"] is True and "spell" not in table.get("zelda").turn
    table.next()
    assert table.get("zelda").hp == 7
    assert table.position == ("b1", "spells")
    assert table.act("cast", "zelda", ["g1"]).data["cast"] is True


def test_a_failed_save_before_its_turn_interrupts_the_spell() -> None:
    table = wizard_table()
    table.initiative(2, 5)
    failed = table.act("save", "zelda", save="spells", faces=[14])
    assert failed.data["success"] is False
    assert "Saving throw: d20 14 +0 = 14 against 15: failed" in texts(failed.steps)
    assert table.get("zelda").turn["spell"] == "lost"


def test_a_successful_save_keeps_the_spell() -> None:
    table = wizard_table()
    table.initiative(2, 5)
    saved = table.act("save", "zelda", save="spells", bonus=1, faces=[14])
    assert saved.data["success"] is True and "spell" not in table.get("zelda").turn


def test_a_save_needs_to_know_which() -> None:
    table = wizard_table()
    with pytest.raises(RulesError, match="which saving throw"):
        table.act("save", "zelda", faces=[14])


@pytest.mark.parametrize("tick", ["bound", "gagged", "silenced", "cannot_see"])
def test_hands_voice_and_sight_are_needed(tick: str) -> None:
    state = placed(Fight(1, (fighter("zelda", turn={"declared": "cast"}), goblin("g1"))),
                   "zelda", "spells")  # fmt: skip
    with pytest.raises(RulesError, match="cannot cast"):
        act(state, "cast", "zelda", ["g1"], **{tick: True})


def test_a_silenced_caster_cannot_cast_either() -> None:
    zelda = fighter("zelda", turn={"declared": "cast"}, conditions=["silenced"])
    with pytest.raises(RulesError, match="magical silence"):
        act(placed(Fight(1, (zelda, goblin("g1"))), "zelda", "spells"), "cast", "zelda")


def test_a_cast_spell_is_gone_from_memory() -> None:
    state = placed(Fight(1, (fighter("zelda", turn={"declared": "cast"}), goblin("g1"))),
                   "zelda", "spells")  # fmt: skip
    outcome = act(state, "cast", "zelda", ["g1"])
    assert texts(outcome.steps) == [
        "Zelda casts the declared spell; it is gone from memory",
        "Targets: G1",
    ]
    assert outcome.data == {"cast": True, "targets": ["g1"]}
