"""The D&D 5e vocabulary of the stats (seed 002, SRD 5.1): abilities, skills, damage types,
conditions, classes, sizes, challenge ratings and what a successful save does — each key with
its Czech, English and Polish words."""

from __future__ import annotations

from combat.rules.schema import Label as L

ABILITIES = (
    ("str", L("dnd5e", "Strength (STR)")),
    ("dex", L("dnd5e", "Dexterity (DEX)")),
    ("con", L("dnd5e", "Constitution (CON)")),
    ("int", L("dnd5e", "Intelligence (INT)")),
    ("wis", L("dnd5e", "Wisdom (WIS)")),
    ("cha", L("dnd5e", "Charisma (CHA)")),
)

SKILLS = (
    ("acrobatics", L("dnd5e", "Acrobatics")),
    ("animal_handling", L("dnd5e", "Animal Handling")),
    ("arcana", L("dnd5e", "Arcana")),
    ("athletics", L("dnd5e", "Athletics")),
    ("deception", L("dnd5e", "Deception")),
    ("history", L("dnd5e", "History")),
    ("insight", L("dnd5e", "Insight")),
    ("intimidation", L("dnd5e", "Intimidation")),
    ("investigation", L("dnd5e", "Investigation")),
    ("medicine", L("dnd5e", "Medicine")),
    ("nature", L("dnd5e", "Nature")),
    ("perception", L("dnd5e", "Perception")),
    ("performance", L("dnd5e", "Performance")),
    ("persuasion", L("dnd5e", "Persuasion")),
    ("religion", L("dnd5e", "Religion")),
    ("sleight_of_hand", L("dnd5e", "Sleight of Hand")),
    ("stealth", L("dnd5e", "Stealth")),
    ("survival", L("dnd5e", "Survival")),
)

DAMAGE_TYPES = (
    ("acid", L("dnd5e", "acid")),
    ("bludgeoning", L("dnd5e", "bludgeoning")),
    ("cold", L("dnd5e", "cold")),
    ("fire", L("dnd5e", "fire")),
    ("force", L("dnd5e", "force")),
    ("lightning", L("dnd5e", "lightning")),
    ("necrotic", L("dnd5e", "necrotic")),
    ("piercing", L("dnd5e", "piercing")),
    ("poison", L("dnd5e", "poison")),
    ("psychic", L("dnd5e", "psychic")),
    ("radiant", L("dnd5e", "radiant")),
    ("slashing", L("dnd5e", "slashing")),
    ("thunder", L("dnd5e", "thunder")),
)

CONDITIONS = (
    ("blinded", L("dnd5e", "blinded")),
    ("charmed", L("dnd5e", "charmed")),
    ("deafened", L("dnd5e", "deafened")),
    ("exhaustion", L("dnd5e", "exhaustion")),
    ("frightened", L("dnd5e", "frightened")),
    ("grappled", L("dnd5e", "grappled")),
    ("incapacitated", L("dnd5e", "incapacitated")),
    ("invisible", L("dnd5e", "invisible")),
    ("paralyzed", L("dnd5e", "paralyzed")),
    ("petrified", L("dnd5e", "petrified")),
    ("poisoned", L("dnd5e", "poisoned")),
    ("prone", L("dnd5e", "prone")),
    ("restrained", L("dnd5e", "restrained")),
    ("stunned", L("dnd5e", "stunned")),
    ("unconscious", L("dnd5e", "unconscious")),
)

# What a failed save can impose (a rider: combat.rules.dnd5e.riders); exhaustion is a level.
RIDER_CONDITIONS = tuple(c for c in CONDITIONS if c[0] not in ("exhaustion", "invisible"))

# SRD 5.1's twelve classes (a character's; a monster has none).
CLASSES = (
    ("barbarian", L("dnd5e", "Barbarian")),
    ("bard", L("dnd5e", "Bard")),
    ("cleric", L("dnd5e", "Cleric")),
    ("druid", L("dnd5e", "Druid")),
    ("fighter", L("dnd5e", "Fighter")),
    ("monk", L("dnd5e", "Monk")),
    ("paladin", L("dnd5e", "Paladin")),
    ("ranger", L("dnd5e", "Ranger")),
    ("rogue", L("dnd5e", "Rogue")),
    ("sorcerer", L("dnd5e", "Sorcerer")),
    ("warlock", L("dnd5e", "Warlock")),
    ("wizard", L("dnd5e", "Wizard")),
)

SIZES = (
    ("tiny", L("dnd5e", "Tiny")),
    ("small", L("dnd5e", "Small")),
    ("medium", L("dnd5e", "Medium")),
    ("large", L("dnd5e", "Large")),
    ("huge", L("dnd5e", "Huge")),
    ("gargantuan", L("dnd5e", "Gargantuan")),
)

CHALLENGE_RATINGS = tuple(
    (cr, L.verbatim(cr)) for cr in ("0", "1/8", "1/4", "1/2", *map(str, range(1, 31)))
)

SAVE_EFFECTS = (
    ("none", L("dnd5e", "no effect on a success")),
    (
        "half",
        L("dnd5e", "half damage on a success"),
    ),
)
