"""The campaign's roll log: every quick roll, with every face, kept and never changed."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign
from campaigns.models.appendonly import AppendOnlyError, AppendOnlyModel, AppendOnlyQuerySet

__all__ = ["AppendOnlyError", "Roll", "RollQuerySet"]


class RollQuerySet(AppendOnlyQuerySet):
    def in_campaign(self, campaign: Campaign) -> "RollQuerySet":
        return self.filter(campaign=campaign).select_related("user")


class Roll(AppendOnlyModel):
    # DO_NOTHING: see combat.signals — a campaign's deletion removes its log afterwards.
    campaign = models.ForeignKey(Campaign, on_delete=models.DO_NOTHING, related_name="rolls")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="rolls"
    )
    expression = models.CharField(_("expression"), max_length=100)
    total = models.BigIntegerField(_("total"))
    faces = models.JSONField(_("faces"))  # every face in the order drawn: replay() rebuilds it
    result = models.JSONField(_("result"))  # RollResult.to_dict(), for display
    typed = models.BooleanField(_("physical dice"), default=False)
    # A form's one-time key: submitting the same form twice records one roll (RELIABILITY R6).
    key = models.CharField(max_length=64)
    created_at = models.DateTimeField(_("rolled at"), auto_now_add=True, db_index=True)

    objects = RollQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user", "key"], name="one_roll_per_key")
        ]
        verbose_name = _("roll")
        verbose_name_plural = _("rolls")

    def __str__(self) -> str:
        return f"{self.expression} = {self.total}"
