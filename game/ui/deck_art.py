"""One painter for every deck: the table draws any game's cards through these functions.

Every deck of ``game.cards.DECKS`` is drawn here, generated at the exact pixel size asked
for (nothing is downloaded):

    french52, french54, french108    French faces (game.ui.cards); jokers X1 (red), X2 (black)
    piquet32, piquet64, piquet128    the same French faces, A-10-K-Q-J-9-8-7
    spanish48                        Spanish suits (game.ui.spanish_cards)
    tarot78                          trumps, the Excuse, suits with the Cavalier (game.ui.tarot_cards)

A multi-deck code (``AS/1``, ``AS/2``) is drawn as its base card: the copies of a card look
alike, as on a real table. The four-colour
option applies to every French-suited face, the tarot's suit cards included.

API (all a table needs)::

    art = DeckArt()                                   # one per app (``app.cards``), cached per size
    art.face(code, width, four_colour=False, deck=None, caption=None) -> Surface
    art.back(style, width) -> Surface                 # the same backs for every deck
    art.clear()                                       # drop the cache when the window resizes
    card_size(width) -> (w, h)                        # every deck has the same 1.4 ratio
    index_extent(width, deck) -> (w, h)               # the top-left corner region carrying the
                                                      # index of any card of that deck: what a
                                                      # hand layout must leave uncovered
    card_name(code, deck=None) -> str                 # short name for messages ('10♦', 'Trump 21')
    deck_kind(deck) -> "french" | "spanish" | "tarot"

``deck`` is a name from ``game.cards.DECKS`` (a game's ``info.deck.name``). When it is None
the code decides: tarot-only codes (``T01``, ``EXC``, a Cavalier ``CS``, ...) are tarot,
anything else is French. Spanish codes overlap French ones (``2D``), so Spanish cards need
``deck="spanish48"``. ``caption`` is printed on Spanish faces (the Aluette card names).
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n
from game.cards import DECKS
from game.ui import cards, fonts, spanish_cards, tarot_cards
from game.ui.cards import CARD_RATIO, CardRenderer

KINDS = {
    "french52": "french",
    "french54": "french",
    "french108": "french",
    "piquet32": "french",
    "piquet64": "french",
    "piquet128": "french",
    "spanish48": "spanish",
    "tarot78": "tarot",
}


def deck_kind(deck: str | None, code: str = "") -> str:
    """Which painter draws a deck (or, with ``deck=None``, a code)."""
    if deck is None:
        base = cards.split_copy(code)[0]
        if base == tarot_cards.EXCUSE or tarot_cards.is_trump(base) or (len(base) == 2 and base[0] in "VCDR"):
            return "tarot"
        return "french"
    try:
        return KINDS[deck]
    except KeyError:
        raise ValueError(f"no art for the deck {deck!r} (decks: {', '.join(KINDS)})") from None


def card_size(width: int) -> tuple[int, int]:
    return int(width), int(round(width * CARD_RATIO))


def draw_face(code: str, width: int, four_colour: bool = False, deck: str | None = None, caption: str | None = None) -> pygame.Surface:
    """A face, uncached (``DeckArt.face`` caches)."""
    kind = deck_kind(deck, code)
    if kind == "spanish":
        return spanish_cards.draw_face(code, width, caption)
    if kind == "tarot":
        base, copy = cards.split_copy(code)
        if copy:
            raise ValueError(f"the tarot deck has no copies: {code!r}")
        return tarot_cards.draw_face(base, width, four_colour)
    return cards.draw_face(code, width, four_colour)


def corner(code: str, width: int, four_colour: bool = False, deck: str | None = None) -> tuple[pygame.Surface, tuple[int, int]]:
    """A card's corner index and where its top-left sits on the face."""
    kind = deck_kind(deck, code)
    if kind == "spanish":
        pad = spanish_cards.corner_pad(width)
        return spanish_cards.corner(code, width), (pad, pad // 2)
    pad = cards.corner_pad(width)
    if kind == "tarot":
        return tarot_cards.corner(code, width, four_colour), (pad, pad // 2)
    return cards.french_corner(code, width, four_colour), (pad, pad // 2)


@lru_cache(maxsize=16)
def _corner_samples(deck: str) -> tuple[str, ...]:
    """One code per corner shape: suit signs share a size, so a rank stands for its four
    suits (and copies); trumps, jokers and the Excuse stand alone."""
    seen: dict[tuple, str] = {}
    for code in DECKS[deck].codes:
        base = cards.split_copy(code)[0]
        key = (base[0] if len(base) == 2 else base,)
        seen.setdefault(key, code)
    return tuple(seen.values())


@lru_cache(maxsize=128)
def _extent(width: int, deck: str, language: str) -> tuple[int, int]:
    del language  # part of the cache key: court letters differ by language
    right = bottom = 0
    for code in _corner_samples(deck):
        img, (x, y) = corner(code, width, False, deck)
        right = max(right, x + img.get_width())
        bottom = max(bottom, y + img.get_height())
    return right, bottom


def index_extent(width: int, deck: str = "french52") -> tuple[int, int]:
    """Width and height, from a card's top-left, of the region holding its corner index
    (rank and suit), the largest over every card of the deck at this width."""
    deck_kind(deck)
    return _extent(int(width), deck, i18n.language())


def card_name(code: str, deck: str | None = None) -> str:
    kind = deck_kind(deck, code)
    if kind == "spanish":
        return spanish_cards.card_name(code)
    if kind == "tarot":
        return tarot_cards.card_name(cards.split_copy(code)[0])
    return cards.card_name(code)


class DeckArt(CardRenderer):
    """Faces of every deck and the shared backs, cached per (card, size, options, language)."""

    def face(self, code: str, width: int, four_colour: bool = False, deck: str | None = None, caption: str | None = None) -> pygame.Surface:
        kind = deck_kind(deck, code)
        if kind == "french":
            code = cards.split_copy(code)[0]  # the copies of a card share one picture
        key = ("f", kind, code, int(width), four_colour and kind != "spanish", caption, i18n.language(), fonts.DENSITY if caption else None)
        img = self._cache.get(key)
        if img is None:
            img = self.keep(key, cards._fast(draw_face(code, int(width), four_colour, deck, caption)))
        return img


_ART = DeckArt()


def face(code: str, width: int, four_colour: bool = False, deck: str | None = None, caption: str | None = None) -> pygame.Surface:
    """A face from the module's shared cache (tools and previews; the app uses ``app.cards``)."""
    return _ART.face(code, width, four_colour, deck, caption)


def back(style: str, width: int) -> pygame.Surface:
    return _ART.back(style, width)


def clear() -> None:
    _ART.clear()
