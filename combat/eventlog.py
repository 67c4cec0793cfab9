"""Appending to an encounter's event log, and checking that nobody rewrote it.

The hash chain shows an edited, deleted or reordered event; it cannot show a tail cut off with
the head rewound to what is left. So the head is sealed: an HMAC over (encounter, length, head)
with a key the database does not hold (`LOG_SIGNING_KEY`, else `SECRET_KEY`). Without that key
nobody can write a seal for a rewound head. See docs/security.md for the limits.
"""

from typing import Any, cast

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from .models import Encounter, Event
from .models.events import GENESIS

SEAL_SALT = "iniciativa.eventlog.head-seal"
SEEN_SALT = "iniciativa.eventlog.seen-entry"


def signing_keys() -> list[str]:
    """The key that seals now, then the older ones a seal may still carry."""
    own = getattr(settings, "LOG_SIGNING_KEY", "")
    if own:
        return [own, *getattr(settings, "LOG_SIGNING_KEY_FALLBACKS", [])]
    return [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]


def _mac(salt: str, message: str, key: str) -> str:
    return salted_hmac(salt, message, secret=key, algorithm="sha256").hexdigest()


def head_seal(encounter_id: int, length: int, head: str, key: str | None = None) -> str:
    return _mac(SEAL_SALT, f"{encounter_id}:{length}:{head}", key or signing_keys()[0])


def seal(encounter: Encounter) -> None:
    """Sign the encounter's head as it stands; the caller saves `log_seal` with the head."""
    encounter.log_seal = head_seal(encounter.pk, encounter.log_length, encounter.log_head)


def seal_holds(encounter: Encounter) -> bool:
    length, head = encounter.log_length, encounter.log_head
    return any(
        constant_time_compare(encounter.log_seal, head_seal(encounter.pk, length, head, key))
        for key in signing_keys()
    )


def seen_token(encounter_id: int, seq: int, hash: str, key: str | None = None) -> str:
    """What a browser remembers of an entry: keyed, so it tells nothing about the content."""
    return _mac(SEEN_SALT, f"{encounter_id}:{seq}:{hash}", key or signing_keys()[0])[:32]


def append_event(
    encounter: Encounter,
    type: str,
    payload: Any,
    *,
    user: AbstractBaseUser | None = None,
    key: str = "",
) -> Event:
    """Add the next event. Call inside the workflow's transaction, the encounter locked; the
    caller saves the encounter (head, length and seal) in the same transaction."""
    seq = encounter.log_length + 1
    author = user if user is not None and user.is_authenticated else None
    event = Event(
        encounter=encounter,
        seq=seq,
        type=str(type),  # an EventType is stored, and hashed, as its string
        payload=payload,
        user=cast(Any, author),  # AUTH_USER_MODEL: the stubs know only the default User
        key=key,
        created_at=timezone.now().isoformat(),
        prev_hash=encounter.log_head or GENESIS,
    )
    event.hash = event.compute_hash()
    event.save()
    encounter.log_head, encounter.log_length = event.hash, seq
    seal(encounter)
    return event


def chain_problems(encounter: Encounter) -> list[str]:
    """Every break in the chain, in words; the seal is not looked at."""
    problems: list[str] = []
    previous, expected = GENESIS, 1
    for event in Event.objects.log(encounter):
        if event.seq != expected:
            problems.append(f"event #{expected} is missing or out of order (found #{event.seq})")
        if event.prev_hash != previous:
            problems.append(f"event #{event.seq}: the link to the event before it is broken")
        if event.compute_hash() != event.hash:
            problems.append(f"event #{event.seq} ({event.type}) was edited")
        previous, expected = event.hash, event.seq + 1
    if expected - 1 != encounter.log_length or previous != (encounter.log_head or GENESIS):
        problems.append(
            f"the log should end at event #{encounter.log_length}, but ends at #{expected - 1}"
        )
    return problems


def verify_chain(encounter: Encounter) -> list[str]:
    """Every break in the chain and a head whose seal does not hold; empty when intact."""
    problems = chain_problems(encounter)
    if not seal_holds(encounter):
        problems.append(
            f"the head (event #{encounter.log_length}) is not signed by this server's key: the "
            "tail was cut or the head rewound, or the signing key changed (see sign_logs)"
        )
    return problems


RECEIPT_SALT = "iniciativa.eventlog.roll-receipt"


def receipt_token(encounter_id: int, seq: int, hash: str, key: str | None = None) -> str:
    """A roll's receipt as a player keeps it: keyed, so it names the entry without letting
    anyone test guesses at what the entry holds (the bare hash would)."""
    return _mac(RECEIPT_SALT, f"{encounter_id}:{seq}:{hash}", key or signing_keys()[0])[:16]


def receipt_holds(encounter_id: int, seq: int, hash: str, kept: str) -> bool:
    return any(
        constant_time_compare(kept.lower(), receipt_token(encounter_id, seq, hash, key))
        for key in signing_keys()
    )
