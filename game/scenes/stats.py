"""Statistics per player profile (game.stats): games, wins, win rate, points per round, best."""
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

    def rows(self) -> list[list[str]]:
        stats = self.app.stats
        names = list(stats.names) + sorted(n for n in stats.profiles if n not in stats.names)
        out = []
        for name in names:
            s = stats.summary(name)
            if not s["games"]:
                continue
            best = s["best"]["score"] if s["best"] else 0
            out.append([
                name,
                t("common.number", value=s["games"]),
                t("common.number", value=s["wins"]),
                t("stats.percent", value=round(100 * s["win_rate"])),
                t("common.number", value=round(s["points_per_round"], 1)),
                t("common.number", value=best),
            ])
        return out

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        title = widgets.title(surface, t("stats.title"), s, max(6, int(14 * s)), size=44)
        rows = self.rows()
        size = max(14, int(22 * s))
        area = pygame.Rect(int(w * 0.06), title.bottom + int(16 * s), int(w * 0.88), h - title.bottom - widgets.button_height(s) - int(50 * s))
        widgets.panel(surface, area)
        if not rows:
            fonts.blit_text(surface, t("stats.empty"), size, widgets.SOFT, area.center, "center", max_width=area.width - 20)
            return
        cols = [t("stats.player"), t("stats.played"), t("stats.won"), t("stats.win_rate"), t("stats.points_per_round"), t("stats.best")]
        fracs = [0.03, 0.33, 0.45, 0.57, 0.70, 0.86]
        widths = [0.29, 0.11, 0.11, 0.12, 0.15, 0.13]
        line = int(size * 1.6)
        y = area.y + int(size * 0.6)
        for f, wd, c in zip(fracs, widths, cols):
            fonts.blit_text(surface, c, max(12, int(size * 0.8)), widgets.GOLD, (area.x + int(area.width * f), y), bold=True, max_width=int(area.width * wd))
        for r in rows[: max(1, (area.height - line) // line - 1)]:
            y += line
            for f, wd, v in zip(fracs, widths, r):
                fonts.blit_text(surface, v, size, widgets.WHITE, (area.x + int(area.width * f), y), max_width=int(area.width * wd))
