"""The forum dice pool's words (seed 004, Czech)."""

from combat.rules.glossary import Term

LANGUAGE = "cs"  # the seed's

TERMS = (
    Term("the game master", "vypravěč", "narrator", "narrator", "seed 004 l. 13 (12×)"),
    Term(
        "a skill's level",
        "úroveň dovednosti",
        "skill level",
        "poziom umiejętności",
        "seed 004 l. 3",
        "",
        "the number of d6 rolled",
    ),
    Term("a roll of chance", "hod na náhodu", "roll of chance", "rzut na los", "seed 004 l. 8"),
    Term(
        "a difficulty roll",
        "hod na obtížnost",
        "difficulty roll",
        "rzut na trudność",
        "seed 004 l. 11",
    ),
    Term(
        "a conflict roll", "hod na konflikt", "conflict roll", "rzut na konflikt", "seed 004 l. 21"
    ),
    Term(
        "primary / secondary skill",
        "primární / sekundární dovednost",
        "primary / secondary skill",
        "umiejętność główna / drugorzędna",
        "seed 004 l. 23",
    ),
    Term(
        "an NPC's hit points",
        "životy (HP)",
        "hit points (HP)",
        "punkty życia (PŻ)",
        "seed 004 l. 34–35",
        "HP",
        "a player character loses dice instead; the GM's box reads „HP / dice“",
        {"pl": ("PW",)},
    ),
    Term("bonus dice", "bonusové kostky", "bonus dice", "kości premiowe", "seed 004 l. 45"),
)
