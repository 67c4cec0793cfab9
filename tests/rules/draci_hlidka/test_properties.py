"""Properties over random legal fights: resolve raises only RulesError or InvalidDice, HP changes
only through "hp" Changes, and every Outcome undoes to the fight it started from."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat.rules.base import Action, Combatant, Effect, Fight, Outcome, RulesError, apply
from combat.rules.dice import InvalidDice
from combat.rules.draci_hlidka.catalogue import SPECS
from combat.rules.faces import SeededFaces
from tests.rules.draci_hlidka.helpers import ENGINE

CONDITIONS = ["surprised", "prone", "unconscious", "dead", "invisible", "asleep", "paralysed",
              "helpless", "exhausted", "fled"]  # fmt: skip
KINDS = [*SPECS, "dance"]
IDS = ["c0", "c1", "c2", "c3", "c4"]
OUT = frozenset({"unconscious", "dead", "fled"})

weapons = st.lists(
    st.fixed_dictionaries({
        "name": st.sampled_from(["Meč", "Luk", "Kuše", "Oštěp", "Dýka"]),
        "utocnost": st.integers(-10, 20), "zraneni": st.integers(-10, 20),
        "obrana": st.integers(-10, 20),
        "druh": st.sampled_from(["melee", "ranged", "thrown"]),
        "nabiti": st.sampled_from(["none", "instant", "short", "long"]),
    }),
    max_size=3, unique_by=lambda w: w["name"],
)  # fmt: skip

stats = st.fixed_dictionaries({
    "sil": st.integers(-10, 10), "obr": st.integers(-10, 10), "odo": st.integers(-10, 10),
    "ostatni_atributy": st.sampled_from(["", "INT +1, CHA 0", "INT −2"]),
    "zivoty": st.integers(8, 60), "mez_vyrazeni": st.integers(0, 20),
    "pohyblivost": st.integers(0, 200),
    "dovednosti": st.dictionaries(
        st.sampled_from(["Atletika", "Výdrž", "Postřeh", "První pomoc"]), st.integers(0, 10)),
    "velikost": st.sampled_from("ABCDE"), "muze_krvacet": st.booleans(),
    "zbroj": st.integers(0, 20), "stit": st.integers(0, 20),
    "uc": st.none() | st.integers(-20, 50), "oc": st.none() | st.integers(-20, 50),
    "zo": st.none() | st.integers(-20, 50), "zraneni": st.none() | st.integers(-20, 50),
})  # fmt: skip

turns = st.fixed_dictionaries(
    {},
    optional={
        "long": st.sampled_from(["attack", "move", "crawl", "skill", "flee", "cast"]),
        "short": st.lists(st.sampled_from(["retreat", "cast", "reload", "rearm"]), max_size=2),
        "instant": st.lists(st.sampled_from(["speak", "short_move"]), max_size=2),
        "casting": st.booleans(), "reloaded": st.booleans(), "shot": st.booleans(),
        "rearmed": st.booleans(), "attacks_allowed": st.integers(1, 3),
        "defences": st.integers(0, 3),
        "melee_attackers": st.lists(st.sampled_from(IDS[:2]), max_size=2, unique=True),
    },
)  # fmt: skip

effects = st.lists(
    st.sampled_from([
        Effect("bleeding-1", "bleeding", {"type": "critical", "dice": 2, "source": "c0"}),
        Effect("bleeding-2", "bleeding", {"type": "helpless", "amount": 3, "protect": True}),
        Effect("sprint", "sprint", {"limit": 2, "rounds": 2, "round": 0}),
        Effect("pursuit-c0", "pursuit", {"pursuer": "c0", "lead": 4}),
        Effect("unloaded-Kuše", "unloaded", {"weapon": "Kuše"}),
        Effect("potion-1", "potion", {"stops_bleeding": True, "heal": 5}),
        Effect("initiative-1", "initiative_modifier", {"value": 2}),
    ]),
    max_size=3, unique_by=lambda e: e.key,
)  # fmt: skip


@st.composite
def combatants(draw: st.DrawFn, cid: str) -> Combatant:
    record = ENGINE.combatant_from_record(
        id=cid, name=cid.upper(), side=draw(st.sampled_from(["party", "enemies", "third"])),
        stats=draw(stats), is_npc=draw(st.booleans()), weapons=draw(weapons), armor=(),
    )  # fmt: skip
    from dataclasses import replace

    return replace(
        record,
        hp=draw(st.just(record.max_hp) | st.integers(1, record.max_hp) | st.integers(-3, 0)),
        conditions=frozenset(draw(st.just(()) | st.lists(st.sampled_from(CONDITIONS), max_size=1))),
        turn=draw(turns),
        effects=tuple(draw(effects)),
    )


@st.composite
def fights(draw: st.DrawFn) -> Fight:
    count = draw(st.integers(2, 5))
    members = tuple(draw(combatants(cid)) for cid in IDS[:count])
    return Fight(
        round=draw(st.integers(0, 4)), combatants=members,
        options={"initiative_once": draw(st.booleans())},
    )  # fmt: skip


values = st.one_of(
    st.booleans(), st.integers(-3, 30), st.sampled_from(
        ["half", "three_quarter", "total", "zo", "active", "auto", "short", "long", "first_aid",
         "potion", "spell", "obr", "sil", "int", "Atletika", "Meč", "Luk"]),
    st.floats(0, 40), st.none(), st.just([{"cover": "half"}]), st.just({"c1": "Meč"}),
)  # fmt: skip


@st.composite
def actions(draw: st.DrawFn, fight: Fight) -> Action:
    """Mostly sensible actions (so most resolve), sometimes odd ones (so errors are tried)."""
    kind = draw(st.sampled_from(KINDS))
    spec = SPECS.get(kind)
    ids = [c.id for c in fight.combatants]
    odd = draw(st.integers(0, 9)) == 9  # rarely (hypothesis favours small numbers)
    standing = [c.id for c in fight.combatants if c.hp > 0 and not c.conditions & OUT] or ids
    actor = draw(st.sampled_from([*ids, "nobody"] if odd else standing))
    least = 1 if spec is not None and spec.needs_target and not odd else 0
    targets = tuple(draw(st.lists(st.sampled_from(ids), min_size=least, max_size=3)))
    names = [w["name"] for c in fight.combatants for w in c.weapons if c.id == actor]
    weapon = draw(st.none() | st.sampled_from([*names, "Excalibur" if odd else None]))
    modifiers: dict[str, Any] = {}
    ticks, named = (spec.ticks, spec.values) if spec else ((), ())
    for key in draw(st.lists(st.sampled_from(ticks), max_size=3, unique=True)) if ticks else ():
        modifiers[key] = draw(st.booleans())
    for key in draw(st.lists(st.sampled_from(named), max_size=2, unique=True)) if named else ():
        modifiers[key] = draw(values)
    if len(targets) > 1 and kind == "attack":
        modifiers["attacks"] = len(targets)
    if odd:
        modifiers["bogus"] = True
    return Action(kind, actor, targets, weapon, modifiers)


def check_outcome(fight: Fight, outcome: Outcome) -> None:
    state = fight
    for change in outcome.changes:
        before = {c.id: c.hp for c in state.combatants}
        state = apply(state, [change])
        for combatant in state.combatants:
            if change.kind != "hp" or change.combatant != combatant.id:
                assert combatant.hp == before[combatant.id]
    assert state == apply(fight, outcome.changes)
    assert apply(state, outcome.changes, undo=True) == fight
    for step in (outcome.summary, *outcome.steps, *outcome.notes):
        assert isinstance(step.template % dict(step.params), str)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_resolve_raises_only_rules_errors_and_changes_only_through_changes(
    data: st.DataObject, seed: int
) -> None:
    fight = data.draw(fights())
    action = data.draw(actions(fight))
    try:
        outcome = ENGINE.resolve(fight, action, SeededFaces(seed))
    except (RulesError, InvalidDice):
        return
    check_outcome(fight, outcome)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fight=fights(), seed=st.integers(0, 2**32))
def test_round_start_initiative_and_options_never_fail_on_legal_fights(
    fight: Fight, seed: int
) -> None:
    check_outcome(fight, ENGINE.start_of_round(fight, SeededFaces(seed)))
    ids = [c.id for c in fight.combatants]
    initiative = ENGINE.roll_initiative(fight, ids, SeededFaces(seed))
    check_outcome(fight, initiative)
    assert initiative.order is not None and sorted(initiative.order) == sorted(ids)
    for cid in ids:
        for option in ENGINE.actions(fight, cid):
            assert option.kind in SPECS
    assert isinstance(ENGINE.is_over(fight), bool)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_offered_action_with_its_needs_filled_resolves_or_says_why(
    data: st.DataObject, seed: int
) -> None:
    fight = data.draw(fights())
    actor = data.draw(st.sampled_from(fight.combatants))
    options = ENGINE.actions(fight, actor.id)
    if not options:
        return
    option = data.draw(st.sampled_from(options))
    others = [c.id for c in fight.combatants if c.id != actor.id]
    targets: tuple[Any, ...] = (data.draw(st.sampled_from(others)),) if option.needs_target else ()
    names = [w["name"] for w in actor.weapons]
    weapon = data.draw(st.sampled_from(names)) if option.needs_weapon and names else None
    action = Action(option.kind, actor.id, targets, weapon, {})
    try:
        outcome = ENGINE.resolve(fight, action, SeededFaces(seed))
    except (RulesError, InvalidDice):
        return
    check_outcome(fight, outcome)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_whole_random_fights_run_round_after_round_and_every_step_undoes(
    data: st.DataObject, seed: int
) -> None:
    """The machinery's loop: new round, initiative, each acts in order; never a crash."""
    from dataclasses import replace

    fight = data.draw(fights())
    faces = SeededFaces(seed)
    for _round in range(8):
        if ENGINE.is_over(fight):
            break
        fight = replace(fight, round=fight.round + 1)
        for outcome in (ENGINE.start_of_round(fight, faces),):
            check_outcome(fight, outcome)
            fight = apply(fight, outcome.changes)
        initiative = ENGINE.roll_initiative(fight, [c.id for c in fight.combatants], faces)
        fight = replace(apply(fight, initiative.changes), order=initiative.order or ())
        for actor in fight.order:
            options = ENGINE.actions(fight, actor)
            if not options:
                continue
            option = data.draw(st.sampled_from(options))
            others = [c.id for c in fight.combatants if c.id != actor]
            targets = (data.draw(st.sampled_from(others)),) if option.needs_target else ()
            names = [w["name"] for w in fight.get(actor).weapons]
            weapon = data.draw(st.sampled_from(names)) if names and option.needs_weapon else None
            try:
                outcome = ENGINE.resolve(fight, Action(option.kind, actor, targets, weapon), faces)
            except (RulesError, InvalidDice):
                continue
            check_outcome(fight, outcome)
            fight = apply(fight, outcome.changes)
