"""Ammunition (seed 003, Munice): the damage code a volley deals and the armour it meets.

Explosive rounds add Power, gel rounds take it away and deal stun against impact armour, APDS
halves the armour and flechette trades armour for a level against an unarmoured target.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from combat.rules.base import Audience, Step, _, ngettext
from combat.rules.shadowrun3.damage import DamageCode, Resister, code_steps
from combat.rules.shadowrun3.firearms import Volley

AMMO_POWER: Mapping[str, int] = {"explosive": 1, "high_explosive": 2, "gel": -2}
EXPLOSIVE = frozenset({"explosive", "high_explosive"})


def volley_code(
    code: DamageCode,
    volley: Volley | None,
    ammunition: str = "normal",
    *,
    called_shot: bool = False,
) -> tuple[DamageCode, tuple[Step, ...]]:
    """The code after the firing mode, the ammunition and a called shot."""
    steps: list[Step] = []
    if volley is not None and (volley.power_bonus or volley.level_bonus):
        code = code.plus(volley.power_bonus).raised(volley.level_bonus)
        steps.append(
            Step(
                ngettext(
                    "Power +%(power)s, %(levels)s level up",
                    "Power +%(power)s, %(levels)s levels up",
                    "levels",
                ),
                {"power": volley.power_bonus, "levels": volley.level_bonus},
            )
        )
    bonus = AMMO_POWER.get(ammunition, 0)
    if bonus:
        code = code.plus(bonus)
        steps.append(Step(_("ammunition: Power %(bonus)s"), {"bonus": f"{bonus:+d}"}))
    if ammunition == "gel":
        # [std] SR3 gel rounds: Power −2, the same level, stun, impact armour.
        code = replace(code, stun=True)
    if called_shot:
        # seed 003, Zacílení: "Základní poškození se zvyšuje o jeden stupeň"
        code = code.raised(1)
        steps.append(Step(_("called shot: the level goes one step up")))
    return code, (*steps, *code_steps(code))


@dataclass(frozen=True)
class Armour:
    value: int
    level_bonus: int  # flechette against an unarmoured target
    steps: tuple[Step, ...]


def armour_against(
    target: Resister,
    *,
    kind: Literal["ballistic", "impact"],
    ammunition: str = "normal",
    override: int | None = None,
) -> Armour:
    """The armour that counts against this shot (seed 003, Munice)."""
    if ammunition == "gel":
        kind = "impact"
    value, steps = _worn(target, kind, override)
    if ammunition == "apds":
        # "se hodnocení pancíře … snižuje na polovinu. Vždy se zaokrouhluje dolů."
        value //= 2
        steps.append(
            Step(
                _("APDS halves the armour to %(armour)s"),
                {"armour": value},
                Audience.STATS,
                target.id,
            )
        )
    if ammunition != "flechette":
        return Armour(value, 0, tuple(steps))
    return _flechette(target, value, override, steps)


def _worn(
    target: Resister, kind: Literal["ballistic", "impact"], override: int | None
) -> tuple[int, list[Step]]:
    """The armour of that kind, or the GM's number for a called shot at a weaker spot."""
    if override is not None:
        template, value = _("called shot at a weaker spot: armour %(armour)s"), override
    elif kind == "ballistic":
        template, value = _("ballistic armour %(armour)s"), target.ballistic
    else:
        template, value = _("impact armour %(armour)s"), target.impact
    return value, [Step(template, {"armour": value}, Audience.STATS, target.id)]


def _flechette(target: Resister, value: int, override: int | None, steps: list[Step]) -> Armour:
    # Rulings: "unarmoured" means ballistic and impact 0.
    unarmoured = value == 0 if override is not None else not (target.ballistic or target.impact)
    if unarmoured:
        if target.dermal:
            # "Dermální pancíř neguje … zvýšení úrovně poškození"
            steps.append(Step(_("flechette: dermal armour cancels the level increase")))
            return Armour(0, 0, tuple(steps))
        steps.append(Step(_("flechette against an unarmoured target: level +1")))
        return Armour(0, 1, tuple(steps))
    if override is None:
        # "použijte buď dvojnásobek protinárazového pancíře, nebo … balistické … co je větší"
        value = max(2 * target.impact, target.ballistic)
        steps.append(
            Step(
                _("flechette: armour is the larger of 2 × impact and ballistic: %(armour)s"),
                {"armour": value},
                Audience.STATS,
                target.id,
            )
        )
    return Armour(value, 0, tuple(steps))
