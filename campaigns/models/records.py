"""A campaign's records: characters, monsters, weapons and armour, each in its rule system.

The numbers live in `stats`, validated by the system's schema from the rules core
(combat.rules.systems), so every form, the admin, the importers and the engines agree.
"""

from typing import Self, TypeVar

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from combat.rules.schema import Schema, StatError
from combat.rules.systems import SYSTEMS, get_system

from .campaign import Campaign, rule_systems


def stat_error_messages(error: StatError) -> dict[str, list[str]]:
    """Translated messages of a StatError, keyed by the top-level stat they belong to."""
    messages: dict[str, list[str]] = {}
    for problem in error.problems:
        text = gettext(problem.template) % dict(problem.params)
        prefix = "" if problem.field == problem.root else f"{problem.field}: "
        messages.setdefault(problem.root, []).append(prefix + text)
    return messages


_Record = TypeVar("_Record", bound="SystemRecord")


class RecordQuerySet(models.QuerySet[_Record]):
    def visible_to(self, user: User | AnonymousUser) -> Self:
        """Records of the user's campaigns, plus the shared library (no campaign)."""
        if not user.is_authenticated:
            return self.none()
        mine = Campaign.objects.visible_to(user).values("pk")
        return self.filter(Q(campaign__in=mine) | Q(campaign__isnull=True))

    def in_campaign(self, campaign: Campaign) -> Self:
        return self.filter(campaign=campaign)

    def library(self, system: str) -> Self:
        return self.filter(campaign__isnull=True, system=system)


class SystemRecord(models.Model):
    system = models.CharField(_("rule system"), max_length=20, choices=rule_systems)
    name = models.CharField(_("name"), max_length=120)
    stats = models.JSONField(_("stats"), default=dict, blank=True)
    # The stats have their own (player-editable) notes; these are for game masters only.
    notes = models.TextField(
        _("game master's notes"),
        blank=True,
        max_length=20000,
        help_text=_("Only game masters see these."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    schema_part = "creature"  # which schema of the system describes this record

    class Meta:
        abstract = True
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def schema(self) -> Schema:
        schema: Schema = getattr(get_system(self.system), self.schema_part)
        return schema

    @property
    def summary(self) -> str:
        """The first few stats, for lists: "Útočnost 5 · Zranění 1 · Obrana 2"."""
        from ..statdisplay import stat_rows  # display helpers import the models' schemas
        from ..statforms import current_language

        rows = stat_rows(self.schema, self.stats, current_language(), npc=True)
        shown = [row for row in rows if row.value != "—" and row.name != "notes"][:3]
        return " · ".join(f"{row.label} {row.value}" for row in shown)

    def clean(self) -> None:
        super().clean()
        if self.system not in SYSTEMS:
            return  # the field's own validation reports it
        campaign = getattr(self, "campaign", None)
        if campaign is not None and campaign.system != self.system:
            raise ValidationError(_("The record must use its campaign's rule system."))
        try:
            self.stats = self.schema.clean(self.stats or {})
        except StatError as error:
            # Not keyed by field: forms show stats as many fields, and say so themselves.
            messages = stat_error_messages(error)
            raise ValidationError([f"{k}: {'; '.join(v)}" for k, v in messages.items()]) from error


class LibraryRecord(SystemRecord):
    """A template a campaign may use: in a campaign's bestiary/armory, or in the shared library."""

    campaign = models.ForeignKey(
        Campaign,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("campaign"),
        help_text=_("Empty: the shared library of the rule system."),
    )
    source = models.CharField(_("source"), max_length=60, blank=True)

    objects = RecordQuerySet.as_manager()

    class Meta(SystemRecord.Meta):
        abstract = True
        # The importers find library rows by (system, source, name): one row each.
        constraints = [
            models.UniqueConstraint(
                fields=["system", "source", "name"],
                condition=Q(campaign__isnull=True) & ~Q(source=""),
                name="one_library_%(class)s_per_source",
            )
        ]


class Monster(LibraryRecord):
    class Meta(LibraryRecord.Meta):
        verbose_name = _("monster")
        verbose_name_plural = _("bestiary")


class Weapon(LibraryRecord):
    schema_part = "weapon"

    class Meta(LibraryRecord.Meta):
        verbose_name = _("weapon")
        verbose_name_plural = _("weapons")

    @property
    def summary(self) -> str:
        """The system's own short form: "5 +1 +2", "9M", "1d8 slashing"."""
        from ..statforms import current_language

        stats = {**self.schema.defaults(), **self.stats}
        return get_system(self.system).weapon_headline(stats, current_language())


class Armor(LibraryRecord):
    schema_part = "armor"

    class Meta(LibraryRecord.Meta):
        verbose_name = _("armour")
        verbose_name_plural = _("armour")


class CharacterKind(models.TextChoices):
    PC = "pc", _("Player character")
    NPC = "npc", _("Non-player character")


class Character(SystemRecord):
    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="characters", verbose_name=_("campaign")
    )
    kind = models.CharField(
        _("kind"), max_length=3, choices=CharacterKind.choices, default=CharacterKind.PC
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="characters",
        verbose_name=_("player"),
    )
    portrait = models.ImageField(_("portrait"), upload_to="portraits/", blank=True)
    # Where the last fight left the character (written back when an encounter ends).
    current_hp = models.IntegerField(_("current HP"), null=True, blank=True)
    conditions = models.JSONField(_("conditions"), default=list, blank=True)
    weapons = models.ManyToManyField(
        Weapon, blank=True, related_name="carried_by", verbose_name=_("weapons")
    )
    armor = models.ManyToManyField(
        Armor, blank=True, related_name="worn_by", verbose_name=_("armour")
    )

    objects = RecordQuerySet.as_manager()

    class Meta(SystemRecord.Meta):
        verbose_name = _("character")
        verbose_name_plural = _("characters")

    @property
    def is_npc(self) -> bool:
        return self.kind == CharacterKind.NPC
