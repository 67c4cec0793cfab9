"""A NUL hidden in an imported JSON file is a clear format error naming its place, never a
database error (PostgreSQL refuses NUL in text) and never a half-made import."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
from campaigns.models import Campaign, Monster
from campaigns.staff import make_game_master_staff


def test_a_records_file_with_a_nul_in_a_name_is_refused_with_its_place(client, roles):
    make_game_master_staff(roles["gm"])
    client.force_login(roles["gm"])
    row = {
        "system": "draci_hlidka",
        "name": "Sk\x00řet",
        "stats": {},
        "notes": "",
        "campaign": roles["campaign"].pk,
    }
    body = {"format": "iniciativa-records", "version": 1, "kind": "monster", "records": [row]}
    upload = SimpleUploadedFile("r.json", json.dumps(body).encode(), "application/json")
    response = client.post(reverse("admin:campaigns_monster_import"), {"file": upload})
    assert response.status_code == 200
    assert "records[0].name: the text contains a zero byte (NUL)." in response.content.decode()
    assert (
        not Monster.objects.filter(name__startswith="Sk").exclude(pk=roles["monster"].pk).exists()
    )


@pytest.mark.parametrize("where", ["campaign.description", "members key"])
def test_a_campaign_file_with_a_nul_is_refused_before_anything_is_written(roles, where):
    data = json.loads(json.dumps(export_campaign(roles["campaign"])))
    if where == "campaign.description":
        data["campaign"]["description"] = "a\x00b"
        expected = "campaign.description: the text contains a zero byte (NUL)"
    else:
        data["campaign"]["na\x00me"] = "x"
        expected = "campaign: the text contains a zero byte (NUL)"
    campaigns = Campaign.objects.count()
    with pytest.raises(CampaignFormatError) as error:
        import_campaign(data)
    assert expected in str(error.value)
    assert Campaign.objects.count() == campaigns
