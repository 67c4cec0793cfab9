"""Usernames are one name however they are spelt (issue K, finding 6).

Django logs a user in by the NFKC form of the name typed ("ｇｍ" is "gm"), so everything that
counts or compares usernames must use the same form, case-folded: the login throttle's counter
and the signup's "already taken" check.
"""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse


def _login(username: str, password: str, address: str = "198.51.100.1"):  # type: ignore[no-untyped-def]
    client = Client(REMOTE_ADDR=address)
    return client.post(reverse("login"), {"username": username, "password": password}), client


@pytest.mark.parametrize("variant", ["ｇｍ", "ＧＭ", "GM", "Gm", " gm ", "ｇm"])
def test_a_locked_username_stays_locked_in_every_spelling(make_user, settings, variant):  # type: ignore[no-untyped-def]
    make_user("gm")
    for attempt in range(settings.LOGIN_FAILURES_PER_USERNAME):
        response, _client = _login("gm", "wrong", address=f"198.51.100.{attempt + 10}")
        assert response.status_code == 200  # the form's own "wrong password"
    assert _login("gm", "pw-gm", address="203.0.113.9")[0].status_code == 429
    # Another spelling of the same name, from yet another address, with the right password.
    response, client = _login(variant, "pw-gm", address="203.0.113.10")
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_in_different_spellings_add_up_to_one_lock(make_user, settings):  # type: ignore[no-untyped-def]
    make_user("gm")
    spellings = ["gm", "ｇｍ", "GM", "ＧＭ", "Gｍ", "gM"]
    for attempt in range(settings.LOGIN_FAILURES_PER_USERNAME):
        name = spellings[attempt % len(spellings)]
        assert _login(name, "wrong", address=f"198.51.100.{attempt}")[0].status_code == 200
    assert _login("gm", "pw-gm", address="203.0.113.11")[0].status_code == 429


def test_a_successful_login_in_another_spelling_clears_the_count(make_user, settings):  # type: ignore[no-untyped-def]
    make_user("gm")
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME - 1):
        assert _login("GM", "wrong")[0].status_code == 200
    assert _login("ｇｍ", "pw-gm")[0].status_code == 302  # Django logs "ｇｍ" in as gm
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        assert _login("gm", "wrong")[0].status_code == 200


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        ("gm", "GM"),
        ("gm", "ｇｍ"),
        ("gm", "ＧＭ"),
        ("žofie", "Žofie"),  # not ASCII: SQLite's LIKE folds only ASCII letters
        ("straße", "STRASSE"),  # case folding, not lowercasing: ß is ss
        ("σοφια", "ΣΟΦΙΑ"),
        ("ﬁona", "FIONA"),  # a ligature stored before the form normalised names
    ],
)
def test_signup_refuses_a_name_that_is_another_spelling_of_an_existing_one(db, existing, new):  # type: ignore[no-untyped-def]
    users = get_user_model()
    # Stored as given: a campaign file's import makes accounts this way, without normalising.
    users.objects.create(username=existing, password="x")
    client = Client()
    data = {"username": new, "password1": "Dlouhe-heslo-42", "password2": "Dlouhe-heslo-42"}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert users.objects.count() == 1
    assert "_auth_user_id" not in client.session


def test_signup_still_accepts_a_new_name(db):  # type: ignore[no-untyped-def]
    get_user_model().objects.create_user(username="gm", password="x")
    data = {"username": "gma", "password1": "Dlouhe-heslo-42", "password2": "Dlouhe-heslo-42"}
    assert Client().post(reverse("signup"), data).status_code == 302
    assert get_user_model().objects.filter(username="gma").exists()


@pytest.mark.parametrize(
    ("one", "other"),
    [("gm", "ＧＭ"), ("Straße", "strasse"), (" gm\u3000", "gm"), ("ǅ", "dž"), ("Ω", "ω")],
)
def test_one_key_for_every_spelling_of_a_name(one, other):  # type: ignore[no-untyped-def]
    from config.usernames import username_key

    assert username_key(one) == username_key(other)
    assert username_key(username_key(one)) == username_key(one)


def test_a_megabyte_username_is_not_normalised_by_the_throttle(db, monkeypatch):  # type: ignore[no-untyped-def]
    """NFKC of 800,000 "ﷺ" takes seconds (each is 18 letters); no account can have that name,
    and Django's own field leaves it as it is, so the throttle counts it unnormalised."""
    import unicodedata

    import config.usernames

    lengths: list[int] = []
    normalize = unicodedata.normalize

    def spy(form: str, text: str) -> str:
        lengths.append(len(text))
        return normalize(form, text)

    monkeypatch.setattr(config.usernames.unicodedata, "normalize", spy)
    response, _client = _login("\ufdfa" * 800_000, "x")
    assert response.status_code == 200  # the form's own error, and counted
    assert max(lengths, default=0) <= 150


@pytest.mark.parametrize("spelling", ["GM", "ｇｍ", "Gm"])
def test_a_campaign_file_cannot_bring_in_another_spelling_of_an_existing_name(db, spelling):  # type: ignore[no-untyped-def]
    from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
    from campaigns.models import Campaign, Membership, Role

    users = get_user_model()
    gm = users.objects.create_user(username="gm", password="x")
    campaign = Campaign.objects.create(name="Soubor", system="ose")
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    data = export_campaign(campaign)
    data["members"][0]["username"] = spelling
    with pytest.raises(CampaignFormatError, match="another spelling of an existing account"):
        import_campaign(data)
    assert list(users.objects.values_list("username", flat=True)) == ["gm"]
    data["members"][0]["username"] = "gm"  # the exact name links the existing account
    assert import_campaign(data).memberships.get().user == gm
