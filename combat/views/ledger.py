"""The ledgers (issue Q): the campaign's page of experience, money and items — totals per
player character and for the party, the rows behind them, a form to enter one — and the award
of a fight, its experience suggested by the system's table."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaigns.access import membership_or_404
from campaigns.models import Character, Membership, Post, new_key
from config.http import AuthedHttpRequest

from ..ledger import NewRow, enter, players_may_read, totals
from ..ledger_award import suggest
from ..ledger_forms import PARTY, AwardForm, EntryForm
from ..models import Encounter, Kind, LedgerEntry
from .common import encounter_of

SHOWN = 200  # the newest rows the page lists


def _member(request: AuthedHttpRequest, pk: int) -> Any:
    return lambda: membership_or_404(request, pk, lock=True)


def _pcs(membership: Membership) -> list[Character]:
    pcs = Character.objects.filter(campaign=membership.campaign, kind="pc")
    return list(pcs.select_related("owner").order_by("name", "pk"))


def _pk(text: str) -> int | None:
    """A database id as a query parameter writes it, or None (never an overflowing number)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _rows(membership: Membership, character: str) -> Any:
    rows = LedgerEntry.objects.filter(campaign=membership.campaign)
    if not membership.is_gm:
        rows = rows.filter(players_may_read())
    if character == PARTY:
        rows = rows.filter(character__isnull=True)
    elif _pk(character) is not None:
        rows = rows.filter(character_id=_pk(character))
    return rows.select_related("character", "user", "encounter", "post__thread")


@login_required
@require_http_methods(["GET", "POST"])
def ledger_page(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    pcs = _pcs(membership)
    form = EntryForm(request.POST or None, membership=membership, pcs=pcs)
    if request.method == "POST":
        if form.is_valid():
            _enter_row(request, pk, form)
            messages.success(request, _("Entered in the ledger."))
            return redirect("combat:ledger", pk)
    else:
        form = _fresh(request, membership, pcs)
    shown = request.GET.get("who", "")
    rows = list(_rows(membership, shown)[: SHOWN + 1])
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "section": "ledger",
        "pcs": pcs,
        "totals": totals(membership.campaign, pcs),
        "rows": rows[:SHOWN],
        "more": len(rows) > SHOWN,
        "who": shown,
        "form": form if form.by_pk or membership.is_gm else None,
    }
    return render(request, "combat/ledger.html", context)


def _fresh(request: AuthedHttpRequest, membership: Membership, pcs: list[Character]) -> EntryForm:
    """A blank form; `?correct=<row>` fills it in to take that row back."""
    initial: dict[str, Any] = {"key": new_key(), **_from_post(request, membership)}
    wanted = _pk(request.GET.get("correct", ""))
    if wanted is not None:
        row = LedgerEntry.objects.filter(campaign=membership.campaign, pk=wanted).first()
        if row is not None:
            initial |= {
                "character": str(row.character_id) if row.character_id else PARTY,
                "kind": row.kind,
                "amount": -row.amount,
                "unit": row.unit,
                "reason": _("Correction of #%(row)s") % {"row": row.pk},
                "corrects": row.pk,
            }
    return EntryForm(initial=initial, membership=membership, pcs=pcs)


def _from_post(request: AuthedHttpRequest, membership: Membership) -> dict[str, Any]:
    """`?post=<pk>`: the entry comes from this post of the campaign (the journal links here)."""
    wanted = _pk(request.GET.get("post", ""))
    if wanted is None:
        return {}
    posts = Post.objects.filter(thread__campaign=membership.campaign).select_related("thread")
    post = posts.filter(pk=wanted).first()
    if post is None:
        return {}
    reason = _("From the post in %(scene)s") % {"scene": post.thread.title}
    return {"post": post.pk, "reason": reason[:200]}


def _enter_row(request: AuthedHttpRequest, pk: int, form: EntryForm) -> None:
    data = form.cleaned_data
    row = NewRow(
        character=data["character"],
        kind=data["kind"],
        amount=data["amount"],
        unit=data["unit"],
        reason=data["reason"],
        corrects=form.corrected,
        post=form.from_post,
    )
    enter(form.membership.campaign, request.user, [row], data["key"], _member(request, pk))


@login_required
@require_http_methods(["GET", "POST"])
def encounter_award(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """A fight's award, the GM's: experience suggested by the system's table, and treasure."""
    membership, encounter = encounter_of(request, pk, enc_pk)
    if not membership.is_gm:
        raise PermissionDenied
    rows = list(encounter.combatants.select_related("character").order_by("pk"))
    suggestion = suggest(encounter, rows)
    if request.method == "POST":
        form = AwardForm(request.POST, suggestion=suggestion)
        if form.is_valid():
            rows_in = _award_rows(form, encounter, rows)
            enter(
                membership.campaign,
                request.user,
                rows_in,
                form.cleaned_data["key"],
                _member(request, pk),
            )
            messages.success(request, _("Entered in the ledger."))
            return redirect("combat:ledger", pk)
    else:
        reason = _("The fight: %(fight)s") % {"fight": encounter.name}
        initial = {"reason": reason[:200], "key": new_key()}
        form = AwardForm(initial=initial, suggestion=suggestion)
    earlier = LedgerEntry.objects.filter(encounter=encounter).count()
    context = {
        "campaign": membership.campaign,
        "encounter": encounter,
        "suggestion": suggestion,
        "form": form,
        "earlier": earlier,
        "source": suggestion.experience.source.get(get_language()) if suggestion.experience else "",
    }
    return render(request, "combat/award.html", context)


def _award_rows(form: AwardForm, encounter: Encounter, rows: list[Any]) -> list[NewRow]:
    data = form.cleaned_data
    by_pk = {str(row.pk): row.character for row in rows}
    reason = data["reason"]
    made = [
        NewRow(by_pk[name[3:]], Kind.EXPERIENCE, data[name], "", reason, encounter)
        for name in form.share_fields
        if data.get(name)
    ]
    if data.get("money"):
        made.append(
            NewRow(None, Kind.MONEY, data["money"], data["coin"].strip(), reason, encounter)
        )
    if data.get("item"):
        to = data.get("item_to") or PARTY
        owner = None if to == PARTY else by_pk[to]
        made.append(NewRow(owner, Kind.ITEM, 1, data["item"].strip(), reason, encounter))
    return made
