"""Cards as small integers, sets of cards as bitmasks, and the text codes of every deck.

A card is an ``int`` index into its deck; a set of cards is a Python ``int`` bitmask with
bit ``i`` set for card ``i`` (Python ints have no width limit, so the 128-card decks work
the same way as the 32-card one). Every deck the shelf needs is declared here once.

Text codes (used by saves, the engine protocol and tests):

French decks (52, 54 with jokers, 108 = two 54-card decks)
    rank from ``A23456789TJQK`` then suit from ``CDHS``: ``TD`` ten of diamonds, ``2C`` two
    of clubs, ``QS`` queen of spades. Jokers are ``X1`` and ``X2``.
Piquet decks (32, 64, 128)
    the same codes, ranks ``789TJQKA`` only.
Spanish-suited 48 (Aluette)
    rank from ``123456789VCR`` (1-9, Valet, Cavalier, Roi) then suit from ``DCBE``
    (Deniers/coins, Coupes/cups, Bâtons/batons, Epées/swords): ``3D`` is Monsieur.
Tarot 78
    trumps ``T01`` .. ``T21``, the Excuse ``EXC``; suit cards rank from
    ``A23456789TVCDR`` (1-10, Valet, Cavalier, Dame, Roi) then suit ``CDHS``.

Multi-deck games (108, 64, 128) keep identical cards distinct for the rules: the copy
number follows a slash, counting from 1 (``AS/1``, ``AS/2``). Codes of single decks never
carry a slash. The faces do not show it (game/ui/cards.py).

French cards (the French and piquet decks) are read once, on their deck: ``deck.ranks[c]``
is the rank as an index of ``FRENCH_RANKS`` (0 the ace .. 12 the king), ``deck.suits[c]``
the suit as an index of ``FRENCH_SUITS``, both -1 for a joker; ``deck.faces[c]`` the face
(suit * 13 + rank, -1 for a joker: identical copies share it), ``deck.jokers`` the mask of
the jokers and ``deck.face_cards[f]`` the cards of face ``f``, copy by copy.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Sequence


@dataclass(frozen=True)
class Deck:
    """An ordered list of card codes; a card is its index here."""

    name: str
    codes: tuple[str, ...]
    copies: int = 1
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {c: i for i, c in enumerate(self.codes)})

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def full_mask(self) -> int:
        return (1 << len(self.codes)) - 1

    def code(self, card: int) -> str:
        return self.codes[card]

    def card(self, code: str) -> int:
        """The card with this code; raises ValueError with a clear message otherwise."""
        try:
            return self.index[code.strip().upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"unknown card code {code!r} for the {self.name} deck") from None

    def codes_of(self, mask: int) -> list[str]:
        return [self.codes[c] for c in bits(mask)]

    def mask_of(self, codes: Iterable[str]) -> int:
        m = 0
        for code in codes:
            m |= 1 << self.card(code)
        return m

    # -- French cards, read once (cached on the deck; ValueError on a deck of other cards)
    @cached_property
    def ranks(self) -> tuple[int, ...]:
        return tuple(r for r, _ in self._french)

    @cached_property
    def suits(self) -> tuple[int, ...]:
        return tuple(s for _, s in self._french)

    @cached_property
    def faces(self) -> tuple[int, ...]:
        return tuple(-1 if r < 0 else s * 13 + r for r, s in self._french)

    @cached_property
    def jokers(self) -> int:
        return sum(1 << c for c, (r, _) in enumerate(self._french) if r < 0)

    @cached_property
    def face_cards(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(c for c, f in enumerate(self.faces) if f == face) for face in range(52))

    @cached_property
    def _french(self) -> tuple[tuple[int, int], ...]:
        out = []
        for code in self.codes:
            face = code.split("/")[0]
            if face[0] == "X":
                out.append((-1, -1))
            elif len(face) == 2 and face[0] in FRENCH_RANKS and face[1] in FRENCH_SUITS:
                out.append((FRENCH_RANKS.index(face[0]), FRENCH_SUITS.index(face[1])))
            else:
                raise ValueError(f"{self.name} is not a deck of French cards ({code!r})")
        return tuple(out)


# The set bits of every byte value, already offset for each byte of a 128-card mask: bits()
# walks a mask a byte at a time (twice as fast as bit by bit on 52- to 128-card masks).
_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
_BYTE_BITS_AT = tuple(tuple(tuple(8 * k + i for i in _BYTE_BITS[b]) for b in range(256)) for k in range(16))


def bits(mask: int) -> list[int]:
    """The card indices of a bitmask, lowest first."""
    out: list[int] = []
    for k, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) >> 3, "little")):
        if byte:
            out += _BYTE_BITS_AT[k][byte] if k < 16 else [8 * k + i for i in _BYTE_BITS[byte]]
    return out


def mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def popcount(mask: int) -> int:
    return mask.bit_count()


FRENCH_RANKS = "A23456789TJQK"
FRENCH_SUITS = "CDHS"  # clubs, diamonds, hearts, spades
PIQUET_RANKS = "789TJQKA"
SPANISH_RANKS = "123456789VCR"
SPANISH_SUITS = "DCBE"  # deniers (coins), coupes (cups), batons, epees (swords)
TAROT_RANKS = "A23456789TVCDR"


def _with_copies(base: Sequence[str], copies: int) -> tuple[str, ...]:
    if copies == 1:
        return tuple(base)
    return tuple(f"{c}/{k}" for k in range(1, copies + 1) for c in base)


def _suited(ranks: str, suits: str) -> list[str]:
    # Suit-major order: card = suit * len(ranks) + rank, so a suit is a contiguous bit run.
    return [r + s for s in suits for r in ranks]


FRENCH52 = Deck("french52", tuple(_suited(FRENCH_RANKS, FRENCH_SUITS)))
FRENCH54 = Deck("french54", FRENCH52.codes + ("X1", "X2"))
FRENCH108 = Deck("french108", _with_copies(FRENCH54.codes, 2), copies=2)
PIQUET32 = Deck("piquet32", tuple(_suited(PIQUET_RANKS, FRENCH_SUITS)))
PIQUET64 = Deck("piquet64", _with_copies(PIQUET32.codes, 2), copies=2)
PIQUET128 = Deck("piquet128", _with_copies(PIQUET32.codes, 4), copies=4)
SPANISH48 = Deck("spanish48", tuple(_suited(SPANISH_RANKS, SPANISH_SUITS)))
TAROT78 = Deck(
    "tarot78",
    tuple(f"T{n:02d}" for n in range(1, 22)) + ("EXC",) + tuple(_suited(TAROT_RANKS, FRENCH_SUITS)),
)

DECKS = {d.name: d for d in (FRENCH52, FRENCH54, FRENCH108, PIQUET32, PIQUET64, PIQUET128, SPANISH48, TAROT78)}
