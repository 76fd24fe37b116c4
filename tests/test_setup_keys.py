"""Keys in setup and on the shelf are the same for every registered game (docs/app.md): a
changed row keeps the focus, Enter starts the game (except on Back and in a name field),
and the shelf describes, and Enter sets up, the game that has the focus."""
from __future__ import annotations

import pygame
import pytest

from game import registry
from game.rules import GAMES
from game.scenes.match import Match, Seat
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.storage import MemoryStorage
from tests.ui_helpers import click, key, make_app

IDS = [e.id for e in registry.ENTRIES]


@pytest.fixture(scope="module")
def small_app():
    """One app for the tests over every game (an app holds tens of MB the suite keeps)."""
    return make_app((800, 480))


def open_setup(app, game_id: str) -> SetupScene:
    app.scenes.reset(MenuScene(app))
    setup = app.scenes.push(SetupScene(app, game_id))
    app.run_frames(2)
    return setup


def focus_on(app, setup: SetupScene, row) -> None:
    """Down until the keyboard focus is on ``row`` (every row is reachable)."""
    for _ in range(len(setup.focusables) + 1):
        if setup.focused_key() == row:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"{row} never had the focus: {[setup.row_keys.get(b) for b in setup.focusables]}")


def row_value(setup: SetupScene, row):
    if row == "players":
        return setup.players
    if row[0] == "option":
        return setup.options_for(setup.game)[row[1]]
    return setup.kinds[row[1]]


def changeable_rows(setup: SetupScene) -> list:
    return [setup.row_keys[b] for b in setup.focusables if setup.row_keys[b] not in ("back", "start", "more_options")]


@pytest.mark.parametrize("game_id", IDS)
def test_a_changed_row_keeps_the_focus_and_enter_starts_the_game(game_id, small_app):
    app = small_app
    setup = open_setup(app, game_id)
    assert setup.focused_key() == "start"  # Start has the focus on arrival
    rows = changeable_rows(setup)
    assert rows[0] == "players" or GAMES[game_id].info.min_players == GAMES[game_id].info.max_players
    for row in rows:
        if row not in changeable_rows(setup):
            continue  # greyed by an earlier change (teams at another player count)
        focus_on(app, setup, row)
        before = row_value(setup, row)
        key(app, pygame.K_RIGHT)
        assert row_value(setup, row) != before, row
        assert setup.focused_key() == row  # even when the change added or removed seats
        key(app, pygame.K_LEFT)
        assert row_value(setup, row) == before and setup.focused_key() == row
        key(app, pygame.K_SPACE)  # Space presses the focused row too
        assert row_value(setup, row) != before and setup.focused_key() == row
    # From whatever row has the focus, Enter starts the game as set up.
    players = setup.players
    key(app, pygame.K_RETURN)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.match.game_id == game_id and table.match.players == players


@pytest.mark.parametrize("game_id", ["triomphe_forcee", "olsen"])
def test_a_click_on_the_players_keeps_the_focus_there(game_id):
    """The issue's case: more players add seats above Start; the focus stayed at its place
    in the list and landed on a seat, so Enter changed that seat instead of starting."""
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, game_id))
    app.run_frames(2)
    players = setup.players
    click(app, setup.focusables[0].rect.center)
    assert setup.players != players and setup.focused_key() == "players"
    kinds = list(setup.kinds)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TableScene)
    assert [s.kind for s in app.match.seats] == kinds[: app.match.players]


def test_enter_in_a_name_field_ends_the_name_and_the_next_one_starts():
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "orlan"))
    app.run_frames(2)
    entry = setup.entries[0]
    click(app, entry.rect.center)
    assert entry.is_focused
    entry.set_text("Ann")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is setup and not entry.is_focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TableScene) and app.match.seats[0].name == "Ann"


def test_enter_on_back_goes_back():
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "olsen"))
    app.run_frames(2)
    focus_on(app, setup, "back")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, MenuScene)


def test_at_start_up_the_shelf_describes_and_enter_sets_up_the_focused_game():
    """A saved game of another family than the first game's: once it is read (after the first
    frame), the chosen game, the focus and Enter all agree on it."""
    storage = MemoryStorage()
    first = make_app((800, 480), storage)
    saved = next(e.id for e in registry.ENTRIES if e.family != registry.BY_ID[registry.default_game()].family and e is not registry.ENTRIES[-1])
    info = GAMES[saved].info
    first.match = Match(saved, [Seat("human", "Ann")] + [Seat("simple", f"Bot {i}") for i in range(1, info.min_players)], {}, seed=3)
    first.save_match()
    app = make_app((800, 480), storage)
    app.run_frames(2)
    menu = app.scenes.top
    assert menu.chosen == saved
    assert menu.focusables[menu.focus] is menu.game_buttons[saved]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.game == saved


def test_tab_onto_a_game_describes_it():
    app = make_app((800, 480))
    app.run_frames(2)
    menu = app.scenes.top
    key(app, pygame.K_RIGHT)  # a family with several games
    while len(menu.game_buttons) < 2:
        key(app, pygame.K_RIGHT)
    ids = list(menu.game_buttons)
    assert menu.chosen == ids[0]
    key(app, pygame.K_TAB)
    assert menu.focusables[menu.focus] is menu.game_buttons[ids[1]] and menu.chosen == ids[1]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.game == ids[1]


def test_an_option_the_rules_refuse_at_this_player_count_is_greyed_and_kept_for_later():
    """Basic Rummy: ten cards a hand is a choice at three players only, two decks from four
    (RummyState.check_options); setup never starts a game the rules refuse."""
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "basic_rummy"))
    app.run_frames(2)
    while setup.players != 3:
        setup.cycle_players()
    assert setup.option_buttons["hand_size"].is_enabled and not setup.option_buttons["decks"].is_enabled
    setup.cycle_option("hand_size")
    assert setup.options_for("basic_rummy")["hand_size"] == 10
    setup.cycle_players()  # four players: the hand size is the rule's again, two decks possible
    assert setup.options_for("basic_rummy")["hand_size"] == 7 and not setup.option_buttons["hand_size"].is_enabled
    assert setup.option_buttons["decks"].is_enabled
    setup.cycle_option("decks")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TableScene)
    assert app.match.options["decks"] == 2 and app.match.options["hand_size"] == 7
    setup = app.scenes.push(SetupScene(app, "basic_rummy"))
    setup.players = 3
    setup.game_options = {"basic_rummy": {"hand_size": 10, "decks": 2}}
    assert setup.options_for("basic_rummy")["hand_size"] == 10  # the wish comes back at three
    assert setup.options_for("basic_rummy")["decks"] == 1


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_every_setup_label_is_readable_on_a_small_screen(lang, small_app):
    """Long option names ("Mélanger la défausse pour refaire la pioche") were shrunk to a few
    pixels at 800x480: they take two lines, 12 px at least."""
    from game import i18n

    app = small_app
    app.scenes.reset(MenuScene(app))
    i18n.set_language(lang)
    try:
        for game_id in IDS:
            setup = app.scenes.push(SetupScene(app, game_id))
            pages = 1 + sum(1 for b in setup.focusables if setup.row_keys.get(b) == "more_options")
            for _ in range(pages * 2):
                size = max(14, int(22 * app.scale))
                for text, rect in setup.labels:
                    if text:
                        lines, px = setup.label_lines(text, size, rect)
                        assert px >= 12 and len(lines) <= 2, (game_id, text, px)
                if pages > 1:
                    setup.next_option_page()
            app.scenes.pop()
    finally:
        i18n.set_language("en")
