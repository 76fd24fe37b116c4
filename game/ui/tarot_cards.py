"""The 78-card French tarot drawn with pygame primitives at any size.

Codes are ``game.cards.TAROT78``: trumps ``T01`` .. ``T21``, the Excuse ``EXC``, suit cards
with ranks ``A23456789TVCDR`` (1-10, Valet, Cavalier, Dame, Roi) and suits ``CDHS``.

Suit cards are the French faces (same suit colours, four-colour option included) with the
ace marked ``1`` and four framed courts whose letters follow the language. Trumps carry
their number large in a dark tab in two corners (so a fan of 28 cards tells trumps from
suit cards at a glance), and a gold-ringed medallion with the number in serifed Roman
capitals in the middle; the two oudler trumps (1 and 21) have a gold star under the corner
number. The Excuse has a star in a wine-red tab and a jester's cap.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import i18n
from game.ui import cards, fonts, suits

SS = 4  # supersampling for the Roman numerals and the medallion
TRUMP_CODES = tuple(f"T{n:02d}" for n in range(1, 22))
EXCUSE = "EXC"
OUDLERS = ("T01", "T21", EXCUSE)
PAPER = (250, 245, 230)
INK = (28, 38, 84)  # trump tabs and frame
WINE = (128, 28, 58)  # the Excuse's tab
GOLD = (206, 160, 58)
GOLD_DARK = (140, 100, 30)
SKY = (34, 58, 120)
SKY_EXCUSE = (110, 34, 62)
NUMERAL = (252, 244, 220)


def is_trump(code: str) -> bool:
    return code in TRUMP_CODES


def trump_number(code: str) -> int:
    return int(code[1:])


def roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def card_name(code: str) -> str:
    """A short readable name: 'Trump 21', 'Excuse', or a suit card as in the French deck."""
    if code == EXCUSE:
        return i18n.t("card.excuse")
    if is_trump(code):
        return i18n.t("card.trump", n=trump_number(code))
    return ("1" if code[0] == "A" else cards.rank_label(code)) + "♣♦♥♠"[cards.SUITS.index(code[1])]


# ------------------------------------------------------------------ Roman capitals
def _letter(s: pygame.Surface, ch: str, x: float, hgt: float, col) -> float:
    """Draw a serifed capital I, V or X with its left edge at x; return its advance."""
    thick, thin, serif = hgt * 0.17, hgt * 0.07, hgt * 0.07
    top, bot = 0.0, hgt
    if ch == "I":
        wd = hgt * 0.36
        cx = x + wd / 2
        pygame.draw.rect(s, col, (cx - thick / 2, top, thick, hgt))
        pygame.draw.rect(s, col, (x, top, wd, serif))
        pygame.draw.rect(s, col, (x, bot - serif, wd, serif))
        return wd + hgt * 0.06
    wd = hgt * 0.78
    if ch == "V":
        apex = x + wd / 2
        pygame.draw.polygon(s, col, [(x + hgt * 0.08, top), (x + hgt * 0.08 + thick * 1.2, top), (apex + thick * 0.35, bot), (apex - thick * 0.35, bot)])
        pygame.draw.polygon(s, col, [(x + wd - hgt * 0.08 - thin, top), (x + wd - hgt * 0.08, top), (apex + thick * 0.35, bot), (apex + thick * 0.35 - thin, bot)])
        pygame.draw.rect(s, col, (x, top, hgt * 0.36, serif))
        pygame.draw.rect(s, col, (x + wd - hgt * 0.3, top, hgt * 0.3, serif))
        return wd + hgt * 0.04
    # X: a thick stroke top left to bottom right, a thin one crossing it.
    pygame.draw.polygon(s, col, [(x + hgt * 0.1, top), (x + hgt * 0.1 + thick * 1.2, top), (x + wd - hgt * 0.1, bot), (x + wd - hgt * 0.1 - thick * 1.2, bot)])
    pygame.draw.polygon(s, col, [(x + wd - hgt * 0.12 - thin, top), (x + wd - hgt * 0.12, top), (x + hgt * 0.12 + thin, bot), (x + hgt * 0.12, bot)])
    for sx, sy in ((x, top), (x + wd - hgt * 0.32, top), (x, bot - serif), (x + wd - hgt * 0.32, bot - serif)):
        pygame.draw.rect(s, col, (sx, sy, hgt * 0.32, serif))
    return wd + hgt * 0.04


@lru_cache(maxsize=128)
def roman_numeral(n: int, height: int, colour: tuple) -> pygame.Surface:
    """``n`` in serifed Roman capitals, ``height`` pixels tall."""
    hgt = max(4, int(height)) * SS
    text = roman(n)
    scratch = pygame.Surface((int(hgt * 0.9 * len(text)) + 4, hgt), pygame.SRCALPHA)
    x = 0.0
    for ch in text:
        x += _letter(scratch, ch, x, hgt, colour)
    width = max(1, int(x - hgt * 0.04))
    out = scratch.subsurface((0, 0, min(width, scratch.get_width()), hgt))
    return pygame.transform.smoothscale(out, (max(1, width // SS), max(1, hgt // SS)))


# ------------------------------------------------------------------ corners and medallion
def tab(text: str | None, w: int, fill, ink) -> pygame.Surface:
    """A rounded dark tab with a light number (or a star when ``text`` is None)."""
    size = max(10, int(w * 0.3))
    f = fonts.font(size, bold=True)
    if text is None:
        glyph = suits.star(max(6, int(size * 0.95)), GOLD)
    else:
        glyph = f.render(text, True, ink)
    gh = f.get_ascent() if text is not None else glyph.get_height()
    tw = max(glyph.get_width() + max(4, w // 14), int(w * 0.27))
    th = gh + max(3, w // 16)
    out = pygame.Surface((tw, th), pygame.SRCALPHA)
    pygame.draw.rect(out, fill, out.get_rect(), border_radius=max(2, w // 24))
    dy = 0 if text is None else (gh - f.get_height()) // 2 + max(0, w // 60)
    out.blit(glyph, glyph.get_rect(center=(tw // 2, th // 2 + dy)))
    return out


def tarot_corner(code: str, w: int) -> pygame.Surface:
    """The corner index of a trump or the Excuse."""
    if code == EXCUSE:
        parts = [tab(None, w, WINE, NUMERAL)]
    else:
        parts = [tab(str(trump_number(code)), w, INK, NUMERAL)]
        if code in OUDLERS:
            parts.append(suits.star(max(5, int(w * 0.15)), GOLD_DARK))
    return cards.stack(parts, [max(1, w // 30)] * (len(parts) - 1))


@lru_cache(maxsize=64)
def medallion(wd: int, ht: int, sky: tuple, stars: int = 0) -> pygame.Surface:
    """A gold-ringed oval with a night sky and a sunburst behind it; ``stars`` picks the
    sky's constellation (each trump has its own)."""
    W, H = max(8, wd) * SS, max(8, ht) * SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    cx, cy = W / 2, H / 2
    rays = 24
    for k in range(rays):
        a0 = 2 * math.pi * k / rays
        a1 = a0 + math.pi / rays
        r = max(W, H)
        col = (*GOLD, 70) if k % 2 == 0 else (*GOLD, 35)
        pygame.draw.polygon(s, col, [(cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)), (cx + r * math.cos(a1), cy + r * math.sin(a1))])
    oval = pygame.Rect(0, 0, int(W * 0.84), int(H * 0.84))
    oval.center = (int(cx), int(cy))
    pygame.draw.ellipse(s, GOLD_DARK, oval)
    pygame.draw.ellipse(s, GOLD, oval.inflate(-W * 0.04, -W * 0.04))
    inner = oval.inflate(-W * 0.1, -W * 0.1)
    pygame.draw.ellipse(s, sky, inner)
    # A constellation of its own above and below the numeral, placed by a small
    # deterministic generator (the same picture every time), neighbours joined by faint lines.
    state = (2654435761 * (stars + 1)) & 0x7FFFFFFF

    def rand() -> float:
        nonlocal state
        state = (1103515245 * state + 12345) & 0x7FFFFFFF
        return (state >> 8) / float(1 << 23)

    for side in (-1, 1):  # the upper and the lower part of the sky
        cap = sorted((math.pi / 4 + rand() * math.pi / 2, 0.27 + 0.07 * rand(), 0.007 + 0.01 * rand()) for _ in range(4))
        pts = [(cx + W * r * math.cos(a), cy + side * H * r * math.sin(a), fr) for a, r, fr in cap]
        for (x0, y0, _), (x1, y1, _) in zip(pts, pts[1:]):
            pygame.draw.line(s, (120, 136, 190), (x0, y0), (x1, y1), max(1, W // 160))
        for x, y, fr in pts:
            pygame.draw.circle(s, (240, 226, 170), (x, y), W * fr)
    return pygame.transform.smoothscale(s, (W // SS, H // SS))


def _frame(surf: pygame.Surface, colour) -> None:
    w, h = surf.get_size()
    inset = max(3, w // 14)
    r = surf.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surf, colour, r, max(1, w // 70), border_radius=max(2, w // 24))


def draw_trump(code: str, w: int) -> pygame.Surface:
    w, h = int(w), int(round(w * cards.CARD_RATIO))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
    excuse = code == EXCUSE
    med = medallion(int(w * 0.72), int(h * 0.6), SKY_EXCUSE if excuse else SKY, 0 if excuse else trump_number(code))
    surf.blit(med, med.get_rect(center=(w // 2, h // 2)))
    _frame(surf, WINE if excuse else INK)
    if excuse:
        cap = suits.jester(int(w * 0.44), ((200, 40, 50), GOLD, (40, 90, 170)))
        surf.blit(cap, cap.get_rect(center=(w // 2, h // 2 - int(h * 0.02))))
        if w >= 60:
            word = i18n.t("card.excuse")
            ribbon = pygame.Rect(0, 0, int(w * 0.62), max(9, int(h * 0.09)))
            size = fonts.fit_size(word, max(8, int(ribbon.height * 0.8)), ribbon.width - 6, True, minimum=7)
            text = fonts.font(size, True).render(word, True, NUMERAL)
            ribbon.height = max(ribbon.height, text.get_height())
            ribbon.center = (w // 2, int(h * 0.68))
            pygame.draw.rect(surf, WINE, ribbon, border_radius=max(2, ribbon.height // 3))
            pygame.draw.rect(surf, GOLD, ribbon, max(1, w // 80), border_radius=max(2, ribbon.height // 3))
            surf.blit(text, text.get_rect(center=ribbon.center))
    else:
        n = trump_number(code)
        numeral = roman_numeral(n, max(6, int(h * 0.15)), NUMERAL)
        if numeral.get_width() > int(w * 0.46):
            scale = w * 0.46 / numeral.get_width()
            numeral = pygame.transform.smoothscale(numeral, (int(numeral.get_width() * scale), max(1, int(numeral.get_height() * scale))))
        surf.blit(numeral, numeral.get_rect(center=(w // 2, h // 2)))
    cards.blit_corners(surf, tarot_corner(code, w))
    pygame.draw.rect(surf, tuple(cards.STYLE["face"]["edge"]), surf.get_rect(), max(1, w // 80), border_radius=radius)
    return surf


# ------------------------------------------------------------------ court emblems
def _crown(s: pygame.Surface, n: int, lw: int) -> None:
    pts = [(0.1, 0.85), (0.1, 0.35), (0.3, 0.6), (0.5, 0.2), (0.7, 0.6), (0.9, 0.35), (0.9, 0.85)]
    poly = [(x * n, y * n) for x, y in pts]
    pygame.draw.polygon(s, GOLD, poly)
    pygame.draw.polygon(s, GOLD_DARK, poly, lw)
    for x, y in ((0.1, 0.3), (0.5, 0.14), (0.9, 0.3)):
        pygame.draw.circle(s, GOLD, (x * n, y * n), n * 0.07)
        pygame.draw.circle(s, GOLD_DARK, (x * n, y * n), n * 0.07, lw)
    pygame.draw.circle(s, (190, 30, 50), (0.5 * n, 0.7 * n), n * 0.07)


def _coronet(s: pygame.Surface, n: int, lw: int) -> None:
    # The queen's coronet: lower than the king's crown, five small points tipped with pearls.
    band = pygame.Rect(int(n * 0.1), int(n * 0.6), int(n * 0.8), int(n * 0.18))
    peaks = [(band.x, band.y + 2)]
    for k in range(5):
        x0 = band.x + band.width * k / 5
        peaks += [(x0 + band.width * 0.1, n * 0.36), (x0 + band.width * 0.2, band.y + 2)]
    pygame.draw.polygon(s, GOLD, peaks)
    pygame.draw.polygon(s, GOLD_DARK, peaks, lw)
    pygame.draw.rect(s, GOLD, band, border_radius=max(1, n // 16))
    pygame.draw.rect(s, GOLD_DARK, band, lw, border_radius=max(1, n // 16))
    for k in range(5):
        x = band.x + band.width * (k + 0.5) / 5
        pygame.draw.circle(s, (250, 248, 240), (x, n * 0.33), n * 0.055)
        pygame.draw.circle(s, (150, 140, 120), (x, n * 0.33), n * 0.055, lw)
    for k, jewel in enumerate(((40, 110, 190), (190, 30, 50), (40, 110, 190))):
        pygame.draw.circle(s, jewel, (band.x + band.width * (k + 1) / 4, band.centery), n * 0.045)


def _horseshoe(s: pygame.Surface, n: int, lw: int) -> None:
    steel, dark = (150, 150, 160), (70, 70, 84)
    outer = pygame.Rect(int(n * 0.14), int(n * 0.08), int(n * 0.72), int(n * 0.8))
    pygame.draw.ellipse(s, steel, outer)
    pygame.draw.ellipse(s, dark, outer, lw)
    inner = outer.inflate(-int(n * 0.3), -int(n * 0.3))
    pygame.draw.ellipse(s, (0, 0, 0, 0), inner)
    pygame.draw.ellipse(s, dark, inner, lw)
    pygame.draw.rect(s, (0, 0, 0, 0), (inner.x, outer.centery + n * 0.12, inner.width, n))  # open at the bottom
    for x in (outer.x, outer.right - n * 0.15):
        pygame.draw.rect(s, steel, (x, outer.centery + n * 0.12, n * 0.15, n * 0.12))
    for a in (0.35, 0.5, 0.65):
        import math as _m
        ang = _m.pi * (1 + a)
        rx, ry = outer.width * 0.4, outer.height * 0.4
        pygame.draw.circle(s, dark, (outer.centerx + rx * _m.cos(ang) * 1.0, outer.centery + ry * _m.sin(ang)), n * 0.03)
        pygame.draw.circle(s, dark, (outer.centerx - rx * _m.cos(ang), outer.centery + ry * _m.sin(ang)), n * 0.03)


def _cap(s: pygame.Surface, n: int, lw: int) -> None:
    feather = [(0.55, 0.5), (0.7, 0.1), (0.95, 0.02), (0.8, 0.3), (0.62, 0.55)]
    pygame.draw.polygon(s, (200, 40, 50), [(x * n, y * n) for x, y in feather])
    pygame.draw.polygon(s, (110, 20, 30), [(x * n, y * n) for x, y in feather], lw)
    crown = pygame.Rect(int(n * 0.18), int(n * 0.38), int(n * 0.64), int(n * 0.42))
    pygame.draw.ellipse(s, (40, 80, 150), crown)
    pygame.draw.ellipse(s, (20, 40, 90), crown, lw)
    brim = pygame.Rect(int(n * 0.06), int(n * 0.66), int(n * 0.88), int(n * 0.2))
    pygame.draw.ellipse(s, GOLD, brim)
    pygame.draw.ellipse(s, GOLD_DARK, brim, lw)


_EMBLEMS = {"R": _crown, "D": _coronet, "C": _horseshoe, "V": _cap}


@lru_cache(maxsize=64)
def emblem(rank: str, size: int) -> pygame.Surface:
    """The headgear of a court: crown (Roi), coronet (Dame), horseshoe (Cavalier), plumed cap (Valet)."""
    n = max(6, int(size)) * SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    _EMBLEMS[rank](big, n, max(1, n // 22))
    return pygame.transform.smoothscale(big, (n // SS, n // SS))


def draw_court(code: str, w: int, four_colour: bool) -> pygame.Surface:
    """A tarot court: its headgear large in a cream oval, the suit sign under it."""
    w, h = int(w), int(round(w * cards.CARD_RATIO))
    surf = cards.paper(w, h)
    suit = cards.SUITS.index(code[1])
    col = cards.suit_colours(four_colour)[suit]
    face = cards.STYLE["face"]
    oval = pygame.Rect(0, 0, int(w * 0.46), int(h * 0.5))
    oval.center = (w // 2, h // 2)
    pygame.draw.ellipse(surf, tuple(face["court_edge"]), oval)
    pygame.draw.ellipse(surf, (248, 238, 212), oval.inflate(-max(2, w // 30), -max(2, w // 30)))
    top = emblem(code[0], int(oval.width * 0.8))
    surf.blit(top, top.get_rect(center=(oval.centerx, oval.y + int(oval.height * 0.38))))
    small = suits.symbol(suit, max(5, int(w * 0.16)), col)
    surf.blit(small, small.get_rect(center=(oval.centerx, oval.y + int(oval.height * 0.76))))
    cards.blit_corners(surf, cards.french_corner(code, w, four_colour, ace="1"))
    return surf


def draw_face(code: str, w: int, four_colour: bool = False) -> pygame.Surface:
    if code == EXCUSE or is_trump(code):
        return draw_trump(code, w)
    if len(code) != 2 or code[0] not in "A23456789TVCDR" or code[1] not in cards.SUITS:
        raise ValueError(f"not a tarot card code: {code!r}")
    if code[0] in _EMBLEMS:
        return draw_court(code, w, four_colour)
    return cards.draw_face(code, w, four_colour, ace="1")


def corner(code: str, w: int, four_colour: bool = False) -> pygame.Surface:
    if code == EXCUSE or is_trump(code):
        return tarot_corner(code, w)
    return cards.french_corner(code, w, four_colour, ace="1")
