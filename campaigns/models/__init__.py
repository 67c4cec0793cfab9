from .campaign import (
    Campaign,
    Invite,
    Membership,
    Role,
    default_invite_expiry,
    new_invite_token,
)
from .conditions import SavedCondition
from .records import Armor, Character, CharacterKind, Monster, Weapon

# Last: the journal's rolls use combat's append-only base, and combat.models needs the
# records above from this package while it loads.
from .journal import JournalRoll, JournalRollVoid, Post, PostRevision, Thread, new_key  # isort: skip

__all__ = [
    "Armor",
    "Campaign",
    "Character",
    "CharacterKind",
    "Invite",
    "JournalRoll",
    "JournalRollVoid",
    "Membership",
    "Monster",
    "Post",
    "PostRevision",
    "Role",
    "SavedCondition",
    "Thread",
    "Weapon",
    "default_invite_expiry",
    "new_invite_token",
    "new_key",
]
