"""A full-page form that comes back with errors starts with a summary whose lines link to their
fields (issue M); the page's script puts the cursor on it."""

import re

from django.urls import reverse


def _summary(html: str) -> str:
    found = re.search(r'<div class="alert alert-danger error-summary".*?</div>', html, re.S)
    assert found, "no error summary"
    return found[0]


def test_sign_up_with_two_different_passwords(client, db):
    data = {"username": "nova", "password1": "Správné-heslo-42", "password2": "Jiné-heslo-42"}
    summary = _summary(client.post(reverse("signup"), data).content.decode())
    assert 'href="#id_password2"' in summary


def test_a_campaign_without_a_name(client, roles):
    client.force_login(roles["gm"])
    html = client.post(reverse("campaigns:create"), {"name": "", "system": "ose"}).content.decode()
    assert 'href="#id_name"' in _summary(html)


def test_a_changed_password_that_does_not_match(client, roles):
    client.force_login(roles["player"])
    data = {"old_password": "wrong", "new_password1": "a", "new_password2": "b"}
    summary = _summary(client.post(reverse("password_change"), data).content.decode())
    assert 'href="#id_old_password"' in summary


def test_a_page_without_errors_has_no_summary(client, roles):
    client.force_login(roles["gm"])
    assert "error-summary" not in client.get(reverse("campaigns:create")).content.decode()
