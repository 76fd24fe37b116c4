"""Triomphe Forcée's statistics: chips won or lost per deal (antes, declarations, pots), pots
taken with the most tricks, Deaths shown, declarations paid from the pot, tricks."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats
from game.stats_games.tarot_common import tricks_of


class TriompheForceeStats(GameStats):
    counters = ("tricks", "top_trumps", "pots", "deaths", "declarations", "declared_chips")
    details = (
        ("triomphe_forcee.stats.deals", "rounds"),
        ("triomphe_forcee.stats.chips_per_deal", "points_per_round"),
        ("triomphe_forcee.stats.pots", "pots"),
        ("triomphe_forcee.stats.deaths", "deaths"),
        ("triomphe_forcee.stats.declarations", "declarations"),
        ("triomphe_forcee.stats.declared_chips", "declared_chips"),
        ("triomphe_forcee.stats.tricks_per_deal", "tricks_per_round"),
    )
    points_label = "triomphe_forcee.stats.chips_per_deal"
    chart_heading = "triomphe_forcee.stats.chart"
    chart_top = 500  # every chip of a ten-player game at 50 chips each

    def count(self, event: dict[str, Any], add: Add) -> None:
        tricks_of(event, add)
        kind = event.get("type")
        if kind == "death":
            add(event["seat"], "deaths", 1)
        elif kind == "declare":
            add(event["seat"], "declarations", 1)
            add(event["seat"], "declared_chips", event.get("chips", 0))

    def round_end(self, summary: dict[str, Any], seats: int, add: Add):
        side_of, ends = super().round_end(summary, seats, add)
        for seat, e in enumerate(ends):
            e["pots"] = int(summary.get("pot_winner") == seat and summary.get("death") is None)
        return side_of, ends
