"""The fight simulator (issue J): it agrees with the exact odds, a seed repeats it, the round cap
ends an endless fight, and a refused action is counted instead of crashing."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from combat.rules.base import Action, Combatant, Fight
from combat.rules.dice_pool import chances
from combat.rules.engine import EngineBase as Engine
from combat.rules.engines import has_engine, tactics_for
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.flow import after, next_turn
from combat.rules.odds import odds
from combat.rules.preview import preview
from combat.rules.simulate import Choose, Simulation, combined, hits, simulate
from tests.rules.simulate_fights import BENCH, prepared, started

RESOLUTION = 0.01  # the agreement tests tell rates 1 percentage point apart (at 4 standard errors)
SYSTEMS = ("draci_hlidka", "ose", "dnd5e", "dice_pool")


def assert_agrees(engine: Engine, fight: Fight, action: Action, exact: Fraction) -> None:
    """The simulated hit rate lies within 4 standard errors of the exact chance; the trials are
    as many as make 4 standard errors no wider than RESOLUTION (about 40,000 at p = 1/2)."""
    p = float(exact)
    assert 0.0 < p < 1.0, "pick an attack whose outcome is uncertain"
    trials = trials_for(p)
    rate = hits(engine, fight, action, trials=trials, seed=2024) / trials
    error = math.sqrt(p * (1 - p) / trials)
    assert 4 * error <= RESOLUTION
    assert abs(rate - p) <= 4 * error, f"simulated {rate:.5f}, exact {p:.5f} (SE {error:.5f})"


def trials_for(p: float) -> int:
    """The fewest trials whose 4 standard errors, sqrt(p(1 - p) / n) each, fit in RESOLUTION."""
    return math.ceil(16 * p * (1 - p) / RESOLUTION**2)


def test_the_trials_tell_a_one_point_bias_at_every_chance() -> None:
    assert trials_for(0.5) == 40_000
    assert all(4 * math.sqrt(p * (1 - p) / trials_for(p)) <= RESOLUTION for p in (0.05, 0.55, 0.9))


# --- agreement with the exact odds, one attack per system ----------------------------------------


def test_draci_hlidka_hit_rate_agrees_with_icepool() -> None:
    # seed 000: "útok vyšší nežli jeho obrana" — Baldur's ÚČ 9 (SIL +4, broad sword 5) + 1k6!
    # against the goblin leader's active Obrana, OČ 4 (his stat block) + 1k6!.
    engine, fight = prepared("draci_hlidka", [("Baldur", "party", 1),
                                              ("Vůdce skřetů", "enemies", 1)])  # fmt: skip
    fight = replace(fight, round=1, order=("c1", "c2"), current="c1")
    action = Action("attack", "c1", ("c2",), "Široký meč")
    once = engine.resolve(fight, action, TypedFaces([3, 1])).data
    assert (once["uc"], once["defence_mode"], once["defence"]) == (9, "active", 5)
    attack, defence = odds("1d6!+9").totals, odds("1d6!+4").totals
    exact = sum((p * q for a, p in attack.items() for d, q in defence.items() if a > d),
                Fraction(0))  # fmt: skip
    assert_agrees(engine, fight, action, exact)


def test_dnd5e_hit_rate_agrees_with_the_preview() -> None:
    engine, fight = prepared("dnd5e", [("Helga", "party", 1), ("Goblin", "enemies", 1)])
    fight = replace(fight, round=1, order=("c1", "c2"), current="c1")
    action = Action("attack", "c1", ("c2",), "Longsword")
    exact = preview(engine, fight, action)
    assert exact is not None and exact.uncovered == 0
    assert exact.hit == Fraction(11, 20)  # d20 + 5 against AC 15: 10 or more
    assert_agrees(engine, fight, action, exact.hit)


def test_ose_hit_rate_agrees_with_the_preview() -> None:
    engine, fight = prepared("ose", [("Dagmar", "party", 1), ("Goblin", "enemies", 1)])
    fight = started(engine, fight, [5, 2])  # the party's 5 beats the goblins' 2
    for _ in range(10):  # "Next turn" until Dagmar's melee phase
        if fight.stage.get("phase") == "melee" and fight.current == "c1":
            break
        fight = next_turn(engine, fight, TypedFaces(())).fight
    action = Action("melee", "c1", ("c2",), "Sword")
    exact = preview(engine, fight, action)
    assert exact is not None and exact.uncovered == 0
    assert_agrees(engine, fight, action, exact.hit)


def test_dice_pool_round_win_rate_agrees_with_the_exact_sums() -> None:
    # seed 004: the last roll decides the round, the lower sum loses; the dog rolled 6.
    engine, fight = prepared("dice_pool", [("Pes", "enemies", 1), ("Hráč A", "party", 1)])
    fight = started(engine, fight, [])
    dog = engine.resolve(fight, Action("fight_roll", "c1"), TypedFaces([6]))
    fight = next_turn(engine, after(fight, dog), TypedFaces(())).fight
    action = Action("fight_roll", "c2", ("c1",))
    dice = engine.resolve(fight, action, SeededFaces(1)).data["dice"]
    exact = chances.chance(chances.pool(dice), lambda total: total > 6)
    assert_agrees(engine, fight, action, exact)


@pytest.mark.skipif(not has_engine("shadowrun3"),
                    reason="the Shadowrun 3 engine is not registered in combat.rules.engines yet")  # fmt: skip
def test_shadowrun3_hit_rate_agrees_with_the_engines_closed_form_odds() -> None:
    from combat.rules.shadowrun3.common import Work
    from combat.rules.shadowrun3.handlers_attack import plan_ranged, plan_volley
    from combat.rules.shadowrun3.odds import shot_odds

    # Wedge (Assault rifles 6, AK-97 on SA) shoots a Halloweener, who dodges with pool dice.
    engine, fight = prepared("shadowrun3", [("Wedge", "party", 1),
                                            ("Halloweener", "enemies", 1)])  # fmt: skip
    fight = after(fight, engine.roll_initiative(fight, ["c1", "c2"], SeededFaces(0)))
    fight = replace(fight, round=1, current="c1")
    action = Action("fire", "c1", ("c2",), "AK-97", {"pool": 2, "dodge_pool": 2,
                                                    "resist_pool": 1})  # fmt: skip
    work = Work(fight, TypedFaces(()))
    arm, volley, state = plan_volley(work, action)
    shot = plan_ranged(work, action, arm, volley, str(state["type"])).shot
    assert (shot.dice, shot.dodge_dice) == (6 + 2, 2)
    assert_agrees(engine, fight, action, shot_odds(shot).hit)


# --- whole fights ---------------------------------------------------------------------------------


def _tactics(system: str) -> object:
    found = tactics_for(system)
    assert found is not None
    return found


def _run(system: str, fights: int = 40, **kwargs: object) -> Simulation:
    engine, fight = prepared(system, BENCH[system])
    return simulate(engine, fight, tactics_for(system), fights=fights, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_fight_is_counted_once_and_the_tactics_are_never_refused(system: str) -> None:
    result = _run(system, seed=7)
    assert result.fights == result.requested == 40
    assert sum(result.wins.values()) + result.nobody + result.undecided == 40
    assert sum(result.rounds.values()) == result.decided
    assert result.fallbacks == 0
    assert all(0 <= n <= 40 for n in result.drops.values())
    assert set(result.wins) <= set(result.sides) == {"party", "enemies"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_same_seed_gives_the_same_simulation(system: str) -> None:
    assert _run(system, fights=15, seed=3) == _run(system, fights=15, seed=3)


def test_another_seed_gives_other_fights() -> None:
    first, second = _run("dnd5e", seed=1), _run("dnd5e", seed=2)
    assert (first.rounds, first.drops) != (second.rounds, second.drops)


def test_a_side_that_cannot_win_loses_every_fight_and_its_members_all_drop() -> None:
    # Three heroes with 4 dice each against one dog (1 attack, 1 defence die): the dog rolls
    # 1d6 against 3 × 4d6 every round and falls after a few.
    engine, fight = prepared("dice_pool", [("Hráč A", "party", 1), ("Hráč B", "party", 1),
                                           ("Hráč C", "party", 1), ("Pes", "enemies", 1)])  # fmt: skip
    result = simulate(engine, fight, _tactics("dice_pool"), fights=50, seed=5)  # type: ignore[arg-type]
    assert result.wins == {"party": 50}
    assert result.drops["c4"] == 50 and result.drops["c1"] == result.drops["c2"] == 0


class _Passive:
    """Tactics under which nobody ever acts: the fight can only end at the round cap."""

    def __init__(self, refuse: bool = False) -> None:
        self.refuse = refuse

    def plan(self, fight: Fight) -> Choose:
        def choose(fight: Fight, actor: str, taken: int) -> Action | None:
            # An attack on oneself is refused by every engine: a fallback, then a pass.
            return Action("attack", actor, (actor,)) if self.refuse and not taken else None

        return choose

    def is_out(self, combatant: Combatant) -> bool:
        return combatant.hp <= 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_round_cap_ends_a_fight_nobody_fights_as_undecided(system: str) -> None:
    engine, fight = prepared(system, BENCH[system])
    result = simulate(engine, fight, _Passive(), fights=3, round_cap=4)  # type: ignore[arg-type]
    assert result.undecided == 3 and result.rounds == {} and result.wins == {}
    assert result.mean_rounds is None


def test_a_refused_action_is_a_counted_fallback_not_a_crash() -> None:
    engine, fight = prepared("draci_hlidka", BENCH["draci_hlidka"])
    result = simulate(engine, fight, _Passive(refuse=True), fights=2, round_cap=3)  # type: ignore[arg-type]
    # Ten combatants, one refused attack each per round, three rounds, two fights.
    assert result.fallbacks == 10 * 3 * 2 and result.undecided == 2


def test_a_short_round_cap_leaves_only_short_fights_decided() -> None:
    result = _run("draci_hlidka", fights=30, seed=11, round_cap=3)
    assert result.undecided > 0 and set(result.rounds) <= {1, 2, 3}
    assert result.decided + result.undecided == 30


def test_stop_ends_the_simulation_after_the_fight_it_is_asked_at() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 7

    result = _run("ose", fights=100, stop=stop)
    assert (result.fights, result.requested) == (7, 100)
    assert result.margin == pytest.approx(1.96 * math.sqrt(0.25 / 7))


def test_a_running_fight_is_played_on_from_its_current_turn() -> None:
    engine, fight = prepared("dnd5e", BENCH["dnd5e"])
    fight = started(engine, fight, [10] * 10)
    goblin = next(c for c in fight.combatants if c.name == "Goblin 1")
    fight = replace(fight, combatants=tuple(
        replace(c, hp=0, conditions=frozenset({"dead"})) if c.id == goblin.id else c
        for c in fight.combatants
    ))  # fmt: skip
    result = simulate(engine, fight, _tactics("dnd5e"), fights=20, seed=4)  # type: ignore[arg-type]
    assert result.fights == 20 and result.fallbacks == 0
    assert result.drops[goblin.id] == 0  # it was down before the simulation began
    assert min(result.rounds) >= 1


def test_chances_and_the_mean_come_from_the_counts() -> None:
    result = Simulation(requested=10, fights=4, wins={"party": 3}, nobody=0, undecided=1,
                        rounds={2: 1, 4: 2}, drops={}, fallbacks=0, seed=0, round_cap=50,
                        sides=("party", "enemies"))  # fmt: skip
    assert result.chance(3) == 0.75 and result.decided == 3
    assert result.mean_rounds == pytest.approx(10 / 3)


def test_the_tactics_pick_the_best_weapon() -> None:
    from combat.rules.dnd5e.tactics import best_attack
    from combat.rules.draci_hlidka.tactics import best_weapon
    from tests.rules.simulate_fights import combatants

    _engine, (baldur,) = combatants("draci_hlidka", [("Baldur", "party", 1)])
    assert best_weapon(baldur) == "Obouruční sekera"  # 5 + 4 beats the broad sword's 5 + 1
    _engine, (mira, lis) = combatants("dnd5e", [("Mira", "party", 1), ("Lis", "party", 1)])
    assert best_attack(mira, 15) == "Fire Bolt"  # +5, 1d10 beats a dagger's +4, 1d4 + 2
    assert best_attack(lis, 15) in ("Shortsword", "Shortbow")  # both +5, 1d6 + 3


def test_two_simulations_of_one_fight_add_up() -> None:
    engine, fight = prepared("dice_pool", BENCH["dice_pool"])
    tactics = _tactics("dice_pool")
    first = simulate(engine, fight, tactics, fights=6, seed=1)  # type: ignore[arg-type]
    then = simulate(engine, fight, tactics, fights=4, seed=2)  # type: ignore[arg-type]
    both = combined(first, then)
    assert both.fights == 10 and both.requested == 6 and both.seed == 1
    assert sum(both.wins.values()) + both.nobody + both.undecided == 10
    assert both.drops == {k: first.drops[k] + then.drops[k] for k in first.drops}
    assert both.rounds == {r: first.rounds.get(r, 0) + then.rounds.get(r, 0)
                           for r in {*first.rounds, *then.rounds}}  # fmt: skip


def test_ose_monsters_check_morale_when_the_option_is_on() -> None:
    engine, fight = prepared("ose", BENCH["ose"], morale="yes")
    kinds: list[str] = []

    class Counting:
        """The OSE engine, counting the kinds it resolves."""

        def __getattr__(self, name: str) -> object:
            return getattr(engine, name)

        def resolve(self, fight: Fight, action: Action, faces: object) -> object:
            kinds.append(action.kind)
            return engine.resolve(fight, action, faces)  # type: ignore[arg-type]

    result = simulate(Counting(), fight, _tactics("ose"), fights=20, seed=9)  # type: ignore[arg-type]
    assert result.fallbacks == 0 and "morale" in kinds and "melee" in kinds


def test_ose_simultaneous_initiative_ties_play_through_their_held_blows() -> None:
    # A tie acts at once; the damage lands at the end of the phase, with nobody's turn.
    engine, fight = prepared("ose", BENCH["ose"], initiative_ties="simultaneous")
    result = simulate(engine, fight, _tactics("ose"), fights=30, seed=12)  # type: ignore[arg-type]
    assert result.fallbacks == 0 and result.undecided == 0
    assert sum(result.wins.values()) + result.nobody == 30


def test_each_legendary_action_is_chosen_after_the_one_before_it_has_landed() -> None:
    """Two legendary orcs (a greataxe attack each as another creature's turn ends) on the
    party: the second orc's choice sees the first one's kill, so no legendary action is aimed
    at a creature already out, and neither orc takes two at the end of one turn."""
    engine, fight = prepared("dnd5e", BENCH["dnd5e"][:4] + [("Orc", "enemies", 2)])
    axe = {"name": "Greataxe Attack", "text": "The orc makes a greataxe attack."}

    def legendary_or_tougher(c: Combatant) -> Combatant:
        if c.is_npc:
            return replace(c, stats={**c.stats, "legendary_actions": [axe]})
        return replace(c, hp=3 * c.hp, max_hp=3 * c.max_hp)

    fight = replace(fight, combatants=tuple(map(legendary_or_tougher, fight.combatants)))
    tactics = _tactics("dnd5e")
    is_out = tactics.is_out  # type: ignore[attr-defined]
    aimed_at_out: list[Action] = []
    ends: list[list[str]] = []  # the orcs that act at each turn's end

    class Watching:
        """The 5e engine, watching the legendary actions it resolves."""

        last: tuple[int, str | None] | None = None  # the turn whose end they follow

        def __getattr__(self, name: str) -> object:
            return getattr(engine, name)

        def resolve(self, fight: Fight, action: Action, faces: object) -> object:
            if action.kind != "legendary":
                self.last = None
            else:
                if self.last != (fight.round, fight.current):
                    self.last = (fight.round, fight.current)
                    ends.append([])
                ends[-1].append(action.actor)
                if any(is_out(fight.get(t)) for t in action.targets):
                    aimed_at_out.append(action)
            return engine.resolve(fight, action, faces)  # type: ignore[arg-type]

    result = simulate(Watching(), fight, tactics, fights=40, seed=6)  # type: ignore[arg-type]
    assert result.fights == 40 and result.fallbacks == 0
    assert len(ends) > 100 and aimed_at_out == []
    assert any(len(end) == 2 for end in ends)
    assert all(len(set(end)) == len(end) for end in ends)  # one each at a turn's end
