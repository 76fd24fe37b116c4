"""The games in progress in the app: the shelf marks them, Continue offers the newest and
lists the others, a new game never replaces one without asking (solo, hot seat, kiosk)."""
from __future__ import annotations

import pygame
import pytest

from game import registry
from game.i18n import t
from game.kiosk import KioskConfig
from game.rules import GAMES
from game.scenes.in_progress import ContinueScene, ReplaceScene
from game.scenes.match import Match, Seat
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.storage import MemoryStorage
from tests.ui_helpers import DT, button_with_text, click, key, make_app


def play_moves(app, match: Match, n: int) -> None:
    """``n`` moves of the game (the first legal one each time), saved as the table saves."""
    app.match = match
    for _ in range(n):
        match.play(match.state.legal_moves()[0])
        app.save_match()


def game_of(game_id: str, kinds=None, seed: int = 3) -> Match:
    info = GAMES[game_id].info
    kinds = kinds or ["human"] + ["simple"] * (info.min_players - 1)
    return Match(game_id, [Seat(k, f"P{i + 1}") for i, k in enumerate(kinds)], {}, seed=seed)


def restarted(storage) -> "object":
    app = make_app((800, 480), storage)
    app.run_frames(2)  # the games in progress are read once the menu is on screen
    return app


def test_two_games_in_progress_survive_a_restart_and_continue_offers_the_newest():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    orlan, bezique = game_of("orlan"), game_of("bezique")
    play_moves(app, orlan, 6)
    play_moves(app, bezique, 9)  # played last
    again = restarted(storage)
    assert set(again.saved_games) == {"orlan", "bezique"}
    assert again.match.game_id == "bezique"
    cont = button_with_text(again, t("menu.continue_game", game=t("bezique.title")))
    assert cont.is_enabled
    assert button_with_text(again, t("menu.in_progress", count=2)).is_enabled  # the list, beside it
    click(again, cont.rect.center)
    table = again.scenes.top
    assert isinstance(table, TableScene) and table.match.state.to_json() == bezique.state.to_json()
    # The list: both, newest first; the other one continues from there.
    again.scenes.reset(MenuScene(again))
    again.run_frames(1)
    click(again, button_with_text(again, t("menu.in_progress", count=2)).rect.center)
    scene = again.scenes.top
    assert isinstance(scene, ContinueScene) and [g.game_id for g in scene.games()] == ["bezique", "orlan"]
    again.run_frames(1)
    (rect,) = [r for gid, r in scene.row_rects if gid == "orlan"]
    click(again, rect.center)
    table = again.scenes.top
    assert isinstance(table, TableScene) and table.match.game_id == "orlan"
    assert table.match.state.to_json() == orlan.state.to_json()


def test_the_shelf_marks_a_game_in_progress_and_its_panel_continues_it():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    play_moves(app, game_of("olsen", ["human", "simple", "simple"]), 5)
    play_moves(app, game_of("orlan"), 3)
    again = restarted(storage)
    again.shelf_game = "olsen"
    again.scenes.reset(MenuScene(again))
    again.run_frames(2)
    menu = again.scenes.top
    panel_continue = [b for b in menu.elements if getattr(b, "text", None) == t("menu.continue") and menu.panel_rect.contains(b.rect)]
    assert len(panel_continue) == 1
    click(again, panel_continue[0].rect.center)
    assert isinstance(again.scenes.top, TableScene) and again.match.game_id == "olsen"
    # A game without a game in progress has no Continue in its panel.
    again.shelf_game = "bezique"
    again.scenes.reset(MenuScene(again))
    again.run_frames(1)
    menu = again.scenes.top
    assert not [b for b in menu.elements if getattr(b, "text", None) == t("menu.continue") and menu.panel_rect.contains(b.rect)]


def start_setup(app, game_id: str, humans: int = 1) -> SetupScene:
    app.scenes.reset(MenuScene(app))
    setup = app.scenes.push(SetupScene(app, game_id))
    for seat in range(1, humans):
        setup.kinds[seat] = "human"
    setup.build()
    app.run_frames(1)
    return setup


@pytest.mark.parametrize("humans", [1, 2])
def test_a_new_game_asks_before_replacing_the_game_in_progress(humans):
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    old = game_of("orlan", ["human"] * humans + ["simple"] * (2 - humans))
    play_moves(app, old, 7)
    app = restarted(storage)
    setup = start_setup(app, "orlan", humans)
    click(app, button_with_text(app, t("setup.start")).rect.center)
    question = app.scenes.top
    assert isinstance(question, ReplaceScene) and question.saved.state.to_json() == old.state.to_json()
    # Enter right away is Back: nothing replaced.
    key(app, pygame.K_RETURN)
    assert app.scenes.top is setup
    assert storage.get("game.orlan")["state"] == old.state.to_json()
    # Continue it: the old game at the table.
    click(app, button_with_text(app, t("setup.start")).rect.center)
    click(app, button_with_text(app, t("replace.resume")).rect.center)
    assert app.scenes.find(TableScene) is not None and app.match.state.to_json() == old.state.to_json()  # (a hand-off first in hot seat)
    # Replace it: a new game, saved at once in the slot.
    setup = start_setup(app, "orlan", humans)
    click(app, button_with_text(app, t("setup.start")).rect.center)
    click(app, button_with_text(app, t("replace.replace")).rect.center)
    assert app.scenes.find(TableScene) is not None
    new = app.match
    assert new.state.to_json() != old.state.to_json()
    assert storage.get("game.orlan")["state"] == new.state.to_json()
    assert restarted(storage).saved_games["orlan"].state.to_json() == new.state.to_json()


def test_another_game_starts_without_a_question_and_keeps_the_first():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    old = game_of("orlan")
    play_moves(app, old, 4)
    start_setup(app, "aluette")
    click(app, button_with_text(app, t("setup.start")).rect.center)
    assert isinstance(app.scenes.top, TableScene) and app.match.game_id == "aluette"
    assert set(restarted(storage).saved_games) == {"orlan", "aluette"}


def test_kiosk_mode_asks_too():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    old = game_of("orlan")
    play_moves(app, old, 4)
    from game.app import App
    from game.settings import Settings
    from game.ui import widgets

    min_button = widgets.MIN_BUTTON_PX  # kiosk mode raises it for the whole process
    kiosk = App((800, 480), headless=True, settings=Settings(language="en", sound=False), storage=storage,
                kiosk=KioskConfig(enabled=True, operator_code="1234", idle_timeout=120))
    try:
        kiosk.run_frames(2)
        setup = kiosk.scenes.push(SetupScene(kiosk, "orlan"))
        kiosk.run_frames(1)
        setup.start()
        assert isinstance(kiosk.scenes.top, ReplaceScene)
        assert storage.get("game.orlan")["state"] == old.state.to_json()
    finally:
        widgets.MIN_BUTTON_PX = min_button


def test_going_to_the_menu_and_back_keeps_the_undo_history():
    app = make_app((800, 480), animation_speed="off")
    setup = start_setup(app, "orlan")
    setup.kinds[1] = "simple"
    click(app, button_with_text(app, t("setup.start")).rect.center)
    table = app.scenes.top
    match = app.match
    for _ in range(400):
        if match.can_undo():
            break
        if match.is_human_turn() and not table.steps:
            table.play(match.legal_json()[0])
        app.tick(DT)
    assert match.can_undo()
    app.scenes.reset(MenuScene(app))
    app.run_frames(1)
    click(app, button_with_text(app, t("menu.continue_game", game=t("orlan.title"))).rect.center)
    assert app.scenes.top.match is match and match.can_undo()


def test_a_finished_game_leaves_the_games_in_progress():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    play_moves(app, game_of("bezique"), 3)
    done = game_of("orlan")
    app.match = done
    done.options["target"] = 11
    while not done.finished:
        done.play(done.state.legal_moves()[0])
        app.save_match()
    app.record_finished(done)
    assert set(app.saved_games) == {"bezique"} and storage.get("game.orlan") is None
    assert set(restarted(storage).saved_games) == {"bezique"}


def test_every_game_of_the_shelf_shows_its_game_in_progress_in_three_languages():
    """The shelf's panel, the list and the question draw without error for every game."""
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    for i, entry in enumerate(registry.ENTRIES):
        play_moves(app, game_of(entry.id, seed=i + 1), 2)
    for lang in ("en", "fr", "nl"):
        again = restarted(storage)
        again.settings.language = lang
        again.apply_settings()
        assert len(again.games_in_progress()) == len(registry.ENTRIES)
        for entry in registry.ENTRIES:
            again.shelf_game = entry.id
            again.scenes.reset(MenuScene(again))
            again.run_frames(1)
        again.scenes.push(ContinueScene(again))
        again.run_frames(1)
        assert len(again.scenes.top.row_rects) >= 3


def test_a_long_list_of_games_in_progress_scrolls_by_drag_wheel_and_arrows():
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    for i, entry in enumerate(registry.ENTRIES):
        play_moves(app, game_of(entry.id, seed=i + 1), 1)
    app.scenes.reset(MenuScene(app))
    scene = app.scenes.push(ContinueScene(app))
    app.run_frames(2)
    assert scene.visible < len(registry.ENTRIES) and scene.first == 0
    top_row = scene.row_rects[0][1]
    # A drag upwards by two rows scrolls two rows and opens nothing.
    x, y = top_row.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y + scene.row_h * 2), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, -2 * scene.row_h), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.run_frames(2)
    assert app.scenes.top is scene and scene.first == 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.run_frames(2)
    assert scene.first == 1
    for _ in range(len(registry.ENTRIES) - 1):
        key(app, pygame.K_DOWN)
    assert scene.selected == len(registry.ENTRIES) - 1 and scene.first == len(registry.ENTRIES) - scene.visible
    last = scene.games()[-1].game_id
    assert scene.row_rects[-1][0] == last
    click(app, scene.row_rects[-1][1].center)  # a tap opens it
    assert app.scenes.find(TableScene) is not None and app.match.game_id == last
