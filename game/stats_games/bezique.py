"""The Bezique family's statistics (Bezique, Marjolet, Binage, Fildinski, Rubicon), written
once: declarations by kind (one counter per line of the game's declaration table, read
from the rules' data), declarations and their points, the biggest declaration, brisques
(the points of aces and tens won and trump 7s), last tricks won, points per deal. Counted
from the ``declare``, ``dix`` and ``score`` events; the deal's points from the common
round summary, so a game's figures add up to its totals."""
from __future__ import annotations

from typing import Any

from game.rules.bezique import (BinageState, BeziqueState, FildinskiState, MarjoletState,
                                RubiconState)
from game.stats import Add, GameStats

BRISQUE_REASONS = ("brisques", "trump_seven", "turned_seven")


class BeziqueFamilyStats(GameStats):
    rules = BeziqueState
    chart_top = 2000

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        gid = cls.rules.info.id
        kinds = tuple(c.id for c in cls.rules.variant.table)
        cls.kinds = kinds
        cls.counters = ("declarations", "declared", "biggest", "brisques", "last_tricks") + tuple(f"kind_{k}" for k in kinds)
        cls.maxima = ("biggest",)
        cls.details = (
            (f"{gid}.stats.deals", "rounds"),
            (f"{gid}.stats.points_per_deal", "points_per_round"),
            (f"{gid}.stats.declarations_per_deal", "declarations_per_round"),
            (f"{gid}.stats.declared_per_deal", "declared_per_round"),
            (f"{gid}.stats.biggest", "biggest"),
            (f"{gid}.stats.brisques_per_deal", "brisques_per_round"),
            (f"{gid}.stats.last_tricks", "last_tricks"),
        ) + tuple((f"{gid}.combination.{k}", f"kind_{k}") for k in kinds)
        cls.points_label = f"{gid}.stats.points_per_deal"
        cls.chart_heading = f"{gid}.stats.chart"

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


class BeziqueStats(BeziqueFamilyStats):
    rules = BeziqueState
    chart_top = 2100  # a deal ends when a total reaches 1500 at most; double bezique is 500


class MarjoletStats(BeziqueFamilyStats):
    rules = MarjoletState
    chart_top = 1200


class BinageStats(BeziqueFamilyStats):
    rules = BinageState
    chart_top = 1300


class FildinskiStats(BeziqueFamilyStats):
    rules = FildinskiState
    chart_top = 1600


class RubiconStats(BeziqueFamilyStats):
    rules = RubiconState
    chart_top = 8000  # no target: a deal of four-pack declarations (quadruple bezique 4,500)
