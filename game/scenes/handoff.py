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
        bw = min(w - self.app.units.px(32), max(self.app.units.px(260), int(420 * s)))
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
        surface.fill((18, 22, 30))
        u = self.app.units
        name = self.table.match.seats[self.seat].name
        margin = u.px(16)
        title = u.text(52, least=24)
        title_box = pygame.Rect(margin, int(h * 0.2), w - 2 * margin, fonts.font(title, True).get_linesize() * 2)
        fonts.draw_in_box(surface, t("handoff.title", name=name), title, widgets.GOLD, title_box, bold=True)
        hint = u.text(22, least=14)
        fonts.draw_in_box(surface, t("handoff.hint", name=name), hint, widgets.SOFT, pygame.Rect(margin, title_box.bottom + margin, w - 2 * margin, fonts.font(hint).get_linesize() * 3))
