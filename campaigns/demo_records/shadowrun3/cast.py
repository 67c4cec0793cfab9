"""The Shadowrun 3 demo's runners and their opponents (seed 003): the characters of the
chapter's examples and the bestiary of gangers and hit men.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "John Longbone",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "body": 7,
            "quickness": 4,
            "strength": 6,
            "charisma": 2,
            "intelligence": 3,
            "willpower": 4,
            "essence": "4",
            "reaction": 3,
            "reaction_bonus": 2,
            "initiative_dice": 2,
            "skills": {"edged_weapons": 5, "pistols": 4},
            "ballistic": 5,
            "impact": 3,
            "metatype": "ork",
            "vision": "low_light",
        },
        "notes": "Z příkladu v pravidlech: orčí pouliční samuraj, přirozená Reakce 3, "
        "kyberware na reakci +2 a jedna kostka iniciativy navíc → 3 (5) + 1d6 "
        "(2d6); hodí 2 a 6 → iniciativa 13. Atributy, dovednosti, Esence 4 "
        "(drátované reflexy 1) a vybavení jsou zvoleny pro ukázku.",
        "weapons": ["Katana", "Ares Predator"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Wedge",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "body": 5,
            "quickness": 5,
            "strength": 5,
            "charisma": 3,
            "intelligence": 5,
            "willpower": 4,
            "reaction": 5,
            "skills": {"assault_rifles": 6, "pistols": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Z příkladu v pravidlech: pouliční samuraj Wedge se svou AK-97 na plně "
        "automatickou palbu proti šesti členům gangu Halloweeners. Pravidla "
        "uvádějí jen pušku; atributy, dovednosti a pancíř jsou zvoleny pro "
        "ukázku.",
        "weapons": ["AK-97"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "T-Rex",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "body": 5,
            "quickness": 5,
            "strength": 4,
            "charisma": 2,
            "intelligence": 4,
            "willpower": 4,
            "essence": "4",
            "reaction": 4,
            "reaction_bonus": 2,
            "initiative_dice": 2,
            "skills": {"pistols": 5},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Z příkladu v pravidlech: žoldák, kterému posilovač reflexů dovolí "
        "jednat dřív než Paolo a Luigi; na začátku fáze ohlásí obě jednoduché "
        "akce (rychlé tasení, výstřel P). Stupeň posilovače pravidla neuvádějí:"
        " zvolen stupeň 1 (+2, +1d6) jako v příkladu zápisu iniciativy; ostatní"
        " je zvoleno pro ukázku.",
        "weapons": ["Browning Max-Power"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Tess",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "quickness": 6,
            "intelligence": 6,
            "willpower": 4,
            "reaction": 6,
            "skills": {"pistols": 5, "stealth": 4},
            "ballistic": 4,
            "impact": 2,
        },
        "notes": "Překvapení z příkladu v pravidlech: Tess má Reakci 6 a hodí 3 úspěchy "
        "proti cílovému číslu 2 (4 − 2 za léčku). Pravidla uvádějí jen Reakci, "
        "zapsanou jako přirozená Reakce; ostatní je zvoleno pro ukázku.",
        "weapons": ["Ares Predator"],
        "armor": ["Podšitý kabát"],
    },
    {
        "name": "Liam",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "body": 4,
            "quickness": 5,
            "strength": 3,
            "charisma": 4,
            "intelligence": 5,
            "willpower": 4,
            "reaction": 5,
            "skills": {"pistols": 6, "stealth": 3},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Z příkladu v pravidlech: Pistole 6 + 4 kostky bojové rezervy = 10 "
        "kostek proti cílovému číslu 4 → 5 úspěchů s jeho Ares Predatorem 9M; "
        "Snot má 3, takže se 9M zvedne na 9V. Jeho bojové rezervy (Rychlost + "
        "Inteligence + Vůle) / 2 = 7; atributy a pancíř jsou zvoleny pro "
        "ukázku.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová vesta"],
    },
    {
        "name": "Twitch",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "body": 3,
            "quickness": 6,
            "strength": 3,
            "charisma": 4,
            "intelligence": 5,
            "willpower": 4,
            "reaction": 5,
            "skills": {"pistols": 5, "athletics": 3},
            "ballistic": 4,
            "impact": 2,
            "metatype": "elf",
            "vision": "low_light",
        },
        "notes": "Z příkladu v pravidlech: elfí samuraj s Rychlostí 6 → uběhne 18 m za "
        "kolo (×3), 6 m za fázi při třech průbězích iniciativy; v 1. průběhu "
        "stojí, takže uběhne jen 12 m. Ostatní je zvoleno pro ukázku.",
        "weapons": ["Ares Predator"],
        "armor": ["Podšitý kabát"],
    },
    {
        "name": "Virgil",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "quickness": 6,
            "intelligence": 6,
            "willpower": 5,
            "reaction": 8,
            "skills": {"pistols": 5, "smgs": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Překvapení z příkladu v pravidlech: Virgil má Reakci 8 a hodí 4 "
        "úspěchy proti cílovému číslu 2 — stejně jako zabiják A, takže smí "
        "jednat jen proti B a C. Zapsáno jako přirozená Reakce (pravidla "
        "neuvádějí žádné vylepšení); ostatní je zvoleno pro ukázku.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Winger",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "quickness": 6,
            "intelligence": 6,
            "willpower": 4,
            "reaction": 9,
            "skills": {"assault_rifles": 5, "pistols": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Překvapení z příkladu v pravidlech: Winger má Reakci 9 a hodí 5 "
        "úspěchů proti cílovému číslu 2, takže smí jednat proti všem zabijákům."
        " Zapsáno jako přirozená Reakce (pravidla neuvádějí žádné vylepšení); "
        "ostatní je zvoleno pro ukázku.",
        "weapons": ["AK-97"],
        "armor": ["Pancéřová bunda"],
    },
    {
        "name": "Snot",
        "kind": "npc",
        "owner": None,
        "stats": {
            "body": 5,
            "quickness": 4,
            "intelligence": 3,
            "willpower": 3,
            "reaction": 3,
            "combat_pool": 5,
            "skills": {"edged_weapons": 2},
            "ballistic": 4,
            "impact": 2,
        },
        "notes": "Z příkladu v pravidlech: Liamův nešťastný cíl, Tělo 5, balistický "
        "pancíř 4, 5 kostek bojové rezervy. Uhýbá proti cílovému číslu 5 (4 + 1"
        " za dřívější lehké zranění): 2 úspěchy; odolává proti cílovému číslu 5"
        " (9 − 4) s Tělem 5: 1 úspěch → 3 proti Liamovým 5 → 9V. Protinárazový "
        "pancíř 2 a ostatní jsou zvoleny pro ukázku.",
        "weapons": ["Nůž"],
        "armor": ["Podšitý kabát"],
    },
    {
        "name": "Paolo",
        "kind": "npc",
        "owner": None,
        "stats": {
            "body": 4,
            "quickness": 4,
            "strength": 4,
            "intelligence": 3,
            "reaction": 3,
            "skills": {"pistols": 4},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Z příkladu v pravidlech: mafián, kterého T-Rex považuje za "
        "nebezpečnějšího; padne po prvním výstřelu. Pravidla čísla neuvádějí: "
        "vše je zvoleno pro ukázku.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová vesta"],
    },
    {
        "name": "Luigi",
        "kind": "npc",
        "owner": None,
        "stats": {
            "body": 4,
            "quickness": 4,
            "strength": 4,
            "intelligence": 3,
            "reaction": 3,
            "skills": {"pistols": 4},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Z příkladu v pravidlech: Paolův parťák, který přežije první fázi "
        "T-Rexe, protože oba výstřely byly ohlášeny na Paola. Pravidla čísla "
        "neuvádějí: vše je zvoleno pro ukázku.",
        "weapons": ["Ares Predator"],
        "armor": ["Pancéřová vesta"],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Halloweener",
        "stats": {
            "body": 4,
            "quickness": 4,
            "strength": 4,
            "charisma": 2,
            "intelligence": 2,
            "willpower": 3,
            "reaction": 3,
            "skills": {"edged_weapons": 3, "clubs": 3},
            "ballistic": 2,
            "impact": 1,
        },
        "notes": "Z příkladu v pravidlech: pankáč z gangu Halloweeners (šest jich s noži"
        " a obušky vyrazí na Wedge); přidejte šest kopií. Čísla jsou zvolena "
        "pro běžného pouličního gangera.",
    },
    {
        "name": "Zabiják z Mitsuhamy",
        "stats": {
            "body": 4,
            "quickness": 3,
            "strength": 4,
            "intelligence": 3,
            "willpower": 4,
            "reaction": 3,
            "skills": {"pistols": 4, "smgs": 4},
            "ballistic": 5,
            "impact": 3,
        },
        "notes": "Z příkladu v pravidlech: jeden ze tří strážných Mitsuhamy (zabijáci A,"
        " B, C) s Reakcí 3; v příkladu překvapení hodí 4, 2 a 0 úspěchů proti "
        "cílovému číslu 4. Přidejte tři kopie; ostatní čísla jsou zvolena pro "
        "ukázku.",
    },
]
