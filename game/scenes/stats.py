"""Statistics per player profile (game.stats): games, wins, win rate, points per round, best;
for the selected profile, a chart of points per round over the last games and the win
rate against each opponent level. Tap a row (or use the arrow keys) to select a profile."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.selected = 0
        self.row_rects: list[tuple[int, pygame.Rect]] = []

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.3), int(300 * s))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(14 * s), bw, bh), t("common.back"), self.back)

    def names(self) -> list[str]:
        stats = self.app.stats
        names = list(stats.names) + sorted(n for n in stats.profiles if n not in stats.names)
        return [n for n in names if stats.summary(n)["games"]]

    def rows(self) -> list[list[str]]:
        out = []
        for name in self.names():
            s = self.app.stats.summary(name)
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

    def handle(self, event) -> bool:
        n = len(self.names())
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.selected = i
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and n:
            self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % n
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        title = widgets.title(surface, t("stats.title"), s, max(6, int(14 * s)), size=44)
        rows = self.rows()
        size = max(14, int(22 * s))
        area = pygame.Rect(int(w * 0.06), title.bottom + int(12 * s), int(w * 0.88), h - title.bottom - widgets.button_height(s) - int(44 * s))
        widgets.panel(surface, area)
        self.row_rects = []
        if not rows:
            fonts.blit_text(surface, t("stats.empty"), size, widgets.SOFT, area.center, "center", max_width=area.width - 20)
            return
        self.selected = min(self.selected, len(rows) - 1)
        cols = [t("stats.player"), t("stats.played"), t("stats.won"), t("stats.win_rate"), t("stats.points_per_round"), t("stats.best")]
        fracs = [0.03, 0.33, 0.45, 0.57, 0.70, 0.86]
        widths = [0.29, 0.11, 0.11, 0.12, 0.15, 0.13]
        line = int(size * 1.5)
        table_h = min(area.height // 2, line * (len(rows) + 1) + line // 2)
        y = area.y + line // 3
        for f, wd, c in zip(fracs, widths, cols):
            fonts.blit_text(surface, c, max(12, int(size * 0.8)), widgets.GOLD, (area.x + int(area.width * f), y), bold=True, max_width=int(area.width * wd))
        visible = max(1, (table_h - line) // line)
        first = max(0, min(self.selected - visible + 1, len(rows) - visible))
        for i, r in enumerate(rows[first : first + visible], start=first):
            y += line
            rect = pygame.Rect(area.x + 6, y - line // 6, area.width - 12, line)
            self.row_rects.append((i, rect))
            if i == self.selected:
                pygame.draw.rect(surface, (60, 90, 120), rect, border_radius=6)
            for f, wd, v in zip(fracs, widths, r):
                fonts.blit_text(surface, v, size, widgets.WHITE, (area.x + int(area.width * f), y), max_width=int(area.width * wd))
        charts = pygame.Rect(area.x + int(16 * s), area.y + table_h + int(8 * s), area.width - int(32 * s), area.bottom - area.y - table_h - int(16 * s))
        if charts.height > 40:
            self.draw_charts(surface, charts, self.names()[self.selected], size)

    def draw_charts(self, surface, box: pygame.Rect, name: str, size: int) -> None:
        small = max(12, int(size * 0.75))
        stats = self.app.stats
        left = pygame.Rect(box.x, box.y, int(box.width * 0.56), box.height)
        right = pygame.Rect(left.right + int(box.width * 0.06), box.y, box.width - left.width - int(box.width * 0.06), box.height)
        # Points per round over the last games (0 to 5 are at stake per round).
        head = fonts.blit_text(surface, t("stats.chart_points", name=name), small, widgets.GOLD, left.topleft, bold=True, max_width=left.width)
        series = stats.points_per_round_series(name)
        tiny = max(11, int(small * 0.85))
        plot = pygame.Rect(left.x + tiny * 2, head.bottom + tiny + 6, left.width - tiny * 2, min(left.bottom - head.bottom - tiny - 10, int(small * 9)))
        pygame.draw.line(surface, widgets.DIM, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(surface, (90, 100, 110), plot.topleft, plot.topright, 1)
        # Scale: 0 to 5, the points at stake in one round.
        fonts.blit_text(surface, t("common.number", value=5), tiny, widgets.DIM, (plot.x - 4, plot.y), "midright")
        fonts.blit_text(surface, t("common.number", value=0), tiny, widgets.DIM, (plot.x - 4, plot.bottom), "midright")
        if series:
            bw = max(3, min(32, plot.width // max(1, len(series)) - 4))
            for i, v in enumerate(series):
                bh = max(1, int(plot.height * min(1.0, v / 5.0)))
                bar = pygame.Rect(plot.x + 4 + i * (bw + 4), plot.bottom - bh, bw, bh)
                pygame.draw.rect(surface, (110, 200, 140), bar, border_radius=2)
                if bw >= tiny * 1.6:
                    fonts.blit_text(surface, t("common.number", value=round(v, 1)), tiny, widgets.SOFT, (bar.centerx, bar.y - 2), "midbottom")
        # Win rate against each opponent level.
        head = fonts.blit_text(surface, t("stats.chart_levels"), small, widgets.GOLD, right.topleft, bold=True, max_width=right.width)
        levels = stats.win_rate_by_level(name)
        y = head.bottom + 6
        bar_h = max(10, small)
        for level, v in levels.items():
            if y + bar_h > right.bottom:
                break
            label = fonts.blit_text(surface, t(f"kind.{level}"), small, widgets.WHITE, (right.x, y), max_width=int(right.width * 0.4))
            bar = pygame.Rect(right.x + int(right.width * 0.42), y + 2, int(right.width * 0.4), bar_h - 4)
            pygame.draw.rect(surface, (50, 60, 70), bar, border_radius=3)
            pygame.draw.rect(surface, (240, 200, 70), (bar.x, bar.y, int(bar.width * v["rate"]), bar.height), border_radius=3)
            fonts.blit_text(surface, t("stats.percent", value=round(100 * v["rate"])), small, widgets.SOFT, (bar.right + 6, label.centery), "midleft")
            y += bar_h + 6
