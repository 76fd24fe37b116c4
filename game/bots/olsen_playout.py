"""Fast Olsen rollouts for the expert search: the rest of a hand played on bare bitmasks.

``OlsenState.apply_unchecked`` plus ``legal_moves`` plus the policy's ``bits`` loops cost
about a millisecond per rollout, most of it bookkeeping a rollout never reads (events,
trick records, lists of moves). Here one hand is played out on ints and lists only: the
legal mask as in ``olsen_legal_mask``, the simple policy's greedy card (``greedy_card``,
the one rule ``olsen_policy.choose_card`` also plays) with per-suit lookup tables, and the
hand's points by ``hand_points``; the playout stops once every scoring card is played. A
test replays playouts through ``OlsenState`` and checks every card and the points.

Noise: with probability ``noise`` a player plays a uniformly random legal card instead,
drawn as ``olsen_policy.rollout_policy`` draws it (``rng.random()`` before every card, then
``rng.randrange``), for the seats in ``noisy`` (a bitmask of seats; all by default).
"""
from __future__ import annotations

from game.rules.olsen import HEART_MASK, HEARTS, JD, PENALTY_MASK, QS, RANKS, STRENGTH, SUIT_MASKS, hand_points

CHUNK = (1 << RANKS) - 1
AS_BIT = 1 << (3 * RANKS + 0)
KS_BIT = 1 << (3 * RANKS + 12)
BIG_SPADES = AS_BIT | KS_BIT
QS_BIT = 1 << QS
NOT_HEARTS = ((1 << 4 * RANKS) - 1) & ~HEART_MASK
NOT_PENALTY = ((1 << 4 * RANKS) - 1) & ~PENALTY_MASK


def _strength(rank: int) -> int:  # rank index in a suit chunk: 0 = ace (strongest)
    return (rank - 1) % RANKS


# For every 13-bit suit chunk: the strength of its weakest and strongest card (-1 if empty).
LOW13 = [-1] * (1 << RANKS)
HIGH13 = [-1] * (1 << RANKS)
for _m in range(1, 1 << RANKS):
    _s = [_strength(r) for r in range(RANKS) if _m >> r & 1]
    LOW13[_m] = min(_s)
    HIGH13[_m] = max(_s)
# Rank index (bit in the chunk) of a strength, and the chunk of ranks weaker than a strength.
RANK_OF = [(k + 1) % RANKS for k in range(RANKS)]
BELOW = [sum(1 << RANK_OF[j] for j in range(k)) for k in range(RANKS + 1)]


def lowest(mask: int) -> int:
    """The weakest card of a non-empty mask, the lowest suit on a tie (as ``min(bits)``)."""
    best, out = 99, -1
    for s in range(4):
        k = LOW13[mask >> (RANKS * s) & CHUNK]
        if 0 <= k < best:
            best, out = k, s * RANKS + RANK_OF[k]
    return out


def highest(mask: int) -> int:
    """The strongest card of a non-empty mask, the lowest suit on a tie (as ``max(bits)``)."""
    best, out = -1, -1
    for s in range(4):
        k = HIGH13[mask >> (RANKS * s) & CHUNK]
        if k > best:
            best, out = k, s * RANKS + RANK_OF[k]
    return out


def greedy_card(hand: int, legal: int, n_played: int, led: int, top: int, played: int, last: bool) -> int:
    """The simple policy's card (rule in ``olsen_policy``'s module text): ``n_played`` cards
    are in the trick, ``led`` its suit, ``top`` the strength of its best card of the suit
    led, ``last`` says this seat closes the trick."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    queen_out = not (played | hand) & QS_BIT
    if not n_played:
        safe = legal & ~QS_BIT
        if queen_out:
            safe &= ~BIG_SPADES
        return lowest(safe or legal)
    follow = legal & SUIT_MASKS[led]
    if follow:
        base = RANKS * led
        ch = follow >> base
        under = ch & BELOW[top]
        if under:
            return base + RANK_OF[HIGH13[under]]
        no_queen = follow & ~QS_BIT or follow
        ch = no_queen >> base
        return base + RANK_OF[HIGH13[ch] if last else LOW13[ch]]
    if legal & QS_BIT:
        return QS
    if queen_out and legal & BIG_SPADES:
        return highest(legal & BIG_SPADES)
    if legal & HEART_MASK:
        return highest(legal & HEART_MASK)
    return highest(legal)


def _nth_bit(mask: int, n: int) -> int:
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def play_out(state, rng, first_move: int | None = None, noise: float = 0.03, noisy: int = -1,
             record: list | None = None) -> list[int]:
    """Play the current hand of ``state`` (an ``OlsenState`` in the play phase, left
    unchanged) to its end; returns the hand's points per seat index (0 for a seat not in
    the hand). ``first_move`` is played first by the seat to move; ``record`` collects the
    cards played."""
    hands = list(state.hands)
    taken = list(state.taken)
    seats = state.seats
    k = len(seats)
    nxt = [0] * state.players
    for i, s in enumerate(seats):
        nxt[s] = seats[(i + 1) % k]
    plays = state.record.plays
    n_played = len(plays)
    played = state.played
    broken = state.hearts_broken
    first_trick = not state.record.done
    # The rules' options change legality and what breaks hearts: the playout must follow
    # the same rules as the game it searches.
    first_trick_penalties = state.options.get("first_trick_penalties", False)
    any_heart_breaks = state.options.get("any_heart_breaks", False)
    lead_bit = 1 << state.lead_card
    trick = 0
    led = top = winner = -1
    if plays:
        led = plays[0][1] // RANKS
        for s, c in plays:
            trick |= 1 << c
            if c // RANKS == led and STRENGTH[c] > top:
                top, winner = STRENGTH[c], s
    seat = state.to_move
    cards_left = sum(h.bit_count() for h in hands)
    # Once every scoring card is played, the tricks left cannot change the points.
    scoring = PENALTY_MASK | (1 << JD if state.options["jack_diamonds"] else 0)
    random = rng.random
    while cards_left:
        hand = hands[seat]
        if not n_played:
            if first_trick:
                legal = hand & lead_bit
            elif not broken and hand & NOT_HEARTS:
                legal = hand & NOT_HEARTS
            else:
                legal = hand
        else:
            legal = hand & SUIT_MASKS[led]
            if not legal:
                legal = hand
                if first_trick and hand & NOT_PENALTY and not first_trick_penalties:
                    legal = hand & NOT_PENALTY
        if first_move is not None:
            card, first_move = first_move, None
        elif random() < noise and noisy >> seat & 1:
            card = _nth_bit(legal, rng.randrange(legal.bit_count()))
        else:
            card = greedy_card(hand, legal, n_played, led, top, played, n_played == k - 1)
        bit = 1 << card
        hands[seat] = hand ^ bit
        played |= bit
        trick |= bit
        cards_left -= 1
        if record is not None:
            record.append(card)
        suit = card // RANKS
        if not n_played:
            led, top, winner = suit, STRENGTH[card], seat
        elif suit == led:
            if STRENGTH[card] > top:
                top, winner = STRENGTH[card], seat
        elif suit == HEARTS:
            broken = True
        if suit == HEARTS and any_heart_breaks:
            broken = True
        n_played += 1
        if n_played < k:
            seat = nxt[seat]
            continue
        taken[winner] |= trick
        trick = 0
        n_played = 0
        first_trick = False
        seat = winner
        if played & scoring == scoring:
            break
    _, hand, _ = hand_points([taken[s] for s in seats], state.options["jack_diamonds"])
    points = [0] * state.players
    for s, p in zip(seats, hand):
        points[s] = p
    return points
