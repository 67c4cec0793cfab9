"""The round through the hooks (seed 001, "Herní průběh každého kola"): declarations, side
initiative, the acting side's phases, the other sides, slow weapons last, the next round."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.base import RulesError
from combat.rules.ose.common import arms
from tests.rules.ose.helpers import (
    ENGINE,
    SHORT_SWORD,
    SLING,
    SWORD,
    TWO_HANDED,
    Table,
    act,
    fighter,
    goblin,
    placed,
    texts,
)


def skirmish(**options: object) -> Table:
    dagmar = fighter("dagmar", weapons=[TWO_HANDED], hp=8)
    pip = fighter("pip", weapons=[SHORT_SWORD, SLING], hp=4)
    return Table(dagmar, pip, goblin("g1", hp=7), goblin("g2", hp=7), **options)


def test_a_two_handed_melee_weapon_acts_last_even_when_not_ticked_slow() -> None:
    """Seed 001: „Účastníci boje útočící obouručními zbraněmi na blízko (…) jednají v kole vždy
    jako poslední, jako kdyby prohráli iniciativu." (issue O, 3: only `slow` was read.)"""
    greatsword = {**TWO_HANDED, "slow": False}  # two-handed, the Slow box left empty
    dagmar = fighter("dagmar", weapons=[greatsword], hp=8)
    pip = fighter("pip", weapons=[SHORT_SWORD, SLING], hp=4)
    table = Table(dagmar, pip, goblin("g1", hp=7), goblin("g2", hp=7))
    table.initiative(5, 2)
    table.until("b1", "melee")
    assert table.fight.order == ("pip",)  # not in her side's melee phase
    table.next()
    table.until("slow", "melee")
    assert table.fight.order == ("dagmar",)
    assert table.act("melee", "dagmar", ["g1"], [15, 4]).data["weapon"] == "Two-handed sword"


def test_a_two_handed_weapon_thrown_is_not_slow() -> None:
    """Only two-handed weapons in melee act last; a missile weapon only where it is slow."""
    axe = {"name": "Heavy throwing axe", "damage": "1d8", "kind": "both", "two_handed": True,
             "range_short": 20, "range_medium": 40, "range_long": 60}  # fmt: skip
    dagmar = fighter("dagmar", weapons=[axe])
    assert [(a.kind, a.slow) for a in arms(dagmar, "melee") + arms(dagmar, "missile")] == [
        ("melee", True),
        ("missile", False),
    ]


def test_the_fight_starts_at_the_declarations() -> None:
    table = skirmish()
    assert table.position is None
    assert [o.kind for o in ENGINE.actions(table.fight, "pip")] == ["declare", "save", "saves"]
    with pytest.raises(RulesError, match="roll initiative first"):
        table.next()


def test_each_side_rolls_1d6_and_the_winner_acts_through_its_phases() -> None:
    table = skirmish()
    outcome = table.initiative(5, 2)
    assert texts(outcome.steps) == ["party: initiative 1d6 = 5", "goblins: initiative 1d6 = 2"]
    assert [r.expression for r in outcome.rolls] == ["1d6", "1d6"]
    assert table.get("pip").initiative == 5 and table.get("g1").initiative == 2
    # No morale (option off), nobody engaged: everyone of the party may move.
    assert table.position == ("b1", "movement")
    assert table.fight.order == ("dagmar", "pip") and table.fight.current == "dagmar"
    table.next()
    assert table.fight.current == "pip"
    advanced = table.next()  # the last of the order: advance
    assert advanced is not None
    assert texts([advanced.summary, *advanced.steps]) == [
        "Acting: party (initiative 5)",
        "Phase: missile attacks",
    ]
    assert table.position == ("b1", "missiles") and table.fight.order == ("pip",)
    table.next()  # no spells declared: the spells phase is skipped
    # Dagmar's only weapon is slow: she is not in her side's melee phase.
    assert table.position == ("b1", "melee") and table.fight.order == ("pip",)


def test_the_other_side_follows_then_slow_weapons_then_the_next_round() -> None:
    table = skirmish()
    table.initiative(5, 2)
    table.until("b1", "melee")
    table.act("melee", "pip", ["g1"], [3])  # a miss
    table.next()
    # g1 is in melee with Pip now: without a declared withdrawal or retreat it cannot move.
    assert table.position == ("b2", "movement") and table.fight.order == ("g2",)
    table.until("b2", "melee")
    assert table.fight.order == ("g1", "g2")
    goblin_blow = table.act("melee", "g1", ["dagmar"], [15, 2])
    table.next()
    table.next()
    # seed 001: "jednají v kole vždy jako poslední" — after the losing side.
    assert table.position == ("slow", "melee") and table.fight.order == ("dagmar",)
    slow_blow = table.act("melee", "dagmar", ["g1"], [15, 4])
    assert table.log.index(goblin_blow) < table.log.index(slow_blow)
    assert slow_blow.data["weapon"] == "Two-handed sword"
    end = table.next()
    assert end is not None and table.fight.round == 2
    assert table.fight.stage == {"step": "declare"} and table.fight.order == ()
    assert table.fight.current is None
    assert all(c.turn == {} and c.initiative is None for c in table.fight.combatants)


def test_a_slow_weapon_on_the_winning_side_acts_last_after_every_other() -> None:
    # Rulings: every slow combatant after every other combatant, in their sides' order.
    ogre = goblin("ogre", hp=20, weapons=[TWO_HANDED], attacks=[])
    table = Table(fighter("dagmar", weapons=[TWO_HANDED, SWORD]),
                  fighter("brute", weapons=[TWO_HANDED]), ogre, goblin("g1", hp=7))  # fmt: skip
    table.initiative(6, 1)
    table.until("b1", "melee")
    assert table.fight.order == ("dagmar",)  # she also has a sword
    with pytest.raises(RulesError, match="slow"):
        table.act("melee", "dagmar", ["g1"], [15], weapon="Two-handed sword")
    table.next()
    table.until("b2", "melee")
    assert table.fight.order == ("g1",)
    table.next()
    assert table.position == ("slow", "melee")
    assert table.fight.order == ("dagmar", "brute", "ogre")  # the winners' slow ones first


def test_a_slow_weapon_attack_in_the_slow_block_needs_a_slow_weapon() -> None:
    table = Table(fighter("dagmar", weapons=[TWO_HANDED, SWORD]), goblin("g1", hp=7))
    table.initiative(6, 1)
    table.until("b2", "melee")
    table.next()
    assert table.position == ("slow", "melee")
    with pytest.raises(RulesError, match="only slow weapons"):
        table.act("melee", "dagmar", ["g1"], [15], weapon="Sword")
    assert table.act("melee", "dagmar", ["g1"], [15, 1]).data["hit"] is True


def test_ties_are_rolled_again_by_default() -> None:
    table = skirmish()
    outcome = table.initiative(3, 3, 2, 4)
    assert "Tie at 3: roll again" in texts(outcome.steps)
    assert [b["sides"] for b in table.fight.stage["blocks"]] == [["goblins"], ["party"]]
    assert [b["roll"] for b in table.fight.stage["blocks"]] == [3, 3]
    assert table.position == ("b1", "movement") and table.fight.order == ("g1", "g2")


def test_three_sides_act_from_the_highest_roll_down() -> None:
    table = Table(fighter("a"), goblin("g"), fighter("o", "orcs", attacks=[]))
    table.initiative(2, 4, 6)
    assert [b["sides"] for b in table.fight.stage["blocks"]] == [["orcs"], ["goblins"], ["party"]]


def test_simultaneous_ties_let_both_sides_drop_to_0() -> None:
    hero = fighter("hero", weapons=[SWORD], hp=3)
    table = Table(hero, goblin("g1", hp=3, ac=9), initiative_ties="simultaneous")
    table.initiative(4, 4)
    blocks = table.fight.stage["blocks"]
    assert len(blocks) == 1 and blocks[0]["sides"] == ["party", "goblins"]
    table.until("b1", "melee")
    assert table.fight.order == ("hero", "g1")
    first = table.act("melee", "hero", ["g1"], [15, 3])
    assert first.data["pending"] is True
    assert table.get("g1").hp == 3  # the goblin still strikes back
    table.next()
    table.act("melee", "g1", ["hero"], [15, 5])
    assert table.get("hero").hp == 3
    landed = table.next()
    assert landed is not None and table.fight.round == 1  # still the round of the blows
    assert table.fight.order == () and ENGINE.is_over(table.fight)
    assert table.get("hero").hp == -2 and table.get("hero").has("dead")
    assert table.get("g1").hp == 0 and table.get("g1").has("dead")
    assert "Simultaneous damage lands: Hero loses 5 HP (-2 left)" in texts(landed.steps)
    assert not any(e.kind == "pending_damage" for c in table.fight.combatants for e in c.effects)
    assert table.next() is not None and table.fight.round == 2  # the next press ends the round


def test_simultaneous_damage_lands_at_the_end_of_the_phase_not_of_the_round() -> None:
    hero = fighter("hero", weapons=[SWORD, SLING], hp=9, attacks_per_round=2)
    table = Table(hero, goblin("g1", hp=3, ac=9), initiative_ties="simultaneous")
    table.initiative(2, 2)
    table.until("b1", "missiles")
    table.act("missile", "hero", ["g1"], [15, 4], weapon="Sling", range="short")
    assert table.get("g1").hp == 3
    outcome = table.next()
    assert outcome is not None and table.get("g1").has("dead")
    # The melee phase of the same round goes on without the fallen goblin.
    assert table.position == ("b1", "melee") and table.fight.order == ("hero",)
    assert table.fight.round == 1


def test_individual_initiative_adds_dex_or_the_referees_modifier() -> None:
    hero = fighter("hero", dex_mod=1)
    troll = goblin("troll", hp=20)
    table = Table(hero, troll, individual_initiative="yes")
    mod = table.act("initiative_mod", "troll", modifier=-1)
    assert mod.data["modifier"] == -1
    outcome = table.initiative(2, 5)
    assert texts(outcome.steps) == [
        "Hero: initiative 1d6 2 +1 (DEX) = 3",
        "Troll: initiative 1d6 5 -1 (referee) = 4",
    ]
    assert [b["ids"] for b in table.fight.stage["blocks"]] == [["troll"], ["hero"]]
    assert table.get("hero").initiative == 3 and table.get("troll").initiative == 4


@pytest.mark.parametrize(
    ("dex_mod", "initiative"),
    [(-3, -2), (-2, -1), (-1, -1), (0, 0), (1, 1), (2, 1), (3, 2)],
)
def test_initiative_takes_the_ability_tables_own_dex_column(dex_mod: int, initiative: int) -> None:
    """Seed 001: „se k hodu přičítá modifikátor obratnosti (viz Hodnoty vlastností)"; the
    standard table gives initiative its own column: DEX 3 → −2, 4–5 → −1, 6–8 → −1, 9–12 → 0,
    13–15 → +1, 16–17 → +1, 18 → +2, where AC and missiles take −3 … +3 (issue O, 6)."""
    hero = fighter("hero", dex_mod=dex_mod)
    table = Table(hero, goblin("g", hp=5), individual_initiative="yes")
    table.initiative(4, 1)
    assert table.get("hero").initiative == 4 + initiative
    assert f"Hero: initiative 1d6 4 {initiative:+d} (DEX) = {4 + initiative}" in texts(
        table.log[-1].steps
    )


def test_a_late_comer_joins_its_sides_initiative_without_a_roll() -> None:
    table = skirmish()
    table.initiative(5, 2)
    table.fight = replace(table.fight, combatants=(*table.fight.combatants, goblin("g3")))
    outcome = table.initiative(ids=["g3"])
    assert outcome.rolls == ()
    assert table.get("g3").initiative == 2
    assert "g3" in table.fight.stage["blocks"][1]["ids"]
    assert table.position == ("b1", "movement")


def test_mid_round_the_page_button_only_places_late_comers() -> None:
    # The page sends every id: a late-comer joins, nobody else rolls again this round.
    table = skirmish()
    table.initiative(5, 2)
    table.next()
    with pytest.raises(RulesError, match="already rolled for this round"):
        table.initiative(6, 1)
    table.fight = replace(table.fight, combatants=(*table.fight.combatants, goblin("g3")))
    outcome = table.initiative()
    assert outcome.rolls == ()
    assert table.get("g3").initiative == 2 and table.get("pip").initiative == 5
    assert table.position == ("b1", "movement") and table.fight.order == ("dagmar", "pip")


def test_declarations_bind_for_the_round() -> None:
    zelda = fighter("zelda", weapons=[SHORT_SWORD])
    table = Table(zelda, fighter("pip", weapons=[SHORT_SWORD]), goblin("g1", hp=7))
    assert table.act("declare", "zelda", intent="cast").summary.template.endswith("a spell")
    table.initiative(5, 1)
    with pytest.raises(RulesError, match="before initiative"):
        table.act("declare", "pip", intent="cast")
    # A declared caster neither moves nor attacks; the others cannot cast.
    assert table.fight.order == ("pip",)
    with pytest.raises(RulesError, match="not the turn"):
        table.act("move", "zelda")
    with pytest.raises(RulesError, match="declared a spell"):
        act(placed(table.fight, "zelda", "melee"), "melee", "zelda", ["g1"], [15])
    with pytest.raises(RulesError, match="did not declare a spell"):
        act(placed(table.fight, "pip", "spells"), "cast", "pip")
    table.next()
    assert table.position == ("b1", "spells") and table.fight.order == ("zelda",)
    cast = table.act("cast", "zelda", ["g1"])
    assert cast.data["cast"] is True
    table.next()
    assert table.position == ("b1", "melee") and table.fight.order == ("pip",)


def test_the_tracker_shows_sides_rolls_phase_and_who_acted() -> None:
    table = skirmish()
    view = table.tracker()
    assert [g.label.params["side"] for g in view.groups] == ["party", "goblins"]
    table.initiative(5, 2)
    view = table.tracker()
    assert texts(view.header) == ["Acting: party (initiative 5)", "Phase: movement"]
    assert [texts([g.label]) for g in view.groups] == [
        ["party — initiative 5"],
        ["goblins — initiative 2"],
    ]
    assert view.groups[0].label.params["sides"] == "party"  # a side key, worded by the page
    assert [g.active for g in view.groups] == [True, False]
    assert view.acted == frozenset()
    table.act("move", "dagmar", distance=10)
    assert table.tracker().acted == {"dagmar"}
    table.next()
    assert table.tracker().acted == {"dagmar"}
    table.next()
    assert table.tracker().acted == frozenset()  # a new position
    # The slow weapons' block is listed when it acts (before, Dagmar's row says "Slow weapon").
    table.until("slow", "melee")
    view = table.tracker()
    assert texts(view.header) == ["Slow weapons act last", "Phase: melee attacks"]
    assert [texts([g.label]) for g in view.groups][-1] == ["Slow weapons act last"]
    assert [g.active for g in view.groups] == [False, False, True]
    assert view.groups[2].members == ("dagmar",)


def test_actions_offer_the_phase_action_to_the_one_whose_turn_it_is() -> None:
    table = skirmish()
    table.initiative(5, 2)
    kinds = [o.kind for o in ENGINE.actions(table.fight, "dagmar")]
    assert kinds == ["move", "save", "saves"]
    assert [o.kind for o in ENGINE.actions(table.fight, "g1")] == ["save", "saves"]
    table.until("b1", "missiles")
    shoot = ENGINE.actions(table.fight, "pip")[0]
    assert shoot.kind == "missile" and shoot.needs_target and shoot.needs_weapon
    assert "cover" in [v.key for v in shoot.values]


def test_out_of_turn_attacks_are_refused() -> None:
    table = skirmish()
    table.initiative(5, 2)
    with pytest.raises(RulesError, match="not the turn"):
        table.act("melee", "g1", ["pip"], [15])
    with pytest.raises(RulesError, match="cannot do that in this phase"):
        table.act("melee", "dagmar", ["g1"], [15])
