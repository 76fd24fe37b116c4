"""Fonts and text drawing, with suit symbols drawn as shapes.

The text font is Noto Sans as shipped inside pygame_gui (already a dependency, so nothing
is downloaded and the browser build has it too); pygame's default font is the fallback.
Neither has the ♣♦♥♠ glyphs at every size, so ``render_rich`` draws those characters
as polygons (game.ui.suits) in the middle of a line of text.

Sizes are device pixels; the app tells this module its density (``set_density``), so no
text is fitted below 12 logical pixels (``min_size``). Every text drawn through
``blit_text`` or ``draw_in_box`` can be recorded (``recording``): the text, its size, the
box it was meant for and where it went, which the layout tests measure.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import suits, units

SUIT_CHARS = {"\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3}  # ♣ ♦ ♥ ♠ -> suit index (CDHS)
STAR = "\u2605"  # ★ is missing from Noto Sans too: drawn as a polygon


def _font_path(bold: bool) -> str | None:
    try:
        import pygame_gui

        base = os.path.join(os.path.dirname(pygame_gui.__file__), "data")
        path = os.path.join(base, "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        return path if os.path.exists(path) else None
    except ImportError:  # pragma: no cover - pygame_gui is a dependency
        return None


DENSITY = 1.0  # device pixels per logical pixel, set by the app (one app per process)


def set_density(density: float) -> None:
    global DENSITY
    DENSITY = float(density) if density and density > 0 else 1.0


def px(logical: float) -> int:
    """Device pixels for a length in logical pixels, at the app's density."""
    return max(1, int(round(logical * DENSITY)))


def min_size() -> int:
    """The smallest font size drawn, in device pixels (12 logical pixels)."""
    return px(units.MIN_TEXT)


def ui_font_size(scale: float) -> int:
    """The size of the buttons' and labels' text (pygame_gui's theme) at a scale."""
    return max(px(15), min(px(72), int(22 * scale)))


# ------------------------------------------------------------------ what was drawn
@dataclass
class DrawnText:
    """One text as drawn: its size in device pixels, the box it was meant for (None: no box
    but the screen) and the rectangle it covers."""

    text: str
    size: int
    rect: pygame.Rect
    box: pygame.Rect | None = None
    density: float = 1.0
    cut: bool = False  # ended with "…" by draw_in_box: the box could not hold the whole text

    @property
    def logical_size(self) -> float:
        return self.size / self.density

    @property
    def overflows(self) -> bool:
        """Wider or taller than its box, or sticking out of it (one pixel of rounding allowed)."""
        if self.box is None:
            return False
        r, b = self.rect, self.box
        return r.x < b.x - 1 or r.right > b.right + 1 or r.y < b.y - 1 or r.bottom > b.bottom + 1


_RECORDERS: list[list[DrawnText]] = []


class recording:
    """``with fonts.recording() as drawn:`` every text drawn meanwhile is appended to ``drawn``."""

    def __enter__(self) -> list[DrawnText]:
        self.drawn: list[DrawnText] = []
        _RECORDERS.append(self.drawn)
        return self.drawn

    def __exit__(self, *exc) -> None:
        _RECORDERS.remove(self.drawn)


class capturing:
    """``with fonts.capturing() as drawn:`` the texts drawn meanwhile go to ``drawn`` only (a
    surface drawn once and cached: its texts are noted again, moved, each time it is shown)."""

    def __enter__(self) -> list[DrawnText]:
        global _RECORDERS
        self.saved = _RECORDERS
        self.drawn: list[DrawnText] = []
        _RECORDERS = [self.drawn]
        return self.drawn

    def __exit__(self, *exc) -> None:
        global _RECORDERS
        _RECORDERS = self.saved


def replay(drawn: list[DrawnText], dx: int, dy: int) -> None:
    """Note again texts captured on a cached surface now shown at (dx, dy)."""
    if _RECORDERS:
        for d in drawn:
            record(d.text, d.size, d.rect.move(dx, dy), d.box.move(dx, dy) if d.box is not None else None)


def record(text: str, size: int, rect, box=None, cut: bool = False) -> None:
    """Note a text drawn by other means (a pre-rendered image), for the layout tests."""
    if _RECORDERS and text.strip():
        item = DrawnText(text, int(size), pygame.Rect(rect), pygame.Rect(box) if box is not None else None, DENSITY, cut)
        for drawn in _RECORDERS:
            drawn.append(item)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(8, int(size))
    path = _font_path(bold)
    f = pygame.font.Font(path, size)
    if path is None and bold:
        f.set_bold(True)
    return f


def render(text: str, size: int, colour, bold: bool = False) -> pygame.Surface:
    return render_rich(text, size, colour, bold)


def render_rich(text: str, size: int, colour, bold: bool = False, suit_colours=None) -> pygame.Surface:
    """A line of text where suit characters are drawn as shapes (red/black or four colours).

    Cached: the table redraws the same labels every frame."""
    sc = tuple(tuple(c) for c in suit_colours) if suit_colours else None
    return _render_rich(text, int(size), tuple(colour), bool(bold), sc)


@lru_cache(maxsize=1024)
def _render_rich(text: str, size: int, colour, bold: bool, suit_colours) -> pygame.Surface:
    f = font(size, bold)
    if not any(ch in SUIT_CHARS or ch == STAR for ch in text):
        return f.render(text, True, colour)
    parts: list[pygame.Surface] = []
    buf = ""
    h = f.get_height()
    for ch in text:
        if ch == STAR:
            if buf:
                parts.append(f.render(buf, True, colour))
                buf = ""
            parts.append(suits.star(int(h * 0.7), tuple(colour)))
            continue
        if ch in SUIT_CHARS:
            if buf:
                parts.append(f.render(buf, True, colour))
                buf = ""
            suit = SUIT_CHARS[ch]
            col = suit_colours[suit] if suit_colours else colour
            glyph = suits.symbol(suit, int(h * 0.62), col)
            cell = pygame.Surface((int(h * 0.72), h), pygame.SRCALPHA)
            cell.blit(glyph, glyph.get_rect(center=(cell.get_width() // 2, int(h * 0.55))))
            parts.append(cell)
        else:
            buf += ch
    if buf:
        parts.append(f.render(buf, True, colour))
    out = pygame.Surface((sum(p.get_width() for p in parts), h), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, 0))
        x += p.get_width()
    return out


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width of a line as ``render_rich`` draws it (suit signs and stars as shapes)."""
    f = font(size, bold)
    if not any(ch in SUIT_CHARS or ch == STAR for ch in text):
        return f.size(text)[0]
    h = f.get_height()
    width, buf = 0, ""
    for ch in text:
        if ch == STAR or ch in SUIT_CHARS:
            if buf:
                width += f.size(buf)[0]
                buf = ""
            width += suits.star(int(h * 0.7), (0, 0, 0)).get_width() if ch == STAR else int(h * 0.72)
        else:
            buf += ch
    return width + (f.size(buf)[0] if buf else 0)


@lru_cache(maxsize=256)
def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap measured as the text is drawn."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}" if line else w
            if text_width(trial, size, bold) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def fit_size(text: str, size: int, width: int, bold: bool = False, minimum: int | None = None) -> int:
    """The largest font size <= size at which text fits in width, never under ``minimum``
    (12 logical pixels unless said: card faces draw their own small print)."""
    return _fit_size(text, int(size), int(width), bool(bold), min_size() if minimum is None else int(minimum))


@lru_cache(maxsize=2048)
def _fit_size(text: str, size: int, width: int, bold: bool, minimum: int) -> int:
    w = text_width(text, size, bold)
    if w <= width or size <= minimum:
        return size
    # Text width grows about linearly with the size: jump close, then step (a few
    # measurements instead of one per point, which cost whole frames on long lines).
    top = size - 1
    size = max(minimum, min(top, int(size * width / max(1, w))))
    while size > minimum and text_width(text, size, bold) > width:
        size -= 1
    while size < top and text_width(text, size + 1, bold) <= width:
        size += 1
    return size


def _shown_whole(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Is a text drawn here to be recorded: no clip is set, or the clip shows it whole (a
    line cut by the edge of a scrolling area is hidden on purpose, not a layout fault)."""
    clip = surface.get_clip()
    return clip == surface.get_rect() or clip.contains(rect)


def blit_text(surface: pygame.Surface, text: str, size: int, colour, pos, anchor: str = "topleft", bold: bool = False, max_width: int | None = None, suit_colours=None, box=None) -> pygame.Rect:
    """One line at ``pos`` (its ``anchor``), shrunk to ``max_width`` but never under the
    minimum size; recorded with ``box`` (by default a box ``max_width`` wide around it)."""
    if max_width is not None:
        size = fit_size(text, size, max_width, bold)
    img = render_rich(text, size, colour, bold, suit_colours)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    if _RECORDERS and _shown_whole(surface, rect):
        if box is None and max_width is not None:
            box = pygame.Rect(0, rect.y, max_width, rect.height)
            if "left" in anchor:
                box.x = rect.x
            elif "right" in anchor:
                box.right = rect.right
            else:
                box.centerx = rect.centerx
        record(text, size, rect, box)
    return rect


def ellipsize(text: str, size: int, width: int, bold: bool = False, shrink: bool = True) -> str:
    """``text``, or as much of it as fits ``width`` with "…" at the smallest size it may be
    drawn (``shrink``: it will be fitted; else at ``size``): a name in a narrow chip, the
    full name one tap away."""
    least = min(int(size), min_size()) if shrink else int(size)
    if text_width(text, least, bold) <= width:
        return text
    while text and text_width(text + "…", least, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def short_or(text: str, short: str | None, size: int, width: int, bold: bool = False) -> str:
    """``text`` if it fits ``width`` at ``size``, else its short form (from the language file)
    when there is one."""
    if short and text_width(text, size, bold) > width:
        return short
    return text


def draw_in_box(surface: pygame.Surface, text: str, size: int, colour, box: pygame.Rect, align: str = "center", bold: bool = False, short: str | None = None, suit_colours=None) -> list[pygame.Rect]:
    """A text that must fit ``box``: at ``size``, shrunk down to the minimum; if it is still
    too wide, its ``short`` form (an abbreviation from the language file), else wrapped
    onto as many lines as the box holds (smaller, down to the minimum, to hold them).
    ``align``: "left", "center" or "right". Every line is recorded with the box; returns
    the lines' rectangles."""
    box = pygame.Rect(box)
    least = min_size()
    while size > least and font(size, bold).get_height() > box.height:
        size -= 1
    text = short_or(text, short, fit_size(text, size, box.width, bold), box.width, bold)
    fitted = fit_size(text, size, box.width, bold)
    lines = [text]
    if text_width(text, fitted, bold) > box.width:
        while True:
            lines = wrap(text, fitted, box.width, bold)
            if fitted <= least or font(fitted, bold).get_linesize() * (len(lines) - 1) + font(fitted, bold).get_height() <= box.height:
                break
            fitted -= 1
    # Still taller than the box at the smallest size: the lines it holds, the last one cut.
    line_h = font(fitted, bold).get_linesize()
    room = max(1, (box.height - font(fitted, bold).get_height()) // line_h + 1)
    whole = list(lines)
    if len(lines) > room:
        lines = lines[:room - 1] + [ellipsize(" ".join(lines[room - 1:]), fitted, box.width, bold, shrink=False)]
    lines = [line if text_width(line, fitted, bold) <= box.width else ellipsize(line, fitted, box.width, bold, shrink=False) for line in lines]
    cut = {i for i, line in enumerate(lines) if i >= len(whole) or line != whole[i]}
    total = line_h * (len(lines) - 1) + font(fitted, bold).get_height()
    y = box.centery - total // 2
    anchor = {"left": "topleft", "right": "topright"}.get(align, "midtop")
    x = {"left": box.x, "right": box.right}.get(align, box.centerx)
    rects = []
    for i, line in enumerate(lines):
        img = render_rich(line, fitted, colour, bold, suit_colours)
        r = img.get_rect(**{anchor: (x, y)})
        surface.blit(img, r)
        if _shown_whole(surface, r):
            record(line, fitted, r, box, cut=i in cut)
        rects.append(r)
        y += line_h
    return rects
