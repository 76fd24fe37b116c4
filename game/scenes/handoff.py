"""Hot seat: "pass the device to <name>". Opaque, so no hand is visible until the tap."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets


class HandoffScene(Scene):
    name = "handoff"
    overlay = False  # covers the whole table: nothing of any hand shows through

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.7), max(260, int(420 * s)))
        self.ready = self.button(pygame.Rect(w // 2 - bw // 2, int(h * 0.62), bw, bh), t("handoff.ready"), self.tap)
        self.focus = 0

    def tap(self) -> None:
        self.app.scenes.pop()
        self.table.reveal(self.seat)

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            self.table.pause()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.ready.rect.collidepoint(event.pos):
            # A tap anywhere hands over (the button is there for clarity and keyboards).
            self.tap()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.fill((18, 22, 30))
        name = self.table.match.seats[self.seat].name
        widgets.title(surface, t("handoff.title", name=name), s, int(h * 0.25), size=52)
        fonts.blit_text(surface, t("handoff.hint", name=name), max(15, int(22 * s)), widgets.SOFT, (w // 2, int(h * 0.45)), "center", max_width=int(w * 0.9))
