"""A campaign's own conditions (issue N): a GM names one once ("Webbed", "Marked by the
witch"), with what it means and how many rounds it usually lasts, and gives it in any fight of
the campaign as the rule system's own conditions are given (combat's Adjust)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .campaign import Campaign


class SavedCondition(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="conditions")
    name = models.CharField(_("name"), max_length=40)
    description = models.TextField(_("what it does"), blank=True, max_length=500)
    rounds = models.PositiveSmallIntegerField(
        _("usually lasts (rounds)"),
        null=True,
        blank=True,
        help_text=_("Empty: until the game master removes it."),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="one_condition_name"),
        ]

    def __str__(self) -> str:
        return self.name
