"""Surprise (seed 003, Překvapení).

seed 003: "hází všichni zúčastnění test reakce proti cílovému číslu 4. Pokud si postavy číhající
v záloze odložily akce …, obdrží ke svému cílovému číslu modifikátor −2." Successes are compared
pair by pair: "Pokud postava dosáhne více úspěchů než některý soupeř, může proti němu zasáhnout.
Pokud má stejně nebo méně úspěchů …, nesmí provádět žádné akce, které se protivníka přímo
týkají"; such a character may not use combat pool against that opponent's attacks; one who
beat nobody "nesmí provádět vůbec žádné akce (včetně volných)". The effects last for "probíhající
akce (případně … další bojovou fázi postavy, není-li právě na řadě)": here, until the end of the
character's next phase (or of the phase under way, for the one whose phase it is).

State: turn["surprise"] = {"against": [ids it cannot act against], "complete": bool,
"round": the combat turn it applies to}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, Step, _, ngettext
from combat.rules.shadowrun3.common import Work, fail, is_out, names, reaction
from combat.rules.shadowrun3.success import success_test

BASE_TN = 4
AMBUSH = -2  # seed: ambushers who delayed their actions


def _int(modifiers: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = modifiers.get(key, 0)
    if type(value) is not int or not low <= value <= high:
        raise fail(
            _("%(key)s must be a whole number from %(low)s to %(high)s"),
            key=key,
            low=low,
            high=high,
        )
    return value


def resolve_surprise(work: Work, action: Action) -> Outcome:
    """The actor and the targets roll Reaction; with the tick "ambush" the actor's side lay in
    wait with delayed actions and rolls against TN 2."""
    fight = work.fight
    ids = list(dict.fromkeys((action.actor, *action.targets)))
    people = [work.get(cid) for cid in ids if not is_out(work.get(cid))]
    if len({c.side for c in people}) < 2:
        raise fail(_("a surprise test needs combatants of at least two sides"))
    ambush = action.modifiers.get("ambush", False)
    if type(ambush) is not bool:
        raise fail(_("ambush must be ticked or not"))
    ambush_side = work.get(action.actor).side if ambush else None
    extra_ambusher = _int(action.modifiers, "ambusher_modifier", -4, 8)
    extra_other = _int(action.modifiers, "ambushed_modifier", -4, 8)
    successes: dict[str, int] = {}
    for combatant in people:
        ambusher = combatant.side == ambush_side
        tn = BASE_TN + (AMBUSH + extra_ambusher if ambusher else extra_other)
        test = success_test(
            reaction(combatant), tn, work.draw, purpose="surprise", roller=combatant.id
        )
        for rolled in test.rolls:
            work.record(rolled)
        successes[combatant.id] = test.successes
        work.step(
            ngettext(
                "%(name)s: Reaction %(dice)s against TN %(tn)s → %(successes)s success",
                "%(name)s: Reaction %(dice)s against TN %(tn)s → %(successes)s successes",
                "successes",
            ),
            name=combatant.name,
            dice=test.dice,
            tn=test.target,
            successes=test.successes,
        )
    result = _compare(work, people, successes, max(fight.round, 1))
    summary = Step(_("Surprise test: %(names)s"), {"names": names(work, ids)})
    return work.finish(summary, {"surprise": result, "successes": successes})


def _compare(
    work: Work, people: list[Combatant], successes: dict[str, int], applies: int
) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for combatant in people:
        opponents = [o for o in people if o.side != combatant.side]
        against = [o.id for o in opponents if successes[combatant.id] <= successes[o.id]]
        complete = len(against) == len(opponents)
        if against:
            state = {"against": against, "complete": complete, "round": applies}
            work.update(combatant.id, surprise=state)
            if complete:
                work.step(
                    _("%(name)s is completely surprised: no actions at all"), name=combatant.name
                )
            else:
                work.step(
                    _("%(name)s cannot act against %(against)s"),
                    name=combatant.name,
                    against=names(work, against),
                )
        else:
            work.update(combatant.id, surprise=None)
            work.step(_("%(name)s may act against every opponent"), name=combatant.name)
        result[combatant.id] = {"against": against, "complete": complete}
    return result


def surprise_of(combatant: Combatant) -> Mapping[str, Any] | None:
    value = combatant.turn.get("surprise")
    return value if isinstance(value, Mapping) else None


def completely_surprised(combatant: Combatant) -> bool:
    state = surprise_of(combatant)
    return bool(state and state.get("complete"))


def cannot_act_against(combatant: Combatant, target: str) -> bool:
    state = surprise_of(combatant)
    return bool(state and target in (state.get("against") or ()))


def check_targets(work: Work, actor: str, targets: tuple[str, ...]) -> None:
    combatant = work.get(actor)
    for target in targets:
        if cannot_act_against(combatant, target):
            raise fail(
                _("%(name)s was surprised by %(target)s and cannot act against them"),
                name=combatant.name,
                target=work.get(target).name,
            )


def no_pool_against(fight: Fight, defender: str, attacker: str) -> bool:
    """seed 003: the surprised "nesměji při obraně před jeho útoky používat kostky z bojových
    rezerv"."""
    return cannot_act_against(fight.get(defender), attacker)


def phase_over(work: Work, combatant_id: str) -> None:
    """The surprise lasted through this phase of the character: it is over now."""
    combatant = work.get(combatant_id)
    if surprise_of(combatant) is not None:
        work.update(combatant_id, surprise=None)
        work.step(_("%(name)s is no longer surprised"), name=combatant.name)
