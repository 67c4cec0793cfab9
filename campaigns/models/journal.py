"""The campaign journal: scenes (threads) of posts, and the dice rolled by their tags.

A post's text may change; its rolls never do. Each `[dice]` tag is rolled once, on the server,
when the post (or the edit that added the tag) is saved, into a `JournalRoll` row that refers to
the post and the tag's place in it. Rolls, their voids and the earlier texts of edited posts
(revisions) are append-only: the ORM refuses to change them (campaigns.models.appendonly) and so
does the database (campaigns.log_triggers).
"""

import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Count, F, Max
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaigns.journal import (
    MAX_BODY,
    MAX_TITLE,
    PostRefused,
    Tag,
    check,
    dice_message,
    is_pool_tag,
    pool_result,
    tag_problem,
)
from combat.rules.base import RulesError
from combat.rules.dice import InvalidDice, roll
from combat.rules.dice_pool.tags import roll_pool_tag
from combat.rules.faces import FaceSource, SecureFaces
from combat.rules.systems import SYSTEMS

from ..log_triggers import log_wipe_allowed
from .appendonly import AppendOnlyModel, AppendOnlyQuerySet
from .campaign import Campaign


def pool_tags(campaign: Campaign) -> bool:
    """Whether the campaign's tags may be the forum dice pool's own tests (`3d6 vs 10`)."""
    system = SYSTEMS.get(campaign.system)
    return system is not None and system.pool_tags


def new_key() -> str:
    """A form's one-time key: the same form sent twice makes one thread or post (R6)."""
    return uuid.uuid4().hex


class ThreadQuerySet(models.QuerySet["Thread"]):
    def listing(self) -> "ThreadQuerySet":
        return self.select_related("author").annotate(
            post_count=Count("posts"), last_post_at=Max("posts__created_at")
        )


class Thread(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="threads")
    title = models.CharField(_("title"), max_length=MAX_TITLE)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    key = models.CharField(max_length=64)
    # Bumped by every post, edit and void: open pages poll with the version they show.
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ThreadQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "author", "key"], name="one_thread_per_key")
        ]
        verbose_name = _("scene")
        verbose_name_plural = _("scenes")

    def __str__(self) -> str:
        return self.title

    @classmethod
    def open(
        cls,
        campaign: Campaign,
        user: User,
        title: str,
        body: str,
        *,
        key: str,
        faces: FaceSource | None = None,
    ) -> "Thread":
        """A new scene with its first post; raises PostRefused (nothing saved or rolled)."""
        pools = pool_tags(campaign)
        tags = check(body, pools=pools)
        existing = cls.objects.filter(campaign=campaign, author=user, key=key).first()
        if existing is not None:
            return existing
        try:
            with transaction.atomic():
                thread = cls.objects.create(campaign=campaign, author=user, title=title, key=key)
                post = Post.objects.create(thread=thread, author=user, body=body, key=key)
                _roll_tags(post, tags, user, faces, pools=pools, added_later=False)
        except IntegrityError:  # the same form raced itself: the first one counts
            return cls.objects.get(campaign=campaign, author=user, key=key)
        return thread

    def touch(self) -> None:
        Thread.objects.filter(pk=self.pk).update(version=F("version") + 1)


class Post(models.Model):
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    body = models.TextField(_("text"), max_length=MAX_BODY)
    key = models.CharField(max_length=64)
    created_at = models.DateTimeField(_("written"), auto_now_add=True, db_index=True)
    edited_at = models.DateTimeField(_("edited"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["thread", "author", "key"], name="one_post_per_key")
        ]
        verbose_name = _("post")
        verbose_name_plural = _("posts")

    def __str__(self) -> str:
        return f"Post {self.pk} in {self.thread_id}"

    @classmethod
    def write(
        cls,
        thread: Thread,
        user: User,
        body: str,
        *,
        key: str,
        faces: FaceSource | None = None,
    ) -> "Post":
        """Save a post and roll its tags once; raises PostRefused (nothing saved or rolled)."""
        pools = pool_tags(thread.campaign)
        tags = check(body, pools=pools)
        existing = cls.objects.filter(thread=thread, author=user, key=key).first()
        if existing is not None:
            return existing
        try:
            with transaction.atomic():
                post = cls.objects.create(thread=thread, author=user, body=body, key=key)
                _roll_tags(post, tags, user, faces, pools=pools, added_later=False)
                thread.touch()
        except IntegrityError:
            return cls.objects.get(thread=thread, author=user, key=key)
        return post

    def edit(self, user: User, body: str, *, faces: FaceSource | None = None) -> None:
        """New text; rolls already made stay, and only tags at new places are rolled.

        A roll belongs to a tag's place (index) in the post, so changing or removing a tag
        cannot change, re-roll or remove its roll; the page marks such tags instead. The old
        text stays as a `PostRevision`, so an edit that moves the words around the rolls
        (which roll was the attack, which the stealth) is there for every member to read.
        """
        if self.author_id != user.pk:
            raise PermissionDenied
        pools = pool_tags(self.thread.campaign)
        tags = check(body, pools=pools)
        with transaction.atomic():
            locked = Post.objects.select_for_update(of=("self",)).select_related("thread")
            post = locked.get(pk=self.pk)
            if post.body == body:
                return
            rolled = set(post.rolls.values_list("index", flat=True))
            # The text being replaced is kept (its writer is the author, the only one who edits).
            PostRevision(
                post=post,
                campaign_id=post.thread.campaign_id,
                body=post.body,
                user=user,
                written_at=post.edited_at or post.created_at,
            ).save()
            post.body, post.edited_at = body, timezone.now()
            post.save(update_fields=["body", "edited_at"])
            fresh = [tag for tag in tags if tag.index not in rolled]
            _roll_tags(post, fresh, user, faces, pools=pools, added_later=True)
            post.thread.touch()
        self.body, self.edited_at = post.body, post.edited_at


def _roll_tags(
    post: Post,
    tags: list[Tag],
    user: User,
    faces: FaceSource | None,
    *,
    pools: bool,
    added_later: bool,
) -> None:
    source = faces or SecureFaces()
    for tag in tags:
        try:
            total, drawn, result = roll_tag(tag, source, pools)
        except (InvalidDice, RulesError) as error:  # explosions past the limits show only now
            raise PostRefused([tag_problem(tag, dice_message(error))]) from None
        JournalRoll(
            campaign_id=post.thread.campaign_id,
            post=post,
            index=tag.index,
            expression=tag.expression,
            total=total,
            faces=drawn,
            result=result,
            user=user,
            added_later=added_later,
        ).save()


def roll_tag(tag: Tag, source: FaceSource, pools: bool) -> tuple[int, list[int], dict[str, Any]]:
    """A tag's total, faces and display record; with the recorded faces typed in, the same
    again (a campaign file's import checks every roll this way)."""
    if is_pool_tag(tag, pools):
        pool = roll_pool_tag(tag.expression, source)
        return (
            pool.total,
            [face for rolled in pool.rolls for face in rolled.faces],
            pool_result(pool),
        )
    result = roll(tag.expression, source)
    return result.total, list(result.faces), result.to_dict()


class JournalRoll(AppendOnlyModel):
    # DO_NOTHING: a campaign's deletion removes its rolls afterwards (remove_journal_rolls).
    campaign = models.ForeignKey(Campaign, on_delete=models.DO_NOTHING, related_name="+")
    post = models.ForeignKey(Post, on_delete=models.DO_NOTHING, related_name="rolls")
    index = models.PositiveSmallIntegerField(_("tag"))  # which tag of the post, from 0
    expression = models.CharField(_("expression"), max_length=200)
    total = models.BigIntegerField(_("total"))
    faces = models.JSONField(_("faces"))  # every face in the order drawn: replay() rebuilds it
    result = models.JSONField(_("result"))  # RollResult.to_dict(), for display
    # PROTECT: clearing the roller would be an UPDATE, which the log refuses.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    added_later = models.BooleanField(_("added in an edit"), default=False)
    # A default, not auto_now_add: a campaign file's import keeps when a roll was made (a row
    # here is never updated, so the time cannot be set after the insert).
    created_at = models.DateTimeField(_("rolled at"), default=timezone.now, editable=False)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["post", "index"]
        constraints = [models.UniqueConstraint(fields=["post", "index"], name="one_roll_per_tag")]
        verbose_name = _("journal roll")
        verbose_name_plural = _("journal rolls")

    def __str__(self) -> str:
        return f"{self.expression} = {self.total}"

    @property
    def voiding(self) -> "JournalRollVoid | None":
        try:
            return self.void
        except ObjectDoesNotExist:
            return None

    @property
    def pool_summary(self) -> str:
        """A dice-pool test's verdict ("9 against 10: failure"), in the page's language."""
        summary = (
            self.result.get("pool", {}).get("summary") if isinstance(self.result, dict) else None
        )
        if not summary:
            return ""
        template: str = summary["template"]
        params: dict[str, object] = summary["params"]
        return gettext(template) % params

    def void_by(self, user: User, reason: str) -> "JournalRollVoid":
        """The GM voids the roll: a new row beside it, never a change to it."""
        try:
            with transaction.atomic():
                void = JournalRollVoid.objects.create(
                    roll=self, campaign_id=self.campaign_id, user=user, reason=reason
                )
                Thread.objects.filter(posts=self.post_id).update(version=F("version") + 1)
        except IntegrityError:
            raise ValidationError(gettext("This roll is already void.")) from None
        return void


class JournalRollVoid(AppendOnlyModel):
    roll = models.OneToOneField(JournalRoll, on_delete=models.DO_NOTHING, related_name="void")
    campaign = models.ForeignKey(Campaign, on_delete=models.DO_NOTHING, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(_("reason"), max_length=300)
    created_at = models.DateTimeField(_("voided at"), default=timezone.now, editable=False)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        verbose_name = _("void of a journal roll")
        verbose_name_plural = _("voids of journal rolls")

    def __str__(self) -> str:
        return f"void of roll {self.roll_id}"


class PostRevision(AppendOnlyModel):
    """A text a post had until an edit replaced it: append-only like the rolls beside it."""

    post = models.ForeignKey(Post, on_delete=models.DO_NOTHING, related_name="revisions")
    # DO_NOTHING: a campaign's deletion removes its revisions afterwards (remove_journal_rolls).
    campaign = models.ForeignKey(Campaign, on_delete=models.DO_NOTHING, related_name="+")
    body = models.TextField(_("text"), max_length=MAX_BODY)
    # PROTECT, as for rolls: clearing the writer would be an UPDATE, which the log refuses.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    written_at = models.DateTimeField(_("written"))
    """When this text was saved: the post's creation, or the edit before this one."""
    created_at = models.DateTimeField(_("replaced"), default=timezone.now, editable=False)
    """When an edit replaced it: the rolls made before then are the ones it was written with."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["post", "created_at", "pk"]
        verbose_name = _("earlier text of a post")
        verbose_name_plural = _("earlier texts of posts")

    def __str__(self) -> str:
        return f"post {self.post_id} as written at {self.written_at:%Y-%m-%d %H:%M}"


@receiver(post_delete, sender=Campaign)
def remove_journal_rolls(sender: type, instance: Campaign, **kwargs: Any) -> None:
    """Deleting a whole campaign removes its rolls and revisions last, past the log triggers
    (combat.signals)."""
    for model in (JournalRollVoid, JournalRoll, PostRevision):
        queryset = model.objects.filter(campaign_id=instance.pk)
        with log_wipe_allowed(queryset.db):
            queryset._raw_delete(queryset.db)
