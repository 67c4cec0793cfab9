"""A rewound log is noticed: by `verify_log` (the head is signed with a key the database does not
hold) and by every browser at the table (each remembers the newest entry it saw, and a poll that
finds it gone says so).

Issue K, "a log that can be rewound is not tamper-evident". The tamperer has database access but
not the signing key: he switches the triggers off, cuts the tail and rewinds the head
(tests/security/tampering.py).
"""

import json
import re

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from campaigns.exchange import export_campaign, import_campaign
from combat import workflows
from combat.eventlog import verify_chain
from combat.models import Encounter, Event

from .tampering import cut_tail, forge_tail

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def fight(roles):
    """A fight of the `roles` campaign with a few entries: Baldur and a goblin, HP adjusted."""
    gm = roles["gm"]
    encounter = workflows.create_encounter(roles["campaign"], "Boj", gm)
    workflows.add_combatants(encounter.pk, gm, "t-1", record=roles["character"], side="party")
    workflows.add_combatants(encounter.pk, gm, "t-2", record=roles["monster"])
    goblin = encounter.combatants.get(name="Skřet").key
    for number in range(3):
        workflows.adjust(encounter.pk, gm, f"t-adj{number}", goblin, hp=5 - number)
    return {**roles, "encounter": Encounter.objects.get(pk=encounter.pk), "goblin": goblin}


def _url(encounter):
    return reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])


def _seen(client, encounter):
    """What the page tells this browser to remember: its newest entry, as `seq.token`."""
    html = client.get(_url(encounter)).content.decode()
    return re.search(r'data-seen="([^"]*)"', html).group(1)


def _poll(client, encounter, seen, version=None):
    """A poll as app.js sends it: the version the page shows (default: the current one) and
    the remembered entry (None: a browser that remembers nothing)."""
    encounter.refresh_from_db()
    query = {"version": encounter.version if version is None else version}
    return client.get(_url(encounter), query if seen is None else {**query, "seen": seen}, **HTMX)


def _verify(encounter):
    try:
        call_command("verify_log", str(encounter.pk))
    except CommandError:
        return verify_chain(Encounter.objects.get(pk=encounter.pk))
    return []


def test_verify_log_says_intact_on_an_untouched_log_and_after_undo(fight, capsys):
    encounter = fight["encounter"]
    assert _verify(encounter) == []
    workflows.undo(encounter.pk, fight["gm"], "t-undo")
    workflows.redo(encounter.pk, fight["gm"], "t-redo")
    assert _verify(encounter) == []
    assert "intact" in capsys.readouterr().out


def test_verify_log_notices_a_cut_tail_and_a_rewound_head(fight):
    encounter = fight["encounter"]
    cut_tail(encounter.pk, keep=3)
    with pytest.raises(CommandError):
        call_command("verify_log", str(encounter.pk))
    problems = verify_chain(Encounter.objects.get(pk=encounter.pk))
    assert len(problems) == 1 and "tail was cut or the head rewound" in problems[0]


def test_verify_log_notices_a_rewritten_tail_whose_chain_was_recomputed(fight):
    """Beyond the issue: the chain's hashes need no key, so a rewritten tail with every hash
    recomputed (same length) passed verify_log before the head was signed."""
    encounter = fight["encounter"]
    forge_tail(encounter.pk, keep=3)
    problems = verify_chain(Encounter.objects.get(pk=encounter.pk))
    assert len(problems) == 1 and "tail was cut or the head rewound" in problems[0]


def test_the_limit_an_earlier_signed_head_put_back_is_caught_by_the_browsers(client, fight):
    """Someone who kept an earlier head with its signature (an old backup is one) can put the
    log back to it, and verify_log cannot tell; a browser that saw more says so."""
    encounter = fight["encounter"]
    old = Encounter.objects.values("log_head", "log_length", "log_seal").get(pk=encounter.pk)
    client.force_login(fight["player"])
    workflows.adjust(encounter.pk, fight["gm"], "t-later", fight["goblin"], hp=1)
    seen = _seen(client, encounter)  # entry #7
    cut_tail(encounter.pk, keep=old["log_length"])
    Encounter.objects.filter(pk=encounter.pk).update(**old)
    assert verify_chain(Encounter.objects.get(pk=encounter.pk)) == []  # the documented limit
    assert "#7" in _poll(client, encounter, seen).content.decode()


def test_a_poll_remembering_an_entry_still_in_the_log_is_unchanged(client, fight):
    client.force_login(fight["player"])
    encounter = fight["encounter"]
    seen, shown = _seen(client, encounter), encounter.version
    assert _poll(client, encounter, seen).status_code == 204
    workflows.undo(encounter.pk, fight["gm"], "t-undo")  # undo appends: what was seen stays
    response = _poll(client, encounter, seen, version=shown)
    assert response.status_code == 200 and 'id="board"' in response.content.decode()
    assert "rewritten" not in response.content.decode()


def test_a_poll_remembering_an_entry_that_is_gone_warns_that_player(client, fight):
    client.force_login(fight["player"])
    encounter = fight["encounter"]
    seen = _seen(client, encounter)  # entry #6
    cut_tail(encounter.pk, keep=3)
    response = _poll(client, encounter, seen)
    body = response.content.decode()
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    assert 'id="log-warning"' in body and "rewritten" in body and "#6" in body
    # The log grows back past #6 with other entries: #6 is there again, but not the one seen.
    for number in range(4):
        workflows.adjust(encounter.pk, fight["gm"], f"t-again{number}", fight["goblin"], hp=9)
    assert "rewritten" in _poll(client, encounter, seen).content.decode()


def test_a_new_browser_and_a_garbled_memory_get_no_warning_and_no_error(client, fight):
    client.force_login(fight["player"])
    encounter = fight["encounter"]
    seq, token = _seen(client, encounter).split(".")
    garbled = ["", "x", "6", ".", f"{seq}.", f".{token}", f"{seq}.{token}0", f"{seq}.{token[:-1]}"]
    garbled += [f"-1.{token}", f"{seq}.{token.upper()}", "9" * 40 + f".{token}", f"0.{token}"]
    garbled += [f"²{seq}.{token}", f"{seq}.{token}\n", f" {seq}.{token}"]
    assert _poll(client, encounter, None).status_code == 204
    for value in garbled:
        assert _poll(client, encounter, value).status_code == 204, value
    nul = _poll(client, encounter, f"{seq}\x00.{token}")  # refused before any view runs
    assert nul.status_code in (204, 400) and b"rewritten" not in nul.content


def test_a_forged_or_future_entry_warns_only_the_one_who_sent_it(client, fight):
    client.force_login(fight["player"])
    encounter = fight["encounter"]
    seq, token = _seen(client, encounter).split(".")
    for value in (f"{seq}.{'0' * len(token)}", f"{int(seq) + 50}.{token}", f"1.{token}"):
        assert "rewritten" in _poll(client, encounter, value).content.decode(), value
    assert _poll(client, encounter, f"{seq}.{token}").status_code == 204
    gm = Client()
    gm.force_login(fight["gm"])
    assert _poll(gm, encounter, _seen(gm, encounter)).status_code == 204  # nothing was stored


def test_a_player_remembers_the_newest_entry_he_may_see_not_a_hidden_one(client, fight):
    gm, encounter = fight["gm"], fight["encounter"]
    workflows.add_combatants(encounter.pk, gm, "t-hidden", record=fight["monster"], hidden=True)
    client.force_login(fight["player"])
    player_seq = _seen(client, encounter).split(".")[0]
    client.force_login(gm)
    gm_seq = _seen(client, encounter).split(".")[0]
    assert (int(player_seq), int(gm_seq)) == (6, 7)


def test_a_rotated_secret_key_needs_sign_logs_and_the_old_key_as_a_fallback(fight, settings):
    encounter = fight["encounter"]
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "a new key that is long enough for the tests " * 2
    assert "signing key" in _verify(encounter)[0]
    settings.SECRET_KEY_FALLBACKS = [old]
    assert _verify(encounter) == []
    call_command("sign_logs", str(encounter.pk))
    settings.SECRET_KEY_FALLBACKS = []
    assert _verify(encounter) == []


def test_sign_logs_refuses_a_rewound_log_unless_told_to_accept_its_head(fight):
    encounter = fight["encounter"]
    cut_tail(encounter.pk, keep=3)
    with pytest.raises(CommandError):
        call_command("sign_logs", str(encounter.pk))
    assert _verify(encounter) != []
    call_command("sign_logs", str(encounter.pk), "--accept-head")
    assert _verify(encounter) == []


def test_log_signing_key_keeps_the_signatures_when_secret_key_changes(fight, settings):
    encounter = fight["encounter"]
    settings.LOG_SIGNING_KEY = "a log key of its own, kept apart from the secret key"
    assert "signing key" in _verify(encounter)[0]  # sealed with SECRET_KEY until re-signed
    settings.LOG_SIGNING_KEY_FALLBACKS = [settings.SECRET_KEY]
    call_command("sign_logs", str(encounter.pk))
    settings.LOG_SIGNING_KEY_FALLBACKS = []
    settings.SECRET_KEY = "a new key that is long enough for the tests " * 2
    assert _verify(encounter) == []


def test_an_imported_campaign_log_is_signed_by_this_server(fight):
    document = json.loads(json.dumps(export_campaign(fight["campaign"])))
    campaign = import_campaign(document)
    imported = campaign.encounters.get(name="Boj")
    assert imported.log_length == Event.objects.filter(encounter=imported).count() == 6
    assert _verify(imported) == []
