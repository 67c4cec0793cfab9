"""Campaign workflows: each is one transaction; views only call them.

A check that guards a write runs inside the write's lock (issue K): a change to the members
locks the campaign's row first and then reads the memberships as they are now, so two GMs
demoting, removing each other or leaving at the same moment cannot leave a campaign without one
(select_for_update on PostgreSQL; SQLite's IMMEDIATE transactions serialise writers anyway).
"""

from typing import TypeVar, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Campaign, Character, CharacterKind, Invite, Membership, Role
from .models.records import LibraryRecord
from .staff import make_game_master_staff
from .systemwords import sheet_word

_Record = TypeVar("_Record", bound=LibraryRecord)


@transaction.atomic
def create_campaign(user: User, campaign: Campaign) -> Campaign:
    """Save a new campaign; its creator becomes its game master."""
    campaign.save()
    Membership.objects.create(campaign=campaign, user=user, role=Role.GM)
    make_game_master_staff(user)
    return campaign


def _ensure_another_gm_remains(membership: Membership) -> None:
    """Another GM who can still log in: a deactivated account (its user deleted, the logs kept)
    runs nothing."""
    if not membership.is_gm:
        return
    others = membership.campaign.memberships.filter(role=Role.GM, user__is_active=True)
    if not others.exclude(pk=membership.pk).exists():
        raise ValidationError(sheet_word(membership.campaign.system, "last_gm"))


def _lock_members(campaign_id: int, *memberships: Membership) -> set[int]:
    """Lock the campaign's row, then read the memberships' roles as they are now (one query);
    the pks of those still there (another request may have removed one first)."""
    list(Campaign.objects.select_for_update().filter(pk=campaign_id).values_list("pk"))
    pks = [membership.pk for membership in memberships]
    now = dict(Membership.objects.filter(pk__in=pks).values_list("pk", "role"))
    for membership in memberships:
        membership.role = now.get(membership.pk, membership.role)
    return set(now)


def _lock_acting_gm(acting: Membership, member: Membership) -> bool:
    """As `_lock_members`; PermissionDenied when the acting GM is no GM any more."""
    present = _lock_members(acting.campaign_id, acting, member)
    if acting.pk not in present or not acting.is_gm:
        raise PermissionDenied
    return member.pk in present


@transaction.atomic
def leave_campaign(membership: Membership) -> None:
    if membership.pk in _lock_members(membership.campaign_id, membership):
        _ensure_another_gm_remains(membership)
        membership.delete()


@transaction.atomic
def remove_member(acting: Membership, member: Membership) -> None:
    if _lock_acting_gm(acting, member):
        _ensure_another_gm_remains(member)
        member.delete()


@transaction.atomic
def set_role(acting: Membership, member: Membership, role: str) -> None:
    """A GM makes a player a co-GM, or a co-GM a player again. Only a step down can leave the
    campaign without a GM, so only it takes the lock; a promotion racing the acting GM's own
    demotion is as if it came first."""
    if role not in Role.values:
        raise ValidationError(_("Unknown role."))
    if not acting.is_gm:
        raise PermissionDenied
    if role == Role.GM and not member.user.is_active:
        raise ValidationError(_("That account is deactivated: it cannot run a campaign."))
    if role == Role.PLAYER:
        if not _lock_acting_gm(acting, member):
            raise ValidationError(_("That member has left the campaign."))
        _ensure_another_gm_remains(member)
    member.role = role
    try:  # saved, not updated: its signal makes what caches knew of this member count no more
        member.save(update_fields=["role"])
    except DatabaseError as gone:  # left meanwhile: no row to update
        raise ValidationError(_("That member has left the campaign.")) from gone
    if role == Role.GM:
        make_game_master_staff(member.user)


@transaction.atomic
def revoke_invite(invite: Invite) -> None:
    """Revoked once: two revokes at once keep the first one's time."""
    now = timezone.now()
    if Invite.objects.filter(pk=invite.pk, revoked_at__isnull=True).update(revoked_at=now):
        invite.revoked_at = now


@transaction.atomic
def accept_invite(user: User, invite: Invite) -> Membership:
    """Join the invite's campaign as a player; members who already belong keep their role. The
    invite's row is locked first: one person joining twice at once uses it once."""
    list(Invite.objects.select_for_update().filter(pk=invite.pk).values_list("pk"))
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
def copy_to_campaign(record: _Record, campaign: Campaign) -> _Record:
    """A campaign's own copy of a library record, which its GM may then change freely."""
    # The row comes back as its own class; django-stubs types type(record)'s manager by the base.
    copy = cast(_Record, type(record).objects.get(pk=record.pk))
    copy.pk = None
    copy.campaign = campaign
    copy.save()
    return copy


@transaction.atomic
def claim_character(membership: Membership, character_pk: int) -> Character:
    """A player with no character takes a free player character of their campaign (no owner),
    checked under the membership's and the character's locks; ValidationError in the player's
    words when it is not to be had. Another campaign's character is nobody."""
    if membership.is_gm:
        raise ValidationError(_("Game masters give characters on the character's page."))
    found = (
        Character.objects.select_for_update()
        .filter(campaign=membership.campaign, pk=character_pk, kind=CharacterKind.PC)
        .first()
    )
    if found is None:
        raise ValidationError(_("There is no such free character in this campaign."))
    if found.owner_id is not None:
        raise ValidationError(_("%(name)s has a player already.") % {"name": found.name})
    Membership.objects.select_for_update().filter(pk=membership.pk).first()  # one at a time
    if membership.campaign.characters.filter(owner=membership.user).exists():
        mine = sheet_word(membership.campaign.system, "already_playing")  # "… your referee."
        raise ValidationError(mine)
    found.owner = membership.user
    found.save(update_fields=["owner", "updated_at"])
    return found
