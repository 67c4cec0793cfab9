"""Every model of the admin × every page, action, import, choice list and autocomplete, as a
second GM (`gm_b`, staff in "Game masters", GM of B only) and as `hybrid` (GM of B and a
player of A, with a character there).

Neither may see, change, copy, export or import into anything of campaign A; a page for one of
A's objects answers exactly like a page for an object that never existed. A model added to the
admin joins the sweep by itself; `a_rows` must learn how to find A's rows of it.
"""

import json
import re
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory
from django.urls import NoReverseMatch, reverse

from .conftest import NEVER, SYSTEM, changed, snapshot
from .sweep_table import form_data

pytestmark = pytest.mark.django_db

MODELS = sorted(admin.site._registry, key=lambda m: m._meta.label)
LABELS = [m._meta.label for m in MODELS]
ATTACKERS = ("gm_b", "hybrid")
A_SECRETS = (
    "Ashford",
    "Caelan",
    "Dorran",
    "Hollowmere",
    "Mordrake",
    "Ashblade",
    "Ashplate",
    "Ashwalker",
    "Ambush at Ashford",
    "Ashen vigil",
)
A_ONLY_USERS = ("gm_a", "p1", "p2")


def _model(label: str) -> Any:
    return next(m for m in MODELS if m._meta.label == label)


def a_rows(w: Any, model: Any) -> Any:
    """A's rows of a model: what neither attacker may ever reach through the admin."""
    names = {f.name for f in model._meta.get_fields()}
    manager = model._default_manager
    if model._meta.label == "campaigns.Campaign":
        return manager.filter(pk=w.a.campaign.pk)
    if "campaign" in names:
        return manager.filter(campaign=w.a.campaign)
    if "encounter" in names:
        return manager.filter(encounter__campaign=w.a.campaign)
    if model._meta.label == "auth.User":
        return manager.filter(username__in=A_ONLY_USERS)
    if model._meta.label == "auth.Group":
        return manager.all()  # the GM group itself is no game master's to edit
    raise AssertionError(f"teach a_rows where campaign A's rows of {model._meta.label} are")


def _url(model: Any, page: str, *args: Any) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{page}", args=args)


def _html(response: Any) -> str:
    return response.content.decode("utf-8", "replace")


def _leaks(html: str) -> list[str]:
    found = [name for name in A_SECRETS if name in html]
    options = re.findall(r"<option[^>]*>\s*([^<]*?)\s*</option>", html)
    return found + [user for user in A_ONLY_USERS if user in options]


def _login(client: Any, w: Any, username: str) -> Any:
    client.force_login(getattr(w, username))
    return client


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize("label", LABELS)
def test_changelists_show_nothing_of_another_campaign(client, world, label, username):  # type: ignore[no-untyped-def]
    model, client = _model(label), _login(client, world, username)
    url = _url(model, "changelist")
    queries = [
        {},
        {"q": "Ash"},
        {"campaign__id__exact": world.a.campaign.pk},
        {"all": ""},
        {"o": "1"},
        {"_popup": "1", "_to_field": "id"},
    ]
    for query in queries:
        response = client.get(url, query)
        assert response.status_code in {200, 302, 403}, f"{url} {query}"
        assert _leaks(_html(response)) == [], f"{url} {query} as {username}"


def _without(text: str, *pks: Any) -> str:
    """The text with these ids taken out of paths and quotes, and CSRF tokens masked. Both
    answers compared go through it with both ids, so an id that is also an ordinary number
    ("1") is taken out of both alike."""
    text = re.sub(r"[A-Za-z0-9]{64}", "<token>", text)
    for pk in pks:
        for shape in ("/{}/", "“{}”", '"{}"', "={}&", '={}"', "%2F{}%2F", " {} ", " {})"):
            text = text.replace(shape.format(pk), shape.format("<id>"))
    return text


def _object_pages(client: Any, model: Any, pk: Any, *ids: Any) -> dict[str, tuple[Any, ...]]:
    """Each object page's answer, with the ids taken out of what it says."""
    from django.contrib.contenttypes.models import ContentType

    content_type = ContentType.objects.get_for_model(model)
    pages = [("get", "shortcut", reverse("admin:view_on_site", args=[content_type.pk, pk]))]
    for page in ("change", "delete", "history"):
        pages += [(method, page, _url(model, page, pk)) for method in ("get", "post")]
    answers = {}
    for method, page, url in pages:
        client.cookies.pop("messages", None)  # only this request's messages
        response = getattr(client, method)(url, {"post": "yes"})
        said = [_without(str(m), *ids) for m in get_messages(response.wsgi_request)]
        location = _without(response.get("Location", "").replace(url, "<url>"), *ids)
        body = _without(_html(response).replace(url, "<url>"), *ids)
        answers[f"{method} {page}"] = (response.status_code, location, said, body)
    return answers


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize("label", LABELS)
def test_another_campaigns_object_answers_like_a_missing_one(client, world, label, username):  # type: ignore[no-untyped-def]
    model, client = _model(label), _login(client, world, username)
    theirs = a_rows(world, model).first()
    assert theirs is not None, f"the world has no row of {label} in campaign A"
    before = snapshot()
    answers = _object_pages(client, model, theirs.pk, theirs.pk, NEVER)
    assert changed(before, snapshot()) == [], f"{label} of A changed through its admin pages"
    missing = _object_pages(client, model, NEVER, theirs.pk, NEVER)
    for page, answer in answers.items():
        assert answer[0] in {302, 403, 404}, f"{label} {page}: {answer[0]}"
        assert answer == missing[page], f"{label} {page}: A's object is told apart from none"
        assert _leaks(answer[3]) == [], f"{label} {page}"


def _request(w: Any, username: str) -> Any:
    request = RequestFactory().get("/admin/")
    request.user = getattr(w, username)
    return request


def _add_body(w: Any, model: Any, username: str) -> dict[str, Any] | None:
    """A body the admin's add form accepts for one of B's records (None: the user cannot add)."""
    model_admin = admin.site._registry[model]
    request = _request(w, username)
    request.GET = {"system": SYSTEM}  # type: ignore[assignment]
    if not model_admin.has_add_permission(request):
        return None
    form = model_admin.get_form(request)()
    body = {**form_data(form), "name": "Intruder", "system": SYSTEM}
    if "campaign" in form.fields:
        body["campaign"] = str(w.b.campaign.pk)
    return body


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize("label", LABELS)
def test_adding_into_another_campaign_is_refused_next_to_the_field(client, world, label, username):  # type: ignore[no-untyped-def]
    model, client = _model(label), _login(client, world, username)
    body = _add_body(world, model, username)
    url = _url(model, "add")
    if body is None:
        assert client.get(url).status_code == 403
        return
    page = client.get(url, {"system": SYSTEM})
    assert page.status_code == 200 and _leaks(_html(page)) == [], f"{label}: the add form"
    if "campaign" not in body:
        return
    before = snapshot()
    response = client.post(url, {**body, "campaign": str(world.a.campaign.pk)})
    assert changed(before, snapshot()) == [], f"{label} saved into campaign A"
    assert re.search(r"errors field-campaign", _html(response)), f"{label}: no campaign error"
    saved = client.post(url, body)  # the same body into B: it was a valid one
    assert saved.status_code == 302 and changed(before, snapshot()), f"{label}: {_html(saved)}"


def _actions(w: Any, model: Any, username: str) -> list[str]:
    model_admin = admin.site._registry[model]
    return sorted(model_admin.get_actions(_request(w, username)))


ACTION_CASES = [
    pytest.param(label, username, id=f"{label}-{username}")
    for label in LABELS
    for username in ATTACKERS
]


@pytest.mark.parametrize(("label", "username"), ACTION_CASES)
def test_actions_on_another_campaigns_ids_do_nothing(client, world, label, username):  # type: ignore[no-untyped-def]
    model, client = _model(label), _login(client, world, username)
    ids = [str(pk) for pk in a_rows(world, model).values_list("pk", flat=True)]
    for action in _actions(world, model, username):
        before = snapshot()
        response = client.post(
            _url(model, "changelist"), {"action": action, "_selected_action": ids, "post": "yes"}
        )
        assert response.status_code in {200, 302, 403}, f"{label} {action}"
        assert changed(before, snapshot()) == [], f"{label} {action} on A's ids wrote"
        assert _leaks(_html(response)) == [], f"{label} {action} answered with A's data"


@pytest.mark.parametrize(("label", "username"), ACTION_CASES)
def test_actions_on_the_library_write_only_into_the_gms_campaign(client, world, label, username):  # type: ignore[no-untyped-def]
    """Duplicate a library record: the copy may only land in B (or be refused)."""
    model, client = _model(label), _login(client, world, username)
    if not any(f.name == "campaign" for f in model._meta.get_fields()):
        return
    library = model._default_manager.filter(campaign__isnull=True)
    ids = [str(pk) for pk in library.values_list("pk", flat=True)]
    for action in _actions(world, model, username):
        if action == "delete_selected":
            continue  # a library record is not theirs to delete: the sweep above covers it
        seen = set(model._default_manager.values_list("pk", "campaign_id"))
        client.post(_url(model, "changelist"), {"action": action, "_selected_action": ids})
        now = set(model._default_manager.values_list("pk", "campaign_id"))
        strays = {row for row in now - seen if row[1] != world.b.campaign.pk}
        assert strays == set(), f"{label} {action} wrote outside B: {strays}"
        assert library.count() == len(ids), f"{label} {action} changed the library"


def _records_file(kind: str, campaign: Any) -> SimpleUploadedFile:
    row = {"system": SYSTEM, "name": "Smuggled", "stats": {}, "notes": "", "campaign": campaign}
    body = {"format": "iniciativa-records", "version": 1, "kind": kind, "records": [row]}
    return SimpleUploadedFile("records.json", json.dumps(body).encode(), "application/json")


def _import_errors(response: Any, *ids: Any) -> str:
    errors = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', _html(response), re.S)
    return _without(" ".join(errors), *ids)


IMPORTS = [m._meta.label for m in MODELS if hasattr(admin.site._registry[m], "import_view")]


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize("label", IMPORTS)
def test_import_never_writes_outside_the_importers_campaigns(client, world, label, username):  # type: ignore[no-untyped-def]
    model, client = _model(label), _login(client, world, username)
    try:
        url = _url(model, "import")
    except NoReverseMatch:
        pytest.fail(f"{label}'s admin has an import view but no import URL")
    kind = model._meta.model_name
    answers = {}
    for campaign in (world.a.campaign.pk, None, NEVER, str(world.a.campaign.pk)):
        before = snapshot()
        response = client.post(url, {"file": _records_file(kind, campaign)})
        assert response.status_code in {200, 403}, f"{label} import of {campaign!r}"
        assert changed(before, snapshot()) == [], f"{label}: imported into {campaign!r}"
        answers[campaign] = _import_errors(response, world.a.campaign.pk, NEVER)
    assert answers[world.a.campaign.pk] == answers[NEVER], "A's id is told apart from a missing one"
    page = client.get(url)
    assert _leaks(_html(page)) == [], f"{label}: the import form offers A"
    before = snapshot()  # the same file into B is imported: the refusals above meant something
    client.post(url, {"file": _records_file(kind, world.b.campaign.pk)})
    assert changed(before, snapshot()), f"{label}: a valid file for B was not imported"


def _autocomplete_fields() -> list[Any]:
    fields = []
    for model, model_admin in admin.site._registry.items():
        inlines = [inline(model, admin.site) for inline in model_admin.inlines]
        for owner in (model_admin, *inlines):
            for name in owner.autocomplete_fields:
                fields.append(pytest.param(model, name, id=f"{model._meta.label}.{name}"))
    return fields


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize(("model", "field"), _autocomplete_fields())
def test_autocomplete_lists_nothing_of_another_campaign(client, world, model, field, username):  # type: ignore[no-untyped-def]
    client = _login(client, world, username)
    for term in ("", "Ash", "p", "gm"):
        query = {
            "app_label": model._meta.app_label,
            "model_name": model._meta.model_name,
            "field_name": field,
            "term": term,
        }
        response = client.get(reverse("admin:autocomplete"), query)
        assert response.status_code in {200, 403}, f"{model} {field} {term!r}"
        if response.status_code == 200:
            texts = [r["text"] for r in response.json()["results"]]
            assert not [t for t in texts if t in A_ONLY_USERS or t in A_SECRETS], texts


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize("page", ["changelist", "add"])
@pytest.mark.parametrize("label", ["auth.User", "auth.Group"])
def test_a_game_master_never_reaches_the_accounts(client, world, label, page, username):  # type: ignore[no-untyped-def]
    from django.apps import apps

    model = apps.get_model(label)
    if model not in admin.site._registry:
        return
    client = _login(client, world, username)
    assert client.get(_url(model, page)).status_code == 403
    before = snapshot()
    client.post(
        _url(model, page),
        {
            "username": "mallory",
            "name": "Mallory",
            "password1": "x-Very-long-9",
            "password2": "x-Very-long-9",
        },
    )
    assert changed(before, snapshot()) == []


def _change_body(w: Any, model: Any, username: str, record: Any) -> dict[str, Any]:
    model_admin = admin.site._registry[model]
    request = _request(w, username)
    form = model_admin.get_form(request, record)(instance=record)
    return {**form_data(form), "name": record.name + " renamed"}


CHANGES = [m._meta.label for m in MODELS if any(f.name == "campaign" for f in m._meta.fields)]


@pytest.mark.parametrize("username", ATTACKERS)
@pytest.mark.parametrize("label", CHANGES)
def test_ones_own_record_cannot_be_moved_or_copied_into_another_campaign(
    client, world, label, username
):  # type: ignore[no-untyped-def]
    model, client = _model(label), _login(client, world, username)
    mine = model._default_manager.filter(campaign=world.b.campaign).first()
    assert mine is not None, f"the world has no row of {label} in campaign B"
    if not admin.site._registry[model].has_change_permission(_request(world, username), mine):
        return  # the model is not the GM's to change at all (the sweep above checks the refusal)
    url, body = _url(model, "change", mine.pk), _change_body(world, model, username, mine)
    attempts = [
        {"campaign": str(world.a.campaign.pk)},
        {"campaign": str(world.a.campaign.pk), "_saveasnew": "1"},
    ]
    if "owner" in body:
        attempts.append({"owner": str(world.p1.pk)})  # a player of A only
    for attempt in attempts:
        before = snapshot()
        response = client.post(url, {**body, **attempt})
        assert response.status_code == 200, f"{label} {attempt}: {response.status_code}"
        assert changed(before, snapshot()) == [], f"{label} saved with {attempt}"
    before = snapshot()  # the body itself is a valid one
    assert client.post(url, body).status_code == 302 and changed(before, snapshot())
