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
from .register import Kind, Part, RegisterEntry, RegisterReveal, Seen, seen_by

# Last: the journal's rolls use combat's append-only base, and combat.models needs the
# records above from this package while it loads.
from .journal import JournalRoll, JournalRollVoid, Post, PostRevision, Thread, new_key  # isort: skip

__all__ = [
    "Armor",
    "Campaign",
    "Character",
    "CharacterKind",
    "Invite",
    "Kind",
    "JournalRoll",
    "JournalRollVoid",
    "Membership",
    "Monster",
    "Part",
    "Post",
    "PostRevision",
    "RegisterEntry",
    "RegisterReveal",
    "Role",
    "SavedCondition",
    "Seen",
    "Thread",
    "Weapon",
    "default_invite_expiry",
    "new_invite_token",
    "new_key",
    "seen_by",
]
