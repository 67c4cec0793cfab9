"""Spells and saving throws (seed 001, "Kouzlení" and "Přerušení kouzlení").

A caster must declare the spell before initiative; it then cannot move or do anything else
("Jediná akce", "Žádný pohyb"), needs free hands and voice ("Nemůže kouzlit, když má roubík, je
svázaný nebo se nachází pod vlivem magického ticha") and sight of the target. "Pokud sesilatel
prohraje hod na iniciativu a bude ještě před svým tahem zasažen útokem nebo neuspěje v
záchranném hodu, je kouzlení přerušené … Pořád ale sesilateli zmizí z paměti."

Saving throws are the standard OSE d20 against the stat **[std]** (success when the roll with
the referee's modifier reaches it).
"""

from __future__ import annotations

from combat.rules import held
from combat.rules.base import Action, Audience, Effect, Outcome, Step, _
from combat.rules.ose.catalogue import Mods
from combat.rules.ose.common import Work, effect, fail, number, signed
from combat.rules.ose.stage import current_index, index_of, lost_initiative

# What stops a spell: a tick of the action or a condition the GM set on the caster.
BANS = (
    ("bound", "bound", _("%(name)s cannot cast: bound, the hands are not free")),
    ("gagged", "gagged", _("%(name)s cannot cast: gagged")),
    ("silenced", "silenced", _("%(name)s cannot cast: magical silence")),
    ("cannot_see", "blind", _("%(name)s cannot cast: the target cannot be seen")),
)


def _expend(work: Work, caster_id: str) -> None:
    """The spell is gone from memory, cast or interrupted; the tracker counts them."""
    found = effect(work.get(caster_id), "spells_expended")
    count = int(found.data.get("count", 0)) + 1 if found else 1
    work.put_effect(caster_id, Effect("spells", "spells_expended", {"count": count}))


def interrupt(work: Work, caster_id: str) -> bool:
    """Interrupt the caster's declared spell if the seed's conditions hold; True if it did."""
    caster = work.get(caster_id)
    stage = work.fight.stage
    if caster.turn.get("declared") != "cast" or "spell" in caster.turn:
        return False
    if not lost_initiative(stage, caster_id):
        return False
    block = next(b["key"] for b in stage["blocks"] if caster_id in b.get("ids", ()))
    if current_index(stage) >= index_of(stage, (str(block), "spells")):
        return False  # its spells phase has come: this is no longer "before its turn"
    work.update_turn(caster_id, spell="lost")
    _expend(work, caster_id)
    work.step(
        _(
            "%(name)s lost initiative and is interrupted: the spell fails and is still "
            "gone from memory"
        ),
        name=caster.name,
    )
    return True


def resolve_cast(work: Work, action: Action, mods: Mods) -> Outcome:
    caster = work.get(action.actor)
    spell = caster.turn.get("spell")
    if caster.turn.get("declared") != "cast":
        raise fail(_("%(name)s did not declare a spell this round"), name=caster.name)
    if spell is not None:
        raise fail(_("%(name)s has no declared spell left this round"), name=caster.name)
    for tick, condition, reason in BANS:
        if mods.flag(tick) or caster.has(condition):
            raise fail(reason, name=caster.name)
    targets = [work.get(cid).name for cid in action.targets]
    work.update_turn(caster.id, spell="cast")
    _expend(work, caster.id)
    work.step(_("%(name)s casts the declared spell; it is gone from memory"), name=caster.name)
    if targets:
        work.step(_("Targets: %(targets)s"), targets=", ".join(targets))
    summary = Step(_("%(name)s casts a spell"), {"name": caster.name})
    return work.finish(summary, {"cast": True, "targets": list(action.targets)})


def resolve_save(work: Work, action: Action, mods: Mods) -> Outcome:
    """d20 + the referee's modifier against the saving throw; a failure interrupts a spell."""
    saver = work.get(action.actor)
    which = mods.choice("save", None)
    if which is None:
        raise fail(_("choose which saving throw to roll"))
    success, total, needed = saving_throw(work, saver.id, which, mods.integer("bonus", 0))
    if not success:
        interrupt(work, saver.id)
    summary = Step(
        _("%(name)s saves") if success else _("%(name)s fails the saving throw"),
        {"name": saver.name},
    )
    data = {"hit": success, "damage": 0, "success": success, "roll": total, "needed": needed}
    return work.finish(summary, data)


OWN = (
    _("Saving throw: d20 %(roll)s %(bonus)+d = %(total)s against %(needed)s: saved"),
    _("Saving throw: d20 %(roll)s %(bonus)+d = %(total)s against %(needed)s: failed"),
)


def saving_throw(
    work: Work, saver_id: str, which: str, bonus: int, lines: tuple[str, str] = OWN
) -> tuple[bool, int, int]:
    """The saver's d20 + `bonus` + its campaign conditions' modifiers against its own saving
    throw `which`, and its line (`lines`: saved, failed); the number needed is read by those
    who may read the saver's numbers. (success, total, needed)."""
    saver = work.get(saver_id)
    work.steps += held.lines(saver)
    needed, bonus = number(saver, f"save_{which}"), bonus + held.total(saver)
    result = work.roll("save", saver.id, signed("1d20", bonus))
    success = result.total >= needed
    work.step(
        lines[0] if success else lines[1],
        name=saver.name,
        roll=result.faces[0],
        bonus=bonus,
        total=result.total,
        needed=needed,
        about=saver.id,
        secret={"needed": Audience.STATS},
    )
    return success, result.total, needed
