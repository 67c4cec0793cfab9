"""Declarations, the referee's initiative modifier, and movement (seed 001, "Oznámení kouzel a
pohybu", "Pohyb").

"Pokud chce hráč kouzlit nebo se pohybovat při boji zblízka, musí to oznámit sudímu." A
declaration binds for the round: a caster cannot move or attack, and only a declared withdrawal
or retreat lets a combatant move out of melee. Out of melee a combatant moves up to its
encounter rate a round, "max. 60 kol" (Rulings: a counter with a warning). In melee: a fighting
withdrawal (half the rate backwards, a clear path) or a retreat (the full rate, no attack this
round; attackers get +2 and it loses its shield's AC, see attack.py).
"""

from __future__ import annotations

from combat.rules.base import Action, Effect, Outcome, Step, _
from combat.rules.ose.catalogue import Mods
from combat.rules.ose.common import Work, effect, fail, number, opponents
from combat.rules.ose.engagement import disengage
from combat.rules.ose.stage import step

MOVEMENT_LIMIT = 60  # rounds at encounter rate (seed 001, "Maximální doba")
DECLARED = {
    "cast": _("%(name)s declares a spell"),
    "withdrawal": _("%(name)s declares a fighting withdrawal"),
    "retreat": _("%(name)s declares a retreat"),
    "none": _("%(name)s takes back the declaration"),
}
MOVED = {
    "normal": _("%(name)s moves %(distance)s' (encounter rate %(rate)s')"),
    "withdrawal": _("%(name)s makes a fighting withdrawal of %(distance)s' (at most %(limit)s')"),
    "retreat": _("%(name)s retreats %(distance)s' and cannot attack this round"),
}


def resolve_declare(work: Work, action: Action, mods: Mods) -> Outcome:
    if step(work.fight) != "declare":
        raise fail(_("declarations come before initiative is rolled"))
    actor = work.get(action.actor)
    intent = mods.choice("intent", None)
    if intent is None:
        raise fail(_("choose what is declared"))
    turn = work.turn(actor.id)
    turn.pop("declared", None)
    if intent != "none":
        turn["declared"] = intent
    work.set_turn(actor.id, turn)
    summary = Step(DECLARED[intent], {"name": actor.name})
    return work.finish(summary, {"declared": intent})


def resolve_initiative_mod(work: Work, action: Action, mods: Mods) -> Outcome:
    """seed 001: "U velmi rychlých nebo pomalých nestvůr může sudí místo modifikátoru obratnosti
    určit jiný modifikátor k iniciativě" (it lasts until the referee takes it back)."""
    actor = work.get(action.actor)
    old = effect(actor, "initiative_mod")
    if mods.flag("use_dex"):
        if old is not None:
            work.remove_effect(actor.id, old)
        summary = Step(_("%(name)s rolls initiative with the DEX modifier"), {"name": actor.name})
        return work.finish(summary, {"modifier": None})
    if "modifier" not in mods:
        raise fail(_("give the initiative modifier"))
    value = mods.integer("modifier", 0)
    work.put_effect(actor.id, Effect("initiative_mod", "initiative_mod", {"value": value}))
    summary = Step(
        _("%(name)s: referee's initiative modifier %(modifier)+d"),
        {"name": actor.name, "modifier": value},
    )
    return work.finish(summary, {"modifier": value})


def _mode(work: Work, action: Action, mods: Mods) -> str:
    actor = work.get(action.actor)
    declared = actor.turn.get("declared")
    mode = mods.choice("mode", None)
    if mode is None:
        mode = str(declared) if declared in ("withdrawal", "retreat") else "normal"
    if mode == "withdrawal" and declared != "withdrawal":
        raise fail(_("%(name)s did not declare a fighting withdrawal"), name=actor.name)
    if mode == "retreat" and declared != "retreat":
        raise fail(_("%(name)s did not declare a retreat"), name=actor.name)
    if mode == "normal" and opponents(work.fight, actor) and not mods.flag("disengaged"):
        raise fail(
            _("%(name)s is in melee: only a declared fighting withdrawal or retreat"),
            name=actor.name,
        )
    if mode == "withdrawal" and mods.flag("path_blocked"):
        raise fail(_("a fighting withdrawal needs a clear path"))
    return mode


def resolve_move(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    if actor.turn.get("declared") == "cast":
        raise fail(_("%(name)s declared a spell and cannot move"), name=actor.name)
    if "moved" in actor.turn:
        raise fail(_("%(name)s has already moved this round"), name=actor.name)
    mode = _mode(work, action, mods)
    rate = number(actor, "movement")
    limit = rate // 2 if mode == "withdrawal" else rate
    distance = mods.integer("distance", limit)
    if distance > limit:
        raise fail(
            _("%(name)s can move at most %(limit)s' this round"), name=actor.name, limit=limit
        )
    if mode != "normal" or mods.flag("disengaged"):
        disengage(work, actor.id)
    work.update_turn(actor.id, moved=distance, move_mode=mode)
    rounds = _count_round(work, actor.id) if distance > 0 else None
    work.step(MOVED[mode], name=actor.name, distance=distance, rate=rate, limit=limit)
    summary = Step(_("%(name)s moves"), {"name": actor.name})
    return work.finish(summary, {"mode": mode, "distance": distance, "rounds": rounds})


def _count_round(work: Work, combatant_id: str) -> int:
    """One more round at encounter rate; past 60 the GM is warned (the seed sets no penalty)."""
    found = effect(work.get(combatant_id), "movement_rounds")
    rounds = int(found.data.get("rounds", 0)) + 1 if found else 1
    work.put_effect(combatant_id, Effect("movement", "movement_rounds", {"rounds": rounds}))
    if rounds > MOVEMENT_LIMIT:
        work.note(
            _(
                "%(name)s has moved at encounter rate for %(rounds)s rounds: the rules "
                "allow 60; the referee decides"
            ),
            name=work.get(combatant_id).name,
            rounds=rounds,
        )
    return rounds
