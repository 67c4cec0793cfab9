"""The action economy of a round (seed 000, BOJOVÉ AKCE) and who may defend actively.

seed 000: "Během bojového kola lze provést obvykle nejvýše jednu dlouhou akci nebo až dvě
krátké akce"; instant actions take no time. What a combatant did this round lives in
`Combatant.turn`, reset at the start of every round:

    long: str | None        the long action taken ("attack", "move", "skill" …)
    short: [str]            short actions taken
    instant: [str]          instant actions taken ("short_move" at most once)
    casting, reloaded, shot, rearmed: bool
    attacks_allowed: int    attacks in this round's Útok (extra ones from magic → as many defences)
    defences: int           active defences used
    melee_attackers: [id]   who attacked it in melee this round (outnumbering)
    pursuit: [id]           fugitives it chased this round
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Combatant, _
from combat.rules.draci_hlidka.catalogue import Time
from combat.rules.draci_hlidka.common import Work, fail

MOVEMENT = frozenset({"move", "crawl", "retreat", "stand_up", "flee"})


def spend(work: Work, actor_id: str, kind: str, time: Time, *, override: bool = False) -> None:
    """Record the action in the actor's turn; RulesError when the round has no room for it."""
    if time == "free":
        return
    turn = work.turn(actor_id)
    name = work.get(actor_id).name
    long, shorts = turn.get("long"), list(turn.get("short", []))
    instants = list(turn.get("instant", []))
    if not override:
        _check_room(name, kind, time, long, shorts, instants)
    if time == "long":
        turn["long"] = kind
    elif time == "short":
        turn["short"] = [*shorts, kind]
    else:
        turn["instant"] = [*instants, kind]
    work.set_turn(actor_id, turn)
    if override:
        work.step(_("GM override: the action economy is not checked for %(name)s"), name=name)


def _check_room(
    name: str, kind: str, time: Time, long: Any, shorts: list[str], instants: list[str]
) -> None:
    if time == "long" and (long or shorts):
        raise fail(_("%(name)s has no time left for a long action this round"), name=name)
    if time == "short" and (long or len(shorts) >= 2):
        raise fail(_("%(name)s has no time left for a short action this round"), name=name)
    if kind == "short_move" and "short_move" in instants:
        raise fail(_("%(name)s has already made its Short move this round"), name=name)
    if not short_move_fits(kind, long, shorts, instants):
        raise fail(_("A Short move cannot go with a movement action"), name=name)


def short_move_fits(kind: str, long: Any, shorts: Any, instants: Any) -> bool:
    """seed 000: "Jednou za kolo ho tak můžeš použít jako součást kterékoliv dlouhé či krátké
    akce (kromě pohybových)": never in one round with a movement action, in either order."""
    if kind == "short_move":
        return long not in MOVEMENT and not any(s in MOVEMENT for s in shorts)
    return kind not in MOVEMENT or "short_move" not in instants


def mark(work: Work, combatant_id: str, **values: Any) -> None:
    """Set flags or counters in the combatant's turn."""
    turn = work.turn(combatant_id)
    turn.update(values)
    work.set_turn(combatant_id, turn)


def defences_allowed(turn: Mapping[str, Any]) -> int:
    """seed 000: "má k dispozici i stejný počet obran" as it has attacks (magic, abilities)."""
    allowed = turn.get("attacks_allowed", 1)
    return allowed if type(allowed) is int and allowed > 1 else 1


# Why a defender has only ZO; each is a whole template for the log.
PASSIVE_REASONS: Mapping[str, str] = {
    "surprised": _("%(name)s is caught by the moment of surprise: ZO only"),
    "ambush": _("Ambush attack: %(name)s defends with ZO only"),
    "long_action": _("%(name)s did a long action other than Attack this round: ZO only"),
    "casting": _("%(name)s is casting this round: ZO only"),
    "two_short": _("%(name)s did two short actions this round: ZO only"),
    "rearming": _("%(name)s is re-arming this round: ZO only"),
    "reloading": _("%(name)s reloaded after shooting this round: ZO only"),
    "no_defence_left": _("%(name)s has used its active defence this round: ZO only"),
    "gm": _("GM: %(name)s defends with ZO only"),
    "flight": _("%(name)s is fleeing (Move): ZO only"),
}


def passive_reason(defender: Combatant, allowed: int | None = None) -> str | None:
    """The defender's own reason for ZO only (seed 000, OBRANA), or None: it may roll.

    seed 000: "Aktivní obraně se lze věnovat pouze tehdy, pokud jsi v daném kole ještě
    neprováděl žádnou akci (či jen jednu krátkou) nebo jsi na někoho útočil … Pokud jsi v daném
    kole prováděl více krátkých akcí … Stejná situace nastane, pokud budeš v daném kole
    přezbrojovat nebo přebíjet po střelbě." and POZNÁMKA: any other long action leaves ZO only.
    """
    turn = defender.turn
    long = turn.get("long")
    if long and long != "attack":
        return "long_action"
    if turn.get("casting"):  # seed 000: "Při kouzlení … Chrání ji tak pouze její ZO"
        return "casting"
    if len(turn.get("short", ())) >= 2:
        return "two_short"
    if turn.get("rearmed"):
        return "rearming"
    if turn.get("reloaded"):
        return "reloading"
    if turn.get("defences", 0) >= (allowed if allowed is not None else defences_allowed(turn)):
        return "no_defence_left"
    return None
