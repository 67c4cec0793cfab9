"""Pages for the table: characters, the bestiary and the armory of a campaign."""

from typing import TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import services
from ..access import gm_membership_or_403, membership_or_404
from ..models import Armor, Character, Membership, Monster, Weapon
from ..models.records import LibraryRecord, RecordQuerySet, SystemRecord
from ..recordforms import CharacterForm, character_form_class
from ..statdisplay import stat_rows
from ..statforms import current_language, merge_into
from ..systemwords import sheet_words
from .helpers import partial_or_page, redirect_to

PAGE_SIZE = 25
ARMORY_KINDS: dict[str, type[LibraryRecord]] = {"weapon": Weapon, "armor": Armor}
_R = TypeVar("_R", bound=SystemRecord)


def _visible_character(membership: Membership, char_pk: int) -> Character:
    characters = Character.objects.filter(campaign=membership.campaign).select_related("owner")
    character = get_object_or_404(characters, pk=char_pk)
    if character.is_npc and not membership.is_gm:
        raise Http404  # players do not see NPC sheets
    return character


@login_required
@require_GET
def character_list(request: HttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    characters = Character.objects.filter(campaign=membership.campaign).select_related("owner")
    if not membership.is_gm:
        characters = characters.filter(kind="pc")
    context = {"campaign": membership.campaign, "membership": membership, "characters": characters}
    return render(request, "campaigns/characters.html", context)


@login_required
@require_GET
def character_detail(request: HttpRequest, pk: int, char_pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    character = _visible_character(membership, char_pk)
    rows = stat_rows(character.schema, character.stats, current_language(), npc=character.is_npc)
    may_edit = membership.is_gm or character.owner_id == request.user.pk
    sheet = sheet_words(character.system)  # "PW" in Polish 5e, the referee's notes in OSE
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "character": character,
        "rows": rows,
        "may_edit": may_edit,
        "sheet": sheet,
        "after_fight": sheet["hp_after"] % {"hp": character.current_hp},
    }
    return render(request, "campaigns/character.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def character_edit(request: HttpRequest, pk: int, char_pk: int | None = None) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    if char_pk is None:
        if not membership.is_gm:
            raise PermissionDenied
        character = Character(campaign=campaign, system=campaign.system)
    else:
        character = _visible_character(membership, char_pk)
        if not membership.is_gm and character.owner_id != request.user.pk:
            raise PermissionDenied
    form_class = character_form_class(character, gm=membership.is_gm)
    form = form_class(request.POST or None, request.FILES or None, instance=character)
    form.limit_to(campaign)
    if request.method == "POST" and form.is_valid() and _save_character(form, membership):
        messages.success(request, _("%(name)s saved.") % {"name": form.instance.name})
        return redirect_to(request, reverse("campaigns:character", args=[pk, form.instance.pk]))
    context = {"campaign": campaign, "membership": membership, "form": form, "character": character}
    return render(request, "campaigns/character_form.html", context)


def _save_character(form: CharacterForm, membership: Membership) -> bool:
    """Save what the form edits, and only that, on the row as it is now: locked, its owner
    checked again inside the lock (the GM may have handed the character to someone else since
    the page checked), the edited stats merged into the stats as they are now. A save never
    writes back another field as this request read it (the GM's concurrent owner or notes).
    False when the merged stats do not hold (the form then shows why)."""
    character = form.instance
    if character.pk is None:
        form.save()
        return True
    with transaction.atomic():
        locked = Character.objects.select_for_update().filter(pk=character.pk).first()
        if locked is None:
            raise Http404
        if not membership.is_gm and locked.owner_id != membership.user_id:
            raise PermissionDenied
        edited = [f.name for f in Character._meta.concrete_fields if f.name in form.fields]
        if form.schema is not None:
            edited.append("stats")
        if not merge_into(form, locked.stats or {}):
            return False
        character = form.save(commit=False)
        character.save(update_fields=[*edited, "updated_at"])
        form.save_m2m()
    return True


def _search(request: HttpRequest, queryset: RecordQuerySet[_R]) -> tuple[RecordQuerySet[_R], str]:
    # PostgreSQL refuses NUL in a text parameter (a 500 from "?q=%00"): drop it.
    query = request.GET.get("q", "").replace("\x00", "").strip()[:100]
    return (queryset.filter(name__icontains=query) if query else queryset), query


@login_required
@require_GET
def bestiary(request: HttpRequest, pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    campaign = membership.campaign
    own, query = _search(request, Monster.objects.in_campaign(campaign))
    library, _query = _search(request, Monster.objects.library(campaign.system))
    page = Paginator(library, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "campaign": campaign,
        "membership": membership,
        "own": own,
        "library_page": page,
        "query": query,
    }
    return render(request, partial_or_page(request, "campaigns/bestiary.html", "results"), context)


@login_required
@require_GET
def monster_detail(request: HttpRequest, pk: int, monster_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    campaign = membership.campaign
    monsters = Monster.objects.in_campaign(campaign) | Monster.objects.library(campaign.system)
    monster = get_object_or_404(monsters, pk=monster_pk)
    rows = stat_rows(monster.schema, monster.stats, current_language(), npc=True)
    context = {"campaign": campaign, "membership": membership, "record": monster, "rows": rows}
    return render(request, "campaigns/record.html", context)


@login_required
@require_POST
def bestiary_add(request: HttpRequest, pk: int, monster_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    campaign = membership.campaign
    monster = get_object_or_404(Monster.objects.library(campaign.system), pk=monster_pk)
    copy = services.copy_to_campaign(monster, campaign)
    messages.success(request, _("%(name)s was added to the bestiary.") % {"name": copy.name})
    return redirect_to(request, reverse("campaigns:bestiary", args=[pk]))


@login_required
@require_GET
def armory(request: HttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    context: dict[str, object] = {"campaign": campaign, "membership": membership}
    query = ""
    for kind, model in ARMORY_KINDS.items():
        context[f"own_{kind}"], query = _search(request, model.objects.in_campaign(campaign))
        library, query = _search(request, model.objects.library(campaign.system))
        context[f"library_{kind}"] = library[:PAGE_SIZE]
    context["query"] = query
    return render(request, partial_or_page(request, "campaigns/armory.html", "results"), context)


@login_required
@require_POST
def armory_add(request: HttpRequest, pk: int, kind: str, item_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    model = ARMORY_KINDS.get(kind)
    if model is None:
        raise Http404
    item = get_object_or_404(model.objects.library(membership.campaign.system), pk=item_pk)
    copy = services.copy_to_campaign(item, membership.campaign)
    messages.success(request, _("%(name)s was added to the armory.") % {"name": copy.name})
    return redirect_to(request, reverse("campaigns:armory", args=[pk]))
