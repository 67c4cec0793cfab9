"""The dice audit page (issue Q): "are the dice rigged?" answered from the record — each die
size's faces against fair dice, for the campaign, one player or one character, and the rolls
behind the counts with where each is kept."""

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from campaigns.access import membership_or_404
from campaigns.models import Campaign, CharacterKind, Membership
from combat.rules.dice.fairness import MIN_EXPECTED, Fairness
from config.http import AuthedHttpRequest

from .. import audit_read
from ..models import AuditRoll, Source
from .queries import BIG, AsciiIntegerField, Query

SIZES_SHOWN = 30  # die sizes on the page, the most rolled
FACES_SHOWN = 100  # a die with more faces shows its verdict without the table of every face
LEVEL = 0.01  # below it a die size is called unusual: fair dice do that once in a hundred tests


def scopes(membership: Membership) -> list[tuple[str, str]]:
    """Whose dice may be asked for: the members, and the characters this viewer may see (a
    player never sees a non-player character's name here)."""
    campaign = membership.campaign
    name = get_user_model().USERNAME_FIELD
    people = Membership.objects.filter(campaign=campaign).order_by(f"user__{name}")
    found = [(f"u{pk}", who) for pk, who in people.values_list("user_id", f"user__{name}")]
    characters = campaign.characters.order_by("name")
    if not membership.is_gm:
        characters = characters.filter(kind=CharacterKind.PC)
    return found + [(f"c{pk}", who) for pk, who in characters.values_list("pk", "name")]


def _chosen(campaign: Campaign, scope: str) -> Q:
    """A player's dice: their quick and journal rolls, and their characters' rolls in fights
    (whoever clicked); a character's: its rolls in fights."""
    if scope.startswith("u"):
        mine = Q(source__in=[Source.QUICK, Source.JOURNAL], user_id=int(scope[1:]))
        return mine | Q(source=Source.FIGHT, character__owner_id=int(scope[1:]))
    if scope.startswith("c"):
        return Q(character_id=int(scope[1:]))
    return Q()


def _rows(campaign: Campaign, scope: str) -> QuerySet[AuditRoll]:
    return AuditRoll.objects.filter(campaign=campaign).filter(_chosen(campaign, scope))


@login_required
@require_GET
def audit_page(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    choices = scopes(membership)
    query = _scope_query(choices).read(request.GET)
    scope = query["who"] or ""
    seen, more = audit_read.readable(
        _rows(membership.campaign, scope), request.user, gm=membership.is_gm
    )
    found = audit_read.audit(seen, more)
    context: dict[str, Any] = {
        "campaign": membership.campaign,
        "membership": membership,
        "choices": choices,
        "scope": scope,
        "scope_name": dict(choices).get(scope, ""),
        "audit": found,
        "tallied": audit_read.TALLIED,
        "groups": [
            ("server", _("Rolled by the server"), _sizes(found.server)),
            ("typed", _("Physical dice, typed in"), _sizes(found.typed)),
            (
                "unknown",
                _("Fight rolls from before their origin was recorded"),
                _sizes(found.unknown),
            ),
        ],
        "rolls": audit_read.shown_rolls(found.shown),
    }
    return render(request, "combat/dice_audit.html", context)


def _sizes(tested: list[Fairness]) -> list[dict[str, Any]]:
    """The die sizes shown: the most rolled `SIZES_SHOWN`, smallest first (a page of a
    thousand odd sizes would be nobody's reading)."""
    most = sorted(tested, key=lambda found: -found.total)[:SIZES_SHOWN]
    return [_tested(found) for found in sorted(most, key=lambda found: found.sides)]


def _signed(percent: int) -> str:
    return f"{percent:+d}".replace("-", "−") if percent else "0"


def _tested(found: Fairness) -> dict[str, Any]:
    """One die size as the page shows it: its verdict in words, every face against fair."""
    expected = found.expected
    faces = (
        [
            {
                "face": face,
                "count": count,
                "off": _signed(round(100 * (count - expected) / expected)),
            }
            for face, count in enumerate(found.counts, 1)
        ]
        if expected and found.sides <= FACES_SHOWN
        else []
    )
    if found.p_value is None:
        needed = MIN_EXPECTED * found.sides - found.total
        verdict = ngettext(
            "Too few rolls to test: %(n)s more face needed.",
            "Too few rolls to test: %(n)s more faces needed.",
            needed,
        ) % {"n": needed}
    elif found.p_value < LEVEL:
        verdict = _("Unusual: fair dice stray this far less than once in a hundred tests.")
    else:
        verdict = _("No sign of unfair dice.")
    return {
        "sides": found.sides,
        "total": found.total,
        "expected": expected,
        "chi_square": found.chi_square,
        "p": found.p_value,
        "unusual": found.p_value is not None and found.p_value < LEVEL,
        "verdict": verdict,
        "faces": faces,
    }


def _scope_query(choices: list[tuple[str, str]]) -> type[Query]:
    class ScopeQuery(Query):
        who = forms.ChoiceField(required=False, choices=[("", ""), *choices])

    return ScopeQuery


class ReceiptQuery(Query):
    """A receipt to check: the fight, its entry and (optionally) the hash the viewer kept."""

    encounter = AsciiIntegerField(required=False, min_value=1, max_value=BIG)
    seq = AsciiIntegerField(required=False, min_value=1, max_value=BIG)
    hash = forms.RegexField(r"\A[0-9a-fA-F]{6,64}\Z", required=False, max_length=64)


@login_required
@require_GET
def receipt_page(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    query = ReceiptQuery.read(request.GET)
    receipt = None
    if query["encounter"] and query["seq"]:
        receipt = audit_read.check_receipt(
            _rows(membership.campaign, ""),
            request.user,
            gm=membership.is_gm,
            encounter_id=query["encounter"],
            seq=query["seq"],
            kept=query["hash"] or "",
        )
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "receipt": receipt,
        "asked": bool(request.GET),
    }
    return render(request, "combat/dice_receipt.html", context)
