"""Main menu: continue, new game, statistics, settings, rules, quit."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import widgets


class MenuScene(Scene):
    name = "menu"

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(12 * s))
        items = [
            ("menu.continue", self.continue_game, self.app.match is not None and not self.app.match.finished),
            ("menu.new_game", self.new_game, True),
            ("menu.statistics", self.statistics, True),
            ("menu.settings", lambda: self.app.operator_gate(self.settings), True),
            ("menu.rules", self.rules, True),
            ("menu.quit", lambda: self.app.operator_gate(self.app.quit), True),
        ]
        bw = min(int(w * 0.8), max(260, int(400 * s)))
        total = len(items) * bh + (len(items) - 1) * gap
        top_min = int(h * 0.27)
        top = max(top_min, (h - total) // 2 + int(h * 0.08))
        top = min(top, h - total - gap)
        self.title_bottom = top
        for rect, (key, action, enabled) in zip(widgets.column(w // 2, top, bw, bh, gap, len(items)), items):
            self.button(rect, t(key), action, enabled)
        if self.focus < 0:
            self.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui import fonts

        w, h = surface.get_size()
        s = self.app.scale
        r = widgets.title(surface, t("app.title"), s, max(4, int(h * 0.03)), size=72)
        sub_size = max(14, int(22 * s))
        # A small fan of cards on each side of the title, drawn by the card renderer.
        cw = max(30, int(r.height * 0.85 / 1.4))
        for i, code in enumerate(["JS", "TD", "2C", "QH"]):
            img = self.app.cards.face(code, cw, self.app.settings.four_colour_suits)
            side = -1 if i < 2 else 1
            k = i % 2
            img = pygame.transform.rotozoom(img, -side * (8 + 10 * k), 1)
            x = w // 2 + side * (r.width // 2 + int(cw * (0.8 + 0.7 * k)))
            surface.blit(img, img.get_rect(center=(x, r.centery)))
        fonts.blit_text(surface, t("app.subtitle"), sub_size, widgets.SOFT, (w // 2, r.bottom + int(cw * 0.25)), "midtop", max_width=int(w * 0.9))

    def continue_game(self) -> None:
        from game.scenes.table import table_scene

        self.app.scenes.push(table_scene(self.app, self.app.match))

    def new_game(self) -> None:
        from game.scenes.setup import SetupScene

        self.app.scenes.push(SetupScene(self.app))

    def statistics(self) -> None:
        from game.scenes.stats import StatsScene

        self.app.scenes.push(StatsScene(self.app))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.scenes.push(RulesScene(self.app))

    def back(self) -> None:
        pass  # Esc on the menu does nothing; Quit is a button
