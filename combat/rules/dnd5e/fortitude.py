"""Undead Fortitude (SRD 5.1, Zombie): "If damage reduces the zombie to 0 hit points, it must
make a Constitution saving throw with a DC of 5 + the damage taken, unless the damage is radiant
or from a critical hit. On a success, the zombie drops to 1 hit point instead."

The damage taken is the damage after immunity, resistance and vulnerability (what
`damage.deal` returns, as concentration counts it); damage with a radiant part is radiant.
"""

from __future__ import annotations

from collections.abc import Sequence

from combat.rules.base import Audience, Combatant, _
from combat.rules.dnd5e.common import Work, traits
from combat.rules.dnd5e.concentration import con_save

TRAIT = "undead fortitude"
RADIANT = "radiant"


def has_fortitude(combatant: Combatant) -> bool:
    """A trait named "Undead Fortitude" (as the SRD importer and the demo records write it)."""
    return any(
        str(t.get("name") or "").strip().casefold().startswith(TRAIT) for t in traits(combatant)
    )


def is_radiant(kinds: Sequence[str]) -> bool:
    return any(kind.casefold() == RADIANT for kind in kinds)


def holds(
    work: Work, target: Combatant, taken: int, kinds: Sequence[str], *, critical: bool
) -> bool:
    """Damage of `taken` (of these types) would reduce `target` to 0 HP: with the trait, and
    unless the damage is radiant or a critical hit's, a CON save against 5 + `taken`; True when
    it succeeds and the target drops to 1 HP instead."""
    if critical or is_radiant(kinds) or not has_fortitude(target):
        return False
    line = _("%(name)s: Undead Fortitude save %(total)s = d20 %(d20)s %(bonus)s against DC %(dc)s")
    if not con_save(work, target, "save", 5 + taken, line):
        return False
    work.step(  # its HP: read where the tracker shows them
        _("%(name)s drops to 1 hit point instead"),
        name=target.name,
        about=target.id,
        audience=Audience.HEALTH,
    )
    return True
