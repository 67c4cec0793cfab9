"""Encounters and their combatants: the current state, which the event log explains."""

from django.contrib.auth.models import AnonymousUser, User
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign, Character, Monster


class EncounterStatus(models.TextChoices):
    PREPARING = "preparing", _("Preparing")
    RUNNING = "running", _("Running")
    ENDED = "ended", _("Ended")


class EncounterQuerySet(models.QuerySet["Encounter"]):
    def visible_to(self, user: User | AnonymousUser) -> "EncounterQuerySet":
        return self.filter(campaign__in=Campaign.objects.visible_to(user))


class Encounter(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="encounters")
    name = models.CharField(_("name"), max_length=120)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=EncounterStatus.choices,
        default=EncounterStatus.PREPARING,
    )
    round = models.PositiveIntegerField(_("round"), default=0)
    order = models.JSONField(default=list, blank=True)  # combatant keys in acting order
    current = models.CharField(max_length=20, blank=True)  # the key of whose turn it is
    options = models.JSONField(default=dict, blank=True)
    # Where the round stands, as the system's engine defines it (SR3's pass, OSE's side/phase).
    stage = models.JSONField(default=dict, blank=True)
    # Bumped by every workflow; browsers poll with the version they show (RELIABILITY: 204).
    version = models.PositiveBigIntegerField(default=0)
    # The newest event's hash and the number of events: a deleted last event is noticed too.
    log_head = models.CharField(max_length=64, blank=True)
    log_length = models.PositiveIntegerField(default=0)
    # An HMAC of (id, log_length, log_head) under a key the database does not hold: a tail cut
    # with the head rewound is noticed too (combat.eventlog).
    log_seal = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EncounterQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("encounter")
        verbose_name_plural = _("encounters")

    def __str__(self) -> str:
        return self.name

    @property
    def system(self) -> str:
        return str(self.campaign.system)


class Combatant(models.Model):
    """A character, or one copy of a monster ("Skřet 2"), with its state in this fight."""

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="combatants")
    character = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    monster = models.ForeignKey(
        Monster, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    name = models.CharField(_("name"), max_length=120)
    side = models.CharField(_("side"), max_length=40, default="enemies")
    is_npc = models.BooleanField(default=True)
    # The record's stats and equipment as they were when it joined: the fight is replayable.
    stats = models.JSONField(default=dict)
    weapons = models.JSONField(default=list)
    armor = models.JSONField(default=list)
    hp = models.IntegerField(_("HP"))
    max_hp = models.IntegerField(_("max HP"))
    conditions = models.JSONField(default=list)
    effects = models.JSONField(default=list)
    initiative = models.IntegerField(null=True, blank=True)
    turn = models.JSONField(default=dict)
    position = models.CharField(_("position"), max_length=120, blank=True)
    hidden = models.BooleanField(_("hidden from players"), default=False)
    hp_revealed = models.BooleanField(_("players see HP"), default=False)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("combatant")
        verbose_name_plural = _("combatants")

    def __str__(self) -> str:
        return self.name

    @property
    def key(self) -> str:
        return f"c{self.pk}"

    def owned_by(self, user: User | AnonymousUser) -> bool:
        """Played by `user`; nobody (the table display's seat) owns a character nobody plays."""
        if not user.is_authenticated or self.character is None:
            return False
        return self.character.owner_id == user.pk
