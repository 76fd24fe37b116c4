"""Scene stack: push, pop, replace. A scene draws and routes input; it holds no rules.

Each scene owns the pygame_gui elements it creates in ``build`` (called on enter, on
resize, on language change and when it comes back to the top of the stack) and drops
them in ``clear``. Keyboard: arrows/Tab move the focus between buttons, Enter presses
the focused one, Esc goes back.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

import pygame
import pygame_gui


class TouchTarget(NamedTuple):
    """Something a finger can tap: its kind ("button", "card", "pile", "seat", ...), a label
    (the button's text, the card's code) and its rectangle in device pixels."""

    kind: str
    label: str
    rect: pygame.Rect


class Scene:
    overlay = False  # True: the scene below is drawn first (pause, hand-off)
    fills_screen = False  # True: it paints every pixel (the app need not clear the screen first)
    name = "scene"

    def __init__(self, app) -> None:  # app: game.app.App
        self.app = app
        self.elements: list = []
        self.actions: dict = {}
        self.focusables: list = []
        self.focus = -1

    # ------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear()

    def cover(self) -> None:
        """Another scene was pushed on top."""
        self.clear()

    def uncover(self) -> None:
        self.build()

    def build(self) -> None:
        self.clear()
        self.layout()
        if self.focusables:
            self.focus = min(max(self.focus, 0), len(self.focusables) - 1) if self.focus >= 0 else -1
            self._show_focus()

    def layout(self) -> None:
        """Create the elements for the current window size (subclasses)."""

    def clear(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements = []
        self.actions = {}
        self.focusables = []

    # ------------------------------------------------------------ widgets
    def button(self, rect: pygame.Rect, text: str, action: Callable[[], None] | None, enabled: bool = True, focusable: bool = True, object_id: str | None = None):
        kw = {"object_id": object_id} if object_id else {}
        b = pygame_gui.elements.UIButton(pygame.Rect(rect), text, self.app.ui, **kw)
        if not enabled:
            b.disable()
        self.elements.append(b)
        if action is not None:
            self.actions[b] = action
        if focusable and enabled:
            self.focusables.append(b)
        return b

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None):
        kw = {"object_id": object_id} if object_id else {}
        lab = pygame_gui.elements.UILabel(pygame.Rect(rect), text, self.app.ui, **kw)
        self.elements.append(lab)
        return lab

    def _show_focus(self) -> None:
        for i, b in enumerate(self.focusables):
            if i == self.focus:
                b.select()
            else:
                b.unselect()

    def move_focus(self, delta: int) -> None:
        if not self.focusables:
            return
        self.focus = (self.focus + delta) % len(self.focusables) if self.focus >= 0 else (0 if delta > 0 else len(self.focusables) - 1)
        self._show_focus()

    # ------------------------------------------------------------ touch targets
    def touch_targets(self) -> list[TouchTarget]:
        """Every place a tap acts on this screen: its visible buttons, then the scene's own
        tap zones (``tap_zones``). The layout tests measure them (44x44 logical at least,
        none overlapping)."""
        out = [
            TouchTarget("button", str(getattr(el, "text", "")), pygame.Rect(el.rect))
            for el in self.elements
            if isinstance(el, pygame_gui.elements.UIButton) and el.visible and el.alive()
        ]
        return out + self.tap_zones()

    def tap_zones(self) -> list[TouchTarget]:
        """Places a tap acts on that are not pygame_gui buttons (cards, piles, a code pad's keys)."""
        return []

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                self.app.sounds.play("tick")
                action()
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT):
                self.move_focus(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT) or event.key == pygame.K_TAB:
                self.move_focus(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and 0 <= self.focus < len(self.focusables):
                action = self.actions.get(self.focusables[self.focus])
                if action is not None:
                    action()
                    return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
        return False

    def back(self) -> None:
        if len(self.app.scenes.stack) > 1:
            self.app.scenes.pop()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneManager:
    def __init__(self, app) -> None:  # app: game.app.App
        self.app = app
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].cover()
        self.stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].uncover()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack and show one scene (back to the menu, a new game)."""
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        return scene

    def find(self, cls) -> Scene | None:
        for s in reversed(self.stack):
            if isinstance(s, cls):
                return s
        return None

    def rebuild(self) -> None:
        if self.stack:
            self.stack[-1].build()

    def handle(self, event) -> None:
        if self.stack:
            self.stack[-1].handle(event)

    def update(self, dt: float) -> None:
        if self.stack:
            self.stack[-1].update(dt)

    def drawn(self) -> list[Scene]:
        """The scenes drawn this frame: from the last opaque one up (overlays show what they cover)."""
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        return self.stack[max(0, start):]

    def draw(self, surface) -> None:
        for s in self.drawn():
            s.draw(surface)
