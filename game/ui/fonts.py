"""Fonts and text drawing, with suit symbols drawn as shapes.

The text font is Noto Sans as shipped inside pygame_gui (already a dependency, so nothing
is downloaded and the browser build has it too); pygame's default font is the fallback.
Neither has the ♣♦♥♠ glyphs at every size, so ``render_rich`` draws those characters
as polygons (game.ui.suits) in the middle of a line of text.
"""
from __future__ import annotations

import os
from functools import lru_cache

import pygame

from game.ui import suits

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


def ui_font_size(scale: float) -> int:
    """The size of the buttons' and labels' text (pygame_gui's theme) at a scale."""
    return max(15, min(72, int(22 * scale)))


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


@lru_cache(maxsize=256)
def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap measured with the real font."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}" if line else w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


@lru_cache(maxsize=2048)
def fit_size(text: str, size: int, width: int, bold: bool = False, minimum: int = 9) -> int:
    """The largest font size <= size at which text fits in width."""
    w = font(size, bold).size(text)[0]
    if w <= width or size <= minimum:
        return size
    # Text width grows about linearly with the size: jump close, then step (a few
    # measurements instead of one per point, which cost whole frames on long lines).
    top = size - 1
    size = max(minimum, min(top, int(size * width / max(1, w))))
    while size > minimum and font(size, bold).size(text)[0] > width:
        size -= 1
    while size < top and font(size + 1, bold).size(text)[0] <= width:
        size += 1
    return size


def blit_text(surface: pygame.Surface, text: str, size: int, colour, pos, anchor: str = "topleft", bold: bool = False, max_width: int | None = None, suit_colours=None) -> pygame.Rect:
    if max_width is not None:
        size = fit_size(text, size, max_width, bold)
    img = render_rich(text, size, colour, bold, suit_colours)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect
