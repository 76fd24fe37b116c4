"""Fast deals of hidden cards for the expert's worlds, for any game with hand constraints.

``State.sample`` must never fail on a consistent observation, so the rules' dealer
(``game.rules.tricks.sample_hands``) checks feasibility card by card. The search deals
thousands of worlds per move, most of them easy, so ``deal_hidden`` tries the cheap way
first: the cards some hidden seat may not hold (a shown void) go one by one, fewest
possible holders first, each to a seat allowed to hold it with probability proportional
to the room left in its hand; the unconstrained cards are then shuffled into the room
that remains. After a few dead ends it returns None: the caller then uses the exact dealer.
"""
from __future__ import annotations

import random
from itertools import combinations

from game.cards import bits


def deal_hidden(rest: int, need: dict[int, int], allow: dict[int, int], rng: random.Random,
                tries: int = 8) -> dict[int, int] | None:
    """Deal the cards of mask ``rest`` so that seat s gets exactly ``need[s]`` of them and
    only cards of ``allow[s]``; returns {seat: mask}, or None after ``tries`` dead ends or
    when ``sum(need)`` is not the number of cards in ``rest`` (cards left over)."""
    seats = list(need)
    if sum(need.values()) != rest.bit_count():
        return None
    forbidden = 0
    for s in seats:
        forbidden |= rest & ~allow[s]
    constrained = list(bits(forbidden))
    holders = {c: [s for s in seats if allow[s] >> c & 1] for c in constrained}
    free = list(bits(rest & ~forbidden))
    for _ in range(tries):
        rng.shuffle(constrained)
        constrained.sort(key=lambda c: len(holders[c]))
        room = dict(need)
        hands = {s: 0 for s in seats}
        ok = True
        for c in constrained:
            total = 0
            for s in holders[c]:
                total += room[s]
            if not total:
                ok = False
                break
            x = rng.randrange(total)
            for s in holders[c]:
                r = room[s]
                if x < r:
                    break
                x -= r
            hands[s] |= 1 << c
            room[s] -= 1
        if not ok:
            continue
        rng.shuffle(free)
        pos = 0
        for s in seats:
            k = room[s]
            for c in free[pos:pos + k]:
                hands[s] |= 1 << c
            pos += k
        return hands
    return None


def count_deals(rest: int, need: dict[int, int], allow: dict[int, int], limit: int = 2) -> int:
    """How many deals of the cards of ``rest`` give seat s exactly ``need[s]`` cards, all of
    ``allow[s]`` (counted up to ``limit``): 1 means the seat can know every hidden card.
    For the few cards of the last tricks: cards only one seat may hold go to it first, then
    the rest is enumerated."""
    need = {s: n for s, n in need.items() if n}
    if sum(need.values()) != rest.bit_count():
        return 0
    allow = {s: allow[s] & rest for s in need}
    # Forced cards: held by the only seat allowed them; a seat allowed exactly as many cards
    # as it needs takes them all.
    changed = True
    while changed and rest:
        changed = False
        for s in list(need):
            room = allow[s] & rest
            only = room
            for t in need:
                if t != s:
                    only &= ~allow[t]
            take = room if room.bit_count() == need[s] else only
            if take:
                if take.bit_count() > need[s]:
                    return 0
                need[s] -= take.bit_count()
                rest &= ~take
                changed = True
                if not need[s]:
                    del need[s]
                    allow.pop(s)
                    for t in allow:
                        allow[t] &= rest
                    break
        if any((allow[s] & rest).bit_count() < need[s] for s in need):
            return 0
    seats = list(need)
    if not seats:
        return 1 if not rest else 0
    found = 0

    def deal(i: int, left: int) -> None:
        nonlocal found
        s = seats[i]
        if i == len(seats) - 1:
            if left & ~allow[s] == 0:
                found += 1
            return
        for chosen in combinations(bits(left & allow[s]), need[s]):
            m = 0
            for c in chosen:
                m |= 1 << c
            deal(i + 1, left & ~m)
            if found >= limit:
                return

    deal(0, rest)
    return found
