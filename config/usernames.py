"""One name, however it is spelt: the key every count and comparison of usernames uses.

Django logs a user in by the NFKC form of what was typed ("ｇｍ" is "gm"), and a person reads
"GM", "gm" and "ｇｍ" as one name. So the login throttle counts, and the signup compares, by
this key: NFKC, then case folding (ß is ss, final ς is σ), then NFKC again, which makes the key
stable (a key's key is itself). Letters from other scripts that merely look alike (Cyrillic а)
are different letters and stay different. Characters that show nothing (Unicode's
Default_Ignorable_Code_Point: the Hangul fillers are letters that render blank, so "gm" + U+1160
reads "gm") are dropped from the key, and a new name may not contain them at all.
"""

import re
import unicodedata

from django.contrib.auth import get_user_model
from django.db import connections

_SIGNUP_LOCK = 0x1D_5167  # any constant: the one advisory lock that signups share
LONGEST = 150  # the longest username (Django's AbstractUser), before normalising

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): characters
# that render as nothing. Python's unicodedata has no such property, so the ranges are listed.
_IGNORED = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def has_invisible(name: str) -> bool:
    """Whether the name holds a character that shows nothing (a look-alike's trick)."""
    return _IGNORED.search(name) is not None


def username_key(name: str) -> str:
    """The form in which two usernames are the same name (Unicode's NFKC_Casefold, roughly)."""
    stripped = name.strip()
    if len(stripped) > LONGEST:
        # No account has such a name, and Django's UsernameField leaves it unnormalised too:
        # NFKC of a megabyte of "ﷺ" takes seconds, and a login form may send one.
        return stripped
    folded = _IGNORED.sub("", unicodedata.normalize("NFKC", stripped)).casefold()
    return _IGNORED.sub("", unicodedata.normalize("NFKC", folded)).strip()


def lock_usernames(using: str = "default") -> None:
    """Inside a transaction: no other signup checks or takes a name until it ends.

    SQLite's IMMEDIATE transactions already serialise every writer; PostgreSQL takes a
    transaction-scoped advisory lock, so two people signing up as "GM" and "ｇｍ" at once
    cannot both pass the check before either account exists.
    """
    connection = connections[using]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_SIGNUP_LOCK])


def taken(name: str) -> bool:
    """Whether an account exists whose name is the same name as `name` (by `username_key`).

    Compared in Python: neither database can fold case the Unicode way (SQLite's LIKE folds
    ASCII only, PostgreSQL's upper() leaves ß alone). One query of names, fine for the
    thousands of accounts a table-top site has.
    """
    key = username_key(name)
    users = get_user_model()
    names = users._default_manager.values_list(users.USERNAME_FIELD, flat=True)
    return any(username_key(existing) == key for existing in names.iterator())
