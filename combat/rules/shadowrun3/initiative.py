"""Initiative and the start of a combat turn (seed 003, Iniciativa, Průběh bojového kola 1–2).

seed 003: "Skládá se ze dvou faktorů: modifikované reakce a kostek iniciativy" — the score is
modified Reaction + the initiative dice, and "Při hodu na iniciativu se nepoužívá pravidlo
šestky" (plain d6, no rule of six). "Po každém hodu na iniciativu je třeba zohlednit
modifikátor iniciativy" — the wound modifier is subtracted right after the roll.
"1. Všechny rezervy kostek … se obnovují" — every combat pool refreshes as the turn begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from combat.rules.base import Combatant, Step, _
from combat.rules.shadowrun3.common import (
    Work,
    is_out,
    natural_reaction,
    number,
    persistent,
    pool_size,
    reaction,
    wound_modifier,
)

# How the seed writes it: "4 (6) + 1k6 (2k6)"; the Czech translation says k for d.
AUGMENTED = _("%(natural)s (%(modified)s) + 1d6 (%(dice)sd6)")
PLAIN = _("%(natural)s + 1d6")


def formula(combatant: Combatant) -> Step:
    """The initiative as the seed writes it (Longbone: "3 (5) + 1d6 (2d6)")."""
    natural, modified = natural_reaction(combatant), reaction(combatant)
    dice = number(combatant, "initiative_dice")
    if modified == natural and dice == 1:
        return Step(PLAIN, {"natural": natural})
    return Step(AUGMENTED, {"natural": natural, "modified": modified, "dice": dice})


def new_turn(work: Work, combatant_id: str) -> None:
    """Forget last turn's bookkeeping (keeping monitors, ammo …) and refresh the pool."""
    combatant = work.get(combatant_id)
    turn: dict[str, Any] = persistent(combatant.turn)
    size = pool_size(combatant)
    turn.update(pool=size, pool_max=size)
    work.set_turn(combatant_id, turn)


def roll_one(work: Work, combatant_id: str, passes_done: int) -> None:
    """Roll modified Reaction + Nd6 and subtract the wound modifier at once.

    `passes_done`: for a late-comer in pass n, the start-of-pass scores of passes 1..n are its
    score now (there was nothing earlier to compare).
    """
    combatant = work.get(combatant_id)
    if is_out(combatant):
        work.step(_("%(name)s is out of the fight and rolls no initiative"), name=combatant.name)
        return
    modified, dice = reaction(combatant), number(combatant, "initiative_dice")
    result = work.roll("initiative", combatant_id, f"{dice}d6+{modified}")
    wound = wound_modifier(combatant)
    score = result.total - wound
    faces = list(result.faces)
    work.update(
        combatant_id,
        init={"raw": result.total, "faces": faces, "reaction": modified},
        score=score,
        wound=wound,
        starts=[score] * max(1, passes_done),
        acted=0,
    )
    work.set_initiative(combatant_id, score - 10 * (max(1, passes_done) - 1))
    work.step(
        _("%(name)s: initiative %(total)s = %(reaction)s + %(dice)sd6 (%(faces)s)"),
        name=combatant.name,
        total=result.total,
        reaction=modified,
        dice=dice,
        faces=", ".join(str(face) for face in faces),
    )
    if wound:
        work.step(
            _("%(name)s: wound modifier −%(wound)s → %(score)s"),
            name=combatant.name,
            wound=wound,
            score=score,
        )


def start_turn(work: Work, ids: Sequence[str], passes_done: int = 1) -> None:
    for combatant_id in dict.fromkeys(ids):
        with work.about_combatant(combatant_id):
            new_turn(work, combatant_id)
            roll_one(work, combatant_id, passes_done)
