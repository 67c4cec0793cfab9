"""What the quick-roll box shows before the roll: the odds of the expression, within a budget.

Exact odds when they are cheap; otherwise an estimate from rolling the expression, labelled with
its number of rolls and margin of error; or the reason it cannot be rolled at all
(``combat.rules.estimate``). The estimate's dice are seeded by the expression itself, so the
same expression shows the same estimate each time the box asks (and it can be cached).
"""

import zlib
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from combat.rules.dice import InvalidDice, errors, parse
from combat.rules.estimate import Estimate, chances
from combat.rules.faces import SeededFaces
from combat.rules.odds import Odds


def _percent(chance: Any) -> float:
    return float(chance) * 100


@lru_cache(maxsize=32)  # an estimate keeps up to a few thousand totals
def _chances(canonical: str) -> Odds | Estimate:
    """One computation per expression (spelling aside); a refusal is not cached."""
    return chances(canonical, SeededFaces(zlib.crc32(canonical.encode())))


def odds_context(expression: str, target: int | None = None) -> dict[str, Any]:
    expression = expression.strip()
    if not expression:
        return {}
    try:
        result = _chances(str(parse(expression)))
    except InvalidDice as error:
        return {"odds_error": _message(error)}
    lines = []
    if target is not None:  # read by a form (combat.views.queries): "²" and 5,000 digits absent
        label = _("total ≥ %(n)s") % {"n": target}
        lines.append({"label": label, "percent": _percent(result.chance_total_at_least(target))})
    if result.successes is not None:
        for count in (1, 2, 3):
            label = _("%(n)s+ successes") % {"n": count}
            chance = result.chance_successes_at_least(count)
            lines.append({"label": label, "percent": _percent(chance)})
    if result.successes is None and _two_sixes(result):  # a Dračí Hlídka critical is possible
        chance = result.chance_sixes_at_least(2)
        lines.append({"label": _("2+ sixes"), "percent": _percent(chance)})
    return {"odds": {**_summary(result), "lines": lines}}


def _message(error: InvalidDice) -> str:
    reason = _(error.template) % error.params
    if error.template in (errors.TOO_MANY_ROLLED, errors.CHAIN_TOO_LONG):  # from the estimate
        return _("This expression cannot be rolled: most rolls would fail (%(reason)s).") % {
            "reason": reason
        }
    return reason


def _two_sixes(result: Odds | Estimate) -> bool:
    if isinstance(result, Estimate):
        return result.two_sixes_possible
    return len(result.sixes) > 2


def _summary(result: Odds | Estimate) -> dict[str, Any]:
    if isinstance(result, Estimate):
        parsed = parse(result.expression)  # the range is known exactly even when estimating
        estimate = {
            "rolls": result.trials + result.failed,
            "margin": _percent(result.margin),
            "failed": _percent(result.failed_share) if result.failed else None,
        }
        high: Any = "∞" if result.explodes else parsed.max_total
        low = parsed.min_total
        return {"mean": result.expected_total, "low": low, "high": high, "estimate": estimate}
    # Exploding dice have no largest total: the odds follow them deep enough, the page says ∞.
    high = "∞" if result.depth is not None else max(result.totals)
    return {"mean": float(result.expected_total), "low": min(result.totals), "high": high}
