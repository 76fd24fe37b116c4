"""Input helpers shared by the app's scene tests: real events through the event queue."""
from __future__ import annotations

import pygame

from game.app import App

DT = 1 / 60


def click(app: App, pos) -> None:
    """A left click through the event queue; pygame_gui posts its own events back, so pump twice."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.tick(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
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
