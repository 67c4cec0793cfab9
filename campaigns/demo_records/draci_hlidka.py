"""Dračí Hlídka demo (seed 000): Baldur, Meredil and Grop, the goblin leader, the pursuit.

Seed numbers: Baldur SIL +4 with a broad sword 5 +1 +2 (rolls 3 → Attack 12 vs the goblin
leader's Defence 5 → 8 HP); Meredil's Attack −1 against Grop's Defence −2 (→ 1 HP); the
halfling's Pohyblivost 20 + OBR 4 = 24 without Atletika, the barbarian's 30 + OBR 1 = 31 with
Atletika 2. Everything else is a sensible pick, and its notes say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaigns.demo_records import DemoCharacter, DemoRecord

# The demo campaign's name and description.
CAMPAIGN = (
    "Stezka skřetů",
    "Baldur, Meredil a Grop proti skřetímu vůdci; pronásledování půlčíka a barbara.",
)

WEAPONS: list[DemoRecord] = [
    {
        "name": "Široký meč",
        "stats": {"utocnost": 5, "zraneni": 1, "obrana": 2, "druh": "melee"},
        "notes": "Z ukázkového boje v pravidlech: Baldurův široký meč „5 +1 +2“ "
        "(útočnost, zranění, obrana).",
    },
    {
        "name": "Obouruční sekera",
        "stats": {"utocnost": 5, "zraneni": 4, "obrana": 0, "druh": "melee"},
        "notes": "Pravidla ji zmiňují (Baldurův kritický útok, šestky 6, 6, 6 a 3), ale "
        "čísla neuvádějí; zvoleno pro ukázku: 5 +4 +0.",
    },
    {
        "name": "Skřetí šavle",
        "stats": {"utocnost": 3, "zraneni": 1, "obrana": 1, "druh": "melee"},
        "notes": "Šavle skřetů; pravidla ji neuvádějí, zvoleno pro ukázku: 3 +1 +1.",
    },
    {
        "name": "Kyj",
        "stats": {"utocnost": 3, "zraneni": 2, "obrana": 0, "druh": "melee"},
        "notes": "Gropův kyj; pravidla ho neuvádějí, zvoleno pro ukázku: 3 +2 +0.",
    },
    {
        "name": "Dýka",
        "stats": {"utocnost": 2, "zraneni": 0, "obrana": 1, "druh": "melee"},
        "notes": "Pravidla ji neuvádějí; zvoleno pro ukázku: 2 +0 +1.",
    },
    {
        "name": "Lehká kuše",
        "stats": {"utocnost": 4, "zraneni": 2, "obrana": 0, "druh": "ranged", "nabiti": "long"},
        "notes": "Pravidla ji neuvádějí; zvoleno pro ukázku: 4 +2 +0 a dlouhé nabíjení. "
        "Podle pravidel má střelba na cíl blíž než 2 sáhy Nevýhodu −5.",
    },
]

ARMOR: list[DemoRecord] = [
    {
        "name": "Kožená zbroj",
        "stats": {"druh": "zbroj", "kvalita": 1},
        "notes": "Pravidla ji neuvádějí; zvoleno pro ukázku: kvalita 1 (ZO = kvalita + OBR).",
    },
    {
        "name": "Kroužková zbroj",
        "stats": {"druh": "zbroj", "kvalita": 3},
        "notes": "Pravidla ji neuvádějí; zvoleno pro ukázku: kvalita 3 (ZO = kvalita + OBR).",
    },
    {
        "name": "Štít",
        "stats": {"druh": "stit", "kvalita": 2},
        "notes": "Pravidla ho neuvádějí; zvoleno pro ukázku: kvalita 2 (OČ = ZO + zbraň + štít).",
    },
]

CHARACTERS: list[DemoCharacter] = [
    {
        "name": "Baldur",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "sil": 4,
            "obr": 1,
            "odo": 2,
            "zivoty": 30,
            "mez_vyrazeni": 5,
            "pohyblivost": 31,
            "dovednosti": {"Atletika": 1, "Výdrž": 1},
            "velikost": "B",
            "zbroj": 3,
            "stit": 2,
        },
        "notes": "Z ukázkového boje v pravidlech: válečník Baldur, SIL +4, široký meč 5 "
        "+1 +2; hodí 3 → Útok 12 (4 + 5 + 3) proti Obraně 5 vůdce skřetů → "
        "ubere mu 8 životů (12 − 5 + 1). Z pravidel jsou jen SIL +4 a meč; OBR,"
        " ODO, životy, Pohyblivost (30 + OBR) a dovednosti jsou zvoleny pro "
        "ukázku.",
        "weapons": ["Široký meč", "Obouruční sekera"],
        "armor": ["Kroužková zbroj", "Štít"],
    },
    {
        "name": "Barbar",
        "kind": "pc",
        "owner": "hrac",
        "stats": {
            "sil": 3,
            "obr": 1,
            "odo": 3,
            "zivoty": 32,
            "mez_vyrazeni": 6,
            "pohyblivost": 31,
            "dovednosti": {"Atletika": 2, "Výdrž": 2},
            "velikost": "B",
            "zbroj": 1,
        },
        "notes": "Pronásledování z pravidel: Pohyblivost 31 (30 + OBR +1), Atletika 2; "
        "hodí 1d10 = 3 → 36 proti půlčíkovým 31, takže se náskok zkrátí o 5 "
        "sáhů. SIL, ODO, Výdrž, životy a kožená zbroj jsou zvoleny pro ukázku.",
        "weapons": ["Obouruční sekera"],
        "armor": ["Kožená zbroj"],
    },
    {
        "name": "Meredil",
        "kind": "pc",
        "owner": "gracz",
        "stats": {
            "sil": 0,
            "obr": 1,
            "odo": 0,
            "ostatni_atributy": "INT +3",
            "zivoty": 16,
            "mez_vyrazeni": 3,
            "pohyblivost": 31,
            "dovednosti": {"Postřeh": 2},
        },
        "notes": "Z ukázkového boje v pravidlech: kouzelník Meredil, bez many a otrávený"
        " (bolest hlavy = Nevýhoda −5), udeří pěstí (útočnost 0): Útok −1 proti"
        " Gropově Obraně −2 → 1 život. Pravidla uvádějí jen výsledek; SIL 0 "
        "(takže hodil 4: 0 + 0 + 4 − 5 = −1) a ostatní jsou zvoleny pro ukázku.",
        "weapons": [],
        "armor": [],
    },
    {
        "name": "Grop",
        "kind": "npc",
        "owner": None,
        "stats": {
            "sil": 5,
            "obr": -3,
            "odo": 4,
            "zivoty": 45,
            "mez_vyrazeni": 9,
            "pohyblivost": 27,
            "velikost": "C",
        },
        "notes": "Z ukázkového boje v pravidlech: neohrabaný obr Grop, slabá OBR a nízký"
        " hod → Obrana −2 proti Meredilovu −1, takže přijde o 1 život. S OBR "
        "−3, bez zbroje a s kyjem (obrana 0) má OČ −3, takže Obrana −2 z "
        "pravidel znamená hod 1; SIL, životy, velikost C a ostatní jsou zvoleny"
        " pro ukázku.",
        "weapons": ["Kyj"],
        "armor": [],
    },
    {
        "name": "Půlčík",
        "kind": "npc",
        "owner": None,
        "stats": {
            "sil": 0,
            "obr": 4,
            "odo": 1,
            "zivoty": 14,
            "mez_vyrazeni": 3,
            "pohyblivost": 24,
            "dovednosti": {"Výdrž": 1},
            "velikost": "A",
            "zbroj": 1,
        },
        "notes": "Pronásledování z pravidel: prchající půlčík, Pohyblivost 24 (20 + OBR "
        "+4), bez Atletiky; hodí 1d10 = 7 → 31 proti barbarovým 36. SIL, ODO, "
        "Výdrž, životy a velikost A jsou zvoleny pro ukázku.",
        "weapons": ["Dýka"],
        "armor": ["Kožená zbroj"],
    },
]

MONSTERS: list[DemoRecord] = [
    {
        "name": "Vůdce skřetů",
        "stats": {
            "sil": 2,
            "obr": 1,
            "odo": 1,
            "zivoty": 20,
            "mez_vyrazeni": 4,
            "pohyblivost": 26,
            "zbroj": 2,
            "uc": 5,
            "oc": 4,
            "zo": 3,
            "zraneni": 1,
        },
        "notes": "Z ukázkového boje v pravidlech: vůdce skřetů se brání „nijak zvlášť“: "
        "Obrana 5 proti Baldurovu Útoku 12, přijde o 8 životů. Pravidla uvádějí"
        " jen tu pětku: OČ 4 (ZO 3 = zbroj 2 + OBR 1, šavle obrana +1) plus hod"
        " 1. ÚČ 5 (SIL 2 + šavle 3), zranění +1 a ostatní jsou zvoleny pro "
        "ukázku.",
    },
    {
        "name": "Skřet",
        "stats": {
            "sil": 0,
            "obr": 1,
            "zivoty": 10,
            "mez_vyrazeni": 2,
            "pohyblivost": 26,
            "zbroj": 1,
            "uc": 3,
            "oc": 3,
            "zo": 2,
            "zraneni": 1,
        },
        "notes": "Tlupa vůdce skřetů; pravidla ji neuvádějí, všechna čísla jsou zvolena "
        "pro ukázku (šavle 3 +1 +1, kožená zbroj 1).",
    },
]
