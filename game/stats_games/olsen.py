"""Olsen's statistics: penalty points (the hand's score: taking all penalties scores 0),
hearts and the Q♠ taken, tricks, hands in which the seat took every penalty card
("moons") and hands without a penalty card. Tie-break hands decide the winner but, as in
the rules, do not change the totals: they are not counted, so the penalties of a game add
up to its total. The best game is the lowest total (GameInfo.extra["lower_wins"])."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats


class OlsenStats(GameStats):
    counters = ("tricks", "hearts", "queen_spades", "moons", "clean_hands")
    details = (
        ("olsen.stats.hands", "rounds"),
        ("olsen.stats.penalties_per_hand", "points_per_round"),
        ("olsen.stats.hearts_per_hand", "hearts_per_round"),
        ("olsen.stats.queen_spades", "queen_spades"),
        ("olsen.stats.moons", "moons"),
        ("olsen.stats.clean_hands", "clean_hands"),
        ("olsen.stats.tricks_per_hand", "tricks_per_round"),
    )
    points_label = "olsen.stats.penalties_per_hand"
    best_label = "olsen.stats.lowest_total"
    chart_heading = "olsen.stats.chart_penalties"
    chart_top = 26  # 13 hearts and the Q♠

    def count(self, event: dict[str, Any], add: Add) -> None:
        if event.get("type") == "trick_end" and event.get("winner") is not None:
            seat, cards = event["winner"], event.get("cards", [])
            add(seat, "tricks", 1)
            add(seat, "hearts", sum(1 for code in cards if code.endswith("H")))
            add(seat, "queen_spades", int("QS" in cards))

    def round_end(self, summary: dict[str, Any], seats: int, add: Add) -> tuple[list[int], list[dict[str, int]]]:
        # Every seat is its own side; a tie-break hand is played by some seats only (its
        # "seats"), and its hand points, per seat, add nothing to the totals.
        penalties = summary["penalties"]
        counted = int(not summary.get("tiebreak", False))
        ends = [{"points": 0, "penalties": 0, "moons": 0, "clean_hands": 0, "counted": 0} for _ in range(seats)]
        for seat in summary["seats"]:
            ends[seat] = {
                "points": summary["hand_points"][seat],
                "penalties": penalties[seat],  # before the J♦ option's -10: what the tricks held
                "moons": int(summary.get("all_penalties") == seat),
                "clean_hands": int(penalties[seat] == 0),
                "counted": counted,
            }
        return list(range(seats)), ends
