"""Pause overlay over the table: resume, rules, settings, main menu."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes import catalog
from game.scenes.base import Scene
from game.ui import widgets


class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(12 * s))
        bw = min(int(w * 0.7), max(260, int(380 * s)))
        items = [("pause.resume", self.back), ("menu.rules", self.rules), ("menu.settings", lambda: self.app.operator_gate(self.settings)), ("pause.main_menu", self.main_menu)]
        total = len(items) * bh + (len(items) - 1) * gap
        top = max(int(h * 0.2), (h - total) // 2)
        for rect, (key, action) in zip(widgets.column(w // 2, top, bw, bh, gap, len(items)), items):
            self.button(rect, t(key), action)
        self.top = top
        if self.focus < 0:
            self.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 170)
        s = self.app.scale
        widgets.title(surface, t("pause.title"), s, max(8, self.top - int(80 * s)), size=44)

    def rules(self) -> None:
        self.app.scenes.push(catalog.make("rules", self.app, self.table.match.game_id))

    def settings(self) -> None:
        self.app.scenes.push(catalog.make("settings", self.app))

    def main_menu(self) -> None:
        self.app.scenes.reset(catalog.make("menu", self.app))
