"""Kiosk mode: the operator code gate before quitting or changing settings."""
from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui

from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets


class OperatorScene(Scene):
    name = "operator"

    def __init__(self, app, then: Callable[[], None]) -> None:
        super().__init__(app)
        self.then = then
        self.wrong = False

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(10 * s))
        bw = min(int(w * 0.3), int(280 * s))
        key_w = max(64, int(110 * s))
        top = int(h * 0.22)
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(w // 2 - (3 * key_w + 2 * gap) // 2, top, 3 * key_w + 2 * gap, bh), self.app.ui)
        self.entry.set_allowed_characters("numbers")
        self.entry.set_text_length_limit(12)
        self.entry.focus()
        self.elements.append(self.entry)
        # An on-screen keypad: kiosks are often touch screens without a keyboard.
        y0 = top + bh + gap
        key_h = max(40, min(bh, (h - y0 - bh - 3 * gap) // 4 - gap))
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", None, "0", None]
        for i, digit in enumerate(labels):
            r, c = divmod(i, 3)
            rect = pygame.Rect(w // 2 - (3 * key_w + 2 * gap) // 2 + c * (key_w + gap), y0 + r * (key_h + gap), key_w, key_h)
            if digit is not None:
                self.button(rect, digit, lambda d=digit: self.type_digit(d), focusable=False)
            elif i == 9:
                self.button(rect, t("kiosk.erase"), self.erase, focusable=False)
        y = h - bh - int(12 * s)
        self.button(pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh), t("common.back"), self.back)
        self.button(pygame.Rect(w // 2 + gap // 2, y, bw, bh), t("kiosk.unlock"), self.submit)

    def type_digit(self, digit: str) -> None:
        text = self.entry.get_text()
        if len(text) < 12:
            self.entry.set_text(text + digit)

    def erase(self) -> None:
        self.entry.set_text(self.entry.get_text()[:-1])

    def submit(self) -> None:
        if self.app.kiosk.check_code(self.entry.get_text()):
            self.app.scenes.pop()
            self.then()
        else:
            self.wrong = True
            self.entry.set_text("")

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN:
            return False  # digits go to the code field
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        r = widgets.title(surface, t("kiosk.operator_title"), s, max(6, int(h * 0.03)), size=40)
        if self.wrong:
            fonts.blit_text(surface, t("kiosk.code_wrong"), max(15, int(20 * s)), (255, 140, 120), (w // 2, (r.bottom + int(h * 0.22)) // 2), "center", bold=True)
