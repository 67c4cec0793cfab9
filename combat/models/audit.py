"""The dice audit's rows (issue Q): one per roll the campaign made, wherever it was made — a quick
roll, a [dice] tag of a journal post, a roll inside a fight's event — with every face it drew
and the die size of each. "Are the dice rigged?" is answered from these rows without reading a
fight's events again.

They are an index, never the truth: each is written in the transaction of the roll it describes
(combat.dice_audit), and its numbers are the roll's own. Only the origin is known here alone:
a fight's event does not say whether its faces were rolled by the server or typed in from
physical dice, so the workflow that wrote it says so here (rows of events written before this
index say "not recorded").

Who may read a row is the roll's own rule, kept with it: quick rolls and journal rolls are read
by every member; a fight's roll by the log's filter, as the event declared it: its entry's
(`hides_if`, `secret`) and the roll's own (`audience`, `about`, `roller`; combat.visibility).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign, Character

from .encounters import Encounter


class Source(models.TextChoices):
    QUICK = "quick", _("quick roll")
    JOURNAL = "journal", _("journal roll")
    FIGHT = "fight", _("fight")


class Origin(models.TextChoices):
    SERVER = "server", _("rolled by the server")
    TYPED = "typed", _("physical dice, typed in")
    UNKNOWN = "unknown", _("origin not recorded")


class AuditRoll(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    source = models.CharField(max_length=8, choices=Source.choices)
    origin = models.CharField(max_length=8, choices=Origin.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Where it was made: the quick roll or journal roll's id, or the fight's event.
    roll_id = models.PositiveBigIntegerField(null=True)
    post = models.ForeignKey(
        "campaigns.Post", on_delete=models.CASCADE, null=True, related_name="+"
    )
    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, null=True, related_name="+")
    seq = models.PositiveIntegerField(null=True)
    index = models.PositiveSmallIntegerField(default=0)  # which roll of the post or event
    # A fight's roll: the combatant who rolled (its character, if it was one) and what the
    # event declared of who may read it.
    roller = models.CharField(max_length=20, blank=True)
    character = models.ForeignKey(Character, on_delete=models.SET_NULL, null=True, related_name="+")
    audience = models.CharField(max_length=10, blank=True)
    about = models.CharField(max_length=20, blank=True)
    # The entry's own rule: hidden from players whenever one of these combatants is hidden
    # (combat.visibility.entry_keys), and wholly when the GM rolled it in secret.
    hides_if = models.JSONField(default=list)
    secret = models.BooleanField(default=False)
    expression = models.CharField(max_length=200)
    total = models.BigIntegerField(null=True)
    dice = models.JSONField(default=list)  # [[sides, face], …]: every face drawn, with its die
    read = models.BooleanField(default=True)  # False: its dice could not be told apart by size
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["campaign", "-created_at"], name="audit_by_campaign")]
        verbose_name = _("audited roll")
        verbose_name_plural = _("audited rolls")

    def __str__(self) -> str:
        return f"{self.source} {self.expression}"
