"""The action kinds of the forum dice pool (seed 004), their modifiers and the fight options.

Three kinds, one per kind of roll in the seed:

* `fight_roll` — "Hod na konflikt" / "Hody v boji s NPC": one roll a round per combatant; when
  everyone standing has rolled, the round is decided.
* `difficulty` — "Hod na obtížnost": the GM's difficulty and skills; targets = helpers who add
  their rolls of the same skills.
* `free_roll` — "Hod na náhodu ve volné hře": a number of dice and a rule the players set.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.rules.base import Action, Combatant, Step, ValueField, _
from combat.rules.dice_pool.common import all_levels, fail
from combat.rules.dice_pool.pools import ATTRIBUTE_NAMES, level_of
from combat.rules.dice_pool.stats import SKILLS

FIGHT_ROLL, DIFFICULTY, FREE_ROLL = "fight_roll", "difficulty", "free_roll"
KINDS = (FIGHT_ROLL, DIFFICULTY, FREE_ROLL)

KIND_LABELS: Mapping[str, str] = {
    FIGHT_ROLL: _("Roll for the round"),
    DIFFICULTY: _("Difficulty roll"),
    FREE_ROLL: _("Free roll"),
}
# Tick boxes (value True) and the value fields of each kind; "skills" (a list of names) and
# "note" (a text) are for the API and the journal only, as a form field takes an int or a choice.
TICKS: Mapping[str, tuple[str, ...]] = {FIGHT_ROLL: ("special",), DIFFICULTY: (), FREE_ROLL: ()}
VALUES: Mapping[str, tuple[str, ...]] = {
    FIGHT_ROLL: ("primary", "secondary", "bonus", "intent"),
    DIFFICULTY: ("difficulty", "primary", "secondary", "bonus"),
    FREE_ROLL: ("dice", "rule"),
}
EXTRA: Mapping[str, tuple[str, ...]] = {
    FIGHT_ROLL: ("skills",),
    DIFFICULTY: ("skills",),
    FREE_ROLL: ("note",),
}

# seed 004: "liché číslo je ano a sudé ne, 1 – 3 je ano a 4 – 6 ne"; contests by the higher sum.
RULES = ("none", "odd_yes", "even_yes", "low_yes", "high_wins")
INTENTS = ("kill", "defeat")  # seed 004: "NPC dle záměru útočníka prohrává či umírá"
ROUNDS = ("several", "one")  # seed 004: "a) jedno kolo … b) více kol"
MAX_DIFFICULTY, MAX_FREE_DICE, MAX_BONUS, MAX_NOTE = 200, 20, 4, 200

_LABELS = {
    "special": _("Special effect the opponent did not withstand wins the round (GM)"),
    "primary": _("Primary skill or attribute"),
    "secondary": _("Secondary skill or attribute"),
    "skills": _("Skills (a list of one or two names)"),
    "bonus": _("Bonus dice (prayer, power, elixir)"),
    "intent": _("At 0 HP the NPC"),
    "difficulty": _("Difficulty"),
    "dice": _("Number of dice"),
    "rule": _("Rule of the roll"),
    "note": _("The rule in words"),
}
MODIFIER_LABELS: dict[str, Step] = {key: Step(label) for key, label in _LABELS.items()}

_RULE_LABELS = {
    "none": _("Just the sum"),
    "odd_yes": _("Odd = yes, even = no"),
    "even_yes": _("Even = yes, odd = no"),
    "low_yes": _("Low = yes (1–3 on one die, at most 3 per die)"),
    "high_wins": _("The highest sum wins (with the targets)"),
}
_INTENT_LABELS = {"kill": _("dies"), "defeat": _("is beaten")}

FIGHT_OPTIONS: tuple[ValueField, ...] = (
    ValueField(
        "rounds",
        Step(_("Length of a conflict")),
        choices=(
            ("several", Step(_("Several rounds: the loser of a round loses a die"))),
            ("one", Step(_("One round decides the fight"))),
        ),
    ),
)


def _named(key: str, level: int) -> tuple[str, Step]:
    return (key, Step(_("%(skill)s (%(level)s dice)"), {"skill": key, "level": level}))


def skill_choices(combatant: Combatant) -> tuple[tuple[str, Step], ...]:
    """The names to choose from: the combatant's own by level, then the forum's stock names;
    an NPC also has its attack and defence dice (first: its usual rolls)."""
    own = all_levels(combatant)
    names = sorted(own, key=lambda name: -own[name])
    if combatant.is_npc:
        names = ["attack_dice", "defence_dice", *names]
        names += [name for name in ATTRIBUTE_NAMES if name not in names]
    stock = [key for key in (*ATTRIBUTE_NAMES, *(k for k, _label in SKILLS)) if key not in names]
    return tuple(_named(name, level_of(combatant, name)) for name in [*names, *stock])


def value_fields(kind: str, combatant: Combatant) -> tuple[ValueField, ...]:
    skills = skill_choices(combatant)
    fields = {
        "primary": ValueField("primary", MODIFIER_LABELS["primary"], skills),
        "secondary": ValueField("secondary", MODIFIER_LABELS["secondary"], skills),
        "bonus": ValueField("bonus", MODIFIER_LABELS["bonus"], minimum=0, maximum=MAX_BONUS),
        "intent": ValueField(
            "intent",
            MODIFIER_LABELS["intent"],
            tuple((k, Step(v)) for k, v in _INTENT_LABELS.items()),
        ),
        "difficulty": ValueField(
            "difficulty", MODIFIER_LABELS["difficulty"], minimum=1, maximum=MAX_DIFFICULTY
        ),
        "dice": ValueField("dice", MODIFIER_LABELS["dice"], minimum=1, maximum=MAX_FREE_DICE),
        "rule": ValueField(
            "rule", MODIFIER_LABELS["rule"], tuple((k, Step(v)) for k, v in _RULE_LABELS.items())
        ),
    }
    return tuple(fields[key] for key in VALUES[kind])


def check_shape(action: Action) -> None:
    """Every modifier is known for the kind; ticks are booleans; ids and weapon are text."""
    ticks, values = TICKS[action.kind], VALUES[action.kind] + EXTRA[action.kind]
    if not isinstance(action.modifiers, Mapping):
        raise fail(_("the modifiers must be a mapping"))
    for key, value in action.modifiers.items():
        if key in ticks:
            if not isinstance(value, bool):
                raise fail(_("%(key)s must be ticked or not"), key=str(key))
        elif key not in values:
            raise fail(_("unknown modifier %(key)s"), key=str(key))
    if not all(isinstance(cid, str) for cid in action.targets):
        raise fail(_("targets must be combatant ids"))
    if action.weapon is not None and not isinstance(action.weapon, str):
        raise fail(_("the weapon must be named"))
