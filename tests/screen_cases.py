"""The screens other than the table, each opened as a player reaches it, for the layout tests
and the screenshots: the shelf (with games in progress), the Continue list and the replace
question, setup and its known players, rules, settings, statistics (with their rename and
reset dialogs), recent games, the review, game over, and the kiosk's attract screen, code
pad, operator menu and notice, pause and the hand-off over a table. Games come from game.samples (short games played out by
random bots, once per process)."""
from __future__ import annotations

from functools import lru_cache

from game import registry
from game.app import App
from game.kiosk import KioskConfig
from game.samples import finished_match, play_out, sample_match
from game.scenes import catalog
from game.settings import Settings
from game.storage import MemoryStorage

# (logical width, height, density): phones upright and on their side, 800x480, a landscape
# tablet, a desktop, and a 3x phone upright.
SIZES = [(360, 640, 1), (390, 844, 1), (640, 360, 1), (844, 390, 1), (800, 480, 1), (1280, 800, 1), (1920, 1080, 1), (390, 844, 3)]

GAMES = [e.id for e in registry.ENTRIES]
# Screens that depend on the game, and those of the app.
GAME_SCREENS = ("setup", "rules", "stats", "review", "gameover")
APP_SCREENS = ("menu", "continue", "replace", "known_players", "settings", "rename_player", "stats_reset", "recent", "attract", "operator", "operator_menu", "kiosk_off", "pause", "handoff")


@lru_cache(maxsize=None)
def finished(game_id: str):
    """A short finished game of ``game_id`` at its most seats (the review's open hands, game
    over's list), played once per process."""
    return finished_match(game_id, registry.BY_ID[game_id].info.max_players)


def make_app(size=(1280, 720), density: float = 1.0, language: str = "en") -> App:
    app = App((int(size[0] * density), int(size[1] * density)), headless=True, settings=Settings(language=language, sound=False), storage=MemoryStorage(), seed=3, density=density)
    app.run_frames(1)  # the rules and saves load after the first frame
    return app


def set_size(app: App, size, density: float = 1.0) -> None:
    app.resize((int(size[0] * density), int(size[1] * density)), density)


def set_language(app: App, language: str) -> None:
    if app.settings.language != language:
        app.settings.language = language
        app.apply_settings()


def with_history(app: App, game_id: str = "orlan") -> str:
    """The app knows a player who finished ``game_id`` (statistics and a recent game) and has
    three games in progress; returns the player's name."""
    match = finished(game_id)
    if not app.stats.rows(game_id):
        app.stats.record_game(match.tally)
        app.keep_replay(match)
    for other in GAMES[:3]:
        if other not in app.saved_games:
            app.match = play_out(sample_match(other), moves=6)
    return match.seats[0].name


class _Kiosk:
    """The operator menu's kiosk, without a kiosk (the screen only calls these)."""

    def open_settings(self) -> None: ...
    def force_quit(self) -> None: ...


def open_screen(app: App, name: str, game_id: str | None = None):
    """Show screen ``name`` (of ``game_id`` where it depends on a game) on top of the menu."""
    game_id = game_id or GAMES[0]
    player = with_history(app, game_id) if name in ("stats", "recent", "rename_player", "stats_reset", "menu", "continue", "replace", "known_players") else None
    menu = app.scenes.reset(catalog.make("menu", app))
    if name == "menu":
        app.shelf_game = game_id
        menu.build()
        return menu
    if name == "setup":
        return app.scenes.push(catalog.make("setup", app, game_id))
    if name == "known_players":
        setup = app.scenes.push(catalog.make("setup", app, game_id))
        return app.scenes.push(catalog.make("known_players", app, setup, 0))
    if name == "replace":
        saved = next(iter(app.saved_games.values()))
        return app.scenes.push(catalog.make("replace", app, saved, lambda: None, lambda: None))
    if name in ("rules", "stats"):
        return app.scenes.push(catalog.make(name, app, game_id))
    if name == "stats_reset":
        from game.scenes.stats import ResetStatsScene

        app.scenes.push(catalog.make("stats", app, game_id))
        return app.scenes.push(ResetStatsScene(app, player))
    if name == "rename_player":
        app.scenes.push(catalog.make("stats", app, game_id))
        return app.scenes.push(catalog.make("rename_player", app, player))
    if name == "recent":
        return app.scenes.push(catalog.make("recent", app, player))
    if name == "review":
        from game.replay import Replay

        replay = Replay.from_json(finished(game_id).replay.to_json())
        review = app.scenes.push(catalog.make("review", app, replay, 0, iterations=8))
        review.toggle_analysis()  # stopped: the screen shows what it has, frames stay short
        return review
    if name == "gameover":
        from game.scenes.match import Match

        done = finished(game_id)
        match = Match(done.game_id, done.seats, done.options, seed=done.seed, state=done.state.clone(), replay=done.replay)
        match.recorded = True  # the statistics are not this screen's business here
        return app.scenes.push(catalog.make("gameover", app, match))
    if name in ("pause", "handoff"):
        # Over a table a few moves into a game: pause (with the table's buttons a phone moves
        # into it), or the hand-off to the second of two people playing on one device.
        match = play_out(sample_match(game_id, humans=2), moves=3)
        app.match = match
        table = app.scenes.push(catalog.make("table", app, match))
        return app.scenes.push(catalog.make(name, app, table, *([1] if name == "handoff" else [])))
    if name in ("settings", "continue"):
        return app.scenes.push(catalog.make(name, app))
    if name == "attract":
        return app.scenes.reset(catalog.make("attract", app))
    if name == "operator":
        return app.scenes.push(catalog.make("operator", app, lambda code: False, lambda: None))
    if name == "operator_menu":
        return app.scenes.push(catalog.make("operator_menu", app, _Kiosk()))
    if name == "kiosk_off":
        return app.scenes.push(catalog.make("kiosk_off", app, KioskConfig()))
    raise LookupError(name)
