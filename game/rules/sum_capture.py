"""Every subset of table cards whose values add up to a target: the capture-by-sum core.

Fishing games (Orlan's capture by 11) ask, for each number card a player might play, for
every subset of the table's number cards that sums to ``11 - value``. Because targets are
small (at most 10) and values at least 1, we never enumerate all 2^k subsets: we grow the
list of subsets whose sum is still <= the largest target, one card at a time (a subset-sum
dynamic programme that keeps the subsets themselves as bitmasks). All ten targets come out
of one pass, so one call serves every card in a hand. Results are cached per table, since
a rollout or a search meets the same table many times.

``bench/capture.py`` measures the programme against the plain definition and against the
same programme on numpy arrays: the pruned programme keeps so few subsets that numpy never
pays back at the table sizes a deck allows. ``reference_captures`` is the plain
``itertools.combinations`` definition the property tests and the benchmark compare against.
"""
from __future__ import annotations

from itertools import combinations
from typing import Sequence

MAX_TARGET = 10
# About 600 bytes a table: 2^14 tables stay near 10 MB, then the cache starts afresh (a
# search revisits recent tables and refills them within a move).
CACHE_LIMIT = 1 << 14

# cards: tuple of (card bit index, value); result: tuple indexed by target -> tuple of masks
_cache: dict[int, tuple[tuple[int, ...], ...]] = {}
# Read directly by hot callers that can skip building the card list on a hit.
SUBSET_CACHE = _cache


def _python_dp(cards: Sequence[tuple[int, int]], max_target: int) -> tuple[tuple[int, ...], ...]:
    masks = [0]
    sums = [0]
    for bit, value in cards:
        b = 1 << bit
        limit = max_target - value
        n = len(masks)
        for i in range(n):
            s = sums[i]
            if s <= limit:
                masks.append(masks[i] | b)
                sums.append(s + value)
    out: list[list[int]] = [[] for _ in range(max_target + 1)]
    for m, s in zip(masks, sums):
        if m:
            out[s].append(m)
    return tuple(tuple(x) for x in out)


def captures(cards: Sequence[tuple[int, int]], target: int) -> list[int]:
    """Masks of every subset of cards (bit, value) whose values sum exactly to target."""
    if not cards:
        return []
    if len(cards) <= 2:  # most tables in play: skip the list machinery
        out = [1 << b for b, v in cards if v == target]
        if len(cards) == 2 and cards[0][1] + cards[1][1] == target:
            out.append(1 << cards[0][0] | 1 << cards[1][0])
        return out
    masks = [0]
    sums = [0]
    for bit, value in cards:
        if value > target:
            continue
        b = 1 << bit
        limit = target - value
        for i in range(len(masks)):
            s = sums[i]
            if s <= limit:
                masks.append(masks[i] | b)
                sums.append(s + value)
    return [m for m, s in zip(masks, sums) if s == target and m]


_NONE = ((),) * (MAX_TARGET + 1)


def subset_sums(cards: Sequence[tuple[int, int]], max_target: int = MAX_TARGET) -> tuple[tuple[int, ...], ...]:
    """For cards given as (bit, value), the masks of all non-empty subsets by sum 0..max_target."""
    if not cards and max_target == MAX_TARGET:
        return _NONE
    return _python_dp(cards, max_target)


def cached_subset_sums(key: int, cards: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """subset_sums for the number cards of a table, cached by the table's number-card mask."""
    hit = _cache.get(key)
    if hit is None:
        if len(_cache) >= CACHE_LIMIT:
            _cache.clear()
        hit = _cache[key] = subset_sums(cards)
    return hit


def clear_cache() -> None:
    _cache.clear()


def reference_captures(cards: Sequence[tuple[int, int]], target: int) -> list[int]:
    """The definition: every combination of table cards whose values sum to target."""
    found = []
    for r in range(1, len(cards) + 1):
        for combo in combinations(cards, r):
            if sum(v for _, v in combo) == target:
                m = 0
                for bit, _ in combo:
                    m |= 1 << bit
                found.append(m)
    return found
