"""The statistics scene: the details of a profile, and Reset with its confirmation."""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from tests.test_scenes import DT, button_with_text, click, key, make_app
from game.scenes.match import Match, Seat
from game.scenes.stats import ResetStatsScene, StatsScene


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
                side = next(s for s in summary["sides"] if seat in s["seats"])
                c["rounds"] += 1
                c["cards"] += side["cards"]
                c["clubs"] += side["clubs"]
                c["two_clubs"] += side["breakdown"]["two_clubs"] > 0
                c["ten_diamonds"] += side["breakdown"]["ten_diamonds"] > 0
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
    stored = app.storage.get("stats")["profiles"]
    assert stored["Ana"]["by_game"] == {}  # every game of Ana forgotten
    assert stored["Bo"]["by_game"]["orlan"]["games"] == 2
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
    stored = app.storage.get("stats")["profiles"]
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
