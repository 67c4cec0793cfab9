"""Combat workflows. Each is one transaction: rules → save → log."""

import uuid
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from campaigns.models import Campaign
from combat.rules.dice import RollResult, roll
from combat.rules.faces import FaceSource, SecureFaces, TypedFaces

from .models import Roll


def new_roll_key() -> str:
    return uuid.uuid4().hex


def quick_roll(
    campaign: Campaign,
    user: User,
    expression: str,
    *,
    key: str,
    typed_faces: Sequence[int] | None = None,
) -> tuple[Roll, RollResult | None]:
    """Roll (or take the typed faces) and log it; the same key twice gives the first roll.

    Raises InvalidDice for a bad expression or bad typed faces; nothing is logged then.
    """
    existing = Roll.objects.filter(campaign=campaign, user=user, key=key).first()
    if existing is not None:
        return existing, None
    source: FaceSource = TypedFaces(typed_faces) if typed_faces is not None else SecureFaces()
    result = roll(expression, source)
    record = Roll(
        campaign=campaign,
        user=user,
        expression=result.expression,
        total=result.total,
        faces=list(result.faces),
        result=result.to_dict(),
        typed=typed_faces is not None,
        key=key,
    )
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError:  # the same form raced itself: the first one counts
        return Roll.objects.get(campaign=campaign, user=user, key=key), None
    return record, result
