"""The rummy family's statistics (Basic Rummy, Classic Rummy, Boathouse Rummy, Jersey Gin),
written once: hands won (going out, or knocking without being undercut), the game's own
ways out (a rummy in Classic Rummy; gin, knocks and undercuts in Jersey Gin), the average
deadwood a player was caught with when another went out, points per hand. Everything is
read from the round summaries (``out``, ``void``, ``rummy``/``gin``/``undercut``, and
``hands`` with each seat's ``deadwood_points``); the hand's points come from the common
summary, so a game's figures add up to its totals."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats

BASE_COUNTERS = ("won", "caught", "deadwood_caught")


class RummyFamilyStats(GameStats):
    """The plug-in of each game of the family, made with its rules class: its texts are
    under its id; it counts the ways out its variant has (a rummy where out in one turn
    doubles, gin, knocks and undercuts where the hand scores gin); its chart's scale is its
    ``RummyVariant.chart_top``."""

    ratios = (("deadwood_when_caught", "deadwood_caught", "caught"),)

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        gid = rules.info.id
        v = rules.VARIANT
        # summary flags counted for the seat that went out
        self.outs = ("rummy",) * v.rummy_doubles + ("gin",) * (v.scoring == "gin")
        self.chart_top = v.chart_top
        extra = tuple(f"{flag}s" for flag in self.outs) + (("knocks", "undercuts") if "gin" in self.outs else ())
        self.counters = BASE_COUNTERS + extra
        self.details = (
            (f"{gid}.stats.hands", "rounds"),
            (f"{gid}.stats.points_per_hand", "points_per_round"),
            (f"{gid}.stats.hands_won", "won"),
            (f"{gid}.stats.won_per_hand", "won_per_round"),
        ) + tuple((f"{gid}.stats.{c}", c) for c in extra) + (
            (f"{gid}.stats.deadwood_when_caught", "deadwood_when_caught"),
        )
        self.points_label = f"{gid}.stats.points_per_hand"
        self.chart_heading = f"{gid}.stats.chart"

    def round_end(self, summary: dict[str, Any], seats: int, add: Add):
        side_of, ends = super().round_end(summary, seats, add)
        out = summary.get("out")
        void = bool(summary.get("void")) or out is None
        hands = summary.get("hands") or []
        undercut = bool(summary.get("undercut"))
        for seat, e in enumerate(ends):
            went_out = not void and seat == out
            e["won"] = int(went_out and not undercut)
            caught = not void and seat != out and e.get("counted", 1) and seat < len(hands)
            e["caught"] = int(bool(caught))
            e["deadwood_caught"] = int(hands[seat].get("deadwood_points", 0)) if caught else 0
            for flag in self.outs:
                e[f"{flag}s"] = int(went_out and bool(summary.get(flag)))
            if "gin" in self.outs:
                e["knocks"] = int(went_out and not summary.get("gin"))
                e["undercuts"] = int(went_out and undercut)
        return side_of, ends
