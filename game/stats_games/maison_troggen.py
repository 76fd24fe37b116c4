"""Maison Troggen's statistics: card points per deal (counted by threes, the skart for the
dealer), deals the player scored the most alone, †1 and †21 taken in tricks, tricks."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats
from game.stats_games.tarot_common import deal_tops, tricks_of


class MaisonTroggenStats(GameStats):
    counters = ("tricks", "top_trumps", "deals_top")
    details = (
        ("maison_troggen.stats.deals", "rounds"),
        ("maison_troggen.stats.points_per_deal", "points_per_round"),
        ("maison_troggen.stats.deals_top", "deals_top"),
        ("maison_troggen.stats.top_trumps", "top_trumps"),
        ("maison_troggen.stats.tricks_per_deal", "tricks_per_round"),
    )
    points_label = "maison_troggen.stats.points_per_deal"
    chart_heading = "maison_troggen.stats.chart"
    chart_top = 76  # every card of the deck

    def count(self, event: dict[str, Any], add: Add) -> None:
        tricks_of(event, add)

    def round_end(self, summary: dict[str, Any], seats: int, add: Add):
        side_of, ends = super().round_end(summary, seats, add)
        for seat, e in enumerate(ends):
            e["deals_top"] = deal_tops(summary["points"], seat)
        return side_of, ends
