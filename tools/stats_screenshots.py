"""Render the statistics screen for each game: `python tools/stats_screenshots.py OUTDIR [LANG]`.

A few finished games of every game are recorded first (moves picked at random among the
legal ones; names, opponents and seeds fixed), then the screen is shown headless for Orlan,
Olsen and Aluette at 1280x720 and 800x480, plus an empty game tab.
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
# game, options, seats (name, level or None for a person), games to play
PLAYS = [
    ("orlan", {"target": 11}, [("Ana", None), ("Bot", "expert")], 4),
    ("orlan", {"target": 11}, [("Bo", None), ("Ana", None)], 2),
    ("olsen", {"deals": 3}, [("Ana", None), ("Bot 1", "simple"), ("Bot 2", "expert"), ("Bot 3", "simple")], 5),
    ("olsen", {"deals": 2}, [("Maximiliaan W.", None), ("Bo", None), ("Bot", "expert")], 3),
    ("aluette", {}, [("Ana", None), ("Bot 1", "expert"), ("Bo", None), ("Bot 2", "expert")], 6),
]


def record_games(app: App, plays=PLAYS, seed: int = 1) -> None:
    rng = random.Random(seed)
    for game_id, options, people, count in plays:
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
        for game_id in ("orlan", "olsen", "aluette"):
            scene.show_game(game_id)
            app.run_frames(2)
            path = os.path.join(outdir, f"stats_{game_id}_{language}_{size[0]}x{size[1]}.png")
            pygame.image.save(app.screen, path)
            paths.append(path)
        # A player who never played the chosen game: the empty message.
        app.stats.reset()
        scene.show_game("olsen")
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
