"""combat.rules.work: the working fight every system's engine call uses."""

from dataclasses import replace

import pytest

from combat.rules.base import (
    Audience,
    Change,
    Combatant,
    Effect,
    Fight,
    RulesError,
    Step,
    apply,
    moved,
)
from combat.rules.dice import InvalidDice
from combat.rules.faces import TypedFaces
from combat.rules.work import Work, WorkBase, next_key, whole_number, with_bonus


def _fighter(cid: str, **stats: object) -> Combatant:
    return Combatant(id=cid, name=cid.upper(), side=cid, stats=stats, hp=8, max_hp=8)


FIGHT = Fight(round=1, combatants=(_fighter("a"), _fighter("b")), order=("a", "b"), current="a")


class SixesWork(Work):
    records_sixes = True


def test_a_change_is_applied_at_once_and_kept_for_the_outcome() -> None:
    work = Work(FIGHT, TypedFaces(()))
    work.set_hp("b", 5)
    work.set_hp("b", 2)  # the second change starts from the first one's result
    work.set_hp("a", 8)  # no change: nothing is kept
    outcome = work.finish(Step("done"), {"hit": True})
    assert work.get("b").hp == 2
    assert outcome.changes == (Change("b", "hp", 5, before=8), Change("b", "hp", 2, before=5))
    assert apply(work.fight, outcome.changes, undo=True) == FIGHT


def test_an_unknown_combatant_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="there is no combatant x9 in this fight"):
        Work(FIGHT, TypedFaces(())).get("x9")


def test_adding_an_effect_replaces_the_one_with_its_key_and_undo_restores_it() -> None:
    first, second = Effect("k", "burn", {"n": 1}), Effect("k", "burn", {"n": 2})
    other = Effect("z", "mark")
    work = Work(FIGHT, TypedFaces(()))
    work.add_effect("a", first)
    work.add_effect("a", other)
    work.add_effect("a", second)
    assert work.get("a").effects == (other, second)
    assert work.effect("a", "k") == second
    removed = work.changes[2]
    assert removed == Change("a", "remove_effect", first, before=0)
    undone = apply(work.fight, work.changes[2:], undo=True)
    assert undone.get("a").effects == (first, other)


def test_an_effect_is_removed_by_key_or_by_effect() -> None:
    work = Work(FIGHT, TypedFaces(()))
    work.add_effect("a", Effect("k", "burn"))
    work.add_effect("a", Effect("z", "mark"))
    work.remove_effect("a", "k")
    work.remove_effect("a", Effect("z", "mark"))
    work.remove_effect("a", "missing")  # nothing to remove: no change
    assert work.get("a").effects == ()
    assert [change.kind for change in work.changes] == ["add_effect"] * 2 + ["remove_effect"] * 2


def test_turn_is_a_copy_and_set_turn_keeps_only_real_changes() -> None:
    work = Work(FIGHT, TypedFaces(()))
    turn = work.turn("a")
    turn["moved"] = True
    assert work.get("a").turn == {}
    work.set_turn("a", turn)
    work.set_turn("a", {"moved": True})
    assert work.changes == [Change("a", "turn", {"moved": True}, before={})]


def test_rolls_keep_every_face_and_sixes_only_where_the_system_reads_them() -> None:
    plain, sixes = Work(FIGHT, TypedFaces([6, 6, 2])), SixesWork(FIGHT, TypedFaces([6, 6, 2]))
    for work in (plain, sixes):
        assert work.roll("attack", "a", "3d6+1").total == 15
    assert (plain.rolls[0].faces, plain.rolls[0].sixes, sixes.rolls[0].sixes) == ((6, 6, 2), 0, 2)
    assert plain.rolls[0].expression == "3d6+1"


def test_unused_typed_faces_are_an_error_at_the_end_of_the_call_not_after_each_roll() -> None:
    work = Work(FIGHT, TypedFaces([3, 4, 5]))
    work.roll("first", "a", "1d6")  # two faces are still left: no error yet
    with pytest.raises(InvalidDice, match="2 faces too many: expected 1"):
        work.finish(Step("done"), {})
    work.roll("second", "a", "1d6")
    with pytest.raises(InvalidDice, match="1 face too many: expected 2"):
        work.finish(Step("done"), {})


def test_finish_takes_the_order_and_stage_given_or_set_on_the_way() -> None:
    work = Work(FIGHT, TypedFaces(()))
    work.step("hit %(name)s", name="B")
    work.note("sixes")
    work.order, work.stage = ("b", "a"), {"pass": 2}
    set_on_the_way = work.finish(Step("done"), {"hit": True})
    given = work.finish(Step("done"), {}, ("a",), {"pass": 3})
    assert (set_on_the_way.order, set_on_the_way.stage) == (("b", "a"), {"pass": 2})
    assert (given.order, given.stage) == (("a",), {"pass": 3})
    assert set_on_the_way.steps == (Step("hit %(name)s", {"name": "B"}),)
    assert set_on_the_way.notes == (Step("sixes", audience=Audience.GM),)  # the GM's notes


def test_a_system_with_its_own_roll_builds_on_the_base() -> None:
    class PoolWork(WorkBase):
        def roll(self, dice: int) -> int:
            return self.roll_notation("pool", None, f"{dice}d6").total

    work = PoolWork(FIGHT, TypedFaces([1, 2]))
    assert work.roll(2) == 3
    assert work.finish(Step("done"), {}).rolls[0].expression == "2d6"


def test_small_helpers() -> None:
    holder = Combatant("a", "A", "x", {"sil": 2, "obr": "x"}, 5, 5,
                       effects=(Effect("bleeding-1", "bleeding"),))  # fmt: skip
    assert next_key(holder, "bleeding") == "bleeding-2"
    assert next_key(holder, "potion") == "potion-1"
    assert (with_bonus("1d6!", 9), with_bonus("1d20", -1), with_bonus("1d6", 0)) == (
        "1d6!+9",
        "1d20-1",
        "1d6",
    )
    assert whole_number(holder, "sil", {}) == 2
    assert whole_number(holder, "zbroj", {"zbroj": 1}) == 1
    with pytest.raises(RulesError, match="the stat obr is not a whole number"):
        whole_number(holder, "obr", {})


def test_the_fast_copies_keep_lookups_right_and_the_old_fight_untouched() -> None:
    # base.apply and base.moved skip dataclass __init__ and keep an id → position map; a
    # wrong map would hand the rules another combatant.
    assert FIGHT.get("b").hp == 8
    hurt = apply(FIGHT, [Change("b", "hp", 3, before=8), Change("a", "hp", 6, before=8)])
    assert (hurt.get("a").hp, hurt.get("b").hp) == (6, 3)
    assert (FIGHT.get("a").hp, FIGHT.get("b").hp) == (8, 8)  # the old state is unchanged
    built = Fight(round=1, combatants=(replace(_fighter("a"), hp=6), replace(_fighter("b"), hp=3)),
                  order=("a", "b"), current="a")  # fmt: skip
    assert hurt == built
    swapped = moved(hurt, combatants=tuple(reversed(hurt.combatants)), current="b")
    assert (swapped.get("a").hp, swapped.get("b").hp, swapped.current) == (6, 3, "b")
    assert swapped == Fight(round=1, combatants=(hurt.combatants[1], hurt.combatants[0]),
                            order=("a", "b"), current="b")  # fmt: skip
    with pytest.raises(KeyError):
        apply(FIGHT, [Change("x9", "hp", 1, before=8)])


def test_what_is_written_about_a_combatant_says_so_however_it_was_appended() -> None:
    work = Work(FIGHT, TypedFaces((4,)))
    with work.about_combatant("b"):
        work.step("%(name)s bleeds", name="B")
        work.steps += [Step("appended by a helper")]
        work.roll("bleeding", "a", "1d6")  # rolled by whoever wounded it, about the victim
    work.step("after")
    assert [step.about for step in work.steps] == ["b", "b", None]
    assert work.rolls[0].about == "b" and work.rolls[0].roller == "a"
