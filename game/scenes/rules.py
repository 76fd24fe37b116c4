"""The rules of the game in the current language, scrollable (wheel, drag, arrows, PgUp/PgDn).

The text is data/i18n/rules/<game>.<lang>.md, a small Markdown subset: ``#``/``##``
headings, ``-`` bullets, ``|`` tables and paragraphs. Any registered game's page; the
other games of the same family are offered as tabs (‹ › steps through every game), so the
row stays short however many games the shelf holds.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from game import i18n
from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets
from game.ui import screen_layout as sl


class Line(NamedTuple):
    """One line of a rules page: its image, its x offset, and the texts on it (text, size,
    rectangle and box within the image) for the layout tests."""

    image: pygame.Surface
    x: int
    texts: tuple = ()


def render_markdown(text: str, width: int, size: int, suit_colours=None) -> list[Line]:
    """Lines of the page; the caller stacks them vertically. Paragraphs, bullets, headings and
    table cells wrap to the width (a narrow phone), nothing is shrunk."""
    out: list[Line] = []
    gap = pygame.Surface((1, size // 2), pygame.SRCALPHA)
    table: list[list[str]] = []

    def text_line(part: str, psize: int, colour, bold: bool, indent: int = 0) -> Line:
        img = fonts.render_rich(part, psize, colour, bold, suit_colours)
        return Line(img, indent, ((part, psize, img.get_rect(), pygame.Rect(0, 0, width - indent, img.get_height())),))

    def flush_table() -> None:
        if not table:
            return
        cols = max(len(r) for r in table)
        col_w = width // max(1, cols)
        pad = max(4, size // 2)
        for i, row in enumerate(table):
            head = i == 0
            cells = [fonts.wrap(cell, size, col_w - 2 * pad, head) for cell in row]
            line_h = fonts.font(size, head).get_linesize()
            height = max(len(c) for c in cells) * line_h + size // 2
            line = pygame.Surface((width, height), pygame.SRCALPHA)
            if head:
                line.fill((255, 255, 255, 30))
            texts = []
            for c, parts in enumerate(cells):
                y = (height - len(parts) * line_h) // 2
                for part in parts:
                    img = fonts.render_rich(part, size, widgets.GOLD if head else widgets.WHITE, head, suit_colours)
                    rect = line.blit(img, (c * col_w + pad, y))
                    texts.append((part, size, rect, pygame.Rect(c * col_w, 0, col_w, height)))
                    y += line_h
            out.append(Line(line, 0, tuple(texts)))
        out.append(Line(gap, 0))
        table.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            table.append(cells)
            continue
        flush_table()
        if not line.strip():
            out.append(Line(gap, 0))
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            hsize = int(size * (1.6 if level == 1 else 1.25))
            for part in fonts.wrap(line.lstrip("# "), hsize, width, True):
                out.append(text_line(part, hsize, widgets.GOLD, True))
            continue
        indent = 0
        bullet = False
        if line.lstrip().startswith(("- ", "* ")):
            bullet = True
            indent = int(size * 1.2)
            line = line.lstrip()[2:]
        bold = line.startswith("**") and "**" in line[2:]
        line = line.replace("**", "")
        for k, part in enumerate(fonts.wrap(line, size, width - indent, bold)):
            if bullet and k == 0:
                img = fonts.render_rich(part, size, widgets.WHITE, bold, suit_colours)
                dot = pygame.Surface((indent + img.get_width(), img.get_height()), pygame.SRCALPHA)
                pygame.draw.circle(dot, widgets.GOLD, (indent // 2, img.get_height() // 2), max(2, size // 6))
                dot.blit(img, (indent, 0))
                out.append(Line(dot, 0, ((part, size, pygame.Rect(indent, 0, img.get_width(), img.get_height()), pygame.Rect(indent, 0, width - indent, img.get_height())),)))
            else:
                out.append(text_line(part, size, widgets.WHITE, bold, indent))
    flush_table()
    return out


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        from game import registry

        self.game_id = game_id if game_id in registry.BY_ID else registry.default_game()
        self.scroll = 0
        self.lines: list[tuple[pygame.Surface, int]] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.dragging = False

    def layout(self) -> None:
        """The page between the title and the bottom bar: ‹, a tab per game of this game's
        family (the current one underlined), ›, Back on one row when they fit; else ‹, the
        game's title, › (which steps through every game) and Back."""
        m = sl.measures(self.app)
        w, h = m.size
        self.m = m
        from game import registry

        family = registry.BY_ID[self.game_id].family
        games = [e.id for e in registry.ENTRIES if e.family == family]
        many = len(registry.ENTRIES) > 1
        room = w - 2 * m.margin
        arrow = m.u.touch if m.compact else max(m.u.touch, m.bh)
        back = (t("common.back"), self.back, True, sl.button_width(t("common.back"), m), False)
        prev = (t("common.previous"), lambda: self.step_game(-1), many, arrow, False)
        nxt = (t("common.next"), lambda: self.step_game(1), many, arrow, False)
        # Every tab enabled (a disabled one reads as unavailable); the current one is
        # underlined in gold (``draw``) and a tap on it changes nothing.
        tabs = [(t(f"{gid}.title"), lambda gid=gid: self.show_game(gid), True, sl.button_width(t(f"{gid}.title"), m), False) for gid in games]
        small_tabs = [(text, action, on, sl.button_width(text, m, small=True), True) for text, action, on, _, _ in tabs]
        here = t(f"{self.game_id}.title")
        current = {id(item) for item in tabs + small_tabs if item[0] == here}  # the game shown's tab
        self.current_tab = None
        selector = [prev, (here, lambda: self.step_game(1), many, sl.button_width(here, m), False), nxt]

        def width(items) -> int:
            return sum(i[3] for i in items) + m.gap * (len(items) - 1)

        rows = None
        for candidate in ([prev, *tabs, nxt, back], [prev, *small_tabs, nxt, back], [prev, *tabs, nxt], [prev, *small_tabs, nxt], selector + [back]):
            if width(candidate) <= room:
                rows = [candidate] if back in candidate else [candidate, [back]]
                break
        if rows is None:
            rows = [selector, [back]]
        y = h - m.margin - len(rows) * m.bh - (len(rows) - 1) * m.gap
        self.bar_top = y
        for row in rows:
            spare = room - width(row)
            grow = [i for i, item in enumerate(row) if item[3] != arrow or item[0] not in (prev[0], nxt[0])]
            widths = [item[3] + (spare // len(grow) if i in grow and (m.compact or len(row) == 1) else 0) for i, item in enumerate(row)]
            x = (w - sum(widths) - m.gap * (len(row) - 1)) // 2
            for item, bw in zip(row, widths):
                text, action, enabled, _, small = item
                button = self.button(pygame.Rect(x, y, bw, m.bh), text, action, enabled=enabled, object_id="#small" if small else None)
                if id(item) in current:
                    self.current_tab = button
                x += bw + m.gap
            y += m.bh + m.gap
        self.title_top = m.margin
        top = self.title_top + sl.title_height(m, 40) + m.gap
        self.area = pygame.Rect(m.margin, top, room, self.bar_top - m.gap - top)
        self.pad = m.px(8) if m.compact else max(m.px(10), int(16 * m.scale))
        size = m.u.text(21, least=15)
        from game.ui.cards import suit_colours_on_dark

        # A new width (a rotation) makes the page longer or shorter: the same share of it
        # stays read.
        read = self.scroll / self.content_h if getattr(self, "content_h", 0) else 0.0
        self.lines = render_markdown(i18n.rules_text(self.game_id), self.area.width - 2 * self.pad - m.px(6), size, suit_colours_on_dark(self.app.settings.four_colour_suits))
        self.content_h = sum(line.image.get_height() for line in self.lines) + 2 * self.pad
        self.scroll_to(int(read * self.content_h))

    def step_game(self, delta: int) -> None:
        """The next (or previous) game on the shelf, whatever its family."""
        from game import registry

        ids = [e.id for e in registry.ENTRIES]
        self.show_game(ids[(ids.index(self.game_id) + delta) % len(ids)])

    def show_game(self, game_id: str) -> None:
        if game_id == self.game_id:
            return
        self.game_id = game_id
        self.scroll = 0
        self.build()

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(int(y), max(0, self.content_h - self.area.height)))

    def handle(self, event) -> bool:
        step = max(self.app.units.px(30), int(40 * self.app.scale))
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * step * 2)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.area.height - step, pygame.K_PAGEUP: -(self.area.height - step), pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in keys:
                self.scroll_to(self.scroll + keys[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.area.collidepoint(event.pos):
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.scroll_to(self.scroll - event.rel[1])
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        m = sl.measures(self.app)
        sl.draw_title(surface, t("rules.title_game", game=t(f"{self.game_id}.title")), m, self.title_top, 40)
        if self.current_tab is not None:  # the game shown: its tab underlined in gold
            sl.underline_tab(surface, self.current_tab.rect, m)
        widgets.panel(surface, self.area, alpha=170, radius=m.px(10))
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(-4, -4))
        y = self.area.y + self.pad - self.scroll
        for line in self.lines:
            height = line.image.get_height()
            if y + height >= self.area.y and y <= self.area.bottom:
                at = (self.area.x + self.pad + line.x, y)
                surface.blit(line.image, at)
                if self.area.y <= y and y + height <= self.area.bottom:  # whole lines only: the others are cut by the panel
                    for text, size, rect, box in line.texts:
                        fonts.record(text, size, rect.move(at), box.move(at))
            y += height
        surface.set_clip(clip)
        # Scroll bar.
        if self.content_h > self.area.height:
            frac = self.area.height / self.content_h
            bar_h = max(m.px(20), int(self.area.height * frac))
            bar_y = self.area.y + int((self.area.height - bar_h) * self.scroll / max(1, self.content_h - self.area.height))
            bw = max(2, m.px(4))
            pygame.draw.rect(surface, (200, 200, 200), (self.area.right - bw - m.px(2), bar_y, bw, bar_h), border_radius=bw // 2)
