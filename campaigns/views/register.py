"""People and places met (issue Q): the GM's register of NPCs, places, factions and things, and
what of each the players were shown.

Every member opens the register; a player finds in it only the entries revealed to them, and of
each only the part revealed (campaigns.models.register declares who sees which field, and
`seen_by` alone applies it). An entry a player may not see is a 404, exactly like one that
never existed or belongs to another campaign. Only a GM writes, and every write checks the GM's
membership again inside its transaction, locked, with the entry's row.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Prefetch, QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.http import AuthedHttpRequest

from ..access import gm_membership_or_403, membership_or_404
from ..extensions import register_fights
from ..models import Campaign, Membership, RegisterEntry, RegisterReveal, seen_by
from ..models.register import MAX_REVEALS
from ..register_forms import EntryForm, RevealForm
from ..systemwords import sheet_words
from .helpers import redirect_to


def _entries(membership: Membership) -> QuerySet[RegisterEntry]:
    return RegisterEntry.objects.seen_by(membership)


def _standing() -> "Prefetch[Any]":
    """The GM's view of who was shown what (a player never gets the reveals)."""
    rows = RegisterReveal.objects.filter(withdrawn_at__isnull=True).select_related("to")
    return Prefetch("reveals", rows.order_by("created_at", "pk"), to_attr="standing")


def _url(pk: int, entry_pk: int) -> str:
    return reverse("campaigns:register_entry", args=[pk, entry_pk])


@login_required
@require_http_methods(["GET", "POST"])
def register_list(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    form: EntryForm | None = None
    if request.method == "POST":
        membership = gm_membership_or_403(request, pk)
        form = EntryForm(membership.campaign, request.POST)
        entry = _created(request, pk, form)
        if entry is not None:
            messages.success(request, _("%(name)s is in the register.") % {"name": entry.name})
            return redirect_to(request, _url(pk, entry.pk))
    elif membership.is_gm:
        form = EntryForm(membership.campaign)
    entries = _entries(membership)
    if membership.is_gm:
        entries = entries.prefetch_related(_standing())
    rows = [(seen_by(e, gm=membership.is_gm), getattr(e, "standing", [])) for e in entries]
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "rows": rows,
        "form": form,
        "sheet": sheet_words(membership.campaign.system),
    }
    return render(request, "campaigns/register.html", context)


def _created(request: AuthedHttpRequest, pk: int, form: EntryForm) -> RegisterEntry | None:
    """The new entry, checked and saved under the locked GM membership; the same form sent
    twice makes one entry (its one-time key, this user's). None: the form says why."""
    try:
        with transaction.atomic():
            membership = gm_membership_or_403(request, pk, lock=True)
            _lock_campaign(pk)  # two GMs' forms: one name once, the limit kept
            earlier = _by_key(pk, request, form)
            if earlier is not None or not form.is_valid():
                return earlier
            entry: RegisterEntry = form.save(commit=False)
            entry.campaign, entry.created_by = membership.campaign, request.user
            entry.key = form.cleaned_data["key"]
            entry.save()
    except IntegrityError:  # the same name or key, saved by another request in between
        earlier = _by_key(pk, request, form)
        if earlier is None:
            form.add_error("name", _("The register has an entry of that name already."))
        return earlier
    return entry


def _lock_campaign(pk: int) -> None:
    Campaign.objects.select_for_update().filter(pk=pk).first()


def _by_key(pk: int, request: AuthedHttpRequest, form: EntryForm) -> RegisterEntry | None:
    """The entry this user's form (its one-time key) made already, if any."""
    key = form.data.get("key")
    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    mine = RegisterEntry.objects.filter(campaign_id=pk, created_by=request.user)
    return mine.filter(key=key).first()


@login_required
@require_GET
def register_entry(request: AuthedHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    gm = membership.is_gm
    entries = _entries(membership).select_related("character", "monster")
    entry = get_object_or_404(entries, pk=entry_pk)  # unrevealed to a player: 404, as missing
    seen = seen_by(entry, gm=gm)
    fights = (
        register_fights(membership.campaign, entry.character_id, entry.monster_id, gm=gm)
        if seen.fights
        else ()
    )
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "entry": seen,
        "fights": fights,
        "sheet": sheet_words(membership.campaign.system),
    }
    if gm:
        reveals = entry.reveals.select_related("to", "revealed_by", "withdrawn_by")
        context["reveals"] = reveals.order_by("-created_at", "-pk")
        context["reveal_form"] = RevealForm(membership.campaign)
        context["record_url"] = _record_url(pk, entry)
    return render(request, "campaigns/register_entry.html", context)


def _record_url(pk: int, entry: RegisterEntry) -> str:
    if entry.character_id is not None:
        return reverse("campaigns:character", args=[pk, entry.character_id])
    if entry.monster_id is not None:
        return reverse("campaigns:monster", args=[pk, entry.monster_id])
    return ""


@login_required
@require_http_methods(["GET", "POST"])
def register_edit(request: AuthedHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    entry = get_object_or_404(membership.campaign.register, pk=entry_pk)
    posted = request.POST if request.method == "POST" else None  # an empty POST is a POST
    form = EntryForm(membership.campaign, posted, instance=entry)
    if posted is not None and _edited(request, pk, form):
        messages.success(request, _("%(name)s saved.") % {"name": form.instance.name})
        return redirect_to(request, _url(pk, entry_pk))
    context = {"campaign": membership.campaign, "membership": membership, "form": form}
    return render(request, "campaigns/register_form.html", {**context, "entry": entry})


def _edited(request: AuthedHttpRequest, pk: int, form: EntryForm) -> bool:
    try:
        with transaction.atomic():
            membership = gm_membership_or_403(request, pk, lock=True)
            _lock_campaign(pk)
            rows = membership.campaign.register.select_for_update()
            get_object_or_404(rows, pk=form.instance.pk)  # deleted meanwhile: 404
            if not form.is_valid():
                return False
            form.save()
    except IntegrityError:
        form.add_error("name", _("The register has an entry of that name already."))
        return False
    return True


@login_required
@require_POST
def register_reveal(request: AuthedHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    with transaction.atomic():
        membership = gm_membership_or_403(request, pk, lock=True)
        entry = get_object_or_404(membership.campaign.register.select_for_update(), pk=entry_pk)
        form = RevealForm(membership.campaign, request.POST)
        audience = list(form.audience_users()) if form.is_valid() else []
        if entry.reveals.count() + len(audience) > MAX_REVEALS:
            too_many = _("This entry has been revealed too often (at most %(n)s).")
            form.add_error(None, too_many % {"n": MAX_REVEALS})
        if form.is_valid():
            part = form.cleaned_data["part"]
            for user in audience:
                entry.reveal(user, part, request.user)
    if not form.is_valid():
        messages.error(request, " ".join(str(m) for ms in form.errors.values() for m in ms))
    else:
        messages.success(request, _("Revealed. The players see it on their register page."))
    return redirect_to(request, _url(pk, entry_pk))


@login_required
@require_POST
def register_withdraw(
    request: AuthedHttpRequest, pk: int, entry_pk: int, reveal_pk: int
) -> HttpResponse:
    with transaction.atomic():
        membership = gm_membership_or_403(request, pk, lock=True)
        entry = get_object_or_404(membership.campaign.register.select_for_update(), pk=entry_pk)
        reveal = get_object_or_404(entry.reveals, pk=reveal_pk)
        reveal.withdraw(request.user)
    messages.success(request, _("Taken back. The rest of what was revealed stays."))
    return redirect_to(request, _url(pk, entry_pk))


@login_required
@require_POST
def register_delete(request: AuthedHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    with transaction.atomic():
        membership = gm_membership_or_403(request, pk, lock=True)
        entry = get_object_or_404(membership.campaign.register.select_for_update(), pk=entry_pk)
        entry.delete()
    messages.success(request, _("%(name)s is no longer in the register.") % {"name": entry.name})
    return redirect_to(request, reverse("campaigns:register", args=[pk]))
