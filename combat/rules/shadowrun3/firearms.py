"""Firearms (seed 003, Střelné zbraně, Zpětný ráz, Munice): firing modes, recoil, ammunition.

A `PhaseFire` is what one attacker has fired so far in the current combat phase; the engine
keeps it and starts a new one each phase, because "Plně automatická střelba dostává
kumulativní modifikátor +1 za každý výstřel v téže bojové fázi" — recoil adds up over the phase.
What the ammunition does to the damage code and the armour is in ammunition.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from combat.rules.base import RulesError, Step, _, ngettext

Mode = Literal["SS", "SA", "BF", "FA"]
MODES: tuple[Mode, ...] = ("SS", "SA", "BF", "FA")
FA_MINIMUM = 3  # seed 003: "Plně automatická dávka se musí skládat alespoň ze tří ran."
FA_PHASE_LIMIT = 10  # seed 003: "Plně automaticky lze vystřelit až deset ran za bojovou fázi."

# seed 003, ZPŮSOBY STŘELBY (where the table says "varies by weapon", every mode it names);
# launchers and bows fire single shots [std].
MODES_BY_TYPE: Mapping[str, tuple[Mode, ...]] = {
    "hold_out_pistol": ("SS", "SA"),
    "light_pistol": ("SA",),
    "taser": ("SS",),
    "heavy_pistol": ("SS", "SA"),
    "smg": ("SA", "BF", "FA"),
    "shotgun": ("SA", "BF"),
    "assault_rifle": ("SA", "BF", "FA"),
    "sport_rifle": ("SA",),
    "sniper_rifle": ("SA",),
    "lmg": ("BF", "FA"),
    "mmg": ("FA",),
    "hmg": ("FA",),
    "assault_cannon": ("SS",),
    "grenade_launcher": ("SS",),
    "missile_launcher": ("SS",),
    "bow": ("SS",),
    "light_crossbow": ("SS",),
    "medium_crossbow": ("SS",),
    "heavy_crossbow": ("SS",),
}
# seed 003: "U těžkých zbraní (lehkých, středních a těžkých kulometů, stejně jako u útočných
# kanónů) se nekompenzovaný modifikátor zpětného rázu zdvojnásobuje."
HEAVY_TYPES = frozenset({"lmg", "mmg", "hmg", "assault_cannon"})
# Weapons that shoot bullets: resisted with ballistic armour (seed 003: Snot's "balistický
# pancíř" against the Predator); the rest (launchers, bows, thrown, melee) with impact [std].
BALLISTIC_TYPES = frozenset(MODES_BY_TYPE) - {
    "grenade_launcher",
    "missile_launcher",
    "bow",
    "light_crossbow",
    "medium_crossbow",
    "heavy_crossbow",
}

_MODE_STEPS: Mapping[Mode, str] = {
    "SS": _("single shot (SS): %(rounds)s round"),
    "SA": _("semi-automatic shot (SA): %(rounds)s round"),
    "BF": ngettext("burst (BF): %(rounds)s round", "burst (BF): %(rounds)s rounds", "rounds"),
    "FA": ngettext(
        "full-auto burst (FA): %(rounds)s round",
        "full-auto burst (FA): %(rounds)s rounds",
        "rounds",
    ),
}
_LEFT = ngettext(
    "%(left)s round left in the magazine", "%(left)s rounds left in the magazine", "left"
)


def fail(template: str, **params: Any) -> RulesError:
    return RulesError(template, **params)


def firing_modes(weapon: Mapping[str, Any]) -> tuple[Mode, ...]:
    """The weapon's own modes, or its type's modes from the seed's table."""
    own = tuple(mode for mode in MODES if mode in (weapon.get("firing_modes") or ()))
    return own or MODES_BY_TYPE.get(str(weapon.get("weapon_type", "")), ())


def is_heavy(weapon: Mapping[str, Any], mode: Mode | None) -> bool:
    """Heavy weapons, and shotguns firing bursts ("Zpětný ráz brokovnic střílejících dávkou
    podléhá rovněž zdvojnásobení")."""
    kind = weapon.get("weapon_type")
    return kind in HEAVY_TYPES or (kind == "shotgun" and mode == "BF")


def reload(weapon: Mapping[str, Any]) -> int | None:
    """A full magazine; None when the weapon's rounds are not counted (magazine 0)."""
    size = int(weapon.get("magazine", 0) or 0)
    return size or None


# --- one phase of fire ------------------------------------------------------------------------


@dataclass(frozen=True)
class PhaseFire:
    """What the attacker fired so far this phase."""

    recoil: int = 0  # uncompensated recoil points so far
    rounds: int = 0  # rounds fired (wasted ones included)
    shots: int = 0  # trigger pulls: single shots, bursts, full-auto bursts
    modes: tuple[str, ...] = ()  # the mode of each shot
    targets: tuple[str, ...] = ()  # distinct targets, in the order first fired at
    last_target: str | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "recoil": self.recoil,
            "rounds": self.rounds,
            "shots": self.shots,
            "modes": list(self.modes),
            "targets": list(self.targets),
            "last_target": self.last_target,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> PhaseFire:
        if not data:
            return cls()
        last = data.get("last_target")
        return cls(
            int(data.get("recoil", 0)),
            int(data.get("rounds", 0)),
            int(data.get("shots", 0)),
            tuple(map(str, data.get("modes", ()))),
            tuple(map(str, data.get("targets", ()))),
            None if last is None else str(last),
        )


@dataclass(frozen=True)
class Volley:
    """One shot, burst or full-auto burst at one target."""

    mode: Mode
    rounds: int  # rounds at the target
    wasted: int  # rounds lost walking the fire to a new target
    short: bool  # a burst cut short by an empty magazine
    power_bonus: int
    level_bonus: int
    recoil_points: int  # recoil this volley adds
    phase_recoil: int  # uncompensated recoil of the phase so far, this volley included
    extra_targets: int  # targets engaged before this one this phase (+2 TN each)
    dodge_modifier: int  # +1 per 3 rounds of burst or full auto (rounded down)
    loaded: int | None  # rounds left in the magazine (None: not counted)
    phase: PhaseFire
    steps: tuple[Step, ...]


def fire(
    weapon: Mapping[str, Any],
    mode: Mode,
    *,
    phase: PhaseFire,
    target: str,
    rounds: int | None = None,
    loaded: int | None = None,
    gap_metres: int = 0,
) -> Volley:
    """Fire one volley: rounds, wasted rounds, damage bonus, recoil and the magazine after."""
    name = str(weapon.get("name", ""))
    if mode not in firing_modes(weapon):
        raise fail(_("%(weapon)s cannot fire in mode %(mode)s"), weapon=name, mode=mode)
    _check_phase(mode, phase)
    wanted = _wanted(mode, rounds)
    steps: list[Step] = []
    wasted = _wasted(weapon, mode, phase, target, gap_metres, steps)
    if mode == "FA" and phase.rounds + wasted + wanted > FA_PHASE_LIMIT:
        raise fail(
            _("at most %(limit)s rounds of full auto a phase (%(fired)s fired already)"),
            limit=FA_PHASE_LIMIT,
            fired=phase.rounds,
        )
    wasted, at_target = _from_magazine(name, loaded, wasted, wanted)
    short = mode in ("BF", "FA") and at_target < min(wanted, FA_MINIMUM)
    if at_target < wanted:
        steps.append(_short_step(at_target, short))
    steps.insert(0, Step(_MODE_STEPS[mode], {"rounds": at_target}))
    left = None if loaded is None else loaded - wasted - at_target
    if left is not None:
        steps.append(Step(_LEFT, {"left": left}))
    return _volley(mode, phase, target, (wasted, at_target), short, left, tuple(steps))


def _volley(
    mode: Mode,
    phase: PhaseFire,
    target: str,
    rounds: tuple[int, int],
    short: bool,
    left: int | None,
    steps: tuple[Step, ...],
) -> Volley:
    """The volley's effect and the phase after it: recoil adds up over the phase."""
    wasted, at_target = rounds
    power, levels, points, dodge = _effect(mode, at_target, phase)
    points += wasted  # walking the fire: the wasted rounds kick too
    targets = phase.targets + (() if target in phase.targets else (target,))
    after = PhaseFire(
        phase.recoil + points,
        phase.rounds + wasted + at_target,
        phase.shots + 1,
        phase.modes + (mode,),
        targets,
        target,
    )
    return Volley(
        mode,
        at_target,
        wasted,
        short,
        power,
        levels,
        points,
        after.recoil,
        targets.index(target),
        dodge,
        left,
        after,
        steps,
    )


def _check_phase(mode: Mode, phase: PhaseFire) -> None:
    # seed 003: a single-shot weapon "v téže bojové fázi z ní už nelze střílet"; full auto is a
    # complex action, so it never shares a phase with simple-action shots.
    if mode == "SS" and "SS" in phase.modes:
        raise fail(_("a single-shot weapon fires only once a phase"))
    if phase.modes and (mode == "FA") != ("FA" in phase.modes):
        raise fail(
            _("full auto (a complex action) cannot share a phase with single shots or bursts")
        )


def _wanted(mode: Mode, rounds: int | None) -> int:
    if mode == "BF":
        return 3
    if mode != "FA":
        return 1
    if rounds is None or rounds < FA_MINIMUM:
        raise fail(_("a full-auto burst is at least %(minimum)s rounds"), minimum=FA_MINIMUM)
    return rounds


def _wasted(
    weapon: Mapping[str, Any],
    mode: Mode,
    phase: PhaseFire,
    target: str,
    gap_metres: int,
    steps: list[Step],
) -> int:
    """seed 003: switching targets in full auto wastes a round per metre between them;
    "Smartguny ovšem nikdy náboji nemrhají"."""
    if mode != "FA" or phase.last_target in (None, target) or gap_metres <= 0:
        return 0
    if weapon.get("smartgun"):
        steps.append(Step(_("smartgun: no rounds wasted switching targets")))
        return 0
    steps.append(
        Step(
            ngettext(
                "switching targets wastes %(wasted)s round (%(metres)s m between targets)",
                "switching targets wastes %(wasted)s rounds (%(metres)s m between targets)",
                "wasted",
            ),
            {"wasted": gap_metres, "metres": gap_metres},
        )
    )
    return gap_metres


def _from_magazine(name: str, loaded: int | None, wasted: int, wanted: int) -> tuple[int, int]:
    """(wasted, at the target) as far as the magazine goes; an empty one refuses to fire."""
    if loaded is None:
        return wasted, wanted
    if loaded <= 0:
        raise fail(_("the magazine of %(weapon)s is empty"), weapon=name)
    if loaded <= wasted:
        raise fail(_("%(weapon)s runs dry before the fire reaches the target"), weapon=name)
    return wasted, min(wanted, loaded - wasted)


def _effect(mode: Mode, rounds: int, phase: PhaseFire) -> tuple[int, int, int, int]:
    """(Power bonus, levels up, recoil points, dodge modifier) of `rounds` at the target."""
    if mode in ("SS", "SA") or rounds == 1:
        # "Jestliže dávka sestává pouze z jednoho výstřelu, vyhodnoťte ji jako útok skládající
        # se z jedné rány"; the second shot of a phase carries +1 recoil.
        return 0, 0, 1 if phase.shots else 0, 0
    if rounds == 2:
        # Zkrácená dávka: "zvyšuje se účinnost pouze o 2 a úroveň poškození zůstává nezměněna
        # … modifikátor zpětného rázu, ovšem pouze +2".
        return 2, 0, 2, 0
    if mode == "BF":
        # "účinnost se zvyšuje o 3 … úroveň poškození vzrůstá na nejbližší vyšší stupeň"
        return 3, 1, 3, 1
    # "Účinnost … se zvyšuje o 1 za každý výstřel. Za každé tři rány … o jeden stupeň."
    return rounds, rounds // 3, rounds, rounds // 3


def _short_step(rounds: int, short: bool) -> Step:
    if rounds == 1:
        return Step(_("only one round left: it is a single shot"))
    if short:
        return Step(
            _("short burst: only %(rounds)s rounds left (Power +2, level unchanged)"),
            {"rounds": rounds},
        )
    return Step(_("only %(rounds)s rounds left in the magazine"), {"rounds": rounds})


# --- recoil, compensation, gyro ---------------------------------------------------------------


@dataclass(frozen=True)
class Recoil:
    recoil: int  # the recoil modifier left on the TN
    movement: int  # the attacker-movement modifier left on the TN
    gyro_used: int
    steps: tuple[Step, ...]


def stabilise(
    raw: int,
    *,
    compensation: int,
    heavy: bool,
    gyro: int,
    movement: int,
    other_recoil: int = 0,
) -> Recoil:
    """Rulings: compensation first, then the heavy-weapon doubling of what is left, then the
    gyro against recoil plus the attacker's movement. Compensation never lowers the TN below
    what it would be without recoil (seed 003: MMG, compensation 6, 10 rounds → +8)."""
    steps: list[Step] = []
    left = max(0, raw - compensation)
    if raw:
        steps.append(
            Step(
                _("recoil +%(raw)s − compensation %(compensation)s = +%(left)s"),
                {"raw": raw, "compensation": compensation, "left": left},
            )
        )
    if heavy and left:
        left *= 2
        steps.append(
            Step(_("heavy weapon: uncompensated recoil doubled to +%(recoil)s"), {"recoil": left})
        )
    if other_recoil:
        # seed 003: "platí nezkompenzovaný modifikátor zpětného rázu jedné zbraně i pro druhou"
        left += other_recoil
        steps.append(
            Step(
                _("the other firearm's uncompensated recoil +%(recoil)s"), {"recoil": other_recoil}
            )
        )
    used = min(gyro, left + max(0, movement))
    recoil_left = max(0, left - used)
    movement_left = movement - (used - (left - recoil_left))
    if used:
        steps.append(
            Step(
                _("gyro stabilisation %(gyro)s cancels %(used)s of recoil and movement"),
                {"gyro": gyro, "used": used},
            )
        )
    return Recoil(recoil_left, movement_left, used, tuple(steps))
