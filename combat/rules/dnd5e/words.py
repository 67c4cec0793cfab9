"""The D&D 5e vocabulary of the stats (seed 002, SRD 5.1): abilities, skills, damage types,
conditions, classes, sizes, challenge ratings and what a successful save does — each key with
its Czech, English and Polish words."""

from __future__ import annotations

from combat.rules.schema import Label as L

ABILITIES = (
    ("str", L("Síla (SIL)", "Strength (STR)", "Siła (SIŁ)")),
    ("dex", L("Obratnost (OBR)", "Dexterity (DEX)", "Zręczność (ZRC)")),
    ("con", L("Odolnost (ODL)", "Constitution (CON)", "Kondycja (KON)")),
    ("int", L("Inteligence (INT)", "Intelligence (INT)", "Inteligencja (INT)")),
    ("wis", L("Moudrost (MDR)", "Wisdom (WIS)", "Mądrość (MDR)")),
    ("cha", L("Charisma (CHA)", "Charisma (CHA)", "Charyzma (CHA)")),
)

SKILLS = (
    ("acrobatics", L("Akrobacie", "Acrobatics", "Akrobatyka")),
    ("animal_handling", L("Zacházení se zvířaty", "Animal Handling", "Opieka nad zwierzętami")),
    ("arcana", L("Mystika", "Arcana", "Wiedza tajemna")),
    ("athletics", L("Atletika", "Athletics", "Atletyka")),
    ("deception", L("Klamání", "Deception", "Oszustwo")),
    ("history", L("Historie", "History", "Historia")),
    ("insight", L("Vhled", "Insight", "Wnikliwość")),
    ("intimidation", L("Zastrašování", "Intimidation", "Zastraszanie")),
    ("investigation", L("Pátrání", "Investigation", "Śledztwo")),
    ("medicine", L("Lékařství", "Medicine", "Medycyna")),
    ("nature", L("Příroda", "Nature", "Przyroda")),
    ("perception", L("Vnímání", "Perception", "Percepcja")),
    ("performance", L("Vystupování", "Performance", "Występy")),
    ("persuasion", L("Přesvědčování", "Persuasion", "Perswazja")),
    ("religion", L("Náboženství", "Religion", "Religia")),
    ("sleight_of_hand", L("Čachry", "Sleight of Hand", "Zwinne dłonie")),
    ("stealth", L("Nenápadnost", "Stealth", "Skradanie się")),
    ("survival", L("Přežití", "Survival", "Sztuka przetrwania")),
)

DAMAGE_TYPES = (
    ("acid", L("kyselina", "acid", "kwas")),
    ("bludgeoning", L("drtivé", "bludgeoning", "obuchowe")),
    ("cold", L("chlad", "cold", "zimno")),
    ("fire", L("oheň", "fire", "ogień")),
    ("force", L("silové", "force", "moc")),
    ("lightning", L("elektřina", "lightning", "elektryczność")),
    ("necrotic", L("nekrotické", "necrotic", "nekrotyczne")),
    ("piercing", L("bodné", "piercing", "kłute")),
    ("poison", L("jed", "poison", "trucizna")),
    ("psychic", L("psychické", "psychic", "psychiczne")),
    ("radiant", L("zářivé", "radiant", "promieniste")),
    ("slashing", L("sečné", "slashing", "cięte")),
    ("thunder", L("hromové", "thunder", "grzmot")),
)

CONDITIONS = (
    ("blinded", L("oslepený", "blinded", "oślepiony")),
    ("charmed", L("zmámený", "charmed", "zauroczony")),
    ("deafened", L("ohlušený", "deafened", "ogłuszony")),
    ("exhaustion", L("vyčerpání", "exhaustion", "wyczerpanie")),
    ("frightened", L("vystrašený", "frightened", "przestraszony")),
    ("grappled", L("uchopený", "grappled", "pochwycony")),
    ("incapacitated", L("neschopný", "incapacitated", "obezwładniony")),
    ("invisible", L("neviditelný", "invisible", "niewidzialny")),
    ("paralyzed", L("paralyzovaný", "paralyzed", "sparaliżowany")),
    ("petrified", L("zkamenělý", "petrified", "skamieniały")),
    ("poisoned", L("otrávený", "poisoned", "zatruty")),
    ("prone", L("ležící", "prone", "powalony")),
    ("restrained", L("zadržený", "restrained", "unieruchomiony")),
    ("stunned", L("omráčený", "stunned", "oszołomiony")),
    ("unconscious", L("v bezvědomí", "unconscious", "nieprzytomny")),
)

# What a failed save can impose (a rider: combat.rules.dnd5e.riders); exhaustion is a level.
RIDER_CONDITIONS = tuple(c for c in CONDITIONS if c[0] not in ("exhaustion", "invisible"))

# SRD 5.1's twelve classes (a character's; a monster has none).
CLASSES = (
    ("barbarian", L("barbar", "Barbarian", "barbarzyńca")),
    ("bard", L("bard", "Bard", "bard")),
    ("cleric", L("klerik", "Cleric", "kapłan")),
    ("druid", L("druid", "Druid", "druid")),
    ("fighter", L("bojovník", "Fighter", "wojownik")),
    ("monk", L("mnich", "Monk", "mnich")),
    ("paladin", L("paladin", "Paladin", "paladyn")),
    ("ranger", L("hraničář", "Ranger", "łowca")),
    ("rogue", L("tulák", "Rogue", "łotrzyk")),
    ("sorcerer", L("čaroděj", "Sorcerer", "zaklinacz")),
    ("warlock", L("černokněžník", "Warlock", "czarownik")),
    ("wizard", L("kouzelník", "Wizard", "czarodziej")),
)

SIZES = (
    ("tiny", L("drobná", "Tiny", "drobny")),
    ("small", L("malá", "Small", "mały")),
    ("medium", L("střední", "Medium", "średni")),
    ("large", L("velká", "Large", "duży")),
    ("huge", L("obrovská", "Huge", "wielki")),
    ("gargantuan", L("gigantická", "Gargantuan", "gigantyczny")),
)

CHALLENGE_RATINGS = tuple(
    (cr, L(cr, cr, cr)) for cr in ("0", "1/8", "1/4", "1/2", *map(str, range(1, 31)))
)

SAVE_EFFECTS = (
    ("none", L("při úspěchu bez účinku", "no effect on a success", "sukces: brak efektu")),
    (
        "half",
        L("při úspěchu poloviční zranění", "half damage on a success", "sukces: połowa obrażeń"),
    ),
)
