"""Leipzig Taroc's statistics: game points per deal, declarations made and the points they
were worth to the declarer (both others pay), Pagat bonuses won and penalties paid, deals
above 26 card points, tricks."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats
from game.stats_games.tarot_common import tricks_of

PAR = 26


class LeipzigTarocStats(GameStats):
    counters = ("tricks", "top_trumps", "declarations", "declared_points", "pagat_won", "pagat_lost", "above_par")
    details = (
        ("leipzig_taroc.stats.deals", "rounds"),
        ("leipzig_taroc.stats.points_per_deal", "points_per_round"),
        ("leipzig_taroc.stats.above_par", "above_par"),
        ("leipzig_taroc.stats.declarations", "declarations"),
        ("leipzig_taroc.stats.declared_points", "declared_points"),
        ("leipzig_taroc.stats.pagat_won", "pagat_won"),
        ("leipzig_taroc.stats.pagat_lost", "pagat_lost"),
        ("leipzig_taroc.stats.tricks_per_deal", "tricks_per_round"),
    )
    points_label = "leipzig_taroc.stats.points_per_deal"
    chart_heading = "leipzig_taroc.stats.chart"
    # Declarations of a 28-card hand paid twice (Matadors to †2 and every trump), the
    # cards' 52 above 26 and a Pagat in the last trick: the most one deal can give.
    chart_top = 420

    def count(self, event: dict[str, Any], add: Add) -> None:
        tricks_of(event, add)
        kind = event.get("type")
        if kind == "declare" and event.get("combo") not in ("none", "annul"):
            add(event["seat"], "declarations", 1)
            if event.get("paid", True):
                add(event["seat"], "declared_points", 2 * event.get("points", 0))
        elif kind == "pagat":
            add(event["seat"], "pagat_won" if event["points"] > 0 else "pagat_lost", 1)

    def round_end(self, summary: dict[str, Any], seats: int, add: Add):
        side_of, ends = super().round_end(summary, seats, add)
        late = summary.get("declarations_paid_late", [0] * seats)
        for seat, e in enumerate(ends):
            e["above_par"] = int(summary["card_points"][seat] > PAR)
            if late[seat]:
                add(seat, "declared_points", 2 * late[seat])
        return side_of, ends
