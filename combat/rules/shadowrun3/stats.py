"""Shadowrun 3 stats (seed 003, Czech translation 2006): attributes, pools, damage codes.

A damage code "9M" is stored as `power` 9 and `damage_level` "M" (stored codes are the English
L/M/S/D; Czech labels show L/M/V/S). Melee and thrown codes such as "(STR+2)M" set
`strength_based` and store 2. A creature carries the armour it wears (`ballistic`, `impact`);
the armoury's ARMOR records are the catalogue. Condition monitors are derived (10 boxes each
[std]) and the damage taken lives in the encounter, not here. Natural Reaction is stored; the
augmented one is `reaction` + `reaction_bonus` (seed: Longbone "3 (5) + 1d6 (2d6)").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, ascending, notes_field
from combat.rules.schema import Label as L


def _attribute(name: str, label: L) -> Field:
    return Field(name, "int", label, 3, min=1, max=20)


def _rating(name: str, label: L, top: int, help_text: L | None = None) -> Field:
    return Field(name, "int", label, 0, min=0, max=top, help=help_text)


METATYPES = (
    ("human", L("Člověk", "Human", "Człowiek")),
    ("elf", L("Elf", "Elf", "Elf")),
    ("dwarf", L("Trpaslík", "Dwarf", "Krasnolud")),
    ("ork", L("Ork", "Ork", "Ork")),
    ("troll", L("Troll", "Troll", "Troll")),
)

VISION = (
    ("normal", L("Normální vidění", "Normal vision", "Wzrok normalny")),
    ("low_light", L("Noční vidění", "Low-light vision", "Widzenie w półmroku")),
    ("thermographic", L("Infravidění", "Thermographic vision", "Termowizja")),
)

SMART = (
    ("none", L("Žádný", "None", "Brak")),
    ("smartlink", L("Smartspoj", "Smartlink", "Smartlink")),
    ("smartgoggles", L("Smartbrýle", "Smartgoggles", "Smartgogle")),
)

SKILLS = (
    ("pistols", L("Pistole", "Pistols", "Pistolety")),
    ("smgs", L("Samopaly", "SMGs", "Pistolety maszynowe")),
    ("rifles", L("Pušky", "Rifles", "Karabiny")),
    ("assault_rifles", L("Útočné pušky", "Assault rifles", "Karabiny szturmowe")),
    ("shotguns", L("Brokovnice", "Shotguns", "Strzelby")),
    ("heavy_weapons", L("Těžké zbraně", "Heavy weapons", "Broń ciężka")),
    ("projectile_weapons", L("Metací zbraně", "Projectile weapons", "Broń miotająca")),
    ("throwing_weapons", L("Vrhací zbraně", "Throwing weapons", "Broń rzucana")),
    ("edged_weapons", L("Sečné zbraně", "Edged weapons", "Broń sieczna")),
    ("clubs", L("Obušky", "Clubs", "Pałki")),
    ("polearms", L("Dlouhé zbraně", "Polearms/staffs", "Broń drzewcowa")),
    ("unarmed_combat", L("Boj beze zbraně", "Unarmed combat", "Walka wręcz")),
    ("athletics", L("Atletika", "Athletics", "Atletyka")),
    ("stealth", L("Plížení", "Stealth", "Skradanie się")),
    ("sorcery", L("Kouzlení", "Sorcery", "Magia")),
)

CREATURE = Schema(
    (
        _attribute("body", L("Tělo", "Body", "Budowa")),
        _attribute("quickness", L("Rychlost", "Quickness", "Szybkość")),
        _attribute("strength", L("Síla", "Strength", "Siła")),
        _attribute("charisma", L("Charisma", "Charisma", "Charyzma")),
        _attribute("intelligence", L("Inteligence", "Intelligence", "Inteligencja")),
        _attribute("willpower", L("Vůle", "Willpower", "Siła woli")),
        Field(
            "essence",
            "text",
            L("Esence", "Essence", "Esencja"),
            "6",
            max=4,
            pattern=r"[0-6](?:\.[0-9]{1,2})?",
        ),
        _rating("magic", L("Magie", "Magic", "Magia"), 12),
        Field(
            "reaction",
            "int",
            L("Reakce (přirozená)", "Reaction (natural)", "Reakcja (naturalna)"),
            3,
            min=1,
            max=20,
            help=L(
                "(Rychlost + Inteligence) / 2.",
                "(Quickness + Intelligence) / 2.",
                "(Szybkość + Inteligencja) / 2.",
            ),
        ),
        _rating(
            "reaction_bonus",
            L("Reakce – zvýšení", "Reaction bonus", "Premia do Reakcji"),
            15,
            L(
                "Kyberware, magie: 3 (5) znamená +2.",
                "Cyberware, magic: 3 (5) means +2.",
                "Cyberware, magia: 3 (5) oznacza +2.",
            ),
        ),
        Field(
            "initiative_dice",
            "int",
            L("Kostky iniciativy", "Initiative dice", "Kości inicjatywy"),
            1,
            min=1,
            max=5,
        ),
        Field(
            "combat_pool",
            "int",
            L("Bojové rezervy", "Combat pool", "Pula walki"),
            None,
            min=0,
            max=30,
            nullable=True,
            help=L(
                "Prázdné = (Rychlost + Inteligence + Vůle) / 2.",
                "Empty = (Quickness + Intelligence + Willpower) / 2.",
                "Puste = (Szybkość + Inteligencja + Siła woli) / 2.",
            ),
        ),
        Field(
            "skills",
            "levels",
            L("Dovednosti", "Skills", "Umiejętności"),
            {},
            min=0,
            max=15,
            suggestions=SKILLS,
            player_editable=True,
        ),
        _rating(
            "ballistic",
            L("Balistický pancíř", "Ballistic armour", "Pancerz balistyczny"),
            20,
            L("Nošená zbroj, součet.", "Worn armour, total.", "Noszony pancerz, suma."),
        ),
        _rating(
            "impact",
            L("Protinárazový pancíř", "Impact armour", "Pancerz przeciwudarowy"),
            20,
            L("Nošená zbroj, součet.", "Worn armour, total.", "Noszony pancerz, suma."),
        ),
        _rating(
            "dermal_armor",
            L("Dermální pancíř", "Dermal armour", "Pancerz skórny"),
            6,
            L(
                "Přičítá se k Tělu při odolávání.",
                "Added to Body when resisting damage.",
                "Dodawany do Budowy przy odporności.",
            ),
        ),
        Field(
            "metatype",
            "choice",
            L("Rasa", "Metatype", "Metatyp"),
            "human",
            choices=METATYPES,
            help=L(
                "Násobitel běhu: trpaslík 2, ostatní 3.",
                "Run multiplier: dwarf 2, others 3.",
                "Mnożnik biegu: krasnolud 2, pozostali 3.",
            ),
        ),
        Field("vision", "choice", L("Vidění", "Vision", "Widzenie"), "normal", choices=VISION),
        Field(
            "smartlink", "choice", L("Smartspoj", "Smartlink", "Smartlink"), "none", choices=SMART
        ),
        notes_field(),
    )
)

LEVELS = (
    ("L", L("L – lehké", "L – Light", "lekkie (L)")),
    ("M", L("M – mírné", "M – Moderate", "średnie (M)")),
    ("S", L("V – vážné", "S – Serious", "poważne (S)")),
    ("D", L("S – smrtelné", "D – Deadly", "śmiertelne (D)")),
)

WEAPON_TYPES = (
    ("hold_out_pistol", L("Příruční pistole", "Hold-out pistol", "Pistolet kieszonkowy")),
    ("light_pistol", L("Lehká pistole", "Light pistol", "Lekki pistolet")),
    ("heavy_pistol", L("Těžká pistole", "Heavy pistol", "Ciężki pistolet")),
    ("taser", L("Taser", "Taser", "Paralizator")),
    ("smg", L("Samopal", "SMG", "Pistolet maszynowy")),
    ("shotgun", L("Brokovnice", "Shotgun", "Strzelba")),
    ("sport_rifle", L("Sportovní puška", "Sport rifle", "Karabin sportowy")),
    ("sniper_rifle", L("Odstřelovačská puška", "Sniper rifle", "Karabin snajperski")),
    ("assault_rifle", L("Útočná puška", "Assault rifle", "Karabin szturmowy")),
    ("lmg", L("Lehký kulomet", "Light machine gun", "Lekki karabin maszynowy")),
    ("mmg", L("Střední kulomet", "Medium machine gun", "Średni karabin maszynowy")),
    ("hmg", L("Těžký kulomet", "Heavy machine gun", "Ciężki karabin maszynowy")),
    ("assault_cannon", L("Útočný kanón", "Assault cannon", "Działko szturmowe")),
    ("grenade_launcher", L("Granátomet", "Grenade launcher", "Granatnik")),
    ("missile_launcher", L("Raketomet", "Missile launcher", "Wyrzutnia rakiet")),
    ("bow", L("Luk", "Bow", "Łuk")),
    ("light_crossbow", L("Lehká kuše", "Light crossbow", "Lekka kusza")),
    ("medium_crossbow", L("Střední kuše", "Medium crossbow", "Średnia kusza")),
    ("heavy_crossbow", L("Těžká kuše", "Heavy crossbow", "Ciężka kusza")),
    ("throwing_knife", L("Vrhací nůž", "Throwing knife", "Nóż do rzucania")),
    ("shuriken", L("Šuriken", "Shuriken", "Shuriken")),
    ("grenade", L("Standardní granát", "Standard grenade", "Granat standardowy")),
    (
        "aerodynamic_grenade",
        L("Aerodynamický granát", "Aerodynamic grenade", "Granat aerodynamiczny"),
    ),
    ("melee", L("Zbraň na blízko", "Melee weapon", "Broń do walki wręcz")),
)

FIRING_MODES = (
    ("SS", L("J – jednotlivé rány", "SS – single shot", "SS – pojedynczy strzał")),
    ("SA", L("P – poloautomaticky", "SA – semi-automatic", "SA – półautomatyczny")),
    ("BF", L("D – dávka", "BF – burst fire", "BF – seria")),
    ("FA", L("A – plně automaticky", "FA – full auto", "FA – ogień ciągły")),
)

AMMUNITION = (
    ("normal", L("Standardní", "Standard", "Standardowa")),
    ("apds", L("APDS (průrazná)", "APDS", "APDS (przeciwpancerna)")),
    ("explosive", L("Výbušná", "Explosive", "Wybuchowa")),
    ("high_explosive", L("Vysoce výbušná", "High-explosive", "Silnie wybuchowa")),
    ("flechette", L("Flešetová", "Flechette", "Strzałkowa")),
    ("gel", L("Gumová (omračující)", "Gel (stun)", "Żelowa (ogłuszająca)")),
)


def _band(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        0,
        min=0,
        max=5000,
        help=L(
            "Horní mez pásma v metrech (nebo násobek Síly).",
            "The band's upper limit in metres (or a multiple of Strength).",
            "Górna granica pasma w metrach (lub wielokrotność Siły).",
        ),
    )


WEAPON = Schema(
    (
        Field(
            "power",
            "int",
            L("Účinnost", "Power", "Moc"),
            6,
            min=-5,
            max=30,
            help=L(
                "Číslo kódu poškození (9 v 9M).",
                "The damage code's number (9 in 9M).",
                "Liczba kodu obrażeń (9 w 9M).",
            ),
        ),
        Field(
            "strength_based",
            "bool",
            L("Účinnost = Síla + číslo", "Power = Strength + number", "Moc = Siła + liczba"),
            False,
            help=L(
                "Zbraně na blízko a vrhací: (SIL+2)M.",
                "Melee and thrown: (STR+2)M.",
                "Broń do walki wręcz i rzucana: (SIŁ+2)M.",
            ),
        ),
        Field(
            "damage_level",
            "choice",
            L("Úroveň poškození", "Damage level", "Poziom obrażeń"),
            "M",
            choices=LEVELS,
        ),
        Field(
            "stun", "bool", L("Omračující poškození", "Stun damage", "Obrażenia ogłuszające"), False
        ),
        Field(
            "weapon_type",
            "choice",
            L("Druh zbraně", "Weapon type", "Rodzaj broni"),
            "heavy_pistol",
            choices=WEAPON_TYPES,
        ),
        Field(
            "firing_modes",
            "tags",
            L("Způsoby střelby", "Firing modes", "Tryby ognia"),
            (),
            choices=FIRING_MODES,
        ),
        _band("range_short", L("Krátký dostřel", "Short range", "Zasięg krótki")),
        _band("range_medium", L("Střední dostřel", "Medium range", "Zasięg średni")),
        _band("range_long", L("Dlouhý dostřel", "Long range", "Zasięg długi")),
        _band("range_extreme", L("Extrémní dostřel", "Extreme range", "Zasięg ekstremalny")),
        _rating(
            "range_minimum",
            L("Minimální vzdálenost", "Minimum range", "Zasięg minimalny"),
            100,
            L(
                "Zbraně s hvězdičkou (granátomet 5 m).",
                "Starred weapons (grenade launcher 5 m).",
                "Broń z gwiazdką (granatnik 5 m).",
            ),
        ),
        Field(
            "ranges_scale_with_strength",
            "bool",
            L("Dostřel podle Síly", "Ranges scale with Strength", "Zasięg zależny od Siły"),
            False,
            help=L(
                "Luky, kuše, vrhací zbraně: pásma jsou násobky (Sil.min. nebo Síly).",
                "Bows, crossbows, thrown: bands are multiples (of the Strength minimum, "
                "or Strength).",
                "Łuki, kusze, broń rzucana: pasma to wielokrotności (minimum Siły lub Siły).",
            ),
        ),
        _rating("strength_minimum", L("Silové minimum", "Strength minimum", "Minimum Siły"), 20),
        Field(
            "long_range_tn_8",
            "bool",
            L("Dlouhý dostřel: cílové číslo 8", "Long range TN 8", "Zasięg długi ST 8"),
            False,
            help=L("Zbraně se dvěma hvězdičkami.", "Weapons marked **.", "Broń oznaczona **."),
        ),
        _rating(
            "recoil_compensation",
            L("Kompenzace zpětného rázu", "Recoil compensation", "Kompensacja odrzutu"),
            20,
        ),
        Field("smartgun", "bool", L("Smartgun", "Smartgun", "Smartgun"), False),
        Field(
            "laser_sight",
            "bool",
            L("Laserový zaměřovač", "Laser sight", "Celownik laserowy"),
            False,
        ),
        _rating(
            "gyro",
            L(
                "Gyrostabilizace (hodnocení)",
                "Gyro stabilisation (rating)",
                "Żyrostabilizacja (wartość)",
            ),
            6,
        ),
        _rating(
            "magnification",
            L("Zvětšovací systém (hodnocení)", "Magnification (rating)", "Powiększenie (wartość)"),
            3,
        ),
        _rating("magazine", L("Kapacita zásobníku", "Magazine size", "Pojemność magazynka"), 300),
        Field(
            "ammunition",
            "choice",
            L("Munice", "Ammunition", "Amunicja"),
            "normal",
            choices=AMMUNITION,
        ),
        _rating("reach", L("Dosah", "Reach", "Zasięg wręcz"), 4),
        _rating("concealability", L("Utajitelnost", "Concealability", "Ukrywalność"), 12),
        notes_field(player_editable=False),
    ),
    checks=(ascending("range_short", "range_medium", "range_long", "range_extreme"),),
)

ARMOR = Schema(
    (
        _rating("ballistic", L("Balistický", "Ballistic", "Balistyczny"), 20),
        _rating("impact", L("Protinárazový", "Impact", "Przeciwudarowy"), 20),
        notes_field(player_editable=False),
    )
)

# Damage level letters per language: Czech L/M/V/S, English (and the Polish book) L/M/S/D.
LEVEL_LETTERS = {"cs": {"L": "L", "M": "M", "S": "V", "D": "S"}}


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """The damage code, e.g. "9M" (seed 003: Ares Predator), "(STR+2)S" for melee."""
    level = stats["damage_level"]
    letter = LEVEL_LETTERS.get((lang or "en")[:2], {}).get(level, level)
    power = f"(STR{stats['power']:+d})" if stats["strength_based"] else str(stats["power"])
    return f"{power}{letter}{' stun' if stats['stun'] else ''}"
