"""Statistics: games played and won per player, best score."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets


class StatsScene(Scene):
    name = "stats"

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.3), int(300 * s))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(14 * s), bw, bh), t("common.back"), self.back)

    def rows(self) -> list[dict]:
        return self.app.stats.summary()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        title = widgets.title(surface, t("stats.title"), s, max(6, int(14 * s)), size=44)
        rows = self.rows()
        size = max(14, int(22 * s))
        area = pygame.Rect(int(w * 0.08), title.bottom + int(16 * s), int(w * 0.84), h - title.bottom - widgets.button_height(s) - int(50 * s))
        widgets.panel(surface, area)
        if not rows:
            fonts.blit_text(surface, t("stats.empty"), size, widgets.SOFT, area.center, "center", max_width=area.width - 20)
            return
        cols = [t("stats.player"), t("stats.played"), t("stats.won"), t("stats.win_rate"), t("stats.best")]
        xs = [area.x + int(area.width * f) for f in (0.04, 0.42, 0.57, 0.71, 0.86)]
        line = int(size * 1.6)
        y = area.y + int(size * 0.6)
        for x, c in zip(xs, cols):
            fonts.blit_text(surface, c, size, widgets.GOLD, (x, y), bold=True, max_width=int(area.width * 0.14) if x != xs[0] else int(area.width * 0.36))
        for r in rows[: max(1, (area.height - line) // line - 1)]:
            y += line
            rate = t("stats.percent", value=round(100 * r["won"] / r["played"])) if r["played"] else t("stats.none")
            vals = [r["name"], t("common.number", value=r["played"]), t("common.number", value=r["won"]), rate, t("common.number", value=r["best"])]
            for x, v in zip(xs, vals):
                fonts.blit_text(surface, v, size, widgets.WHITE, (x, y), max_width=int(area.width * 0.36) if x == xs[0] else int(area.width * 0.14))
