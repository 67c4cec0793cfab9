"""Issue Q's done-when for the dice audit: on a fixture campaign the page's chi-square and
p-value agree with a hand-checked value, and a planted biased die — the server's own roller
given a scripted face source — is flagged at p < 0.001."""

import math

from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign, Post, Thread
from combat.rules.faces import TypedFaces


def _p_value_by_hand(chi_square: float, df: int, steps: int = 200_000) -> float:
    """The chi-square distribution's upper tail by Simpson's rule over its density — worked
    out here without the product's code (its incomplete gamma function)."""
    k = df / 2
    norm = 1 / (2**k * math.gamma(k))

    def density(x: float) -> float:
        return norm * x ** (k - 1) * math.exp(-x / 2) if x > 0 else 0.0

    width = chi_square / steps
    total = density(0) + density(chi_square)
    total += sum((4 if i % 2 else 2) * density(i * width) for i in range(1, steps))
    return 1 - total * width / 3


def _post_rolls(campaign: Campaign, gm, faces: list[int], tag: str = "10d6") -> None:  # type: ignore[no-untyped-def]
    """The faces rolled by the server's own journal roller, ten at a time, from a script."""
    thread = Thread.open(campaign, gm, "Dice", "Warm-up", key="scene")
    for n in range(0, len(faces), 10):
        Post.write(
            thread, gm, f"[dice]{tag}[/dice]", key=f"p{n}", faces=TypedFaces(faces[n : n + 10])
        )


def _die_section(html: str, sides: int) -> str:
    server = html.split('data-origin="server"')[1].split("</section>")[0]
    return server.split(f'data-sides="{sides}"')[1].split("</details>")[0]


def test_the_pages_chi_square_is_the_hand_checked_one(fight):
    campaign = Campaign.objects.get(pk=fight["encounter"].campaign_id)
    counts = {1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 20}  # 70 faces of a d6
    faces = [face for face, n in counts.items() for _ in range(n)]
    _post_rolls(campaign, fight["gm"], faces)
    expected = 70 / 6
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert round(chi_square, 2) == 7.14  # 5 × (10 − 11.667)² / 11.667 + (20 − 11.667)² / 11.667
    p = _p_value_by_hand(chi_square, df=5)
    assert round(p, 3) == 0.210
    client = Client()
    client.force_login(fight["gm"])
    html = client.get(reverse("combat:dice_audit", args=[campaign.pk]), HTTP_ACCEPT_LANGUAGE="en")
    d6 = _die_section(html.content.decode(), 6)
    assert "χ² 7.14 · p = 0.210" in d6 and "Unusual" not in d6


def test_a_planted_biased_die_is_flagged_below_one_in_a_thousand(fight):
    campaign = Campaign.objects.get(pk=fight["encounter"].campaign_id)
    faces = [6 if n % 3 else n % 6 + 1 for n in range(300)]  # two faces in three a six
    _post_rolls(campaign, fight["gm"], faces)
    client = Client()
    client.force_login(fight["gm"])
    html = client.get(reverse("combat:dice_audit", args=[campaign.pk]), HTTP_ACCEPT_LANGUAGE="en")
    d6 = _die_section(html.content.decode(), 6)
    assert "Unusual" in d6 and "p = 0.000" in d6  # below 0.001, as three decimals show it
