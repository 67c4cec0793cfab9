"""The campaign journal in the campaign file (version 3): scenes, posts, their rolls and voids;
since version 4 also every earlier text of an edited post (its revisions).

A roll is written with its expression, every face and its total. On import the faces are typed
back into the same roller the journal uses (`roll_tag`), so a roll whose faces do not make its
total, or do not fit its expression, is refused: a file cannot bring in a roll that was never
rolled. Rolls, voids and revisions are append-only, so they are inserted with the file's times.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import models

from combat.rules.base import RulesError
from combat.rules.dice import InvalidDice
from combat.rules.faces import TypedFaces

from ..journal import MAX_TAGS, Tag
from ..models import Campaign, JournalRoll, JournalRollVoid, Post, PostRevision, Thread, new_key
from ..models.journal import pool_tags, roll_tag
from .common import _REQUIRED, CampaignFormatError, Row, Spec
from .reading import _fields, _is
from .writing import _clean, _moments, _save

_SCENE: Spec = {
    "title": (str, _REQUIRED),
    "author": ((str, type(None)), None),
    "created_at": (str, None),
    "posts": (list, []),
}
_POST: Spec = {
    "author": ((str, type(None)), None),
    "body": (str, _REQUIRED),
    "created_at": (str, None),
    "edited_at": ((str, type(None)), None),
    "rolls": (list, []),
    "revisions": (list, []),
}
_ROLL: Spec = {
    "index": (int, _REQUIRED),
    "expression": (str, _REQUIRED),
    "total": (int, _REQUIRED),
    "faces": (list, _REQUIRED),
    "user": (str, _REQUIRED),
    "added_later": (bool, False),
    "created_at": (str, None),
    "void": ((dict, type(None)), None),
}
_VOID: Spec = {"user": (str, _REQUIRED), "reason": (str, _REQUIRED), "created_at": (str, None)}
_REVISION: Spec = {
    "body": (str, _REQUIRED),
    "user": (str, _REQUIRED),
    "written_at": (str, _REQUIRED),
    "created_at": (str, _REQUIRED),
}
REVISIONS_SINCE = 4  # the campaign file's version that first carries a post's earlier texts

When = Callable[[datetime], str]
UserOf = Callable[[str, str], User]


# --- export ------------------------------------------------------------------------------------


def journal_out(campaign: Campaign, when: When) -> list[Row]:
    """Every scene of the campaign, oldest first, with its posts, rolls and voids."""
    rolls = JournalRoll.objects.select_related("user", "void__user").order_by("index")
    revisions = PostRevision.objects.select_related("user").order_by("created_at", "pk")
    posts = Post.objects.select_related("author").prefetch_related(
        models.Prefetch("rolls", rolls), models.Prefetch("revisions", revisions)
    )
    scenes = (
        Thread.objects.filter(campaign=campaign)
        .select_related("author")
        .prefetch_related(models.Prefetch("posts", posts.order_by("created_at", "pk")))
        .order_by("created_at", "pk")
    )
    return [
        {
            "title": scene.title,
            "author": _name(scene.author),
            "created_at": when(scene.created_at),
            "posts": [_post_out(post, when) for post in scene.posts.all()],
        }
        for scene in scenes
    ]


def _name(user: User | None) -> str | None:
    return user.get_username() if user is not None else None


def _post_out(post: Post, when: When) -> Row:
    return {
        "author": _name(post.author),
        "body": post.body,
        "created_at": when(post.created_at),
        "edited_at": when(post.edited_at) if post.edited_at else None,
        "rolls": [_roll_out(roll, when) for roll in post.rolls.all()],
        "revisions": [
            {
                "body": revision.body,
                "user": revision.user.get_username(),
                "written_at": when(revision.written_at),
                "created_at": when(revision.created_at),
            }
            for revision in post.revisions.all()
        ],
    }


def _roll_out(roll: JournalRoll, when: When) -> Row:
    void = roll.voiding
    return {
        "index": roll.index,
        "expression": roll.expression,
        "total": roll.total,
        "faces": list(roll.faces),
        "user": roll.user.get_username(),
        "added_later": roll.added_later,
        "created_at": when(roll.created_at),
        "void": None
        if void is None
        else {
            "user": void.user.get_username(),
            "reason": void.reason,
            "created_at": when(void.created_at),
        },
    }


# --- import ------------------------------------------------------------------------------------


def journal_in(
    campaign: Campaign, scenes: list[Any], user_of: UserOf, version: int = REVISIONS_SINCE
) -> None:
    """Recreate the file's scenes in `campaign`, checked as the admin checks them."""
    pools = pool_tags(campaign)
    for number, raw in enumerate(scenes):
        here = f"journal[{number}]"
        row = _fields(raw, here, _SCENE)
        author = user_of(row["author"], f"{here}: author") if row["author"] else None
        scene = Thread(campaign=campaign, title=row["title"], author=author, key=new_key())
        _clean(scene, here, exclude=["campaign", "author"])
        _save(scene, _moments(row, here, ["created_at"]))
        for index, post_row in enumerate(row["posts"]):
            _post_in(scene, post_row, f"{here}.posts[{index}]", user_of, pools, version)


def _post_in(
    scene: Thread, raw: Any, here: str, user_of: UserOf, pools: bool, version: int
) -> None:
    row = _fields(raw, here, _POST)
    if row["revisions"] and version < REVISIONS_SINCE:
        raise CampaignFormatError(f"{here}.revisions: version {version} files carry no revisions")
    author = user_of(row["author"], f"{here}: author") if row["author"] else None
    post = Post(thread=scene, author=author, body=row["body"], key=new_key())
    _clean(post, here, exclude=["thread", "author"])
    _save(post, _moments(row, here, ["created_at", "edited_at"]))
    seen: set[int] = set()
    for number, raw_roll in enumerate(row["rolls"]):
        where = f"{here}.rolls[{number}]"
        roll_row = _fields(raw_roll, where, _ROLL)
        roll = _roll_in(post, roll_row, where, user_of, pools, seen)
        _clean(roll, where, exclude=["campaign", "post", "user"], validate_constraints=False)
        roll.save()
        if roll_row["void"] is not None:
            void_row = _fields(roll_row["void"], f"{where}.void", _VOID)
            _void_in(roll, void_row, f"{where}.void", user_of)
    for number, raw_revision in enumerate(row["revisions"]):
        where = f"{here}.revisions[{number}]"
        _revision_in(post, _fields(raw_revision, where, _REVISION), where, user_of)


def _roll_in(
    post: Post, row: Row, where: str, user_of: UserOf, pools: bool, seen: set[int]
) -> JournalRoll:
    index, faces = row["index"], row["faces"]
    if not 0 <= index < MAX_TAGS or index in seen:
        raise CampaignFormatError(f"{where}: index must be 0 to {MAX_TAGS - 1}, once per post")
    seen.add(index)
    if not all(_is(face, int) for face in faces):
        raise CampaignFormatError(f"{where}: faces must be whole numbers")
    try:
        total, drawn, result = roll_tag(Tag(index, row["expression"]), TypedFaces(faces), pools)
    except (InvalidDice, RulesError) as error:
        raise CampaignFormatError(
            f"{where}: the faces do not fit {row['expression']!r}: {error}"
        ) from None
    if total != row["total"] or drawn != faces:
        raise CampaignFormatError(f"{where}: the faces make {total}, not the total {row['total']}")
    values: Row = {
        "campaign_id": post.thread.campaign_id,
        "post": post,
        "index": index,
        "expression": row["expression"],
        "total": total,
        "faces": drawn,
        "result": result,
        "user": user_of(row["user"], f"{where}: user"),
        "added_later": row["added_later"],
    }
    # Inserted with the file's time (a roll is never updated afterwards, as _save would).
    return JournalRoll(**values, **_moments(row, where, ["created_at"]))


def _void_in(roll: JournalRoll, row: Row, where: str, user_of: UserOf) -> None:
    void = JournalRollVoid(
        roll=roll,
        campaign_id=roll.campaign_id,
        reason=row["reason"],
        user=user_of(row["user"], f"{where}: user"),
        **_moments(row, where, ["created_at"]),
    )
    _clean(void, where, exclude=["roll", "campaign", "user"], validate_constraints=False)
    void.save()


def _revision_in(post: Post, row: Row, where: str, user_of: UserOf) -> None:
    times = _moments(row, where, ["written_at", "created_at"])
    if times["written_at"] > times["created_at"]:
        raise CampaignFormatError(f"{where}: written_at is after created_at (when it was replaced)")
    revision = PostRevision(
        post=post,
        campaign_id=post.thread.campaign_id,
        body=row["body"],
        user=user_of(row["user"], f"{where}: user"),
        **times,
    )
    _clean(revision, where, exclude=["post", "campaign", "user"])
    revision.save()
