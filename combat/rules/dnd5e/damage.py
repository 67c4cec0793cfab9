"""Damage and hit points (BRIEF [std], SRD 5.1 "Damage and Healing").

Typed damage: immunity ignores it, resistance halves it (rounded down), vulnerability doubles
it, each damage type of a hit on its own. A plain damage type in the stat block is applied; a
qualified SRD phrase ("… from nonmagical weapons") is left to the GM with a note. Temporary hit
points (an Effect "temp_hp" {"hp": n}) are lost first. At 0 HP a monster (is_npc) dies; a
character falls unconscious and makes death saving throws (Effect "death_saves" {"successes",
"failures"}): damage at 0 HP is one failure, a critical hit two, and damage of at least the
maximum HP — beyond 0, or at 0 — kills outright. Undead Fortitude may keep a creature at 1 HP
instead (combat.rules.dnd5e.fortitude).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from combat.rules.base import Audience, Combatant, Effect, _, ngettext
from combat.rules.dnd5e import concentration, fortitude
from combat.rules.dnd5e.common import Work, effect_number, fail, hp_maximum, is_dead, stat
from combat.rules.dnd5e.conditions import consequences, release_grapples

DEATH_SAVES = "death-saves"
TEMP_HP = "temp-hp"
_DICE = re.compile(r"(\d*)d(\d+)")


def doubled(expression: str) -> str:
    """BRIEF [std]: a critical hit rolls the damage dice twice — "1d8+3" becomes "2d8+3"."""
    return _DICE.sub(lambda m: f"{2 * int(m.group(1) or 1)}d{m.group(2)}", expression)


def rolled(work: Work, roller: str, expression: str, kind: str, template: str) -> tuple[int, str]:
    """One damage part rolled and written in the log with `template` (amount, kind,
    expression, faces): (the amount, never below 0, and its type)."""
    result = work.roll("damage", roller, expression)
    amount = max(result.total, 0)
    work.step(
        template,
        amount=amount,
        kind=kind,
        expression=expression,
        faces=", ".join(map(str, result.faces)),
    )
    return amount, kind


def _tags(target: Combatant, key: str) -> list[str]:
    found = stat(target, key)
    return [str(tag).casefold() for tag in found] if isinstance(found, list) else []


def adjusted(work: Work | None, target: Combatant, amount: int, kind: str) -> int:
    """One damage type's amount after the target's immunity, resistance and vulnerability."""
    kind = kind.casefold()
    result = amount
    for key, rule in (
        ("damage_immunities", "immune"),
        ("damage_resistances", "resistant"),
        ("damage_vulnerabilities", "vulnerable"),
    ):
        tags = _tags(target, key)
        if kind in tags:
            result = 0 if rule == "immune" else result // 2 if rule == "resistant" else result * 2
            if work is not None:
                work.step(_ADJUST[rule], name=target.name, kind=kind, before=amount, after=result)
        elif work is not None and any(kind in tag for tag in tags):
            work.note(
                _("%(name)s: %(phrase)s — the GM decides whether it applies"),
                name=target.name,
                phrase=next(t for t in tags if kind in t),
            )
    return result


_ADJUST = {
    "immune": _("%(name)s is immune to %(kind)s: %(before)s → %(after)s"),
    "resistant": _("%(name)s resists %(kind)s: %(before)s → %(after)s (halved, rounded down)"),
    "vulnerable": _("%(name)s is vulnerable to %(kind)s: %(before)s → %(after)s (doubled)"),
}


def deal(work: Work, target_id: str, parts: Sequence[tuple[int, str]], *, critical: bool) -> int:
    """Apply typed damage; returns the damage after immunity, resistance and vulnerability. A
    concentrating target then saves to keep its concentration (combat.rules.dnd5e.concentration)."""
    total = _dealt(work, target_id, parts, critical=critical)
    concentration.on_damage(work, target_id, total)
    return total


def _dealt(work: Work, target_id: str, parts: Sequence[tuple[int, str]], *, critical: bool) -> int:
    target = work.get(target_id)
    total = sum(adjusted(work, target, amount, kind) for amount, kind in parts)
    if total <= 0 or is_dead(target):
        return max(total, 0)
    rest = _absorb(work, target, total)
    if rest <= 0:
        return total
    if target.hp > 0:
        after = max(target.hp - rest, 0)
        kinds = [kind for _amount, kind in parts]
        if after == 0 and fortitude.holds(work, target, total, kinds, critical=critical):
            after = 1
        work.set_hp(target_id, after)
        work.step(
            _("%(name)s: %(hp_before)s → %(hp_after)s HP"),
            name=target.name,
            hp_before=target.hp,
            hp_after=after,
            about=target.id,
            audience=Audience.HEALTH,
        )
        if after == 0:
            _dropped(work, target_id, rest - target.hp)
    elif not target.is_npc:
        _hurt_at_zero(work, target_id, rest, critical=critical)
    return total


def _absorb(work: Work, target: Combatant, damage: int) -> int:
    temp = work.effect(target.id, TEMP_HP)
    have = effect_number(temp, "hp")
    if temp is None or have <= 0:
        return damage
    taken = min(have, damage)
    work.remove_effect(target.id, temp)
    if have > taken:
        work.add_effect(target.id, Effect(TEMP_HP, "temp_hp", {"hp": have - taken}))
    work.step(
        _("%(name)s: temporary hit points absorb %(taken)s (%(hp_left)s left)"),
        name=target.name,
        taken=taken,
        hp_left=have - taken,
        about=target.id,
        secret={"hp_left": Audience.HEALTH},
    )
    return damage - taken


def die(work: Work, target_id: str) -> None:
    target = work.get(target_id)
    work.condition(target_id, "dead")
    for key in (DEATH_SAVES, TEMP_HP):
        effect = work.effect(target_id, key)
        if effect is not None:
            work.remove_effect(target_id, effect)
    work.condition(target_id, "stable", add=False)
    release_grapples(work, target_id)
    work.step(_("%(name)s dies"), name=target.name)


def _dropped(work: Work, target_id: str, overflow: int) -> None:
    target = work.get(target_id)
    if target.is_npc:  # SRD 5.1: "Most GMs have a monster die the instant it drops to 0"
        die(work, target_id)
        return
    if overflow >= target.max_hp:
        work.step(
            _("Massive damage: %(overflow)s beyond 0 HP is at least the maximum %(max)s"),
            overflow=overflow,
            max=target.max_hp,
            about=target_id,
            secret={"max": Audience.HEALTH},
        )
        die(work, target_id)
        return
    work.condition(target_id, "unconscious")
    consequences(work, target_id, "unconscious")
    work.add_effect(target_id, Effect(DEATH_SAVES, "death_saves", {"successes": 0, "failures": 0}))
    work.step(_("%(name)s falls unconscious and makes death saving throws"), name=target.name)


def _hurt_at_zero(work: Work, target_id: str, damage: int, *, critical: bool) -> None:
    target = work.get(target_id)
    if damage >= target.max_hp:
        work.step(
            _("Massive damage: %(overflow)s at 0 HP is at least the maximum %(max)s"),
            overflow=damage,
            max=target.max_hp,
            about=target_id,
            secret={"max": Audience.HEALTH},
        )
        die(work, target_id)
        return
    work.condition(target_id, "stable", add=False)
    failures = 2 if critical else 1
    failed = ngettext(
        "Damage at 0 HP: %(count)s death save failure",
        "Damage at 0 HP: %(count)s death save failures",
        "count",
    )
    work.step(failed, count=failures)
    record_saves(work, target_id, 0, failures)


def record_saves(work: Work, target_id: str, successes: int, failures: int) -> tuple[int, int]:
    """Add to the death saves; three failures kill, three successes stabilise."""
    saves = work.effect(target_id, DEATH_SAVES)
    won = effect_number(saves, "successes") + successes
    lost = effect_number(saves, "failures") + failures
    work.add_effect(
        target_id,
        Effect(DEATH_SAVES, "death_saves", {"successes": min(won, 3), "failures": min(lost, 3)}),
    )
    target = work.get(target_id)
    if lost >= 3:
        die(work, target_id)
    elif won >= 3:
        added = work.effect(target_id, DEATH_SAVES)
        if added is not None:
            work.remove_effect(target_id, added)
        work.condition(target_id, "stable")
        work.step(_("%(name)s is stable"), name=target.name)
    return won, lost


def heal(work: Work, target_id: str, amount: int) -> None:
    """Hit points back, up to the maximum; a character at 0 HP wakes (SRD 5.1)."""
    target = work.get(target_id)
    if is_dead(target):
        raise fail(_("%(name)s is dead"), name=target.name)
    after = min(target.hp + amount, hp_maximum(target))
    work.set_hp(target_id, after)
    work.step(
        _("%(name)s: %(hp_before)s → %(hp_after)s HP"),
        name=target.name,
        hp_before=target.hp,
        hp_after=after,
        about=target.id,
        audience=Audience.HEALTH,
    )
    if target.hp <= 0 < after:
        for condition in ("unconscious", "stable"):
            work.condition(target_id, condition, add=False)
        saves = work.effect(target_id, DEATH_SAVES)
        if saves is not None:
            work.remove_effect(target_id, saves)
        work.step(_("%(name)s regains consciousness"), name=target.name)


def grant_temp_hp(work: Work, target_id: str, amount: int) -> None:
    """SRD 5.1: temporary hit points do not add up — the creature keeps the larger amount."""
    target = work.get(target_id)
    have = effect_number(work.effect(target_id, TEMP_HP), "hp")
    if have >= amount:
        work.step(
            ngettext(
                "%(name)s keeps %(have)s temporary hit point (not %(amount)s)",
                "%(name)s keeps %(have)s temporary hit points (not %(amount)s)",
                "have",
            ),
            name=target.name,
            have=have,
            amount=amount,
        )
        return
    work.add_effect(target_id, Effect(TEMP_HP, "temp_hp", {"hp": amount}))
    has = ngettext(
        "%(name)s has %(amount)s temporary hit point",
        "%(name)s has %(amount)s temporary hit points",
        "amount",
    )
    work.step(has, name=target.name, amount=amount)
