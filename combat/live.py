"""The seam where browsers learn that an encounter changed.

Workflows call `notify_on_commit`; today browsers poll with the version they show and get
204 while nothing changed. A push transport (server-sent events through Redis) would connect a
receiver to `encounter_changed` and need no change anywhere else.
"""

from django.db import transaction
from django.dispatch import Signal

encounter_changed = Signal()  # sent with encounter_id and version, only after commit


def notify_on_commit(encounter_id: int, version: int) -> None:
    transaction.on_commit(
        lambda: encounter_changed.send(sender=None, encounter_id=encounter_id, version=version)
    )
