"""The fight as flat arrays for the fast path (issue P): every combatant's numbers read once, with
the engine's own helpers, so the arrays hold exactly what `resolve` would compute.

`roster(fight)` answers None for anything the fast path does not play exactly: a condition,
effect, turn entry, option or stage it does not know, a helpless target, bleeding that cannot
take a creature below 1 HP, or stats the engine would refuse. The rules it reads:

- Útok: ÚČ (the stat block's or SIL + the best melee weapon's útočnost, the tactics' pick) plus
  a campaign condition's modifier and Výhoda +5 of an invisible attacker; zranění likewise;
- Obrana: ZO and OČ (ZO + the best obrana of any weapon + shield, or the stat block's), and
  Výhoda +5 of an invisible defender;
- initiative: OBR and the GM's bonuses (the option's table, initiative effects);
- the state: HP, who is out, prone, bleeding dice and amounts, potions that work as the next
  round begins, surprise (round 1 only, one side), and a running round's bookkeeping (who has
  acted, active defences left, who attacked whom in melee).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from combat.rules import held
from combat.rules.arrays import Bools, Ints
from combat.rules.base import Combatant, Fight, RulesError
from combat.rules.draci_hlidka.attack import unloaded_key
from combat.rules.draci_hlidka.common import (
    OUT,
    can_bleed,
    number,
    override,
    surprised,
    weapon,
    weapon_number,
    zo,
)
from combat.rules.draci_hlidka.defence import defence_weapon
from combat.rules.draci_hlidka.economy import defences_allowed, passive_reason
from combat.rules.draci_hlidka.tactics import best_weapon, new_initiative

# Conditions whose rules the fast path plays; any other declines (helpless, asleep …).
CONDITIONS = OUT | {"surprised", "prone", "invisible", "exhausted"}
OPTIONS = frozenset(
    {
        "initiative_once",
        "critical_bleeds_at_hit",
        "initiative_modifiers",
        "skip_defeated",  # passing over the out changes no blow (they do nothing anyway)
        "new_round_waits",  # the simulator rolls initiative at a round's start either way
        "monster_stats",  # what players read, not a rule
    }
)
TURN_KEYS = frozenset(
    {
        "long",
        "short",
        "instant",
        "casting",
        "reloaded",
        "shot",
        "rearmed",
        "attacks_allowed",
        "defences",
        "melee_attackers",
        "pursuit",
    }
)
VYHODA = 5


@dataclass(frozen=True)
class Roster:
    """One fight's combatants as arrays (index = place in `fight.combatants`)."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]  # in the order of first appearance
    side: Ints  # index into `sides`
    hp: Ints
    out: Bools  # out by a condition (unconscious, dead, fled)
    attack: Ints  # ÚČ with the constant bonuses
    damage: Ints  # zranění
    zo: Ints  # ZO with the constant bonuses (passive Obrana)
    oc: Ints  # OČ with the constant bonuses (active Obrana without the roll)
    bleeds: Bools
    obr: Ints
    initiative: Ints  # the GM's bonus to the initiative roll
    prone: Bools
    bleed_dice: Ints
    bleed_amount: Ints
    max_hp: Ints
    potion_stops: Bools  # a potion stops its bleeding as the next round begins
    potion_heals: Ints  # and heals this much (up to its maximum)
    round: int  # the round the simulation starts in (1 at least)
    once: bool  # initiative rolled once for the whole fight
    at_hit: bool  # critical bleeding loses its first dice at the hit
    first: FirstRound


@dataclass(frozen=True)
class FirstRound:
    """The round the fight is in: who may still act, in which order, and its bookkeeping."""

    tail: Ints | None  # the rest of the order from the current combatant; None: roll it
    order: Ints | None  # the whole order kept (initiative once, a running fight)
    idle: Bools  # has no turn this round (already acted, or surprised in round 1)
    surprised: Bools  # caught by surprise: Výhoda +5 against it, ZO only
    defences: Ints  # active defences left
    attackers: Ints  # how many attacked it in melee
    attacked: Bools  # [a, t]: a is already among t's melee attackers


def roster(fight: Fight) -> Roster | None:
    """The arrays of this fight, or None when it holds something the fast path does not play."""
    if fight.stage or not set(fight.options) <= OPTIONS or fight.round < 0:
        return None
    ids = tuple(c.id for c in fight.combatants)
    if len(set(ids)) != len(ids) or not ids:
        return None
    try:
        if not all(_plain(c) for c in fight.combatants):
            return None
        numbers = [_numbers(fight, c) for c in fight.combatants]
        first = _first_round(fight, ids)
    except (RulesError, KeyError, TypeError, ValueError):
        return None  # the engine refuses it, or it is not what the engine writes
    if first is None or None in numbers:
        return None
    sides = tuple(dict.fromkeys(c.side for c in fight.combatants))
    column = list(zip(*numbers, strict=True))

    def ints(index: int) -> Ints:
        return np.array(column[index], dtype=np.int64)

    return Roster(
        ids=ids,
        sides=sides,
        side=np.array([sides.index(c.side) for c in fight.combatants], dtype=np.int64),
        hp=np.array([c.hp for c in fight.combatants], dtype=np.int64),
        out=np.array([bool(c.conditions & OUT) for c in fight.combatants]),
        attack=ints(0),
        damage=ints(1),
        zo=ints(2),
        oc=ints(3),
        bleeds=ints(4).astype(bool),
        obr=ints(5),
        initiative=ints(6),
        prone=np.array([c.has("prone") for c in fight.combatants]),
        bleed_dice=ints(7),
        bleed_amount=ints(8),
        max_hp=np.array([c.max_hp for c in fight.combatants], dtype=np.int64),
        potion_stops=ints(9).astype(bool),
        potion_heals=ints(10),
        round=max(fight.round, 1),
        once=not new_initiative(fight),
        at_hit=fight.options.get("critical_bleeds_at_hit", True) not in (False, "no"),
        first=first,
    )


def _plain(combatant: Combatant) -> bool:
    """Only conditions, effects and bookkeeping the fast path plays."""
    if not combatant.conditions <= CONDITIONS or not set(combatant.turn) <= TURN_KEYS:
        return False
    if combatant.turn.get("long") == "crawl" or type(combatant.hp) is not int:
        return False
    arm = weapon(combatant, best_weapon(combatant))
    for effect in combatant.effects:
        if effect.kind == "bleeding" and not effect.data.get("protect"):
            continue
        if effect.kind == "unloaded" and effect.key != unloaded_key(arm):
            continue
        if effect.kind == held.HELD and effect.data.get("condition") not in ("prone", "surprised"):
            continue
        if effect.kind == "initiative_modifier":
            continue
        if effect.kind == "potion" and (combatant.hp > 0 or combatant.conditions & OUT):
            continue  # a potion can bring no one back who is out by HP alone
        return False
    return True


def _numbers(fight: Fight, combatant: Combatant) -> tuple[int, ...] | None:
    """attack, damage, zo, oc, bleeds, obr, initiative bonus, bleeding dice and amount, and
    its potions: whether one stops bleeding, and what they heal."""
    arm = weapon(combatant, best_weapon(combatant))
    own_uc, own_oc, own_damage = (override(combatant, key) for key in ("uc", "oc", "zraneni"))
    uc = own_uc if own_uc is not None else number(combatant, "sil") + weapon_number(arm, "utocnost")
    uc += held.total(combatant) + (VYHODA if combatant.has("invisible") else 0)
    damage = own_damage if own_damage is not None else weapon_number(arm, "zraneni")
    guard = weapon_number(defence_weapon(combatant, None), "obrana")
    base = zo(combatant)
    oc = own_oc if own_oc is not None else base + guard + number(combatant, "stit")
    shown = VYHODA if combatant.has("invisible") else 0
    obr = number(combatant, "obr")
    if not -20 <= obr <= 20:
        return None
    dice = amount = 0
    for effect in combatant.effects:
        if effect.kind != "bleeding":
            continue
        count, fixed = effect.data.get("dice"), effect.data.get("amount", 0)
        if type(count) is int and count > 0:
            dice += count
        else:
            amount += fixed if type(fixed) is int else 0
    bonus = _initiative_bonus(fight, combatant)
    if bonus is None or type(combatant.max_hp) is not int:
        return None
    potions = [e.data for e in combatant.effects if e.kind == "potion"]
    stops = any(data.get("stops_bleeding") for data in potions)
    heals = sum(h for h in (d.get("heal", 0) for d in potions) if type(h) is int and h > 0)
    shield = (base + shown, oc + shown)
    return (uc, damage, *shield, can_bleed(combatant), obr, bonus, dice, amount, stops, heals)


def _initiative_bonus(fight: Fight, combatant: Combatant) -> int | None:
    """The GM's bonus as combat.rules.draci_hlidka.initiative adds it; None where it refuses."""
    table = fight.options.get("initiative_modifiers", {})
    value = table.get(combatant.id, 0) if isinstance(table, Mapping) else 0
    if type(value) is not int or not -50 <= value <= 50:
        return None
    for effect in combatant.effects:
        extra = effect.data.get("value", 0) if effect.kind == "initiative_modifier" else 0
        value += extra if type(extra) is int and -50 <= extra <= 50 else 0
    return int(value)


def _first_round(fight: Fight, ids: tuple[str, ...]) -> FirstRound | None:
    """The round under way: a running one's order and bookkeeping, or a round to roll for."""
    where = {cid: index for index, cid in enumerate(ids)}
    order = [where[cid] for cid in fight.order] if fight.order else []
    if len(set(order)) != len(order):
        return None
    once = not new_initiative(fight)
    tail: Ints | None = None
    if fight.current is not None:
        if fight.round < 1 or fight.current not in fight.order:
            return None
        tail = np.array(order[fight.order.index(fight.current) :], dtype=np.int64)
    elif once and any(c.initiative is not None for c in fight.combatants):
        return None  # some keep an earlier roll: the engine's order of kept and new rolls
    turns = [_turn(c.turn, where) for c in fight.combatants]
    if None in turns:
        return None
    caught = [surprised(fight, c) and fight.round <= 1 for c in fight.combatants]
    attacked = np.zeros((len(ids), len(ids)), dtype=bool)
    for target, numbers in enumerate(turns):
        for attacker in numbers[3] if numbers else ():
            attacked[attacker, target] = True
    return FirstRound(
        tail=tail,
        order=np.array(order, dtype=np.int64) if once and tail is not None else None,
        idle=np.array([bool(t and t[0]) or s for t, s in zip(turns, caught, strict=True)]),
        surprised=np.array(caught),
        defences=np.array([t[1] if t else 0 for t in turns], dtype=np.int64),
        attackers=np.array([t[2] if t else 0 for t in turns], dtype=np.int64),
        attacked=attacked,
    )


def _turn(
    turn: Mapping[str, Any], where: Mapping[str, int]
) -> tuple[bool, int, int, list[int]] | None:
    """busy, active defences left, melee attackers, their places; None: not played exactly."""
    busy = bool(turn.get("long") or turn.get("short"))
    if "attacks_allowed" in turn and not busy:
        return None  # its Útok would set it anew: a round the tactics never leave
    fake = Combatant("x", "x", "x", {}, 1, 1, turn=turn)
    used = turn.get("defences", 0)
    if type(used) is not int:
        return None
    left = 0 if passive_reason(fake) is not None else defences_allowed(turn) - used
    attackers = list(turn.get("melee_attackers", ()))
    if not all(isinstance(cid, str) and cid in where for cid in attackers):
        return None
    places = [where[cid] for cid in dict.fromkeys(attackers)]
    return busy, left, len(attackers), places
