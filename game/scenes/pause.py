"""Pause overlay over the table: resume, the table's buttons that did not fit its top bar
(a phone: Hint, Undo, Sound), rules, settings, main menu."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.summary import SHADE
from game.ui import fonts, widgets


class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def items(self) -> list[tuple[str, object, bool]]:
        extras = self.table.menu_extras() if hasattr(self.table, "menu_extras") else []
        return (
            [("pause.resume", self.back, True)]
            + [(key, self.then_resume(action), enabled) for key, action, enabled in extras]
            + [("menu.rules", self.rules, True), ("menu.settings", lambda: self.app.operator_gate(self.settings), True), ("pause.main_menu", self.main_menu, True)]
        )

    def then_resume(self, action):
        """A table button from the menu: back to the table, then the button's action."""
        def run():
            self.back()
            action()
        return run

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        u = self.app.units
        bh = widgets.button_height(s)
        gap = max(u.px(6), int(12 * s))
        items = self.items()
        self.title_size = u.text(44, least=20)
        title_h = fonts.font(self.title_size, True).get_linesize()
        bw = min(w - 2 * u.px(16), max(u.px(260), int(380 * s)))
        total = len(items) * bh + (len(items) - 1) * gap
        top = max(title_h + 2 * gap, (h - total) // 2)
        if top + total > h - gap:  # a low screen: smaller gaps, then two columns
            gap = u.px(4)
            total = len(items) * bh + (len(items) - 1) * gap
            top = max(title_h + gap, (h - total) // 2)
        columns = 1 if top + total <= h - gap else 2
        per = -(-len(items) // columns)
        if columns == 2:
            bw = min((w - 3 * u.px(16)) // 2, bw)
            top = max(title_h + gap, (h - (per * bh + (per - 1) * gap)) // 2)
        for i, (key, action, enabled) in enumerate(items):
            col, row = divmod(i, per)
            cx = w // 2 if columns == 1 else (w // 4 if col == 0 else 3 * w // 4)
            rect = pygame.Rect(cx - bw // 2, top + row * (bh + gap), bw, bh)
            self.button(rect, t(key), action, enabled)
        self.top = top
        if self.focus < 0:
            self.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        # Nearly opaque: the table's cards, texts and banners do not show half through.
        widgets.shade(surface, SHADE)
        w = surface.get_width()
        title_h = fonts.font(self.title_size, True).get_linesize()
        box = pygame.Rect(0, max(0, self.top - title_h - self.app.units.px(8)), w, title_h)
        fonts.draw_in_box(surface, t("pause.title"), self.title_size, widgets.GOLD, box, bold=True)

    def rules(self) -> None:
        self.app.scenes.push(catalog.make("rules", self.app, self.table.match.game_id))

    def settings(self) -> None:
        self.app.scenes.push(catalog.make("settings", self.app))

    def main_menu(self) -> None:
        self.app.scenes.reset(catalog.make("menu", self.app))
