"""Pages travel gzipped to a browser that accepts it (issue M: light on a phone), and read the
same once unpacked; an unchanged poll stays an empty 204."""

import gzip

from django.urls import reverse

from combat import workflows

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_page_is_gzipped_for_a_browser_that_accepts_it(client, roles):
    client.force_login(roles["player"])
    url = reverse("combat:encounter", args=[roles["campaign"].pk, roles["encounter"].pk])
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    unpacked = gzip.decompress(packed.content).decode()
    assert "Přepadení" in unpacked and unpacked.count("<html") == 1
    assert len(packed.content) < len(plain.content) / 2


def test_an_unchanged_poll_stays_an_empty_204(client, roles):
    workflows.roll_initiative(roles["encounter"].pk, roles["gm"], "gz-init")
    client.force_login(roles["player"])
    url = reverse("combat:encounter", args=[roles["campaign"].pk, roles["encounter"].pk])
    version = roles["encounter"].__class__.objects.get(pk=roles["encounter"].pk).version
    response = client.get(url, {"version": version}, HTTP_ACCEPT_ENCODING="gzip", **HTMX)
    assert response.status_code == 204 and response.content == b""
    assert "Content-Encoding" not in response
