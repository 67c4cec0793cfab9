"""Conflict and fight rounds (seed 004, "Hod na konflikt" and "Hody v boji s NPC").

Every combatant still standing rolls once a round, on its turn ("1 kolo = 1 akce"); its roll is
kept in its `turn` as {"roll": {"round": …, "counted": …}}. When the last of them has rolled,
the round is decided: each side's rolls are added ("sčítají se hody všech hráčů na jedné
straně"), and the lower side loses the round. A tie: nobody loses (Rulings). A character who
loses a round loses a die for the rest of the fight — the first player in the order first, then
the next ("nejprve prvního hráče v pořadí, v případě další prohry druhého"); our reading for
later losses: whoever has lost the fewest dice, the first in the order among them, so the loss
goes round the side again. An NPC loses HP equal to the difference; at 0 it is beaten or dies,
as the winner intended. With the option "one round", the loser of the first decided round loses
the fight.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from combat.rules.base import Action, Audience, Combatant, Fight, Outcome, Step, _
from combat.rules.dice_pool.catalogue import INTENTS
from combat.rules.dice_pool.common import (
    Work,
    fail,
    has_silver,
    in_order,
    is_bestiary,
    is_out,
    lost_dice,
    round_roll,
    standing,
)
from combat.rules.dice_pool.pools import (
    Pool,
    bonus_dice,
    choice,
    chosen_names,
    default_names,
    fight_pool,
)


def resolve_fight_roll(work: Work, action: Action) -> Outcome:
    fight = work.fight
    actor = work.get(action.actor)
    _check_turn(fight, actor)
    targets = opponents(work, actor, action.targets)
    record = _roll(work, fight, actor, targets, action.modifiers, action.weapon)
    work.set_turn(actor.id, {**actor.turn, "roll": record})
    data: dict[str, Any] = {**record, "hit": False, "damage": 0}
    params = {"name": actor.name, "counted": record["counted"], "round": fight.round}
    if not everyone_rolled(work.fight, fight.round):
        summary = Step(_("%(name)s rolls %(counted)s in round %(round)s"), params)
        return work.finish(summary, data)
    result = settle(work, fight.round)
    won = result["loser"] is not None and result["loser"] != actor.side
    data.update(result, hit=won, damage=result["damage"] if won else 0)
    if result["loser"] is None:
        summary = Step(
            _("%(name)s rolls %(counted)s; round %(round)s is not lost by anyone"), params
        )
    else:
        summary = Step(
            _("%(name)s rolls %(counted)s; round %(round)s is lost by %(loser)s"),
            {**params, "loser": result["loser"]},
        )
    return work.finish(summary, data, stage={**fight.stage, "settled": fight.round})


def _roll(
    work: Work,
    fight: Fight,
    actor: Combatant,
    targets: list[Combatant],
    mods: Mapping[str, Any],
    weapon: Any,
) -> dict[str, Any]:
    """The actor's roll this round, logged; the record kept in its turn."""
    pool = roll_pool(fight, actor, mods)
    intent = choice(mods, "intent", INTENTS) or INTENTS[0]
    halve = halves(fight, actor, targets, weapon)
    total, _faces = work.roll("conflict", actor.id, pool.dice)
    counted = total // 2 if halve else total
    work.step(
        _("%(name)s rolls %(skills)s: %(dice)s dice = %(total)s"),
        name=actor.name,
        skills=pool_text(pool),
        dice=pool.dice,
        total=total,
    )
    if halve:
        # seed 004: "hráčovy hody proti monstru se půlí" (Rulings: rounded down)
        work.step(
            _("No silver weapon against a bestiary monster: %(total)s halved to %(counted)s"),
            total=total,
            counted=counted,
        )
    return {
        "round": fight.round,
        "dice": pool.dice,
        "total": total,
        "counted": counted,
        "skills": list(pool.names),
        "special": mods.get("special") is True,
        "intent": intent,
        "targets": [target.id for target in targets],
    }


def _check_turn(fight: Fight, actor: Combatant) -> None:
    if fight.round < 1:
        raise fail(_("the fight has not started: fix the order first"))
    if is_out(actor):
        raise fail(_("%(name)s is out of the fight"), name=actor.name)
    if fight.current is not None and fight.current != actor.id:
        # seed 004: "NPC a hráč se v kolech střídají" — everyone rolls on its own turn.
        raise fail(_("%(name)s cannot roll out of turn"), name=actor.name)
    if fight.stage.get("settled") == fight.round:
        raise fail(_("round %(round)s is already decided"), round=fight.round)
    if round_roll(actor, fight.round) is not None:
        raise fail(
            _("%(name)s has already rolled this round (one action a round)"), name=actor.name
        )


def opponents(work: Work, actor: Combatant, ids: Sequence[Any]) -> list[Combatant]:
    """The named opponents of a roll: standing, on another side."""
    found = []
    for target in (work.get(cid) for cid in dict.fromkeys(ids)):
        if target.side == actor.side:
            raise fail(_("%(name)s is on the same side"), name=target.name)
        if is_out(target):
            raise fail(_("%(name)s is out of the fight"), name=target.name)
        found.append(target)
    return found


def roll_pool(fight: Fight, actor: Combatant, mods: Mapping[str, Any]) -> Pool:
    names = chosen_names(mods)
    if names is None:
        names = npc_default(fight, actor) if actor.is_npc else default_names(actor)
    return fight_pool(actor, names, bonus_dice(actor, names, mods))


def npc_default(fight: Fight, npc: Combatant) -> tuple[str, ...]:
    """An NPC attacks when it rolls first in the round, else it defends (the dog attacks 4)."""
    others_rolled = any(round_roll(c, fight.round) for c in fight.combatants if c.side != npc.side)
    return ("defence_dice",) if others_rolled else ("attack_dice",)


def halves(fight: Fight, actor: Combatant, targets: Sequence[Combatant], weapon: Any) -> bool:
    """A character without silver against a bestiary monster (the named one, or any)."""
    if weapon is not None and not isinstance(weapon, str):
        raise fail(_("the weapon must be named"))
    silver = has_silver(actor, weapon)
    if actor.is_npc:
        return False
    facing = targets or [c for c in standing(fight) if c.side != actor.side]
    return any(is_bestiary(c) for c in facing) and not silver


def pool_text(pool: Pool) -> str:
    text = pool.skills
    if pool.bonus:
        text += f" + {pool.bonus}"
    if pool.lost:
        text += f" − {pool.lost}"
    return text


def everyone_rolled(fight: Fight, round_no: int) -> bool:
    members = standing(fight)
    if fight.order:
        members = [c for c in members if c.id in fight.order]
    return bool(members) and all(round_roll(c, round_no) is not None for c in members)


# --- deciding a round -------------------------------------------------------------------------


def settle(work: Work, round_no: int) -> dict[str, Any]:
    """Decide round `round_no` from the rolls made in it; the facts for Outcome.data."""
    rolled = [(c, r) for c in standing(work.fight) if (r := round_roll(c, round_no))]
    sums: dict[str, int] = {}
    special: dict[str, bool] = {}
    for combatant, record in rolled:
        sums[combatant.side] = sums.get(combatant.side, 0) + int(record["counted"])
        # A roll kept before records had "special" is one without a special effect.
        ticked = record.get("special") is True
        special[combatant.side] = special.get(combatant.side, False) or ticked
    facts: dict[str, Any] = {"round": round_no, "sums": sums, "loser": None, "damage": 0}
    if len(sums) < 2:
        work.note(_("Round %(round)s is not decided: only one side rolled"), round=round_no)
        return facts
    for side, total in sums.items():
        work.step(_("%(side)s: %(sum)s"), side=side, sum=total)
    ranked = sorted(sums, key=lambda side: (special[side], sums[side]))
    loser, runner_up = ranked[0], ranked[1]
    if (special[loser], sums[loser]) == (special[runner_up], sums[runner_up]):
        work.step(_("A tie: nobody loses round %(round)s"), round=round_no)
        work.note(_("The GM may call for a re-roll of a tie"))
        return {**facts, "tie": True}
    if not special[loser] and special[ranked[-1]]:
        work.note(_("A special effect decided the round: the GM describes what it does"))
    difference = max(0, sums[runner_up] - sums[loser])
    work.step(
        _("Round %(round)s is lost by %(side)s, by %(difference)s"),
        side=loser,
        round=round_no,
        difference=difference,
    )
    winners = [record for c, record in rolled if c.side != loser]
    intent = next((str(r["intent"]) for r in winners if r.get("intent")), INTENTS[0])
    if work.fight.options.get("rounds") == "one":
        loss = _lose_fight(work, loser, intent)
    else:
        loss = _lose_round(work, loser, difference, winners, intent)
    if all(not c.is_npc for c, _record in rolled):
        work.note(
            _("The loser narrates the round; death or lasting harm only by the players' agreement")
        )
    return {**facts, "loser": loser, "difference": difference, **loss}


def _lose_round(
    work: Work, side: str, difference: int, winners: list[Mapping[str, Any]], intent: str
) -> dict[str, Any]:
    members = [c for c in standing(work.fight) if c.side == side]
    characters = [c for c in members if not c.is_npc]
    if characters:
        victim = min(characters, key=lost_dice)  # the first in the order among the fewest lost
        left = victim.hp - 1
        work.set_hp(victim.id, left)
        work.step(
            _("%(name)s loses a die: %(left)s of %(best)s left for the rest of the fight"),
            name=victim.name,
            left=left,
            best=victim.max_hp,
            about=victim.id,
        )
        if left <= 0:
            work.condition(victim.id, "beaten")
            work.step(
                _("%(name)s has no dice left and loses the fight"),
                name=victim.name,
                about=victim.id,
            )
        return {"dice_lost": {victim.id: 1}, "damage": 1}
    victim = _npc_victim(members, winners)
    hp = victim.hp - difference
    work.set_hp(victim.id, hp)
    work.step(_("%(name)s loses %(loss)s HP"), name=victim.name, loss=difference, about=victim.id)
    work.step(
        _("%(name)s: %(hp_before)s → %(hp)s HP"),
        name=victim.name,
        hp_before=victim.hp,
        hp=hp,
        about=victim.id,
        audience=Audience.HEALTH,
    )
    if hp <= 0:
        _defeat(work, victim, intent)
    return {"hp_lost": {victim.id: difference}, "damage": difference}


def _npc_victim(members: list[Combatant], winners: list[Mapping[str, Any]]) -> Combatant:
    """The NPC a winner aimed at, else the first of the side in the order (our reading)."""
    ids = {c.id: c for c in members}
    for record in winners:
        for target in record.get("targets") or ():
            if target in ids:
                return ids[target]
    return members[0]


def _defeat(work: Work, npc: Combatant, intent: str) -> None:
    if intent == "kill":
        work.condition(npc.id, "dead")
        work.step(_("%(name)s is killed"), name=npc.name, about=npc.id)
    else:
        work.condition(npc.id, "beaten")
        work.step(_("%(name)s is beaten"), name=npc.name, about=npc.id)


def _lose_fight(work: Work, side: str, intent: str) -> dict[str, Any]:
    """seed 004, "a) jedno kolo – v tom případě prohrává ten, kdo hodil nižší číslo"."""
    beaten = []
    for member in (c for c in standing(work.fight) if c.side == side):
        if member.is_npc:
            _defeat(work, member, intent)
        else:
            work.condition(member.id, "beaten")
            work.step(_("%(name)s loses the fight"), name=member.name, about=member.id)
        beaten.append(member.id)
    return {"beaten": beaten, "damage": 1}


def settle_left_over(work: Work, fight: Fight) -> Mapping[str, Any] | None:
    """At a new round: the last round if it ended before everyone rolled (someone skipped)."""
    last = fight.round - 1
    if last < 1 or fight.stage.get("settled") == last:
        return None
    if not any(round_roll(c, last) for c in in_order(fight)):
        return None
    return settle(work, last)
