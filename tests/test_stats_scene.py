"""The statistics scene: the details of a profile, and Reset with its confirmation."""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from tests.test_scenes import DT, button_with_text, click, key, make_app
from game.scenes.match import Match, Seat
from game.scenes.stats import ResetStatsScene, StatsScene
from game.stats import Stats


def play_games(app, pairs, seed=0):
    """Finished two-player games recorded in app.stats, moves picked at random among the legal
    ones. Returns, per name, what the rules engine itself reported: rounds, cards and clubs
    (round summaries), 2♣ and 10♦ taken (their points), jack sweeps and Bi Qahwa (events)."""
    rng = random.Random(seed)
    seen: dict[str, dict[str, int]] = {}
    for i, names in enumerate(pairs):
        m = Match("orlan", [Seat("human", n) for n in names], {"target": 11}, seed=seed * 100 + i)
        events = []
        while not m.finished:
            events += m.play(rng.choice(m.state.legal_moves()))
        assert app.stats.record_game(m.tally)
        for seat, name in enumerate(names):
            c = seen.setdefault(name, dict.fromkeys(("rounds", "cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa"), 0))
            for summary in m.state.rounds:
                side = next(i for i, seats in enumerate(summary["sides"]) if seat in seats)
                c["rounds"] += 1
                c["cards"] += summary["cards"][side]
                c["clubs"] += summary["clubs"][side]
                c["two_clubs"] += summary["breakdown"][side]["two_clubs"] > 0
                c["ten_diamonds"] += summary["breakdown"][side]["ten_diamonds"] > 0
            c["sweeps"] += sum(1 for e in events if e["type"] == "capture" and e.get("sweep") and e["seat"] == seat)
            c["bi_qahwa"] += sum(1 for e in events if e["type"] == "lay" and e.get("bi_qahwa") and e["seat"] == seat)
    return seen


def open_stats(app) -> StatsScene:
    click(app, button_with_text(app, "Statistics").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, StatsScene)
    return scene


def select(app, scene, name):
    i = scene.names().index(name)
    click(app, dict(scene.row_rects)[i].center)
    assert scene.selected_name() == name


def expected_details(c):
    return [
        ("Rounds played", str(c["rounds"])),
        ("Cards per round", i18n.format_number(round(c["cards"] / c["rounds"], 1))),
        ("Clubs per round", i18n.format_number(round(c["clubs"] / c["rounds"], 1))),
        ("2♣ taken", str(c["two_clubs"])),
        ("10♦ taken", str(c["ten_diamonds"])),
        ("Jack sweeps", str(c["sweeps"])),
        ("Bi Qahwa", str(c["bi_qahwa"])),
    ]


def test_details_show_the_figures_of_the_games_played():
    app = make_app()
    seen = play_games(app, [("Ana", "Bo"), ("Bo", "Ana"), ("Ana", "Cy")], seed=1)
    scene = open_stats(app)
    for name in ("Ana", "Bo", "Cy"):
        select(app, scene, name)
        app.tick(DT)
        assert scene.details(name) == expected_details(seen[name])
        assert scene.details_rect is not None  # drawn for the selected profile
    # Every profile took all 52 cards between the two seats of each round.
    assert seen["Ana"]["rounds"] > 3 and seen["Ana"]["cards"] + seen["Bo"]["cards"] + seen["Cy"]["cards"] == 52 * (seen["Ana"]["rounds"] + seen["Bo"]["rounds"] + seen["Cy"]["rounds"]) // 2


def test_details_follow_the_language():
    app = make_app()
    seen = play_games(app, [("Ana", "Bo")], seed=2)
    scene = open_stats(app)
    app.settings.language = "fr"
    app.apply_settings()
    try:
        details = dict(scene.details("Ana"))
        cards = round(seen["Ana"]["cards"] / seen["Ana"]["rounds"], 1)
        assert details["Cartes par manche"] == i18n.format_number(cards, "fr")
        assert details["Manches jouées"] == str(seen["Ana"]["rounds"])
    finally:
        app.settings.language = "en"
        app.apply_settings()


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_details_fit_between_the_table_and_the_buttons(size):
    app = make_app(size)
    play_games(app, [("Ana", "Bo"), ("Cy", "Ana"), ("Dmitri", "Eve"), ("Fay", "Gus"), ("Hal", "Ana")], seed=3)
    scene = open_stats(app)
    app.tick(DT)
    d = scene.details_rect
    assert d is not None and app.screen.get_rect().contains(d)
    assert d.bottom <= scene.reset_button.rect.top
    assert all(not r.colliderect(d) for _, r in scene.row_rects)


def test_reset_asks_first_and_cancel_keeps_everything():
    app = make_app()
    play_games(app, [("Ana", "Bo"), ("Bo", "Ana")], seed=4)
    app.stats.save()
    stored = app.storage.get("stats")
    before = {n: app.stats.summary(n) for n in ("Ana", "Bo")}
    scene = open_stats(app)
    select(app, scene, "Bo")
    click(app, button_with_text(app, "Reset…").rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, ResetStatsScene) and dialog.player == "Bo"
    button_with_text(app, "Reset Bo")
    button_with_text(app, "Reset all players")
    assert {n: app.stats.summary(n) for n in ("Ana", "Bo")} == before  # nothing yet
    click(app, button_with_text(app, "Cancel").rect.center)
    assert app.scenes.top is scene
    assert {n: app.stats.summary(n) for n in ("Ana", "Bo")} == before
    assert app.storage.get("stats") == stored
    # Esc, and Enter on the focused default (Cancel), change nothing either.
    click(app, button_with_text(app, "Reset…").rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    click(app, button_with_text(app, "Reset…").rect.center)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    assert {n: app.stats.summary(n) for n in ("Ana", "Bo")} == before
    assert app.storage.get("stats") == stored


def test_confirm_resets_one_player_and_saves():
    app = make_app()
    play_games(app, [("Ana", "Bo"), ("Bo", "Ana"), ("Cy", "Ana")], seed=5)
    app.stats.save()
    bo_before = app.stats.summary("Bo")
    scene = open_stats(app)
    select(app, scene, "Ana")
    click(app, button_with_text(app, "Reset…").rect.center)
    click(app, button_with_text(app, "Reset Ana").rect.center)
    assert app.scenes.top is scene
    assert app.stats.summary("Ana")["games"] == 0 and app.stats.summary("Ana")["rounds"] == 0
    assert app.stats.summary("Bo") == bo_before
    stored = Stats.load(app.storage)[0]  # what was written
    assert stored.profile("Ana")["by_game"] == {}  # every game of Ana forgotten
    assert stored.profile("Bo")["by_game"]["orlan"]["games"] == 2
    assert "Ana" not in scene.names() and sorted(r[0] for r in scene.rows()) == ["Bo", "Cy"]
    app.tick(DT)
    assert scene.selected_name() in ("Bo", "Cy")


def test_confirm_resets_every_player():
    app = make_app()
    play_games(app, [("Ana", "Bo"), ("Cy", "Dee")], seed=6)
    app.stats.save()
    scene = open_stats(app)
    click(app, button_with_text(app, "Reset…").rect.center)
    click(app, button_with_text(app, "Reset all players").rect.center)
    assert app.scenes.top is scene and scene.rows() == []
    stored = Stats.load(app.storage)[0].profiles
    assert set(stored) == {"Ana", "Bo", "Cy", "Dee"}  # the names stay offered at setup
    assert all(p["by_game"] == {} for p in stored.values())
    app.tick(DT)
    assert scene.details_rect is None
    assert not button_with_text(app, "Reset…").is_enabled  # nothing left to reset


def test_kiosk_reset_needs_the_operator_code():
    from game.kiosk import KioskConfig
    from game.scenes.kiosk_mode import KioskMode
    from game.scenes.operator import CodePadScene
    from game.storage import MemoryStorage
    from game.ui import widgets

    saved_min = widgets.MIN_BUTTON_PX
    try:
        app = make_app()
        app.kiosk = KioskMode(app, KioskConfig(True, "2468", 300), storage=MemoryStorage())
        app.run_frames(2, DT)
        play_games(app, [("Ana", "Bo")], seed=7)
        scene = app.scenes.push(StatsScene(app))  # kiosk mode opens on the attract screen
        app.run_frames(2, DT)
        click(app, button_with_text(app, "Reset…").rect.center)
        pad = app.scenes.top
        assert isinstance(pad, CodePadScene) and app.stats.summary("Bo")["games"] == 1
        for k in "2468":
            pad.press(k)
        pad.press("ok")
        assert isinstance(app.scenes.top, ResetStatsScene) and app.scenes.top.player == scene.selected_name() == "Bo"
        click(app, button_with_text(app, "Reset Bo").rect.center)
        assert app.scenes.top is scene and app.stats.summary("Bo")["games"] == 0 and app.stats.summary("Ana")["games"] == 1
    finally:
        widgets.MIN_BUTTON_PX = saved_min


def test_a_long_name_is_shortened_in_headings_not_shrunk_out_of_sight():
    from game.scenes.stats import heading
    from game.ui import fonts

    make_app((800, 480))  # fonts need pygame initialised
    long = "W" * 16  # the longest name setup accepts
    text = heading("stats.chart_points", long, 16, 300)
    assert text.endswith(": points per round, last games") and "\u2026" in text
    assert fonts.font(13, True).size(text)[0] <= 300  # readable: 85 % of 16 px still fits
    assert heading("stats.chart_points", "Ana", 16, 400) == "Ana: points per round, last games"


# ------------------------------------------------------------------ one tab per game
def play_trick_games(app, game_id, tables, options, seed):
    """Whole Olsen or Aluette games between people, moves at random, recorded in app.stats.
    Returns, per name, what the engine reported: hand or deal summaries and trick_end events."""
    rng = random.Random(seed)
    seen: dict[str, dict[str, int]] = {}
    for i, names in enumerate(tables):
        m = Match(game_id, [Seat("human", n) for n in names], options, seed=seed * 100 + i)
        events = []
        while not m.finished:
            events += m.play(rng.choice(m.state.legal_moves()))
        assert app.stats.record_game(m.tally)
        res = m.state.result()
        for seat, name in enumerate(names):
            c = seen.setdefault(name, dict.fromkeys(
                ("games", "hands", "points", "hearts", "queen", "moons", "clean", "tricks", "won", "carried", "mordienne", "draws", "best"), 0))
            c["games"] += 1
            tiebreak = False
            for e in events:
                if e["type"] == "round_start":
                    tiebreak = e.get("tiebreak", False)
                elif e["type"] == "trick_end" and e.get("winner") == seat and not tiebreak:
                    c["tricks"] += 1
                    c["hearts"] += sum(1 for code in e["cards"] if code.endswith("H")) if game_id == "olsen" else 0
                    c["queen"] += "QS" in e["cards"] if game_id == "olsen" else 0
            for s in res["rounds"]:
                if game_id == "olsen":
                    if s["tiebreak"]:
                        continue
                    c["hands"] += 1
                    c["points"] += s["hand_points"][seat]
                    c["moons"] += s["all_penalties"] == seat
                    c["clean"] += s["penalties"][seat] == 0
                else:
                    c["hands"] += 1
                    team = s["deal_winner"] is not None and s["deal_winner"] % 2 == seat % 2
                    c["won"] += team
                    c["carried"] += s["deal_winner"] == seat
                    c["mordienne"] += team and s["mordienne"]
            c["draws"] += bool(res.get("draw"))
            total = res["totals"][seat]
            c["best"] = total if c["games"] == 1 else (min if game_id == "olsen" else max)(c["best"], total)
    return seen


def fmt(value):
    return i18n.format_number(round(value, 1))


def expected_olsen(c):
    h = c["hands"]
    return [
        ("Hands played", str(h)),
        ("Penalties per hand", fmt(c["points"] / h)),
        ("Hearts per hand", fmt(c["hearts"] / h)),
        ("Q♠ taken", str(c["queen"])),
        ("All penalties taken", str(c["moons"])),
        ("Hands without penalty", str(c["clean"])),
        ("Tricks per hand", fmt(c["tricks"] / h)),
    ]


def expected_aluette(c):
    return [
        ("Deals played", str(c["hands"])),
        ("Deals won by the team", str(c["won"])),
        ("Deals carried (most tricks)", str(c["carried"])),
        ("Mordiennes", str(c["mordienne"])),
        ("Tricks per deal", fmt(c["tricks"] / c["hands"])),
        ("Matches drawn", str(c["draws"])),
    ]


def open_game(app, scene, title: str) -> None:
    """Show a game's statistics as a player would: its tab when the tabs fit, else the
    selector's › arrow until the game's name is shown."""
    from game import i18n

    tab = next((b for gid, b in scene.tab_buttons.items() if i18n.t(f"{gid}.title") == title), None)
    if tab is not None:
        click(app, tab.rect.center)
        return
    for _ in range(40):
        if scene.selector.text == title:
            return
        click(app, button_with_text(app, i18n.t("common.next")).rect.center)
    raise AssertionError(f"no game {title!r} in the selector")


def shown_title(scene) -> str:
    """The game whose statistics are shown: the tab underlined, or the selector's name."""
    if scene.selector is not None:
        return scene.selector.text
    return scene.tab_buttons[scene.game_id].text


def test_each_game_tab_shows_that_games_figures():
    app = make_app()
    olsen = play_trick_games(app, "olsen", [("Ana", "Bo", "Cy"), ("Bo", "Ana", "Dee"), ("Ana", "Cy", "Bo")], {"deals": 2}, seed=1)
    aluette = play_trick_games(app, "aluette", [("Ana", "Bo", "Cy", "Dee"), ("Bo", "Ana", "Dee", "Cy")], {}, seed=20)
    orlan = play_games(app, [("Ana", "Eve")], seed=3)  # recorded last: the tab shown first
    scene = open_stats(app)
    app.tick(DT)
    assert scene.game_id == "orlan" and sorted(scene.names()) == ["Ana", "Eve"]
    assert scene.drawn_details == expected_details(orlan[scene.selected_name()])
    assert shown_title(scene) == "Orlan"  # the tab shown is greyed, or the selector names it
    open_game(app, scene, "Olsen")
    assert scene.game_id == "olsen" and shown_title(scene) == "Olsen"
    assert sorted(scene.names()) == ["Ana", "Bo", "Cy", "Dee"]
    assert scene.columns()[4:] == ["Penalties per hand", "Lowest total"]
    rows = {r[0]: r for r in scene.rows()}
    for name, c in olsen.items():
        select(app, scene, name)
        app.tick(DT)
        assert scene.drawn_details == expected_olsen(c)
        assert rows[name][1] == str(c["games"]) and rows[name][5] == str(c["best"])  # the lowest total
    open_game(app, scene, "Aluette")
    assert scene.game_id == "aluette" and scene.columns()[4] == "Points per deal"
    assert scene.selected_name() == "Dee"  # the selected player stays selected
    for name, c in aluette.items():
        select(app, scene, name)
        app.tick(DT)
        assert scene.drawn_details == expected_aluette(c)
        # Deals won by the team: one point each, a Mordienne two; the table shows points per deal.
        assert app.stats.summary(name, "aluette")["points_per_round"] * c["hands"] == c["won"] + c["mordienne"]
    assert any(c["mordienne"] for c in aluette.values())  # seed 20 has a Mordienne
    # Eve only played Orlan: not listed here; back on Orlan she is.
    assert "Eve" not in scene.names()
    open_game(app, scene, "Orlan")
    assert "Eve" in scene.names()


def test_the_screen_opens_on_the_game_last_recorded_and_shows_an_empty_game():
    app = make_app()
    play_trick_games(app, "aluette", [("Ana", "Bo", "Cy", "Dee")], {}, seed=2)
    scene = open_stats(app)
    app.tick(DT)
    assert scene.game_id == "aluette" and scene.details_rect is not None
    open_game(app, scene, "Olsen")
    app.tick(DT)
    assert scene.rows() == [] and scene.details_rect is None
    assert not button_with_text(app, "Reset…").is_enabled  # nobody to reset in this table


def test_reset_from_a_game_tab_forgets_the_player_in_every_game():
    app = make_app()
    play_trick_games(app, "olsen", [("Ana", "Bo", "Cy")], {"deals": 1}, seed=4)
    play_games(app, [("Bo", "Ana")], seed=4)
    app.stats.save()
    scene = open_stats(app)
    open_game(app, scene, "Olsen")
    select(app, scene, "Bo")
    click(app, button_with_text(app, "Reset…").rect.center)
    click(app, button_with_text(app, "Reset Bo").rect.center)
    assert app.scenes.top is scene and scene.game_id == "olsen"
    assert sorted(scene.names()) == ["Ana", "Cy"]
    assert app.stats.games_played("Bo") == 0 and app.stats.record("Ana", "orlan")["games"] == 1
    assert app.storage.get("stats")["version"] == 3
    stored = Stats.load(app.storage)[0]
    assert stored.profile("Bo")["by_game"] == {}
    assert stored.profile("Cy")["by_game"]["olsen"]["games"] == 1


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_every_tab_fits_on_small_and_large_screens(size, language):
    from game.app import ui_font_size
    from game.ui import fonts

    app = make_app(size)
    play_trick_games(app, "olsen", [("Ana", "Bo", "Cy"), ("Dmitri", "Eve", "Maximiliaan W.")], {"deals": 1}, seed=5)
    play_trick_games(app, "aluette", [("Ana", "Bo", "Cy", "Dee")], {}, seed=5)
    play_games(app, [("Ana", "Bo"), ("Cy", "Ana")], seed=5)
    app.settings.language = language
    app.apply_settings()
    try:
        scene = open_stats(app) if language == "en" else app.scenes.push(StatsScene(app))
        for game in ("orlan", "olsen", "aluette"):
            scene.show_game(game)
            app.tick(DT)
            d = scene.details_rect
            assert d is not None and app.screen.get_rect().contains(d)
            assert d.bottom <= scene.reset_button.rect.top
            assert all(not r.colliderect(d) for _, r in scene.row_rects)
            buttons = [b.rect for b in scene.elements]
            assert all(app.screen.get_rect().contains(r) for r in buttons)
            assert all(not a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
            font = fonts.font(ui_font_size(app.scale), True)
            assert all(font.size(b.text)[0] < b.rect.width for b in scene.elements)  # no cut label
    finally:
        app.settings.language = "en"
        app.apply_settings()


def test_an_old_statistics_document_shows_its_orlan_figures():
    from game.app import App
    from game.settings import Settings
    from game.storage import MemoryStorage

    old = {"games": 2, "wins": 1, "by_level": {"expert": {"games": 2, "wins": 1}}, "rounds": 9, "points": 20,
           "cards": 190, "clubs": 50, "two_clubs": 4, "ten_diamonds": 5, "sweeps": 3, "bi_qahwa": 1, "best": None,
           "recent": [{"date": "2025-05-01", "won": True, "score": 11, "margin": 4, "rounds": 4, "points_per_round": 2.75, "opponents": ["expert"]},
                      {"date": "2025-05-02", "won": False, "score": 9, "margin": -2, "rounds": 5, "points_per_round": 1.8, "opponents": ["expert"]}]}
    store = MemoryStorage()
    store.put("stats", {"version": 1, "profiles": {"Ana": old}, "names": ["Ana"]})
    app = App((1280, 720), headless=True, settings=Settings(language="en", sound=False), seed=11, storage=store)
    scene = open_stats(app)
    app.tick(DT)
    assert scene.game_id == "orlan" and scene.names() == ["Ana"]
    assert scene.drawn_details == expected_details(
        {"rounds": 9, "cards": 190, "clubs": 50, "two_clubs": 4, "ten_diamonds": 5, "sweeps": 3, "bi_qahwa": 1})
    assert scene.rows() == [["Ana", "2", "1", "50 %", fmt(20 / 9), "11"]]


def test_the_chart_scale_follows_the_players_figures():
    """One Basic Rummy game of 0 points was drawn on a 0-900 scale (the most a hand can
    give): now a round scale over the player's own figures, 50 at least there."""
    app = make_app((800, 480))
    rng = random.Random(1)
    m = Match("basic_rummy", [Seat("human", "Ann"), Seat("human", "Bo")], {"hands": 1}, seed=4)
    while not m.finished:
        m.play(rng.choice(m.state.legal_moves()))
    assert app.stats.record_game(m.tally)
    zero = next(n for n in ("Ann", "Bo") if app.stats.points_per_round_series(n, "basic_rummy") == [0.0])
    scene = app.scenes.push(StatsScene(app, "basic_rummy"))
    app.tick(DT)
    select(app, scene, zero)
    app.tick(DT)
    assert scene.chart_range == (0.0, 50.0)


def test_a_chart_with_negative_figures_draws_them_below_zero():
    from game.stats import chart_scale

    assert chart_scale([30.0, -12.0], 420) == (-50.0, 50.0)  # Leipzig: deals can cost points
    assert chart_scale([250.0], 2000) == (0.0, 500.0)  # Bezique: not flat under 2,000
    assert chart_scale([25.5], 26) == (0.0, 26.0)  # never past the most a round can give
