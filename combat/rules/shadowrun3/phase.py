"""The combat phase: the action catalogue and its economy (seed 003, Bojová fáze, Volné /
Jednoduché / Komplexní akce, Ohlášení akcí).

seed 003: "Postava může provést buď dvě jednoduché, nebo jednu komplexní akci" plus one free
action; "Místo jednoduché akce je možné také provést volnou akci"; a complex action may take a
free one "ale za žádných okolností jednoduchou akci". Free actions also in others' phases, one
per phase, never before one's first phase of pass 1 (dropping prone excepted, Rulings).
Declared actions are fixed: "musí na začátku bojové fáze nahlásit obě a nemůže je později
měnit" (T-Rex's second shot still goes to Paolo).

Costs in units of the phase: simple 1, complex 2, at most 2; the first free action is free,
each further one takes the place of a simple action. The fields an action asks for are in
action_fields.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from combat.rules.base import Combatant, ValueField, _
from combat.rules.shadowrun3.action_fields import COMPLEX_WHAT, FIELDS, FREE_WHAT, SIMPLE_WHAT
from combat.rules.shadowrun3.common import Work, fail

Cost = Literal["free", "simple", "complex", "none"]
UNITS = {"free": 0, "simple": 1, "complex": 2, "none": 0}


@dataclass(frozen=True)
class Spec:
    kind: str
    label: str
    cost: Cost
    values: tuple[str, ...] = ()
    ticks: tuple[str, ...] = ()
    needs_target: bool = False
    needs_weapon: bool = False


# In the form's order: what nearly every shot needs first (distance and the pools).
ATTACK = (
    "distance",
    "pool",
    "dodge_pool",
    "resist_pool",
    "visibility",
    "melee_opponents",
    "called_shot",
    "armour",
    "tn_modifier",
    "cramped",
)
ATTACK_TICKS = (
    "blind_fire",
    "partial_cover",
    "running_target",
    "stationary_target",
    "second_firearm",
    "override",
)
MELEE = ("pool", "defence_pool", "resist_pool", "reach_use", "called_shot", "armour", "tn_modifier")

SPECS: dict[str, Spec] = {
    spec.kind: spec
    for spec in (
        Spec(
            "fire",
            _("Shoot"),
            "simple",
            (*ATTACK[:4], "mode", "rounds", "gap", *ATTACK[4:]),
            ATTACK_TICKS,
            True,
            True,
        ),
        Spec(
            "quick_draw",
            _("Quick draw and fire"),
            "simple",
            ATTACK,
            ("no_holster", "two_weapons", *ATTACK_TICKS),
            True,
            True,
        ),
        Spec("throw", _("Throw"), "simple", ("fuse", *ATTACK), ATTACK_TICKS, True, True),
        Spec("melee", _("Melee attack"), "complex", MELEE, ("full_defence", "override"), True),
        Spec("aim", _("Aim"), "simple", (), ("override",), True, True),
        Spec("ready_weapon", _("Ready weapon"), "simple", ("count",), ("override",), False, True),
        Spec(
            "insert_clip", _("Insert clip"), "simple", ("ammunition",), ("override",), False, True
        ),
        Spec("remove_clip", _("Remove clip"), "simple", (), ("override",), False, True),
        Spec(
            "reload",
            _("Reload the weapon"),
            "complex",
            ("rounds", "ammunition"),
            ("override",),
            False,
            True,
        ),
        Spec("change_mode", _("Change fire mode"), "simple", ("mode",), ("override",), False, True),
        Spec("stand_up", _("Stand up"), "simple", (), ("override",)),
        Spec("drop_prone", _("Drop prone"), "free"),
        Spec(
            "simple_action",
            _("Other simple action"),
            "simple",
            ("what", "simple_what"),
            ("override",),
        ),
        Spec("free_action", _("Free action"), "free", ("what", "free_what")),
        Spec("delay", _("Delay action"), "free", ("until", "phase")),
        Spec(
            "use_skill",
            _("Use skill"),
            "complex",
            ("skill", "tn", "dice", "tn_modifier"),
            ("override",),
        ),
        Spec("athletics", _("Athletics (run)"), "complex", ("tn_modifier",), ("override",)),
        Spec(
            "complex_action",
            _("Other complex action"),
            "complex",
            ("what", "complex_what"),
            ("override",),
        ),
        Spec("move", _("Move"), "none", ("pace", "metres"), ("rough",)),
        Spec(
            "intercept", _("Intercept"), "none", ("pool", "defence_pool", "resist_pool"), (), True
        ),
        Spec("declare", _("Declare actions"), "none", ("first", "second"), (), True),
        Spec(
            "surprise",
            _("Surprise test"),
            "none",
            ("ambusher_modifier", "ambushed_modifier"),
            ("ambush",),
            True,
        ),
        Spec("damage", _("Apply damage (GM)"), "none", ("level", "damage_type"), (), True),
    )
}
WHAT = {"free_action": FREE_WHAT, "simple_action": SIMPLE_WHAT, "complex_action": COMPLEX_WHAT}
ATTACKS = frozenset({"fire", "quick_draw", "throw", "melee"})


# The form offers each kind's own "which" field: a form that merges the fields of every action
# by key would otherwise give all three kinds one list of choices. "what" stays accepted.
WHAT_KEY = {
    "free_action": "free_what",
    "simple_action": "simple_what",
    "complex_action": "complex_what",
}


def value_fields(spec: Spec) -> tuple[ValueField, ...]:
    return tuple(FIELDS[key] for key in spec.values if key != "what")


# --- the economy ------------------------------------------------------------------------------


NO_ROOM = {
    "free": _("%(name)s has no free action left in this phase"),
    "simple": _("%(name)s has no simple action left in this phase"),
    "complex": _("%(name)s has no complex action left in this phase"),
    "none": "",
}


def phase_state(combatant: Combatant, key: str) -> dict[str, Any]:
    state = combatant.turn.get("phase")
    if isinstance(state, Mapping) and state.get("key") == key:
        return dict(state)
    return {"key": key, "units": 0, "free": 0, "kinds": []}


def spend(work: Work, actor: str, cost: Cost, kind: str, key: str, override: bool) -> None:
    """Take `cost` from the phase `key` of `actor`, or say why it does not fit."""
    combatant = work.get(actor)
    state = phase_state(combatant, key)
    units, frees = state["units"], state["free"]
    need = UNITS[cost] + (1 if cost == "free" and frees >= 1 else 0)
    if cost == "complex" and units and not override:
        raise fail(
            _("%(name)s cannot take a complex action after other actions in this phase"),
            name=combatant.name,
        )
    if units + need > 2 and not override:
        raise fail(NO_ROOM[cost], name=combatant.name)
    state.update(units=units + need, free=frees + (cost == "free"), kinds=[*state["kinds"], kind])
    work.update(actor, phase=state)
    if override:
        work.note(_("The GM ignored the action economy for %(name)s"), name=combatant.name)


def used_in_phase(combatant: Combatant, key: str) -> list[str]:
    return list(phase_state(combatant, key)["kinds"])


# --- declarations -----------------------------------------------------------------------------


def check_declared(work: Work, actor: str, kind: str, targets: tuple[str, ...], key: str) -> None:
    """seed 003 (T-Rex): what was declared for this phase is done, in order, at those targets."""
    combatant = work.get(actor)
    plan = combatant.turn.get("declared")
    if not isinstance(plan, Mapping) or plan.get("key") != key or SPECS[kind].cost == "free":
        return
    done = [
        k
        for k in used_in_phase(combatant, key)
        if k in SPECS and SPECS[k].cost in ("simple", "complex")
    ]
    kinds = [k for k in plan.get("plan", []) if k != "none"]
    if len(done) >= len(kinds) or kinds[len(done)] != kind:
        raise fail(
            _("%(name)s declared other actions for this phase and cannot change them"),
            name=combatant.name,
        )
    allowed = plan.get("targets") or []
    if kind in ATTACKS and allowed and any(t not in allowed for t in targets):
        raise fail(
            _("%(name)s declared this action against %(targets)s"),
            name=combatant.name,
            targets=", ".join(work.get(t).name for t in allowed),
        )
