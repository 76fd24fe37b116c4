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
        self.scroll = sl.PixelScroll()  # the table and its notes, when taller than their room
        self.continue_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(max(int(w * 0.4), self.app.units.px(200)), int(320 * s), w - self.app.units.px(32))
        self.continue_rect = pygame.Rect(w // 2 - bw // 2, h - bh - int(16 * s), bw, bh)
        self.button(self.continue_rect, t("summary.continue"), self.close)
        self.focus = 0

    def handle(self, event) -> bool:
        """A drag or the wheel over the table, or the arrow keys, scroll a summary taller than
        its room (seven rummy hands on a phone); Enter continues."""
        if self.scroll.handle(event, self.line_step()):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.scroll.area.height * 3 // 4
            step = {pygame.K_UP: -self.line_step(), pygame.K_DOWN: self.line_step(), pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}[event.key]
            self.scroll.to(self.scroll.offset + step)
            return True
        return super().handle(event)

    def line_step(self) -> int:
        return fonts.font(self.app.units.text(22, least=14)).get_linesize()

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
        """The title, then the table (or a phone's blocks) and the notes in the room between
        the title and Continue, scrolling when taller than it."""
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
        top = r.bottom + u.px(8)
        bottom = (self.continue_rect.y if self.continue_rect.height else h) - u.px(8)
        stacked = not self.columns_fit(int(w * 0.92), size, u.text(17, least=12))
        x = u.px(8) if stacked else int(w * 0.04)
        area = pygame.Rect(x, top, w - 2 * x, max(0, bottom - top))
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        y = area.y - self.scroll.offset
        if stacked:
            end = self.draw_stacked(surface, area, y)
        else:
            end = self.draw_columns(surface, area, y, size)
        surface.set_clip(clip)
        self.scroll.fit(area, end - y)
        self.scroll.draw_bar(surface, sl.measures(self.app))

    def note_lines(self, size: int, width: int) -> list[str]:
        return [part for note in self.table.notes for part in fonts.wrap(note, size, width)]

    def draw_columns(self, surface: pygame.Surface, area: pygame.Rect, top: int, size: int) -> int:
        """The table in columns with its notes under it, in one panel; returns its bottom."""
        s = self.app.scale
        u = self.app.units
        tab = self.table
        rows = tab.rows
        note_size = u.text(19, least=13)
        note_line = fonts.font(note_size).get_linesize() + 4
        notes = self.note_lines(note_size, area.width - 20)
        notes_h = note_line * len(notes) + int(12 * s) if notes else 0
        head_h = int(size * 1.9)
        line = head_h
        if head_h + line * len(rows) + int(size * 0.8) + notes_h > area.height:
            line = fonts.font(size, True).get_linesize() + u.px(6)  # a low screen: tighter rows
        if tab.spreads:  # rows tall enough for the cards spread in them, as the window allows
            free = area.height - notes_h
            line = max(line, min(int(size * 5), (free - head_h - int(size * 0.8)) // max(1, len(rows))))
            # and never so low that a card's index is under 11 logical px (the rows scroll)
            line = max(line, math.ceil(u.px(CARD_INDEX_WIDTH) * CARD_RATIO) + 5)  # the cell: line - 4
        table = pygame.Rect(area.x, top, area.width, head_h + line * len(rows) + int(size * 0.8))
        # One panel for the table and its notes (two met with a visible step).
        widgets.panel(surface, table.union(table.move(0, notes_h)), alpha=240, colour=(16, 24, 34))
        xs = [0.0]
        for wd in tab.widths[:-1]:
            xs.append(xs[-1] + wd)
        last = len(tab.headers) - 1
        bold = {last if b == -1 else b for b in tab.bold}
        white = [(255, 255, 255)] * 4
        # Suit signs in the headers in their colours, black ones white on the dark panel.
        heads = [c if c != (20, 20, 24) else (255, 255, 255) for c in suit_colours(self.app.settings.four_colour_suits)]
        y = table.y + int(size * 0.4)
        hsize = u.text(17, least=12)
        for f, wd, head in zip(xs, tab.widths, tab.headers):
            fonts.blit_text(surface, head, hsize, widgets.GOLD, (table.x + int(table.width * f) + 8, y + head_h // 2), "midleft", True, max_width=int(table.width * wd) - 10, suit_colours=heads)
        y += head_h - line
        for i, row in enumerate(rows):
            y += line
            for k, (f, wd, val) in enumerate(zip(xs, tab.widths, row)):
                x = table.x + int(table.width * f) + 8
                colour = widgets.GOLD if k == last and i in tab.best else widgets.WHITE
                if k == tab.team_column and val.isdigit():
                    colours = self.view.TEAM_COLOURS
                    pygame.draw.circle(surface, colours[(int(val) - 1) % len(colours)], (x + size // 3, y + line // 2), size // 3)
                    fonts.blit_text(surface, val, size, colour, (x + 6 + size, y + line // 2), "midleft", True)
                    continue
                if tab.spreads and k == tab.spread_column and i < len(tab.spreads):
                    self.draw_spread(surface, tab.spreads[i], pygame.Rect(x, y + 2, int(table.width * wd) - 12, line - 4), self.marks(i))
                    continue
                fonts.blit_text(surface, val, size, colour, (x, y + line // 2), "midleft", k in bold, max_width=int(table.width * wd) - 10, suit_colours=white)
        y = table.bottom
        for part in notes:
            fonts.blit_text(surface, part, note_size, widgets.SOFT, (table.centerx, y), "midtop", box=pygame.Rect(table.x + 10, y, table.width - 20, note_line))
            y += note_line
        return table.bottom + notes_h

    def draw_stacked(self, surface: pygame.Surface, area: pygame.Rect, top: int) -> int:
        """Narrow screens: one block per row (name and total, the other columns as "heading
        value" pairs, the hand spread under them), then the notes; returns their bottom."""
        u = self.app.units
        tab = self.table
        pad = u.px(8)
        size = u.text(20, least=14)
        small = u.text(16, least=12)
        line = fonts.font(size, True).get_linesize()
        small_line = fonts.font(small).get_linesize()
        last = len(tab.headers) - 1
        skip = {0, last, tab.team_column} | ({tab.spread_column} if tab.spreads else set())
        pairs_room = area.width - 2 * pad
        notes = self.note_lines(small, area.width - 2 * pad)
        notes_h = small_line * len(notes) + pad if notes else 0
        blocks = []
        for i, row in enumerate(tab.rows):
            pairs = "  ·  ".join(f"{tab.headers[k]} {row[k]}" for k in range(len(row)) if k not in skip and row[k] != "")
            blocks.append((i, pairs, fonts.wrap(pairs, small, pairs_room) if pairs else []))
        spread_h = 0
        if tab.spreads:
            # The cards as tall as the room allows, never so small their indexes are lost
            # (the list scrolls instead).
            fixed = sum(line + small_line * len(lines) + pad for _, _, lines in blocks)
            free = area.height - notes_h - fixed - pad * len(blocks)
            least = max(u.px(44), math.ceil(u.px(CARD_INDEX_WIDTH) * CARD_RATIO))  # a card's index 11 px tall
            spread_h = max(least, min(u.px(70), free // max(1, len(blocks))))
        y = top
        white = [(255, 255, 255)] * 4
        for i, pairs, lines in blocks:
            row = tab.rows[i]
            height = pad // 2 + line + small_line * len(lines) + (spread_h + pad // 2 if tab.spreads else 0) + pad // 2
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
            for part in lines:
                fonts.blit_text(surface, part, small, widgets.SOFT, (box.x + pad, yy), suit_colours=white, box=pygame.Rect(box.x + pad, yy, pairs_room, small_line))
                yy += small_line
            if tab.spreads and i < len(tab.spreads):
                self.draw_spread(surface, tab.spreads[i], pygame.Rect(box.x + pad, yy + pad // 4, pairs_room, spread_h), self.marks(i))
            y = box.bottom + pad // 2
        if notes:
            box = pygame.Rect(area.x, y, area.width, notes_h)
            widgets.panel(surface, box, alpha=240, radius=u.px(10), colour=(16, 24, 34))
            yy = y + pad // 2
            for part in notes:
                fonts.blit_text(surface, part, small, widgets.SOFT, (box.centerx, yy), "midtop", suit_colours=white, box=pygame.Rect(box.x + pad, yy, box.width - 2 * pad, small_line))
                yy += small_line
            y = box.bottom
        return y
