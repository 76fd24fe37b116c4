"""Contact sheets of every deck, and the largest hands laid out at 800x480.

    python tools/deck_sheets.py OUTDIR [--lang fr] [--width 96]

Writes one PNG per deck (``deck_<name>.png``: every face at a large and a small size, the
four-colour faces where the deck has French suits, the back), and three hands on an
800x480 table laid out with game.ui.hand_layout: 28 tarot cards, 17 Olsen cards and 11
rummy cards (``hand_tarot28.png``, ``hand_olsen17.png``, ``hand_rummy11.png``, and each
again in a narrower area, ``*_narrow.png``), with
every other card playable (raised) and the rest dimmed, as the table shows them.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.cards import DECKS  # noqa: E402
from game.ui import deck_art, fonts  # noqa: E402
from game.ui.cards import BACKS, TABLES  # noqa: E402
from game.ui.hand_layout import layout_hand  # noqa: E402

FELT = TABLES["green"]
GAP = 8
# Cards per row on a sheet: a suit per row where the deck allows it.
COLUMNS = {"french52": 13, "french54": 13, "french108": 13, "piquet32": 8, "piquet64": 16, "piquet128": 16, "spanish48": 12, "tarot78": 14}
SCREEN = (800, 480)
# A hand's share of an 800x480 table: the bottom third, or (``_narrow``) the bottom quarter
# beside the player's panel, as the trick table has it now.
HAND_AREAS = {"": (12, 300, 776, 172), "_narrow": (170, 350, 620, 126)}


def grid(codes, width: int, columns: int, deck: str, four: bool) -> pygame.Surface:
    w, h = deck_art.card_size(width)
    rows = (len(codes) + columns - 1) // columns
    out = pygame.Surface((columns * (w + GAP) + GAP, rows * (h + GAP) + GAP), pygame.SRCALPHA)
    for i, code in enumerate(codes):
        out.blit(deck_art.face(code, width, four, deck), (GAP + (i % columns) * (w + GAP), GAP + (i // columns) * (h + GAP)))
    return out


def deck_sheet(name: str, width: int) -> pygame.Surface:
    deck = DECKS[name]
    codes = list(deck.codes)
    if name == "tarot78":  # trumps and the Excuse on two rows of 11, then the suits
        blocks = [grid(codes[:22], width, 11, name, False), grid(codes[22:], width, 14, name, False)]
    else:
        blocks = [grid(codes, width, COLUMNS[name], name, False)]
    if deck_art.deck_kind(name) != "spanish":
        suited = [c for c in codes if c[0] not in "XE" and not c.startswith("T0") and not c.startswith("T1") and not c.startswith("T2")]
        four = sorted({c.split("/")[0] for c in suited}, key=lambda c: deck.codes.index(c) if c in deck.index else deck.codes.index(c + "/1"))
        sample = [c for c in four if c[0] in "A7TQKCRJ"][: COLUMNS[name] * 2] + [c for c in codes if c[0] == "X" or c == "EXC"][:2]
        blocks.append(grid(sample, width, min(len(sample), 16), name, True))
    small = int(width * 0.45)
    blocks.append(grid(codes[: min(len(codes), 32)], small, 16, name, False))
    backs = pygame.Surface((len(BACKS) * (deck_art.card_size(width)[0] + GAP) + GAP, deck_art.card_size(width)[1] + 2 * GAP), pygame.SRCALPHA)
    for i, style in enumerate(BACKS):
        backs.blit(deck_art.back(style, width), (GAP + i * (width + GAP), GAP))
    blocks.append(backs)
    sheet = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks) + 40 * len(blocks)))
    sheet.fill(FELT)
    y = 10
    for b in blocks:
        sheet.blit(b, (0, y))
        y += b.get_height() + 40
    return sheet


def hand_screen(deck: str, codes: list[str], area, four: bool = False) -> pygame.Surface:
    """An 800x480 table with the hand at the bottom, as the table lays it out."""
    screen = pygame.Surface(SCREEN)
    screen.fill(FELT)
    area = pygame.Rect(area)
    pygame.draw.rect(screen, (255, 255, 255), area, 1)
    width = int(area.height * 0.62)  # ask for big cards; the layout shrinks them to fit
    lay = layout_hand(len(codes), area, deck_art.card_size(width), lambda w: deck_art.index_extent(w, deck))
    playable = {i for i in range(len(codes)) if i % 3 != 1}
    for i, code in enumerate(codes):
        r = pygame.Rect(lay.rect(i, i in playable))
        screen.blit(deck_art.face(code, r.width, four, deck), r)
        if i not in playable:
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=max(3, r.width // 12))
            screen.blit(shade, r)
    note = f"{len(codes)} x {lay.card[0]}x{lay.card[1]} px, {lay.rows} row(s), fits={lay.fits}"
    fonts.blit_text(screen, note, 16, (255, 255, 255), (12, 12))
    return screen


def sort_codes(deck: str, codes: list[str]) -> list[str]:
    """Deck order of the base cards, copies of a card side by side."""
    order = DECKS[deck].codes
    return sorted(codes, key=lambda c: (order.index(c.split("/")[0] + ("/1" if "/" in c else "")), c))


def main(argv=None) -> list[str]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    ap.add_argument("--width", type=int, default=96, help="card width on the sheets (pixels)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--four-colour", action="store_true", help="hands in four colours")
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((10, 10))
    i18n.set_language(args.lang)
    os.makedirs(args.outdir, exist_ok=True)
    written = []
    for name in DECKS:
        path = os.path.join(args.outdir, f"deck_{name}.png")
        pygame.image.save(deck_sheet(name, args.width), path)
        written.append(path)
    rng = random.Random(args.seed)
    hands = {
        "hand_tarot28": ("tarot78", sort_codes("tarot78", rng.sample(DECKS["tarot78"].codes, 28))),
        "hand_olsen17": ("french52", sort_codes("french52", rng.sample(DECKS["french52"].codes, 17))),
        "hand_rummy11": ("french108", sort_codes("french108", rng.sample(DECKS["french108"].codes, 11))),
    }
    for name, (deck, codes) in hands.items():
        for suffix, area in HAND_AREAS.items():
            path = os.path.join(args.outdir, f"{name}{suffix}.png")
            pygame.image.save(hand_screen(deck, codes, area, four=args.four_colour), path)
            written.append(path)
    return written


if __name__ == "__main__":
    for p in main():
        print(p)
