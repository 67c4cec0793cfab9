"""Shadowrun 3's words (seed 003, Czech; one page of the rulebook per line of the seed)."""

from combat.rules.glossary import Term

LANGUAGE = "cs"  # the seed's

TERMS = (
    Term(
        "the game master",
        "gamemaster",
        "gamemaster",
        "mistrz gry",
        "seed 003 l. 5",
        "",
        "the seed never says Pán jeskyně",
    ),
    Term(
        "target number",
        "cílové číslo",
        "target number",
        "stopień trudności",
        "seed 003 (37×)",
        "— / TN / ST",
        "never abbreviated in Czech; the Polish ST is also 5e's DC (documented)",
        {"cs": ("CČ",)},
    ),
    Term("combat turn", "bojové kolo", "combat turn", "tura walki", "seed 003 l. 5 = p. 1"),
    Term(
        "initiative pass",
        "průběh iniciativy",
        "initiative pass",
        "przebieg inicjatywy",
        "seed 003 l. 5 = p. 1",
    ),
    Term("combat phase", "bojová fáze", "combat phase", "faza walki", "seed 003 l. 5 = p. 1"),
    Term("combat pool", "bojové rezervy", "combat pool", "pula walki", "seed 003 l. 11, 13"),
    Term(
        "concealability",
        "utajitelnost",
        "concealability",
        "ukrywalność",
        "seed 003 l. 19 = p. 8",
        avoid={"cs": ("Skrytost", "skrytost")},
    ),
    Term(
        "unarmed combat",
        "boj beze zbraně",
        "unarmed combat",
        "walka wręcz",
        "seed 003 l. 23 = p. 10",
        avoid={"cs": ("Neozbrojený boj",)},
    ),
    Term(
        "damage resistance test",
        "test odolnosti vůči poškození",
        "damage resistance test",
        "test odporności na obrażenia",
        "seed 003 l. 13, 27, 35",
    ),
    Term("dodge test", "test uhýbání", "dodge test", "test uniku", "seed 003 l. 13, 35"),
    Term(
        "condition monitor",
        "kondiční záznamník",
        "condition monitor",
        "monitor stanu",
        "seed 003 l. 27, 37",
    ),
    Term(
        "the GM's HP box: the physical monitor's free boxes",
        "fyzický záznamník, volná políčka",
        "physical monitor, boxes free",
        "monitor fizyczny, wolne pola",
        "ours (seed 003 l. 27, 37: kondiční záznamník)",
        "",
        "no hit points: the engine keeps 10 − the filled physical boxes as HP",
        {"cs": ("životy", "životů"), "pl": ("PŻ", "PW")},
    ),
    Term(
        "prone",
        "ležící",
        "prone",
        "leżący",
        "seed 003 l. 35 = p. 16 („Ležící postava“), l. 19 = p. 8 („zalehnout“)",
        avoid={"pl": ("powalony",)},
    ),
    Term(
        "net successes", "čisté úspěchy", "net successes", "sukcesy netto", "seed 003 l. 37 = p. 17"
    ),
)
