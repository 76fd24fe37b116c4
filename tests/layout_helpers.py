"""Measuring a screen as the layout rules ask (docs/layout.md): every text drawn (its size in
logical pixels, the box it was meant for), every touch target (44x44 logical, inside the
window, none overlapping another)."""
from __future__ import annotations

import pygame

from game.ui import fonts, units

DT = 1 / 60


def button_texts(app) -> list[fonts.DrawnText]:
    """The pygame_gui buttons' and labels' texts as drawn: the theme's font, centred in the element."""
    import pygame_gui

    out = []
    top = app.scenes.top
    size = fonts.ui_font_size(app.scale)
    small = max(fonts.min_size(), int(size * 0.8))
    for el in getattr(top, "elements", []):
        if not isinstance(el, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)) or not el.visible or not el.text:
            continue
        px = small if "#small" in str(getattr(el, "most_specific_combined_id", "")) else size
        w, h = fonts.font(px, True).size(el.text)
        r = pygame.Rect(0, 0, w, h)
        r.center = el.rect.center
        out.append(fonts.DrawnText(el.text, px, r, text_room(el), app.density))
    return out


def text_room(el) -> pygame.Rect:
    """The part of a pygame_gui element its text is shown in: the element less its border,
    shadow and rounded corners each side (pygame_gui clips a text wider than that: a button
    as wide as its text showed "Continue: Olser")."""
    shape = getattr(el, "drawable_shape", None)
    if shape is None:
        return pygame.Rect(el.rect)
    left = shape.shadow_width + shape.border_widths["left"] + shape.rounded_corner_width_offsets[0]
    right = shape.shadow_width + shape.border_widths["right"] + shape.rounded_corner_width_offsets[1]
    return pygame.Rect(el.rect.x + left, el.rect.y, max(0, el.rect.width - left - right), el.rect.height)


def drawn_texts(app, frames: int = 1) -> list[fonts.DrawnText]:
    """Every text drawn in the next frame(s) through the fonts module, and the buttons' labels."""
    with fonts.recording() as drawn:
        for _ in range(frames):
            app.tick(DT)
    return list(drawn) + button_texts(app)


def text_problems(app, texts, minimum: float = units.MIN_TEXT, cut: bool = False) -> list[str]:
    """Texts under ``minimum`` logical px, over their box's edges, off screen; with ``cut``,
    also a text a box could not hold whole (ended with "…" by fonts.draw_in_box)."""
    out = []
    w, h = app.size
    screen = pygame.Rect(0, 0, w, h)
    for d in texts:
        if d.logical_size < minimum - 0.01:
            out.append(f"{d.text!r}: {d.logical_size:.1f} px")
        if cut and d.cut:
            out.append(f"{d.text!r} cut: its box {tuple(d.box)} does not hold the whole text")
        if d.overflows:
            out.append(f"{d.text!r} overflows its box {tuple(d.box)}: {tuple(d.rect)}")
        if not screen.contains(d.rect):
            out.append(f"{d.text!r} off screen: {tuple(d.rect)}")
    return out


def target_problems(app, targets=None, touch: float = units.TOUCH) -> list[str]:
    """Touch targets under ``touch`` logical px a side, off screen, or overlapping."""
    targets = app.touch_targets() if targets is None else targets
    out = []
    screen = pygame.Rect(0, 0, *app.size)
    need = touch * app.density - 0.5
    for t in targets:
        if t.rect.width < need or t.rect.height < need:
            out.append(f"{t.kind} {t.label!r} is {t.rect.width / app.density:.0f}x{t.rect.height / app.density:.0f} logical")
        if not screen.contains(t.rect):
            out.append(f"{t.kind} {t.label!r} off screen: {tuple(t.rect)}")
    for i, a in enumerate(targets):
        for b in targets[i + 1:]:
            if a.rect.colliderect(b.rect):
                out.append(f"{a.kind} {a.label!r} {tuple(a.rect)} overlaps {b.kind} {b.label!r} {tuple(b.rect)}")
    return out
