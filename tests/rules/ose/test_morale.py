"""Monster morale, the optional rule (seed 001: "Morálka nestvůr (volitelné pravidlo)";
the procedure is standard OSE)."""

from __future__ import annotations

import pytest

from combat.rules.base import Effect, Fight, RulesError, apply
from combat.rules.faces import TypedFaces
from combat.rules.ose.common import is_out
from combat.rules.ose.flow import advance
from tests.rules.ose.helpers import SWORD, Table, act, fighter, goblin, placed, texts


def band(morale: int = 7, **options: object) -> Table:
    hero = fighter("hero", weapons=[SWORD], hp=20, str_mod=3)
    gobs = [goblin(f"g{i}", hp=1 if i < 3 else 5, morale=morale) for i in range(1, 5)]
    return Table(hero, *gobs, morale="yes", **options)


def labels(table: Table, cid: str) -> list[str]:
    return texts([badge.label for badge in table.tracker().badges[cid]])


def test_the_first_death_prompts_a_morale_check() -> None:
    table = band()
    table.initiative(6, 1)
    table.until("b1", "melee")
    kill = table.act("melee", "hero", ["g1"], [15, 2])
    assert texts(kill.notes) == ["Morale check for goblins: its first death"]
    assert "Morale check pending: goblins" in texts(table.tracker().header)
    assert "Morale check pending" in labels(table, "g2")
    table.next()
    # The goblins' block opens with their morale phase; one of them rolls for the group.
    assert table.position == ("b2", "morale") and table.fight.order == ("g2",)


def test_a_failed_check_routs_the_side() -> None:
    table = band()
    table.initiative(6, 1)
    table.until("b1", "melee")
    table.act("melee", "hero", ["g1"], [15, 2])
    table.until("b2", "morale")
    check = table.act("morale", "g2", faces=[4, 4])
    assert check.data["held"] is False and check.data["score"] == 7
    assert texts(check.steps)[0] == "Morale 2d6 8 against 7: they break"
    assert {"G2 flees", "G3 flees", "G4 flees"} <= set(texts(check.steps))
    assert all(table.get(g).has("fled") for g in ("g2", "g3", "g4"))
    from tests.rules.ose.helpers import ENGINE

    assert ENGINE.is_over(table.fight)


def test_a_surrender_instead_of_flight() -> None:
    table = band()
    table.initiative(6, 1)
    table.until("b1", "melee")
    table.act("melee", "hero", ["g1"], [15, 2])
    table.act("morale", "g3", faces=[6, 6], result="surrender", scope="self")
    assert table.get("g3").has("surrendered") and not table.get("g2").has("surrendered")


def test_a_passed_check_clears_the_prompt_and_two_mean_they_fight_on() -> None:
    table = band()
    table.initiative(6, 1)
    table.until("b1", "melee")
    table.act("melee", "hero", ["g1"], [15, 2])
    held = table.act("morale", "g2", faces=[3, 4])
    assert held.data["held"] is True
    assert "Morale check pending" not in labels(table, "g2")
    assert "Morale checks passed: 1" in labels(table, "g3")
    # Half of them down: a second prompt, a second pass, and no more checks after that.
    extra = fighter("hero2", weapons=[SWORD], str_mod=3)
    two = placed(Fight(1, (*table.fight.combatants, extra), options={"morale": "yes"}),
                 "hero2", "melee")  # fmt: skip
    second = act(two, "melee", "hero2", ["g2"], [15, 2])
    assert texts(second.notes) == ["Morale check for goblins: half of it is down"]
    two = apply(two, second.changes)
    passed = act(two, "morale", "g3", faces=[1, 1])
    assert "Two checks passed: they fight on without more checks" in texts(passed.steps)
    two = apply(two, passed.changes)
    again = act(placed(two, "hero2", "melee"), "morale", "g3")
    assert texts(again.steps) == ["G3 passed two checks and fights on without more"]


def test_morale_12_never_checks() -> None:
    skeletons = Table(fighter("hero", weapons=[SWORD], str_mod=3),
                      goblin("s1", hp=1, morale=12), goblin("s2", morale=12), morale="yes")  # fmt: skip
    skeletons.initiative(6, 1)
    skeletons.until("b1", "melee")
    assert skeletons.act("melee", "hero", ["s1"], [15, 2]).notes == ()
    check = skeletons.act("morale", "s2")
    assert check.rolls == () and texts(check.steps) == ["Morale 12: S2 never checks morale"]


def test_morale_2_never_fights() -> None:
    table = band(morale=2)
    start = table.initiative(1, 6)
    assert "Morale check for goblins: morale 2, it never fights unless cornered" in texts(
        start.notes)  # fmt: skip
    assert table.position == ("b1", "morale")
    check = table.act("morale", "g1")
    assert check.rolls == () and check.data["held"] is False
    assert all(table.get(f"g{i}").has("fled") for i in range(1, 5))


def test_cornered_morale_2_monsters_roll() -> None:
    table = band(morale=2)
    table.initiative(1, 6)
    assert table.act("morale", "g1", faces=[1, 1], cornered=True).data["held"] is True


def test_without_the_option_there_are_no_prompts_and_no_checks() -> None:
    hero = fighter("hero", weapons=[SWORD], str_mod=3)
    state = placed(Fight(1, (hero, goblin("g1", hp=1), goblin("g2"))), "hero", "melee")
    assert act(state, "melee", "hero", ["g1"], [15, 2]).notes == ()
    with pytest.raises(RulesError, match="morale rule is off"):
        act(state, "morale", "g2", faces=[3, 3])


def test_characters_do_not_check_morale() -> None:
    state = Fight(1, (fighter("hero"), goblin("g1")), options={"morale": "yes"})
    with pytest.raises(RulesError, match="only monsters"):
        act(state, "morale", "hero", faces=[3, 3])


def test_the_referees_modifier_moves_the_score() -> None:
    gob = goblin("g1", morale=7, effects=[Effect("morale", "morale", {"pending": "first_death"})])
    state = Fight(1, (fighter("hero"), gob), options={"morale": "yes"})
    outcome = act(state, "morale", "g1", faces=[4, 5], bonus=2)
    assert outcome.data["score"] == 9 and outcome.data["held"] is True


def test_half_down_at_once_also_counts_as_the_first_death() -> None:
    # Two of four goblins fall together (a simultaneous phase): one prompt, not a late second.
    hero = fighter("hero", weapons=[SWORD], hp=20, str_mod=3, attacks_per_round=3)
    gobs = [goblin(f"g{i}", hp=1) for i in range(1, 5)]
    state = placed(Fight(1, (hero, *gobs), options={"morale": "yes"}), "hero", "melee",
                   together=True)  # fmt: skip
    for target in ("g1", "g2"):
        state = apply(state, act(state, "melee", "hero", [target], [15, 1]).changes)

    landed = advance(state, TypedFaces(()))
    assert landed is not None
    assert texts(landed.notes) == ["Morale check for goblins: half of it is down"]
    state = apply(state, landed.changes)
    third = act(placed(state, "hero", "melee"), "melee", "hero", ["g3"], [15, 1])
    assert third.data["pending"] is False and "G3 falls at -3 HP and dies" in texts(third.steps)
    assert third.notes == ()


def test_a_morale_2_monster_flees_alone_and_its_side_fights_on() -> None:
    # Morale 2 "never fights" is that monster's score: the others of its side lost nobody and
    # have no check due.
    hero = fighter("hero", weapons=[SWORD], hp=20, str_mod=3)
    timid = goblin("slave", morale=2)
    table = Table(hero, goblin("g1", morale=7), timid, goblin("g2", morale=7), morale="yes")
    table.initiative(1, 6)
    assert table.position == ("b1", "morale") and table.fight.order == ("slave",)
    check = table.act("morale", "slave")
    assert check.rolls == () and "Slave flees" in texts(check.steps)
    assert table.get("slave").has("fled")
    assert not is_out(table.get("g1")) and not is_out(table.get("g2"))
    assert not {"fled", "surrendered"} & (table.get("g1").conditions | table.get("g2").conditions)
    assert "Morale check pending" not in labels(table, "g1")


def mixed(*morale: tuple[str, int]) -> Table:
    """The hero against a goblin of 1 HP (morale 5) and then these monsters of 20 HP."""
    hero = fighter("hero", weapons=[SWORD], hp=20, str_mod=3)
    others = [goblin(cid, hp=20, morale=score) for cid, score in morale]
    return Table(hero, goblin("g1", hp=1, morale=5), *others, morale="yes")


def to_the_morale_phase(table: Table) -> None:
    """The hero wins initiative and fells g1 (the side's first death): its morale phase next."""
    table.initiative(6, 1)
    table.until("b1", "melee")
    table.act("melee", "hero", ["g1"], [15, 2])
    table.until("b2", "morale")


def test_each_monster_holds_or_breaks_by_its_own_morale_on_the_sides_roll() -> None:
    # Goblins 5 and an ogre 10 check after the first death; 2d6 = 8 breaks the goblins
    # (8 > 5) and not the ogre (8 ≤ 10), whichever of them rolls for the side.
    table = mixed(("g2", 5), ("ogre", 10))
    to_the_morale_phase(table)
    assert table.fight.order == ("g2",)
    check = table.act("morale", "g2", faces=[4, 4])
    assert texts(check.steps)[:2] == [
        "Morale 2d6 8 against 5: they break",
        "Morale 2d6 8 against 10: they hold",
    ]
    assert table.get("g2").has("fled") and not is_out(table.get("ogre"))
    assert "Morale checks passed: 1" in labels(table, "ogre")
    assert check.data["held"] is False and check.data["score"] == 5


def test_the_first_monsters_high_morale_does_not_hold_the_others() -> None:
    table = mixed(("ogre", 10), ("g2", 5))
    to_the_morale_phase(table)
    assert table.fight.order == ("ogre",)
    check = table.act("morale", "ogre", faces=[4, 4])
    assert table.get("g2").has("fled") and not is_out(table.get("ogre"))
    assert "G2 flees" in texts(check.steps) and "Ogre flees" not in texts(check.steps)
