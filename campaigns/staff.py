"""Game masters edit their campaigns' records in the Django admin, and only those.

Becoming a GM makes a user staff and puts them in the "Game masters" group, whose permissions
cover the record models; the record admins then scope every queryset to the user's campaigns.
"""

from typing import cast

from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db.models import QuerySet
from django.http import HttpRequest

from .models import Armor, Campaign, Character, Monster, Role, Weapon

GM_GROUP = "Game masters"
RECORD_MODELS = (Monster, Weapon, Armor, Character)


def game_masters_group() -> Group:
    group, created = Group.objects.get_or_create(name=GM_GROUP)
    if created or not group.permissions.exists():
        types = ContentType.objects.get_for_models(*RECORD_MODELS).values()
        group.permissions.set(Permission.objects.filter(content_type__in=types))
    return group


def make_game_master_staff(user: User) -> None:
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    user.groups.add(game_masters_group())


def staff_user(request: HttpRequest) -> User:
    """The account behind an admin page: the admin site lets only active staff in, which the
    request's type cannot know."""
    return cast(User, request.user)


def gm_campaigns(user: User) -> QuerySet[Campaign]:
    return Campaign.objects.filter(memberships__user=user, memberships__role=Role.GM)


def members_of(campaigns: QuerySet[Campaign]) -> QuerySet[User]:
    """The accounts that belong to any of these campaigns: whom a GM may give a character to."""
    users = User.objects.filter(memberships__campaign__in=campaigns)
    return users.distinct().order_by("username")
