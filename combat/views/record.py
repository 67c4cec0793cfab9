"""The fight writes the record (issue Q): the GM reads the draft the log makes of a fight, edits
it and posts it to a journal scene — a new one named after the fight, or one already open."""

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from campaigns.access import membership_or_404
from campaigns.journal import MAX_BODY, MAX_TITLE, PostRefused
from campaigns.journal_forms import PostForm
from campaigns.models import Campaign, Post, Thread
from campaigns.models.journal import pool_tags
from config.http import AuthedHttpRequest

from ..display import down_conditions
from ..fight_record import record_of, record_text
from ..models import Encounter
from ..sessions import session_label
from .common import encounter_of

NEW = "new"
SCENES = 50  # the newest scenes the list offers


class RecordForm(PostForm):
    """Where the record goes and what it says (the journal's own checks on the text)."""

    scene = forms.CharField(label=_("Post it to"), max_length=20)
    title = forms.CharField(label=_("Title of the new scene"), max_length=MAX_TITLE, required=False)

    field_order = ["scene", "title", "body", "key"]

    def __init__(self, *args: Any, campaign: Campaign, **kwargs: Any) -> None:
        super().__init__(*args, pools=pool_tags(campaign), **kwargs)
        scenes = campaign.threads.order_by("-created_at").values_list("pk", "title")[:SCENES]
        choices = [(NEW, _("A new scene")), *((str(pk), title) for pk, title in scenes)]
        self.fields["scene"].widget = forms.Select(choices=choices)
        self.fields["body"].widget.attrs["rows"] = 16  # the whole draft in view
        self.campaign = campaign
        self.thread: Thread | None = None

    def clean_scene(self) -> str:
        """A new scene, or any scene of this campaign (the list offers the newest); anything
        else is refused alike, whether it exists elsewhere or not at all."""
        scene: str = self.cleaned_data["scene"]
        if scene == NEW:
            return scene
        pk = int(scene) if scene.isascii() and scene.isdigit() else 0
        self.thread = self.campaign.threads.filter(pk=pk).first()
        if self.thread is None:
            raise forms.ValidationError(_("Choose a new scene or one of this campaign's."))
        return scene

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("scene") == NEW and not cleaned.get("title"):
            self.add_error("title", _("A new scene needs a title."))
        return cleaned


def _scene(campaign: Campaign, encounter: Encounter) -> dict[str, str]:
    """Where the record goes first: the open session's scene (named after the session, made
    if it is not there yet); with no session open, a new scene named after the fight."""
    session = campaign.sessions.filter(closed_at__isnull=True).first()
    if session is None:
        title = _("%(fight)s: the record") % {"fight": encounter.name}
        return {"scene": NEW, "title": title[:MAX_TITLE]}
    title = session_label(session)[:MAX_TITLE]
    scene = campaign.threads.filter(title=title).order_by("-created_at").first()
    return {"scene": str(scene.pk), "title": ""} if scene else {"scene": NEW, "title": title}


def _draft(encounter: Encounter) -> str:
    rows = list(encounter.combatants.select_related("character"))
    record = record_of(encounter, rows, down_conditions(encounter.system))
    text = record_text(record, rows, encounter.system)
    return text if len(text) <= MAX_BODY else text[: MAX_BODY - 1] + "…"


@login_required
@require_http_methods(["GET", "POST"])
def encounter_record(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    membership, encounter = encounter_of(request, pk, enc_pk)
    if not membership.is_gm:
        raise PermissionDenied
    campaign = membership.campaign
    if request.method == "POST":
        form = RecordForm(request.POST, campaign=campaign)
        if form.is_valid():
            thread = _post(form, request, pk)
            if thread is not None:
                return redirect("campaigns:journal_thread", campaign.pk, thread.pk)
    else:
        initial = {"body": _draft(encounter), **_scene(campaign, encounter)}
        form = RecordForm(initial=initial, campaign=campaign)
        form.initial["key"] = PostForm.fresh().initial["key"]
    context = {"campaign": campaign, "encounter": encounter, "form": form}
    return render(request, "combat/fight_record.html", context)


def _post(form: RecordForm, request: AuthedHttpRequest, pk: int) -> Thread | None:
    """The post, once per key, the GM's membership locked and asked again inside the write;
    None when the journal refused it (the form says why)."""
    data, campaign = form.cleaned_data, form.campaign
    try:
        with transaction.atomic():
            if not membership_or_404(request, pk, lock=True).is_gm:
                raise PermissionDenied
            if form.thread is None:
                return Thread.open(
                    campaign, request.user, data["title"], data["body"], key=data["key"]
                )
            Post.write(form.thread, request.user, data["body"], key=data["key"])
            return form.thread
    except PostRefused as refused:
        form.refuse(refused)
        return None
