"""Saving throws for several at once: a breath, a spell or a trap that calls on everyone it
reaches to save (issue N: "a save for several targets where the system has saves").

Each saver rolls the standard OSE d20 against its own saving throw **[std]**, with the referee's
bonus or penalty, exactly as one saver's own roll (`spells.resolve_save`); a failure before a
caster's turn interrupts the declared spell (seed 001, "Přerušení kouzlení"). What the effect
then does (damage, half on a save) the referee applies with Adjust, on the savers the log names.
"""

from __future__ import annotations

from combat.rules.base import Action, Outcome, Step, _
from combat.rules.ose.catalogue import SAVE, Mods
from combat.rules.ose.common import Work, fail, is_out
from combat.rules.ose.spells import interrupt, saving_throw

MOST_SAVERS = 20  # more at once is the referee's to split
NAMED = (  # each saver's line names them
    _("%(name)s: d20 %(roll)s %(bonus)+d = %(total)s against %(needed)s: saved"),
    _("%(name)s: d20 %(roll)s %(bonus)+d = %(total)s against %(needed)s: failed"),
)


def resolve_saves(work: Work, action: Action, mods: Mods) -> Outcome:
    """The referee's action: each chosen combatant saves against the actor's effect."""
    source = work.get(action.actor)
    which = mods.choice("save", None)
    if which is None:
        raise fail(_("choose which saving throw to roll"))
    ids = list(dict.fromkeys(action.targets))
    if not ids:
        raise fail(_("choose who saves"))
    if len(ids) > MOST_SAVERS:
        raise fail(_("at most %(most)s targets at once"), most=MOST_SAVERS)
    savers = [work.get(cid) for cid in ids]
    out = next((saver for saver in savers if is_out(saver)), None)
    if out is not None:
        raise fail(_("%(name)s is out of the fight"), name=out.name)
    bonus = mods.integer("bonus", 0)
    label = dict(SAVE.choices)[which]
    work.step(
        _("Saving throws against %(name)s: %(saving_throw)s"),
        name=source.name,
        saving_throw=label.template,  # its msgid: the log shows it translated
    )
    failed = 0
    for saver in savers:
        with work.about_combatant(saver.id):
            if not saving_throw(work, saver.id, which, bonus, NAMED)[0]:
                failed += 1
                interrupt(work, saver.id)
    summary = Step(
        _("Saving throws against %(name)s — failed: %(failed)s, saved: %(saved)s"),
        {"name": source.name, "failed": failed, "saved": len(savers) - failed},
    )
    data = {"targets": ids, "failed": failed, "saved": len(savers) - failed, "damage": 0}
    return work.finish(summary, {**data, "hit": failed > 0})
