"""Undead Fortitude (SRD 5.1, Zombie): "If damage reduces the zombie to 0 hit points, it must
make a Constitution saving throw with a DC of 5 + the damage taken, unless the damage is radiant
or from a critical hit. On a success, the zombie drops to 1 hit point instead."

The damage taken is the damage after immunity, resistance and vulnerability (what
`damage.deal` returns, as concentration counts it); damage with a radiant part is radiant.
"""

from __future__ import annotations

from collections.abc import Sequence

from combat.rules.base import Audience, Combatant, _
from combat.rules.dnd5e.common import Work, exhaustion, save_bonus, signed, traits

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
    dc, bonus = 5 + taken, save_bonus(target, "con")
    tired = exhaustion(target) >= 3  # disadvantage on saving throws
    if tired:
        work.step(_("Disadvantage: %(name)s is exhausted (level 3 or more)"), name=target.name)
    result = work.roll("save", target.id, f"{'2d20kl1' if tired else '1d20'}{signed(bonus)}")
    work.secret_roll(target.id)  # "1d20+3" states a monster's save bonus
    work.step(
        _("%(name)s: Undead Fortitude save %(total)s = d20 %(d20)s %(bonus)s against DC %(dc)s"),
        name=target.name,
        total=result.total,
        d20=result.total - bonus,
        bonus=signed(bonus),
        dc=dc,
        about=target.id,
        secret={"bonus": Audience.STATS, "total": Audience.STATS},
    )
    if result.total < dc:
        return False
    work.step(  # its HP: read where the tracker shows them
        _("%(name)s drops to 1 hit point instead"),
        name=target.name,
        about=target.id,
        audience=Audience.HEALTH,
    )
    return True
