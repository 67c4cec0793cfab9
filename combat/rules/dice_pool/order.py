"""The acting order (seed 004): no initiative roll — sides alternate, players keep their order.

The seed rolls no initiative: "NPC a hráč se v kolech střídají", and in group fights the order
of players decides who loses a die first ("nejprve prvního hráče v pořadí"). So "rolling
initiative" fixes the order without dice: the combatants as the GM added them, sides taking
turns (first of one side, first of the other, second of the first …). The GM may move anyone
afterwards; a late-comer joins at the end. Lost dice last "na celý zbytek souboje" only, so a
character joining a fight starts with all its dice (its HP — its dice — may have been carried
over from the last fight).
"""

from __future__ import annotations

from collections.abc import Sequence

from combat.rules.base import Combatant, Fight, Outcome, Step, _
from combat.rules.dice_pool.common import Work, sides_in_order
from combat.rules.faces import FaceSource
from combat.rules.work import joined_roster, roster


def alternate(members: Sequence[Combatant]) -> list[str]:
    """Sides in turn, each side's members in the given order."""
    queues = {side: [c.id for c in members if c.side == side] for side in sides_in_order(members)}
    order: list[str] = []
    while any(queues.values()):
        for queue in queues.values():
            if queue:
                order.append(queue.pop(0))
    return order


def fix_order(fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
    work = Work(fight, faces)
    joining = [work.get(cid) for cid in dict.fromkeys(ids)]
    kept = [cid for cid in fight.order if cid in {c.id for c in fight.combatants}]
    new = [c for c in joining if c.id not in kept]
    order = kept + [c.id for c in new] if kept else alternate(new)
    for combatant in new:
        with work.about_combatant(combatant.id):
            _fresh(work, combatant)
    listed = roster(work.fight, order)
    work.step(
        _("No initiative roll in this system; the order is %(order)s"),
        order=joined_roster(listed),
        lists={"order": listed},
    )
    work.note(
        _(
            "Sides take turns and players keep their order: the first player loses the "
            "first die. Move anyone in the order if the scene wants it."
        )
    )
    summary = Step(_("The order is fixed without dice"))
    return work.finish(summary, {"order": order, "joined": [c.id for c in new]}, order=tuple(order))


def _fresh(work: Work, combatant: Combatant) -> None:
    """A character joins with all its dice and not beaten (seed 004: for the rest of *that*
    fight)."""
    if combatant.is_npc:
        return
    if combatant.hp < combatant.max_hp:
        work.set_hp(combatant.id, combatant.max_hp)
        work.step(
            _("%(name)s starts the fight with all %(dice)s dice"),
            name=combatant.name,
            dice=combatant.max_hp,
        )
    work.condition(combatant.id, "beaten", add=False)
