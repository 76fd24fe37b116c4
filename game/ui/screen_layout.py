"""Laying out the screens around the table (docs/layout.md): the measures of a screen by
its shape, titles, rows of buttons that wrap onto another row rather than shrink, and
lists that scroll a row at a time (a drag, the wheel, the arrows).

Sizes are device pixels, computed from the app's ``Units``; every minimum is in logical
pixels (text 12, body text 14, a touch target 44x44).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import fonts, units, widgets

COMPACT = (units.PORTRAIT, units.SHORT)  # a phone: the smallest margins and gaps


@dataclass(frozen=True)
class Measures:
    """The common measures of a screen for the app's window, in device pixels."""

    size: tuple[int, int]
    shape: str
    scale: float
    margin: int  # around the screen's content
    gap: int  # between two buttons, two rows
    bh: int  # a button's height (44 logical at least)
    body: int  # running text (14 logical at least)
    small: int  # notes, headings of columns (12 logical at least)
    ui: int  # the buttons' text (pygame_gui's theme)
    u: units.Units

    @property
    def compact(self) -> bool:
        return self.shape in COMPACT

    @property
    def upright(self) -> bool:
        return self.shape in (units.PORTRAIT, units.TABLET)

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def px(self, logical: float) -> int:
        return self.u.px(logical)


def measures(app) -> Measures:
    u = app.units
    s = app.scale
    compact = u.shape in COMPACT
    return Measures(
        size=tuple(app.size),
        shape=u.shape,
        scale=s,
        margin=u.px(10) if compact else max(u.px(14), int(24 * s)),
        gap=u.px(6) if compact else max(u.px(8), int(12 * s)),
        bh=widgets.button_height(s),
        body=u.text(21),
        small=u.text(17, least=units.MIN_TEXT),
        ui=fonts.ui_font_size(s),
        u=u,
    )


# ------------------------------------------------------------------ text
def line_height(size: int, bold: bool = False) -> int:
    return fonts.font(size, bold).get_linesize()


def title_size(m: Measures, design: float = 44) -> int:
    """A screen title's size: the design size zoomed, 20 logical px at least (18 on a phone on its side)."""
    return m.u.text(design, least=18 if m.shape == units.SHORT else 20)


def title_height(m: Measures, design: float = 44) -> int:
    return line_height(title_size(m, design), True)


def underline_tab(surface: pygame.Surface, tab: pygame.Rect, m: Measures) -> None:
    """The chosen tab of a bar of tabs (the game shown): a gold line under it."""
    pygame.draw.rect(surface, widgets.GOLD, (tab.x + 6, tab.bottom + 2, tab.width - 12, max(2, m.px(3))), border_radius=2)


def draw_title(surface: pygame.Surface, text: str, m: Measures, top: int, design: float = 44) -> pygame.Rect:
    """A screen's title centred at ``top``, gold with a shadow, within the margins (shrunk down
    to the minimum, never under it); returns its rectangle."""
    size = title_size(m, design)
    width = m.width - 2 * m.margin
    size = fonts.fit_size(text, size, width, True)
    img = fonts.render(text, size, widgets.GOLD, bold=True)
    rect = img.get_rect(midtop=(m.width // 2, top))
    surface.blit(fonts.render(text, size, widgets.SHADOW, bold=True), rect.move(max(1, m.px(1.5)), max(1, m.px(1.5))))
    surface.blit(img, rect)
    fonts.record(text, size, rect, pygame.Rect(m.margin, rect.y, width, rect.height))
    return rect


def wrapped(surface: pygame.Surface, text: str, size: int, colour, box: pygame.Rect, bold: bool = False, align: str = "left", max_lines: int | None = None) -> int:
    """``text`` wrapped to ``box``'s width from its top, as many lines as its height holds
    (``max_lines`` at most); returns the y under the last line drawn."""
    line = line_height(size, bold)
    y = box.y
    lines = fonts.wrap(text, size, box.width, bold)
    if max_lines is not None:
        lines = lines[:max_lines]
    anchor = {"left": "topleft", "right": "topright"}.get(align, "midtop")
    x = {"left": box.x, "right": box.right}.get(align, box.centerx)
    for part in lines:
        if y + fonts.font(size, bold).get_height() > box.bottom:
            break
        fonts.blit_text(surface, part, size, colour, (x, y), anchor, bold, max_width=box.width, box=pygame.Rect(box.x, y, box.width, line))
        y += line
    return y


def wrapped_height(text: str, size: int, width: int, bold: bool = False) -> int:
    return len(fonts.wrap(text, size, width, bold)) * line_height(size, bold)


# ------------------------------------------------------------------ buttons
def button_width(text: str, m: Measures, small: bool = False) -> int:
    """The width a pygame_gui button needs for ``text`` (the theme's bold font and a margin
    each side), never narrower than a touch target."""
    size = max(fonts.min_size(), int(m.ui * 0.8)) if small else m.ui
    return max(m.u.touch, fonts.font(size, True).size(text)[0] + 2 * max(m.px(10), int(size * 0.7)))


def fits(text: str, width: int, m: Measures, small: bool = False) -> bool:
    return button_width(text, m, small) <= width


def rows_of(widths: list[int], room: int, gap: int) -> list[list[int]]:
    """The buttons (their indexes, in order) on each row so every row fits ``room``: as many
    as fit on the first row, then the next."""
    rows: list[list[int]] = []
    row: list[int] = []
    for i in range(len(widths)):
        trial = row + [i]
        if row and sum(widths[j] for j in trial) + gap * (len(trial) - 1) > room:
            rows.append(row)
            row = [i]
        else:
            row = trial
    if row:
        rows.append(row)
    return rows


def balanced_rows(widths: list[int], room: int, gap: int) -> list[list[int]]:
    """As ``rows_of``, the buttons spread evenly over the fewest rows (five buttons on two
    rows: three and two, not four and one)."""
    rows = rows_of(widths, room, gap)
    n = len(rows)
    if n <= 1:
        return rows
    per = -(-len(widths) // n)
    even = [list(range(i, min(len(widths), i + per))) for i in range(0, len(widths), per)]
    ok = all(sum(widths[j] for j in r) + gap * (len(r) - 1) <= room for r in even)
    return even if ok and len(even) == n else rows


def button_grid(texts: list[str], left: int, width: int, top: int, m: Measures, stretch: bool = True, small: bool = False) -> tuple[list[pygame.Rect], int]:
    """Buttons for ``texts`` in rows from ``top`` within ``left .. left + width``, each as wide
    as its text needs (``stretch``: a row's buttons share out what is left of its width, so
    the row fills it); returns the rectangles in the order of ``texts`` and the bottom of
    the last row."""
    widths = [button_width(text, m, small) for text in texts]
    rows = balanced_rows(widths, width, m.gap)
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(texts)
    y = top
    for row in rows:
        n = len(row)
        need = [widths[j] for j in row]
        spare = max(0, width - sum(need) - m.gap * (n - 1))
        if stretch:
            # Alike buttons end alike: the spare room makes the row's buttons as equal as it can.
            row_w = [w for w in need]
            while spare > 0:
                least = min(row_w)
                narrow = [k for k, w in enumerate(row_w) if w == least]
                nxt = min([w for w in row_w if w > least], default=least + spare)
                add = min(nxt - least, spare // len(narrow)) if spare >= len(narrow) else 0
                if add <= 0:
                    break
                for k in narrow:
                    row_w[k] += add
                spare -= add * len(narrow)
        else:
            row_w = need
        x = left + (width - sum(row_w) - m.gap * (n - 1)) // 2
        for j, bw in zip(row, row_w):
            rects[j] = pygame.Rect(x, y, bw, m.bh)
            x += bw + m.gap
        y += m.bh + m.gap
    return rects, y - m.gap


def grid_height(texts: list[str], width: int, m: Measures, small: bool = False) -> int:
    rows = balanced_rows([button_width(text, m, small) for text in texts], width, m.gap)
    return len(rows) * m.bh + (len(rows) - 1) * m.gap


def bottom_bar(texts: list[str], m: Measures, width: int | None = None, stretch: bool | None = None) -> tuple[list[pygame.Rect], int]:
    """The screen's bottom row(s) of buttons, centred within the margins (a phone's fill its
    width); returns their rectangles and the top of the bar."""
    width = width or m.width - 2 * m.margin
    stretch = m.compact if stretch is None else stretch
    if not stretch:
        # A larger screen: buttons of the old design's width at least, as long as they fit.
        least = min(int(240 * m.scale), (width - m.gap * (len(texts) - 1)) // max(1, len(texts)))
        need = sum(max(least, button_width(text, m)) for text in texts) + m.gap * (len(texts) - 1)
        width = min(width, need)
    height = grid_height(texts, width, m)
    top = m.height - m.margin - height
    rects, _ = button_grid(texts, (m.width - width) // 2, width, top, m, stretch=True)
    return rects, top


def bottom_groups(groups: list[list[str]], m: Measures) -> tuple[list[pygame.Rect], int]:
    """A bottom bar of groups of buttons (the review's steps, then its actions): one row when
    they all fit, else each group on rows of its own, the first group on top; returns the
    rectangles in order and the top of the bar."""
    texts = [text for group in groups for text in group]
    width = m.width - 2 * m.margin
    if len(balanced_rows([button_width(text, m) for text in texts], width, m.gap)) == 1:
        return bottom_bar(texts, m)
    heights = [grid_height(group, width, m) for group in groups]
    top = m.height - m.margin - sum(heights) - m.gap * (len(groups) - 1)
    y = top
    rects: list[pygame.Rect] = []
    for group, height in zip(groups, heights):
        placed, _ = button_grid(group, m.margin, width, y, m)
        rects += placed
        y += height + m.gap
    return rects, top


# ------------------------------------------------------------------ a list that scrolls
class RowScroll:
    """The first row shown of a list taller than its area, moved a row at a time by a drag
    (a finger or the mouse), the wheel, or the keys that bring a row into view. The scene
    lays out the rows from ``first`` and calls ``handle`` with its events; ``handle`` says
    when the rows shown changed (the scene lays itself out again)."""

    def __init__(self) -> None:
        self.first = 0
        self.count = 0  # rows in the list
        self.shown = 0  # rows that fit from ``first``
        self.area = pygame.Rect(0, 0, 0, 0)
        self.step = 1  # a row's height with its gap, for drags
        self.press: tuple[int, int] | None = None
        self.moved = 0  # rows a drag has moved so far

    @property
    def more_above(self) -> bool:
        return self.first > 0

    @property
    def more_below(self) -> bool:
        return self.first + self.shown < self.count

    def fit(self, heights: list[int], area: pygame.Rect, gap: int) -> int:
        """Given every row's height and the area, keep ``first`` where the rows still fill the
        area (after a resize, fewer rows may be needed above); returns ``first``."""
        self.count = len(heights)
        self.area = pygame.Rect(area)
        self.step = max(1, (sum(heights) + gap * max(0, len(heights) - 1)) // max(1, len(heights)))
        self.first = max(0, min(self.first, self.count - 1)) if self.count else 0
        # Scrolled too far for this size: back up while the rows above still fit.
        while self.first > 0 and self.height_from(self.first - 1, heights, gap) <= area.height:
            self.first -= 1
        self.shown = self.rows_from(self.first, heights, area.height, gap)
        return self.first

    @staticmethod
    def height_from(first: int, heights: list[int], gap: int) -> int:
        return sum(heights[first:]) + gap * max(0, len(heights) - first - 1)

    @staticmethod
    def rows_from(first: int, heights: list[int], room: int, gap: int) -> int:
        used = 0
        n = 0
        for h in heights[first:]:
            if used + h > room and n:
                break
            used += h + gap
            n += 1
        return n

    def scroll(self, rows: int) -> bool:
        """Move by ``rows`` (down: positive); the next ``fit`` backs up if that leaves room
        under the last row. True if the rows shown changed."""
        if rows > 0 and not self.more_below:
            return False
        first = max(0, min(self.first + rows, self.count - 1))
        if first == self.first:
            return False
        self.first = first
        return True

    def show(self, row: int) -> bool:
        """Scroll so that ``row`` is shown; True if the rows shown changed."""
        if row < self.first:
            self.first = row
            return True
        if row >= self.first + self.shown:
            self.first = max(0, row - max(1, self.shown) + 1)
            return True
        return False

    def handle(self, event) -> bool:
        """A drag in the area or the wheel over it: True when the rows shown changed."""
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll(-int(event.y))
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.area.collidepoint(event.pos):
            self.press, self.moved = event.pos, 0
            return False
        if event.type == pygame.MOUSEMOTION and self.press is not None and (getattr(event, "buttons", (1,))[0] or getattr(event, "finger", False)):
            rows = (self.press[1] - event.pos[1]) // self.step - self.moved
            if rows:
                before = self.first
                self.scroll(rows)
                self.moved += rows
                return self.first != before
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.press = None
        return False

    @property
    def dragging(self) -> bool:
        """A press has moved the list: its release is not a tap."""
        return self.press is not None and self.moved != 0

    def draw_bar(self, surface: pygame.Surface, m: Measures) -> None:
        """A thin bar at the area's right edge saying where the rows shown are in the list."""
        if self.count <= self.shown or not self.count:
            return
        w = max(2, m.px(3))
        bar = pygame.Rect(self.area.right - w, self.area.y, w, self.area.height)
        pygame.draw.rect(surface, (50, 60, 70), bar, border_radius=w // 2)
        part = pygame.Rect(bar.x, bar.y + bar.height * self.first // self.count, w, max(m.px(12), bar.height * self.shown // self.count))
        pygame.draw.rect(surface, widgets.SOFT, part, border_radius=w // 2)


# ------------------------------------------------------------------ rows of a label and a button
def common_button_width(needs: list[int], width: int, m: Measures, share: float = 0.58) -> int:
    """The width of the value buttons of a column ``width`` wide: the widest value that
    leaves its label ``1 - share`` of the row (a wider one goes under its label)."""
    top = int(width * share)
    return min(top, max([m.px(96)] + [n for n in needs if n <= top]))


def labelled_row(label: str, value_need: int, width: int, button_w: int, m: Measures) -> tuple[str, int]:
    """How a row of ``label`` and a button fits a column: ("beside", height) with the label
    wrapped on the left (three lines at most), or ("stacked", height): the label across the
    column above a button as wide as the column."""
    line = line_height(m.body, True)
    label_w = width - button_w - m.gap
    lines = len(fonts.wrap(label, m.body, label_w, True)) if label else 0
    if value_need > button_w or lines > 3:
        lines = len(fonts.wrap(label, m.body, width, True)) if label else 0
        return "stacked", lines * line + m.px(2) + m.bh
    return "beside", max(m.bh, lines * line + m.px(4))


def labelled_rects(rect: pygame.Rect, kind: str, button_w: int, m: Measures) -> tuple[pygame.Rect, pygame.Rect]:
    """The label's and the button's rectangles of a row laid out by ``labelled_row``."""
    if kind == "stacked":
        return pygame.Rect(rect.x, rect.y, rect.width, rect.height - m.bh - m.px(2)), pygame.Rect(rect.x, rect.bottom - m.bh, rect.width, m.bh)
    return pygame.Rect(rect.x, rect.y, rect.width - button_w - m.gap, rect.height), pygame.Rect(rect.right - button_w, rect.centery - m.bh // 2, button_w, m.bh)


def draw_labels(surface: pygame.Surface, labels: list[tuple[str, pygame.Rect]], m: Measures, colour=widgets.WHITE) -> None:
    """Row labels in the body size, bold, wrapped to their rectangle and centred in its height."""
    line = line_height(m.body, True)
    for text, rect in labels:
        lines = fonts.wrap(text, m.body, rect.width, True)
        y = rect.centery - line * len(lines) // 2
        for part in lines:
            fonts.blit_text(surface, part, m.body, colour, (rect.x, y), bold=True, max_width=rect.width, box=pygame.Rect(rect.x, y, rect.width, line))
            y += line


# ------------------------------------------------------------------ a drawn page that scrolls
class PixelScroll:
    """The offset of drawn content taller than its area (a rules page, a player's figures),
    moved by a drag, the wheel or the keys. The scene draws its content ``offset`` pixels
    up, clipped to ``area``; texts cut by the area's edges are not the layout's concern
    (fonts records only what the clip shows whole)."""

    def __init__(self) -> None:
        self.offset = 0
        self.content = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.press: tuple[int, int] | None = None

    def fit(self, area: pygame.Rect, content: int) -> None:
        self.area = pygame.Rect(area)
        self.content = content
        self.to(self.offset)

    @property
    def room(self) -> int:
        return max(0, self.content - self.area.height)

    def to(self, offset: int) -> None:
        self.offset = max(0, min(int(offset), self.room))

    def handle(self, event, step: int) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.area.collidepoint(pygame.mouse.get_pos()):
            before = self.offset
            self.to(self.offset - event.y * step * 2)
            return self.offset != before
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.area.collidepoint(event.pos):
            self.press = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.press = None
        elif event.type == pygame.MOUSEMOTION and self.press is not None and self.room:
            # From the last position seen, not the event's rel (a touch's synthesised motion
            # may carry none).
            self.to(self.offset - (event.pos[1] - self.press[1]))
            self.press = event.pos
            return True
        return False

    def draw_bar(self, surface: pygame.Surface, m: Measures) -> None:
        if not self.room or not self.area.height:
            return
        w = max(2, m.px(3))
        h = max(m.px(16), self.area.height * self.area.height // max(1, self.content))
        y = self.area.y + (self.area.height - h) * self.offset // max(1, self.room)
        pygame.draw.rect(surface, (200, 200, 200), (self.area.right - w, y, w, h), border_radius=w // 2)


# ------------------------------------------------------------------ dialogs
def dialog_width(m: Measures, design: int = 560) -> int:
    """A dialog's width: its design width zoomed (300 logical px at least), within the margins."""
    return min(m.width - 2 * m.margin, max(int(design * m.scale), m.px(300)))


def dialog_pad(m: Measures) -> int:
    return m.px(12) if m.compact else max(m.px(12), int(24 * m.scale))


def dialog_title_size(m: Measures) -> int:
    return m.u.text(26, least=17)


def centred_box(m: Measures, width: int, height: int) -> pygame.Rect:
    """A dialog's box of ``width`` x ``height`` centred, never taller than the screen's margins."""
    box = pygame.Rect(0, 0, width, min(height, m.height - 2 * m.margin))
    box.center = (m.width // 2, m.height // 2)
    return box


def draw_dialog(surface: pygame.Surface, box: pygame.Rect, m: Measures, title: str) -> int:
    """The shade over the screen, the dialog's panel and its title; returns the y under the title."""
    widgets.shade(surface, 170)
    widgets.panel(surface, box, alpha=235, radius=m.px(10), colour=(18, 26, 36))
    pad = dialog_pad(m)
    inner = pygame.Rect(box.x + pad, box.y + pad, box.width - 2 * pad, box.height)
    size = dialog_title_size(m)
    lines = fonts.wrap(title, size, inner.width, True)
    return wrapped(surface, title, size, widgets.GOLD, pygame.Rect(inner.x, inner.y, inner.width, len(lines) * line_height(size, True)), bold=True, align="center")


def dialog_title_height(m: Measures, title: str, width: int) -> int:
    return wrapped_height(title, dialog_title_size(m), width, True)
