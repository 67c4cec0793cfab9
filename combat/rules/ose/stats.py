"""Old-School Essentials stats (seed 001): HP, descending AC (TZ) or ascending AAC (VTZ), THAC0.

AAC and the attack bonus are optional (the ascending-AC rule); empty means derived as
19 − AC and 19 − THAC0. Monsters list their attacks as records with their own damage
("Útoky nestvůr: Způsobují zranění uvedené v popisu nestvůry"); characters use their weapon.
Saving throws use the standard OSE order D/W/P/B/S [std]; defaults are a normal human's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.schema import Field, Schema, ascending, notes_field
from combat.rules.schema import Label as L


def _modifier(name: str, label: L, help: L | None = None) -> Field:
    return Field(name, "int", label, 0, min=-3, max=3, help=help)


def _save(name: str, default: int, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        default,
        min=2,
        max=20,
        help=L(
            "Číslo, které musí hod k20 dosáhnout.",
            "The d20 roll needed.",
            "Wynik k20 potrzebny do sukcesu.",
        ),
    )


ATTACK_KINDS = (
    ("melee", L("Zblízka", "Melee", "Wręcz")),
    ("missile", L("Střelba", "Missile", "Dystansowa")),
)

ATTACK = (
    Field("name", "text", L("Název", "Name", "Nazwa"), "", min=1, max=80),
    Field("kind", "choice", L("Druh", "Kind", "Rodzaj"), "melee", choices=ATTACK_KINDS),
    Field("damage", "dice", L("Zranění", "Damage", "Obrażenia"), "1d6"),
    Field("text", "text", L("Popis", "Description", "Opis"), "", max=1000),
)

CREATURE = Schema(
    (
        Field(
            "hp",
            "int",
            L("Životy (maximum)", "Hit points (maximum)", "Punkty wytrzymałości (PW, maksimum)"),
            4,
            min=1,
            max=999,
        ),
        Field(
            "hit_dice",
            "text",
            L("Kostky životů (KŽ)", "Hit dice (HD)", "Kości wytrzymałości (KW)"),
            "1",
            max=20,
            help=L(
                "Jak je uvedeno, např. 1+1, 1/2, 3*.",
                "As written, e.g. 1+1, 1/2, 3*.",
                "Jak w opisie, np. 1+1, 1/2, 3*.",
            ),
        ),
        Field(
            "ac",
            "int",
            L("TZ (třída zbroje)", "AC (Armour Class)", "KP (klasa pancerza)"),
            9,
            min=-10,
            max=19,
            help=L(
                "Sestupná TZ; bez zbroje 9.",
                "Descending AC; unarmoured 9.",
                "Malejąca KP; bez zbroi 9.",
            ),
        ),
        Field(
            "aac",
            "int",
            L("VTZ (vzestupná TZ)", "AAC (ascending AC)", "RKP (rosnąca KP)"),
            None,
            min=0,
            max=30,
            nullable=True,
            help=L(
                "Volitelné pravidlo; prázdné = 19 − TZ.",
                "Optional rule; empty = 19 − AC.",
                "Zasada opcjonalna; puste = 19 − KP.",
            ),
        ),
        Field("thac0", "int", L("THAC0", "THAC0", "THAC0"), 19, min=1, max=20),
        Field(
            "attack_bonus",
            "int",
            L("Útočný bonus", "Attack bonus", "Premia do ataku"),
            None,
            min=-5,
            max=20,
            nullable=True,
            help=L(
                "Pro vzestupnou TZ; prázdné = 19 − THAC0.",
                "For ascending AC; empty = 19 − THAC0.",
                "Dla rosnącej KP; puste = 19 − THAC0.",
            ),
        ),
        _modifier("str_mod", L("Modifikátor síly", "STR modifier", "Modyfikator Siły")),
        _modifier(
            "dex_mod",
            L("Modifikátor obratnosti", "DEX modifier", "Modyfikator Zręczności"),
            L(
                "Pro TZ a střelbu; iniciativa si z něj bere vlastní sloupec (−2 … +2).",
                "For AC and missiles; initiative takes its own column from it (−2 … +2).",
                "Do KP i strzelania; inicjatywa bierze z niego własną kolumnę (−2 … +2).",
            ),
        ),
        Field(
            "movement",
            "int",
            L(
                "Rychlost při setkání (stopy)",
                "Encounter movement (feet)",
                "Ruch w starciu (stopy)",
            ),
            40,
            min=0,
            max=240,
            help=L(
                "Za kolo; 120' (40') znamená 40.",
                "Per round; 120' (40') means 40.",
                "Na rundę; 120' (40') oznacza 40.",
            ),
        ),
        Field(
            "morale",
            "int",
            L("Morálka", "Morale", "Morale"),
            7,
            min=2,
            max=12,
            npc_only=True,
            help=L(
                "2 nikdy nebojuje, 12 nikdy neutíká.",
                "2 never fights, 12 never flees.",
                "2 nigdy nie walczy, 12 nigdy nie ucieka.",
            ),
        ),
        _save(
            "save_death",
            14,
            L(
                "Záchrana: smrt/jed (S)",
                "Save: death/poison (D)",
                "Rzut obronny: śmierć/trucizna (Ś)",
            ),
        ),
        _save(
            "save_wands",
            15,
            L("Záchrana: hůlky (H)", "Save: wands (W)", "Rzut obronny: różdżki (R)"),
        ),
        _save(
            "save_paralysis",
            16,
            L(
                "Záchrana: paralýza/zkamenění (P)",
                "Save: paralysis/petrify (P)",
                "Rzut obronny: paraliż/skamienienie (P)",
            ),
        ),
        _save(
            "save_breath",
            17,
            L("Záchrana: dech (D)", "Save: breath attacks (B)", "Rzut obronny: zionięcie (Z)"),
        ),
        _save(
            "save_spells",
            18,
            L(
                "Záchrana: kouzla/hole (K)",
                "Save: spells/rods/staves (S)",
                "Rzut obronny: czary/laski (C)",
            ),
        ),
        Field(
            "attacks_per_round",
            "int",
            L("Počet útoků za kolo", "Attacks per round", "Ataki na rundę"),
            1,
            min=1,
            max=10,
        ),
        Field(
            "attacks",
            "records",
            L("Útoky nestvůry", "Monster attacks", "Ataki potwora"),
            (),
            item_fields=ATTACK,
            npc_only=True,
            max_items=12,
            help=L(
                "Každý útok se svým zraněním, např. dráp 1k4, kousnutí 1k8.",
                "Each attack with its damage, e.g. claw 1d4, bite 1d8.",
                "Każdy atak z obrażeniami, np. pazur 1k4, ugryzienie 1k8.",
            ),
        ),
        Field(
            "immunities",
            "tags",
            L("Imunity", "Immunities", "Niewrażliwości"),
            (),
            max=80,
            help=L(
                "Např. „nemagické zbraně“; zásah bez hodu na zranění.",
                'E.g. "non-magical weapons"; a hit rolls no damage.',
                "Np. „niemagiczna broń”; trafienie bez rzutu na obrażenia.",
            ),
        ),
        notes_field(),
    )
)

WEAPON_KINDS = (
    ("melee", L("Zblízka", "Melee", "Wręcz")),
    ("missile", L("Střelná", "Missile", "Dystansowa")),
    ("both", L("Zblízka i vrhací", "Melee or thrown", "Wręcz lub miotana")),
)


def _range(name: str, label: L) -> Field:
    return Field(
        name,
        "int",
        label,
        0,
        min=0,
        max=1000,
        help=L(
            "Ve stopách; 0 u zbraní na blízko.",
            "In feet; 0 for melee weapons.",
            "W stopach; 0 dla broni do walki wręcz.",
        ),
    )


WEAPON = Schema(
    (
        Field(
            "damage",
            "dice",
            L("Zranění", "Damage", "Obrażenia"),
            "1d6",
            help=L(
                "Bez volitelného pravidla zraňují postavy vždy 1k6.",
                "Without the variable-damage option characters always deal 1d6.",
                "Bez zasady opcjonalnej postacie zadają zawsze 1k6.",
            ),
        ),
        Field("kind", "choice", L("Druh", "Kind", "Rodzaj"), "melee", choices=WEAPON_KINDS),
        _range("range_short", L("Krátký dostřel", "Short range", "Zasięg krótki")),
        _range("range_medium", L("Střední dostřel", "Medium range", "Zasięg średni")),
        _range("range_long", L("Dlouhý dostřel", "Long range", "Zasięg długi")),
        Field(
            "slow",
            "bool",
            L("Pomalá", "Slow", "Powolna"),
            False,
            help=L(
                "Jedná vždy poslední v kole.",
                "Always acts last in the round.",
                "Zawsze działa ostatnia w rundzie.",
            ),
        ),
        Field(
            "two_handed",
            "bool",
            L("Obouruční", "Two-handed", "Dwuręczna"),
            False,
            help=L(
                "Na blízko jedná vždy poslední v kole, jako pomalá zbraň.",
                "In melee it always acts last in the round, as a slow weapon.",
                "W walce wręcz zawsze działa ostatnia w rundzie, jak broń powolna.",
            ),
        ),
        notes_field(player_editable=False),
    ),
    checks=(ascending("range_short", "range_medium", "range_long"),),
)

ARMOR = Schema(
    (
        Field(
            "ac_bonus",
            "int",
            L("Zlepšení TZ", "AC bonus", "Premia do KP"),
            0,
            min=0,
            max=10,
            help=L(
                "TZ = 9 − bonus, VTZ = 10 + bonus (kroužková 4: TZ 5 [14]).",
                "AC = 9 − bonus, AAC = 10 + bonus (chain mail 4: AC 5 [14]).",
                "KP = 9 − premia, RKP = 10 + premia (kolczuga 4: KP 5 [14]).",
            ),
        ),
        Field(
            "shield",
            "bool",
            L("Štít", "Shield", "Tarcza"),
            False,
            help=L(
                "Štít přidává svůj bonus ke zbroji; při útěku se nepočítá.",
                "A shield adds its bonus to armour; lost when retreating.",
                "Tarcza dodaje premię do zbroi; traci się ją przy ucieczce.",
            ),
        ),
        notes_field(player_editable=False),
    )
)


def weapon_headline(stats: Mapping[str, Any], lang: str | None = None) -> str:
    """The damage die, marked when the weapon is slow (it always acts last): ticked so, or
    two-handed in melee (as combat.rules.ose.common reads it)."""
    slow = {"cs": "pomalá", "pl": "powolna"}.get((lang or "en")[:2], "slow")
    melee = stats.get("kind", "melee") in ("melee", "both")
    last = stats.get("slow") or (melee and stats.get("two_handed"))
    return f"{stats['damage']}{', ' + slow if last else ''}"
