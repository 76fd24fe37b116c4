"""Render the screens of the games in progress and the known players into PNG files:
`python tools/saves_screenshots.py OUTDIR [en|fr|nl ...]`.

At 800x480 and 1920x1080, in each language asked (all three by default): the shelf with
three games in progress (Orlan against the AIs in its third round, Bezique, an Olsen game
between three people), the Continue list, the question before a new game replaces one,
the setup with its known-players buttons and the list they open, the statistics' Rename
dialog (with a refusal shown), and what ``--kiosk`` says when there is no kiosk file.
"""
from __future__ import annotations

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.app import App  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]


def played(game_id: str, seats: list[Seat], rounds: int, seed: int, options=None) -> Match:
    """A game played with random legal moves until ``rounds`` rounds are scored."""
    match = Match(game_id, seats, options or {}, seed=seed)
    rng = random.Random(seed)
    while len(match.tally.rounds) < rounds and not match.finished:
        match.play(rng.choice(match.state.legal_moves()))
    return match


def stocked_app(size, lang: str) -> App:
    """An app with known players, finished games in their statistics, and three games in
    progress saved one after the other (Olsen the most recent)."""
    app = App(size, headless=True, settings=Settings(language=lang, sound=False), storage=MemoryStorage(), seed=3)
    app.run_frames(2)
    for name in ("Amira", "Bashir", "Ceren", "Dara", "Emre", "Farah"):
        app.stats.remember_name(name)
    done = played("orlan", [Seat("human", "Amira"), Seat("expert", "Bot 2")], 99, seed=1, options={"target": 11})
    app.stats.record_game(done.tally)
    games = [
        played("orlan", [Seat("human", "Amira"), Seat("simple", "Bot 2"), Seat("expert", "Bot 3")], 2, seed=4),
        played("bezique", [Seat("human", "Bashir"), Seat("expert", "Bot 2")], 1, seed=5),
        played("olsen", [Seat("human", "Ceren"), Seat("human", "Dara"), Seat("human", "Emre")], 1, seed=6),
    ]
    for match in games:
        match.name_players(app.stats)
        app.match = match
        app.save_match()
        pygame.time.wait(5)  # distinct save times: the newest is known
    app.match = None
    return app


def shoot(app: App, outdir: str, name: str, lang: str) -> str:
    app.run_frames(3)
    path = os.path.join(outdir, f"{name}_{lang}_{app.size[0]}x{app.size[1]}.png")
    pygame.image.save(app.screen, path)
    return path


def render(outdir: str, languages=i18n.LANGUAGES, sizes=SIZES) -> list[str]:
    from game.kiosk import load_kiosk
    from game.scenes.in_progress import ContinueScene
    from game.scenes.operator import KioskOffScene
    from game.scenes.menu import MenuScene
    from game.scenes.players import KnownPlayersScene, RenamePlayerScene
    from game.scenes.setup import SetupScene
    from game.scenes.stats import StatsScene

    os.makedirs(outdir, exist_ok=True)
    paths = []
    for lang in languages:
        for size in sizes:
            app = stocked_app(size, lang)
            app.shelf_game = "bezique"
            app.scenes.reset(MenuScene(app))
            paths.append(shoot(app, outdir, "01_shelf_in_progress", lang))
            app.scenes.push(ContinueScene(app))
            paths.append(shoot(app, outdir, "02_continue_list", lang))
            app.scenes.reset(MenuScene(app))
            setup = app.scenes.push(SetupScene(app, "orlan"))
            paths.append(shoot(app, outdir, "03_setup_known_players", lang))
            setup.start()  # Orlan is in progress: the question first
            paths.append(shoot(app, outdir, "04_replace_question", lang))
            app.scenes.pop()
            app.scenes.push(KnownPlayersScene(app, setup, 0))
            paths.append(shoot(app, outdir, "05_known_players", lang))
            app.scenes.reset(MenuScene(app))
            stats = app.scenes.push(StatsScene(app, "orlan"))
            rename = app.scenes.push(RenamePlayerScene(app, stats.selected_name()))
            app.run_frames(2)
            rename.entry.set_text("bashir")
            rename.confirm()  # refused: Bashir is another player
            paths.append(shoot(app, outdir, "06_rename_refused", lang))
            app.scenes.reset(MenuScene(app))
            app.scenes.push(KioskOffScene(app, load_kiosk(os.path.join(outdir, "no-such-dir", "kiosk.json"))))
            paths.append(shoot(app, outdir, "07_kiosk_without_a_file", lang))
    return paths


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    langs = [a for a in sys.argv[2:] if a in i18n.LANGUAGES] or list(i18n.LANGUAGES)
    for p in render(sys.argv[1], langs):
        print(p)
