"""Damage landing: at once, or at the end of a simultaneous phase.

seed 001: "Když postavě nebo nestvůře klesnou životy na 0 nebo míň, umírá." With simultaneous
ties "obě strany si můžou navzájem zasadit smrtelné rány" (Rulings: the damage lands after both
sides have resolved the phase), so a blow struck in a shared block waits as an Effect of kind
"pending_damage" ({"damage": n, "source": id}) until `land_pending` applies it.
"""

from __future__ import annotations

from combat.rules.base import Audience, Effect, _
from combat.rules.ose.common import Work
from combat.rules.ose.morale import after_losses

PENDING = "pending_damage"


def take_damage(work: Work, target_id: str, damage: int) -> None:
    """Lose HP now; at 0 or below the creature dies, and its side may have to check morale."""
    target = work.get(target_id)
    hp = target.hp - damage
    work.set_hp(target_id, hp)
    if hp <= 0 and not target.has("dead"):
        work.condition(target_id, "dead")
        work.step(
            _("%(name)s falls at %(hp)s HP and dies"),
            name=target.name,
            hp=hp,
            about=target.id,
            secret={"hp": Audience.HEALTH},
        )
        after_losses(work, [target.side])


def hold_damage(work: Work, target_id: str, damage: int, source: str) -> None:
    target = work.get(target_id)
    used = {e.key for e in target.effects}
    index = 1
    while f"pending-{index}" in used:
        index += 1
    work.put_effect(
        target_id, Effect(f"pending-{index}", PENDING, {"damage": damage, "source": source})
    )
    work.step(
        _("%(damage)s damage to %(name)s lands at the end of the phase (simultaneous)"),
        damage=damage,
        name=target.name,
    )


def pending(work: Work) -> bool:
    return any(e.kind == PENDING for c in work.fight.combatants for e in c.effects)


def land_pending(work: Work) -> None:
    """Apply every held blow (both sides may fall together), then the morale prompts."""
    fallen: list[str] = []
    for combatant in work.fight.combatants:
        held = [e for e in combatant.effects if e.kind == PENDING]
        if not held:
            continue
        total = sum(int(e.data.get("damage", 0)) for e in held)
        for old in held:
            work.remove_effect(combatant.id, old)
        hp = combatant.hp - total
        work.set_hp(combatant.id, hp)
        work.step(
            _("Simultaneous damage lands: %(name)s loses %(damage)s HP (%(hp)s left)"),
            name=combatant.name,
            damage=total,
            hp=hp,
            about=combatant.id,
            secret={"hp": Audience.HEALTH},
        )
        if hp <= 0 and not combatant.has("dead"):
            work.condition(combatant.id, "dead")
            work.step(
                _("%(name)s falls at %(hp)s HP and dies"),
                name=combatant.name,
                hp=hp,
                about=combatant.id,
                secret={"hp": Audience.HEALTH},
            )
            fallen.append(combatant.side)
    after_losses(work, fallen)
