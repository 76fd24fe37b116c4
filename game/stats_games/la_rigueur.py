"""La Rigueur's statistics: points per deal (card values plus cards won minus 12), cards won
per deal, deals the player scored the most alone, †1 and †21 taken, tricks."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats
from game.stats_games.tarot_common import deal_tops, tricks_of


class LaRigueurStats(GameStats):
    counters = ("tricks", "top_trumps", "cards_won", "deals_top")
    details = (
        ("la_rigueur.stats.deals", "rounds"),
        ("la_rigueur.stats.points_per_deal", "points_per_round"),
        ("la_rigueur.stats.cards_per_deal", "cards_won_per_round"),
        ("la_rigueur.stats.deals_top", "deals_top"),
        ("la_rigueur.stats.top_trumps", "top_trumps"),
        ("la_rigueur.stats.tricks_per_deal", "tricks_per_round"),
    )
    points_label = "la_rigueur.stats.points_per_deal"
    chart_heading = "la_rigueur.stats.chart"
    chart_top = 65  # every card value (53) and all 24 cards of a two-player deal (+12)

    def count(self, event: dict[str, Any], add: Add) -> None:
        tricks_of(event, add)

    def round_end(self, summary: dict[str, Any], seats: int, add: Add):
        side_of, ends = super().round_end(summary, seats, add)
        for seat, e in enumerate(ends):
            e["cards_won"] = summary["cards_won"][seat]
            e["deals_top"] = deal_tops(summary["points"], seat)
        return side_of, ends
