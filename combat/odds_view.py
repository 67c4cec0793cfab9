"""What the quick-roll box shows before the roll: the exact odds of the expression."""

from typing import Any

from django.utils.translation import gettext as _

from combat.rules.dice import InvalidDice
from combat.rules.odds import odds


def _percent(chance: Any) -> float:
    return float(chance) * 100


def odds_context(expression: str, target: str = "") -> dict[str, Any]:
    expression = expression.strip()
    if not expression:
        return {}
    try:
        result = odds(expression)
    except InvalidDice as error:
        return {"odds_error": _(error.template) % error.params}
    lines = []
    digits = target.strip().removeprefix("-")
    if digits.isascii() and digits.isdigit() and len(digits) <= 12:  # "²" and 5,000 digits: 500s
        goal = int(target)
        label = _("total ≥ %(n)s") % {"n": goal}
        lines.append({"label": label, "percent": _percent(result.chance_total_at_least(goal))})
    if result.successes is not None:
        for count in (1, 2, 3):
            label = _("%(n)s+ successes") % {"n": count}
            chance = result.chance_successes_at_least(count)
            lines.append({"label": label, "percent": _percent(chance)})
    if result.successes is None and len(result.sixes) > 2:  # a Dračí Hlídka critical is possible
        chance = result.chance_sixes_at_least(2)
        lines.append({"label": _("2+ sixes"), "percent": _percent(chance)})
    totals = result.totals
    # Exploding dice have no largest total: the odds follow them deep enough, the page says ∞.
    high = "∞" if result.depth is not None else max(totals)
    summary = {"mean": float(result.expected_total), "low": min(totals), "high": high}
    return {"odds": {**summary, "lines": lines}}
