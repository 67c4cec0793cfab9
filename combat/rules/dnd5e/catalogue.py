"""The action kinds of the D&D 5e engine, their tick boxes and value fields (seed 002).

Ticks (`ActionOption.modifiers`) arrive as True; value fields (`ActionOption.values`) as an int
or a chosen key. The same key means the same thing in every kind (the form shows one field per
key), e.g. `distance` is in feet: to the target for an attack, the distance moved for a move.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.rules.base import Fight, Step, ValueField, _


@dataclass(frozen=True)
class Spec:
    kind: str
    label: str
    ticks: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    needs_target: bool = False
    needs_weapon: bool = False
    gm: bool = False  # the GM's bookkeeping: any time, any actor, no action spent

    @property
    def allowed(self) -> tuple[str, ...]:
        return self.ticks + self.values


ROLL_TICKS = ("advantage", "disadvantage")
SEEING = ("unseen_target", "unseen_attacker", "wrong_location")
CONTEST_TICKS = (*ROLL_TICKS, "target_advantage", "target_disadvantage", "override")
ECONOMY = ("override",)
BONUS_ECONOMY = ("bonus_action", "override")  # a feature allows it as a bonus action
SAVE_TICKS = ("target_advantage", "target_disadvantage", "legendary_resistance", "override")

SPECS: dict[str, Spec] = {
    spec.kind: spec
    for spec in (
        Spec(
            "attack",
            _("Attack"),
            (*ROLL_TICKS, *SEEING, "hostile_nearby", "two_handed", "thrown", "override"),
            ("distance", "cover", "ability", "proficient"),
            needs_target=True,
            needs_weapon=True,
        ),
        Spec(
            "off_hand",
            _("Off-hand attack (bonus action, two-weapon fighting)"),
            (*ROLL_TICKS, *SEEING, "thrown", "override"),
            ("distance", "cover"),
            needs_target=True,
            needs_weapon=True,
        ),
        Spec(
            "unarmed",
            _("Unarmed strike"),
            (*ROLL_TICKS, *SEEING, "override"),
            ("distance", "cover"),
            needs_target=True,
        ),
        Spec("grapple", _("Grapple"), CONTEST_TICKS, ("distance", "skill"), needs_target=True),
        Spec("shove", _("Shove"), CONTEST_TICKS, ("distance", "skill", "shove"), needs_target=True),
        Spec("escape", _("Escape a grapple"), CONTEST_TICKS, ("skill",), needs_target=True),
        Spec("multiattack", _("Multiattack"), ECONOMY, ("attacks",)),
        Spec(
            "save_action",
            _("An action with a saving throw (breath, area)"),
            SAVE_TICKS,
            needs_target=True,
            needs_weapon=True,
        ),
        Spec(
            "legendary",
            _("Legendary action (outside its turn)"),
            (*ROLL_TICKS, *SEEING, *SAVE_TICKS),
            ("distance", "cover"),
            needs_target=True,
            needs_weapon=True,
        ),
        Spec("dash", _("Dash"), BONUS_ECONOMY),
        Spec("move", _("Move"), ("drag", "override"), ("distance", "leaves")),
        Spec("stand_up", _("Stand up"), ECONOMY),
        Spec("dodge", _("Dodge"), ECONOMY),
        Spec("disengage", _("Disengage"), BONUS_ECONOMY),
        Spec("interact", _("Interact with an object (draw, open, pick up)"), ECONOMY),
        Spec("death_save", _("Death saving throw")),
        Spec(
            "apply_condition",
            _("Apply a condition"),
            (),
            ("condition", "who", "when", "held_by"),
            needs_target=True,
            gm=True,
        ),
        Spec(
            "remove_condition",
            _("Remove a condition"),
            (),
            ("condition",),
            needs_target=True,
            gm=True,
        ),
        Spec(
            "grant_temp_hp",
            _("Grant temporary hit points"),
            (),
            ("amount",),
            needs_target=True,
            gm=True,
        ),
        Spec("heal", _("Heal"), (), ("amount",), needs_target=True, gm=True),
        Spec("exhaustion", _("Exhaustion level"), (), ("level",), needs_target=True, gm=True),
        Spec(
            "gm_damage",
            _("Damage (GM): an amount of one type"),
            (),
            ("amount", "damage_type"),
            needs_target=True,
            gm=True,
        ),
    )
}
KNOWN = frozenset(key for spec in SPECS.values() for key in spec.allowed)
# SRD 5.1: an opportunity attack (or a readied attack) is a reaction, taken out of turn.
REACTIONS = frozenset({"attack", "unarmed"})
PEOPLE = frozenset({"who", "held_by", "leaves"})  # value fields that name a combatant
ATTACKS = frozenset({"attack", "unarmed", "grapple", "shove"})

_TICK_LABELS = {
    "advantage": _("GM: advantage"),
    "disadvantage": _("GM: disadvantage"),
    "unseen_target": _("The attacker cannot see the target (disadvantage)"),
    "unseen_attacker": _("The target cannot see the attacker (advantage)"),
    "wrong_location": _("Unseen target: the guessed location is wrong (miss)"),
    "hostile_nearby": _("Ranged: a hostile within 5 ft sees the attacker (disadvantage)"),
    "two_handed": _("Versatile weapon in two hands"),
    "thrown": _("Throw the weapon"),
    "override": _("GM: ignore the action economy"),
    "bonus_action": _("As a bonus action (Cunning Action, Nimble Escape)"),
    "target_advantage": _("GM: advantage for the target's check"),
    "target_disadvantage": _("GM: disadvantage for the target's check"),
    "drag": _("Dragging a grappled creature"),
    "legendary_resistance": _("GM: a legendary target that fails uses Legendary Resistance"),
}
_VALUE_LABELS = {
    "distance": _("Distance in feet (to the target, or moved)"),
    "cover": _("Cover"),
    "ability": _("Ability of the attack"),
    "proficient": _("Proficient"),
    "skill": _("Grapple, shove, escape: Athletics or Acrobatics"),
    "shove": _("Shove: prone or push"),
    "attacks": _("Attacks in the Multiattack"),
    "condition": _("Condition"),
    "who": _("Until the turn of"),
    "when": _("Lasts until"),
    "held_by": _("Held by the concentration of"),
    "leaves": _("Leaves the reach of (an opportunity attack)"),
    "amount": _("Hit points (healing, temporary or damage)"),
    "damage_type": _("Damage type"),
    "level": _("Exhaustion level (0–6)"),
}
MODIFIER_LABELS: dict[str, Step] = {
    key: Step(label) for key, label in {**_TICK_LABELS, **_VALUE_LABELS}.items()
}

COVER = {"none": 0, "half": 2, "three_quarters": 5, "total": None}  # SRD 5.1: +2, +5, no target
# The conditions the GM may apply (SRD 5.1 Conditions, plus surprise and the engine's own).
CONDITION_LABELS = {
    "blinded": _("blinded"),
    "charmed": _("charmed"),
    "deafened": _("deafened"),
    "frightened": _("frightened"),
    "grappled": _("grappled"),
    "incapacitated": _("incapacitated"),
    "invisible": _("invisible"),
    "paralyzed": _("paralyzed"),
    "petrified": _("petrified"),
    "poisoned": _("poisoned"),
    "prone": _("prone"),
    "restrained": _("restrained"),
    "stunned": _("stunned"),
    "surprised": _("surprised"),
    "unconscious": _("unconscious"),
    "dodging": _("dodging"),
    "concentrating": _("concentrating"),
    "disengaged": _("disengaged"),
    "stable": _("stable"),
    "dead": _("dead"),
}
_BY_HAND = ("dead", "stable")  # the GM's "adjust" sets these; the rules set them too
_CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "cover": (
        ("none", _("no cover")),
        ("half", _("half cover (+2 AC)")),
        ("three_quarters", _("three-quarters cover (+5 AC)")),
        ("total", _("total cover (cannot be targeted)")),
    ),
    "ability": (
        ("auto", _("as the weapon says")),
        ("str", _("Strength")),
        ("dex", _("Dexterity")),
        ("con", _("Constitution")),
        ("int", _("Intelligence")),
        ("wis", _("Wisdom")),
        ("cha", _("Charisma")),
    ),
    "proficient": (("auto", _("as the stat block says")), ("yes", _("yes")), ("no", _("no"))),
    "skill": (
        ("auto", _("the better one")),
        ("athletics", _("Athletics (STR)")),
        ("acrobatics", _("Acrobatics (DEX)")),
    ),
    "shove": (("prone", _("knock prone")), ("push", _("push 5 ft away"))),
    "when": (
        ("none", _("removed by hand")),
        ("start", _("the start of that turn")),
        ("end", _("the end of that turn")),
        ("end_next", _("the end of the next turn")),
    ),
    "condition": tuple((k, v) for k, v in CONDITION_LABELS.items() if k not in _BY_HAND),
    "damage_type": (  # the SRD's damage types (their words in the log: DAMAGE_TYPES)
        ("acid", _("acid")),
        ("bludgeoning", _("bludgeoning")),
        ("cold", _("cold")),
        ("fire", _("fire")),
        ("force", _("force")),
        ("lightning", _("lightning")),
        ("necrotic", _("necrotic")),
        ("piercing", _("piercing")),
        ("poison", _("poison")),
        ("psychic", _("psychic")),
        ("radiant", _("radiant")),
        ("slashing", _("slashing")),
        ("thunder", _("thunder")),
    ),
}
_NUMBERS = {"distance": (0, 5000), "attacks": (1, 10), "amount": (1, 999), "level": (0, 6)}
USUAL_DISTANCE = "usual_distance"
FIGHT_OPTIONS = (
    ValueField(
        "shared_initiative",
        Step(_("Monsters of one kind share one initiative roll")),
        (("no", Step(_("no"))), ("yes", Step(_("yes")))),
    ),
    ValueField(
        "tie_rolloff",
        Step(_("Initiative ties: a d20 roll-off instead of higher DEX")),
        (("no", Step(_("no"))), ("yes", Step(_("yes")))),
    ),
    # An attack with no distance typed: 5 ft for a melee weapon, and for a ranged one its
    # normal range (not "within 5 ft of a hostile", which would be disadvantage). A fight from
    # before the option has no such key and keeps 5 ft for every attack, as its log was written.
    ValueField(
        USUAL_DISTANCE,
        Step(_("An attack with no distance typed: a ranged weapon shoots from its normal range")),
        (("weapon", Step(_("yes"))), ("5", Step(_("no, 5 ft")))),
    ),
)


def choices(key: str) -> tuple[str, ...]:
    return tuple(name for name, _label in _CHOICES[key])


def number_range(key: str) -> tuple[int, int]:
    return _NUMBERS[key]


def value_field(key: str, fight: Fight) -> ValueField:
    label = MODIFIER_LABELS[key]
    if key in PEOPLE:  # the combatants of this fight, by id
        people = tuple((c.id, Step("%(name)s", {"name": c.name})) for c in fight.combatants)
        return ValueField(key, label, people)
    if key in _NUMBERS:
        low, high = _NUMBERS[key]
        return ValueField(key, label, minimum=low, maximum=high)
    return ValueField(key, label, tuple((name, Step(text)) for name, text in _CHOICES[key]))
