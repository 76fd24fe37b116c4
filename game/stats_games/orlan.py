"""Orlan's statistics: cards and clubs taken, the 2♣ and the 10♦, jack sweeps, Bi Qahwa;
points per round (at most 5: most cards, most clubs, 2♣, 10♦ and a sweep)."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats


def take(add: Add, seat: int, codes: list[str]) -> None:
    add(seat, "cards", len(codes))
    add(seat, "clubs", sum(1 for code in codes if code.endswith("C")))
    add(seat, "two_clubs", int("2C" in codes))
    add(seat, "ten_diamonds", int("TD" in codes))


class OrlanStats(GameStats):
    counters = ("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa")
    details = (
        ("stats.rounds", "rounds"),
        ("orlan.stats.cards_per_round", "cards_per_round"),
        ("orlan.stats.clubs_per_round", "clubs_per_round"),
        ("orlan.stats.two_clubs", "two_clubs"),
        ("orlan.stats.ten_diamonds", "ten_diamonds"),
        ("orlan.stats.sweeps", "sweeps"),
        ("orlan.stats.bi_qahwa", "bi_qahwa"),
    )
    chart_top = 5
    v1_figures = True  # the statistics' first version counted only Orlan, without naming it

    def count(self, event: dict[str, Any], add: Add) -> None:
        kind = event.get("type")
        if kind == "capture":
            take(add, event["seat"], [*event["capture"], event["card"]])
            if event.get("sweep"):
                add(event["seat"], "sweeps", 1)
        elif kind == "lay" and event.get("bi_qahwa"):
            add(event["seat"], "bi_qahwa", 1)

    def round_end(self, summary: dict[str, Any], seats: int, add: Add) -> tuple[list[int], list[dict[str, int]]]:
        # The cards left on the table go to the last capturer.
        if summary.get("leftover_to") is not None:
            take(add, summary["leftover_to"], list(summary.get("leftover", [])))
        sides = summary.get("sides", [])
        if sides and isinstance(sides[0], dict):  # {"seats", "points", ...} per side
            summary = {"sides": [line.get("seats", []) for line in sides], "points": [line.get("points", 0) for line in sides]}
        return super().round_end(summary, seats, add)
