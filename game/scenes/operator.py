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
        bw = min(int(w * 0.3), int(280 * s))
        gap = max(8, int(12 * s))
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(w // 2 - bw, int(h * 0.4), 2 * bw, bh), self.app.ui)
        self.entry.set_allowed_characters("numbers")
        self.entry.set_text_length_limit(12)
        self.entry.focus()
        self.elements.append(self.entry)
        y = int(h * 0.4) + bh + 2 * gap
        self.button(pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh), t("common.back"), self.back)
        self.button(pygame.Rect(w // 2 + gap // 2, y, bw, bh), t("kiosk.unlock"), self.submit)

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
        widgets.title(surface, t("kiosk.operator_title"), s, int(h * 0.15), size=44)
        if self.wrong:
            fonts.blit_text(surface, t("kiosk.code_wrong"), max(15, int(22 * s)), (255, 140, 120), (w // 2, int(h * 0.32)), "center", bold=True)
