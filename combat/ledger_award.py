"""What a fight is worth (issue Q): the experience its defeated foes give, by the system's own
table (combat.rules.experience), split among the player characters who share it. The GM reads
the suggestion, changes what they like, and enters it into the ledger (combat.views.ledger).

A foe is a combatant on a side no player character fought on; it is defeated when it ended the
fight down (0 HP or less, or a condition the system counts as down: fled, surrendered …).
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.rules.experience import Experience, shares
from combat.rules.systems import SYSTEMS

from .display import down_conditions
from .models import Combatant, Encounter


@dataclass(frozen=True)
class Foe:
    name: str
    award: int | None  # None: its stats give no award the system can read


@dataclass(frozen=True)
class Share:
    combatant: Combatant  # its character is a player character of the campaign
    amount: int | None  # None where the system gives no award


@dataclass(frozen=True)
class Suggestion:
    experience: Experience | None
    foes: list[Foe]
    shares: list[Share]
    total: int


def _down(row: Combatant, down: frozenset[str]) -> bool:
    return row.hp <= 0 or bool(down & set(row.conditions))


def suggest(encounter: Encounter, rows: list[Combatant]) -> Suggestion:
    """`rows`: the fight's combatants with their characters (one query, the caller's)."""
    system = SYSTEMS.get(encounter.system)
    experience = system.experience if system is not None else None
    down = down_conditions(encounter.system)
    players = [r for r in rows if r.character is not None and r.character.kind == "pc"]
    sides = {r.side for r in players}
    foes = [
        Foe(r.name, experience.foe_award(r.stats) if experience else None)
        for r in rows
        if r.side not in sides and _down(r, down)
    ]
    total = sum(foe.award or 0 for foe in foes)
    sharing = players
    if experience is not None and experience.survivors_only:
        sharing = [r for r in players if not _down(r, down)]
    amounts = dict(zip((r.pk for r in sharing), shares(total, len(sharing)), strict=True))
    return Suggestion(
        experience,
        foes,
        [Share(r, amounts.get(r.pk, 0) if experience else None) for r in players],
        total,
    )
