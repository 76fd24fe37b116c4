"""Render the statistics screen for each game: `python tools/stats_screenshots.py OUTDIR [LANG]`.

A few finished games of every registered game are recorded first (moves picked at random
among the legal ones; names, opponents and seeds fixed), then the screen is shown headless
for each game at 1280x720 and 800x480, plus an empty game tab.
"""
from __future__ import annotations

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.stats import GameTally  # noqa: E402

SIZES = [(1280, 720), (800, 480)]
# Two tables: seats (name, level or None for a person), players wanted (brought within
# each game's range), games to play.
TABLES = [
    ([("Ana", None), ("Bot 1", "expert"), ("Bo", None), ("Bot 2", "simple"), ("Bot 3", "simple")], 4, 4),
    ([("Maximiliaan W.", None), ("Bo", None), ("Bot", "expert"), ("Ana", None), ("Bot 4", "simple")], 2, 2),
]


def default_plays() -> list[tuple[str, dict, list, int]]:
    """Game, options (the entry's short ones), seats, games to play: for every registered game."""
    from game.registry import ENTRIES

    out = []
    for e in ENTRIES:
        info = e.info
        for people, wanted, count in TABLES:
            n = min(max(wanted, info.min_players), info.max_players)
            out.append((e.id, dict(e.demo), people[:n], count))
    return out


def record_games(app: App, plays=None, seed: int = 1) -> None:
    rng = random.Random(seed)
    for game_id, options, people, count in default_plays() if plays is None else plays:
        seats = [{"name": n, "kind": "human" if lvl is None else "ai", "level": lvl} for n, lvl in people]
        for _ in range(count):
            state = new_game(game_id, len(seats), options, seed=rng.randrange(1 << 30))
            tally = GameTally.new(game_id, seats)
            while state.current_player() is not None:
                tally.record(state.apply(rng.choice(state.legal_moves())))
            app.stats.record_game(tally)


def render(outdir: str, language: str = "en", sizes=SIZES) -> list[str]:
    from game.scenes.menu import MenuScene
    from game.scenes.stats import StatsScene

    os.makedirs(outdir, exist_ok=True)
    paths = []
    for size in sizes:
        app = App(size, headless=True, seed=3)
        app.settings.language = language
        app.apply_settings()
        record_games(app)
        app.scenes.reset(MenuScene(app))
        scene = app.scenes.push(StatsScene(app))
        from game.registry import ENTRIES

        for game_id in [e.id for e in ENTRIES]:
            scene.show_game(game_id)
            app.run_frames(2)
            path = os.path.join(outdir, f"stats_{game_id}_{language}_{size[0]}x{size[1]}.png")
            pygame.image.save(app.screen, path)
            paths.append(path)
        # A player who never played the chosen game: the empty message.
        app.stats.reset()
        scene.show_game(ENTRIES[-1].id)
        app.run_frames(2)
        path = os.path.join(outdir, f"stats_empty_{language}_{size[0]}x{size[1]}.png")
        pygame.image.save(app.screen, path)
        paths.append(path)
        pygame.display.quit()
    return paths


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "screenshots"
    for p in render(out, sys.argv[2] if len(sys.argv) > 2 else "en"):
        print(p)
