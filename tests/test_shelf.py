"""The app learns its games from the registry: the menu's shelf, setup rows from the
declared options, the rules page and texts of every registered game."""
from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from game import i18n, registry
from game.app import App
from game.i18n import t
from game.rules import GAMES
from game.rules.base import Option
from game.scenes.match import Match, Seat
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.setup import SetupScene
from game.settings import Settings
from game.storage import MemoryStorage
from tests.ui_helpers import DT, button_with_text, click, key, tap

IDS = [e.id for e in registry.ENTRIES]


def make_app(size=(1280, 720), storage=None) -> App:
    return App(size, headless=True, settings=Settings(language="en", sound=False), seed=11, storage=storage or MemoryStorage())


def shown(app) -> list[str]:
    return [getattr(b, "text", None) for b in app.scenes.top.elements]


def with_extra_games(monkeypatch, *entries: registry.GameEntry) -> None:
    """The registry with more games (another engineer's, registered later)."""
    every = registry.ENTRIES + entries
    monkeypatch.setattr(registry, "ENTRIES", every)
    monkeypatch.setattr(registry, "BY_ID", {e.id: e for e in every})


# ------------------------------------------------------------------ the shelf
def test_the_shelf_groups_the_games_by_family_in_order():
    shelf = registry.shelf()
    families = [f for f, _ in shelf]
    assert families == [f for f in registry.FAMILIES if f in families]  # FAMILIES order
    assert all(games for _, games in shelf)  # a family with no game is not on the shelf
    assert sorted(e.id for _, games in shelf for e in games) == sorted(IDS)  # every game, once
    for family, games in shelf:
        assert all(e.family == family for e in games)


def test_the_menu_shows_the_families_that_have_games_and_the_open_familys_games():
    app = make_app()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    texts = shown(app)
    for family, games in registry.shelf():
        assert t(f"family.{family}") in texts
    for family in registry.FAMILIES:
        if family not in dict(registry.shelf()):
            assert t(f"family.{family}") not in texts
    # The first game is chosen; its family's games are listed, no other family's.
    first = registry.BY_ID[registry.default_game()]
    assert menu.chosen == first.id
    listed = set(menu.game_buttons)
    assert listed == {e.id for e in dict(registry.shelf())[first.family]}


def test_the_open_familys_tab_looks_enabled_and_a_tap_on_it_keeps_the_game_chosen():
    """A disabled button reads as unavailable: the open family's tab stays enabled (marked in
    gold), and tapping it again does not jump back to the family's first game."""
    app = make_app()
    menu = app.scenes.top
    trick = dict(registry.shelf())["tricks"]
    click(app, button_with_text(app, t("family.tricks")).rect.center)
    app.tick(DT)
    second = trick[1].id
    click(app, menu.game_buttons[second].rect.center)
    app.tick(DT)
    assert menu.chosen == second
    tab = menu.family_buttons["tricks"]
    assert tab.is_enabled
    click(app, tab.rect.center)
    app.tick(DT)
    assert app.scenes.top is menu and menu.chosen == second


def test_a_game_registered_later_shows_in_its_family(monkeypatch):
    late = registry.GameEntry("latecomer", "rummy", "game.rules.olsen:OlsenState", "game.bots.olsen_policy")
    with_extra_games(monkeypatch, late)
    app = make_app()
    assert t("family.rummy") in shown(app)
    click(app, button_with_text(app, t("family.rummy")).rect.center)
    menu = app.scenes.top
    # After the family's own games, in entry order; a tap chooses it.
    family = [e.id for e in registry.ENTRIES if e.family == "rummy"]
    assert menu.family == "rummy" and list(menu.game_buttons) == family and family[-1] == "latecomer"
    click(app, menu.game_buttons["latecomer"].rect.center)
    assert menu.chosen == "latecomer"


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_keys_browse_the_shelf_and_enter_sets_up_the_chosen_game(size):
    app = make_app(size)
    menu = app.scenes.top
    shelf = registry.shelf()
    # Right: the next family, on its first game; Down: the next game of the family (wrapping).
    key(app, pygame.K_RIGHT)
    assert menu.family == shelf[1 % len(shelf)][0] and menu.chosen == shelf[1 % len(shelf)][1][0].id
    games = [e.id for e in shelf[1 % len(shelf)][1]]
    for step in range(1, len(games) + 1):
        key(app, pygame.K_DOWN)
        assert menu.chosen == games[step % len(games)]
    key(app, pygame.K_UP)
    assert menu.chosen == games[-1]
    key(app, pygame.K_LEFT)
    assert menu.family == shelf[0][0]
    key(app, pygame.K_RIGHT)
    # Tab moves the focus elsewhere (a game it lands on is chosen: the panel describes the
    # focused game), Esc brings it back to the chosen game, Enter sets it up.
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    chosen = menu.chosen
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is menu and menu.focusables[menu.focus] is menu.game_buttons[chosen]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.game == chosen
    key(app, pygame.K_ESCAPE)  # back to the menu, on the same game
    assert app.scenes.top is menu and menu.chosen == chosen


def test_touch_chooses_a_game_then_sets_it_up_and_opens_its_rules():
    app = make_app((800, 480))
    menu = app.scenes.top
    family, games = registry.shelf()[-1]
    tap(app, button_with_text(app, t(f"family.{family}")).rect.center)
    assert menu.chosen == games[0].id
    other = games[-1]
    tap(app, button_with_text(app, t(other.title_key)).rect.center)
    assert app.scenes.top is menu and menu.chosen == other.id  # the first tap only chooses
    tap(app, button_with_text(app, t("menu.rules")).rect.center)
    assert isinstance(app.scenes.top, RulesScene) and app.scenes.top.game_id == other.id
    tap(app, button_with_text(app, t("common.back")).rect.center)
    tap(app, button_with_text(app, t(other.title_key)).rect.center)  # a second tap sets it up
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.game == other.id
    tap(app, button_with_text(app, t("common.back")).rect.center)
    tap(app, button_with_text(app, t("menu.new_game")).rect.center)
    assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.game == other.id


@pytest.mark.parametrize("game_id", [gid for gid in IDS if gid != registry.default_game()])
def test_continue_resumes_the_game_that_was_being_played(game_id):
    storage = MemoryStorage()
    app = make_app((800, 480), storage)
    info = GAMES[game_id].info
    seats = [Seat("human", "Ana")] + [Seat("simple", f"Bot {i}") for i in range(1, info.min_players)]
    app.match = Match(game_id, seats, {}, seed=3)
    app.save_match()
    saved = app.match.state.to_json()
    again = make_app((800, 480), storage)
    again.run_frames(2)  # the save is read once the menu is on screen
    title = t(registry.BY_ID[game_id].title_key)
    cont = button_with_text(again, t("menu.continue_game", game=title))
    assert cont.is_enabled
    assert again.scenes.top.chosen == game_id  # the shelf opens on the game in progress
    click(again, cont.rect.center)
    table = again.scenes.top
    assert table.match is again.match and table.match.game_id == game_id
    assert json.dumps(table.match.state.to_json(), sort_keys=True) == json.dumps(saved, sort_keys=True)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_family_and_game_of_the_menu_fits(size, lang):
    from game.app import ui_font_size
    from game.ui import fonts, widgets

    app = make_app(size)
    app.settings.language = lang
    app.apply_settings()
    try:
        for family, games in registry.shelf():
            app.scenes.top.open_family(family)
            app.tick(DT)
            buttons = [b for b in app.scenes.top.elements if getattr(b, "text", None)]
            font = fonts.font(ui_font_size(app.scale), True)
            assert all(app.screen.get_rect().contains(b.rect) for b in buttons)
            assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
            assert all(font.size(b.text)[0] < b.rect.width for b in buttons), [b.text for b in buttons]
            assert all(b.rect.height >= widgets.button_height(app.scale) for b in buttons)  # finger-sized
    finally:
        app.settings.language = "en"
        app.apply_settings()


# ------------------------------------------------------------------ setup from GameInfo.options
@pytest.mark.parametrize("game_id", IDS)
def test_setup_offers_every_declared_option_with_the_games_texts(game_id):
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, game_id))
    info = GAMES[game_id].info
    assert setup.game == game_id and info.min_players <= setup.players <= info.max_players
    players = button_with_text(app, t("setup.players_value", count=setup.players))
    assert players.is_enabled == (info.min_players < info.max_players)
    # When the options do not all fit, the list scrolls: each option is brought into view.
    for option in info.options:
        assert setup.show_row(("option", option.name))
        app.tick(DT)
        assert option.name in setup.option_buttons
        # Every option has its own label in every language (the fallback is only a safety net).
        for lang in i18n.LANGUAGES:
            assert isinstance(i18n.lookup(f"{game_id}.option.{option.name}", lang) or i18n.lookup(f"setup.option.{option.name}", lang), str), (option.name, lang)
        assert (option.name, setup.option_label(option)) in [(option.name, text) for text, _ in setup.labels]
        b = setup.option_buttons[option.name]
        if not b.is_enabled:
            continue
        # The button goes through every choice (seats only up to the player count), then back.
        start = setup.options_for(game_id)[option.name]
        seen = []
        for _ in setup.option_choices(option):
            click(app, setup.option_buttons[option.name].rect.center)
            seen.append(setup.options_for(game_id)[option.name])
        assert sorted(map(repr, seen)) == sorted(map(repr, setup.option_choices(option))) and seen[-1] == start
    match = setup.make_match()
    assert match.game_id == game_id and match.players == setup.players
    assert match.state.options == info.resolve(setup.players, setup.options_for(game_id) | ({"teams": setup.teams} if "teams" in match.state.options and info.teams == "optional" else {}))


def test_teams_follow_gameinfo_teams():
    app = make_app((800, 480))
    for game_id in IDS:
        info = GAMES[game_id].info
        if not any(o.name == "teams" for o in info.options):
            continue
        setup = app.scenes.push(SetupScene(app, game_id))
        teams = setup.option_buttons["teams"]
        if info.teams == "fixed":
            assert not teams.is_enabled and setup.teams
        elif info.teams == "optional":
            while setup.players != 4:
                setup.cycle_players()
            assert setup.option_buttons["teams"].is_enabled
            click(app, setup.option_buttons["teams"].rect.center)
            assert setup.teams and setup.make_match().teams
            setup.cycle_players()  # away from four: no teams
            assert not setup.option_buttons["teams"].is_enabled and not setup.make_match().teams
        app.scenes.pop()


def test_an_option_without_texts_falls_back_to_generic_ones(monkeypatch):
    base = GAMES[IDS[0]]
    info = dataclasses.replace(base.info, id="plain", options=(Option("quick_finish", (False, True), False), Option("rounds", (3, 5), 3)))
    plain = type("PlainState", (base,), {"info": info})
    monkeypatch.setitem(GAMES, "plain", plain)
    app = make_app((800, 480))
    setup = app.scenes.push(SetupScene(app, "plain"))
    labels = [text for text, _ in setup.labels]
    assert "quick finish" in labels and "rounds" in labels
    assert setup.option_buttons["quick_finish"].text == t("common.off")
    assert setup.option_buttons["rounds"].text == "3"
    click(app, setup.option_buttons["quick_finish"].rect.center)
    assert setup.option_buttons["quick_finish"].text == t("common.on")


# ------------------------------------------------------------------ texts and rules pages
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_game_has_its_name_description_and_rules_page(lang):
    for e in registry.ENTRIES:
        path = i18n.DATA_DIR / "games" / f"{e.id}.{lang}.json"
        own = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(own.get(e.title_key), str) and isinstance(own.get(e.description_key), str), (e.id, lang)
        page = i18n.DATA_DIR / "rules" / f"{e.id}.{lang}.md"
        assert page.exists() and page.read_text(encoding="utf-8").lstrip().startswith("#"), page
    for family in registry.FAMILIES:
        assert isinstance(i18n.lookup(f"family.{family}", lang), str)


@pytest.mark.parametrize("game_id", IDS)
def test_the_rules_scene_shows_any_registered_games_page(game_id):
    app = make_app((800, 480))
    scene = app.scenes.push(RulesScene(app, game_id))
    app.tick(DT)
    assert scene.lines and scene.content_h > scene.area.height // 2
    # Its tab (when the family's tabs fit the bar) is enabled, underlined in gold, and a tap on
    # it keeps the page; the selector's name (when they do not) steps on like ›.
    if scene.current_tab is not None:
        assert scene.current_tab.is_enabled and scene.current_tab.text == t(registry.BY_ID[game_id].title_key)
        scene.scroll_to(40)
        click(app, scene.current_tab.rect.center)
        assert scene.game_id == game_id and scene.scroll == min(40, max(0, scene.content_h - scene.area.height))
    # ‹ and › step through every game on the shelf, whatever its family, and come back.
    seen = [scene.game_id]
    for _ in IDS:
        click(app, button_with_text(app, t("common.next")).rect.center)
        seen.append(scene.game_id)
    assert sorted(seen[:-1]) == sorted(IDS) and seen[-1] == game_id
    click(app, button_with_text(app, t("common.previous")).rect.center)
    assert scene.game_id == IDS[IDS.index(game_id) - 1]


# ------------------------------------------------------------------ many games
def test_the_statistics_offer_a_selector_when_the_tabs_do_not_fit(monkeypatch):
    """Sixteen games do not fit as tabs at 800x480: ‹ the game › steps through all of them."""
    from game.scenes.stats import StatsScene

    base = registry.ENTRIES[0]
    with_extra_games(monkeypatch, *(dataclasses.replace(base, id=f"{base.id}{i}", stats="") for i in range(2, 15)))
    app = make_app((800, 480))
    scene = app.scenes.push(StatsScene(app))
    app.tick(DT)
    assert scene.selector is not None and not scene.tab_buttons
    buttons = [b.rect for b in scene.elements]
    assert all(app.screen.get_rect().contains(r) for r in buttons)
    assert all(not a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    seen = [scene.game_id]
    for _ in registry.ENTRIES:
        click(app, scene.selector.rect.center)
        seen.append(scene.game_id)
    assert sorted(seen[:-1]) == sorted(e.id for e in registry.ENTRIES) and seen[-1] == seen[0]
    click(app, button_with_text(app, t("common.previous")).rect.center)
    assert scene.game_id == registry.ENTRIES[-1].id


def test_every_entry_is_consistent_with_its_rules():
    assert len(IDS) == len(set(IDS))
    for e in registry.ENTRIES:
        assert e.family in registry.FAMILIES, e
        assert e.info.id == e.id, e  # the id the rules write in their JSON is the entry's
        assert all(o.name.isidentifier() for o in e.info.options)  # text keys are built from names
        assert dict(e.demo).keys() <= {o.name for o in e.info.options}, e
        e.info.resolve(e.info.min_players, dict(e.demo))  # the short options are valid


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_rules_tab_title_fits_its_tab(size, lang):
    """Each family's tabs (Boathouse Rummy, Binage / Cinq Cents...) show their whole title."""
    app = App(size, headless=True, settings=Settings(language=lang, sound=False), seed=11, storage=MemoryStorage())
    for family, games in registry.shelf():
        scene = app.scenes.push(RulesScene(app, games[0].id))
        app.tick(DT)
        buttons = [b for b in scene.elements if getattr(b, "text", None)]
        assert {t(e.title_key) for e in games} <= {b.text for b in buttons}
        for b in buttons:
            assert b.font.size(b.text)[0] <= b.rect.width - 4, (family, b.text, b.rect)  # measured in the font it is drawn in
            assert app.screen.get_rect().contains(b.rect)
        assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
        app.scenes.pop()


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_shelfs_hint_names_no_key_on_a_phone(size, lang):
    """The line under a game's description says how to open it: on a phone (the table's
    PHONE_SIDE) by taps alone, with no arrows or Enter; a larger window keeps the keys."""
    from game.ui import fonts

    app = App(size, headless=True, settings=Settings(language=lang, sound=False), seed=11, storage=MemoryStorage())
    app.run_frames(2)
    with fonts.recording() as drawn:
        app.tick(DT)
    shown_text = " ".join(d.text for d in drawn)
    phone = min(size) <= 430
    touch, keys = t("menu.shelf_hint_touch"), t("menu.shelf_hint")
    said = touch if phone else keys
    assert app.scenes.top.shelf_hint() == said
    assert said in shown_text  # its lines, drawn one after the other
    if phone:
        assert keys not in shown_text and "Enter" not in said and "Entrée" not in said
    else:
        assert "Enter" in said or "Entrée" in said
