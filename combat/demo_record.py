"""The demo's record (issue Q): each demo campaign's finished fight played in a closed session
of its own, its experience awarded by the system's table where it has one (D&D 5e, OSE), so
the session page and the ledger show something on a fresh machine. Idempotent: a campaign that
has a session already is left alone."""

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.models import Campaign

from .demo import demo_fights
from .ledger_award import suggest
from .models import Encounter, Event, Kind, LedgerEntry, PlaySession

MARGIN = dt.timedelta(minutes=5)


def load_demo_record(gm: User) -> int:
    """Sessions made now."""
    made = 0
    fights = demo_fights()
    for campaign in Campaign.objects.filter(memberships__user=gm, memberships__role="gm"):
        names = [name for name, _build in fights.get(campaign.system, ())[1:]]
        encounter = campaign.encounters.filter(name__in=names).first()
        if encounter is None or campaign.sessions.exists():
            continue
        with transaction.atomic():
            _record(campaign, encounter, gm)
        made += 1
    return made


def _record(campaign: Campaign, encounter: Encounter, gm: User) -> None:
    moments = list(Event.objects.filter(encounter=encounter).values_list("created_at", flat=True))
    first, last = (dt.datetime.fromisoformat(m) for m in (min(moments), max(moments)))
    PlaySession.objects.create(
        campaign=campaign,
        number=1,
        title=encounter.name,
        opened_at=first - MARGIN,
        closed_at=last + MARGIN,
        opened_by=gm,
        key="demo",
    )
    reason = _("The fight: %(fight)s") % {"fight": encounter.name}
    rows = list(encounter.combatants.select_related("character").order_by("pk"))
    awards = [(s.combatant.character, s.amount) for s in suggest(encounter, rows).shares]
    for index, (character, amount) in enumerate((c, a) for c, a in awards if a):
        LedgerEntry(
            campaign=campaign,
            character=character,
            kind=Kind.EXPERIENCE,
            amount=amount,
            reason=reason,
            encounter=encounter,
            user=gm,
            key=f"demo:{index}",
            created_at=last,
        ).save()
