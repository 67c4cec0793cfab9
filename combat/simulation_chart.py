"""The histogram of a simulation's rounds as numbers for a small server-side SVG (no chart
library, no script: the Content-Security-Policy allows neither inline code nor a CDN)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

WIDTH, HEIGHT = 320, 120  # the drawing's user units; CSS scales it to the card's width
TOP, BOTTOM, LEFT = 6, 18, 4  # room for the tallest bar's head and the round labels
MAX_LABELS = 10  # round numbers under the bars, at most


@dataclass(frozen=True)
class Bar:
    round: int
    count: int
    percent: float  # of the decided fights
    x: float
    y: float
    width: float
    height: float
    center: float  # where its round number is written
    label: bool  # its round number is written under it


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    baseline: float
    bars: tuple[Bar, ...]


def histogram(rounds: Mapping[int, int]) -> Chart | None:
    """One bar per round from the first to the last a fight ended in (empty rounds too, so the
    x axis is true); None when no fight was decided."""
    if not rounds or not sum(rounds.values()):
        return None
    first, last = min(rounds), max(rounds)
    total, tallest = sum(rounds.values()), max(rounds.values())
    slots = last - first + 1
    slot = (WIDTH - 2 * LEFT) / slots
    room = HEIGHT - TOP - BOTTOM
    every = -(-slots // MAX_LABELS)  # label every n-th round (ceiling division)
    bars = []
    for index in range(slots):
        number = first + index
        count = rounds.get(number, 0)
        height = room * count / tallest
        bars.append(
            Bar(
                round=number,
                count=count,
                percent=100 * count / total,
                x=round(LEFT + index * slot + slot * 0.1, 2),
                y=round(TOP + room - height, 2),
                width=round(slot * 0.8, 2),
                height=round(height, 2),
                center=round(LEFT + (index + 0.5) * slot, 2),
                label=index % every == 0,
            )
        )
    return Chart(WIDTH, HEIGHT, TOP + room, tuple(bars))
