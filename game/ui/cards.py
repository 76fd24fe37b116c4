"""French-suited card faces and the backs, rendered lazily per size from data/cards/style.json.

Faces: large rank index in two corners (rank letters follow the language: V/D/R in
French, B/V/H in Dutch), a big suit symbol in the middle of number cards, a framed
letter on court cards; the jokers (X1 red, X2 black) carry a star index and a jester's
cap; a multi-deck copy (``AS/2``) looks like any other copy of its card: which copy a
card is never matters to the player by itself (the Bezique family shows what a declared
card has served in, where that depends on the copy: its view's ``hand_note``).
Everything is drawn at the exact pixel size asked for, so cards are crisp from a phone to
a 4K screen. Surfaces are cached per (card, size, options); ``clear()`` drops them when
the window size changes, which bounds memory. ``game.ui.deck_art`` draws every deck
(Spanish and tarot too) through one entry point built on this renderer.
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


def suit_colours_on_dark(four_colour: bool) -> list[tuple]:
    """The suits' colours for signs in a text on a dark panel (a rules page, the review's
    panel): black ones nearly white, the others lightened, so every sign reads."""
    out = []
    for c in suit_colours(four_colour):
        if max(c) < 60:
            out.append((240, 240, 240))
        else:
            out.append(tuple(int(v + (255 - v) * 0.45) for v in c))
    return out


JOKERS = ("X1", "X2")
COURTS = "JQKVCDR"  # French courts, then the tarot's Valet, Cavalier, Dame, Roi


def split_copy(code: str) -> tuple[str, int]:
    """``("AS", 2)`` for ``AS/2``; a single deck's code has copy 0."""
    base, _, copy = code.partition("/")
    return base, int(copy) if copy else 0


def rank_label(code: str) -> str:
    r = code[0]
    if r == "T":
        return "10"
    if r in COURTS:
        return i18n.t(f"card.rank.{r}")
    return r


def card_name(code: str) -> str:
    """Short readable name, e.g. '10♦' (the suit char is drawn as a shape by fonts)."""
    code = split_copy(code)[0]
    if code in JOKERS:
        return i18n.t("card.joker")
    return rank_label(code) + "♣♦♥♠"[SUITS.index(code[1])]


def joker_colour(code: str, four_colour: bool) -> tuple:
    """The red joker (X1) takes the hearts colour, the black one (X2) the spades colour."""
    return suit_colours(four_colour)[2 if code == "X1" else 3]


def stack(parts: list[pygame.Surface], gaps: list[int]) -> pygame.Surface:
    """Surfaces one under the other, centred, each ``gap`` pixels below the previous (may be negative)."""
    width = max(p.get_width() for p in parts)
    height = parts[0].get_height() + sum(g + p.get_height() for g, p in zip(gaps, parts[1:]))
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for i, p in enumerate(parts):
        if i:
            y += gaps[i - 1]
        out.blit(p, p.get_rect(midtop=(width // 2, y)))
        y += p.get_height()
    return out


def corner_pad(w: int) -> int:
    return max(2, w // 16)


def french_corner(code: str, w: int, four_colour: bool, ace: str = "A") -> pygame.Surface:
    """The index in a card's corner: rank over suit, a star for a joker."""
    base = split_copy(code)[0]
    if base in JOKERS:
        col = joker_colour(base, four_colour)
        parts = [suits.star(max(6, int(w * 0.26)), col)]
        gaps = []
    else:
        suit = SUITS.index(base[1])
        col = suit_colours(four_colour)[suit]
        label = ace if base[0] == "A" else rank_label(base)
        idx_size = max(10, int(w * (0.34 if len(label) == 1 else 0.29)))
        parts = [fonts.font(idx_size, bold=True).render(label, True, col), suits.symbol(suit, max(5, int(w * 0.22)), col)]
        gaps = [-max(1, w // 30)]
    return stack(parts, gaps)


def paper(w: int, h: int) -> pygame.Surface:
    face = STYLE["face"]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 12)
    _rounded(surf, surf.get_rect(), tuple(face["paper"]), radius)
    _rounded(surf, surf.get_rect(), tuple(face["edge"]), radius, max(1, w // 80))
    return surf


def blit_corners(surf: pygame.Surface, corner: pygame.Surface) -> None:
    """The index top left and, upside down, bottom right."""
    w, h = surf.get_size()
    pad = corner_pad(w)
    surf.blit(corner, (pad, pad // 2))
    surf.blit(pygame.transform.rotate(corner, 180), corner.get_rect(bottomright=(w - pad, h - pad // 2)))


def draw_joker(code: str, w: int, four_colour: bool) -> pygame.Surface:
    h = int(round(w * CARD_RATIO))
    surf = paper(w, h)
    base = split_copy(code)[0]
    col = joker_colour(base, four_colour)
    blit_corners(surf, french_corner(code, w, four_colour))
    gold = tuple(STYLE["face"]["court"])
    points = (col, gold, col) if base == "X1" else (col, (200, 24, 36), col)
    # The cap and the word sit between the two corner stars.
    cap = suits.jester(int(w * 0.52), points)
    surf.blit(cap, cap.get_rect(center=(w // 2, int(w * 0.64))))
    word = i18n.t("card.joker")
    if w >= 48:
        size = fonts.fit_size(word, max(8, int(w * 0.16)), int(w * 0.36), True, minimum=7)
        text = fonts.font(size, True).render(word, True, col)
        surf.blit(text, text.get_rect(midtop=(w // 2, int(w * 0.9))))
    return surf


def draw_face(code: str, w: int, four_colour: bool = False, ace: str = "A") -> pygame.Surface:
    """A French-suited face: 52/54/108, the piquet decks (``AS/2`` drawn as ``AS``) and the
    tarot's suit cards (whose ace is marked ``1``)."""
    base = split_copy(code)[0]
    if base in JOKERS:
        return draw_joker(code, w, four_colour)
    if len(base) != 2 or base[1] not in SUITS:
        raise ValueError(f"not a French-suited card code: {code!r}")
    w, h = int(w), int(round(w * CARD_RATIO))
    face = STYLE["face"]
    surf = paper(w, h)
    suit = SUITS.index(base[1])
    col = suit_colours(four_colour)[suit]
    label = rank_label(base)
    blit_corners(surf, french_corner(code, w, four_colour, ace))
    centre = (w // 2, h // 2)
    if base[0] in COURTS:
        frame = pygame.Rect(0, 0, int(w * 0.38), int(h * 0.42))
        frame.center = centre
        _rounded(surf, frame, tuple(face["court"]), max(2, w // 20))
        _rounded(surf, frame, tuple(face["court_edge"]), max(2, w // 20), max(1, w // 40))
        letter_size = int(w * (0.27 if len(label) == 1 else 0.2))
        letter = fonts.font(letter_size, bold=True).render(label, True, col)
        surf.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - frame.height * 0.12)))
        small = suits.symbol(suit, max(5, int(w * 0.13)), col)
        surf.blit(small, small.get_rect(center=(frame.centerx, frame.bottom - frame.height * 0.2)))
    else:
        big = suits.symbol(suit, int(w * 0.4), col)
        surf.blit(big, big.get_rect(center=centre))
    return surf


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
        self._bytes = 0

    def clear(self) -> None:
        self._cache.clear()
        self._bytes = 0

    # The cache is bounded by the pixels it holds, not only by count: a 3x phone's faces are
    # nine times the bytes of a desktop's (the oldest faces go first).
    MAX_BYTES = 48 * 1024 * 1024

    def keep(self, key: tuple, img: pygame.Surface) -> pygame.Surface:
        size = img.get_width() * img.get_height() * 4
        while self._cache and (len(self._cache) >= self.MAX_CACHED or self._bytes + size > self.MAX_BYTES):
            old = self._cache.pop(next(iter(self._cache)))
            self._bytes -= old.get_width() * old.get_height() * 4
        self._cache[key] = img
        self._bytes += size
        return img

    def size_for(self, width: int) -> tuple[int, int]:
        return int(width), int(round(width * CARD_RATIO))

    MAX_CACHED = 600  # faces and backs; a full game at one window size needs far fewer

    def face(self, code: str, width: int, four_colour: bool = False) -> pygame.Surface:
        key = ("f", code, int(width), four_colour, i18n.language())
        img = self._cache.get(key)
        if img is None:
            img = self.keep(key, _fast(self._draw_face(code, int(width), four_colour)))
        return img

    def back(self, style: str, width: int) -> pygame.Surface:
        key = ("b", style, int(width))
        img = self._cache.get(key)
        if img is None:
            img = self.keep(key, _fast(self._draw_back(style if style in STYLE["backs"] else BACKS[0], int(width))))
        return img

    # -------------------------------------------------------------- drawing
    def _draw_face(self, code: str, w: int, four_colour: bool) -> pygame.Surface:
        return draw_face(code, w, four_colour)

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
