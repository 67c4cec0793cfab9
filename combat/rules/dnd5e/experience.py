"""D&D 5e experience, from the SRD 5.1: a monster's award by its challenge rating
("Experience Points by Challenge Rating") and the character advancement table. The award of a
fight is shared among the characters who took part. Tests check the first table against every
monster of the SRD's data, which gives both numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from combat.rules.experience import Experience
from combat.rules.schema import Label

# Challenge rating → experience points (SRD 5.1); a CR 0 creature is worth 10, or 0 if it has
# no effective attacks — the table's larger number is given here, the GM may lower it.
BY_CHALLENGE: dict[Fraction, int] = {
    Fraction(0): 10,
    Fraction(1, 8): 25,
    Fraction(1, 4): 50,
    Fraction(1, 2): 100,
    **dict(
        zip(
            map(Fraction, range(1, 31)),
            (200, 450, 700, 1100, 1800, 2300, 2900, 3900, 5000, 5900)
            + (7200, 8400, 10000, 11500, 13000, 15000, 18000, 20000, 22000, 25000)
            + (33000, 41000, 50000, 62000, 75000, 90000, 105000, 120000, 135000, 155000),
            strict=True,
        )
    ),
}

# The experience at which levels 1 … 20 begin (SRD 5.1, "Character Advancement").
LEVELS = (0, 300, 900, 2700, 6500, 14000, 23000, 34000, 48000, 64000) + (
    85000,
    100000,
    120000,
    140000,
    165000,
    195000,
    225000,
    265000,
    305000,
    355000,
)


def challenge(value: Any) -> Fraction | None:
    """ "1/4", "2", 0.25 or 2 as a challenge rating; None for anything else."""
    try:
        rating = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        return None
    return rating if rating in BY_CHALLENGE else None


def award(stats: Mapping[str, Any]) -> int | None:
    rating = challenge(stats.get("challenge_rating"))
    return None if rating is None else BY_CHALLENGE[rating]


EXPERIENCE = Experience(
    foe_award=award,
    survivors_only=False,
    source=Label(
        "dnd5e", "SRD 5.1: experience by challenge rating, shared among everyone who fought"
    ),
    levels=LEVELS,
)
