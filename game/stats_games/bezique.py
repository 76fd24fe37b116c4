"""The Bezique family's statistics (Bezique, Marjolet, Binage, Fildinski, Rubicon), written
once: declarations by kind (one counter per line of the game's declaration table, read
from the rules' data), declarations and their points, the biggest declaration, brisques
(the points of aces and tens won and trump 7s), last tricks won, points per deal. Counted
from the ``declare``, ``dix`` and ``score`` events; the deal's points from the common
round summary, so a game's figures add up to its totals."""
from __future__ import annotations

from typing import Any

from game.stats import Add, GameStats

BRISQUE_REASONS = ("brisques", "trump_seven", "turned_seven")


class BeziqueFamilyStats(GameStats):
    """The plug-in of each game of the family, made with its rules class: its texts are
    under its id, its kinds of declaration its table's, its chart's scale its
    ``Variant.chart_top``."""

    maxima = ("biggest",)

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        gid = rules.info.id
        kinds = tuple(c.id for c in rules.variant.table)
        self.kinds = kinds
        self.counters = ("declarations", "declared", "biggest", "brisques", "last_tricks") + tuple(f"kind_{k}" for k in kinds)
        self.chart_top = rules.variant.chart_top
        self.details = (
            (f"{gid}.stats.deals", "rounds"),
            (f"{gid}.stats.points_per_deal", "points_per_round"),
            (f"{gid}.stats.declarations_per_deal", "declarations_per_round"),
            (f"{gid}.stats.declared_per_deal", "declared_per_round"),
            (f"{gid}.stats.biggest", "biggest"),
            (f"{gid}.stats.brisques_per_deal", "brisques_per_round"),
            (f"{gid}.stats.last_tricks", "last_tricks"),
        ) + tuple((f"{gid}.combination.{k}", f"kind_{k}") for k in kinds)
        self.points_label = f"{gid}.stats.points_per_deal"
        self.chart_heading = f"{gid}.stats.chart"

    def count(self, event: dict[str, Any], add: Add) -> None:
        kind = event.get("type")
        if kind == "declare":
            seat, points = event["seat"], event["points"]
            add(seat, "declarations", 1)
            add(seat, "declared", points)
            add(seat, "biggest", points)
            add(seat, f"kind_{event['combination']}", 1)
        elif kind == "dix":
            add(event["seat"], "declarations", 1)
            add(event["seat"], "declared", event["points"])
            add(event["seat"], "biggest", event["points"])
        elif kind == "score":
            if event["reason"] in BRISQUE_REASONS:
                add(event["seat"], "brisques", event["points"])
            elif event["reason"] == "last_trick":
                add(event["seat"], "last_tricks", 1)
