"""Journal rolls: rolled once when a post is saved, never changed by an edit, voided only beside.

The database refuses to change a roll or a void even to raw SQL (run these on PostgreSQL too:
DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m pytest <this file>).
"""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, connection, transaction

from campaigns.journal import PostRefused
from campaigns.models import Campaign, JournalRoll, JournalRollVoid, Post, Thread
from combat.models import AppendOnlyError
from combat.rules.faces import TypedFaces


@pytest.fixture
def scene(roles):
    """The GM opens a scene; the player answers with 3d6 rolled 2, 3, 4 (the seed's door: 9)."""
    thread = Thread.open(roles["campaign"], roles["gm"], "Dveře", "Zámek.", key="t")
    post = Post.write(
        thread, roles["player"], "Páčím: [dice]3d6[/dice]", key="p", faces=TypedFaces([2, 3, 4])
    )
    return {"thread": thread, "post": post, "roll": post.rolls.get(), **roles}


def snapshot(roll):
    fresh = JournalRoll.objects.get(pk=roll.pk)
    return (fresh.expression, fresh.total, fresh.faces, fresh.result, fresh.created_at,
            fresh.user_id, fresh.index)  # fmt: skip


def test_a_tag_is_rolled_once_when_the_post_is_saved(scene):
    roll = scene["roll"]
    assert (roll.expression, roll.total, roll.faces, roll.index) == ("3d6", 9, [2, 3, 4], 0)
    assert roll.user == scene["player"] and not roll.added_later
    assert [die["faces"] for die in roll.result["dice"]] == [[2], [3], [4]]
    assert "9" not in scene["post"].body  # the roll is a record, never text in the post


def test_the_same_form_twice_makes_one_post_and_one_roll(scene):
    again = Post.write(scene["thread"], scene["player"], "Páčím: [dice]3d6[/dice]", key="p")
    assert again.pk == scene["post"].pk
    assert JournalRoll.objects.filter(post__thread=scene["thread"]).count() == 1


def test_editing_the_tag_keeps_the_roll(scene):
    before = snapshot(scene["roll"])
    scene["post"].edit(scene["player"], "Páčím: [dice]1d20+100[/dice]", faces=TypedFaces([]))
    assert snapshot(scene["roll"]) == before
    assert JournalRoll.objects.filter(post=scene["post"]).count() == 1
    assert Post.objects.get(pk=scene["post"].pk).edited_at is not None


def test_removing_the_tag_keeps_the_roll(scene):
    before = snapshot(scene["roll"])
    scene["post"].edit(scene["player"], "Nic jsem nehodil.")
    assert snapshot(scene["roll"]) == before


def test_a_new_tag_in_an_edit_is_rolled_and_marked_added_later(scene):
    before = snapshot(scene["roll"])
    scene["post"].edit(
        scene["player"], "[dice]3d6[/dice] a pak [dice]1d20[/dice]", faces=TypedFaces([17])
    )
    added = JournalRoll.objects.get(post=scene["post"], index=1)
    assert (added.expression, added.total, added.added_later) == ("1d20", 17, True)
    assert snapshot(scene["roll"]) == before
    # saving the same text again rolls nothing more
    scene["post"].edit(scene["player"], "[dice]3d6[/dice] a pak [dice]1d20[/dice]")
    assert JournalRoll.objects.filter(post=scene["post"]).count() == 2


def test_only_the_author_edits(scene):
    with pytest.raises(PermissionDenied):
        scene["post"].edit(scene["gm"], "Přepsáno GM.")
    assert Post.objects.get(pk=scene["post"].pk).body == "Páčím: [dice]3d6[/dice]"


def test_a_malformed_tag_refuses_the_whole_post_and_rolls_nothing(roles):
    thread = Thread.open(roles["campaign"], roles["gm"], "Dveře", "Zámek.", key="t")
    with pytest.raises(PostRefused, match="Dice tag 2"):
        Post.write(thread, roles["player"], "[dice]3d6[/dice] [dice]3d6x[/dice]", key="k")
    assert not Post.objects.filter(thread=thread, author=roles["player"]).exists()
    assert not JournalRoll.objects.filter(post__thread=thread).exists()


def test_a_malformed_tag_in_an_edit_changes_nothing(scene):
    with pytest.raises(PostRefused):
        scene["post"].edit(scene["player"], "[dice]3d6[/dice] [dice]1d[/dice]")
    assert Post.objects.get(pk=scene["post"].pk).body == "Páčím: [dice]3d6[/dice]"
    assert JournalRoll.objects.filter(post=scene["post"]).count() == 1


def test_an_explosion_past_the_limits_refuses_the_post_and_keeps_nothing(roles):
    thread = Thread.open(roles["campaign"], roles["gm"], "Dveře", "Zámek.", key="t")
    # 1d6! exploding more than 50 times in a row: only rolling can tell.
    with pytest.raises(PostRefused, match="exploded more than"):
        Post.write(thread, roles["player"], "[dice]1d6![/dice]", key="k",
                   faces=TypedFaces([6] * 60))  # fmt: skip
    assert not Post.objects.filter(thread=thread, author=roles["player"]).exists()


def test_the_gm_voids_a_roll_with_a_new_row_and_only_once(scene):
    before = snapshot(scene["roll"])
    version = Thread.objects.get(pk=scene["thread"].pk).version
    void = scene["roll"].void_by(scene["gm"], "Špatná dovednost.")
    assert JournalRoll.objects.get(pk=scene["roll"].pk).voiding == void
    assert snapshot(scene["roll"]) == before
    assert Thread.objects.get(pk=scene["thread"].pk).version == version + 1
    with pytest.raises(ValidationError):
        scene["roll"].void_by(scene["gm"], "Ještě jednou.")
    assert JournalRollVoid.objects.filter(roll=scene["roll"]).count() == 1


def test_posts_edits_and_voids_move_the_thread_version(scene):
    versions = [Thread.objects.get(pk=scene["thread"].pk).version]
    Post.write(scene["thread"], scene["gm"], "Dveře povolily.", key="g")
    versions.append(Thread.objects.get(pk=scene["thread"].pk).version)
    scene["post"].edit(scene["player"], "Páčím opatrně: [dice]3d6[/dice]")
    versions.append(Thread.objects.get(pk=scene["thread"].pk).version)
    assert versions == sorted(set(versions))


def test_the_orm_refuses_to_change_or_delete_rolls_and_voids(scene):
    roll = scene["roll"]
    void = roll.void_by(scene["gm"], "Omyl.")
    roll.total = 18
    for attempt in (roll.save, roll.delete, void.save, void.delete,
                    lambda: JournalRoll.objects.filter(pk=roll.pk).update(total=18),
                    lambda: JournalRoll.objects.filter(pk=roll.pk).delete()):  # fmt: skip
        with pytest.raises(AppendOnlyError):
            attempt()
    assert JournalRoll.objects.get(pk=roll.pk).total == 9


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE campaigns_journalroll SET total = 18 WHERE id = %s",
        "UPDATE campaigns_journalroll SET faces = '[6, 6, 6]' WHERE id = %s",
        "DELETE FROM campaigns_journalroll WHERE id = %s",
    ],
)
def test_the_database_refuses_raw_sql_on_a_roll(scene, sql):
    before = snapshot(scene["roll"])
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, [scene["roll"].pk])
    assert snapshot(scene["roll"]) == before


def test_the_database_refuses_raw_sql_on_a_void(scene):
    void = scene["roll"].void_by(scene["gm"], "Omyl.")
    for sql in ("UPDATE campaigns_journalrollvoid SET reason = 'x' WHERE id = %s",
                "DELETE FROM campaigns_journalrollvoid WHERE id = %s"):  # fmt: skip
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [void.pk])
    assert JournalRollVoid.objects.get(pk=void.pk).reason == "Omyl."


def test_the_journal_log_tables_have_their_triggers(db):
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        else:
            cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        names = {row[0] for row in cursor.fetchall()}
    tables = ("campaigns_journalroll", "campaigns_journalrollvoid")
    expected = {
        "sqlite": {f"{t}_{what}" for t in tables for what in ("no_update", "no_delete")},
        "postgresql": {f"{t}_append_only" for t in tables},
    }
    assert expected[connection.vendor] <= names


def test_deleting_the_campaign_removes_its_journal(scene):
    scene["roll"].void_by(scene["gm"], "Omyl.")
    Campaign.objects.filter(pk=scene["campaign"].pk).delete()
    assert not JournalRoll.objects.filter(campaign_id=scene["campaign"].pk).exists()
    assert not JournalRollVoid.objects.filter(campaign_id=scene["campaign"].pk).exists()
    assert not Thread.objects.filter(pk=scene["thread"].pk).exists()


@pytest.mark.django_db(transaction=True)
def test_the_same_post_sent_twice_at_once_rolls_once(roles):
    """RELIABILITY R6: a double submit racing itself keeps one post and one roll."""
    import threading

    from django.db import connections

    thread = Thread.open(roles["campaign"], roles["gm"], "Dveře", "Zámek.", key="t")
    barrier, made = threading.Barrier(4), []

    def send() -> None:
        try:
            barrier.wait()
            made.append(Post.write(thread, roles["player"], "[dice]3d6[/dice]", key="twice").pk)
        finally:
            connections.close_all()

    workers = [threading.Thread(target=send) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(made) == 4 and len(set(made)) == 1
    assert JournalRoll.objects.filter(post__thread=thread).count() == 1


class Scripted:
    """Faces for several tags in a row (TypedFaces is for one roll and refuses leftovers)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = iter(faces)

    def roll(self, sides: int) -> int:
        return next(self.faces)


@pytest.fixture
def forum(roles):
    """A dice-pool campaign (seed 004) with the same members."""
    from campaigns.models import Membership, Role

    campaign = Campaign.objects.create(name="Fórum", system="dice_pool")
    Membership.objects.create(campaign=campaign, user=roles["gm"], role=Role.GM)
    Membership.objects.create(campaign=campaign, user=roles["player"])
    return Thread.open(
        campaign, roles["gm"], "Dveře", "Vykopnout proti 5, páčit proti 10.", key="t"
    )


def test_the_seed_door_as_dice_pool_tags(forum, roles):
    # seed 004: A picks the lock with 3 dice, 9 against 10; B (4 dice) and C (1 die): 9 + 3 = 12
    post = Post.write(forum, roles["player"], "[dice]3d6 proti 10[/dice] [dice]4d6 + 1d6 vs 10[/dice]",
                      key="door", faces=Scripted([2, 3, 4, 1, 2, 3, 3, 3]))  # fmt: skip
    lock, kick = post.rolls.order_by("index")
    assert (lock.total, lock.faces, lock.result["pool"]["verdict"]) == (9, [2, 3, 4], "failure")
    assert lock.pool_summary == "9 against 10: failure"
    assert (kick.total, kick.faces, kick.pool_summary) == (
        12,
        [1, 2, 3, 3, 3],
        "12 against 10: success",
    )
    assert [die["faces"] for die in kick.result["dice"]] == [[1], [2], [3], [3], [3]]


def test_a_plain_tag_in_a_dice_pool_campaign_is_the_dice_engines(forum, roles):
    post = Post.write(
        forum, roles["player"], "[dice]3d6[/dice]", key="p", faces=TypedFaces([1, 2, 3])
    )
    roll = post.rolls.get()
    assert (roll.total, roll.pool_summary) == (6, "") and "pool" not in roll.result


def test_a_bad_dice_pool_tag_is_refused_and_nothing_is_rolled(forum, roles):
    with pytest.raises(PostRefused, match="Dice tag 1, .*a pool has 1 to 60 dice"):
        Post.write(forum, roles["player"], "[dice]0d6 vs 10[/dice]", key="bad")
    assert not JournalRoll.objects.filter(post__thread=forum).exists()


def test_dice_pool_tests_are_not_tags_in_other_systems(roles):
    thread = Thread.open(roles["campaign"], roles["gm"], "Dveře", "Zámek.", key="t")
    with pytest.raises(PostRefused, match="unknown notation 'vs'"):
        Post.write(thread, roles["player"], "[dice]3d6 vs 10[/dice]", key="vs")


@pytest.mark.django_db(transaction=True)
def test_two_players_posting_rolls_at_once_lose_nothing(roles):
    """Issue I: the GM and a player post 25 rolling posts each into one scene, all at once:
    every post keeps its own roll, the scene's version counts every post, nothing is locked."""
    import threading

    from django.db import connections

    thread = Thread.open(roles["campaign"], roles["gm"], "Bitva", "Začíná to.", key="t2")
    writers, per_writer = (roles["gm"], roles["player"]), 25
    barrier, errors = threading.Barrier(len(writers)), []

    def write(user) -> None:  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
            for number in range(per_writer):
                Post.write(thread, user, f"Hod {number}: [dice]2d6[/dice]", key=f"p{number}")
        except Exception as error:  # noqa: BLE001 — any error (a "database is locked") fails
            errors.append(repr(error))
        finally:
            connections.close_all()

    workers = [threading.Thread(target=write, args=(user,)) for user in writers]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    posts = Post.objects.filter(thread=thread).exclude(body="Začíná to.")
    assert posts.count() == len(writers) * per_writer
    rolls = JournalRoll.objects.filter(post__thread=thread)
    assert rolls.count() == posts.count()
    assert all(len(roll.faces) == 2 and roll.total == sum(roll.faces) for roll in rolls)
    thread.refresh_from_db()
    assert thread.version == 1 + posts.count()  # every post bumped it once: no lost update
