"""Small drawing helpers shared by the scenes: panels, titles, layout columns."""
from __future__ import annotations

import pygame

from game.ui import fonts, units

GOLD = (240, 200, 70)
WHITE = (255, 255, 255)
SOFT = (225, 232, 240)
DIM = (170, 180, 190)
SHADOW = (0, 0, 0)


_PANELS: dict[tuple, pygame.Surface] = {}


def _cached(key: tuple, make) -> pygame.Surface:
    img = _PANELS.get(key)
    if img is None:
        if len(_PANELS) > 128:  # sizes change on resize: keep the cache small
            _PANELS.clear()
        img = make()
        try:
            img = img.convert_alpha()
        except pygame.error:
            pass
        _PANELS[key] = img
    return img


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 150, radius: int = 14, colour=(10, 14, 20)) -> None:
    def make() -> pygame.Surface:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*colour, alpha), s.get_rect(), border_radius=radius)
        return s

    surface.blit(_cached(("panel", tuple(rect.size), alpha, radius, tuple(colour)), make), rect.topleft)


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    def make() -> pygame.Surface:
        s = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        s.fill((0, 0, 0, alpha))
        return s

    surface.blit(_cached(("shade", surface.get_size(), alpha), make), (0, 0))


def title(surface: pygame.Surface, text: str, scale: float, y: int | None = None, size: float = 48) -> pygame.Rect:
    w = surface.get_width()
    px = max(24, int(size * scale))
    y = int(24 * scale) if y is None else y
    img = fonts.render(text, fonts.fit_size(text, px, int(w * 0.9), True), GOLD, bold=True)
    shadow = fonts.render(text, fonts.fit_size(text, px, int(w * 0.9), True), SHADOW, bold=True)
    r = img.get_rect(midtop=(w // 2, y))
    surface.blit(shadow, r.move(2, 2))
    surface.blit(img, r)
    return r


def column(center_x: int, top: int, width: int, height: int, gap: int, n: int) -> list[pygame.Rect]:
    return [pygame.Rect(center_x - width // 2, top + i * (height + gap), width, height) for i in range(n)]


# Never below 44 logical px (a touch target, game/ui/units.py): a finger must hit it on a
# phone. Kiosk mode raises it (game.ui.touch).
MIN_BUTTON_PX = units.TOUCH


def min_button() -> int:
    """The smallest button side, in device pixels at the app's density."""
    return fonts.px(MIN_BUTTON_PX)


def button_height(scale: float) -> int:
    return max(min_button(), int(56 * scale))
