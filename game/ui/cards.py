"""Card faces and backs rendered at start-up (lazily, per size) from data/cards/style.json.

Faces: large rank index in two corners (rank letters follow the language: V/D/R in
French, B/V/H in Dutch), a big suit symbol in the middle of number cards, a framed
letter on court cards. Everything is drawn at the exact pixel size asked for, so cards
are crisp from a phone to a 4K screen. Surfaces are cached per (card, size, options);
``clear()`` drops them when the window size changes, which bounds memory.
"""
from __future__ import annotations

import json

import pygame

from game import i18n
from game.paths import data_path
from game.ui import fonts, suits

STYLE_PATH = data_path("cards", "style.json")
STYLE = json.loads(STYLE_PATH.read_text(encoding="utf-8"))
SUITS = "CDHS"
BACKS = tuple(STYLE["backs"])
TABLES = {k: tuple(v) for k, v in STYLE["tables"].items()}
CARD_RATIO = 1.4  # height / width


def suit_colours(four_colour: bool) -> list[tuple]:
    pal = STYLE["suit_colours"]["four" if four_colour else "two"]
    return [tuple(pal[s]) for s in SUITS]


def rank_label(code: str) -> str:
    r = code[0]
    if r == "T":
        return "10"
    if r in "JQK":
        return i18n.t(f"card.rank.{r}")
    return r


def card_name(code: str) -> str:
    """Short readable name, e.g. '10♦' (the suit char is drawn as a shape by fonts)."""
    return rank_label(code) + "♣♦♥♠"[SUITS.index(code[1])]


def _fast(img: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, for fast blits (when a window exists)."""
    try:
        return img.convert_alpha()
    except pygame.error:
        return img


def _rounded(surface: pygame.Surface, rect: pygame.Rect, colour, radius: int, width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


class CardRenderer:
    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def clear(self) -> None:
        self._cache.clear()

    def size_for(self, width: int) -> tuple[int, int]:
        return int(width), int(round(width * CARD_RATIO))

    MAX_CACHED = 600  # faces and backs; a full game at one window size needs far fewer

    def face(self, code: str, width: int, four_colour: bool = False) -> pygame.Surface:
        key = ("f", code, int(width), four_colour, i18n.language())
        img = self._cache.get(key)
        if img is None:
            if len(self._cache) >= self.MAX_CACHED:
                self._cache.clear()
            img = self._cache[key] = _fast(self._draw_face(code, int(width), four_colour))
        return img

    def back(self, style: str, width: int) -> pygame.Surface:
        key = ("b", style, int(width))
        img = self._cache.get(key)
        if img is None:
            img = self._cache[key] = _fast(self._draw_back(style if style in STYLE["backs"] else BACKS[0], int(width)))
        return img

    # -------------------------------------------------------------- drawing
    def _draw_face(self, code: str, w: int, four_colour: bool) -> pygame.Surface:
        w, h = self.size_for(w)
        face = STYLE["face"]
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, w // 12)
        rect = surf.get_rect()
        _rounded(surf, rect, tuple(face["paper"]), radius)
        _rounded(surf, rect, tuple(face["edge"]), radius, max(1, w // 80))
        suit = SUITS.index(code[1])
        col = suit_colours(four_colour)[suit]
        label = rank_label(code)
        # Large corner index: readable when cards overlap or are small.
        idx_size = max(10, int(w * (0.34 if len(label) == 1 else 0.29)))
        idx = fonts.font(idx_size, bold=True).render(label, True, col)
        pad = max(2, w // 16)
        pip = suits.symbol(suit, max(5, int(w * 0.22)), col)
        corner = pygame.Surface((max(idx.get_width(), pip.get_width()), idx.get_height() + pip.get_height()), pygame.SRCALPHA)
        corner.blit(idx, idx.get_rect(midtop=(corner.get_width() // 2, 0)))
        corner.blit(pip, pip.get_rect(midtop=(corner.get_width() // 2, idx.get_height() - max(1, w // 30))))
        surf.blit(corner, (pad, pad // 2))
        surf.blit(pygame.transform.rotate(corner, 180), corner.get_rect(bottomright=(w - pad, h - pad // 2)))
        centre = (w // 2, h // 2)
        if code[0] in "JQK":
            frame = pygame.Rect(0, 0, int(w * 0.38), int(h * 0.42))
            frame.center = centre
            _rounded(surf, frame, tuple(face["court"]), max(2, w // 20))
            _rounded(surf, frame, tuple(face["court_edge"]), max(2, w // 20), max(1, w // 40))
            letter = fonts.font(int(w * 0.27), bold=True).render(label, True, col)
            surf.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - frame.height * 0.12)))
            small = suits.symbol(suit, max(5, int(w * 0.13)), col)
            surf.blit(small, small.get_rect(center=(frame.centerx, frame.bottom - frame.height * 0.2)))
        else:
            big = suits.symbol(suit, int(w * 0.4), col)
            surf.blit(big, big.get_rect(center=centre))
        return surf

    def _draw_back(self, style: str, w: int) -> pygame.Surface:
        w, h = self.size_for(w)
        spec = STYLE["backs"][style]
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, w // 12)
        rect = surf.get_rect()
        _rounded(surf, rect, tuple(spec["frame"]), radius)
        inner = rect.inflate(-max(4, w // 8), -max(4, w // 8))
        _rounded(surf, inner, tuple(spec["base"]), max(2, radius // 2))
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6, w // 7)
        line = tuple(spec["line"])
        lw = max(1, w // 60)
        for x in range(-inner.height, inner.width + inner.height, step):
            pygame.draw.line(pattern, line, (x, 0), (x + inner.height, inner.height), lw)
            pygame.draw.line(pattern, line, (x + inner.height, 0), (x, inner.height), lw)
        surf.blit(pattern, inner.topleft)
        # A centred medallion with a spade (the jack, "Orlan", is a spade-less card: keep it simple).
        r = int(w * 0.2)
        pygame.draw.circle(surf, tuple(spec["frame"]), inner.center, r)
        pygame.draw.circle(surf, tuple(spec["base"]), inner.center, r - max(1, w // 40))
        mark = suits.symbol(3, int(r * 1.1), tuple(spec["frame"]))
        surf.blit(mark, mark.get_rect(center=inner.center))
        _rounded(surf, rect, (90, 90, 90), radius, max(1, w // 80))
        return surf
