"""The forum's own tests as journal tags (seed 004): pools of d6 against a difficulty or a pool.

The generic dice engine reads `3d6>=4` the Shadowrun way (count the dice showing 4 or more), so
a dice-pool post needs its own reading: the *sum* of the pool against the narrator's difficulty
("Je-li součet hodu stejný nebo vyšší než vypravěčem daná obtížnost, překážku úspěšně
překonal"). Syntax (case-insensitive; `k` is the Czech `d`):

    3d6                       the sum (the same as the generic engine)
    3d6 vs 10, 3d6 proti 10,  the sum against a difficulty: success when sum ≥ 10
    3d6>=10
    4d6 + 1d6 vs 10           helpers add their rolls (the door: B's 4d6 and C's 1d6)
    3d6 vs 2d6                a conflict round: the lower sum loses, equal sums tie
    3d6/2 vs 2d6              a halved roll (no silver against a bestiary monster), rounded down

`looks_like_pool_tag` says whether a tag needs this reading; a plain `3d6` can stay with the
generic engine. `roll_pool_tag` rolls it with faces from the given source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from combat.rules.base import RolledDice, RulesError, Step, _
from combat.rules.dice import InvalidDice
from combat.rules.dice import errors as dice_errors
from combat.rules.dice import roll as roll_dice
from combat.rules.faces import FaceSource, TypedFaces
from combat.rules.work import Draw

MAX_TAG = 100
MAX_DICE = 60  # all pools of one tag together
_POOL = r"\d{1,2}\s*[dk]\s*6(?:\s*/\s*2)?"
_SIDE = rf"{_POOL}(?:\s*\+\s*{_POOL})*"
_TAG = re.compile(rf"\s*({_SIDE})\s*(?:(vs\.?|proti|>=)\s*(\d{{1,3}}|{_SIDE})\s*)?", re.I)
_ONE = re.compile(r"(\d{1,2})\s*[dk]\s*6(\s*/\s*2)?", re.I)


class InvalidPoolTag(RulesError):
    """The tag is not a dice-pool test."""


@dataclass(frozen=True)
class PoolTag:
    """A rolled pool tag: every roll with its faces, the sums and the verdict."""

    text: str
    rolls: tuple[RolledDice, ...]
    total: int  # the left side's sum (halved pools counted halved)
    difficulty: int | None = None
    against: int | None = None  # the right side's sum in a conflict tag
    verdict: str = "sum"  # "sum", "success", "failure", "won", "lost", "tie"
    summary: Step = Step("")

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "total": self.total,
            "difficulty": self.difficulty,
            "against": self.against,
            "verdict": self.verdict,
            "summary": {"template": self.summary.template, "params": dict(self.summary.params)},
            "rolls": [
                {"expression": r.expression, "faces": list(r.faces), "total": r.total}
                for r in self.rolls
            ],
        }


def looks_like_pool_tag(text: str) -> bool:
    """A tag only this module reads right: a comparison, a halving or the Czech k6."""
    if len(text) > MAX_TAG or _TAG.fullmatch(text) is None:
        return False
    return bool(re.search(r"vs|proti|>=|/|k", text, re.I))


def _pools(side: str) -> list[tuple[int, bool]]:
    return [(int(count), bool(half)) for count, half in _ONE.findall(side)]


def roll_pool_tag(text: str, faces: FaceSource) -> PoolTag:
    """Roll a pool tag; InvalidPoolTag if it is not one, InvalidDice if typed faces are wrong."""
    found = _TAG.fullmatch(text) if len(text) <= MAX_TAG else None
    if found is None:
        raise InvalidPoolTag(_("not a dice-pool tag: write e.g. 3d6, 3d6 vs 10 or 3d6 vs 2d6"))
    left, word, right = found.groups()
    opposed = right is not None and not right.strip().isdigit()
    pools = _pools(left) + (_pools(right) if opposed else [])
    if not all(count >= 1 for count, _half in pools) or sum(c for c, _h in pools) > MAX_DICE:
        raise InvalidPoolTag(_("a pool has 1 to %(max)s dice in all"), max=MAX_DICE)
    draw = Draw(faces)  # typed faces are checked once for the whole tag, not per pool
    rolls = [_roll(count, draw) for count, _half in pools]
    sums = [r.total // 2 if half else r.total for r, (_c, half) in zip(rolls, pools, strict=True)]
    split = len(_pools(left))
    total = sum(sums[:split])
    _all_used(faces)
    if word is None:
        return PoolTag(
            text, tuple(rolls), total, summary=Step(_("Sum %(total)s"), {"total": total})
        )
    if not opposed:
        return _against_difficulty(text, tuple(rolls), total, int(right))
    return _against_pool(text, tuple(rolls), total, sum(sums[split:]))


def _against_difficulty(text: str, rolls: tuple[RolledDice, ...], total: int, need: int) -> PoolTag:
    success = total >= need  # seed 004: "stejný nebo vyšší"
    template = (
        _("%(total)s against %(difficulty)s: success")
        if success
        else _("%(total)s against %(difficulty)s: failure")
    )
    summary = Step(template, {"total": total, "difficulty": need})
    verdict = "success" if success else "failure"
    return PoolTag(text, rolls, total, difficulty=need, verdict=verdict, summary=summary)


def _against_pool(text: str, rolls: tuple[RolledDice, ...], total: int, other: int) -> PoolTag:
    # seed 004: "kolo prohrává ten, kdo hodil nižší číslo"; Rulings: a tie, nobody loses.
    verdict = "won" if total > other else "lost" if total < other else "tie"
    templates = {
        "won": _("%(total)s against %(against)s: the first side wins the round"),
        "lost": _("%(total)s against %(against)s: the first side loses the round"),
        "tie": _("%(total)s against %(against)s: a tie, nobody loses"),
    }
    summary = Step(templates[verdict], {"total": total, "against": other})
    return PoolTag(text, rolls, total, against=other, verdict=verdict, summary=summary)


def _roll(count: int, draw: FaceSource) -> RolledDice:
    result = roll_dice(f"{count}d6", draw)
    return RolledDice("pool", None, result.expression, result.faces, result.total, result.sixes)


def _all_used(faces: FaceSource) -> None:
    if isinstance(faces, TypedFaces) and faces.remaining:
        if faces.remaining == 1:
            raise InvalidDice(dice_errors.ONE_TOO_MANY, expected=faces.used)
        raise InvalidDice(dice_errors.TOO_MANY_FACES, extra=faces.remaining, expected=faces.used)
