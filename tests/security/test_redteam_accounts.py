"""Red team (issue K): names that read as another member's name.

`config/usernames.py` folds width and case (NFKC, casefold), so "ＧＭ" cannot sign up next to
"gm". It does not remove characters that show nothing: Django's username validator takes any
letter (`\\w`), and the Hangul fillers (U+3164, U+115F, U+1160) are letters that render as a
blank. "gm" followed by one reads "gm" in the member list, the log's "who" column and the
journal.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

FILLERS = ["\u3164", "\u115f", "\u1160", "\uffa0"]


@pytest.mark.parametrize("filler", FILLERS)
def test_a_name_that_only_adds_an_invisible_letter_is_taken(client, make_user, filler):
    make_user("gm")
    name = "gm" + filler
    response = client.post(
        reverse("signup"),
        {
            "username": name,
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        },
    )
    names = list(get_user_model().objects.values_list("username", flat=True))
    assert names == ["gm"], f"{names!r}: a second 'gm' was created (status {response.status_code})"
