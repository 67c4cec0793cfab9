"""People and places met (issue Q): the GM's register of a campaign's NPCs, places, factions
and things, and what of each the players have been shown.

Who may see what of an entry is declared here, beside the fields, and applied by one function
(`seen_by`); pages, journal links and the campaign file read it, never the names of the fields:

* `name`, `kind` — the GM; a player while a reveal to them (Part.NAME or more) stands;
* `summary`, the fights of the linked record — the GM; a player while a Part.SUMMARY reveal
  to them stands;
* `gm_notes`, the linked character or monster itself, the reveals (who was shown what) —
  the GM only, never revealed.

A reveal is a row: to every player of the campaign (`to` empty) or to one member, of a part,
by whom and when. Taking it back stamps the row (`withdrawn_at`); rows are never deleted while
their entry lives, so the page can say who was shown what, and when.
"""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .campaign import Campaign, Membership
from .records import Character, CharacterKind, Monster

MAX_ENTRIES = 500  # a campaign's register, at most
MAX_REVEALS = 300  # an entry's reveals, standing or taken back, at most
MAX_NAME = 120
MAX_SUMMARY = 2000
MAX_NOTES = 5000


class Kind(models.TextChoices):
    PERSON = "person", _("Person")
    PLACE = "place", _("Place")
    FACTION = "faction", _("Faction")
    THING = "thing", _("Thing")


class Part(models.IntegerChoices):
    """What a reveal shows; ordered, so the most a player was shown is the greatest."""

    NAME = 1, _("the name only")
    SUMMARY = 2, _("the name and the summary")


class RegisterEntryQuerySet(models.QuerySet["RegisterEntry"]):
    def seen_by(self, membership: Membership) -> "RegisterEntryQuerySet":
        """The campaign's entries this member may see, each with `shown`: the Part they may
        see (the GM: everything). One query; a player's rows only where a reveal stands."""
        entries = self.filter(campaign_id=membership.campaign_id)
        if membership.is_gm:
            return entries.annotate(shown=models.Value(Part.SUMMARY))
        standing = Q(reveals__withdrawn_at__isnull=True) & (
            Q(reveals__to__isnull=True) | Q(reveals__to_id=membership.user_id)
        )
        return entries.annotate(shown=Max("reveals__part", filter=standing)).filter(
            shown__isnull=False
        )


class RegisterEntry(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="register")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PERSON)
    name = models.CharField(_("name"), max_length=MAX_NAME)  # revealed: Part.NAME
    summary = models.TextField(  # revealed: Part.SUMMARY
        _("summary"),
        blank=True,
        max_length=MAX_SUMMARY,
        help_text=_("What players may learn, once you reveal it."),
    )
    gm_notes = models.TextField(  # the GM only: never revealed
        _("game master's notes"),
        blank=True,
        max_length=MAX_NOTES,
        help_text=_("Only game masters ever see these."),
    )
    # The record behind the entry (the GM only); its fights are revealed with the summary.
    character = models.ForeignKey(
        Character,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("non-player character"),
    )
    monster = models.ForeignKey(
        Monster,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("monster"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    key = models.CharField(max_length=64)  # the create form's one-time key
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = RegisterEntryQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="one_register_name"),
            models.UniqueConstraint(
                fields=["campaign", "created_by", "key"], name="one_register_entry_per_key"
            ),
        ]
        verbose_name = _("register entry")
        verbose_name_plural = _("people and places")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if self.character_id is not None and self.monster_id is not None:
            raise ValidationError(_("Link a character or a monster, not both."))
        campaign_id = self.campaign_id
        character, monster = self.character, self.monster
        if character is not None and (
            character.campaign_id != campaign_id or character.kind != CharacterKind.NPC
        ):
            raise ValidationError(
                {"character": _("Choose a non-player character of this campaign.")}
            )
        if monster is not None and monster.campaign_id != campaign_id:
            raise ValidationError({"monster": _("Choose a monster of this campaign's bestiary.")})

    def reveal(self, to: User | None, part: int, by: User) -> bool:
        """Show `part` of the entry to `to` (None: every player) in place of what the same
        audience was shown before; False when that stands already (a form sent twice). Called
        inside the write's lock on the entry."""
        standing = self.reveals.filter(withdrawn_at__isnull=True, to=to)
        if standing.filter(part=part).exists():
            return False
        standing.update(withdrawn_at=timezone.now(), withdrawn_by=by)
        RegisterReveal.objects.create(entry=self, to=to, part=part, revealed_by=by)
        return True


class RegisterReveal(models.Model):
    entry = models.ForeignKey(RegisterEntry, on_delete=models.CASCADE, related_name="reveals")
    # Empty: every player of the campaign, now and later; otherwise that one member.
    to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("shown to"),
    )
    part = models.PositiveSmallIntegerField(_("what is shown"), choices=Part.choices)
    revealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("revealed"), auto_now_add=True)
    withdrawn_at = models.DateTimeField(_("taken back"), null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("reveal")
        verbose_name_plural = _("reveals")

    def __str__(self) -> str:
        return f"{self.entry} to {self.to or 'all'}: {self.get_part_display()}"

    @property
    def standing(self) -> bool:
        return self.withdrawn_at is None

    def withdraw(self, by: User) -> bool:
        """Take the reveal back (the row stays, stamped); False if it was taken back already."""
        if self.withdrawn_at is not None:
            return False
        self.withdrawn_at, self.withdrawn_by = timezone.now(), by
        self.save(update_fields=["withdrawn_at", "withdrawn_by"])
        return True


@dataclass(frozen=True)
class Seen:
    """What one viewer may see of an entry: the only thing a page hands a template."""

    pk: int
    kind: str
    kind_label: str
    name: str
    summary: str | None  # None: not theirs to read (empty: there is none)
    gm_notes: str | None
    fights: bool  # whether the linked record's fights may be listed to them
    record: Character | Monster | None  # the GM only


def seen_by(entry: RegisterEntry, *, gm: bool) -> Seen:
    """The one place that turns the declarations above into what a viewer gets. A player's
    entry must come from `RegisterEntryQuerySet.seen_by`, whose `shown` says the Part they may
    see; without it they see nothing."""
    shown = int(getattr(entry, "shown", 0) or 0)
    if not gm and shown < Part.NAME:
        raise ValueError("a player sees an entry only through RegisterEntryQuerySet.seen_by")
    full = gm or shown >= Part.SUMMARY
    return Seen(
        pk=entry.pk,
        kind=entry.kind,
        kind_label=str(entry.get_kind_display()),
        name=entry.name,
        summary=entry.summary if full else None,
        gm_notes=entry.gm_notes if gm else None,
        fights=full,
        record=(entry.character or entry.monster) if gm else None,
    )
