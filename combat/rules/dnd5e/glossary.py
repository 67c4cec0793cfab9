"""D&D 5e's words (seed 002, Polish; Czech from the official Czech 5e where the seed is silent)."""

from combat.rules.glossary import Term

LANGUAGE = "pl"  # the seed's

TERMS = (
    Term(
        "the game master",
        "Pán jeskyně",
        "game master",
        "Mistrz Gry",
        "seed 002 l. 3",
        "PJ / GM / MG",
    ),
    Term(
        "advantage / disadvantage",
        "výhoda / nevýhoda",
        "advantage / disadvantage",
        "przewaga / przewaga ujemna",
        "seed 002 l. 3",
    ),
    Term(
        "proficiency bonus",
        "zdatnostní bonus",
        "proficiency bonus",
        "premia do biegłości",
        "seed 002 l. 3, 11",
        avoid={"pl": ("Premia z biegłości", "premia z biegłości")},
    ),
    Term(
        "armour class",
        "obranné číslo",
        "armour class",
        "klasa pancerza",
        "seed 002 l. 5",
        "OČ / AC / KP",
    ),
    Term(
        "the twenty-sided die",
        "k20",
        "d20",
        "d20",
        "seed 002 l. 5, 14",
        "",
        "the Polish seed writes d20",
        {"pl": ("k20",)},
    ),
    Term(
        "a contest",
        "souboj schopností",
        "contest",
        "pojedynek umiejętności",
        "seed 002 l. 7, 23",
        avoid={"pl": ("test przeciwstawny",)},
    ),
    Term("speed", "rychlost", "speed", "prędkość", "seed 002 l. 21", avoid={"pl": ("Szybkość",)}),
    Term(
        "hit points",
        "životy",
        "hit points",
        "punkty wytrzymałości",
        "standard",
        "HP / PW",
        avoid={"pl": ("PŻ",)},
    ),
    Term("prone", "ležící", "prone", "powalony", "standard", avoid={"pl": ("leżący",)}),
    Term("critical hit", "kritický zásah", "critical hit", "trafienie krytyczne", "seed 002 l. 5"),
    Term(
        "saving throw", "záchranný hod", "saving throw", "rzut obronny", "standard", "", "DC = ST"
    ),
)
