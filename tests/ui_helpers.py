"""Helpers shared by the app's scene tests: a headless app, a match opened at the table, and
real input (clicks, taps, drags, keys, the table's buttons) through the event queue."""
from __future__ import annotations

import pygame

from game.app import App
from game.scenes.match import Match
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.settings import Settings
from game.storage import MemoryStorage

DT = 1 / 60


def make_app(size=(1280, 720), storage=None, **settings) -> App:
    """A headless app in English without sound; its files in memory (pass ``storage`` for two
    apps to share them, as a restart would)."""
    st = Settings(language="en", sound=False, **settings)
    return App(size, headless=True, settings=st, seed=11, storage=storage or MemoryStorage())


def push_table(app: App, match: Match) -> TableScene:
    """``match`` at the table over the menu, no frame run yet (a hand-off may come first)."""
    app.match = match
    app.scenes.reset(MenuScene(app))
    return app.scenes.push(TableScene(app, match))


def open_table(app: App, match: Match, settle_frames: int = 2) -> TableScene:
    """``match`` at the table over the menu, its opening animations skipped."""
    table = push_table(app, match)
    app.run_frames(2)
    table.skip_animations()
    app.run_frames(settle_frames)
    return table


def settle(app: App, table: TableScene) -> None:
    """Animations skipped and two frames drawn: the table shows the state as it is."""
    table.skip_animations()
    app.tick(DT)
    app.tick(DT)


def tick_until(app: App, done, frames: int) -> None:
    """Frames one at a time until ``done()`` holds, ``frames`` at the most (the caller then
    asserts what it waited for)."""
    for _ in range(frames):
        app.tick(DT)
        if done():
            return


def click(app: App, pos) -> None:
    """A left click through the event queue; pygame_gui posts its own events back, so pump twice."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.tick(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.tick(DT)
    app.tick(DT)


def press(app: App, table: TableScene, kind: str) -> None:
    """A click on the table's action button ``kind``, after one frame (so the buttons are
    those of the step now); the button must be enabled."""
    app.tick(DT)
    button = table.action_buttons[kind]
    assert button.is_enabled, kind
    click(app, button.rect.center)


def drag(app: App, start, end) -> None:
    """Press, move in steps, release: a real mouse drag through the event queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.tick(DT)
    for k in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.tick(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.tick(DT)
    app.tick(DT)


def tap(app: App, pos) -> None:
    w, h = app.screen.get_size()
    x, y = pos[0] / w, pos[1] / h
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=0, pressure=1.0))
    app.tick(DT)
    app.tick(DT)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.tick(DT)
    app.tick(DT)


def button_with_text(app: App, text: str):
    for b in app.scenes.top.elements:
        if getattr(b, "text", None) == text:
            return b
    raise AssertionError(f"no button {text!r}; buttons: {[getattr(b, 'text', None) for b in app.scenes.top.elements]}")
