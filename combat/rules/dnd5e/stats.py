"""D&D 5e stats (seed 002, SRD 5.1): abilities, AC (KP), HP, actions shaped like the SRD's.

Speed is structured (walk, fly, swim, climb, burrow in feet, hover), so rules can halve it.
Damage resistances, immunities and vulnerabilities are free tags up to 100 characters: a plain
damage type ("fire") is applied by the engine; a qualified SRD phrase ("bludgeoning, piercing,
and slashing from nonmagical weapons") is shown to the GM, who decides. Actions, reactions,
legendary actions and traits share one record shape (ACTION); the multiattack text is kept
apart in `multiattack`. Weapons and armour are in gear.py.
"""

from __future__ import annotations

from combat.rules.dnd5e.words import (
    ABILITIES,
    CHALLENGE_RATINGS,
    CLASSES,
    CONDITIONS,
    DAMAGE_TYPES,
    RIDER_CONDITIONS,
    SAVE_EFFECTS,
    SIZES,
    SKILLS,
)
from combat.rules.schema import Field, Schema, notes_field
from combat.rules.schema import Label as L

HIT_DICE = r"[0-9]{1,3}d[0-9]{1,3}(?:[+-][0-9]{1,3})?"

DAMAGE = (
    Field("dice", "dice", L("Kostky", "Dice", "Kości"), "1d6"),
    Field(
        "type",
        "choice",
        L("Druh zranění", "Damage type", "Rodzaj obrażeń"),
        "bludgeoning",
        choices=DAMAGE_TYPES,
    ),
    Field("note", "text", L("Poznámka", "Note", "Uwaga"), "", max=200),
)


def feet(name: str, label: L, default: int | None = None) -> Field:
    """A distance in feet; without a default it may be left empty."""
    return Field(name, "int", label, default, min=0, max=5000, nullable=default is None)


RANGES = (
    feet(
        "range_normal",
        L("Normální dostřel (stopy)", "Normal range (ft.)", "Zasięg normalny (stopy)"),
    ),
    feet("range_long", L("Dlouhý dostřel (stopy)", "Long range (ft.)", "Zasięg długi (stopy)")),
)


ACTION = (
    Field("name", "text", L("Název", "Name", "Nazwa"), "", min=1, max=100),
    Field(
        "attack_bonus",
        "int",
        L("Útočný bonus", "Attack bonus", "Premia do ataku"),
        None,
        min=-10,
        max=30,
        nullable=True,
        help=L(
            "Prázdné = bez hodu na útok.", "Empty = no attack roll.", "Puste = bez rzutu ataku."
        ),
    ),
    Field(
        "damage",
        "records",
        L("Zranění", "Damage", "Obrażenia"),
        (),
        item_fields=DAMAGE,
        max_items=6,
    ),
    feet("reach", L("Dosah (stopy)", "Reach (ft.)", "Zasięg wręcz (stopy)")),
    *RANGES,
    Field(
        "dc",
        "int",
        L("SO záchrany", "Save DC", "ST rzutu obronnego"),
        None,
        min=1,
        max=40,
        nullable=True,
    ),
    Field(
        "dc_ability",
        "choice",
        L("Záchrana na", "Save ability", "Rzut obronny na"),
        None,
        choices=ABILITIES,
        nullable=True,
    ),
    Field(
        "dc_success",
        "choice",
        L("Úspěšná záchrana", "Successful save", "Udany rzut"),
        None,
        choices=SAVE_EFFECTS,
        nullable=True,
    ),
    Field(
        "dc_condition",
        "choice",
        L("Neúspěšná záchrana: stav", "Failed save: condition", "Nieudany rzut: stan"),
        None,
        choices=RIDER_CONDITIONS,
        nullable=True,
    ),
    Field(
        "usage",
        "text",
        L("Použití", "Usage", "Użycie"),
        "",
        max=100,
        help=L(
            "Např. Recharge 5–6, 3/Day.", "E.g. Recharge 5–6, 3/Day.", "Np. Recharge 5–6, 3/Day."
        ),
    ),
    Field("text", "text", L("Popis", "Description", "Opis"), "", max=4000),
)


def _ability(key: str, label: L) -> Field:
    return Field(key, "int", label, 10, min=1, max=30)


def _defences(name: str, label: L) -> Field:
    return Field(
        name,
        "tags",
        label,
        (),
        max=100,
        suggestions=DAMAGE_TYPES,
        help=L(
            "Druh zranění, nebo celá věta ze statistik (rozhodne PJ).",
            "A damage type, or the stat block's whole phrase (the GM decides).",
            "Rodzaj obrażeń albo cała fraza ze statystyk (decyduje MG).",
        ),
    )


def _actions(name: str, label: L, *, npc_only: bool = False) -> Field:
    return Field(name, "records", label, (), item_fields=ACTION, npc_only=npc_only, max_items=20)


CREATURE = Schema(
    (
        Field(
            "character_class",
            "choice",
            L("Povolání", "Class", "Klasa"),
            None,
            choices=CLASSES,
            nullable=True,
        ),
        Field(
            "level",
            "int",
            L("Úroveň", "Level", "Poziom"),
            None,
            min=1,
            max=20,
            nullable=True,
            help=L(
                "Zdatnostní bonus podle úrovně: +2 na 1.–4., +3 na 5.–8., +4 na 9.–12. …",
                "The proficiency bonus follows it: +2 at 1st–4th, +3 at 5th–8th, +4 at 9th–12th …",
                "Premia do biegłości według poziomu: +2 na 1.–4., +3 na 5.–8., +4 na 9.–12. …",
            ),
        ),
        *(_ability(key, label) for key, label in ABILITIES),
        Field(
            "proficiency_bonus",
            "int",
            L("Zdatnostní bonus", "Proficiency bonus", "Premia do biegłości"),
            2,
            min=2,
            max=9,
        ),
        Field(
            "ac",
            "int",
            L("OČ (obranné číslo)", "AC (Armour Class)", "KP (klasa pancerza)"),
            10,
            min=0,
            max=30,
        ),
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
            "dice",
            L("Kostky životů", "Hit dice", "Kości wytrzymałości"),
            "1d8",
            pattern=HIT_DICE,
        ),
        feet("speed", L("Rychlost (stopy)", "Speed (ft.)", "Prędkość (stopy)"), 30),
        feet("speed_fly", L("Létání (stopy)", "Fly (ft.)", "Latanie (stopy)"), 0),
        feet("speed_swim", L("Plavání (stopy)", "Swim (ft.)", "Pływanie (stopy)"), 0),
        feet("speed_climb", L("Šplhání (stopy)", "Climb (ft.)", "Wspinaczka (stopy)"), 0),
        feet("speed_burrow", L("Hrabání (stopy)", "Burrow (ft.)", "Kopanie (stopy)"), 0),
        Field("hover", "bool", L("Vznáší se", "Hover", "Unoszenie się"), False),
        Field("size", "choice", L("Velikost", "Size", "Rozmiar"), "medium", choices=SIZES),
        Field(
            "creature_type",
            "text",
            L("Typ", "Type", "Typ"),
            "",
            max=80,
            npc_only=True,
            help=L(
                "Např. humanoid (goblinoid).",
                "E.g. humanoid (goblinoid).",
                "Np. humanoid (goblinoid).",
            ),
        ),
        Field(
            "challenge_rating",
            "choice",
            L("Nebezpečnost", "Challenge rating", "Skala wyzwania"),
            "0",
            choices=CHALLENGE_RATINGS,
            npc_only=True,
        ),
        Field(
            "saving_throws",
            "levels",
            L("Záchranné hody", "Saving throws", "Rzuty obronne"),
            {},
            min=-5,
            max=30,
            choices=ABILITIES,
            help=L(
                "Celkový bonus zdatných záchran.",
                "Total bonus of proficient saves.",
                "Łączna premia biegłych rzutów.",
            ),
        ),
        Field(
            "skills",
            "levels",
            L("Dovednosti", "Skills", "Umiejętności"),
            {},
            min=-5,
            max=30,
            choices=SKILLS,
            help=L(
                "Celkový bonus, např. Nenápadnost +6.",
                "Total bonus, e.g. Stealth +6.",
                "Łączna premia, np. Skradanie się +6.",
            ),
        ),
        Field(
            "proficiencies",
            "tags",
            L("Zdatnosti", "Proficiencies", "Biegłości"),
            (),
            max=60,
            help=L(
                "Zbraně, zbroje, nástroje.", "Weapons, armour, tools.", "Broń, zbroje, narzędzia."
            ),
        ),
        _defences(
            "damage_resistances",
            L("Odolnosti vůči zranění", "Damage resistances", "Odporności na obrażenia"),
        ),
        _defences(
            "damage_immunities",
            L("Imunity vůči zranění", "Damage immunities", "Niewrażliwości na obrażenia"),
        ),
        _defences(
            "damage_vulnerabilities",
            L("Zranitelnosti", "Damage vulnerabilities", "Podatności na obrażenia"),
        ),
        Field(
            "condition_immunities",
            "tags",
            L("Imunity vůči stavům", "Condition immunities", "Niewrażliwości na stany"),
            (),
            choices=CONDITIONS,
        ),
        Field(
            "multiattack",
            "text",
            L("Vícenásobný útok", "Multiattack", "Wielokrotny atak"),
            "",
            max=1000,
            npc_only=True,
        ),
        _actions("actions", L("Akce", "Actions", "Akcje")),
        _actions("reactions", L("Reakce", "Reactions", "Reakcje")),
        _actions(
            "legendary_actions",
            L("Legendární akce", "Legendary actions", "Akcje legendarne"),
            npc_only=True,
        ),
        Field(
            "legendary_per_round",
            "int",
            L(
                "Legendárních akcí za kolo",
                "Legendary actions per round",
                "Akcji legendarnych na rundę",
            ),
            None,
            min=0,
            max=9,
            nullable=True,
            npc_only=True,
            help=L("Prázdné = 3.", "Empty = 3.", "Puste = 3."),
        ),
        _actions("traits", L("Zvláštní vlastnosti", "Traits", "Cechy")),
        notes_field(),
    )
)
