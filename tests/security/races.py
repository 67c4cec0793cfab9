"""Requests that really overlap: the race tests of tests/security release them together."""

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def at_once(requests: list[Callable[[], Any]]) -> list[Any]:
    """The requests released together by a barrier, each thread with its own connection; each
    one's answer, or the exception it raised."""
    barrier, answers = threading.Barrier(len(requests)), [None] * len(requests)

    def worker(number: int) -> None:
        try:
            barrier.wait()
            answers[number] = requests[number]()
        except BaseException as error:  # noqa: BLE001 - reported by the caller's assertions
            answers[number] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers
