"""The rummy expert's own rule (each game's ``Style``, game/rules/rummy.py) played on its own,
without the search, against the simple rule: how much the rule the search starts from is
worth by itself.

    python bench/rummy_style.py --game classic_rummy --games 1000 --seed 8
    python bench/rummy_style.py --game basic_rummy --games 4000 --seed 7 --options '{"hands": 1}'

Duplicate deals, seats rotated (``python main.py arena``'s format); no search, so
thousands of games take seconds to a minute. A game without a style of its own plays the
simple rule against itself (50% by construction).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.arena import ArenaConfig, Side, report_lines, run_arena, summarize  # noqa: E402
from game.bots import LEVELS, SimpleBot  # noqa: E402
from game.bots import rummy_simple  # noqa: E402
from game.registry import ENTRIES  # noqa: E402


class StyleBot(SimpleBot):
    """The simple level, but for the game's ``Style`` (the expert's own rule)."""

    level = "style"

    def _think(self, ms: float) -> bool:
        legal = self._legal
        self._choice = legal[0] if len(legal) == 1 else rummy_simple.choose_simple(
            self.game, self._obs, legal, expert=True)
        return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="classic_rummy", choices=[e.id for e in ENTRIES if e.family == "rummy"])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--options", default="{}", help="game options as JSON, e.g. '{\"hands\": 1}'")
    args = ap.parse_args()
    LEVELS["style"] = StyleBot
    cfg = ArenaConfig(game=args.game, players=args.players, options=json.loads(args.options),
                      a=Side("style"), b=Side("simple"), games=args.games, seed=args.seed, workers=1)
    t0 = time.perf_counter()
    records = run_arena(cfg, progress=False)
    lines = report_lines(cfg, summarize(cfg, records))
    print("\n".join(lines[:4]))
    print(f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
