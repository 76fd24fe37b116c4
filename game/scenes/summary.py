"""Round summary: the table of numbers the game's view declares (columns and rows), its
notes, then Continue."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.scenes.views import standalone_view
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO, suit_colours


class SummaryScene(Scene):
    name = "summary"
    overlay = True

    def __init__(self, app, match, summary: dict, game_over: bool, view=None) -> None:
        super().__init__(app)
        self.match = match
        self.summary = summary
        self.game_over = game_over
        if view is None:
            view = standalone_view(app, match)
        self.view = view
        self.table = view.summary(summary, game_over)

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.4), int(320 * s))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(16 * s), bw, bh), t("summary.continue"), self.close)
        self.focus = 0

    def close(self) -> None:
        table = self.app.scenes.stack[-2] if len(self.app.scenes.stack) > 1 else None
        self.app.scenes.pop()
        if table is not None and hasattr(table, "after_summary"):
            table.after_summary()

    def back(self) -> None:
        self.close()

    def rows(self) -> list[list[str]]:
        return self.table.rows

    def notes(self) -> list[str]:
        return self.table.notes

    def draw_spread(self, surface: pygame.Surface, groups: list[tuple[str, list[str]]], cell: pygame.Rect) -> None:
        """A hand laid out in a row of the table: its groups side by side, each group's
        cards overlapped (indexes visible), laid-off cards framed in gold, deadwood in red."""
        groups = [(kind, cards) for kind, cards in groups if cards]
        if not groups:
            return
        cw = max(12, int(cell.height / CARD_RATIO))
        while True:
            step, gap = max(6, int(cw * 0.42)), max(4, cw // 3)
            need = sum(cw + step * (len(c) - 1) for _, c in groups) + gap * (len(groups) - 1)
            if need <= cell.width or cw <= 12:
                break
            cw -= 1
        ch = int(cw * CARD_RATIO)
        x, y = cell.x, cell.centery - ch // 2
        frame = {"layoff": widgets.GOLD, "deadwood": (230, 80, 70)}
        for kind, cards in groups:
            for j, code in enumerate(cards):
                surface.blit(self.view.face(code, cw), (x + j * step, y))
            span = pygame.Rect(x, y, cw + step * (len(cards) - 1), ch)
            if kind in frame:
                pygame.draw.rect(surface, frame[kind], span.inflate(4, 4), max(2, int(2 * self.app.scale)), border_radius=6)
            x = span.right + gap

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 210)
        w, h = surface.get_size()
        s = self.app.scale
        tab = self.table
        r = widgets.title(surface, tab.title, s, max(6, int(14 * s)), size=40)
        size = max(14, int(22 * s))
        line = head_h = int(size * 1.9)
        rows = tab.rows
        if tab.spreads:  # rows tall enough for the cards spread in them, as the window allows
            note_size = max(13, int(19 * s))
            notes_h = (fonts.font(note_size).get_linesize() + 4) * len(tab.notes) + int(30 * s) if tab.notes else 0
            free = h - r.bottom - int(12 * s) - notes_h - widgets.button_height(s) - int(28 * s)
            line = max(line, min(int(size * 5), (free - head_h - int(size * 0.8)) // max(1, len(rows))))
        area = pygame.Rect(int(w * 0.04), r.bottom + int(12 * s), int(w * 0.92), head_h + line * len(rows) + int(size * 0.8))
        widgets.panel(surface, area, alpha=240, colour=(16, 24, 34))
        xs = [0.0]
        for wd in tab.widths[:-1]:
            xs.append(xs[-1] + wd)
        last = len(tab.headers) - 1
        bold = {last if b == -1 else b for b in tab.bold}
        white = [(255, 255, 255)] * 4
        # Suit signs in the headers in their colours, black ones white on the dark panel.
        heads = [c if c != (20, 20, 24) else (255, 255, 255) for c in suit_colours(self.app.settings.four_colour_suits)]
        y = area.y + int(size * 0.4)
        hsize = max(12, int(17 * s))
        for f, wd, head in zip(xs, tab.widths, tab.headers):
            fonts.blit_text(surface, head, hsize, widgets.GOLD, (area.x + int(area.width * f) + 8, y + head_h // 2), "midleft", True, max_width=int(area.width * wd) - 10, suit_colours=heads)
        y += head_h - line
        for i, row in enumerate(rows):
            y += line
            for k, (f, wd, val) in enumerate(zip(xs, tab.widths, row)):
                x = area.x + int(area.width * f) + 8
                colour = widgets.GOLD if k == last and i in tab.best else widgets.WHITE
                if k == tab.team_column and val.isdigit():
                    colours = self.view.TEAM_COLOURS
                    pygame.draw.circle(surface, colours[(int(val) - 1) % len(colours)], (x + size // 3, y + line // 2), size // 3)
                    fonts.blit_text(surface, val, size, colour, (x + 6 + size, y + line // 2), "midleft", True)
                    continue
                if tab.spreads and k == tab.spread_column and i < len(tab.spreads):
                    self.draw_spread(surface, tab.spreads[i], pygame.Rect(x, y + 2, int(area.width * wd) - 12, line - 4))
                    continue
                fonts.blit_text(surface, val, size, colour, (x, y + line // 2), "midleft", k in bold, max_width=int(area.width * wd) - 10, suit_colours=white)
        y = area.bottom + int(12 * s)
        if not tab.notes:
            return
        note_size = max(13, int(19 * s))
        line_h = fonts.font(note_size).get_linesize() + 4
        box = pygame.Rect(area.x, y - 6, area.width, line_h * len(tab.notes) + 12)
        widgets.panel(surface, box, alpha=240, colour=(16, 24, 34))
        for note in tab.notes:
            rr = fonts.blit_text(surface, note, note_size, widgets.SOFT, (w // 2, y), "midtop", max_width=area.width - 20)
            y = rr.bottom + 4
