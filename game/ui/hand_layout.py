"""Where the cards of a hand go: one overlapping row, or two (or more) rows, every index visible.

Pure geometry (no pygame): rectangles are ``(x, y, w, h)`` tuples; a ``pygame.Rect`` may be
passed as the area.

    lay = layout_hand(n, area, card_size, index)
    lay.rect(i, raised=False) -> (x, y, w, h)   card i (draw cards in order 0..n-1)
    lay.hit(point, raised=()) -> int | None     the card under a point (topmost first)
    lay.visible(i) -> (x, y, w, h)              the part of card i (not raised) that no later
                                                card covers: where to put a mark or a focus line
    lay.card                                    the card size used (may be smaller than asked)
    lay.rows, lay.step, lay.lift

``index`` is the corner region of a card that must stay visible: ``(w, h)`` in pixels at
``card_size`` (scaled with the card if it has to shrink), or a function of the card width
returning that pair (exact: ``lambda w: deck_art.index_extent(w, deck)``).

Guarantees, for every card i:
  * the card to its right in the same row starts at least ``index_w + margin`` further, and
    the row below starts at least ``index_h + margin`` lower, even when a card of that row is
    raised by ``lift``: the top-left index of every card is never covered (so each card in a
    hand of 28 can be read and tapped);
  * every card, raised or not, lies inside the area.
The layout keeps the largest card that fits, trying 1 to ``max_rows`` rows (a row more only
for cards 8 % wider: ``ROW_PRICE``). A raised card (playable or selected) moves up by
``lift``, so playable cards stand out without hiding anything. If nothing fits even at ``min_width`` the smallest layout is
returned (the area is too small for the hand: the caller should give it more room).
Rows are filled top first, the top row taking the extra card, each row centred and
staggered by half a step against the next.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, Union

Index = Union[Sequence[int], Callable[[int], Sequence[int]]]
ROW_PRICE = 1.08  # a row more only for cards 8 % wider: fewer rows read better and leave the felt its room


@dataclass(frozen=True)
class HandLayout:
    rects: tuple[tuple[int, int, int, int], ...]
    card: tuple[int, int]
    rows: int
    step: float
    lift: int
    fits: bool

    def rect(self, i: int, raised: bool = False) -> tuple[int, int, int, int]:
        x, y, w, h = self.rects[i]
        return (x, y - self.lift, w, h) if raised else (x, y, w, h)

    def visible(self, i: int) -> tuple[int, int, int, int]:
        """The top-left part of card i left uncovered by the cards drawn after it (none raised)."""
        x, y, w, h = self.rects[i]
        right, bottom = x + w, y + h
        for j in range(i + 1, len(self.rects)):
            xj, yj, wj, hj = self.rects[j]
            if xj >= right or xj + wj <= x or yj >= bottom or yj + hj <= y:
                continue
            if yj <= y:  # the same row: it cuts the card on the right
                right = min(right, xj)
            else:  # a lower row: it cuts the card at the bottom
                bottom = min(bottom, yj)
        return x, y, right - x, bottom - y

    def hit(self, point: Sequence[float], raised: Iterable[int] = ()) -> int | None:
        """The index of the topmost card under ``point`` (the last drawn wins), or None."""
        up = set(raised)
        px, py = point[0], point[1]
        for i in range(len(self.rects) - 1, -1, -1):
            x, y, w, h = self.rect(i, i in up)
            if x <= px < x + w and y <= py < y + h:
                return i
        return None


def row_counts(n: int, rows: int) -> list[int]:
    """How many cards each row holds, top row first (the top rows take the remainder)."""
    base, extra = divmod(n, rows)
    return [base + (1 if r < extra else 0) for r in range(rows)]


def _index_at(index: Index, card_w: int, width: int) -> tuple[int, int]:
    if callable(index):
        iw, ih = index(width)
        return int(iw), int(ih)
    iw, ih = index
    return int(round(iw * width / card_w + 0.49)), int(round(ih * width / card_w + 0.49))


def _geometry(n: int, area, w: int, h: int, iw: int, ih: int, rows: int, lift: int, gap: int):
    """(fits, rects, step) for n cards of size w x h in ``rows`` rows."""
    ax, ay, aw, ah = (int(v) for v in area[:4]) if not hasattr(area, "x") else (area.x, area.y, area.width, area.height)
    margin = max(2, w // 24)
    need = iw + margin
    counts = row_counts(n, rows)
    widest = max(counts)
    # Rows are staggered by half a step (a full row's neighbour shifted both ways by a
    # quarter), so more of each upper card shows between the cards of the row below.
    stagger = 0.5 if rows > 1 and widest > 1 else 0.0
    step = float(w + gap) if widest <= 1 else min(float(w + gap), (aw - w) / (widest - 1 + stagger))
    row_dy = ih + margin + lift
    height = h + (rows - 1) * row_dy + lift
    fits = w <= aw and height <= ah and (widest <= 1 or step >= need)
    step = max(step, float(need)) if widest > 1 else step
    # The rows hang from the bottom of the area; the room above is for the lift.
    bottom_y = ay + ah - h
    rects = []
    for r, count in enumerate(counts):
        y = bottom_y - (rows - 1 - r) * row_dy
        total = step * (count - 1) + w
        x0 = ax + (aw - total) / 2
        if stagger and count == widest:
            x0 += step / 4 if r % 2 else -step / 4
        for k in range(count):
            rects.append((int(round(x0 + k * step)), int(y), w, h))
    return fits, tuple(rects), step


def layout_hand(
    n: int,
    area,
    card_size: Sequence[int],
    index: Index,
    *,
    lift: float = 0.1,
    gap: float = 0.08,
    max_rows: int = 2,
    min_width: int = 24,
    rows_only: int | None = None,
) -> HandLayout:
    """Lay out ``n`` cards in ``area`` (x, y, w, h), cards at most ``card_size`` (w, h).

    ``lift`` and ``gap`` are fractions of the card height (how far a raised card rises) and
    width (the space between cards when there is room to spare). ``rows_only``: that many
    rows and no other (a layout found with a quick estimate of the index, checked exactly)."""
    cw, ch = int(card_size[0]), int(card_size[1])
    ratio = ch / cw
    n = max(0, int(n))

    def attempt(width: int, rows: int):
        height = int(round(width * ratio))
        iw, ih = _index_at(index, cw, width)
        lift_px = int(round(height * lift))
        return _geometry(n, area, width, height, iw, ih, rows, lift_px, int(round(width * gap))), height, lift_px

    best = None
    counts = [rows_only] if rows_only else range(1, max(1, min(max_rows, n)) + 1)
    for rows in counts:
        lo, hi = min(min_width, cw), cw
        if attempt(hi, rows)[0][0]:  # the largest card fits: nothing to search
            lo = hi
        elif attempt(lo, rows)[0][0]:
            while lo < hi:  # the largest width that fits (from a fitting width up, fitting is monotone)
                mid = (lo + hi + 1) // 2
                if attempt(mid, rows)[0][0]:
                    lo = mid
                else:
                    hi = mid - 1
        else:
            # The smallest card is too narrow for its index (a touch target's width asked):
            # the widths that fit, if any, lie higher. Step down from the largest in coarse
            # steps to one that fits, then search between it and the step above.
            stride = max(1, (hi - lo) // 16)
            found = next((w for w in range(hi, lo, -stride) if attempt(w, rows)[0][0]), None)
            if found is None:
                continue
            lo, hi = found, min(hi, found + stride - 1)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if attempt(mid, rows)[0][0]:
                    lo = mid
                else:
                    hi = mid - 1
        if best is None or lo > best[0] * ROW_PRICE:
            best = (lo, rows)
    fits = best is not None
    width, rows = best if fits else (min(min_width, cw), max(1, min(max_rows, n)))
    (ok, rects, step), height, lift_px = attempt(width, rows)
    return HandLayout(rects, (width, height), rows, step, lift_px, fits and ok)
