from .campaign import (
    Campaign,
    Invite,
    Membership,
    Role,
    RuleSystem,
    default_invite_expiry,
    new_invite_token,
)
from .records import Armor, Character, CharacterKind, Monster, Weapon

__all__ = [
    "Armor",
    "Campaign",
    "Character",
    "CharacterKind",
    "Invite",
    "Membership",
    "Monster",
    "Role",
    "RuleSystem",
    "Weapon",
    "default_invite_expiry",
    "new_invite_token",
]
