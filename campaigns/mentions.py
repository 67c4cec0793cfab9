"""The register entries a journal reader may see, as the journal's links (issue Q: "mentions in
the journal link to it"). One query per page; a player's names are only those revealed to them,
so an unrevealed entry is neither a link nor any other trace on the page."""

from django.urls import reverse

from .journal import MAX_MENTIONS, Mentions
from .models import Membership, RegisterEntry


def mentions_for(membership: Membership) -> Mentions:
    seen = RegisterEntry.objects.seen_by(membership).order_by("-pk")[:MAX_MENTIONS]
    campaign = membership.campaign_id
    return Mentions.of(
        {
            name: reverse("campaigns:register_entry", args=[campaign, pk])
            for pk, name in seen.values_list("pk", "name")
        }
    )
