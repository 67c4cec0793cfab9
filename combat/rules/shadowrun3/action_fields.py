"""The action form's value fields and ticks in Shadowrun 3 (seed 003): every choice an action
can ask for, in the seed's terms; phase.py says which action asks for which.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.rules.base import Step, ValueField, _


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
