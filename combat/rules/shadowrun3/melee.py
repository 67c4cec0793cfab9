"""Melee combat: standard SR3 [std] — pages 21–39 of the chapter are not in the seed.

BRIEF (Shadowrun 3, Melee [std]): an opposed test, attacker and defender each roll their melee
skill (or unarmed combat) + combat-pool dice against TN 4, modified by the situation and by
reach. More successes wins; a defender who wins strikes back unless it chose full defence; a
tie hits nobody. The winner's net successes stage its weapon's damage, the loser resists with
Body + remaining pool against Power − impact armour and stages it back down. Unarmed damage is
(STR)M stun; melee weapons' codes are Strength-based.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from combat.rules.base import Audience, RolledDice, RulesError, Step, _
from combat.rules.faces import FaceSource
from combat.rules.shadowrun3.damage import (
    DamageCode,
    Dealt,
    Level,
    Resister,
    code_steps,
    resistance_test,
    result_step,
    stage,
    staging_steps,
    unarmed_code,
    weapon_code,
)
from combat.rules.shadowrun3.modifiers import TargetNumber, build
from combat.rules.shadowrun3.success import TestResult, success_test

BASE_TN = 4
Side = Literal["attacker", "defender"]


def melee_code(weapon: Mapping[str, Any] | None, strength: int) -> DamageCode:
    """A melee weapon's Strength-based code ("(STR+3)M"), or bare hands: (STR)M stun."""
    return unarmed_code(strength) if weapon is None else weapon_code(weapon, strength)


def melee_target_numbers(
    *,
    attacker_reach: int = 0,
    defender_reach: int = 0,
    reach_use: Literal["own", "other"] = "own",
    attacker_wound_tn: int = 0,
    defender_wound_tn: int = 0,
    attacker_modifier: int = 0,
    defender_modifier: int = 0,
    called_shot: bool = False,
    attacker_held: int = 0,
) -> tuple[TargetNumber, TargetNumber]:
    """Both TNs (4 + wounds + situation); the longer reach lowers its own TN or raises the
    other's by the difference, as its owner chooses (`reach_use`)."""
    if reach_use not in ("own", "other"):
        raise RulesError(_("reach is used to lower one's own TN or raise the other's"))
    difference = attacker_reach - defender_reach
    own, other = (-abs(difference), 0) if reach_use == "own" else (0, abs(difference))
    longer_is_attacker = difference > 0
    attacker_reach_mod = own if longer_is_attacker else other if difference else 0
    defender_reach_mod = other if longer_is_attacker else own if difference else 0
    attacker = build(
        BASE_TN,
        [
            ("reach", attacker_reach_mod),
            ("wounds", attacker_wound_tn),
            ("called_shot", 4 if called_shot else 0),
            ("gm", attacker_modifier),
            ("held", attacker_held),
        ],
    )
    defender = build(
        BASE_TN,
        [("reach", defender_reach_mod), ("wounds", defender_wound_tn), ("gm", defender_modifier)],
    )
    return attacker, defender


@dataclass(frozen=True)
class Fighter:
    """One side of the opposed test."""

    who: Resister
    dice: int  # melee skill (or unarmed combat) + combat-pool dice
    target_number: int
    code: DamageCode  # what this side deals if it wins
    resist_pool: int = 0  # pool dice left to resist with if it loses
    armour_override: int | None = None  # the other's called shot at a weaker spot


@dataclass(frozen=True)
class MeleeResult(Dealt):
    attacker: Fighter
    defender: Fighter
    attack: TestResult
    defence: TestResult
    winner: Side | None  # None: a tie, or a defender in full defence who won
    net: int  # the winner's successes over the loser's
    resistance: TestResult | None
    code: DamageCode  # the winner's code
    level: Level | None  # what reaches the loser (None: nothing)
    steps: tuple[Step, ...]
    rolls: tuple[RolledDice, ...]

    @property
    def victim(self) -> str | None:
        if self.winner is None or self.level is None:
            return None
        return (self.defender if self.winner == "attacker" else self.attacker).who.id

    @property
    def hit(self) -> bool:
        """The attacker's blow landed (a counter-blow is not a hit of the attack)."""
        return self.winner == "attacker"

    @property
    def summary(self) -> Step:
        names = {"attacker": self.attacker.who.name, "defender": self.defender.who.name}
        if self.winner is None:
            return Step(_("%(attacker)s and %(defender)s: nobody is hit"), names)
        loser = self.defender if self.winner == "attacker" else self.attacker
        return result_step(loser.who.name, self.code, self.level)

    def data(self) -> dict[str, Any]:
        return {
            "hit": self.hit,
            "damage": self.boxes if self.hit else 0,
            "counter": self.boxes if self.winner == "defender" else 0,
            "winner": self.winner,
            "level": self.level,
            "net": self.net,
            "victim": self.victim,
            "stun": self.stun,
        }


def resolve_melee(
    attacker: Fighter, defender: Fighter, faces: FaceSource, *, full_defence: bool = False
) -> MeleeResult:
    """The opposed test, then the loser's resistance and the staging of the winner's code."""
    exchange, steps = _opposed_test(attacker, defender, faces)
    attack, defence = exchange.attack, exchange.defence
    net = abs(attack.successes - defence.successes)
    if attack.successes == defence.successes:
        steps.append(Step(_("as many successes on both sides: nobody is hit")))
        return exchange.result(None, 0, None, attacker.code, None, steps)
    won_attack = attack.successes > defence.successes
    if not won_attack and full_defence:
        steps.append(
            Step(
                _("full defence: %(name)s avoids the blow and does not strike back"),
                {"name": defender.who.name},
            )
        )
        return exchange.result(None, net, None, attacker.code, None, steps)
    if not won_attack:
        steps.append(
            Step(_("%(name)s wins the exchange and strikes back"), {"name": defender.who.name})
        )
    return _blow(exchange, net, steps, faces)


@dataclass(frozen=True)
class _Exchange:
    """Both sides' tests of one exchange of blows."""

    attacker: Fighter
    defender: Fighter
    attack: TestResult
    defence: TestResult

    def result(
        self,
        winner: Side | None,
        net: int,
        resistance: TestResult | None,
        code: DamageCode,
        level: Level | None,
        steps: list[Step],
    ) -> MeleeResult:
        rolls = (*self.attack.rolls, *self.defence.rolls, *(resistance.rolls if resistance else ()))
        return MeleeResult(
            self.attacker,
            self.defender,
            self.attack,
            self.defence,
            winner,
            net,
            resistance,
            code,
            level,
            tuple(steps),
            rolls,
        )


def _opposed_test(
    attacker: Fighter, defender: Fighter, faces: FaceSource
) -> tuple[_Exchange, list[Step]]:
    """Both sides roll, the attacker first; the steps of both tests."""
    attack = success_test(
        attacker.dice, attacker.target_number, faces, purpose="attack", roller=attacker.who.id
    )
    defence = success_test(
        defender.dice, defender.target_number, faces, purpose="defence", roller=defender.who.id
    )
    steps = [
        Step(_("standard SR3 melee (not in the seed)")),
        Step(_("%(name)s attacks"), {"name": attacker.who.name}),
        *attack.steps,
        Step(_("%(name)s defends"), {"name": defender.who.name}),
        *defence.steps,
    ]
    return _Exchange(attacker, defender, attack, defence), steps


def _blow(exchange: _Exchange, net: int, steps: list[Step], faces: FaceSource) -> MeleeResult:
    """The winner's code staged up by its net successes; the loser resists with impact armour."""
    won_attack = exchange.attack.successes > exchange.defence.successes
    winner, loser = (
        (exchange.attacker, exchange.defender)
        if won_attack
        else (exchange.defender, exchange.attacker)
    )
    steps += code_steps(winner.code)
    armour = loser.who.impact if loser.armour_override is None else loser.armour_override
    steps.append(
        Step(_("impact armour %(armour)s"), {"armour": armour}, Audience.STATS, loser.who.id)
    )
    resistance = resistance_test(loser.who, winner.code.power, armour, loser.resist_pool, faces)
    level = stage(winner.code.level, net - resistance.successes)
    steps += [
        *resistance.steps,
        *staging_steps(net, resistance.successes, winner.code.level),
        result_step(loser.who.name, winner.code, level),
    ]
    side: Side = "attacker" if won_attack else "defender"
    return exchange.result(side, net, resistance, winner.code, level, steps)
