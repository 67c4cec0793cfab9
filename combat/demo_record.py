"""The demo's record (issue Q): each demo campaign's finished fight played in a closed session
of its own, its experience awarded by the system's table where it has one (D&D 5e, OSE), and
its first foe met in the register (the name revealed), so the session page, the ledger and the
register show something on a fresh machine. Idempotent: a campaign that
has a session already is left alone."""

import datetime as dt

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from campaigns.models import Campaign, Part, RegisterEntry

from .demo import demo_fights
from .ledger_award import suggest
from .models import Encounter, Event, Kind, LedgerEntry, PlaySession

AFTER = dt.timedelta(seconds=1)  # the session closes just after the fight's last entry


def load_demo_record(gm: User) -> int:
    """Sessions made now."""
    made = 0
    fights = demo_fights()
    for campaign in Campaign.objects.filter(memberships__user=gm, memberships__role="gm"):
        names = [name for name, _build in fights.get(campaign.system, ())[1:]]
        encounter = campaign.encounters.filter(name__in=names).first()
        if encounter is None or campaign.sessions.exists():
            continue
        with transaction.atomic(), translation.override(settings.LANGUAGE_CODE):
            _record(campaign, encounter, gm)  # the demo's words, in the site's language
        made += 1
    return made


def _record(campaign: Campaign, encounter: Encounter, gm: User) -> None:
    moments = list(Event.objects.filter(encounter=encounter).values_list("created_at", flat=True))
    first, last = (dt.datetime.fromisoformat(m) for m in (min(moments), max(moments)))
    PlaySession.objects.create(
        campaign=campaign,
        number=1,
        title=encounter.name,
        opened_at=first,  # the prepared fight, made before it, is not part of the session
        closed_at=last + AFTER,
        opened_by=gm,
        key="demo",
    )
    _met(campaign, encounter, gm)
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


def _met(campaign: Campaign, encounter: Encounter, gm: User) -> None:
    """The fight's first foe (a monster or an NPC), in the register: its name shown to every
    player, its summary (and so its fights) kept back until the GM reveals more."""
    foes = encounter.combatants.filter(is_npc=True).select_related("monster", "character")
    foe = foes.order_by("pk").first()
    if foe is None or (foe.monster is None and foe.character is None):
        return
    record = foe.monster or foe.character
    entry = RegisterEntry.objects.create(
        campaign=campaign,
        name=record.name if record is not None else foe.name,  # "Goblin", not "Goblin 1"
        summary=_("Met in the fight: %(fight)s") % {"fight": encounter.name},
        gm_notes=_("Revealed to the players by name only."),
        monster=foe.monster,
        character=foe.character if foe.monster is None else None,
        created_by=gm,
        key="demo",
    )
    entry.reveal(None, Part.NAME, gm)
