"""A brute-force meld finder for the tests and the benchmark (tests/test_melds.py,
bench/melds.py): it shares nothing with game.rules.melds' search. It lists every subset of
the hand that ``is_meld`` accepts (cards of one suit or one rank, with jokers) and tries
every way to cover the hand with them."""
from __future__ import annotations

from itertools import combinations

from game.rules.melds import MeldRule, card_value, is_meld


def is_joker(deck, c: int) -> bool:
    return deck.codes[c].startswith("X")


def brute_melds(deck, hand: list[int], rule: MeldRule) -> list[int]:
    """Every subset of ``hand`` (as a bitmask over positions in ``hand``) that is a meld."""
    idx = range(len(hand))
    jokers = [i for i in idx if is_joker(deck, hand[i])]
    groups = {}
    for i in idx:
        if i in jokers:
            continue
        face = deck.codes[hand[i]].split("/")[0]
        groups.setdefault(("suit", face[1]), []).append(i)
        groups.setdefault(("rank", face[0]), []).append(i)
    found = set()
    for group in groups.values():
        pool = group + jokers
        for size in range(rule.min_len, len(pool) + 1):
            for pick in combinations(pool, size):
                sub = sum(1 << i for i in pick)
                if sub not in found and is_meld(deck, [hand[i] for i in pick], rule):
                    found.add(sub)
    return sorted(found)


def brute_best(deck, hand: list[int], rule: MeldRule) -> tuple[int, int]:
    """(minimum deadwood value, fewest deadwood cards at that value) by trying every cover."""
    melds = brute_melds(deck, hand, rule)
    values = [card_value(deck, c, rule) for c in hand]
    memo: dict[int, tuple[int, int]] = {}

    def rec(rest: int) -> tuple[int, int]:
        if not rest:
            return (0, 0)
        if rest in memo:
            return memo[rest]
        low = rest & -rest
        i = low.bit_length() - 1
        v, n = rec(rest ^ low)
        best = (v + values[i], n + 1)
        for sub in melds:
            if sub & low and sub & rest == sub:
                best = min(best, rec(rest & ~sub))
        memo[rest] = best
        return best

    return rec((1 << len(hand)) - 1)
