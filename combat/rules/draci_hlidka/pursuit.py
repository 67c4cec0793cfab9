"""Flight and pursuit (seed 000, ÚTĚK A PRONÁSLEDOVÁNÍ).

Flight is a Přesun (ZO only). To leave melee the fugitive must beat each engaged opponent's OBR
roll (Rulings: strictly higher); each one not beaten attacks it once against ZO first. A chase
is then run round by round with `pursuit` (1d10 + Pohyblivost + Atletika each); its lead lives
in an Effect(kind="pursuit") on the fugitive, one per pursuer. Each runner's sprint (1d10 + ODO
+ Výdrž rounds) lives in an Effect(kind="sprint"); past it the runner is "exhausted".
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Action, Combatant, Effect, Outcome, Step, _
from combat.rules.draci_hlidka.catalogue import ATTACK_MODS
from combat.rules.draci_hlidka.combat import strike_once, targets_of
from combat.rules.draci_hlidka.common import Work, dice_expression, fail, is_out, number, skill
from combat.rules.draci_hlidka.economy import mark, spend
from combat.rules.draci_hlidka.mods import Mods

SPRINT, PURSUIT = "sprint", "pursuit"
DEFAULT_REACH = 1.0  # sáhy: "na délku zbraně (či paže)"; the GM sets a longer weapon's reach


def resolve_flee(work: Work, action: Action, mods: Mods) -> Outcome:
    fugitive = work.get(action.actor)
    if fugitive.has("exhausted"):
        raise fail(_("%(name)s is exhausted and must rest"), name=fugitive.name)
    opponents = [work.get(cid) for cid in targets_of(action)]
    if any(is_out(opponent) or opponent.id == fugitive.id for opponent in opponents):
        raise fail(_("only opponents still fighting can hold a fugitive"))
    spend(work, fugitive.id, "flee", "long", override=mods.flag("override"))
    weapons = mods.mapping("weapons")
    beaten = _disengage(work, fugitive, opponents)
    for opponent in opponents:
        if opponent.id not in beaten and not is_out(work.get(fugitive.id)):
            # seed 000: "V opačném případě budeš ještě předtím napaden … jen tvá ZO"
            name = weapons.get(opponent.id, _melee_weapon(opponent))
            strike_once(work, opponent.id, fugitive.id, Mods({}, ATTACK_MODS), name, "flight")
    escaped = not is_out(work.get(fugitive.id))
    data: dict[str, Any] = {"beaten": sorted(beaten), "escaped": escaped, "distance": 0}
    if escaped:
        data["distance"] = number(fugitive, "pohyblivost")
        work.step(
            _("%(name)s flees %(distance)s sáh"), name=fugitive.name, distance=data["distance"]
        )
        _run(work, fugitive.id)
    summary = (
        Step(_("%(name)s gets away from the fight"), {"name": fugitive.name})
        if escaped
        else Step(_("%(name)s falls while fleeing"), {"name": fugitive.name})
    )
    return work.finish(summary, data)


def _disengage(work: Work, fugitive: Combatant, opponents: list[Combatant]) -> set[str]:
    """seed 000: "Ověření se provede hodem všech zúčastněných na OBR. Je-li tvůj výsledek
    vyšší …" — one roll of the fugitive against one roll of each opponent; Rulings: an
    exploding d6 + OBR each, and the fugitive must be strictly higher."""
    if not opponents:
        return set()
    own = _obr_roll(work, fugitive)
    beaten = set()
    for opponent in opponents:
        if own > _obr_roll(work, opponent):
            beaten.add(opponent.id)
            work.step(
                _("%(name)s breaks away from %(other)s"), name=fugitive.name, other=opponent.name
            )
        else:
            work.step(
                _("%(other)s holds %(name)s and strikes first"),
                name=fugitive.name,
                other=opponent.name,
            )
    return beaten


def _obr_roll(work: Work, combatant: Combatant) -> int:
    obr = number(combatant, "obr")
    result = work.roll("disengage", combatant.id, dice_expression("1d6!", obr))
    faces = list(result.faces)
    work.step(
        _("%(name)s: OBR roll %(total)s = roll %(faces)s + OBR %(obr)+d"),
        name=combatant.name,
        total=result.total,
        faces=faces,
        obr=obr,
    )
    return result.total


def _melee_weapon(combatant: Combatant) -> str | None:
    for arm in combatant.weapons:
        if arm.get("druh", "melee") == "melee" and isinstance(arm.get("name"), str):
            return str(arm["name"])
    return None


def _sprint(work: Work, runner_id: str) -> Effect:
    """The runner's sprint; the first time it runs, roll how long it lasts.

    seed 000: "Trvání sprintu = 1k10 + ODO + Výdrž" (rounds).
    """
    runner = work.get(runner_id)
    for effect in runner.effects:
        if effect.kind == SPRINT:
            return effect
    bonus = number(runner, "odo") + skill(runner, "Výdrž")
    result = work.roll("sprint", runner_id, f"1d10{bonus:+d}")
    effect = Effect("sprint", SPRINT, {"limit": result.total, "rounds": 0, "round": None})
    work.add_effect(runner_id, effect)
    work.step(
        _("%(name)s can sprint %(limit)s rounds (1d10 + ODO + Endurance)"),
        name=runner.name,
        limit=result.total,
    )
    return effect


def _run(work: Work, runner_id: str) -> bool:
    """Count this round of running; False (and "exhausted") once past the sprint's limit.

    seed 000: "Jakmile některá postava tento limit překročí, musí se zastavit."
    """
    effect = _sprint(work, runner_id)
    if effect.data.get("round") == work.fight.round:
        return True
    rounds = _count(effect.data.get("rounds")) + 1
    runner = work.get(runner_id)
    work.remove_effect(runner_id, effect)
    if rounds > _count(effect.data.get("limit")):
        work.condition(runner_id, "exhausted")
        work.step(
            _("%(name)s is exhausted and must stop (rest at least one shift)"), name=runner.name
        )
        return False
    data = {**effect.data, "rounds": rounds, "round": work.fight.round}
    work.add_effect(runner_id, Effect(effect.key, SPRINT, data))
    return True


def _count(value: Any) -> int:
    return value if type(value) is int else 0


def _chase(pursuer_id: str, fugitive: Combatant) -> Effect | None:
    for effect in fugitive.effects:
        if effect.kind == PURSUIT and effect.data.get("pursuer") == pursuer_id:
            return effect
    return None


def _pair(work: Work, action: Action) -> tuple[Combatant, Combatant]:
    targets = targets_of(action)
    if len(targets) != 1:
        raise fail(_("choose the one fugitive"))
    pursuer, fugitive = work.get(action.actor), work.get(targets[0])
    if pursuer.id == fugitive.id:
        raise fail(_("%(name)s cannot chase itself"), name=pursuer.name)
    if is_out(fugitive):
        raise fail(_("the pursuit is over: %(name)s is out of the fight"), name=fugitive.name)
    return pursuer, fugitive


def resolve_pursuit(work: Work, action: Action, mods: Mods) -> Outcome:
    """One round of the chase (seed 000: "Vzdálenost = 1k10 + Pohyblivost + Atletika")."""
    pursuer, fugitive = _pair(work, action)
    for runner in (fugitive, pursuer):
        if runner.has("exhausted"):
            raise fail(_("%(name)s is exhausted and must rest"), name=runner.name)
    if fugitive.id in pursuer.turn.get("pursuit", ()):
        raise fail(
            _("%(name)s has already chased %(other)s this round"),
            name=pursuer.name,
            other=fugitive.name,
        )
    chase = _chase(pursuer.id, fugitive)
    lead = _lead(mods, chase, fugitive)
    ran = [_run(work, fugitive.id), _run(work, pursuer.id)]
    if not all(ran):  # seed 000: "Pronásledování končí … je některý z účastníků příliš vyčerpaný"
        _end(work, pursuer, fugitive)
        summary = Step(_("The pursuit ends: a runner is exhausted"))
        return work.finish(summary, {"ended": "exhausted", "lead": lead})
    return _chase_round(work, mods, pursuer, fugitive, lead)


def _lead(mods: Mods, chase: Effect | None, fugitive: Combatant) -> float:
    """The lead in sáhy: the GM's number, else the chase's, else the fugitive's Pohyblivost
    (it has just fled that far)."""
    given = mods.distance("lead")
    if given is not None:
        return given
    if chase is not None:
        return float(chase.data.get("lead", 0))
    return float(number(fugitive, "pohyblivost"))


def _chase_round(
    work: Work, mods: Mods, pursuer: Combatant, fugitive: Combatant, lead: float
) -> Outcome:
    ran = {runner.id: _distance(work, runner) for runner in (fugitive, pursuer)}
    gained = ran[pursuer.id] - ran[fugitive.id]
    # seed 000: the pursuer "zkrátí náskok o tolik sáhů, jako je rozdíl"; otherwise it grows
    new_lead = max(0.0, lead - gained)
    reach = mods.distance("reach")
    in_reach = new_lead <= (reach if reach is not None else DEFAULT_REACH)
    chase = _chase(pursuer.id, work.get(fugitive.id))
    if chase is not None:
        work.remove_effect(fugitive.id, chase)
    key = f"pursuit-{pursuer.id}"
    work.add_effect(fugitive.id, Effect(key, PURSUIT, {"pursuer": pursuer.id, "lead": new_lead}))
    mark(work, pursuer.id, pursuit=[*pursuer.turn.get("pursuit", ()), fugitive.id])
    if not work.get(fugitive.id).turn.get("long"):
        mark(work, fugitive.id, long="move")  # running: a Přesun, ZO only
    work.step(_("Lead %(before)s → %(after)s sáh"), before=lead, after=new_lead)
    if in_reach:  # seed 000: "Utíkající pak útoku vzdoruje jen svou Základní obranou"
        work.step(
            _("%(pursuer)s reaches %(fugitive)s and may attack (ZO only)"),
            pursuer=pursuer.name,
            fugitive=fugitive.name,
        )
    summary = Step(
        _("%(pursuer)s chases %(fugitive)s: lead %(lead)s sáh"),
        {"pursuer": pursuer.name, "fugitive": fugitive.name, "lead": new_lead},
    )
    data = {
        "fugitive_distance": ran[fugitive.id],
        "pursuer_distance": ran[pursuer.id],
        "lead_before": lead,
        "lead": new_lead,
        "in_reach": in_reach,
        "ended": None,
    }
    return work.finish(summary, data)


def _distance(work: Work, runner: Combatant) -> int:
    pohyblivost, atletika = number(runner, "pohyblivost"), skill(runner, "Atletika")
    result = work.roll("pursuit", runner.id, f"1d10{pohyblivost + atletika:+d}")
    work.step(
        _(
            "%(name)s: 1d10 %(roll)s + Movement %(pohyblivost)s + Athletics %(atletika)s "
            "= %(distance)s"
        ),
        name=runner.name,
        roll=result.faces[0],
        pohyblivost=pohyblivost,
        atletika=atletika,
        distance=result.total,
    )
    return result.total


def _end(work: Work, pursuer: Combatant, fugitive: Combatant) -> None:
    """The chase is over: its lead goes, and so does the sprint of a runner in no other chase."""
    chase = _chase(pursuer.id, work.get(fugitive.id))
    if chase is not None:
        work.remove_effect(fugitive.id, chase)
    for runner_id in (pursuer.id, fugitive.id):
        if _in_chase(work, runner_id):
            continue
        for effect in work.get(runner_id).effects:
            if effect.kind == SPRINT:
                work.remove_effect(runner_id, effect)


def _in_chase(work: Work, runner_id: str) -> bool:
    return any(
        effect.kind == PURSUIT
        and (combatant.id == runner_id or effect.data.get("pursuer") == runner_id)
        for combatant in work.fight.combatants
        for effect in combatant.effects
    )


def resolve_end_pursuit(work: Work, action: Action, mods: Mods) -> Outcome:
    """The GM ends a chase; an escaped fugitive has "fled" (out of the fight)."""
    targets = targets_of(action)
    if len(targets) != 1:
        raise fail(_("choose the one fugitive"))
    pursuer, fugitive = work.get(action.actor), work.get(targets[0])
    _end(work, pursuer, fugitive)
    escaped = mods.flag("escaped")
    if escaped:  # seed 000: "získal takový náskok, že dokázal zmizet nebo se ukrýt"
        work.condition(fugitive.id, "fled")
    summary = Step(_("The pursuit of %(name)s ends"), {"name": fugitive.name})
    return work.finish(summary, {"escaped": escaped})
