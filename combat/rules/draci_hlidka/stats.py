"""Dračí Hlídka stats (seed 000): attribute bonuses, životy, weapons "útočnost zranění obrana".

Keys are the game's own Czech terms without diacritics (sil, zivoty, utocnost). A creature
carries the numbers the engine reads: its bonuses, its worn armour and shield quality (`zbroj`,
`stit`), its Pohyblivost (already including OBR, seed: halfling 20 + 4 = 24). The armoury's
ARMOR records are the catalogue those qualities are copied from. Monsters whose stat block gives
ÚČ, OČ, ZO or zranění directly set the npc_only overrides; empty means "derive it".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, notes_field
from combat.rules.schema import Label as L


def _bonus(name: str, cs: str, en: str, pl: str) -> Field:
    short = name.upper()
    return Field(
        name,
        "int",
        L(f"{short} (Oprava za {cs})", f"{short} ({en} bonus)", f"{short} ({pl})"),
        0,
        min=-10,
        max=10,
        help=L(
            "Oprava za atribut, např. +4.",
            "The attribute's bonus, e.g. +4.",
            "Modyfikator atrybutu, np. +4.",
        ),
    )


def _override(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        None,
        min=-20,
        max=50,
        nullable=True,
        npc_only=True,
        help=L(
            "Hodnota ze statistik nestvůry; prázdné = spočítat z atributů, zbraně a zbroje.",
            "The value from the monster's stat block; empty = derive it from attributes, "
            "weapon and armour.",
            "Wartość ze statystyk potwora; puste = wyliczyć z atrybutów, broni i zbroi.",
        ),
    )


SKILLS = (
    ("Atletika", L("Atletika", "Athletics", "Atletyka")),
    ("Výdrž", L("Výdrž", "Endurance", "Wytrzymałość")),
    ("Postřeh", L("Postřeh", "Perception", "Spostrzegawczość")),
    ("První pomoc", L("První pomoc", "First aid", "Pierwsza pomoc")),
)

SIZES = tuple((size, L(size, size, size)) for size in "ABCDE")

CREATURE = Schema(
    (
        _bonus("sil", "Sílu", "Strength", "modyfikator Siły"),
        _bonus("obr", "Obratnost", "Agility", "modyfikator Zręczności"),
        _bonus("odo", "Odolnost", "Toughness", "modyfikator Odporności"),
        Field(
            "ostatni_atributy",
            "text",
            L("Ostatní atributy", "Other attributes", "Pozostałe atrybuty"),
            "",
            max=200,
            help=L(
                "Např. „INT +1, CHA 0“; boj je nepoužívá.",
                'E.g. "INT +1, CHA 0"; combat does not use them.',
                "Np. „INT +1, CHA 0”; walka ich nie używa.",
            ),
        ),
        Field(
            "zivoty",
            "int",
            L(
                "Životy (maximum)",
                "Hit points (maximum)",
                "Punkty życia (životy, maksimum)",
            ),
            10,
            min=1,
            max=999,
        ),
        Field(
            "mez_vyrazeni",
            "int",
            L("Mez vyřazení", "Knock-out threshold", "Próg nokautu (mez vyřazení)"),
            0,
            min=0,
            max=999,
            help=L(
                "Pod touto hranicí omdlí zasažený úderem na plocho.",
                "Below it a creature hit with a flat blow faints.",
                "Poniżej niego istota trafiona płazem mdleje.",
            ),
        ),
        Field(
            "pohyblivost",
            "int",
            L("Pohyblivost", "Movement (Pohyblivost)", "Ruchliwość (Pohyblivost)"),
            20,
            min=0,
            max=200,
            help=L(
                "V sázích za kolo, už včetně OBR (20 + 4 = 24).",
                "Sáh per round, already including OBR (20 + 4 = 24).",
                "Sáhy na rundę, już z OBR (20 + 4 = 24).",
            ),
        ),
        Field(
            "dovednosti",
            "levels",
            L("Dovednosti", "Skills (dovednosti)", "Umiejętności (dovednosti)"),
            {},
            min=0,
            max=10,
            suggestions=SKILLS,
            player_editable=True,
            help=L(
                "Název a stupeň, např. Atletika 2.",
                "Name and level, e.g. Atletika 2.",
                "Nazwa i stopień, np. Atletika 2.",
            ),
        ),
        Field(
            "velikost",
            "choice",
            L("Velikost", "Size (velikost)", "Rozmiar (velikost)"),
            "B",
            choices=SIZES,
            help=L(
                "B = člověk; velikost D a vyšší nelze zabít útokem na bezbranného.",
                "B = human; size D and larger cannot be killed by a helpless attack.",
                "B = człowiek; rozmiaru D i większego nie zabije atak na bezbronnego.",
            ),
        ),
        Field(
            "muze_krvacet",
            "bool",
            L("Může krvácet", "Can bleed", "Może krwawić"),
            True,
            help=L(
                "Sochy a podobní tvorové nekrvácí.",
                "Statues and the like do not bleed.",
                "Posągi i podobne istoty nie krwawią.",
            ),
        ),
        Field(
            "zbroj",
            "int",
            L("Kvalita zbroje", "Armour quality (kvalita zbroje)", "Jakość zbroi (kvalita zbroje)"),
            0,
            min=0,
            max=20,
            help=L(
                "ZO = kvalita zbroje + OBR.",
                "ZO = armour quality + OBR.",
                "ZO = jakość zbroi + OBR.",
            ),
        ),
        Field(
            "stit",
            "int",
            L("Kvalita štítu", "Shield quality", "Jakość tarczy (kvalita štítu)"),
            0,
            min=0,
            max=20,
            help=L(
                "OČ = ZO + obrana zbraně + kvalita štítu.",
                "OČ = ZO + weapon obrana + shield quality.",
                "OČ = ZO + obrana broni + jakość tarczy.",
            ),
        ),
        _override("uc", L("Útočné číslo (ÚČ)", "Attack number (ÚČ)", "Liczba ataku (ÚČ)")),
        _override("oc", L("Obranné číslo (OČ)", "Defence number (OČ)", "Liczba obrony (OČ)")),
        _override("zo", L("Základní obrana (ZO)", "Base defence (ZO)", "Obrona podstawowa (ZO)")),
        _override("zraneni", L("Zranění útoku", "Attack damage", "Obrażenia ataku (zranění)")),
        notes_field(),
    )
)

WEAPON_KINDS = (
    ("melee", L("Tváří v tvář", "Melee", "Wręcz")),
    ("ranged", L("Střelná", "Ranged (shooting)", "Strzelecka")),
    ("thrown", L("Vrhací", "Thrown", "Miotana")),
)

RELOAD = (
    ("none", L("Bez nabíjení", "No reloading", "Bez ładowania")),
    ("instant", L("Okamžitá akce", "Instant action", "Akcja natychmiastowa")),
    ("short", L("Krátká akce", "Short action", "Akcja krótka")),
    ("long", L("Dlouhá akce", "Long action", "Akcja długa")),
)


def _weapon_number(name: str, label: L, help_text: L) -> Field:
    return Field(name, "int", label, 0, min=-10, max=20, help=help_text)


WEAPON = Schema(
    (
        _weapon_number(
            "utocnost",
            L("Útočnost", "Weapon attack", "Atak (útočnost)"),
            L(
                "ÚČ = SIL (OBR u střelby) + útočnost.",
                "ÚČ = SIL (OBR for shooting) + weapon attack.",
                "ÚČ = SIL (OBR przy strzelaniu) + útočnost.",
            ),
        ),
        _weapon_number(
            "zraneni",
            L("Zranění", "Weapon damage", "Obrażenia (zranění)"),
            L(
                "Přičte se k rozdílu Útok − Obrana.",
                "Added to Attack − Defence.",
                "Dodawane do Atak − Obrona.",
            ),
        ),
        _weapon_number(
            "obrana",
            L("Obrana", "Defence (obrana)", "Obrona (obrana)"),
            L(
                "Přičte se k OČ při aktivní obraně.",
                "Added to OČ in an active defence.",
                "Dodawana do OČ przy aktywnej obronie.",
            ),
        ),
        Field(
            "druh",
            "choice",
            L("Druh zbraně", "Weapon kind", "Rodzaj broni"),
            "melee",
            choices=WEAPON_KINDS,
        ),
        Field(
            "nabiti",
            "choice",
            L("Nabití zbraně", "Reload", "Przeładowanie"),
            "none",
            choices=RELOAD,
            help=L(
                "Délka akce Nabití zbraně.",
                "How long the Reload action takes.",
                "Długość akcji przeładowania.",
            ),
        ),
        notes_field(player_editable=False),
    )
)

ARMOR_KINDS = (
    ("zbroj", L("Zbroj", "Armour", "Zbroja")),
    ("stit", L("Štít", "Shield", "Tarcza")),
)

ARMOR = Schema(
    (
        Field("druh", "choice", L("Druh", "Kind", "Rodzaj"), "zbroj", choices=ARMOR_KINDS),
        Field(
            "kvalita",
            "int",
            L("Kvalita", "Quality (kvalita)", "Jakość (kvalita)"),
            0,
            min=0,
            max=20,
            help=L(
                "Zbroj se přičítá k ZO, štít k OČ.",
                "Armour adds to ZO, a shield to OČ.",
                "Zbroja dodaje się do ZO, tarcza do OČ.",
            ),
        ),
        notes_field(player_editable=False),
    )
)


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """The rulebook's "5 +1 +2": útočnost, zranění, obrana (seed 000: broad sword)."""
    return f"{stats['utocnost']} {stats['zraneni']:+d} {stats['obrana']:+d}"
