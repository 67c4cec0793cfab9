"""Many hands on one encounter at once: no lost update, no broken chain, no "database is locked"."""

import threading

import pytest
from django.db import connection

from combat import workflows
from combat.eventlog import verify_chain
from combat.models import Encounter

THREADS, EACH = 8, 5


@pytest.mark.django_db(transaction=True)
def test_concurrent_workflows_keep_every_event_and_the_chain(fight):
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    start_version, start_length = encounter.version, encounter.log_length
    barrier = threading.Barrier(THREADS)
    errors: list[BaseException] = []

    def worker(number: int) -> None:
        try:
            barrier.wait()
            for step in range(EACH):
                workflows.adjust(encounter.pk, fight["gm"], f"t{number}-{step}",
                                 fight["leader"], hp=number * 10 + step)  # fmt: skip
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    encounter.refresh_from_db()
    assert encounter.version - start_version == THREADS * EACH
    assert encounter.log_length - start_length == THREADS * EACH
    assert verify_chain(encounter) == []
