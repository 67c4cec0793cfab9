"""The campaign journal: scenes, posts with dice tags, edits and their history, previews and
a GM's voids.

Members read and write; outsiders get 404; only a post's author edits it, and every member reads
what it said before; only a GM voids a roll. The thread page polls with the version it shows
and gets 204 while nothing changed.
"""

import logging
from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.http import AuthedHttpRequest

from ..access import gm_membership_or_403, membership_or_404
from ..journal import Mentions, PostRefused, render_pieces
from ..journal_forms import BodyForm, PostForm, ThreadForm, VoidForm
from ..mentions import mentions_for
from ..models import JournalRoll, Membership, Post, PostRevision, Thread
from ..models.journal import pool_tags
from .helpers import redirect_to

PAGE = 30
REVISIONS_PAGE = 20  # earlier texts on one page of a post's history (each up to 10,000 characters)
logger = logging.getLogger("iniciativa.access")


def _with_rolls(posts: QuerySet[Post]) -> QuerySet[Post]:
    rolls = JournalRoll.objects.select_related("user", "void", "void__user")
    return posts.select_related("author").prefetch_related(Prefetch("rolls", rolls))


def _posts(thread: Thread) -> QuerySet[Post]:
    return _with_rolls(thread.posts.all())


def _posts_of(membership: Membership) -> QuerySet[Post]:
    return _with_rolls(Post.objects.filter(thread__campaign=membership.campaign))


def post_views(
    posts: Iterable[Post], membership: Membership, mentions: Mentions | None = None
) -> list[dict[str, Any]]:
    """What the page shows of each post: its pieces (with links to the register entries the
    user may see), removed tags' rolls, what the user may do."""
    mentions = mentions if mentions is not None else mentions_for(membership)
    views = []
    for post in posts:
        rolls = {roll.index: roll for roll in post.rolls.all()}
        pieces, removed = render_pieces(post.body, rolls, mentions)
        voidable = [r for r in rolls.values() if r.voiding is None] if membership.is_gm else []
        views.append(
            {
                "post": post,
                "pieces": pieces,
                "removed": removed,
                "voidable": voidable,
                "mine": post.author_id == membership.user_id,
            }
        )
    return views


def _page(thread: Thread, number: str | None) -> Page[Post]:
    paginator = Paginator(_posts(thread), PAGE)
    return paginator.get_page(number or paginator.num_pages)


def _thread_context(
    request: HttpRequest, membership: Membership, thread: Thread, form: PostForm | None = None
) -> dict[str, Any]:
    page = _page(thread, request.GET.get("page"))
    return {
        "campaign": membership.campaign,
        "membership": membership,
        "thread": thread,
        "page": page,
        "posts": post_views(page.object_list, membership),
        "form": form or PostForm.fresh(pools=pool_tags(membership.campaign)),
    }


def _post_url(post: Post) -> str:
    earlier = Q(created_at__lt=post.created_at) | Q(created_at=post.created_at, pk__lt=post.pk)
    number = post.thread.posts.filter(earlier).count() // PAGE + 1
    url = reverse("campaigns:journal_thread", args=[post.thread.campaign_id, post.thread_id])
    return f"{url}?page={number}#post-{post.pk}"


def _forbidden(request: HttpRequest, message: str) -> HttpResponse:
    """403 with our own words (the default one speaks of game masters), logged like the rest."""
    logger.warning("403: %s may not do that (%s)", request.user, request.path)
    if request.headers.get("HX-Request") == "true":
        html = render_to_string("errors/alert.html", {"message": message}, request=request)
        response = HttpResponse(html, status=403)
        response["HX-Retarget"], response["HX-Reswap"] = "#messages", "innerHTML"
        return response
    html = render_to_string("errors/403.html", {"message": message}, request=request)
    return HttpResponse(html, status=403)


@login_required
@require_http_methods(["GET", "POST"])
def journal(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    pools = pool_tags(campaign)
    posted = request.method == "POST"
    form = ThreadForm(request.POST, pools=pools) if posted else ThreadForm.fresh(pools=pools)
    if posted and form.is_valid():
        data = form.cleaned_data
        try:
            thread = Thread.open(
                campaign, request.user, data["title"], data["body"], key=data["key"]
            )
        except PostRefused as refused:
            form.refuse(refused)
        else:
            return redirect_to(request, reverse("campaigns:journal_thread", args=[pk, thread.pk]))
    threads = campaign.threads.listing()
    context = {"campaign": campaign, "membership": membership, "threads": threads, "form": form}
    return render(request, "campaigns/journal.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def journal_thread(request: AuthedHttpRequest, pk: int, thread_pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    thread = get_object_or_404(membership.campaign.threads, pk=thread_pk)
    if request.method == "POST":
        return _reply(request, membership, thread)
    shown = request.GET.get("version")
    htmx = request.htmx and not request.htmx.history_restore_request
    if htmx and shown == str(thread.version):
        return HttpResponse(status=204)  # nothing changed: no swap, no flicker
    context = _thread_context(request, membership, thread)
    if htmx and shown is not None:
        return render(request, "campaigns/journal_thread.html#live", context)
    return render(request, "campaigns/journal_thread.html", context)


def _reply(request: AuthedHttpRequest, membership: Membership, thread: Thread) -> HttpResponse:
    form = PostForm(request.POST, pools=pool_tags(membership.campaign))
    thread.campaign = membership.campaign  # already loaded: spares Post.write a query
    if form.is_valid():
        data = form.cleaned_data
        try:
            post = Post.write(thread, request.user, data["body"], key=data["key"])
        except PostRefused as refused:
            form.refuse(refused)
        else:
            if not request.htmx:
                return redirect_to(request, _post_url(post))
            thread.refresh_from_db()
            context = _thread_context(request, membership, thread)  # the last page
            return render(request, "campaigns/journal_thread.html#posted", context)
    context = _thread_context(request, membership, thread, form)
    if request.htmx:
        return render(request, "campaigns/journal_thread.html#composer", context)
    return render(request, "campaigns/journal_thread.html", context)


@login_required
@require_POST
def journal_preview(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """The post as it would look, tags shown but not rolled (an edit shows its own rolls)."""
    membership = membership_or_404(request, pk)
    form = BodyForm(request.POST, pools=pool_tags(membership.campaign))
    context: dict[str, Any] = {"campaign": membership.campaign, "preview_form": form}
    if form.is_valid():
        rolls: dict[int, JournalRoll] = {}
        editing = request.POST.get("post", "")
        if editing.isascii() and editing.isdigit() and len(editing) <= 18:
            mine = JournalRoll.objects.filter(
                post_id=int(editing),
                post__author=request.user,
                post__thread__campaign=membership.campaign,
            ).select_related("user", "void", "void__user")
            rolls = {roll.index: roll for roll in mine}
            context["editing"] = True
        body, mentions = form.cleaned_data["body"], mentions_for(membership)
        context["pieces"], context["removed"] = render_pieces(body, rolls, mentions)
    return render(request, "campaigns/journal_thread.html#preview", context)


@login_required
@require_http_methods(["GET", "POST"])
def journal_post_edit(request: AuthedHttpRequest, pk: int, post_pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    posts = Post.objects.filter(thread__campaign=membership.campaign).select_related("thread")
    post = get_object_or_404(posts, pk=post_pk)
    if post.author_id != request.user.pk:
        return _forbidden(request, _("Only the author of a post may edit it."))
    post.thread.campaign = membership.campaign
    pools = pool_tags(membership.campaign)
    form = BodyForm(request.POST or None, initial={"body": post.body}, pools=pools)
    if request.method == "POST" and form.is_valid():
        try:
            post.edit(request.user, form.cleaned_data["body"])
        except PostRefused as refused:
            form.refuse(refused)
        else:
            messages.success(request, _("Post saved. Its rolls stay as they were."))
            return redirect_to(request, _post_url(post))
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "thread": post.thread,
        "view": post_views(_posts(post.thread).filter(pk=post.pk), membership)[0],
        "form": form,
    }
    return render(request, "campaigns/journal_edit.html", context)


def revision_views(
    post: Post, revisions: Iterable[PostRevision], mentions: Mentions
) -> list[dict[str, Any]]:
    """Earlier texts of a post, each with the rolls as they stood when it was replaced: the
    same tags answered by the same rolls, in the words they had then."""
    rolls = list(post.rolls.all())
    views = []
    for revision in revisions:
        then = {roll.index: roll for roll in rolls if roll.created_at < revision.created_at}
        pieces, removed = render_pieces(revision.body, then, mentions)
        views.append({"revision": revision, "pieces": pieces, "removed": removed})
    return views


@login_required
@require_GET
def journal_post_history(request: AuthedHttpRequest, pk: int, post_pk: int) -> HttpResponse:
    """Every text an edited post has had, for every member: an edit never hides the first."""
    membership = membership_or_404(request, pk)
    post = get_object_or_404(_posts_of(membership).select_related("thread"), pk=post_pk)
    post.thread.campaign = membership.campaign
    earlier = post.revisions.select_related("user").order_by("-created_at", "-pk")
    page = Paginator(earlier, REVISIONS_PAGE).get_page(request.GET.get("page"))
    oldest = post.revisions.order_by("created_at", "pk").first()
    mentions = mentions_for(membership)
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "thread": post.thread,
        "view": {**post_views([post], membership, mentions)[0], "voidable": []},  # voids: thread
        "revisions": revision_views(post, page.object_list, mentions),
        "page": page,
        "post_url": _post_url(post),
        # Edited before the journal kept revisions: the first texts are not known.
        "untracked": post.edited_at is not None
        and (oldest is None or oldest.written_at != post.created_at),
    }
    return render(request, "campaigns/journal_history.html", context)


@login_required
@require_POST
def journal_void(request: AuthedHttpRequest, pk: int, roll_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    rolls = JournalRoll.objects.filter(campaign=membership.campaign).select_related("post__thread")
    roll = get_object_or_404(rolls, pk=roll_pk)
    form = VoidForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the roll is void (at most 300 characters)."))
    else:
        try:
            roll.void_by(request.user, form.cleaned_data["reason"])
            messages.success(request, _("The roll is void. It stays visible, marked as void."))
        except ValidationError as error:
            messages.error(request, error.messages[0])
    return redirect_to(request, _post_url(roll.post))
