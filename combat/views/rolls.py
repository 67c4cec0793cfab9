"""The quick-roll box and the campaign's roll log."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.access import membership_or_404
from campaigns.views.helpers import redirect_to
from combat.rules.dice import InvalidDice, parse
from config.http import AuthedHttpRequest

from .. import services
from ..dice_odds import odds_context
from ..forms import RollForm
from ..models import Roll
from ..rolling import roller_context
from .common import partial
from .queries import DiceOddsQuery

LOG_PAGE = 200


def _dice_problem(form: RollForm, error: InvalidDice) -> None:
    """The error goes next to what is wrong: the typed faces when the expression itself parses
    and faces were typed; else the expression (a roll past the dice limit, "200d6!>=2", is the
    expression's problem — the faces field is not even shown then)."""
    try:
        parse(form.cleaned_data["expression"])
    except InvalidDice:
        form.add_dice_error(error, faces_problem=False)
    else:
        form.add_dice_error(error, faces_problem=bool(form.cleaned_data.get("faces")))


@login_required
@require_POST
def quick_roll(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    form = RollForm(request.POST)
    record = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            record, _fresh = services.quick_roll(
                campaign,
                request.user,
                data["expression"],
                key=data["key"],
                typed_faces=data["faces"],
            )
        except InvalidDice as error:
            _dice_problem(form, error)
    if not partial(request) and record is not None:
        return redirect_to(request, reverse("combat:rolls", args=[pk]))
    if record is not None:  # a fresh form (new key) keeps the expression for the next roll
        form = RollForm(initial={"key": services.new_roll_key(), **_kept(form)})
    context = {**roller_context(campaign, form, record), "membership": membership}
    if not partial(request):  # without JS: the page, with the errors
        context["rolls"] = Roll.objects.in_campaign(campaign)[:LOG_PAGE]
        return render(request, "combat/roll_log.html", context)
    return render(request, "combat/roller.html#roller", context)


def _kept(form: RollForm) -> dict[str, object]:
    return {
        "expression": form.cleaned_data.get("expression", ""),
        "typed": form.cleaned_data.get("typed", False),
    }


@login_required
@require_GET
def roll_log(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    context = {**roller_context(membership.campaign), "membership": membership}
    context["rolls"] = Roll.objects.in_campaign(membership.campaign)[:LOG_PAGE]
    return render(request, "combat/roll_log.html", context)


@login_required
@require_GET
def odds(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership_or_404(request, pk)
    query = DiceOddsQuery.read(request.GET)
    context = odds_context(query["expression"] or "", query["target"])
    return render(request, "combat/roller.html#odds", context)
