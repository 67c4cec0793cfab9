"""The fast path's reading of one Shadowrun 3 fight: every combatant's numbers, once, into flat
numpy arrays (one entry per combatant, in the fight's order), or None when the fight holds
something the fast path does not play exactly (see `combat.rules.shadowrun3.fast`).

Everything is worked out with the engine's and the tactics' own functions (the weapon the tactics
pick, its skill, code, range band, sights and recoil, the defender's guard), so the numbers are
the ones `engine.resolve` would use; only the dice are left to the loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

import numpy as np

from combat.rules.arrays import Bools, Ints
from combat.rules.base import Combatant, Fight, RulesError
from combat.rules.shadowrun3.common import (
    OUT,
    PERSISTENT,
    is_out,
    natural_reaction,
    number,
    pool_size,
    reaction,
    stat,
    weapon,
)
from combat.rules.shadowrun3.damage import LEVELS, DamageCode, weapon_code
from combat.rules.shadowrun3.firearms import MODES, Mode, is_heavy, stabilise
from combat.rules.shadowrun3.handlers_gear import ammo, mode, skill_dice, smart_free
from combat.rules.shadowrun3.handlers_melee import defending_weapon
from combat.rules.shadowrun3.melee import melee_code
from combat.rules.shadowrun3.modifiers import LASER_RANGE, SMART
from combat.rules.shadowrun3.range_bands import band_limits, range_band
from combat.rules.shadowrun3.ranged import armour_kind
from combat.rules.shadowrun3.tactics import FIRE, best_arm

RECOIL = 16  # raw recoil points of one phase the table covers (two bursts make 6)
# The fight options the engine or the flow reads (and the display's monster_stats); any other
# key is declined, in case it is a rule.
KNOWN_OPTIONS = frozenset(
    {"weapons", "delays", "skip_defeated", "new_round_waits", "monster_stats"}
)
AMMUNITION = frozenset({"normal", "apds", "gel"})  # the rounds the loop knows
POOL_MOST = 30  # the engine refuses more than 30 pool dice for one test


class Declined(Exception):
    """Something in the fight the fast path does not play."""


@dataclass
class Table:
    """Per combatant (arrays of the fight's length); `fire` says gun (True) or melee."""

    ids: tuple[str, ...]
    side: Ints
    sides: tuple[str, ...]
    numbers: dict[str, Ints]  # body, dermal, ballistic, impact, reaction, natural, dice, …
    fire: Bools
    recoil: Ints  # (combatants, RECOIL): the TN's recoil part after compensation and gyro
    phys: Ints  # boxes filled as the simulation begins
    stun: Ints
    out: Bools
    rounds: Ints  # the chosen firearm's rounds left
    clip: Bools


def read(fight: Fight) -> Table:
    """The table of `fight`, or Declined."""
    if any(key not in KNOWN_OPTIONS for key in fight.options):
        raise Declined("option")
    if fight.options.get("weapons") == "holstered":
        raise Declined("holstered weapons")
    try:
        rows = [_row(fight, c) for c in fight.combatants]
    except (RulesError, TypeError, ValueError) as error:  # a stat the engine would refuse
        raise Declined("stats") from error
    keys = [k for k in rows[0] if k not in ("recoil", "fire")] if rows else []
    sides = tuple(dict.fromkeys(c.side for c in fight.combatants))
    return Table(
        ids=tuple(c.id for c in fight.combatants),
        side=np.array([sides.index(c.side) for c in fight.combatants], dtype=np.int64),
        sides=sides,
        numbers={k: np.array([r[k] for r in rows], dtype=np.int64) for k in keys},
        fire=np.array([r["fire"] for r in rows], dtype=np.bool_),
        recoil=np.array([r["recoil"] for r in rows], dtype=np.int64).reshape(-1, RECOIL),
        phys=np.array([max(0, c.max_hp - c.hp) for c in fight.combatants], dtype=np.int64),
        stun=np.array([_stun(c) for c in fight.combatants], dtype=np.int64),
        out=np.array([is_out(c) for c in fight.combatants], dtype=np.bool_),
        rounds=np.array([r["loaded"] for r in rows], dtype=np.int64),
        clip=np.array([r["clip"] for r in rows], dtype=np.bool_),
    )


def _stun(combatant: Combatant) -> int:
    value = combatant.turn.get("stun", 0)
    return value if type(value) is int and value > 0 else 0


def _row(fight: Fight, c: Combatant) -> dict[str, Any]:
    """One combatant's numbers; Declined for what the loop does not know."""
    if c.effects or (not is_out(c) and c.conditions - OUT):
        raise Declined("condition or effect")
    if is_out(c):
        return {**_plain(c), **_melee(fight, c, None), **_idle()}
    if c.hp > c.max_hp or number(c, "initiative_dice") < 1:
        raise Declined("monitor or initiative")
    if any(c.turn.get(key) for key in PERSISTENT if key not in ("stun", "ammo")):
        raise Declined("weapon state")
    name, kind = best_arm(c)
    row = {**_plain(c), **_melee(fight, c, name if kind != FIRE else None)}
    if row["third"] > POOL_MOST:
        raise Declined("pool")
    if kind == FIRE and name is not None:
        return {**row, **_gun(c, weapon(c, name))}
    return {**row, **_idle()}


def _plain(c: Combatant) -> dict[str, Any]:
    full = pool_size(c)
    return {
        "body": number(c, "body"),
        "dermal": number(c, "dermal_armor"),
        "ballistic": number(c, "ballistic"),
        "impact": number(c, "impact"),
        "reaction": reaction(c),
        "natural": natural_reaction(c),
        "dice": number(c, "initiative_dice"),
        "pool": full,
        "third": full // 3,
        "max_hp": c.max_hp,
    }


def _code(code: DamageCode, prefix: str) -> dict[str, int]:
    return {
        f"{prefix}power": code.power,
        f"{prefix}level": LEVELS.index(code.level),
        f"{prefix}stun": int(code.stun),
    }


def _melee(fight: Fight, c: Combatant, name: str | None) -> dict[str, Any]:
    """The melee attack the tactics make (`name`: its weapon, None: bare hands) and the guard
    the combatant defends with (its best ready melee weapon: defending_weapon)."""
    strength = number(c, "strength")
    arm = weapon(c, name) if name else None
    guard = defending_weapon(fight, c)
    code, counter = melee_code(arm, strength), melee_code(guard, strength)
    return {
        "mskill": skill_dice(c, arm)[1],
        "mreach": int((arm or {}).get("reach", 0)),
        **_code(code, "m"),
        "gskill": skill_dice(c, guard)[1],
        "greach": int((guard or {}).get("reach", 0)),
        **_code(counter, "g"),
    }


def _idle() -> dict[str, Any]:
    """A combatant without a firearm: no gun numbers."""
    return {
        "fire": False,
        "recoil": [0] * RECOIL,
        "loaded": 0,
        "clip": True,
        "fskill": 0,
        "fbase": 4,
        "mode": 0,
        "magazine": 0,
        "ballistic_arm": True,
        "halved": False,
        "smart_free": False,
        **_code(DamageCode(0, "L"), "f"),
    }


def _gun(c: Combatant, arm: Mapping[str, Any]) -> dict[str, Any]:
    """The firearm the tactics shoot with: its code, TN before the shot's own modifiers (short
    range, sights), recoil after compensation, magazine and mode."""
    strength = number(c, "strength")
    state = ammo(c, arm)
    magazine = int(arm.get("magazine", 0) or 0)
    loaded = state.get("type")
    if magazine <= 0 or loaded not in AMMUNITION or type(state.get("rounds")) is not int:
        raise Declined("ammunition")
    if loaded != arm.get("ammunition", "normal"):
        raise Declined("another ammunition")  # a new clip would bring the weapon's own
    try:
        distance = band_limits(arm, strength).bands[0]
        band = range_band(arm, distance, strength=strength)
    except RulesError as error:
        raise Declined("range") from error
    chosen = cast(Mode, mode(c, arm))
    smart = str(stat(c, "smartlink"))
    sight = 0
    if arm.get("smartgun") and smart in SMART and smart != "none" and not band.magnified:
        sight = SMART[smart]
    elif arm.get("laser_sight") and distance <= LASER_RANGE:
        sight = -1
    code = weapon_code(arm, strength)
    if loaded == "gel":  # ammunition.volley_code and armour_against: −2, stun, impact armour
        code = replace(code, power=code.power - 2, stun=True)
    heavy = is_heavy(arm, chosen)
    return {
        "fire": True,
        "recoil": [_recoil(arm, raw, heavy) for raw in range(RECOIL)],
        "loaded": int(state["rounds"]),
        "clip": bool(state["clip"]),
        "fskill": skill_dice(c, arm)[1],
        "fbase": band.base_tn + sight,
        "mode": MODES.index(chosen),
        "magazine": magazine,
        "ballistic_arm": armour_kind(arm) == "ballistic" and loaded != "gel",
        "halved": loaded == "apds",  # APDS halves the armour, rounded down
        "smart_free": smart_free(c, arm),
        **_code(code, "f"),
    }


def _recoil(arm: Mapping[str, Any], raw: int, heavy: bool) -> int:
    return stabilise(
        raw,
        compensation=int(arm.get("recoil_compensation", 0) or 0),
        heavy=heavy,
        gyro=int(arm.get("gyro", 0) or 0),
        movement=0,
    ).recoil
