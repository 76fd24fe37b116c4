"""Aluette's statistics: deals won by the partnership (its points: 1 a deal, 2 for a
Mordienne), deals the player carried (most tricks), Mordiennes scored by the partnership,
tricks won by the player, drawn matches."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats


class AluetteStats(GameStats):
    counters = ("tricks", "deals_won", "deals_carried", "mordienne")
    details = (
        ("aluette.stats.deals", "rounds"),
        ("aluette.stats.deals_won", "deals_won"),
        ("aluette.stats.deals_carried", "deals_carried"),
        ("aluette.stats.mordienne", "mordienne"),
        ("aluette.stats.tricks_per_deal", "tricks_per_round"),
        ("stats.draws", "draws"),
    )
    points_label = "aluette.stats.points_per_deal"
    chart_heading = "aluette.stats.chart_deal_points"
    chart_top = 2  # a Mordienne

    def count(self, event: dict[str, Any], add: Add) -> None:
        if event.get("type") == "trick_end" and event.get("winner") is not None:
            add(event["winner"], "tricks", 1)

    def round_end(self, summary: dict[str, Any], seats: int, add: Add) -> tuple[list[int], list[dict[str, int]]]:
        # Partners sit opposite: seats 0+2 and 1+3; points and totals are per partnership.
        sides = summary.get("sides") or [[s for s in range(seats) if s % 2 == side] for side in (0, 1)]
        side_of = [0] * seats
        for side, members in enumerate(sides):
            for seat in members:
                side_of[seat] = side
        winner = summary.get("deal_winner")  # the player who carried the deal, None if nobody scored
        ends = []
        for seat in range(seats):
            team_won = winner is not None and side_of[winner] == side_of[seat]
            ends.append({
                "points": summary["points"][side_of[seat]],
                "deals_won": int(team_won),
                "deals_carried": int(winner == seat),
                "mordienne": int(team_won and bool(summary.get("mordienne"))),
                "counted": 1,
            })
        return side_of, ends
