"""Old-School Essentials experience for monsters defeated, by the monster's hit dice as its
stats write them ("1+1", "1/2", "3*"): the base award of its row plus a bonus for each asterisk
(a special ability). Seed 001 (combat) is silent on awards; the table is the OSE SRD's "Awarding
XP" one. XP is shared among the characters who survive. OSE's levels are per class, and the
system's stats carry no class, so no level is computed here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from combat.rules.experience import Experience
from combat.rules.schema import Label

# (hit dice, "+" written) → (base award, per asterisk). The rows "7 to 7+", "9 to 10+",
# "11 to 12+", "13 to 16+", "17 to 20+" and "21+" span several dice.
_ROWS: tuple[tuple[int, int, int], ...] = (  # (first hit dice of the row × 2 + plus, base, bonus)
    (2, 10, 3),  # 1
    (3, 15, 4),  # 1+
    (4, 20, 5),  # 2
    (5, 25, 10),  # 2+
    (6, 35, 15),  # 3
    (7, 50, 25),  # 3+
    (8, 75, 50),  # 4
    (9, 125, 75),  # 4+
    (10, 175, 125),  # 5
    (11, 225, 175),  # 5+
    (12, 275, 225),  # 6
    (13, 350, 300),  # 6+
    (14, 450, 400),  # 7 to 7+
    (16, 650, 550),  # 8 to 8+
    (18, 900, 700),  # 9 to 10+
    (22, 1100, 800),  # 11 to 12+
    (26, 1350, 950),  # 13 to 16+
    (34, 2000, 1150),  # 17 to 20+
    (42, 2500, 2000),  # 21+
)
_BELOW_ONE = (5, 1)  # less than 1 hit die ("1/2", "1-1")
_HIT_DICE = re.compile(r"\s*(\d+)(?:/(\d+))?\s*([+-]\s*\d*)?\s*(\**)\s*", re.ASCII)


def award(stats: Mapping[str, Any]) -> int | None:
    """The award for a monster of these hit dice; None where they are not written as OSE does."""
    match = _HIT_DICE.fullmatch(str(stats.get("hit_dice", "")))
    if match is None:
        return None
    dice, over, plus, stars = match.groups()
    whole = int(dice) if over is None else int(dice) // int(over)
    adds = 0 if plus is None else int(plus.replace(" ", "").ljust(2, "1"))  # "10+": some
    if whole < 1 or (whole == 1 and adds < 0):
        base, bonus = _BELOW_ONE
    else:
        rank = whole * 2 + (1 if adds > 0 else 0)
        base, bonus = next((b, x) for first, b, x in reversed(_ROWS) if rank >= first)
    return base + bonus * len(stars)


EXPERIENCE = Experience(
    foe_award=award,
    survivors_only=True,
    source=Label(
        "ose", "OSE SRD: experience for monsters defeated, by hit dice, shared among the survivors"
    ),
)
