"""The generic preview enumerates an attack; every outcome undoes exactly; random fights end."""

from __future__ import annotations

from fractions import Fraction

from combat.rules.base import Action, Fight, apply
from combat.rules.faces import SeededFaces
from combat.rules.preview import preview
from tests.rules.ose.helpers import ENGINE, SLING, SWORD, Table, fighter, goblin, placed


def test_the_preview_gives_the_exact_chance_and_expected_damage() -> None:
    # THAC0 19 against AC 9 needs 10: 11 faces of 20 hit, each for 1d6 (mean 3.5).
    state = placed(Fight(1, (fighter("hero", weapons=[SWORD]), goblin("g1", ac=9, hp=30))),
                   "hero", "melee")  # fmt: skip
    odds = preview(ENGINE, state, Action("melee", "hero", ("g1",), "Sword"))
    assert odds is not None
    assert odds.hit == Fraction(11, 20)
    assert odds.damage == Fraction(11, 20) * Fraction(7, 2)


def test_the_preview_counts_the_minimum_damage() -> None:
    weak = fighter("weak", weapons=[SWORD], str_mod=-3, thac0=1)
    state = placed(Fight(1, (weak, goblin("g1", ac=9, hp=30))), "weak", "melee")
    odds = preview(ENGINE, state, Action("melee", "weak", ("g1",), "Sword"))
    assert odds is not None
    assert odds.hit == Fraction(16, 20)  # THAC0 1 − AC 9 → 2 needed: d20 − 3 ≥ 2 from a 5 up
    # 1d6 − 3 floored at 1: 1, 1, 1, 1, 2, 3 → mean 3/2.
    assert odds.damage == Fraction(16, 20) * Fraction(3, 2)


def _bot_turn(table: Table, seed: int) -> None:
    """Whoever's turn it is does its phase's action against the first standing enemy."""
    fight = table.fight
    actor = fight.current
    if actor is None:
        return
    options = {o.kind for o in ENGINE.actions(fight, actor)}
    me = fight.get(actor)
    foes = [c.id for c in fight.combatants if c.side != me.side and c.hp > 0
            and not c.conditions & {"dead", "fled", "surrendered"}]  # fmt: skip
    kind = next((k for k in ("melee", "missile", "cast", "move", "morale") if k in options), None)
    if kind is None or (kind in ("melee", "missile") and not foes):
        return
    targets = (foes[0],) if kind in ("melee", "missile") else ()
    mods = {"range": "short"} if kind == "missile" else {}
    if kind == "move":
        mods = {"distance": 0}
    outcome = ENGINE.resolve(fight, Action(kind, actor, targets, None, mods), SeededFaces(seed))
    assert apply(apply(fight, outcome.changes), outcome.changes, undo=True) == fight
    table.take(outcome)


def test_random_fights_run_to_the_end_through_the_hooks() -> None:
    for seed in range(25):
        options = {"initiative_ties": "simultaneous" if seed % 2 else "reroll",
                   "individual_initiative": "yes" if seed % 3 == 0 else "no",
                   "morale": "yes" if seed % 4 else "no",
                   "ascending_ac": "yes" if seed % 5 == 0 else "no"}  # fmt: skip
        table = Table(
            fighter("a", weapons=[SWORD], hp=8), fighter("b", weapons=[SLING, SWORD], hp=6),
            goblin("g1", hp=4), goblin("g2", hp=4), goblin("g3", hp=4), **options,
        )  # fmt: skip
        table.act("declare", "b", intent="cast")
        for turn in range(400):
            if ENGINE.is_over(table.fight):
                break
            if table.fight.stage.get("step") != "act":
                table.initiative(*_faces(table, seed * 1000 + turn))
                continue
            _bot_turn(table, seed * 1000 + turn)
            table.next()
        assert ENGINE.is_over(table.fight), seed
        ENGINE.tracker(table.fight)  # renders at any point


def _faces(table: Table, seed: int) -> list[int]:
    """Faces for an initiative roll: enough for the first rolls and any re-rolls."""
    source = SeededFaces(seed)
    for count in range(2, 60):
        faces = [source.roll(6) for _ in range(count)]
        try:
            from combat.rules.faces import TypedFaces

            ENGINE.roll_initiative(table.fight, [c.id for c in table.fight.combatants],
                                   TypedFaces(faces))  # fmt: skip
        except Exception:  # noqa: BLE001, S112 - too few or too many faces: try another count
            source = SeededFaces(seed)
            continue
        return faces
    raise AssertionError("no faces fit")
