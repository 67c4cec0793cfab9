"""A campaign's own conditions (issue N): a GM names one once ("Webbed", "Marked by the
witch"), with what it means, how many rounds it usually lasts and an optional modifier, and
gives it in any fight of the campaign as the rule system's own conditions are given (combat's
Adjust). Its modifier, as it stands when given, goes into the fight state with the condition
and the engine adds it to its holder's own rolls, with its own log line (combat.rules.held)."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from .campaign import Campaign

MOST = 10  # a modifier's size, at most
MAX_CONDITIONS = 200  # a campaign's own conditions, at most


class SavedConditionManager(models.Manager["SavedCondition"]):
    def modifier_of(self, campaign_id: int, name: str) -> int | None:
        """The modifier of the campaign's condition called `name` (None: none, or no such)."""
        found = self.filter(campaign_id=campaign_id, name=name).values_list("modifier", flat=True)
        return next(iter(found), None)


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
    modifier = models.SmallIntegerField(
        _("modifier (±)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(-MOST), MaxValueValidator(MOST)],
        help_text=_(
            "Added to the holder's own rolls: Dračí Hlídka's attack, OSE's to-hit and saving "
            "throws, Shadowrun's target numbers (−2 makes them 2 higher). D&D 5e and the forum "
            "pool show it as a reminder. Empty: none."
        ),
    )

    objects = SavedConditionManager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="one_condition_name"),
        ]

    def __str__(self) -> str:
        return self.name if self.modifier is None else f"{self.name} ({self.modifier_text})"

    @property
    def modifier_text(self) -> str:
        """ "+3", "−2" (a minus sign, as the action form writes it); "" without one."""
        return "" if self.modifier is None else signed(self.modifier)


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212")
