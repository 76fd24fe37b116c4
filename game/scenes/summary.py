"""Round summary: the table of numbers the game's view declares (columns and rows), its
notes, then Continue. Where the columns do not fit (a phone), each player's row becomes a
block: name and total, then the other columns as "heading value" pairs, then the hand
spread below; nothing is shrunk under 12 logical px."""
from __future__ import annotations

import math

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.scenes.table_picture import standalone_view
from game.ui import fonts, widgets
from game.ui import screen_layout as sl
from game.ui.cards import CARD_RATIO, suit_colours

# A card in a hand spread is at least this wide (logical px): its index 11 px tall.
CARD_INDEX_WIDTH = 33
# Over the table: its texts (the header, a chip) do not read through under the title.
SHADE = 245


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
        # The table of numbers, when its rows (hands spread in them) are taller than the room
        # between the title and Continue: a phone on its side, many players.
        self.scroll = sl.PixelScroll()

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(max(int(w * 0.4), self.app.units.px(200)), int(320 * s), w - self.app.units.px(32))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(16 * s), bw, bh), t("summary.continue"), self.close)
        self.focus = 0

    def close(self) -> None:
        table = self.app.scenes.stack[-2] if len(self.app.scenes.stack) > 1 else None
        self.app.scenes.pop()
        if table is not None and hasattr(table, "after_summary"):
            table.after_summary()

    def back(self) -> None:
        self.close()

    def handle(self, event) -> bool:
        if self.scroll.handle(event, self.app.units.px(24)):
            return True
        return super().handle(event)

    def rows(self) -> list[list[str]]:
        return self.table.rows

    def notes(self) -> list[str]:
        return self.table.notes

    def draw_spread(self, surface: pygame.Surface, groups: list[tuple[str, list[str]]], cell: pygame.Rect,
                    marks: dict[str, str] | None = None) -> None:
        """A hand laid out in a row of the table: its groups side by side, each group's
        cards overlapped (indexes visible), laid-off cards framed in gold, deadwood in red;
        ``marks`` drawn on their cards by the view (what a joker stands for)."""
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
                if marks and code in marks:
                    visible = step if j < len(cards) - 1 else cw
                    self.view.draw_card_mark(surface, pygame.Rect(x + j * step, y, cw, ch), visible, marks[code])
            span = pygame.Rect(x, y, cw + step * (len(cards) - 1), ch)
            if kind in frame:
                pygame.draw.rect(surface, frame[kind], span.inflate(4, 4), max(2, int(2 * self.app.scale)), border_radius=6)
            x = span.right + gap

    def marks(self, row: int) -> dict[str, str] | None:
        marks = self.table.card_marks
        return marks[row] if marks and row < len(marks) else None

    def columns_fit(self, width: int, size: int, hsize: int) -> bool:
        """Does every heading and value fit its column at the smallest size allowed?"""
        tab = self.table
        least = fonts.min_size()
        for k, (head, share) in enumerate(zip(tab.headers, tab.widths)):
            room = int(width * share) - 10
            if tab.spreads and k == tab.spread_column:
                continue
            if fonts.text_width(head, min(hsize, least), True) > room:
                return False
            for row in tab.rows:
                if k < len(row) and fonts.text_width(row[k], min(size, least), True) > room:
                    return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, SHADE)
        w, h = surface.get_size()
        s = self.app.scale
        u = self.app.units
        tab = self.table
        title_size = u.text(40, least=20)
        title_box = pygame.Rect(u.px(8), max(6, int(14 * s)), w - u.px(16), fonts.font(title_size, True).get_linesize())
        title = fonts.draw_in_box(surface, tab.title, title_size, widgets.GOLD, title_box, bold=True)
        r = title[0].unionall(title[1:]) if title else title_box
        size = u.text(22, least=14)
        if not self.columns_fit(int(w * 0.92), size, u.text(17, least=12)):
            self.draw_stacked(surface, r.bottom + u.px(8))
            return
        line = head_h = int(size * 1.9)
        rows = tab.rows
        note_size = u.text(19, least=13)
        note_line = fonts.font(note_size).get_linesize() + 4
        note_lines = [line for note in tab.notes for line in fonts.wrap(note, note_size, int(w * 0.92) - 20)]
        notes_h = note_line * len(note_lines) + int(12 * s) if tab.notes else 0
        free = h - r.bottom - int(12 * s) - notes_h - widgets.button_height(s) - int(28 * s)
        if tab.spreads:  # rows tall enough for the cards spread in them, as the window allows
            line = max(line, min(int(size * 5), (free - head_h - int(size * 0.8)) // max(1, len(rows))))
            # and never so low that a card's index is under 11 logical px (the rows scroll)
            line = max(line, math.ceil(u.px(CARD_INDEX_WIDTH) * CARD_RATIO) + 5)  # the cell: line - 4
        elif head_h + line * len(rows) + int(size * 0.8) > free:
            # Many players on a low screen (ten in Triomphe Forcée on a phone on its side):
            # closer rows, down to the text's own height, so the notes stay above Continue.
            least = fonts.font(size, True).get_linesize() + 2
            line = head_h = max(least, (free - int(size * 0.8)) // (len(rows) + 1))
        top = r.bottom + int(12 * s)
        view = pygame.Rect(0, top, w, h - widgets.button_height(s) - int(16 * s) - u.px(6) - top)
        self.scroll.fit(view, head_h + line * len(rows) + int(size * 0.8) + notes_h)
        area = pygame.Rect(int(w * 0.04), top - self.scroll.offset, int(w * 0.92), head_h + line * len(rows) + int(size * 0.8))
        clip = surface.get_clip()
        surface.set_clip(view)
        # One panel for the table and its notes (two met with a visible step).
        widgets.panel(surface, area.inflate(0, 0).union(area.move(0, notes_h)), alpha=240, colour=(16, 24, 34))
        xs = [0.0]
        for wd in tab.widths[:-1]:
            xs.append(xs[-1] + wd)
        last = len(tab.headers) - 1
        bold = {last if b == -1 else b for b in tab.bold}
        white = [(255, 255, 255)] * 4
        # Suit signs in the headers in their colours, black ones white on the dark panel.
        heads = [c if c != (20, 20, 24) else (255, 255, 255) for c in suit_colours(self.app.settings.four_colour_suits)]
        y = area.y + int(size * 0.4)
        hsize = u.text(17, least=12)
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
                    self.draw_spread(surface, tab.spreads[i], pygame.Rect(x, y + 2, int(area.width * wd) - 12, line - 4), self.marks(i))
                    continue
                fonts.blit_text(surface, val, size, colour, (x, y + line // 2), "midleft", k in bold, max_width=int(area.width * wd) - 10, suit_colours=white)
        y = area.bottom
        for text in note_lines:
            box = pygame.Rect(area.x + 10, y, area.width - 20, note_line)
            fonts.blit_text(surface, text, note_size, widgets.SOFT, (w // 2, y), "midtop", max_width=box.width, box=box)
            y += note_line
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, sl.measures(self.app))

    def draw_stacked(self, surface: pygame.Surface, top: int) -> None:
        """Narrow screens: one block per row (name and total, the other columns as "heading
        value" pairs, the hand spread under them), then the notes; the blocks scroll when
        they are taller than the room above Continue (hands spread with readable indexes)."""
        w, h = surface.get_size()
        u = self.app.units
        tab = self.table
        pad = u.px(8)
        size = u.text(20, least=14)
        small = u.text(16, least=12)
        line = fonts.font(size, True).get_linesize()
        small_line = fonts.font(small).get_linesize()
        last = len(tab.headers) - 1
        skip = {0, last, tab.team_column} | ({tab.spread_column} if tab.spreads else set())
        area = pygame.Rect(pad, top, w - 2 * pad, 0)
        bottom = h - widgets.button_height(self.app.scale) - int(16 * self.app.scale) - pad
        pairs_room = area.width - 2 * pad
        note_lines = [len(fonts.wrap(note, small, pairs_room)) for note in tab.notes]
        notes_h = sum(small_line * n + pad // 2 for n in note_lines) + (pad if tab.notes else 0)
        blocks = []
        for i, row in enumerate(tab.rows):
            pairs = "  ·  ".join(f"{tab.headers[k]} {row[k]}" for k in range(len(row)) if k not in skip and row[k] != "")
            lines = len(fonts.wrap(pairs, small, pairs_room)) if pairs else 0
            blocks.append((i, pairs, lines))
        spread_h = 0
        if tab.spreads:
            fixed = sum(line + small_line * n + pad for _, _, n in blocks)
            free = bottom - top - notes_h - fixed - pad * len(blocks)
            least = math.ceil(u.px(CARD_INDEX_WIDTH) * CARD_RATIO)  # a card's index 11 px tall
            spread_h = max(least, min(u.px(70), free // max(1, len(blocks))))
        heights = [pad // 2 + line + small_line * n + (spread_h + pad // 2 if tab.spreads else 0) + pad // 2 for _, _, n in blocks]
        view = pygame.Rect(0, top, w, bottom - top)
        self.scroll.fit(view, sum(hh + pad // 2 for hh in heights) + notes_h)
        clip = surface.get_clip()
        surface.set_clip(view)
        y = top - self.scroll.offset
        white = [(255, 255, 255)] * 4
        for (i, pairs, n), height in zip(blocks, heights):
            row = tab.rows[i]
            box = pygame.Rect(area.x, y, area.width, height)
            widgets.panel(surface, box, alpha=240, radius=u.px(10), colour=(16, 24, 34))
            x = box.x + pad
            if tab.team_column is not None and row[tab.team_column].isdigit():
                colours = self.view.TEAM_COLOURS
                rad = max(3, size // 3)
                pygame.draw.circle(surface, colours[(int(row[tab.team_column]) - 1) % len(colours)], (x + rad, y + pad // 2 + line // 2), rad)
                x += 2 * rad + pad // 2
            total_w = fonts.text_width(row[last], size, True) + pad
            colour = widgets.GOLD if i in tab.best else widgets.WHITE
            fonts.blit_text(surface, row[last], size, colour, (box.right - pad, y + pad // 2), "topright", bold=True, box=pygame.Rect(box.right - pad - total_w, y + pad // 2, total_w, line))
            name_box = pygame.Rect(x, y + pad // 2, box.right - pad - total_w - x - pad, line)
            fonts.draw_in_box(surface, fonts.ellipsize(row[0], size, name_box.width, True), size, widgets.WHITE, name_box, align="left", bold=True)
            yy = y + pad // 2 + line
            if pairs:
                fonts.draw_in_box(surface, pairs, small, widgets.SOFT, pygame.Rect(box.x + pad, yy, pairs_room, small_line * n), align="left", suit_colours=white)
                yy += small_line * n
            if tab.spreads and i < len(tab.spreads):
                self.draw_spread(surface, tab.spreads[i], pygame.Rect(box.x + pad, yy + pad // 4, pairs_room, spread_h), self.marks(i))
            y = box.bottom + pad // 2
        if tab.notes:
            widgets.panel(surface, pygame.Rect(area.x, y, area.width, notes_h), alpha=240, radius=u.px(10), colour=(16, 24, 34))
            yy = y + pad // 2
            for note, n in zip(tab.notes, note_lines):
                fonts.draw_in_box(surface, note, small, widgets.SOFT, pygame.Rect(area.x + pad, yy, pairs_room, small_line * n), suit_colours=white)
                yy += small_line * n + pad // 2
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, sl.measures(self.app))
