"""Counting helpers shared by the tarot family's statistics plug-ins (no game named here)."""
from __future__ import annotations

from typing import Any

from game.stats import Add

TOP_TRUMPS = ("T01", "T21")


def tricks_of(event: dict[str, Any], add: Add) -> None:
    """Tricks won, and †1 and †21 taken in them (the trick's winner keeps both)."""
    if event.get("type") == "trick_end":
        add(event["winner"], "tricks", 1)
        add(event["winner"], "top_trumps", sum(1 for c in event.get("cards", []) if c in TOP_TRUMPS))


def deal_tops(points: list[int], seat: int) -> int:
    """1 when the seat alone scored the most points of the deal."""
    best = max(points)
    return int(points[seat] == best and points.count(best) == 1)
