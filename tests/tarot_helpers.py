"""Positions for the tarot family's rule tests: exact hands, a trick in progress, a deck order."""
from __future__ import annotations

from game.cards import TAROT78

D = TAROT78
C = D.card


def codes(text: str) -> list[str]:
    return text.split()


def mask(text: str) -> int:
    return D.mask_of(codes(text))


def position(cls, players: int, hands: dict[int, str], trick: str = "", leader: int = 0, tricks_done: int = 0,
             options: dict | None = None, won: dict[int, str] | None = None):
    """A state in the play phase: each listed seat holds exactly the given cards, ``trick``
    has been played from ``leader`` on, ``tricks_done`` earlier tricks (of cards nobody needs)
    are recorded; every other card is put aside as unused, so the state stays whole."""
    s = cls.new(players, options or {}, seed=0)
    n = players
    s.phase = "play"
    s.declare_left = []
    s.skart = 0
    s.won = [0] * n
    s.hands = [0] * n
    s.tricks, s.trick_leaders, s.trick_winners = [], [], []
    s.tricks_won = [0] * n
    s.excuse_owner = s.excuse_creditor = None
    s.declared = []
    s.rounds = []
    s.round_no = 0
    s.deal_points = [0] * n
    taken = 0
    for seat, text in hands.items():
        s.hands[seat] = mask(text)
        taken |= s.hands[seat]
    for seat, text in (won or {}).items():
        s.won[seat] = mask(text)
        taken |= s.won[seat]
    s.trick = [C(c) for c in codes(trick)]
    for c in s.trick:
        taken |= 1 << c
    rest = [c for c in range(D.size) if not taken >> c & 1]
    for _ in range(tricks_done):
        cards = rest[:n]
        rest = rest[n:]
        s.tricks.append(cards)
        s.trick_leaders.append(0)
        s.trick_winners.append(0)
        for c in cards:
            s.won[0] |= 1 << c
        s.tricks_won[0] += 1
    s.unused = sum(1 << c for c in rest)
    s.leader = leader
    s.to_move = (leader + len(s.trick)) % n
    s.check_cards_whole()
    return s


def legal_codes(s) -> set[str]:
    out = set()
    for m in s.legal_moves():
        out.add(D.code(m[1]) if m[0] == "play" else m[0])
    return out


def summary_of(events: list) -> dict:
    """The first round summary among the events."""
    return next(e["summary"] for e in events if e["type"] == "round_end")


def play(s, text: str) -> list:
    events = []
    for code in codes(text):
        events += s.apply(("play", C(code)))
    return events


def deck_order(players: int, hands: dict[int, list[str]], hand_size: int, dealer: int, extra: list[str] = (),
               take: int = 0, avoid: str = "") -> list[str]:
    """A deck order (top first) dealing one card at a time from the dealer's right: each seat
    gets the listed cards first, the rest filled from the remaining cards in deck order; the
    dealer then takes ``take`` more cards, ``extra`` first. Cards in ``avoid`` (unless listed)
    are kept out of the fill and end the order."""
    wanted = {c for cs in hands.values() for c in cs} | set(extra)
    kept_out = [c for c in codes(avoid) if c not in wanted]
    spare = [c for c in D.codes if c not in wanted and c not in kept_out]
    full = {s: list(hands.get(s, [])) for s in range(players)}
    for s in range(players):
        while len(full[s]) < hand_size:
            full[s].append(spare.pop(0))
    order = []
    for i in range(hand_size):
        for k in range(players):
            order.append(full[(dealer + 1 + k) % players][i])
    extra = list(extra)
    while len(extra) < take:
        extra.append(spare.pop(0))
    return order + extra + spare + kept_out
