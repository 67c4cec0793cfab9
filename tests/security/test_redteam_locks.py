"""Red team (issue K, "every check that guards a write runs inside the write's lock").

The character edit page checks that the user owns the character on the row it read at the
start of the request, then `form.save()` writes every column of that row as it was read. A GM
who hands the character to another player (or edits its GM-only fields) while the player's
save is on its way is silently undone by it: the stale owner is written back. The test puts
the GM's write exactly between the player's check and the player's write, as a concurrent
request would.
"""

from django.urls import reverse

from campaigns.models import Character, Membership
from campaigns.views import records


def test_a_players_save_does_not_undo_the_gms_change_of_owner(
    client, roles, make_user, monkeypatch
):
    character, player = roles["character"], roles["player"]
    other = make_user("other")
    Membership.objects.create(campaign=roles["campaign"], user=other)
    original = records.character_form_class

    def gm_acts_meanwhile(*args, **kwargs):  # after the ownership check, before the save
        Character.objects.filter(pk=character.pk).update(owner=other, notes="Now Other's.")
        return original(*args, **kwargs)

    monkeypatch.setattr(records, "character_form_class", gm_acts_meanwhile)
    client.force_login(player)
    url = reverse("campaigns:character_edit", args=[roles["campaign"].pk, character.pk])
    client.post(url, {"name": "Baldur the Bold"})
    character.refresh_from_db()
    assert (character.owner_id, character.notes) == (other.pk, "Now Other's.")
