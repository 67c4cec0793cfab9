"""Critical attack, critical defence and bleeding (seed 000, KRITICKÝ ÚTOK A OBRANA).

A bleeding effect is an `Effect(kind="bleeding")` with data:

    type: "critical" | "critical_defence" | "helpless"
    dice: int       how many d6 are rolled anew at the start of every following round
    amount: int     a fixed loss instead (helpless target: ¼ of max HP)
    source: id      who caused it (and rolls its dice)
    protect: bool   cannot take the creature below 1 HP (helpless attack on size D and larger)

Several bleeding effects are separate; one successful treatment ends them all (Rulings).
"""

from __future__ import annotations

from combat.rules.base import Audience, Effect, _, ngettext
from combat.rules.draci_hlidka.common import (
    Work,
    can_bleed,
    effects_of,
    knock_out_at_zero,
    next_key,
)

BLEEDING = "bleeding"


def critical_counts(own_sixes: int, other_sixes: int) -> bool:
    """seed 000: two or more sixes make a critical; "V takovém případě se kritický útok projeví
    pouze tehdy, jeli počet šestek útočníka aspoň o dvě vyšší, nežli počet šestek obránce" —
    applied when the other roll has 2+ sixes too (Rulings)."""
    return own_sixes >= 2 and (other_sixes < 2 or own_sixes >= other_sixes + 2)


def open_wound(
    work: Work, victim_id: str, source_id: str, *, dice: int, kind: str, protect: bool
) -> int:
    """Roll `dice`d6 of bleeding now and leave an effect that rolls them every following round.

    seed 000: "za každou další šestku si však házíš 1k6. Výsledný součet odpovídá počtu
    životů, které postava … v daném kole ztratí. Tyto hody se opakují tak dlouho, dokud není
    raněný úspěšně ošetřen … nebo dokud nezemře." The seed's example loses its 5 + 2 = 7 at the
    hit; fight.options["critical_bleeds_at_hit"] = False starts the loss at the next round
    instead. Returns the HP lost now (not yet subtracted).
    """
    victim = work.get(victim_id)
    if not can_bleed(victim):
        work.note(_("%(name)s cannot bleed: the critical has no extra effect"), name=victim.name)
        return 0
    effect = Effect(
        next_key(victim, BLEEDING),
        BLEEDING,
        {"type": kind, "dice": dice, "source": source_id, "protect": protect},
    )
    work.add_effect(victim_id, effect)
    if work.fight.options.get("critical_bleeds_at_hit", True) in (False, "no"):
        # the GM's reading of the Rulings: the first loss only at the next round's start
        work.step(
            _("%(name)s bleeds %(dice)sd6 from the start of the next round until treated"),
            name=victim.name,
            dice=dice,
        )
        return 0
    result = work.roll("bleeding", source_id, f"{dice}d6")
    work.step(
        _(
            "%(name)s bleeds %(dice)sd6: %(faces)s = %(lost)s hit points now, rolled anew at the "
            "start of every following round until treated"
        ),
        name=victim.name,
        dice=dice,
        faces=list(result.faces),
        lost=result.total,
    )
    return result.total


def helpless_wound(work: Work, victim_id: str, source_id: str, *, protect: bool) -> int:
    """seed 000: a helpless bleeding-capable target "přijde navíc ještě o ¼ životů ze svého
    maxima … v každém dalším kole stejnou silou"; ¼ rounded down, at least 1 (Rulings)."""
    victim = work.get(victim_id)
    if not can_bleed(victim):
        return 0
    amount = max(1, victim.max_hp // 4)
    effect = Effect(
        next_key(victim, BLEEDING),
        BLEEDING,
        {"type": "helpless", "amount": amount, "source": source_id, "protect": protect},
    )
    work.add_effect(victim_id, effect)
    work.step(
        _(
            "Attack on the helpless: %(name)s loses ¼ of its hit points (%(lost)s) now and at "
            "the start of every following round until treated"
        ),
        name=victim.name,
        lost=amount,
        about=victim_id,
        secret={"lost": Audience.HEALTH},  # ¼ of its maximum: its HP
    )
    return amount


def bleed_all(work: Work) -> dict[str, int]:
    """Start of a round: every bleeding effect takes its toll (Rulings: the critical's dice
    rolled anew, the helpless ¼ the same). The dead bleed no more."""
    lost: dict[str, int] = {}
    for combatant in work.fight.combatants:
        if combatant.has("dead"):
            continue
        for effect in effects_of(combatant, BLEEDING):
            with work.about_combatant(combatant.id):
                lost[combatant.id] = lost.get(combatant.id, 0) + _bleed(work, combatant.id, effect)
    return lost


def _bleed(work: Work, combatant_id: str, effect: Effect) -> int:
    combatant = work.get(combatant_id)
    dice = effect.data.get("dice")
    source = effect.data.get("source")
    if type(dice) is int and dice > 0:
        roller = source if isinstance(source, str) else None
        result = work.roll("bleeding", roller, f"{dice}d6")
        amount, faces = result.total, list(result.faces)
    else:
        raw = effect.data.get("amount", 0)
        amount, faces = (raw if type(raw) is int else 0), []
    new_hp = combatant.hp - amount
    if effect.data.get("protect"):  # Rulings: size D+ cannot be taken below 1 HP by it
        new_hp = max(new_hp, min(1, combatant.hp))
    work.set_hp(combatant_id, new_hp)
    work.step(
        ngettext(
            "%(name)s bleeds (%(faces)s): −%(lost)s hit point, %(hp)s left",
            "%(name)s bleeds (%(faces)s): −%(lost)s hit points, %(hp)s left",
            "lost",
        ),
        name=combatant.name,
        faces=faces,
        lost=combatant.hp - new_hp,
        hp=new_hp,
        secret={"hp": Audience.HEALTH},
    )
    knock_out_at_zero(work, combatant_id)
    return combatant.hp - new_hp


def stop_bleeding(work: Work, combatant_id: str) -> int:
    """One successful treatment ends every bleeding effect (Rulings); returns how many."""
    effects = list(effects_of(work.get(combatant_id), BLEEDING))
    for effect in effects:
        work.remove_effect(combatant_id, effect)
    return len(effects)
