"""The layout matrix's table-side cases that the other layout tests leave: for every registered
game, each step of your turn that shows buttons (a rummy's meld, lay-off and discard, a
Bezique declaration, a tarot skart, Olsen's pass, the draws: tests/step_cases.py) and the
round summary (a first round's and the game over one's), at every size of the layout tests
in English, French and Dutch; and the table mid-round with the most seats in French and
Dutch, and in English at the sizes tests/test_table_screens.py does not draw. Every text drawn fits its box, on screen,
at 12 logical px or more; every touch target is 44x44 logical, on screen, over no other."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.scenes import catalog  # noqa: E402
from game.ui.units import TOUCH  # noqa: E402
from tests.layout_helpers import drawn_texts, target_problems, text_problems  # noqa: E402
from tests.screen_cases import SIZES, make_app  # noqa: E402
from tests.step_cases import all_step_cases, all_summary_cases  # noqa: E402
from tests.table_cases import most_seats  # noqa: E402

# The sizes tests/test_table_screens.py draws the table at in English.
TABLE_SCREENS_SIZES = {(390, 844, 1), (844, 390, 1), (800, 480, 1), (1920, 1080, 1), (390, 844, 3)}


@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    """Kiosk mode raises the smallest button for its process; these measure the app's own."""
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


def size_id(size) -> str:
    return f"{size[0]}x{size[1]}" + (f"@{size[2]}" if size[2] != 1 else "")


def matrix(english=SIZES, others=SIZES) -> list:
    return [pytest.param("en", s, id=f"en-{size_id(s)}") for s in english] + [pytest.param(lang, s, id=f"{lang}-{size_id(s)}") for lang in ("fr", "nl") for s in others]


def app_for(language: str, size):
    app = make_app(size[:2], size[2], language)
    app.settings.animation_speed = "off"
    return app


def open_table(app, match):
    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))
    app.run_frames(2)
    table.skip_animations()
    app.run_frames(2)
    return table


def problems(app, where: str, cut: bool = False) -> list[str]:
    return [f"{where}: {p}" for p in text_problems(app, drawn_texts(app), cut=cut) + target_problems(app)]


def report(found: list[str]) -> str:
    return f"{len(found)} problems:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("language, size", matrix())
def test_every_step_with_buttons_fits(language, size):
    app = app_for(language, size)
    found = []
    for case in all_step_cases(app):
        match, _ = case.play()
        table = open_table(app, match)
        where = f"{case.game_id} {case.players}p {case.step}"
        assert app.scenes.top is table and table.my_turn(), where
        assert table.action_buttons or table.choice_rects, f"{where}: no buttons"
        found += problems(app, where)
    pygame.display.quit()
    assert not found, report(found)


@pytest.mark.parametrize("language, size", matrix())
def test_every_round_summary_fits(language, size):
    app = app_for(language, size)
    found = []
    for case in all_summary_cases():
        match, events = case.play()
        summary = next(e["summary"] for e in events if "summary" in e)
        app.scenes.reset(catalog.make("menu", app))
        app.scenes.push(catalog.make("summary", app, match, summary, match.finished))
        app.run_frames(1)
        found += problems(app, f"{case.game_id} {case.players}p {case.step}", cut=True)
    pygame.display.quit()
    assert not found, report(found)


@pytest.mark.parametrize("language, size", matrix(english=[s for s in SIZES if s not in TABLE_SCREENS_SIZES]))
def test_the_table_mid_round_fits(language, size):
    """Your turn a few moves into the first round, each game at its most seats and at the
    count that deals the largest hand."""
    from tests.test_table_screens import mid_round

    app = app_for(language, size)
    found = []
    for game_id, players in most_seats():
        table = open_table(app, mid_round(game_id, players))
        where = f"{game_id} {players}p"
        assert app.scenes.top is table and table.my_turn(), where
        found += problems(app, where)
        hand = table.shown["hand"]
        if sorted(code for code, _ in table.hand_targets()) != sorted(hand):
            found.append(f"{where}: not every card of the hand can be tapped")
    pygame.display.quit()
    assert not found, report(found)


def test_a_summary_taller_than_the_phone_scrolls_to_every_player_and_note():
    """Seven rummy hands on a phone upright: the blocks and the notes scroll under a finger
    between the title and Continue, and every player's name and every note is shown whole
    on the way (the last ones ran under Continue and off the screen)."""
    from tests.ui_helpers import drag

    app = app_for("en", (360, 640, 1))
    case = next(c for c in all_summary_cases() if c.players == 7 and "game over" in c.step)
    match, events = case.play()
    summary = next(e["summary"] for e in events if "summary" in e)
    app.scenes.reset(catalog.make("menu", app))
    scene = app.scenes.push(catalog.make("summary", app, match, summary, match.finished))
    app.run_frames(1)
    area = scene.scroll.area
    assert scene.scroll.room > 0 and area.bottom <= scene.continue_rect.top
    wanted = [row[0] for row in scene.rows()] + scene.note_lines(app.units.text(16, least=12), area.width - 2 * app.units.px(8))
    seen = set()
    for _ in range(40):
        texts = drawn_texts(app)
        assert text_problems(app, texts) == []
        seen |= {d.text for d in texts if area.contains(d.rect)}
        if scene.scroll.offset >= scene.scroll.room:
            break
        drag(app, (area.centerx, area.bottom - 10), (area.centerx, area.bottom - 10 - area.height // 2))
    assert scene.scroll.offset == scene.scroll.room
    assert [text for text in wanted if text not in seen] == []
