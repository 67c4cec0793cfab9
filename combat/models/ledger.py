"""The campaign's record beyond the fights (issue Q): play sessions and the ledgers.

A session is a span of time the GM opens and closes (or a past day entered by date): the fights
played, the posts written and the ledger rows entered within it are its timeline, so nothing
else has to name its session and an import needs no reference to keep.

A ledger row is one change of a character's (or the party's) experience, money or items, with
who entered it, when, why, and the fight or post it came from. Rows are append-only: a
correction is a new row that names the row it corrects.

Who may see what: every member of the campaign reads its sessions and its ledger (the party's
own account of itself); only a GM opens, closes and names sessions and enters experience; a
player enters money and items for a character they own.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign, Character, Post
from campaigns.models.appendonly import AppendOnlyModel, AppendOnlyQuerySet

from .encounters import Encounter

MAX_TITLE = 120
MAX_REASON = 200
MAX_AMOUNT = 10**9  # a ledger row's amount, either way


class PlaySession(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveIntegerField(_("number"))
    title = models.CharField(_("title"), max_length=MAX_TITLE, blank=True)
    opened_at = models.DateTimeField(_("opened"))
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)  # None: still open
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    key = models.CharField(max_length=64)

    class Meta:
        ordering = ["-opened_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="one_session_number"),
            models.UniqueConstraint(
                fields=["campaign"], condition=Q(closed_at__isnull=True), name="one_open_session"
            ),
            models.UniqueConstraint(
                fields=["campaign", "opened_by", "key"], name="one_session_per_key"
            ),
        ]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    def __str__(self) -> str:
        return self.title or f"#{self.number}"


class Kind(models.TextChoices):
    EXPERIENCE = "xp", _("experience")
    MONEY = "money", _("money")
    ITEM = "item", _("item")


class LedgerEntry(AppendOnlyModel):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="ledger")
    # None: the party's own (a shared purse, an item nobody carries yet).
    character = models.ForeignKey(
        Character, on_delete=models.CASCADE, null=True, blank=True, related_name="ledger"
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    amount = models.BigIntegerField(_("amount"))  # points, coins or pieces; below 0 takes away
    # Money: the coin ("gp", "zl", "¥"); an item: its name. Experience has none.
    unit = models.CharField(_("coin or item"), max_length=80, blank=True)
    reason = models.CharField(_("why"), max_length=MAX_REASON)
    encounter = models.ForeignKey(
        Encounter, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    post = models.ForeignKey(
        Post, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    corrects = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="corrections"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    key = models.CharField(max_length=64)
    created_at = models.DateTimeField(_("entered"), db_index=True)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user", "key"], name="one_ledger_per_key"),
        ]
        indexes = [models.Index(fields=["campaign", "character", "kind"])]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount:+} {self.unit}".strip()
