"""The GM's in-app forms for the campaign's own monsters, weapons and armour (issue N): new
and edit. Library rows are never edited here: "Add to campaign" copies one, and the copy is the
campaign's to change. The admin stays the full editor."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from ..access import gm_membership_or_403, membership_or_404
from ..models import Monster
from ..models.records import LibraryRecord
from ..recordforms import LibraryRecordForm, record_form_class, version_of
from ..statforms import merge_into
from .helpers import redirect_to
from .records import ARMORY_KINDS

STALE = gettext_noop(
    "Someone saved this record after you opened it. What you typed is still here: compare it "
    "with the record and save again to keep it."
)


@login_required
@require_http_methods(["GET", "POST"])
def monster_edit(request: HttpRequest, pk: int, monster_pk: int | None = None) -> HttpResponse:
    return _record_edit(request, pk, Monster, monster_pk)


@login_required
@require_http_methods(["GET", "POST"])
def armory_edit(
    request: HttpRequest, pk: int, kind: str, own_pk: int | None = None
) -> HttpResponse:
    """`own_pk`: the campaign's own weapon or armour (never the library's)."""
    model = ARMORY_KINDS.get(kind)
    if model is None:
        raise Http404
    return _record_edit(request, pk, model, own_pk)


def _record_edit(
    request: HttpRequest, pk: int, model: type[LibraryRecord], item_pk: int | None
) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    campaign = membership.campaign
    if item_pk is None:
        record = model(campaign=campaign, system=campaign.system)
    else:  # only the campaign's own row: another campaign's or the library's is a 404
        record = get_object_or_404(model.objects.in_campaign(campaign), pk=item_pk)
    posted = request.POST if request.method == "POST" else None  # an empty POST is a POST
    form = record_form_class(record)(posted, instance=record)
    if request.method == "POST" and form.is_valid() and _save(request, pk, form):
        saved = form.instance
        messages.success(request, _("%(name)s saved.") % {"name": saved.name})
        if model is Monster:
            return redirect_to(request, reverse("campaigns:monster", args=[pk, saved.pk]))
        return redirect_to(request, reverse("campaigns:armory", args=[pk]) + f"#item-{saved.pk}")
    context = {
        "campaign": campaign,
        "membership": membership,
        "form": form,
        "record": record,
        "kind": model._meta.model_name,
        "section": "bestiary" if model is Monster else "armory",
    }
    return render(request, "campaigns/record_form.html", context)


def _save(request: HttpRequest, pk: int, form: LibraryRecordForm) -> bool:
    """Save inside the write's lock: the GM's membership is read again, locked, and so is the
    row. A form opened before another save of the row is not written over it: it comes back
    with what was typed and a warning, and now carries the new version, so saving it again is
    a choice. False when nothing was saved (the form then shows why)."""
    record = form.instance
    model = type(record)
    with transaction.atomic():
        membership = membership_or_404(request, pk, lock=True)
        if not membership.is_gm:
            raise PermissionDenied
        if record.pk is None:
            form.save()
            return True
        rows = model.objects.in_campaign(membership.campaign).select_for_update()
        locked = rows.filter(pk=record.pk).first()
        if locked is None:
            raise Http404
        if form.cleaned_data.get("seen") != version_of(locked):
            form.add_error(None, _(STALE))
            fresh = request.POST.copy()
            fresh["seen"] = version_of(locked)  # saving the form again is a choice: it wins
            form.data = fresh
            return False
        if not merge_into(form, locked.stats or {}):
            return False
        form.save(commit=False).save(update_fields=[*form.fields_edited, "stats", "updated_at"])
    return True
