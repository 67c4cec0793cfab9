"""Simple tactics for the simulator (combat.rules.simulate): Dračí Hlídka.

Everyone standing attacks (Útok, a long action) the standing enemy with the fewest životy, with
its best melee weapon — the largest útočnost + zranění (seed 000: Útok = ÚČ + k6, zranění =
Útok − Obrana + the weapon's zranění), a monster without weapons with its stat block's ÚČ. A
prone combatant stands up instead (a short action). Active defence is the engine's own choice
("auto"): an attacker or one who took one short action still defends actively (seed 000, OBRANA),
so these tactics never give it up. Nobody moves, shoots, flees or treats bleeding; a surprised
combatant does nothing in round 1, and one who finds every enemy already attacked by three
others this round waits. Initiative is rolled again every round unless the fight's
option says once (seed 000, HOD NA INICIATIVU).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Fight
from combat.rules.draci_hlidka.common import is_missile, is_out, surprised
from combat.rules.simulate import Choose

__all__ = ["is_out", "new_initiative", "plan"]


def plan(fight: Fight) -> Choose:
    best = {c.id: best_weapon(c) for c in fight.combatants}

    def choose(fight: Fight, actor_id: str, taken: int) -> Action | None:
        actor = fight.get(actor_id)
        if taken or is_out(actor) or surprised(fight, actor) or _busy(actor.turn):
            return None
        if actor.has("prone"):
            return Action("stand_up", actor_id)
        target = _target(fight, actor)
        if target is None:
            return None
        return Action("attack", actor_id, (target.id,), best[actor_id])

    return choose


def _target(fight: Fight, actor: Combatant) -> Combatant | None:
    """The weakest enemy that fewer than three others attack in melee this round (seed 000:
    "Jednoho tvora mohou obvykle obklíčit nejvýše tři tvorové"); None: everyone is surrounded,
    it waits."""
    enemies = [c for c in fight.combatants if c.side != actor.side and not is_out(c)]
    enemies.sort(key=lambda c: c.hp)
    for enemy in enemies:
        attackers = enemy.turn.get("melee_attackers", ())
        if actor.id in attackers or len(attackers) < 3:
            return enemy
    return None


def new_initiative(fight: Fight) -> bool:
    """seed 000: initiative every round, unless the GM rolls it once for the whole fight."""
    return fight.options.get("initiative_once") not in (True, "yes")


def best_weapon(combatant: Combatant) -> str | None:
    """The melee weapon with the most útočnost + zranění (then obrana); None: fists, or a
    monster's own ÚČ."""
    melee = [w for w in combatant.weapons if w.get("name") and not is_missile(w)]
    if not melee:
        return None
    return str(max(melee, key=_worth)["name"])


def _worth(weapon: Mapping[str, Any]) -> tuple[int, int]:
    def number(key: str) -> int:
        value = weapon.get(key, 0)
        return value if type(value) is int else 0

    return number("utocnost") + number("zraneni"), number("obrana")


def _busy(turn: Mapping[str, Any]) -> bool:
    """It already used its time this round (a running fight's current actor may have)."""
    return bool(turn.get("long") or turn.get("short"))
