"""Campaign workflows: each is one transaction; views only call them."""

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Campaign, Invite, Membership, Role
from .staff import make_game_master_staff


@transaction.atomic
def create_campaign(user: AbstractBaseUser, campaign: Campaign) -> Campaign:
    """Save a new campaign; its creator becomes its game master."""
    campaign.save()
    Membership.objects.create(campaign=campaign, user=user, role=Role.GM)
    make_game_master_staff(user)
    return campaign


def _ensure_another_gm_remains(membership: Membership) -> None:
    if membership.is_gm and membership.campaign.gm_count() <= 1:
        raise ValidationError(_("A campaign needs at least one game master."))


@transaction.atomic
def leave_campaign(membership: Membership) -> None:
    _ensure_another_gm_remains(membership)
    membership.delete()


@transaction.atomic
def remove_member(acting: Membership, member: Membership) -> None:
    if not acting.is_gm:
        raise PermissionDenied
    _ensure_another_gm_remains(member)
    member.delete()


@transaction.atomic
def set_role(acting: Membership, member: Membership, role: str) -> None:
    """A GM makes a player a co-GM, or a co-GM a player again."""
    if not acting.is_gm:
        raise PermissionDenied
    if role not in Role.values:
        raise ValidationError(_("Unknown role."))
    if role == Role.PLAYER:
        _ensure_another_gm_remains(member)
    member.role = role
    member.save(update_fields=["role"])
    if role == Role.GM:
        make_game_master_staff(member.user)


@transaction.atomic
def revoke_invite(invite: Invite) -> None:
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])


@transaction.atomic
def accept_invite(user: AbstractBaseUser, invite: Invite) -> Membership:
    """Join the invite's campaign as a player; members who already belong keep their role."""
    existing = invite.campaign.membership_of(user)
    if existing is not None:
        return existing
    if not invite.claim_use():
        raise ValidationError(_("This invite link has expired, was revoked or is used up."))
    try:
        with transaction.atomic():
            return Membership.objects.create(campaign=invite.campaign, user=user, role=Role.PLAYER)
    except IntegrityError:  # joined twice at once: the other request won
        return Membership.objects.get(campaign=invite.campaign, user=user)


@transaction.atomic
def copy_to_campaign(record: Any, campaign: Campaign) -> Any:
    """A campaign's own copy of a library record, which its GM may then change freely."""
    copy = type(record).objects.get(pk=record.pk)
    copy.pk = None
    copy.campaign = campaign
    copy.save()
    return copy
