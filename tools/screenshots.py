"""Render every scene of the app into PNG files: `python tools/screenshots.py OUTDIR`.

Each scene is shown at 800x480 (phone landscape) and 1920x1080, headless, with a fixed
deal so the table shows a card with a choice of two captures.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cards import FRENCH52  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]


def demo_order(hands: list[list[str]], table: list[str]) -> list[str]:
    """A full deck order: the given hands (seat after the dealer first), then the table."""
    head = [c for h in hands for c in h] + table
    return head + [c for c in FRENCH52.codes if c not in head]


def demo_match(players: int = 4, kinds=None, teams: bool = False) -> Match:
    kinds = kinds or ["human"] + ["expert"] * (players - 1)
    hands = [["7H", "2C", "TD", "JS"], ["5S", "KD", "9C", "8D"], ["6H", "QS", "4D", "AH"], ["3C", "9H", "2S", "8C"]][:players]
    order = demo_order(hands, ["4C", "3D", "AS", "QH"])
    options = {"target": 21, "teams": teams, "starter": 0}
    state = new_game("orlan", players, options, seed=3, deck_order=order)
    names = ["You", "Amira", "Bashir", "Ceren"] if kinds.count("human") == 1 else ["Lina", "Omar", "Sami", "Yara"]
    seats = [Seat(k, names[i]) for i, k in enumerate(kinds)]
    return Match("orlan", seats, options, seed=3, state=state)


def shoot(app: App, outdir: str, name: str) -> str:
    app.run_frames(2)
    path = os.path.join(outdir, f"{name}_{app.size[0]}x{app.size[1]}.png")
    pygame.image.save(app.screen, path)
    return path


def render_all(outdir: str, sizes=SIZES) -> list[str]:
    from game.scenes.gameover import GameOverScene
    from game.scenes.handoff import HandoffScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.stats import StatsScene
    from game.scenes.summary import SummaryScene
    from game.scenes.table import TableScene

    os.makedirs(outdir, exist_ok=True)
    paths = []
    for size in sizes:
        app = App(size, headless=True, seed=3)
        app.settings.turn_timer = 30
        app.stats.record({"game": "orlan", "players": [{"name": "You", "kind": "human", "won": True, "points": 23}, {"name": "Amira", "kind": "expert", "won": False, "points": 17}]})
        paths.append(shoot(app, outdir, "01_menu"))
        app.scenes.push(SetupScene(app))
        paths.append(shoot(app, outdir, "02_setup"))
        app.match = demo_match()
        table = app.scenes.reset(MenuScene(app)) and app.scenes.push(TableScene(app, app.match))
        table.skip_animations()
        table.select("7H")
        paths.append(shoot(app, outdir, "03_table_choice"))
        table.select(None)
        table.hint = {"move": {"card": "JS", "capture": ["4C", "3D", "AS"]}, "text": table.explain({"card": "JS", "capture": ["4C", "3D", "AS"]})}
        paths.append(shoot(app, outdir, "04_table_hint"))
        table.hint = None
        table.play({"card": "JS", "capture": ["4C", "3D", "AS"]})
        app.run_frames(12)
        paths.append(shoot(app, outdir, "05_table_sweep"))
        app.scenes.push(PauseScene(app, table))
        paths.append(shoot(app, outdir, "06_pause"))
        app.scenes.pop()
        # Play the round out quickly, then show the summary and game over.
        state = app.match.state
        while state.round_no == 0 and state.current_player() is not None:
            state.apply(state.legal_moves()[0])
        summary = state.rounds[-1]
        app.scenes.push(SummaryScene(app, app.match, summary, False))
        paths.append(shoot(app, outdir, "07_summary"))
        app.scenes.reset(GameOverScene(app, app.match))
        paths.append(shoot(app, outdir, "08_gameover"))
        app.scenes.reset(StatsScene(app))
        paths.append(shoot(app, outdir, "09_stats"))
        app.scenes.reset(SettingsScene(app))
        paths.append(shoot(app, outdir, "10_settings"))
        app.scenes.reset(RulesScene(app))
        paths.append(shoot(app, outdir, "11_rules"))
        app.settings.language = "fr"
        app.apply_settings()
        app.scenes.top.scroll_to(10**6)
        paths.append(shoot(app, outdir, "12_rules_fr_end"))
        app.settings.language = "en"
        app.apply_settings()
        hot = demo_match(kinds=["human", "human", "expert", "human"])
        app.match = hot
        app.scenes.reset(MenuScene(app))
        t2 = app.scenes.push(TableScene(app, hot))
        t2.skip_animations()
        app.run_frames(1)
        assert isinstance(app.scenes.top, HandoffScene)
        paths.append(shoot(app, outdir, "13_handoff"))
        app.scenes.top.tap()
        paths.append(shoot(app, outdir, "14_table_hotseat"))
        # Three players, teams at four, nl.
        app.settings.language = "nl"
        app.apply_settings()
        m3 = demo_match(3)
        app.scenes.reset(MenuScene(app))
        t3 = app.scenes.push(TableScene(app, m3))
        t3.skip_animations()
        paths.append(shoot(app, outdir, "15_table_3p_nl"))
        m4 = demo_match(4, kinds=["human", "simple", "expert", "simple"], teams=True)
        app.settings.language = "fr"
        app.settings.four_colour_suits = True
        app.settings.table_colour = "brown"
        app.settings.card_back = "pattern"
        app.apply_settings()
        app.scenes.reset(MenuScene(app))
        t4 = app.scenes.push(TableScene(app, m4))
        t4.skip_animations()
        t4.select("7H")
        paths.append(shoot(app, outdir, "16_table_teams_fr_4colour"))
        pygame.display.quit()
    return paths


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python tools/screenshots.py OUTDIR")
        raise SystemExit(2)
    for p in render_all(sys.argv[1]):
        print(p)
