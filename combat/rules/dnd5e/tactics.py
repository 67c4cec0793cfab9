"""Simple tactics for the simulator (combat.rules.simulate): D&D 5e.

On its turn a creature attacks the standing enemy with the fewest HP, with its best attack — the
weapon or stat-block attack with the largest expected damage (chance to hit × average damage)
against the enemies' average AC; the Attack action's every attack (Extra Attack) and, for a
monster with a countable Multiattack, the Multiattack and then each of its attacks. A prone
creature stands up first. A monster breathes first when it can (a ready action that recharges,
with damage) on every standing enemy; the breath then waits for its recharge d6. A dying
character makes its death saving throw (SRD 5.1) and nothing else. As another creature's turn
ends, a legendary monster spends a legendary action while it has one left (`after_turn`): an
option with a save and damage (the Wing Attack) on every standing enemy when two or more stand,
else one that names an attack. Nobody moves, dodges, casts a save spell (those are the GM's: seed
002's "Not done") or takes reactions. Initiative is rolled once for the whole fight [std].
"""

from __future__ import annotations

from combat.rules.base import Action, Combatant, Fight, RulesError
from combat.rules.dnd5e import legendary, multiattack
from combat.rules.dnd5e.catalogue import KNOWN, SPECS
from combat.rules.dnd5e.common import incapacitated, is_dead, is_dying, is_out, stat
from combat.rules.dnd5e.economy import is_stale
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import named_attacks, profile
from combat.rules.dnd5e.saves import MOST_TARGETS, calls_for_save, recharges_on, usable
from combat.rules.dnd5e.turns import multiattack_count
from combat.rules.simulate import Choose, average, weakest_enemy

__all__ = ["after_turn", "is_out", "plan"]

REACH = 5  # feet: the engine's default distance, everyone in reach (there are no positions)
NO_ATTACK = ""  # no weapon or attack: an unarmed strike


def plan(fight: Fight) -> Choose:
    best = {c.id: best_attack(c, enemy_ac(fight, c)) for c in fight.combatants}
    multi = {c.id: _multiattack(c) for c in fight.combatants}

    def choose(fight: Fight, actor_id: str, taken: int) -> Action | None:
        actor = fight.get(actor_id)
        turn = {} if is_stale(actor.turn, fight.round) else actor.turn
        if is_dead(actor) or actor.has("stable"):
            return None
        if is_dying(actor):
            return None if turn.get("death_save") else Action("death_save", actor_id)
        if incapacitated(actor) or (actor.has("surprised") and fight.round <= 1):
            return None
        if actor.has("prone"):
            return Action("stand_up", actor_id)
        if turn.get("action") and not turn.get("attacks_left"):
            return None
        breath = _breath(fight, actor) if not turn.get("action") else None
        if breath is not None:
            return breath
        if not turn.get("action") and multi[actor_id]:
            return Action("multiattack", actor_id)
        target = weakest_enemy(fight, actor, is_out)
        if target is None:
            return None
        planned = multiattack.left(turn)  # the Multiattack's own attacks, in its order
        weapon = planned[0] if planned else best[actor_id]
        if weapon == NO_ATTACK:
            return Action("unarmed", actor_id, (target.id,))
        return Action("attack", actor_id, (target.id,), weapon)

    return choose


def after_turn(fight: Fight, ended: str) -> list[Action]:
    """As another creature's turn ends, each legendary monster with an action left spends one:
    on an option with a saving throw and damage (the Wing Attack) at every standing enemy when
    two or more stand and it can pay for it, else on an option that names an attack (the Tail
    Attack) at the weakest standing enemy."""
    found = []
    for monster in fight.combatants:
        if monster.id == ended or not monster.is_npc or is_out(monster):
            continue
        chosen = _legendary_choice(fight, monster)
        if chosen is not None:
            found.append(chosen)
    return found


def _legendary_choice(fight: Fight, monster: Combatant) -> Action | None:
    have = legendary.left(monster)
    affordable = [e for e in legendary.options(monster) if legendary.cost(e) <= have]
    foes = [c.id for c in fight.combatants if c.side != monster.side and not is_out(c)]
    areas = [e for e in affordable if calls_for_save(e) and e.get("damage")]
    if areas and len(foes) >= 2:
        name = str(areas[0]["name"])
        return Action("legendary", monster.id, tuple(foes[:MOST_TARGETS]), name)
    attacks = [e for e in affordable if legendary.named_attack(monster, e)]
    target = weakest_enemy(fight, monster, is_out)
    if not attacks or target is None:
        return None
    name = str(attacks[0]["name"])
    return Action("legendary", monster.id, (target.id,), name, {"distance": 5})


def _breath(fight: Fight, actor: Combatant) -> Action | None:
    """A monster's ready area action (one that recharges, as breath weapons do) with damage, on
    every standing enemy (there are no positions: all in the cone)."""
    if not actor.is_npc:
        return None
    ready = [e for e in usable(actor) if recharges_on(e) is not None and e.get("damage")]
    foes = [c.id for c in fight.combatants if c.side != actor.side and not is_out(c)]
    if not ready or not foes:
        return None
    strongest = max(ready, key=lambda e: sum(average(str(d.get("dice"))) for d in e["damage"]))
    return Action("save_action", actor.id, tuple(foes[:MOST_TARGETS]), str(strongest["name"]))


def best_attack(combatant: Combatant, ac: float) -> str:
    """The weapon or stat-block attack with the largest expected damage against `ac`."""
    mods = Mods({}, SPECS["attack"].allowed, KNOWN)
    found, worth = NO_ATTACK, -1.0
    for name in named_attacks(combatant):
        try:
            made = profile(combatant, "attack", name, mods, REACH)
        except RulesError:
            continue  # e.g. a spell attack without a spellcasting ability
        hit = min(0.95, max(0.05, (21 + made.bonus - ac) / 20))  # a 1 misses, a 20 hits
        value = hit * sum(average(dice) for dice, _kind in made.damage)
        if value > worth:
            found, worth = name, value
    return found


def enemy_ac(fight: Fight, combatant: Combatant) -> float:
    """The enemies' average AC, by which the weapons are ranked (12 when none has a number)."""
    values = [
        stat(other, "ac")
        for other in fight.combatants
        if other.side != combatant.side and type(stat(other, "ac")) is int
    ]
    return sum(values) / len(values) if values else 12.0


def _multiattack(combatant: Combatant) -> bool:
    text = str(stat(combatant, "multiattack") or "")
    return bool(text) and multiattack_count(text) is not None
