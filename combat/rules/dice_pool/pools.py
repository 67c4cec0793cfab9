"""What a roll rolls (seed 004): the chosen skills' levels as d6, bonus dice, minus lost dice.

"Úroveň dovednosti = počet kostek." A combination is a primary and a secondary skill or
attribute ("kombinaci vhodné primární a sekundární dovednosti"); one name alone is a roll too
(the seed's Aard uses Zaklínačská znamení only). A name the character lacks has level 0, and
"žádná kostka za nulu v druhé dovednosti se mu nepřičítá". NPCs roll their attack or defence
dice, or attributes, which default to half the defence rounded down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from combat.rules.base import Combatant, _
from combat.rules.dice_pool.common import (
    MAX_NAME,
    all_levels,
    best_combination,
    fail,
    lost_dice,
    npc_number,
)
from combat.rules.dice_pool.stats import ATTRIBUTES, SKILLS

NPC_DICE = ("attack_dice", "defence_dice")
ATTRIBUTE_NAMES = tuple(key for key, _label in ATTRIBUTES)
# seed 004: "Maximální počet bonusových kostek … na jeden hod jsou +3 (v případě, že na některý z
# užitých atributů máte talent +4)".
BONUS_CAP, TALENT_CAP = 3, 4


@dataclass(frozen=True)
class Pool:
    """One combatant's dice for one roll, with where they come from (for the log)."""

    names: tuple[str, ...]
    levels: tuple[int, ...]
    bonus: int
    lost: int
    dice: int

    @property
    def skills(self) -> str:
        return " + ".join(
            f"{name} {level}" for name, level in zip(self.names, self.levels, strict=True)
        )


# --- reading modifiers ------------------------------------------------------------------------


def whole(mods: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    """An int modifier within [low, high], or None when absent."""
    value = mods.get(key)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise fail(
            _("%(key)s must be a whole number from %(low)s to %(high)s"),
            key=key,
            low=low,
            high=high,
        )
    return value


def choice(mods: Mapping[str, Any], key: str, choices: Sequence[str]) -> str | None:
    value = mods.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or value not in choices:
        raise fail(_("%(key)s must be one of: %(choices)s"), key=key, choices=", ".join(choices))
    return value


def text(mods: Mapping[str, Any], key: str, maximum: int) -> str | None:
    value = mods.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > maximum:
        raise fail(_("%(key)s must be a text of at most %(max)s characters"), key=key, max=maximum)
    return value.strip()


def canonical(name: str) -> str:
    """The forum's own word for a stock attribute or skill typed in English or Polish."""
    for key, label in (*ATTRIBUTES, *SKILLS):
        if label.matches(name):
            return key
    return name


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_NAME:
        raise fail(_("a skill must be named with 1 to %(max)s characters"), max=MAX_NAME)
    return canonical(value.strip())


def chosen_names(mods: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The skills of a roll: `skills` (a list) or `primary` + `secondary`; None if none given."""
    listed = mods.get("skills")
    if listed is not None:
        if "primary" in mods or "secondary" in mods:
            raise fail(_("give either skills or primary and secondary, not both"))
        if not isinstance(listed, list | tuple) or not 1 <= len(listed) <= 2:
            raise fail(_("skills must be a list of one or two names"))
        names = tuple(_name(value) for value in listed)
    elif mods.get("primary") is None:
        if mods.get("secondary") is not None:
            raise fail(_("choose the primary skill before the secondary one"))
        return None
    else:
        second = mods.get("secondary")
        names = (_name(mods["primary"]),) + (() if second is None else (_name(second),))
    if len({name.casefold() for name in names}) < len(names):
        raise fail(_("a skill cannot be used twice in one roll"))
    return names


# --- levels and dice --------------------------------------------------------------------------


def level_of(combatant: Combatant, name: str) -> int:
    """A name's level for this combatant (0 when it lacks it)."""
    if name in NPC_DICE:
        if not combatant.is_npc:
            raise fail(
                _("attack and defence dice belong to NPCs; %(name)s rolls skills"),
                name=combatant.name,
            )
        return npc_number(combatant, name)
    known = all_levels(combatant)
    found = next((level for key, level in known.items() if key.casefold() == name.casefold()), None)
    if found is not None:
        return found
    if combatant.is_npc and name in ATTRIBUTE_NAMES:
        # seed 004: "Nejsou-li dovednosti NPC specifikovány konkrétně, pak jsou jejich primární
        # atributy rovny polovině obrany zaokrouhlené dolů."
        return npc_number(combatant, "defence_dice") // 2
    return 0


def bonus_dice(combatant: Combatant, names: Sequence[str], mods: Mapping[str, Any]) -> int:
    """Bonus dice (prayers, power, elixirs): at most +3, +4 with a talent in a used attribute."""
    bonus = whole(mods, "bonus", 0, 99) or 0
    talents = combatant.stats.get("talents") or ()
    used = {name.casefold() for name in names}
    talented = any(isinstance(t, str) and t.casefold() in used for t in talents)
    cap = TALENT_CAP if talented else BONUS_CAP
    if bonus > cap:
        raise fail(
            _(
                "at most %(cap)s bonus dice per roll (%(talent_cap)s with a talent in a "
                "used attribute); %(bonus)s were asked for"
            ),
            cap=BONUS_CAP,
            talent_cap=TALENT_CAP,
            bonus=bonus,
        )
    return bonus


def default_names(combatant: Combatant) -> tuple[str, ...]:
    """A character's best combination; the GM may choose any other."""
    names = best_combination(combatant.stats)
    if not names:
        raise fail(_("%(name)s has no skills; choose what to roll"), name=combatant.name)
    return names


def fight_pool(combatant: Combatant, names: Sequence[str], bonus: int) -> Pool:
    """A conflict or fight roll: no one-die minimum, lost dice count against every skill.

    seed 004: a lost round costs a die "k veškerým svým hodům … (platí i na hody z ostatních
    dovednostních kategorií)"; the bonus cap applies before the lost dice are taken off.
    """
    found = tuple(level_of(combatant, name) for name in names)
    lost = lost_dice(combatant)
    dice = sum(found) + bonus - lost
    if dice <= 0:
        skills = Pool(tuple(names), found, bonus, lost, dice).skills
        raise fail(
            _(
                "%(name)s has no dice left for %(skills)s (%(lost)s lost); choose another "
                "combination"
            ),
            name=combatant.name,
            skills=skills,
            lost=lost,
        )
    return Pool(tuple(names), found, bonus, lost, dice)


def difficulty_pool(combatant: Combatant, names: Sequence[str], bonus: int) -> Pool:
    """A difficulty roll: "Pokud nemá k dispozici žádnou kostku … může si stále hodit jednou
    kostkou" — never fewer than one die, whatever was lost."""
    found = tuple(level_of(combatant, name) for name in names)
    base = sum(found) or 1
    lost = lost_dice(combatant)
    return Pool(tuple(names), found, bonus, lost, max(1, base + bonus - lost))
