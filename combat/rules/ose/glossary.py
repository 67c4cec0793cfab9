"""Old-School Essentials' words (seed 001, Czech)."""

from combat.rules.glossary import Term

LANGUAGE = "cs"  # the seed's

TERMS = (
    Term(
        "the game master",
        "sudí",
        "referee",
        "Mistrz Gry",
        "seed 001 l. 28, 85",
        avoid={"cs": ("PJ", "Pán jeskyně", "Pánem jeskyně", "Pána jeskyně")},
    ),
    Term(
        "armour class",
        "třída zbroje",
        "armour class",
        "klasa pancerza",
        "seed 001 l. 145",
        "TZ / AC / KP",
    ),
    Term(
        "ascending armour class",
        "vzestupná TZ",
        "ascending AC",
        "rosnąca KP",
        "seed 001 l. 148",
        "VTZ / AAC / RKP",
    ),
    Term("THAC0", "THAC0", "THAC0", "THAC0", "seed 001 l. 145"),
    Term(
        "immunity",
        "imunita",
        "immunity",
        "niewrażliwość",
        "seed 001 l. 115–117",
        "",
        "5e's Polish word for resistance is odporność",
        {"pl": ("odporny", "Odporności")},
    ),
    Term(
        "dexterity modifier",
        "modifikátor obratnosti",
        "Dexterity modifier",
        "modyfikator zręczności",
        "standard",
        "OBR / DEX / ZRC",
        "",
        {"pl": ("(ZR)",)},
    ),
    Term(
        "hit points",
        "životy",
        "hit points",
        "punkty wytrzymałości",
        "seed 001 l. 133 (cs); pl: 5e's standard",
        "HP / PW",
        avoid={"pl": ("PŻ",)},
    ),
    Term("morale", "morálka", "morale", "morale", "seed 001 l. 46"),
    Term(
        "fighting withdrawal / retreat",
        "bojový ústup / útěk",
        "fighting withdrawal / retreat",
        "wycofanie się w walce / ucieczka",
        "seed 001 l. 62–63",
    ),
    Term("saving throw", "záchranný hod", "saving throw", "rzut obronny", "seed 001 l. 99"),
)
