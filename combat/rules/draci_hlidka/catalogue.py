"""The action kinds and their modifiers (seed 000, BOJOVÉ AKCE and NETRADIČNÍ BOJOVÉ SITUACE).

Each kind has its usual time class from the seed's table, the modifiers the GM may tick (true
or false — what `ActionOption.modifiers` offers) and the ones that take a value (a number, a
name, a choice — for a richer form or the API). Both are accepted by `resolve`; anything else
is a RulesError.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from combat.rules.base import Step, _

Time = Literal["long", "short", "instant", "free"]


@dataclass(frozen=True)
class Spec:
    """One action kind: its time class, what it needs, its modifiers."""

    kind: str
    label: str
    time: Time  # the usual class; some kinds vary with a duration or the weapon's nabiti
    ticks: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    needs_target: bool = False
    needs_weapon: bool = False

    @property
    def modifiers(self) -> tuple[str, ...]:
        return self.ticks + self.values


ECONOMY = ("override",)  # GM: ignore the action economy for this action (logged)
DURATION = ("long_action", "short_action")  # GM: this one takes a long / a short action
# One attack of a Útok: these also go, per attack, inside "each".
ATTACK_TICKS = (
    "advantage",
    "disadvantage",
    "defence_advantage",
    "defence_disadvantage",
    "too_close",
    "flat",
    "ambush",
    "invisible_attacker",
    "invisible_defender",
    "prone",
    "helpless",
    "half_cover",
    "three_quarter_cover",
    "total_cover",
    "surround_ok",
    "zo_only",
    "active_defence",
)
ATTACK_VALUES = (
    "attack_bonus",
    "defence_bonus",
    "distance",
    "helpless_defence",
    "adjacent",
    "cover",
    "outnumbered",
    "defence_mode",
    "defence_weapon",
    "defender_defences",
    "weapon",
)
ATTACK_MODS = ATTACK_TICKS + ATTACK_VALUES
TEST_VALUES = ("difficulty", "attribute", "attribute_bonus", "skill", "bonus")

SPECS: dict[str, Spec] = {
    spec.kind: spec
    for spec in (
        Spec(
            "attack",
            _("Attack"),
            "long",
            (*ATTACK_TICKS, *ECONOMY),
            (*ATTACK_VALUES, "attacks", "each"),
            needs_target=True,
            needs_weapon=True,
        ),
        Spec("short_move", _("Short move"), "instant", ECONOMY),
        Spec("crawl", _("Crawling"), "long", ECONOMY),
        Spec("move", _("Move / Sprint"), "long", ECONOMY),
        Spec("retreat", _("Falling back"), "short", ECONOMY),
        Spec("stand_up", _("Standing up"), "short", ECONOMY),
        Spec("cast", _("Spellcasting"), "short", (*DURATION, *ECONOMY), ("duration",)),
        Spec("speak", _("Speaking"), "instant", ECONOMY),
        Spec("reload", _("Reloading"), "short", ECONOMY, needs_weapon=True),
        Spec(
            "skill",
            _("Using a skill"),
            "long",
            (*DURATION, *ECONOMY),
            ("duration", *TEST_VALUES),
        ),
        Spec(
            "item",
            _("Using an item"),
            "short",
            ("potion", "stops_bleeding", *DURATION, *ECONOMY),
            ("duration", "heal"),
        ),
        Spec("rearm", _("Changing weapons"), "long", ("drop", *ECONOMY)),
        Spec(
            "treat",
            _("Treatment (first aid, potion, spell)"),
            "long",
            ("potion", "spell", *DURATION, *ECONOMY),
            ("method", "duration", *TEST_VALUES),
            needs_target=True,
        ),
        Spec("flee", _("Flight (Move)"), "long", ECONOMY, ("weapons",)),
        Spec("pursuit", _("Pursuit (round)"), "free", (), ("lead", "reach"), needs_target=True),
        Spec("end_pursuit", _("End of the pursuit"), "free", ("escaped",), needs_target=True),
        Spec("perception", _("Perception roll (moment of surprise)"), "free", (), TEST_VALUES),
        Spec("test", _("Attribute or skill roll"), "free", (), TEST_VALUES),
    )
}

_LABELS = {
    "advantage": _("Advantage +5 (GM)"),
    "disadvantage": _("Disadvantage −5 (GM)"),
    "defence_advantage": _("Advantage +5 to the Defence (GM)"),
    "defence_disadvantage": _("Disadvantage −5 to the Defence (GM)"),
    "too_close": _("Shooting or throwing closer than 2 sáh (−5)"),
    "flat": _("With the flat of the blade"),
    "ambush": _("Ambush attack (+5, ZO only)"),
    "invisible_attacker": _("Invisible attacker (+5)"),
    "invisible_defender": _("Invisible defender (+5 Defence)"),
    "prone": _("Target lies on the ground (+5)"),
    "helpless": _("Attack on the helpless (Defence 0)"),
    "half_cover": _("Half cover (+3 Defence)"),
    "three_quarter_cover": _("Three-quarters cover (+5 Defence)"),
    "total_cover": _("Total cover (cannot be hit)"),
    "surround_ok": _("GM: more than three may surround the target"),
    "zo_only": _("GM: the defender has ZO only"),
    "active_defence": _("GM: the defender may defend actively"),
    "override": _("GM: ignore the action economy"),
    "long_action": _("Takes a long action"),
    "short_action": _("Takes a short action"),
    "potion": _("Potion (works next round)"),
    "stops_bleeding": _("Stops bleeding"),
    "spell": _("Healing spell"),
    "drop": _("Drop the old weapon (defend with the new one)"),
    "escaped": _("The fugitive got away"),
    "attack_bonus": _("GM bonus to the Attack"),
    "defence_bonus": _("GM bonus to the Defence"),
    "distance": _("Distance in sáh"),
    "helpless_defence": _("Defence of the helpless target (GM)"),
    "adjacent": _("Right next to the target"),
    "cover": _("Cover: half, three-quarters or total"),
    "outnumbered": _("Outnumbered: penalty 0–3 (GM)"),
    "defence_mode": _("Defence: as usual, active or ZO only"),
    "defence_weapon": _("The defender's weapon"),
    "defender_defences": _("Active defences the defender has this round"),
    "weapon": _("Weapon of this attack"),
    "attacks": _("Attacks in this Attack action"),
    "each": _("Modifiers of each attack"),
    "duration": _("short or long"),
    "heal": _("Hit points healed"),
    "method": _("first aid, potion or spell"),
    "difficulty": _("Difficulty"),
    "attribute": _("Attribute (sil, obr, odo, int …)"),
    "attribute_bonus": _("Attribute bonus"),
    "skill": _("Skill"),
    "bonus": _("GM bonus"),
    "weapons": _("Opponents' weapons"),
    "lead": _("Lead in sáh"),
    "reach": _("Weapon reach in sáh"),
}
MODIFIER_LABELS: dict[str, Step] = {key: Step(label) for key, label in _LABELS.items()}
