"""A campaign condition's modifier in the fight state (combat.rules.held): each engine adds it to
its holder's own rolls exactly as the game master's own number for them, with its own line —
Dračí Hlídka's attack, OSE's to-hit and saving throws (each saver's own in a group save),
Shadowrun's target numbers (a −2 is a TN 2 higher). A condition that is gone takes it along."""

from __future__ import annotations

from dataclasses import replace

from combat.rules import held
from combat.rules.base import Action, Combatant, Fight, apply, plain
from combat.rules.encounter.decide import Adjust, _by_hand
from combat.rules.faces import TypedFaces
from tests.rules.draci_hlidka import helpers as dh
from tests.rules.ose import helpers as ose
from tests.rules.shadowrun3.test_turn_helpers import ENGINE as SR3
from tests.rules.shadowrun3.test_turn_phase import mafia


def holding(combatant: Combatant, condition: str, modifier: int) -> Combatant:
    """The combatant after the GM's Adjust gave it the condition with its modifier."""
    command = Adjust(combatant.id, add=condition, modifier=modifier)
    fight = apply(dh.fight(combatant), _by_hand(combatant, command, 1))
    return fight.get(combatant.id)


def lines(outcome) -> list[str]:  # type: ignore[no-untyped-def]
    return [plain(step.template, dict(step.params)) for step in outcome.steps]


def test_given_taken_and_counted_only_while_held() -> None:
    webbed = holding(dh.fighter("a"), "Webbed", -2)
    assert held.modifiers(webbed) == [("Webbed", -2)] and held.total(webbed) == -2
    again = apply(dh.fight(webbed), _by_hand(webbed, Adjust("a", add="Webbed", modifier=3), 1))
    assert held.modifiers(again.get("a")) == [("Webbed", 3)]  # replaced, not added twice
    off = apply(dh.fight(webbed), _by_hand(webbed, Adjust("a", remove="Webbed"), 1))
    assert held.modifiers(off.get("a")) == [] and not off.get("a").effects
    ended = replace(webbed, conditions=frozenset())  # a timer ended it
    assert held.modifiers(ended) == []
    assert held.modifiers(holding(dh.fighter("a"), "Marked", 0)) == []


def test_draci_hlidka_adds_it_to_the_attack_like_the_gms_bonus() -> None:
    sword = dh.SWORD
    attacker = holding(dh.fighter("a", sil=2, weapons=[sword]), "Webbed", -2)
    target = dh.fighter("t", "enemies")
    kept = dh.act(dh.fight(attacker, target), "attack", "a", ["t"], [4, 3], weapon=sword["name"])
    plain_attacker = dh.fighter("a", sil=2, weapons=[sword])
    typed = dh.act(
        dh.fight(plain_attacker, target),
        "attack",
        "a",
        ["t"],
        [4, 3],
        weapon=sword["name"],
        attack_bonus=-2,
    )
    assert kept.data["attack"] == typed.data["attack"]
    assert "Webbed -2" in lines(kept) and "GM bonus -2" not in lines(kept)


def test_ose_adds_it_to_the_holders_to_hit_and_saves_and_each_savers_own() -> None:
    zelda = holding(ose.fighter("zelda", hp=6, save_breath=16), "Blessed", 3)
    borin = ose.fighter("borin", hp=9, save_breath=13)
    table = ose.Table(zelda, borin, ose.goblin("dragon", hp=40))
    own = table.act("save", "zelda", save="breath", faces=[13])
    assert own.data["success"] is True and "Zelda: Blessed +3" in lines(own)
    group = table.act("saves", "dragon", ["zelda", "borin"], [13, 12], save="breath")
    assert lines(group)[1:] == [
        "Zelda: Blessed +3",
        "Zelda: d20 13 +3 = 16 against 16: saved",
        "Borin: d20 12 +0 = 12 against 13: failed",
    ]


def test_ose_melee_counts_it_among_the_attack_modifiers() -> None:
    fighter = holding(ose.fighter("dagmar", weapons=[ose.SHORT_SWORD]), "Webbed", -2)
    state = ose.placed(Fight(1, (fighter, ose.goblin("g1"))), "dagmar", "melee")
    kept = ose.act(state, "melee", "dagmar", ["g1"], [15, 2])
    assert "Attack modifiers: Webbed -2" in lines(kept)
    plain_fighter = ose.fighter("dagmar", weapons=[ose.SHORT_SWORD])
    state = ose.placed(Fight(1, (plain_fighter, ose.goblin("g1"))), "dagmar", "melee")
    typed = ose.act(state, "melee", "dagmar", ["g1"], [15, 2], bonus=-2)
    assert kept.data["hit"] == typed.data["hit"] and kept.rolls[0].total == typed.rolls[0].total


def test_shadowrun_raises_the_holders_target_number() -> None:
    state = mafia()
    trex = holding(state.get("trex"), "Webbed", -2)
    state = replace(
        state, combatants=tuple(trex if c.id == "trex" else c for c in state.combatants)
    )
    outcome = SR3.resolve(
        state,
        Action("use_skill", "trex", (), None, {"skill": "pistols", "tn": 4}),
        TypedFaces([5, 5, 1, 1, 1]),
    )
    assert outcome.data["tn"] == 6 and "T-Rex: Webbed -2" in lines(outcome)
