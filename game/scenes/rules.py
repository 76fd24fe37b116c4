"""The rules of the game in the current language, scrollable (wheel, drag, arrows, PgUp/PgDn).

The text is data/i18n/rules/<game>.<lang>.md, a small Markdown subset: ``#``/``##``
headings, ``-`` bullets, ``|`` tables and paragraphs. Any registered game's page; the
other games of the same family are offered as tabs (‹ › steps through every game), so the
row stays short however many games the shelf holds.
"""
from __future__ import annotations

import pygame

from game import i18n
from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets


def render_markdown(text: str, width: int, size: int, suit_colours=None) -> list[tuple[pygame.Surface, int]]:
    """Lines of the page as (surface, x offset); the caller stacks them vertically."""
    out: list[tuple[pygame.Surface, int]] = []
    gap = pygame.Surface((1, size // 2), pygame.SRCALPHA)
    table: list[list[str]] = []

    def flush_table() -> None:
        if not table:
            return
        cols = max(len(r) for r in table)
        col_w = width // max(1, cols)
        for i, row in enumerate(table):
            line = pygame.Surface((width, int(size * 1.5)), pygame.SRCALPHA)
            if i == 0:
                line.fill((255, 255, 255, 30))
            for c, cell in enumerate(row):
                img = fonts.render_rich(cell, fonts.fit_size(cell, size, col_w - 10), widgets.GOLD if i == 0 else widgets.WHITE, i == 0, suit_colours)
                line.blit(img, (c * col_w + 8, (line.get_height() - img.get_height()) // 2))
            out.append((line, 0))
        out.append((gap, 0))
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
            out.append((gap, 0))
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            hsize = int(size * (1.6 if level == 1 else 1.25))
            for part in fonts.wrap(line.lstrip("# "), hsize, width, True):
                out.append((fonts.render_rich(part, hsize, widgets.GOLD, True, suit_colours), 0))
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
            img = fonts.render_rich(part, size, widgets.WHITE, bold, suit_colours)
            if bullet and k == 0:
                dot = pygame.Surface((indent + img.get_width(), img.get_height()), pygame.SRCALPHA)
                pygame.draw.circle(dot, widgets.GOLD, (indent // 2, img.get_height() // 2), max(2, size // 6))
                dot.blit(img, (indent, 0))
                out.append((dot, 0))
            else:
                out.append((img, indent))
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
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.3), int(300 * s))
        # ‹, a tab per game of this game's family (the current one greyed), ›, then Back.
        from game import registry

        family = registry.BY_ID[self.game_id].family
        games = [e.id for e in registry.ENTRIES if e.family == family]
        gap = max(6, int(10 * s))
        arrow = bh
        # Tabs as wide as the longest title needs (Back gives up room, down to its own
        # text, before a title must shrink); if they still do not fit, each tab is as wide
        # as its own title, the longest ones in the small font.
        size = fonts.ui_font_size(s)
        font, small_font = fonts.font(size, True), fonts.font(max(12, int(size * 0.8)), True)
        pad = max(8, int(14 * s))
        titles = [t(f"{gid}.title") for gid in games]
        room = w - 2 * gap - (len(games) + 3) * gap - 2 * arrow
        title_w = max(font.size(title)[0] for title in titles) + 2 * pad
        bw = max(font.size(t("common.back"))[0] + 2 * pad, min(bw, room - len(games) * title_w))
        tw = min(max(int(200 * s), title_w), (room - bw) // len(games))
        widths = [tw] * len(games)
        small = [False] * len(games)
        if tw < title_w:
            widths = [font.size(title)[0] + 2 * pad for title in titles]
            for i in sorted(range(len(titles)), key=lambda i: -widths[i]):
                if sum(widths) <= room - bw:
                    break
                widths[i], small[i] = small_font.size(titles[i])[0] + 2 * pad, True
            if sum(widths) > room - bw:  # still too many: narrowed together
                widths = [x * (room - bw) // sum(widths) for x in widths]
        x = w // 2 - (sum(widths) + len(games) * gap + 2 * (arrow + gap) + bw) // 2
        y = h - bh - int(10 * s)
        many = len(registry.ENTRIES) > 1
        self.button(pygame.Rect(x, y, arrow, bh), t("common.previous"), lambda: self.step_game(-1), enabled=many)
        x += arrow + gap
        for gid, title, tab_w, tiny in zip(games, titles, widths, small):
            self.button(pygame.Rect(x, y, tab_w, bh), title, lambda gid=gid: self.show_game(gid), enabled=gid != self.game_id, object_id="#small" if tiny else None)
            x += tab_w + gap
        self.button(pygame.Rect(x, y, arrow, bh), t("common.next"), lambda: self.step_game(1), enabled=many)
        x += arrow + gap
        self.button(pygame.Rect(x, h - bh - int(10 * s), bw, bh), t("common.back"), self.back)
        top = int(60 * s) + 20
        self.area = pygame.Rect(int(w * 0.06), top, int(w * 0.88), h - top - bh - int(24 * s))
        size = max(15, int(21 * s))
        from game.ui.cards import suit_colours

        self.lines = render_markdown(i18n.rules_text(self.game_id), self.area.width - 2 * int(16 * s), size, suit_colours(self.app.settings.four_colour_suits))
        self.content_h = sum(img.get_height() for img, _ in self.lines) + int(size * 2)
        self.scroll_to(self.scroll)

    def step_game(self, delta: int) -> None:
        """The next (or previous) game on the shelf, whatever its family."""
        from game import registry

        ids = [e.id for e in registry.ENTRIES]
        self.show_game(ids[(ids.index(self.game_id) + delta) % len(ids)])

    def show_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.scroll = 0
        self.build()

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(int(y), max(0, self.content_h - self.area.height)))

    def handle(self, event) -> bool:
        step = max(30, int(40 * self.app.scale))
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
        s = self.app.scale
        title = t("rules.title_game", game=t(f"{self.game_id}.title"))
        widgets.title(surface, title, s, max(6, int(14 * s)), size=40)
        widgets.panel(surface, self.area, alpha=170)
        pad = int(16 * s)
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(-4, -4))
        y = self.area.y + pad - self.scroll
        for img, x in self.lines:
            if y + img.get_height() >= self.area.y and y <= self.area.bottom:
                surface.blit(img, (self.area.x + pad + x, y))
            y += img.get_height()
        surface.set_clip(clip)
        # Scroll bar.
        if self.content_h > self.area.height:
            frac = self.area.height / self.content_h
            bar_h = max(20, int(self.area.height * frac))
            bar_y = self.area.y + int((self.area.height - bar_h) * self.scroll / max(1, self.content_h - self.area.height))
            pygame.draw.rect(surface, (200, 200, 200), (self.area.right - 8, bar_y, 5, bar_h), border_radius=3)
