"""A focus ring anyone can see (issue M: "faint focus rings (~1.4–1.8:1) and checkbox borders
(1.3:1)"): every stop the Tab key reaches on the GM's encounter page, a record form and the
dark table display has a solid outline of at least 2 px at 3:1 or more against what lies
behind it; tick boxes' borders are at 3:1 or more too."""

import pytest

from campaigns.models import Campaign
from combat.demo import PREPARED

from .test_encounter_live import demo_encounter, log_in

# The focused element's outline and the first opaque background behind it, as "r,g,b" triples.
RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;  // past the last stop: the browser's own UI
  const style = getComputedStyle(el);
  const rgb = (c) => (c.match(/[0-9.]+/g) || []).map(Number);
  let node = el, behind = [255, 255, 255];
  while (node) {
    const bg = rgb(getComputedStyle(node).backgroundColor);
    if (bg.length === 3 || (bg.length === 4 && bg[3] > 0.9)) { behind = bg.slice(0, 3); break; }
    node = node.parentElement;
  }
  const parent = el.parentElement;
  let outside = [255, 255, 255]; node = parent;
  while (node) {
    const bg = rgb(getComputedStyle(node).backgroundColor);
    if (bg.length === 3 || (bg.length === 4 && bg[3] > 0.9)) { outside = bg.slice(0, 3); break; }
    node = node.parentElement;
  }
  return {name: el.tagName + (el.id ? '#' + el.id : '') + ' ' + (el.className || ''),
          style: style.outlineStyle, width: parseFloat(style.outlineWidth),
          ring: rgb(style.outlineColor).slice(0, 3), behind: outside};
}"""
BORDERS = """() => [...document.querySelectorAll('.form-check-input')].slice(0, 5).map(
  (el) => (getComputedStyle(el).borderTopColor.match(/[0-9.]+/g) || []).map(Number).slice(0, 3))"""


def _luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _faint_stops(page, stops: int) -> list[str]:  # type: ignore[no-untyped-def]
    page.locator("body").click(position={"x": 1, "y": 1})
    faint, seen = [], 0
    for _ in range(stops):
        page.keyboard.press("Tab")
        ring = page.evaluate(RING)
        if ring is None:
            continue
        seen += 1
        ratio = contrast(ring["ring"], ring["behind"])
        if ring["style"] in ("none", "") or ring["width"] < 2 or ratio < 3:
            faint.append(f"{ring['name']}: {ring['style']} {ring['width']}px {ratio:.2f}:1")
    assert seen >= 3  # the page has stops to measure
    return faint


@pytest.mark.parametrize("dark", [False, True], ids=["page", "dark table display"])
def test_every_tab_stop_shows_a_ring_at_three_to_one(
    new_context, transactional_db, django_user_model, dark
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    campaign = Campaign.objects.get(pk=encounter.campaign_id)
    gm = log_in(new_context(), "gm")
    faint = {}
    paths = (
        [f"{url}table/?theme=dark"] if dark else [url, f"/campaigns/{campaign.pk}/bestiary/new/"]
    )
    for path in paths:
        gm.goto(path)
        faint[path] = _faint_stops(gm, 25)
        if not dark:
            borders = gm.evaluate(BORDERS)
            weak = [color for color in borders if contrast(color, [255, 255, 255]) < 3]
            assert borders and weak == [], path
    assert {path: found for path, found in faint.items() if found} == {}
