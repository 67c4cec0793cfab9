"""The ledger's totals in templates: the ledger page's per-character lookup, and a character
sheet's own totals (campaigns' sheet loads this tag; campaigns' Python never imports combat)."""

import re
from typing import Any

from django import template

from campaigns.models import Campaign, Character

from ..ledger import Totals, totals

register = template.Library()

_MARKS = re.compile(r"\[/?dice\]|\*\*|(?<!\w)\*|\*(?!\w)|^\s*>\s?", re.MULTILINE)


@register.filter
def excerpt(body: str, length: int = 160) -> str:
    """A post's opening words as plain text: no bold, italics, quote marks or dice tags."""
    text = " ".join(_MARKS.sub("", body).split())
    return text if len(text) <= length else text[: length - 1].rstrip() + "…"


@register.filter
def get_total(found: dict[int | None, Totals], key: int | None) -> Totals:
    return found.get(key) or Totals()


@register.simple_tag
def character_totals(character: Character, campaign: Campaign) -> Totals | None:
    """A player character's totals (one query); None for an NPC, which keeps no ledger."""
    if character.is_npc:
        return None
    found: dict[Any, Totals] = totals(campaign, [character])
    return found[character.pk]


@register.filter
def get_view(views: dict[int, Any], pk: int) -> Any:
    """The printable session's rendered post, by its pk."""
    return views.get(pk)
