"""Shared pieces of the Dračí Hlídka engine (seed 000): the working fight, dice, stats, modifiers.

`Work` is the fight as one engine call changes it: every `Change` is applied at once (so a
later attack of the same action sees the wounds of the earlier one) and kept for the Outcome.
Nothing changes a combatant except through a `Change`. Its bookkeeping is the one every system
shares (combat.rules.work); only what Dračí Hlídka adds is here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from combat.rules import work as generic
from combat.rules.base import Audience, Combatant, Fight, _
from combat.rules.draci_hlidka.stats import CREATURE, WEAPON

# Re-exported: the other modules of the engine import them from here.
from combat.rules.work import effects_of as effects_of
from combat.rules.work import fail as fail
from combat.rules.work import next_key as next_key

# Out of the fight (Rulings: at 0 HP or below a creature is out; "fled" = got away).
OUT = frozenset({"unconscious", "dead", "fled"})
# seed 000, útok na bezbranného: "zcela nehybný (je ochromený, v bezvědomí, spí …)".
HELPLESS = frozenset({"helpless", "unconscious", "paralysed", "asleep"})
# seed 000: "nelze tímto útokem zabít tvory velikosti D a vyšší".
LARGE_SIZES = frozenset({"D", "E"})
MISSILE_KINDS = frozenset({"ranged", "thrown"})

CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
# seed 000, boj beze zbraně: "Útočnost i obrana jejích rukou je v takovém případě 0" (and
# zranění 0: Meredil's fist turns a difference of 1 into 1 HP).
UNARMED: Mapping[str, Any] = {**WEAPON.defaults(), "name": ""}


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return generic.stat_or_default(combatant, key, CREATURE_DEFAULTS)


def number(combatant: Combatant, key: str) -> int:
    """An integer stat; a missing one takes the schema's default."""
    return generic.whole_number(combatant, key, CREATURE_DEFAULTS)


def override(combatant: Combatant, key: str) -> int | None:
    """A monster's ÚČ/OČ/ZO/zranění from its stat block, or None ("derive it")."""
    value = stat(combatant, key)
    return value if type(value) is int else None


def skill(combatant: Combatant, name: str) -> int:
    """A skill's level (0 when the creature does not have it)."""
    levels = stat(combatant, "dovednosti")
    value = levels.get(name, 0) if isinstance(levels, Mapping) else 0
    return value if type(value) is int else 0


def attribute(combatant: Combatant, name: str) -> int:
    """An attribute bonus: SIL, OBR, ODO, or another one typed as text ("INT +1, CHA 0")."""
    key = name.lower()
    if key in ("sil", "obr", "odo"):
        return number(combatant, key)
    text = str(stat(combatant, "ostatni_atributy") or "").replace("\u2212", "-")
    found = re.search(rf"(?i)\b{re.escape(key)}\b\s*[:=]?\s*([+-]?\s*\d+)", text)
    return int(found.group(1).replace(" ", "")) if found else 0


def zo(combatant: Combatant) -> int:
    """seed 000: "Základní obrana (ZO) je součet tvé kvality zbroje a Opravy za Obratnost"."""
    value = override(combatant, "zo")
    return value if value is not None else number(combatant, "zbroj") + number(combatant, "obr")


def can_bleed(combatant: Combatant) -> bool:
    # seed 000: "na některé tvory nemusí mít kritické zranění žádný dodatečný efekt"
    return stat(combatant, "muze_krvacet") is not False


def is_large(combatant: Combatant) -> bool:
    return stat(combatant, "velikost") in LARGE_SIZES


def is_out(combatant: Combatant) -> bool:
    return combatant.hp <= 0 or bool(combatant.conditions & OUT)


def weapon(combatant: Combatant, name: str | None) -> Mapping[str, Any]:
    """The named weapon among the combatant's; None means fists (seed 000: 0/0/0)."""
    if name is None or name == "":
        return UNARMED
    for candidate in combatant.weapons:
        if candidate.get("name") == name:
            return {**UNARMED, **candidate}
    raise fail(_("%(name)s has no weapon called %(weapon)s"), name=combatant.name, weapon=name)


def is_missile(arm: Mapping[str, Any]) -> bool:
    """seed 000: shooting and throwing use OBR and are defended without the weapon."""
    return arm.get("druh") in MISSILE_KINDS


def weapon_number(arm: Mapping[str, Any], key: str) -> int:
    value = arm.get(key, 0)
    if type(value) is not int:
        raise fail(
            _("the weapon %(weapon)s has no number %(stat)s"), weapon=arm.get("name", ""), stat=key
        )
    return value


# --- surprise ---------------------------------------------------------------------------------


def surprised(fight: Fight, combatant: Combatant) -> bool:
    """seed 000: surprise only in the first round, and none when both sides are surprised."""
    if not combatant.has("surprised") or fight.round > 1:
        return False
    sides = {c.side for c in fight.combatants if c.has("surprised")}
    return len(sides) < 2


# --- the working fight ------------------------------------------------------------------------


class Work(generic.Work):
    """The fight during one engine call (combat.rules.work); the rolls keep their sixes, which
    make Dračí Hlídka's criticals (seed 000)."""

    records_sixes = True


# seed 000: "1d6!" with a constant, "1d6!+9", "1d6!-1" (so the roll's total is the Attack).
dice_expression = generic.with_bonus


def knock_out_at_zero(work: Work, combatant_id: str) -> None:
    """Rulings: at 0 HP or below a creature is out of the fight (unconscious or dying)."""
    combatant = work.get(combatant_id)
    if combatant.hp <= 0 and not combatant.conditions & OUT:
        work.condition(combatant_id, "unconscious")
        work.step(
            _("%(name)s is down at %(hp)s hit points and out of the fight"),
            name=combatant.name,
            hp=combatant.hp,
            about=combatant_id,
            secret={"hp": Audience.HEALTH},
        )
