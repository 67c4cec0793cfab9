"""Campaigns, who belongs to them, and the invite links that bring players in."""

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from campaigns.systemwords import sheet_word
from combat.rules.systems import SYSTEMS


def rule_systems() -> list[tuple[str, str]]:
    """The registered rule systems as (key, name) choices in the page's language. A callable,
    so the migrations name this function and a new system needs no migration."""
    return [(key, system.name.get(get_language())) for key, system in SYSTEMS.items()]


class Role(models.TextChoices):
    GM = "gm", _("Game master")
    PLAYER = "player", _("Player")


class CampaignQuerySet(models.QuerySet["Campaign"]):
    def visible_to(self, user: User | AnonymousUser) -> "CampaignQuerySet":
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)


class Campaign(models.Model):
    name = models.CharField(_("name"), max_length=120)
    description = models.TextField(_("description"), blank=True, max_length=5000)
    system = models.CharField(_("rule system"), max_length=20, choices=rule_systems)
    players_propose = models.BooleanField(
        _("players propose actions"),
        default=False,
        help_text=_("A player's action waits until the game master accepts it."),
    )
    reactions_need_approval = models.BooleanField(
        _("players' reactions need approval"),
        default=True,
        help_text=_(
            "A player's reaction in another's turn (a D&D 5e opportunity attack) waits until the "
            "game master accepts it."
        ),
    )
    # The GM's defaults for new encounters: the rule system's fight options (combat.options).
    fight_options = models.JSONField(_("fight options"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = CampaignQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name

    def membership_of(self, user: User | AnonymousUser) -> "Membership | None":
        if not user.is_authenticated:
            return None
        return self.memberships.filter(user=user).first()

    def gm_count(self) -> int:
        return self.memberships.filter(role=Role.GM).count()


class Membership(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")
        ]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.campaign}"

    @property
    def is_gm(self) -> bool:
        return self.role == Role.GM

    @property
    def role_word(self) -> str:
        """The role as the campaign's system names its game master (OSE's referee, "sudí")."""
        if not self.is_gm:
            return self.get_role_display()
        return sheet_word(self.campaign.system, "gm")


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


def default_invite_expiry() -> datetime:
    return timezone.now() + timedelta(days=7)


class Invite(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_invite_token, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"), default=default_invite_expiry)
    max_uses = models.PositiveIntegerField(_("use limit"), null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invite link")
        verbose_name_plural = _("invite links")

    def __str__(self) -> str:
        return f"Invite to {self.campaign}"

    def is_usable(self) -> bool:
        if self.revoked_at is not None or self.expires_at <= timezone.now():
            return False
        return self.max_uses is None or self.uses < self.max_uses

    def claim_use(self) -> bool:
        """Count one use, atomically, only while the link is still usable (no lost update)."""
        usable = Q(revoked_at__isnull=True, expires_at__gt=timezone.now()) & (
            Q(max_uses__isnull=True) | Q(uses__lt=F("max_uses"))
        )
        return Invite.objects.filter(usable, pk=self.pk).update(uses=F("uses") + 1) == 1
