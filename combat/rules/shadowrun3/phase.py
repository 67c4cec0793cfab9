"""The combat phase: the action catalogue and its economy (seed 003, Bojová fáze, Volné /
Jednoduché / Komplexní akce, Ohlášení akcí).

seed 003: "Postava může provést buď dvě jednoduché, nebo jednu komplexní akci" plus one free
action; "Místo jednoduché akce je možné také provést volnou akci"; a complex action may take a
free one "ale za žádných okolností jednoduchou akci". Free actions also in others' phases, one
per phase, never before one's first phase of pass 1 (dropping prone excepted, Rulings).
Declared actions are fixed: "musí na začátku bojové fáze nahlásit obě a nemůže je později
měnit" (T-Rex's second shot still goes to Paolo).

Costs in units of the phase: simple 1, complex 2, at most 2; the first free action is free,
each further one takes the place of a simple action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from combat.rules.base import Combatant, Step, ValueField, _
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


def _choices(*pairs: tuple[str, str]) -> tuple[tuple[str, Step], ...]:
    return tuple((key, Step(label)) for key, label in pairs)


# The stats tables' choices again as msgids (stats.Label is not gettext), in the seed's terms.
MODES = _choices(
    ("SS", _("SS – single shot")),
    ("SA", _("SA – semi-automatic")),
    ("BF", _("BF – burst fire")),
    ("FA", _("FA – full auto")),
)
LEVEL_CHOICES = _choices(
    ("L", _("L – Light")),
    ("M", _("M – Moderate")),
    ("S", _("S – Serious")),
    ("D", _("D – Deadly")),
)
AMMO = _choices(
    ("normal", _("Standard rounds")),
    ("apds", _("APDS rounds")),
    ("explosive", _("Explosive rounds")),
    ("high_explosive", _("High-explosive rounds")),
    ("flechette", _("Flechette rounds")),
    ("gel", _("Gel rounds (stun)")),
)
SKILL_CHOICES = _choices(
    ("pistols", _("Pistols")),
    ("smgs", _("SMGs")),
    ("rifles", _("Rifles")),
    ("assault_rifles", _("Assault rifles")),
    ("shotguns", _("Shotguns")),
    ("heavy_weapons", _("Heavy weapons")),
    ("projectile_weapons", _("Projectile weapons")),
    ("throwing_weapons", _("Throwing weapons")),
    ("edged_weapons", _("Edged weapons")),
    ("clubs", _("Clubs")),
    ("polearms", _("Polearms/staffs")),
    ("unarmed_combat", _("Unarmed combat")),
    ("athletics", _("Athletics")),
    ("stealth", _("Stealth")),
    ("sorcery", _("Sorcery")),
)


VISIBILITY = _choices(
    ("clear", _("Clear visibility")),
    ("full_dark", _("Full darkness")),
    ("minimal_light", _("Minimal light")),
    ("partial_light", _("Partial light")),
    ("glare", _("Glare")),
    ("mist", _("Mist")),
    ("light_smoke", _("Light smoke/fog/rain")),
    ("heavy_smoke", _("Heavy smoke/fog/rain")),
    ("thermal_smoke", _("Thermal smoke")),
)
FREE_WHAT = _choices(
    ("speak", _("Speak a word or two")),
    ("gesture", _("Gesture")),
    ("drop_object", _("Drop an object")),
    ("observe", _("Observe")),
    ("cyberware", _("Activate cyberware")),
    ("end_spell", _("End a sustained spell")),
    ("focus", _("Deactivate a focus")),
    ("spell_defence", _("Allocate spell defence")),
)
SIMPLE_WHAT = _choices(
    ("use_item", _("Use a simple item")),
    ("observe_closely", _("Observe in detail")),
    ("pick_up", _("Pick up or put down an object")),
    ("command", _("Command a spirit")),
    ("focus", _("Activate a focus")),
    ("perception", _("Change perception")),
)
COMPLEX_WHAT = _choices(
    ("cast_spell", _("Cast a spell")),
    ("use_complex_item", _("Use a complex item")),
    ("mounted_weapon", _("Fire a mounted or vehicle weapon")),
    ("astral", _("Astral projection")),
    ("summon", _("Summon or banish a spirit")),
)
PLAN = _choices(
    ("none", _("Nothing")),
    ("fire", _("Shoot")),
    ("quick_draw", _("Quick draw")),
    ("aim", _("Aim")),
    ("throw", _("Throw")),
    ("ready_weapon", _("Ready weapon")),
    ("insert_clip", _("Insert clip")),
    ("remove_clip", _("Remove clip")),
    ("change_mode", _("Change fire mode")),
    ("stand_up", _("Stand up")),
    ("simple_action", _("Other simple action")),
    ("melee", _("Melee attack")),
    ("use_skill", _("Use skill")),
    ("reload", _("Reload the weapon")),
    ("athletics", _("Athletics run")),
    ("complex_action", _("Other complex action")),
)

FIELDS: dict[str, ValueField] = {
    field.key: field
    for field in (
        ValueField(
            "until",
            Step(_("Delay until")),
            _choices(
                ("this_pass", _("A later phase of this pass or its end")),
                ("next_pass", _("The next pass")),
            ),
        ),
        ValueField("phase", Step(_("Planned phase (0 = end of the pass)")), minimum=0, maximum=99),
        ValueField("what", Step(_("Which")), FREE_WHAT),
        ValueField("free_what", Step(_("Which free action")), FREE_WHAT),
        ValueField("simple_what", Step(_("Which simple action")), SIMPLE_WHAT),
        ValueField("complex_what", Step(_("Which complex action")), COMPLEX_WHAT),
        ValueField("mode", Step(_("Fire mode")), MODES),
        ValueField("rounds", Step(_("Rounds")), minimum=1, maximum=10),
        ValueField("gap", Step(_("Metres between full-auto targets")), minimum=0, maximum=50),
        ValueField("distance", Step(_("Distance (m)")), minimum=0, maximum=5000),
        ValueField("visibility", Step(_("Visibility")), VISIBILITY),
        ValueField(
            "melee_opponents",
            Step(_("Opponents in melee with the attacker")),
            minimum=0,
            maximum=10,
        ),
        ValueField("pool", Step(_("Combat pool dice (attack)")), minimum=0, maximum=30),
        ValueField("dodge_pool", Step(_("Target's pool dice to dodge")), minimum=0, maximum=30),
        ValueField("resist_pool", Step(_("Target's pool dice to resist")), minimum=0, maximum=30),
        ValueField("defence_pool", Step(_("Defender's pool dice")), minimum=0, maximum=30),
        ValueField("tn_modifier", Step(_("GM's target number modifier")), minimum=-10, maximum=20),
        ValueField("cramped", Step(_("Dodge: cramped or prone (+1/+2)")), minimum=0, maximum=2),
        ValueField(
            "called_shot",
            Step(_("Called shot (+4 TN)")),
            _choices(
                ("none", _("No")),
                ("level", _("Damage level +1")),
                ("armour", _("Unarmoured or weaker spot")),
            ),
        ),
        ValueField("armour", Step(_("Armour at the called spot")), minimum=0, maximum=20),
        ValueField("ammunition", Step(_("Ammunition")), AMMO),
        ValueField("count", Step(_("How many throwing weapons")), minimum=1, maximum=10),
        ValueField("pace", Step(_("Movement")), _choices(("walk", _("Walk")), ("run", _("Run")))),
        ValueField("metres", Step(_("Metres")), minimum=0, maximum=500),
        ValueField("tn", Step(_("Target number")), minimum=2, maximum=30),
        ValueField("skill", Step(_("Skill")), SKILL_CHOICES),
        ValueField("dice", Step(_("Extra dice")), minimum=-10, maximum=30),
        ValueField("first", Step(_("First action")), PLAN),
        ValueField("second", Step(_("Second action")), PLAN),
        ValueField(
            "reach_use",
            Step(_("Reach difference")),
            _choices(("own", _("Lowers my target number")), ("other", _("Raises the defender's"))),
        ),
        ValueField("level", Step(_("Damage level")), LEVEL_CHOICES),
        ValueField(
            "damage_type",
            Step(_("Damage")),
            _choices(("physical", _("Physical")), ("stun", _("Stun"))),
        ),
        ValueField(
            "ambusher_modifier", Step(_("Ambushers' extra TN modifier")), minimum=-4, maximum=8
        ),
        ValueField(
            "ambushed_modifier", Step(_("Others' extra TN modifier")), minimum=-4, maximum=8
        ),
        ValueField(
            "fuse",
            Step(_("Grenade")),
            _choices(
                ("timed", _("Goes off in my phase of the next pass")),
                ("impact", _("Goes off at once")),
            ),
        ),
    )
}

MODIFIER_LABELS: Mapping[str, Step] = {
    "blind_fire": Step(_("Blind fire (+8)")),
    "partial_cover": Step(_("Partial cover (+4)")),
    "running_target": Step(_("Running target (+2)")),
    "stationary_target": Step(_("Stationary target (−1)")),
    "second_firearm": Step(_("Second firearm (+2)")),
    "no_holster": Step(_("Not in a proper holster (+2)")),
    "two_weapons": Step(_("Draw two weapons (+2)")),
    "rough": Step(_("Difficult ground")),
    "full_defence": Step(_("Full defence")),
    "override": Step(_("GM: ignore the action economy")),
    "ambush": Step(_("The actor's side lay in ambush (−2 TN)")),
}

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
