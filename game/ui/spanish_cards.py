"""The 48-card Spanish-suited deck (Aluette), drawn with pygame primitives at any size.

Codes are ``game.cards.SPANISH48``: rank from ``123456789VCR`` (1-9, Valet, Cavalier,
Roi), suit from ``DCBE`` (deniers/coins, coupes/cups, bâtons/batons, épées/swords).
Each suit has its traditional colour (gold coins, red cups, green batons, blue swords),
so the four suits stay apart at a glance without a four-colour setting.

Faces: the rank in two corners (court letters follow the language: V/C/R in French,
J/Kn/K in English, B/R/H in Dutch) over a small suit sign, the pips of number cards laid
out as on a Spanish deck, and a framed figure panel (letter over a big suit sign) on the
courts. An optional caption (the Aluette card names, "Monsieur", ...) is printed on a
ribbon at the bottom, at 12 logical px or more, or left off a face too narrow for it.
Surfaces are cached per (card, size, caption, language, density).
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n
from game.ui import fonts

SS = 4  # supersampling factor for the suit signs
RANKS = "123456789VCR"
SUITS = "DCBE"
COURTS = "VCR"
# Traditional Spanish suit colours, and a darker outline for each.
SUIT_COLOURS = {
    "D": ((222, 168, 30), (130, 86, 8)),
    "C": ((196, 32, 44), (110, 14, 20)),
    "B": ((36, 128, 62), (70, 48, 20)),
    "E": ((34, 86, 178), (16, 40, 96)),
}
PAPER = (252, 248, 236)
EDGE = (120, 110, 96)
COURT_BG = (243, 226, 178)
COURT_EDGE = (150, 110, 40)
RIBBON = (40, 34, 30)

# Pip centres of number cards, as fractions of the pip area (x, y).
PIP_LAYOUTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.12), (0.5, 0.88)],
    3: [(0.5, 0.12), (0.5, 0.5), (0.5, 0.88)],
    4: [(0.2, 0.12), (0.8, 0.12), (0.2, 0.88), (0.8, 0.88)],
    5: [(0.2, 0.12), (0.8, 0.12), (0.5, 0.5), (0.2, 0.88), (0.8, 0.88)],
    6: [(0.2, 0.12), (0.8, 0.12), (0.2, 0.5), (0.8, 0.5), (0.2, 0.88), (0.8, 0.88)],
    7: [(0.2, 0.12), (0.8, 0.12), (0.5, 0.31), (0.2, 0.5), (0.8, 0.5), (0.2, 0.88), (0.8, 0.88)],
    8: [(0.2, 0.12), (0.8, 0.12), (0.5, 0.31), (0.2, 0.5), (0.8, 0.5), (0.5, 0.69), (0.2, 0.88), (0.8, 0.88)],
    9: [(0.2, 0.12), (0.5, 0.12), (0.8, 0.12), (0.2, 0.5), (0.5, 0.5), (0.8, 0.5), (0.2, 0.88), (0.5, 0.88), (0.8, 0.88)],
}


def rank_label(code: str) -> str:
    r = code[0]
    if r in COURTS:
        return i18n.t(f"spanish.rank.{r}")
    return r


def card_name(code: str) -> str:
    """A short readable name for prompts and messages, e.g. '3 of coins', 'Roi de coupes'."""
    return i18n.t("spanish.card", rank=i18n.t(f"spanish.rank_name.{code[0]}"), suit=i18n.t(f"spanish.suit.{code[1]}"))


# ------------------------------------------------------------------ suit signs
def _coin(s: pygame.Surface, n: int, col, dark) -> None:
    c = (n / 2, n / 2)
    pygame.draw.circle(s, dark, c, n * 0.48)
    pygame.draw.circle(s, col, c, n * 0.42)
    pygame.draw.circle(s, dark, c, n * 0.27, max(1, int(n * 0.05)))
    # A four-petal rosette in the middle.
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        pygame.draw.circle(s, dark, (c[0] + dx * n * 0.1, c[1] + dy * n * 0.1), n * 0.07)
    pygame.draw.circle(s, col, c, n * 0.05)


def _cup(s: pygame.Surface, n: int, col, dark) -> None:
    # Bowl: a wide cup narrowing to the stem; a foot; a rim.
    bowl = [(n * 0.14, n * 0.12), (n * 0.86, n * 0.12), (n * 0.78, n * 0.38), (n * 0.6, n * 0.52), (n * 0.4, n * 0.52), (n * 0.22, n * 0.38)]
    pygame.draw.polygon(s, col, bowl)
    pygame.draw.polygon(s, dark, bowl, max(1, int(n * 0.04)))
    pygame.draw.ellipse(s, dark, (n * 0.12, n * 0.06, n * 0.76, n * 0.13))
    pygame.draw.ellipse(s, col, (n * 0.16, n * 0.08, n * 0.68, n * 0.08))
    pygame.draw.rect(s, col, (n * 0.43, n * 0.5, n * 0.14, n * 0.3))
    pygame.draw.circle(s, dark, (n * 0.5, n * 0.62), n * 0.08)
    pygame.draw.ellipse(s, col, (n * 0.22, n * 0.78, n * 0.56, n * 0.16))
    pygame.draw.ellipse(s, dark, (n * 0.22, n * 0.78, n * 0.56, n * 0.16), max(1, int(n * 0.04)))


def _baton(s: pygame.Surface, n: int, col, dark) -> None:
    # A knobbly club, thick at the top, slightly slanted.
    body = [(n * 0.36, n * 0.97), (n * 0.58, n * 0.97), (n * 0.80, n * 0.14), (n * 0.42, n * 0.04)]
    pygame.draw.polygon(s, col, body)
    pygame.draw.polygon(s, dark, body, max(1, int(n * 0.04)))
    for x, y, r in ((0.62, 0.12, 0.17), (0.76, 0.36, 0.08), (0.42, 0.5, 0.08), (0.64, 0.66, 0.07)):
        pygame.draw.circle(s, col, (n * x, n * y), n * r)
        pygame.draw.circle(s, dark, (n * x, n * y), n * r, max(1, int(n * 0.04)))
    pygame.draw.line(s, dark, (n * 0.47, n * 0.9), (n * 0.62, n * 0.22), max(1, int(n * 0.03)))


def _sword(s: pygame.Surface, n: int, col, dark) -> None:
    # Point up: a broad blade, crossguard, grip, pommel.
    blade = [(n * 0.5, n * 0.0), (n * 0.64, n * 0.12), (n * 0.62, n * 0.62), (n * 0.38, n * 0.62), (n * 0.36, n * 0.12)]
    pygame.draw.polygon(s, col, blade)
    pygame.draw.polygon(s, dark, blade, max(1, int(n * 0.035)))
    pygame.draw.line(s, dark, (n * 0.5, n * 0.1), (n * 0.5, n * 0.58), max(1, int(n * 0.03)))
    pygame.draw.rect(s, dark, (n * 0.12, n * 0.61, n * 0.76, n * 0.1), border_radius=int(n * 0.04))
    pygame.draw.rect(s, col, (n * 0.43, n * 0.71, n * 0.14, n * 0.17))
    pygame.draw.circle(s, dark, (n * 0.5, n * 0.91), n * 0.09)


_DRAW = {"D": _coin, "C": _cup, "B": _baton, "E": _sword}


@lru_cache(maxsize=256)
def suit_sign(suit: str, size: int) -> pygame.Surface:
    """The suit sign of a Spanish suit letter (DCBE), ``size`` pixels square."""
    size = max(4, int(size))
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    col, dark = SUIT_COLOURS[suit]
    _DRAW[suit](big, size * SS, col, dark)
    return pygame.transform.smoothscale(big, (size, size))


# ------------------------------------------------------------------ faces
class SpanishCardRenderer:
    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def clear(self) -> None:
        self._cache.clear()

    def face(self, code: str, width: int, caption: str | None = None) -> pygame.Surface:
        key = (code, int(width), caption, i18n.language(), fonts.DENSITY)  # the density sets the smallest caption
        img = self._cache.get(key)
        if img is None:
            if len(self._cache) > 400:
                self._cache.clear()
            img = self._cache[key] = draw_face(code, int(width), caption)
        return img


def corner_pad(w: int) -> int:
    return max(2, w // 18)


def corner(code: str, w: int) -> pygame.Surface:
    """The corner index: the rank (a language's court letter) over a small suit sign."""
    label = rank_label(code)
    dark = SUIT_COLOURS[code[1]][1]
    idx_size = max(10, int(w * (0.28 if len(label) == 1 else 0.2)))
    idx = fonts.font(idx_size, bold=True).render(label, True, dark)
    pip = suit_sign(code[1], max(6, int(w * 0.16)))
    out = pygame.Surface((max(idx.get_width(), pip.get_width()), idx.get_height() + pip.get_height()), pygame.SRCALPHA)
    out.blit(idx, idx.get_rect(midtop=(out.get_width() // 2, 0)))
    out.blit(pip, pip.get_rect(midtop=(out.get_width() // 2, idx.get_height() - max(1, w // 25))))
    return out


def ribbon_rect(w: int, h: int) -> pygame.Rect:
    """The caption's ribbon across the bottom of a face ``w`` x ``h`` (its height grows to the text's)."""
    left = max(2, w // 14)
    return pygame.Rect(left, 0, w - 2 * left, max(8, int(h * 0.11)))


def caption_font(caption: str, w: int) -> tuple[int, bool] | None:
    """(size, bold) a card's name is printed in on a face ``w`` device px wide: on one line
    in the ribbon, never under the smallest text (12 logical px); bold, or regular when
    only that fits. None: the face is too narrow for the name, which is left off (the
    corner indices and the art still say which card it is; its name is in the hints)."""
    ribbon = ribbon_rect(w, int(round(w * 1.4)))
    room = ribbon.width - 4
    least = fonts.min_size()
    for bold in (True, False):
        size = fonts.fit_size(caption, max(least, int(ribbon.height * 0.8)), room, bold)
        if fonts.text_width(caption, size, bold) <= room:
            return size, bold
    return None


def draw_face(code: str, w: int, caption: str | None = None) -> pygame.Surface:
    if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        raise ValueError(f"not a Spanish card code: {code!r}")
    w = max(16, int(w))
    h = int(round(w * 1.4))
    rank, suit = code[0], code[1]
    col, dark = SUIT_COLOURS[suit]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    rect = surf.get_rect()
    pygame.draw.rect(surf, PAPER, rect, border_radius=radius)
    # The Spanish deck's frame line, broken by nothing: a thin inner border in the suit colour.
    inner = rect.inflate(-max(4, w // 10), -max(4, w // 10))
    pygame.draw.rect(surf, col, inner, max(1, w // 70), border_radius=max(2, radius // 2))
    pygame.draw.rect(surf, EDGE, rect, max(1, w // 80), border_radius=radius)
    label = rank_label(code)
    index = corner(code, w)
    pad = corner_pad(w)
    surf.blit(index, (pad, pad // 2))
    printed = caption_font(caption, w) if caption else None
    if printed is None:  # a caption ribbon takes the place of the bottom index
        surf.blit(pygame.transform.rotate(index, 180), index.get_rect(bottomright=(w - pad, h - pad // 2)))
    # The centre area, clear of both corner indices.
    area = pygame.Rect(0, 0, int(w * 0.46), int(h * 0.66))
    area.center = (w // 2, h // 2)
    if rank in COURTS:
        frame = area.inflate(-int(w * 0.06), 0)
        pygame.draw.rect(surf, COURT_BG, frame, border_radius=max(2, w // 20))
        pygame.draw.rect(surf, COURT_EDGE, frame, max(1, w // 40), border_radius=max(2, w // 20))
        letter = fonts.font(max(8, int(w * 0.26)), bold=True).render(label, True, dark)
        surf.blit(letter, letter.get_rect(midtop=(frame.centerx, frame.y + int(frame.height * 0.06))))
        big = suit_sign(suit, int(min(frame.width * 0.8, frame.height * 0.55)))
        surf.blit(big, big.get_rect(midbottom=(frame.centerx, frame.bottom - int(frame.height * 0.06))))
    else:
        n = int(rank)
        spots = PIP_LAYOUTS[n]
        size = int(min(area.width, area.height) * (0.8 if n == 1 else 0.44 if n <= 3 else 0.38 if n <= 6 else 0.32 if n <= 8 else 0.29))
        sign = suit_sign(suit, size)
        inner_area = area.inflate(-size, -size) if n > 1 else area
        for fx, fy in spots:
            c = (inner_area.x + fx * inner_area.width, inner_area.y + fy * inner_area.height)
            surf.blit(sign, sign.get_rect(center=(int(c[0]), int(c[1]))))
    if printed is not None:
        ribbon = ribbon_rect(w, h)
        size, bold = printed
        text = fonts.font(size, bold).render(caption, True, (255, 240, 200))
        ribbon.height = max(ribbon.height, text.get_height())
        ribbon.bottom = h - max(2, h // 40)
        pygame.draw.rect(surf, RIBBON, ribbon, border_radius=max(2, ribbon.height // 3))
        surf.blit(text, text.get_rect(center=ribbon.center))
    return surf
