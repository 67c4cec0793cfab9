"""The engine of each rule system, by key. A system without one cannot run encounters yet."""

from __future__ import annotations

from collections.abc import Callable

from combat.rules.base import Engine, RulesError, Step, _


def _draci_hlidka() -> Engine:
    from combat.rules.draci_hlidka.engine import DraciHlidka

    return DraciHlidka()


def _dice_pool() -> Engine:
    from combat.rules.dice_pool.engine import DicePool

    return DicePool()


def _dnd5e() -> Engine:
    from combat.rules.dnd5e.engine import Dnd5e

    return Dnd5e()


def _ose() -> Engine:
    from combat.rules.ose.engine import OldSchoolEssentials

    return OldSchoolEssentials()


def _shadowrun3() -> Engine:
    from combat.rules.shadowrun3.engine import Shadowrun3

    return Shadowrun3()


FACTORIES: dict[str, Callable[[], Engine]] = {
    "shadowrun3": _shadowrun3,
    "ose": _ose,
    "draci_hlidka": _draci_hlidka,
    "dice_pool": _dice_pool,
    "dnd5e": _dnd5e,
}


def get_engine(system: str) -> Engine:
    factory = FACTORIES.get(system)
    if factory is None:
        raise RulesError(_("Encounters for this rule system are not available yet."))
    return factory()


def has_engine(system: str) -> bool:
    return system in FACTORIES


def modifier_labels() -> dict[str, Step]:
    """Every engine's situational modifiers with their labels, for the action form."""
    labels: dict[str, Step] = {}
    for factory in FACTORIES.values():
        labels.update(getattr(factory(), "modifier_labels", {}))
    return labels
