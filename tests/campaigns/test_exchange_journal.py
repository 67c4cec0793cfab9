"""The journal in the campaign file (version 3): scenes, posts, rolls and voids go out and come
back exactly, and a roll whose faces do not make its total is refused."""

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
from campaigns.models import Campaign, JournalRoll, JournalRollVoid, Membership, Post, Role, Thread
from combat.rules.faces import TypedFaces


def at(day: int) -> datetime:
    return datetime(2025, 4, day, 20, 15, 30, 250000, tzinfo=UTC)


def journal(system: str, make_user: Any) -> Campaign:
    """A scene with the seed's door (3d6: 2, 3, 4), an edit that added a tag, and a void."""
    gm, player = make_user("gm"), make_user("hráčka")
    campaign = Campaign.objects.create(name="Deník", system=system)
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    Membership.objects.create(campaign=campaign, user=player, role=Role.PLAYER)
    scene = Thread.open(campaign, gm, "Dveře", "Zámek drží.", key="t")
    door = Post.write(scene, player, "Páčím: [dice]3d6[/dice]", key="p",
                      faces=TypedFaces([2, 3, 4]))  # fmt: skip
    door.edit(player, "Páčím: [dice]3d6[/dice] a kopu [dice]1d20+2[/dice]",
              faces=TypedFaces([17]))  # fmt: skip
    gm_post = Post.write(scene, gm, "Past: [dice]2d6[/dice]", key="g", faces=TypedFaces([6, 1]))
    gm_post.rolls.get().void_by(gm, "Hozeno omylem.")
    Thread.objects.filter(pk=scene.pk).update(created_at=at(1))
    Post.objects.filter(thread=scene, key="t").update(created_at=at(1))  # the scene's opening
    Post.objects.filter(pk=door.pk).update(created_at=at(2), edited_at=at(3))
    Post.objects.filter(pk=gm_post.pk).update(created_at=at(4))
    return campaign


def wipe() -> None:
    Campaign.objects.all().delete()  # its rolls and voids go last (remove_journal_rolls)
    get_user_model().objects.all().delete()


def rows() -> list[tuple[Any, ...]]:
    """Every roll as stored, with its post, author and void: what the page shows."""
    return [
        (r.post.body, r.post.author.username, r.index, r.expression, r.total, r.faces, r.result,
         r.user.username, r.added_later, r.created_at,
         (r.void.user.username, r.void.reason, r.void.created_at) if r.voiding else None)
        for r in JournalRoll.objects.order_by("created_at", "index")
    ]  # fmt: skip


@pytest.mark.parametrize("system", ["dnd5e", "dice_pool"])
def test_the_journal_goes_out_and_comes_back_exactly(db, make_user, system):
    first = json.loads(json.dumps(export_campaign(journal(system, make_user))))
    before = rows()
    wipe()
    imported = import_campaign(copy.deepcopy(first))
    again = export_campaign(imported)
    assert again["journal"] == first["journal"]
    assert rows() == before
    scene = first["journal"][0]
    assert (scene["title"], scene["author"]) == ("Dveře", "gm")
    assert [post["author"] for post in scene["posts"]] == ["gm", "hráčka", "gm"]
    door = scene["posts"][1]
    assert door["created_at"].startswith("2025-04-02") and door["edited_at"].startswith(
        "2025-04-03"
    )
    assert [(r["expression"], r["faces"], r["total"], r["added_later"]) for r in door["rolls"]] == [
        ("3d6", [2, 3, 4], 9, False), ("1d20+2", [17], 19, True)]  # fmt: skip
    void = scene["posts"][2]["rolls"][0]["void"]
    assert (void["user"], void["reason"]) == ("gm", "Hozeno omylem.")
    assert JournalRollVoid.objects.count() == 1


def test_a_dice_pool_tag_is_checked_by_the_pool_roller(db, make_user):
    campaign = journal("dice_pool", make_user)
    scene = Thread.objects.get(campaign=campaign)
    Post.write(scene, campaign.memberships.get(role=Role.GM).user, "[dice]2d6 vs 10[/dice]",
               key="v", faces=TypedFaces([6, 5]))  # fmt: skip
    data = export_campaign(campaign)
    pool = data["journal"][0]["posts"][-1]["rolls"][0]
    assert (pool["expression"], pool["faces"], pool["total"]) == ("2d6 vs 10", [6, 5], 11)
    wipe()
    import_campaign(data)
    assert JournalRoll.objects.get(expression="2d6 vs 10").result["pool"]


def roll_path(post: int, roll: int, key: str) -> tuple[int, int, str]:
    return post, roll, key


BAD = {
    "a face changed": (roll_path(1, 0, "faces"), [2, 3, 5], "the faces make 10, not the total 9"),
    "the total changed": (roll_path(1, 0, "total"), 18, "the faces make 9, not the total 18"),
    "a face off the die": (roll_path(1, 0, "faces"), [2, 3, 7], "the faces do not fit '3d6'"),
    "a face missing": (roll_path(1, 0, "faces"), [2, 3], "the faces do not fit '3d6'"),
    "a face too many": (roll_path(1, 0, "faces"), [2, 3, 4, 1], "the faces do not fit '3d6'"),
    "a face as text": (roll_path(1, 0, "faces"), [2, "3", 4], "faces must be whole numbers"),
    "a bad expression": (roll_path(1, 0, "expression"), "3d", "the faces do not fit '3d'"),
    "an index twice": (roll_path(1, 1, "index"), 0, "index must be 0 to 19, once per post"),
    "a negative index": (roll_path(1, 0, "index"), -1, "index must be 0 to 19"),
    "no roller": (roll_path(1, 0, "user"), ..., "rolls[0]: user is missing"),
    "a bad void": (roll_path(2, 0, "void"), {"user": "gm"}, "void: reason is missing"),
    "a naive time": (roll_path(1, 0, "created_at"), "2025-04-02T10:00:00", "with a zone"),
}


@pytest.mark.parametrize("path, value, message", BAD.values(), ids=BAD.keys())
def test_a_roll_that_was_never_rolled_is_refused_and_nothing_is_imported(
    db, make_user, path, value, message
):
    data = export_campaign(journal("dnd5e", make_user))
    post, roll, key = path
    target = data["journal"][0]["posts"][post]["rolls"][roll]
    if value is ...:
        del target[key]
    else:
        target[key] = value
    before = (Campaign.objects.count(), JournalRoll.objects.count(), Post.objects.count())
    with pytest.raises(CampaignFormatError) as error:
        import_campaign(data)
    assert message in str(error.value)
    assert f"journal[0].posts[{post}].rolls[{roll}]" in str(error.value)
    assert (Campaign.objects.count(), JournalRoll.objects.count(), Post.objects.count()) == before


def test_a_version_2_file_carries_no_journal(db, make_user):
    data = export_campaign(journal("dnd5e", make_user))
    data["version"] = 2
    with pytest.raises(CampaignFormatError, match="journal: version 2 files carry no journal"):
        import_campaign(data)
    data["journal"] = []
    assert import_campaign(data).name == "Deník"  # an older file still reads
