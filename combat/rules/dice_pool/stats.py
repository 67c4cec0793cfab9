"""Forum d6 dice-pool stats (seed 004): skill and attribute levels are numbers of d6.

Names are the forum's own Czech words ("Síla", "Boj beze zbraně"); any other name may be added.
NPCs and monsters have attack and defence dice; their HP is 6 × defence dice unless the GM sets
`hp` ("Tento počet kostek vynásobený 6x představuje počet jeho životů"). A bestiary monster needs
a silver weapon, otherwise the player's rolls against it are halved; whether a character has one
is `silver_weapon` on the character (the armoury's `silver` flag is the catalogue). An NPC's
primary attributes left empty are half its defence dice rounded down ("Nejsou-li dovednosti NPC
specifikovány konkrétně, pak jsou jejich primární atributy rovny polovině obrany zaokrouhlené
dolů"); the engine derives them (combat.rules.dice_pool.pools.level_of).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, notes_field
from combat.rules.schema import Label as L

ATTRIBUTES = (
    ("Síla", L("Síla", "Strength", "Siła")),
    ("Obratnost", L("Obratnost", "Agility", "Zwinność")),
    ("Zručnost", L("Zručnost", "Dexterity", "Zręczność")),
    ("Tělesná konstituce", L("Tělesná konstituce", "Constitution", "Kondycja")),
)

SKILLS = (
    ("Boj beze zbraně", L("Boj beze zbraně", "Unarmed combat", "Walka bez broni")),
    ("Boj s dýkou", L("Boj s dýkou", "Dagger fighting", "Walka sztyletem")),
    ("Páčení", L("Páčení", "Lockpicking", "Otwieranie zamków")),
    ("Rétorika", L("Rétorika", "Rhetoric", "Retoryka")),
    ("Zaklínačská znamení", L("Zaklínačská znamení", "Witcher signs", "Znaki wiedźmińskie")),
)

_DICE_HELP = L("Úroveň = počet kostek k6.", "Level = number of d6.", "Poziom = liczba kości k6.")


def _npc_dice(name: str, label: L, help_text: L) -> Field:
    return Field(name, "int", label, 1, min=0, max=20, npc_only=True, help=help_text)


CREATURE = Schema(
    (
        Field(
            "attributes",
            "levels",
            L("Atributy", "Attributes", "Atrybuty"),
            {},
            min=0,
            max=10,
            suggestions=ATTRIBUTES,
            player_editable=True,
            help=_DICE_HELP,
        ),
        Field(
            "skills",
            "levels",
            L("Dovednosti", "Skills", "Umiejętności"),
            {},
            min=0,
            max=10,
            suggestions=SKILLS,
            player_editable=True,
            help=_DICE_HELP,
        ),
        Field(
            "talents",
            "tags",
            L("Talenty", "Talents", "Talenty"),
            (),
            max=60,
            suggestions=ATTRIBUTES,
            player_editable=True,
            help=L(
                "Talent v použitém atributu zvedá strop bonusových kostek z +3 na +4.",
                "A talent in a used attribute raises the bonus-dice cap from +3 to +4.",
                "Talent w użytym atrybucie podnosi limit kości premiowych z +3 do +4.",
            ),
        ),
        Field(
            "silver_weapon",
            "bool",
            L("Má stříbrnou zbraň", "Has a silver weapon", "Ma srebrną broń"),
            False,
            player_editable=True,
        ),
        _npc_dice(
            "attack_dice",
            L("Kostky útoku", "Attack dice", "Kości ataku"),
            L("Počet k6 v útoku NPC.", "The NPC's d6 in attack.", "Liczba k6 ataku BN."),
        ),
        _npc_dice(
            "defence_dice",
            L("Kostky obrany", "Defence dice", "Kości obrony"),
            L(
                "Počet k6 v obraně NPC; životy = 6 × kostky.",
                "The NPC's d6 in defence; HP = 6 × dice.",
                "Liczba k6 obrony BN; PŻ = 6 × kości.",
            ),
        ),
        Field(
            "hp",
            "int",
            L("Životy (HP)", "Hit points (HP)", "Punkty życia (PŻ)"),
            None,
            min=1,
            max=999,
            nullable=True,
            npc_only=True,
            help=L(
                "Prázdné = 6 × kostky obrany.",
                "Empty = 6 × defence dice.",
                "Puste = 6 × kości obrony.",
            ),
        ),
        Field(
            "bestiary_monster",
            "bool",
            L("Monstrum z bestiáře", "Bestiary monster", "Potwór z bestiariusza"),
            False,
            npc_only=True,
            help=L(
                "Bez stříbrné zbraně se hody hráče proti němu půlí.",
                "Without a silver weapon the player's rolls against it are halved.",
                "Bez srebrnej broni rzuty gracza przeciw niemu są dzielone na pół.",
            ),
        ),
        notes_field(),
    )
)

WEAPON = Schema(
    (
        Field("silver", "bool", L("Stříbrná", "Silver", "Srebrna"), False),
        Field(
            "skill",
            "text",
            L("Dovednost", "Skill", "Umiejętność"),
            "",
            max=60,
            help=L(
                "Dovednost, se kterou se zbraň používá, např. Boj s dýkou.",
                "The skill the weapon is used with, e.g. Boj s dýkou.",
                "Umiejętność użycia broni, np. Boj s dýkou.",
            ),
        ),
        notes_field(player_editable=False),
    )
)

# The seed has no armour rules; a note is all there is to record.
ARMOR = Schema((notes_field(player_editable=False),))


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """Only silver matters to the rules (seed 004: bestiary monsters need silver)."""
    if not stats["silver"]:
        return stats["skill"] or ""
    silver = {"cs": "stříbrná", "pl": "srebrna"}.get((lang or "en")[:2], "silver")
    return ", ".join(filter(None, [silver, stats["skill"]]))
