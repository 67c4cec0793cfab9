"""Saving-throw actions from the SRD's own stat blocks (issue O, D&D 5e boss fights).

SRD 5.1, Young Red Dragon: "Fire Breath (Recharge 5–6). The dragon exhales fire in a 30-foot
cone. Each creature in that area must make a DC 17 Dexterity saving throw, taking 56 (16d6) fire
damage on a failed save, or half as much damage on a successful one." SRD 5.1, Damage Rolls: "If
a spell or other effect deals damage to more than one target at the same time, roll the damage
once for all of them." Hell Hound: "DC 12 Dexterity saving throw, taking 21 (6d6) fire damage".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from combat.rules.base import Action, Combatant, Fight, RulesError, Step
from combat.rules.dnd5e.srd import monster_from_srd
from combat.rules.engines import tactics_for
from combat.rules.estimate import distribution
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.flow import next_turn
from combat.rules.simulate import simulate
from tests.rules.dnd5e.helpers import ENGINE, after, fight, fighter, texts
from tests.rules.simulate_fights import BENCH, combatants, started
from tests.srd import load

SACRED_FLAME = {"name": "Sacred Flame", "dc": 13, "dc_ability": "dex", "dc_success": "none",
                "damage": [{"dice": "1d8", "type": "radiant"}]}  # fmt: skip
BREATH = [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3]  # 16d6 = 60, rolled once


def srd(name: str, cid: str, side: str = "enemies") -> Combatant:
    entry = next(m for m in load("5e-SRD-Monsters.json") if m["name"] == name)
    shown, stats = monster_from_srd(entry)
    return ENGINE.combatant_from_record(id=cid, name=shown, side=side, stats=stats,
                                        is_npc=True, weapons=(), armor=())  # fmt: skip


def party(**extra: Any) -> tuple[Combatant, ...]:
    """Three fighters with 80 HP: Ana (DEX 12), Bo (DEX 18, resists fire), Cy (DEX 8)."""
    return (
        fighter("ana", hp=80, **extra),
        fighter("bo", hp=80, dex=18, damage_resistances=["fire"]),
        fighter("cy", hp=80, dex=8),
    )


def breathe(state: Fight, faces: list[int], targets: tuple[str, ...] = ("ana", "bo", "cy"),
            **mods: object) -> Any:  # fmt: skip
    action = Action("save_action", "drake", targets, "Fire Breath", mods)
    return ENGINE.resolve(state, action, TypedFaces(faces))


def test_a_young_red_dragons_breath_on_three_one_saves_two_fail() -> None:
    state = fight(srd("Young Red Dragon", "drake"), *party())
    # Damage once: 60. Ana d20 10 + DEX 1 = 11 fails; Bo 13 + 4 = 17 saves (half, then his fire
    # resistance halves it again); Cy 16 − 1 = 15 fails.
    outcome = breathe(state, [*BREATH, 10, 13, 16])
    saves = outcome.data["saves"]
    assert [(saves[c]["total"], saves[c]["saved"]) for c in ("ana", "bo", "cy")] == [
        (11, False),
        (17, True),
        (15, False),
    ]
    assert [saves[c]["damage"] for c in ("ana", "bo", "cy")] == [60, 15, 60]
    done = after(state, outcome)
    assert [done.get(c).hp for c in ("ana", "bo", "cy")] == [20, 65, 20]
    assert (
        "Damage 60 fire = 16d6 [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3], rolled once for all"
        in texts(outcome)
    )
    assert "bo resists fire: 30 → 15 (halved, rounded down)" in texts(outcome)
    assert (
        texts(outcome)[0] == "Fire Breath: DC 17 dex saving throw"
    )  # "Dexterity (DEX)" in the log
    assert outcome.summary.params == {"name": "Young Red Dragon", "weapon": "Fire Breath",
                                      "failed": 2, "saved": 1}  # fmt: skip
    assert done.get("drake").turn["action"] == "save_action"


def test_the_hell_hounds_breath_is_no_longer_refused_and_its_bite_is_an_attack() -> None:
    hound = srd("Hell Hound", "drake")
    state = fight(hound, fighter("ana", hp=30))
    assert ENGINE.weapon_names(state, "drake") == ("Bite", "Fire Breath")
    assert "save_action" in {o.kind for o in ENGINE.actions(state, "drake")}
    # 6d6 = 21; Ana rolls 11 + 1 = 12 against DC 12: saved, half of 21 rounds down to 10.
    outcome = breathe(state, [6, 5, 4, 3, 2, 1, 11], ("ana",))
    assert outcome.data["saves"]["ana"] == {"total": 12, "saved": True, "damage": 10}
    with pytest.raises(RulesError, match="has no attack roll"):
        ENGINE.resolve(state, Action("attack", "drake", ("ana",), "Fire Breath"), TypedFaces([]))
    with pytest.raises(RulesError, match="Bite of Hell Hound calls for no saving throw"):
        ENGINE.resolve(state, Action("save_action", "drake", ("ana",), "Bite"), TypedFaces([]))


def test_conditions_fail_or_tilt_a_dexterity_save() -> None:
    """SRD Conditions: paralyzed, stunned, petrified, unconscious "automatically fails Strength
    and Dexterity saving throws"; restrained: "disadvantage on Dexterity saving throws"."""
    ana = fighter("ana", hp=80, conditions=["paralyzed"])
    bo = fighter("bo", hp=80, dex=18, conditions=["restrained"])
    cy = fighter("cy", hp=80, dex=8, conditions=["dodging"])
    state = fight(srd("Young Red Dragon", "drake"), ana, bo, cy)
    # Ana rolls nothing; Bo 2d20 keep the lower: 19, 12 → 12 + 4 = 16 fails; Cy 2d20 keep the
    # higher: 3, 19 → 19 − 1 = 18 saves.
    outcome = breathe(state, [*BREATH, 19, 12, 3, 19])
    saves = outcome.data["saves"]
    assert saves["ana"] == {"total": 0, "saved": False, "damage": 60}
    assert (saves["bo"]["total"], saves["bo"]["saved"]) == (16, False)
    assert (saves["cy"]["total"], saves["cy"]["saved"]) == (18, True)
    assert "ana is paralyzed: the save fails" in texts(outcome)
    assert "Disadvantage: bo is restrained" in texts(outcome)
    assert "Advantage: cy is dodging" in texts(outcome)


def test_a_proficient_save_takes_the_stat_blocks_total() -> None:
    """The dragon's own "Saving Throws Dex +4": a dragon caught in another dragon's breath."""
    state = fight(srd("Young Red Dragon", "drake"), srd("Young Red Dragon", "rival", "party"))
    outcome = breathe(state, [*BREATH, 13], ("rival",))
    assert outcome.data["saves"]["rival"]["total"] == 17  # 13 + 4: saved
    assert outcome.data["saves"]["rival"]["damage"] == 0  # and immune to fire


def test_an_action_with_a_save_is_the_action_of_the_turn() -> None:
    cleric = fighter("jan", hp=10, wis=16, actions=[SACRED_FLAME])
    state = fight(cleric, srd("Hell Hound", "hound", "enemies"))
    action = Action("save_action", "jan", ("hound",), "Sacred Flame", {})
    done = after(state, ENGINE.resolve(state, action, TypedFaces([8, 2])))
    with pytest.raises(RulesError, match="already used the action"):
        ENGINE.resolve(done, action, TypedFaces([8, 2]))
    assert "save_action" not in {o.kind for o in ENGINE.actions(done, "jan")}


def test_the_odds_of_a_breath_are_exact_per_target() -> None:
    """Ana fails DC 17 with d20 + 1 on 1–15: 75 %; Bo (+4, resists fire) on 1–12: 60 %. The
    16d6 average 56: Ana expects 0.75 × 56 + 0.25 × E[⌊X/2⌋]; Bo both shares halved again."""
    state = fight(srd("Young Red Dragon", "drake"), *party())
    action = Action("save_action", "drake", ("ana", "bo"), "Fire Breath", {})
    lines = {step.params["target"]: step.params for step in ENGINE.odds(state, action)}
    dist = distribution("16d6")
    half = sum((p * (v // 2) for v, p in dist.items()), Fraction(0))
    quarter = sum((p * ((v // 2) // 2) for v, p in dist.items()), Fraction(0))
    ana = Fraction(3, 4) * 56 + Fraction(1, 4) * half
    bo = Fraction(3, 5) * half + Fraction(2, 5) * quarter
    assert lines["ana"] == {"target": "ana", "percent": "75.0", "damage": f"{float(ana):.1f}"}
    assert lines["bo"] == {"target": "bo", "percent": "60.0", "damage": f"{float(bo):.1f}"}
    tilted = Action("save_action", "drake", ("ana",), "Fire Breath", {"target_advantage": True})
    (line,) = ENGINE.odds(state, tilted)
    assert line.params["percent"] == "56.2"  # (15/20)² = 56.25 %: both dice must fail


def test_the_breath_recharges_on_5_or_6_at_the_start_of_the_dragons_turn() -> None:
    """SRD 5.1: "Fire Breath (Recharge 5–6)" — "Each time the monster starts its turn, roll a d6.
    If the roll is one of the numbers in the recharge notation, the monster regains the use"."""
    state = fight(srd("Young Red Dragon", "drake"), *party())
    state = after(state, breathe(state, [*BREATH, 10, 13, 16]))
    badges = [b.label for b in ENGINE.tracker(state).badges["drake"]]
    assert Step("%(weapon)s recharging", {"weapon": "Fire Breath"}) in badges
    for _turn in range(3):  # Ana, Bo, Cy
        state = next_turn(ENGINE, state, TypedFaces([])).fight
    turned = next_turn(ENGINE, state, TypedFaces([4]))  # round 2, the dragon's turn: a 4
    state = turned.fight
    assert "Fire Breath does not recharge (d6: 4)" in texts(turned.outcome)
    assert "save_action" not in {o.kind for o in ENGINE.actions(state, "drake")}
    with pytest.raises(RulesError, match="Fire Breath is recharging"):
        breathe(state, [*BREATH, 10, 13, 16])
    for _turn in range(3):
        state = next_turn(ENGINE, state, TypedFaces([])).fight
    turned = next_turn(ENGINE, state, TypedFaces([5]))  # round 3: a 5
    assert "Fire Breath recharges (d6: 5)" in texts(turned.outcome)
    assert "save_action" in {o.kind for o in ENGINE.actions(turned.fight, "drake")}


def test_an_action_with_no_recharge_is_not_spent() -> None:
    cleric = fighter("jan", hp=10, wis=16, actions=[SACRED_FLAME])
    state = fight(cleric, srd("Hell Hound", "hound", "enemies"))
    action = Action("save_action", "jan", ("hound",), "Sacred Flame", {})
    done = after(state, ENGINE.resolve(state, action, TypedFaces([8, 2])))
    assert not [e for e in done.get("jan").effects if e.kind == "recharge"]
    assert done.get("hound").hp == 45 - 8  # DEX +1: 2 + 1 = 3 fails DC 13


def test_the_simulator_lets_a_young_red_dragon_breathe_and_wait_for_the_recharge() -> None:
    """Issue O: the simulator plays a recharge monster with simple tactics — the breath on every
    standing enemy, then its attacks while the breath recharges; never refused."""
    engine, party = combatants("dnd5e", BENCH["dnd5e"][:4])
    state = Fight(round=0, combatants=(*party, srd("Young Red Dragon", "drake")))
    choose = tactics_for("dnd5e").plan(state)  # type: ignore[union-attr]
    first = started(engine, state, [1, 1, 1, 1, 20])  # the dragon first
    action = choose(first, "drake", 0)
    assert action == Action("save_action", "drake", ("c1", "c2", "c3", "c4"), "Fire Breath")
    breathed = after(first, ENGINE.resolve(first, action, SeededFaces(5)))
    assert choose(breathed, "drake", 1) is None  # the action is spent
    result = simulate(engine, state, tactics_for("dnd5e"), fights=20, seed=5)  # type: ignore[arg-type]
    assert result.fights == 20 and result.fallbacks == 0
    assert result.wins.get("enemies", 0) >= 15  # a CR 10 dragon against four level-1 heroes
