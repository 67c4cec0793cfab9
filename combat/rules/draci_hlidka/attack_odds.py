"""The odds of one blow before it is rolled (seed 000), from distributions instead of faces.

seed 000: a blow hits "jestliže byl tvůj útok vyšší nežli jeho obrana", Útok = ÚČ + 1k6 and
Obrana = OČ + 1k6 when the defender defends actively (ZO alone when passive, 0 when helpless),
every 6 rolled again; "Zranění = (Útok – Obrana) + Zranění zbraně", never below 0.

So a blow's chance to hit and its expected Zranění follow from two numbers and two exploding
dice. The engine itself says what the numbers are for this action, with every modifier it
applies: it resolves the action with faces set in advance (a probe) and the numbers are read off
its outcome. Whatever a probe meets that this formula does not cover — another die (a helpless
target's wound), more than one blow, a refusal — leaves the odds to the enumeration of every
face (combat.rules.preview), which stays the reference (tests compare both).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from combat.rules.base import Action, Fight, RulesError
from combat.rules.dice import InvalidDice
from combat.rules.engine import EngineBase
from combat.rules.odds import odds

LOW, HIGH = [1], [6] * 10 + [5]  # the attack die's faces in the two probes


class _Probe:
    """The attack die's faces as given, then 1 for every other die; the sides asked, kept."""

    def __init__(self, attack: list[int]) -> None:
        self._script: list[int] = list(attack)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return self._script.pop(0) if self._script else 1


def exact_odds(engine: EngineBase, fight: Fight, action: Action) -> tuple[Fraction, ...] | None:
    """(chance to hit, expected Zranění, chance not covered) of a one-target Útok, or None."""
    if action.kind != "attack" or len(action.targets or ()) != 1:
        return None
    low = _probe(engine, fight, action, LOW)
    if low is None:
        return None
    blow, sides = low
    if blow["attack_faces"] != LOW or sides not in ([6], [6, 6]):
        return None  # another die than the attack's and the defence's: enumerate
    active = sides == [6, 6]
    if active != (blow["defence_mode"] == "active"):
        return None
    attack, defence = blow["attack"] - 1, blow["defence"] - (1 if active else 0)
    zraneni = _zraneni(engine, fight, action, blow)
    if zraneni is None:
        return None
    return _chances(attack, defence, zraneni, active)


def _probe(
    engine: EngineBase, fight: Fight, action: Action, attack: list[int]
) -> tuple[Mapping[str, Any], list[int]] | None:
    probe = _Probe(attack)
    try:
        data = engine.resolve(fight, action, probe).data
    except (RulesError, InvalidDice):
        return None
    blows = data.get("attacks")
    if not isinstance(blows, list) or len(blows) != 1:
        return None
    return blows[0], probe.sides


def _zraneni(
    engine: EngineBase, fight: Fight, action: Action, blow: Mapping[str, Any]
) -> int | None:
    """The weapon's zranění, from a blow that wounds: Zranění − (Útok − Obrana)."""
    if not (blow["hit"] and blow["damage"] > 0):
        high = _probe(engine, fight, action, HIGH)
        if high is None or high[0]["attack_faces"] != HIGH:
            return None
        blow = high[0]
        if not (blow["hit"] and blow["damage"] > 0):
            return None  # nothing wounds this target (a flat blow at 0)
    return int(blow["damage"]) - (int(blow["attack"]) - int(blow["defence"]))


def _chances(attack: int, defence: int, zraneni: int, active: bool) -> tuple[Fraction, ...]:
    """Every total of the attack die against every total of the defence die (or none), in
    whole numbers over the dice's common denominator (exact, and fast)."""
    die = odds("1d6!")
    scale = math.lcm(*(p.denominator for p in die.totals.values()))
    rolls = [(total, int(p * scale)) for total, p in die.totals.items()]
    defended = rolls if active else [(0, scale)]
    hit = damage = 0
    for a, p in rolls:
        for d, q in defended:
            margin = attack + a - defence - d
            if margin > 0:
                hit += p * q
                damage += p * q * max(0, margin + zraneni)
    # The odds follow each exploding die so deep (combat.rules.odds); a chain longer than that
    # is where the numbers may be off: its chance, per die rolled, is what is not covered.
    deeper = Fraction(1, 6) ** ((die.depth or 0) + 1)
    whole = scale * scale
    return Fraction(hit, whole), Fraction(damage, whole), deeper * (2 if active else 1)
