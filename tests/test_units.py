"""Logical pixels and density (docs/layout.md): the shapes of screens, the zoom desktops had
before density existed, the minimums at a phone's density, resizes and rotations that keep
what is shown, windows of any size without a crash, and the hooks the layout tests use."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, layout_size  # noqa: E402
from game.scenes import catalog  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui import fonts, units, widgets  # noqa: E402
from game.ui.viewport import BrowserViewport  # noqa: E402
from tests.layout_helpers import target_problems  # noqa: E402


def app_at(size, density=1.0) -> App:
    return App(size, headless=True, settings=Settings(language="en", sound=False), storage=MemoryStorage(), seed=3, density=density)


@pytest.mark.parametrize("size, shape", [
    ((360, 640), "portrait"), ((390, 844), "portrait"), ((430, 932), "portrait"),
    ((640, 360), "short"), ((844, 390), "short"), ((932, 430), "short"), ((800, 480), "short"),
    ((768, 1024), "tablet"), ((1024, 768), "desktop"), ((1280, 800), "desktop"),
    ((1920, 1080), "desktop"), ((3840, 2160), "desktop"),
])
def test_the_shape_of_each_screen_of_the_issue(size, shape):
    assert units.shape_of(*size) == shape
    # The same screen at a phone's density has the same shape: shapes are logical.
    assert units.units_for((size[0] * 3, size[1] * 3), 3).shape == shape


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)])
def test_a_desktop_at_density_one_is_zoomed_as_before(size):
    before = max(0.6, min(size[0] / 1280, size[1] / 720, 3.0))  # the app's scale until density
    u = units.units_for(size, 1)
    assert u.zoom == before and u.scale == before


def test_a_hidpi_desktop_draws_the_design_at_the_same_logical_size_with_more_pixels():
    u = units.units_for((3840, 2160), 2)
    assert u.logical == (1920, 1080) and u.zoom == 1.5 and u.scale == 3.0
    assert u.px(44) == 88 and u.lp(88) == 44 and u.touch == 88
    assert u.text(10) == 30 and u.text(2) == u.px(units.BODY_TEXT)


def test_a_3x_phone_upright():
    app = app_at((1170, 2532), 3)
    assert app.logical_size == (390, 844) and app.shape == "portrait" and app.density == 3
    assert app.scale == pytest.approx(1.8)  # the smallest zoom, at three device pixels each
    assert fonts.min_size() == 36 and widgets.min_button() == 3 * widgets.MIN_BUTTON_PX >= 132
    assert widgets.button_height(app.scale) >= 132
    # The text fitter never goes under 12 logical px, whatever the width asked.
    assert fonts.fit_size("Shuffle the pile for a new stock", 60, 10, True) == 36
    assert app.screen.get_size() == (1170, 2532)


def test_a_rotation_keeps_the_game_and_the_dialog_over_it():
    app = app_at((1170, 2532), 3)
    match = Match("olsen", [Seat("human", "Ana")] + [Seat("simple", f"B{i}") for i in range(3)], {}, seed=2)
    app.match = match
    table = app.scenes.push(catalog.make("table", app, match))
    app.run_frames(3)
    pause = app.scenes.push(catalog.make("pause", app, table))
    app.run_frames(2)
    state = match.state.to_json()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2532, h=1170, size=(2532, 1170)))
    app.run_frames(2)
    assert app.shape == "short" and app.size == (2532, 1170) and app.density == 3
    assert app.scenes.top is pause and app.scenes.stack[-2] is table and match.state.to_json() == state
    assert all(b.rect.right <= 2532 and b.rect.bottom <= 1170 for b in pause.elements)


@pytest.mark.parametrize("size, density", [((1, 1), 1), ((120, 80), 1), ((200, 150), 1), ((300, 200), 2), ((3840, 2160), 1), ((2160, 3840), 2)])
def test_every_screen_opens_at_any_window_size_without_a_crash(size, density):
    app = app_at(size, density)
    app.run_frames(2)
    match = Match("orlan", [Seat("human", "Ana"), Seat("simple", "Bo")], {}, seed=1)
    app.match = match
    for name, args in [("setup", ()), ("table", (match,)), ("rules", ()), ("settings", ()), ("stats", ())]:
        scene = app.scenes.push(catalog.make(name, app, *args))
        app.run_frames(2)
        if name == "table":
            app.scenes.push(catalog.make("pause", app, scene))
            app.run_frames(2)
            app.scenes.pop()
        app.scenes.pop()
    assert app.screen.get_size() == size
    floor = layout_size(size, density)
    assert app.size == floor and app.canvas.get_size() == floor


def test_a_window_below_the_floor_maps_a_tap_to_the_shrunk_picture():
    app = app_at((120, 120))
    assert app.size == (240, 240)
    hit = []
    app.scenes.top.handle = lambda event: hit.append(event.pos) or True
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(60, 30), button=1))
    app.tick(1 / 60)
    assert hit == [(120, 60)]


def test_texts_are_recorded_with_their_box_and_never_shrunk_below_the_minimum():
    app_at((1170, 2532), 3)
    surface = pygame.Surface((1170, 2532))
    with fonts.recording() as drawn:
        fonts.blit_text(surface, "Shuffle the pile for a new stock", 60, (255, 255, 255), (10, 10), max_width=200)
        box = pygame.Rect(20, 200, 400, 400)
        fonts.draw_in_box(surface, "Shuffle the pile for a new stock", 60, (255, 255, 255), box, align="left")
        fonts.draw_in_box(surface, "Ongedaan maken (tegen AI)", 60, (255, 255, 255), pygame.Rect(20, 700, 300, 60), short="Ongedaan")
    first, *wrapped, short = drawn
    assert first.size == 36 and first.logical_size == 12 and first.overflows  # the layout must give it room
    assert len(wrapped) >= 2 and all(d.box == box and not d.overflows and d.logical_size >= 12 for d in wrapped)
    assert short.text == "Ongedaan" and not short.overflows
    assert not any(d.cut for d in drawn)


def test_a_text_its_box_cannot_hold_is_recorded_cut():
    """draw_in_box ends a text its box cannot hold with "…" (a status line's last words): the
    layout tests see it as cut, not as a text that fits."""
    app_at((390, 844))
    surface = pygame.Surface((390, 844))
    with fonts.recording() as drawn:
        fonts.draw_in_box(surface, "Before move 1/384 · Ana: 7♣ × 4♠", 15, (255, 255, 255), pygame.Rect(0, 0, 100, 40))
    assert [d.cut for d in drawn] == [False, True] and drawn[-1].text.endswith("…")


def test_touch_targets_list_the_buttons_of_the_screen_shown():
    app = app_at((1280, 720))
    app.run_frames(2)
    targets = app.touch_targets()
    texts = {t.label for t in targets}
    assert {"Statistics", "Settings", "Quit"} <= texts and all(t.kind == "button" for t in targets)
    assert target_problems(app, targets) == []


def test_the_browser_viewport_is_read_in_device_pixels():
    class Page:
        innerWidth, innerHeight, devicePixelRatio = 390, 844, 3

    page = Page()
    view = BrowserViewport(page)
    assert view.changed() == ((1170, 2532), 3.0) and view.changed() is None
    page.innerWidth, page.innerHeight = 844, 390
    assert view.changed() == ((2532, 1170), 3.0)


def test_the_command_line_takes_a_scale():
    from game.cli import build_parser

    args = build_parser().parse_args(["--size=1170x2532", "--scale=3"])
    assert args.size == "1170x2532" and args.scale == 3.0
