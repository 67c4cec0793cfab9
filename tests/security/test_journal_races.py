"""Races on what this slice built: signups of one name in several spellings, and edits of one
post, at the same moment. Threads, 20 rounds each; meant for PostgreSQL
(DATABASE_URL=postgres://postgres@127.0.0.1:5432/journal), and on SQLite the IMMEDIATE
transactions serialise the same code.
"""

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client
from django.urls import reverse

from campaigns.models import Post, PostRevision, Thread
from config.usernames import username_key

ROUNDS = 20


def _at_once(jobs: list[Callable[[], object]]) -> list[str]:
    """Run the jobs in threads that start together; the failures, as text."""
    barrier, failures = threading.Barrier(len(jobs)), []

    def run(job: Callable[[], object]) -> None:
        try:
            barrier.wait()
            job()
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(f"{type(error).__name__}: {error}")
        finally:
            connections.close_all()

    workers = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    return failures


@pytest.mark.django_db(transaction=True)
def test_one_name_signed_up_in_four_spellings_at_once_makes_one_account():  # type: ignore[no-untyped-def]
    statuses: list[int] = []

    def signup(name: str) -> Callable[[], None]:
        def send() -> None:
            data = {
                "username": name,
                "password1": "Dlouhe-heslo-42",
                "password2": "Dlouhe-heslo-42",
            }
            statuses.append(Client().post(reverse("signup"), data).status_code)

        return send

    for number in range(ROUNDS):
        spellings = [f"raj{number}", f"RAJ{number}", f"ｒａｊ{number}", f"Raj{number}"]
        assert _at_once([signup(name) for name in spellings]) == []
        names = get_user_model().objects.values_list("username", flat=True)
        same = [name for name in names if username_key(name) == f"raj{number}"]
        assert len(same) == 1, (number, same)
    assert statuses.count(302) == ROUNDS and statuses.count(200) == 3 * ROUNDS


@pytest.mark.django_db(transaction=True)
def test_two_edits_of_one_post_at_once_keep_every_text_in_order(roles):  # type: ignore[no-untyped-def]
    thread = Thread.open(roles["campaign"], roles["gm"], "Brána", "Brána.", key="t")
    for number in range(ROUNDS):
        post = Post.write(thread, roles["player"], f"Původní {number}", key=f"p{number}")
        texts = [f"První {number}", f"Druhá {number}"]
        jobs = [
            lambda text=text, pk=post.pk: Post.objects.get(pk=pk).edit(roles["player"], text)
            for text in texts
        ]
        assert _at_once(jobs) == []
        kept = list(PostRevision.objects.filter(post=post).order_by("created_at", "pk")
                    .values_list("body", flat=True))  # fmt: skip
        final = Post.objects.get(pk=post.pk).body
        # Each edit kept the text it really replaced: the original, then the first edit's.
        assert kept[0] == f"Původní {number}" and len(kept) == 2, kept
        assert {kept[1], final} == set(texts), (kept, final)
