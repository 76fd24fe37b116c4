"""Bezique family know-how for the generic bots: a simple policy, a rollout policy, search hooks.

One greedy rule serves the five games (the differences are the rules' own data):

* declare: the legal declaration worth the most (the Dix counts 10); in games with several per
  trick, go on while one is left, then ``skip``;
* stage 1, leading: the cheapest card to lose: no ace or ten, no trump, nothing that belongs
  to a combination still to declare, lowest in trick rank;
* stage 1, following: win a trick that carries an ace or a ten (or, in Fildinski, cards that
  complete a combination among the won ones) with the cheapest card that wins; else play the
  cheapest card to lose;
* stage 2: the rules force most of it; win the trick with the cheapest card that wins when
  possible (so the last trick too), else throw the cheapest; lead the strongest card.

"Cheapest" weighs trick rank, the 10 of a brisque, trumps, and the combinations a card can
still complete from what its seat may know (own hand and declared cards, or the won cards
in Fildinski). The simple level reads the observation; the expert's rollouts use the same
rule on the sampled state, looking only at the player's own cards and the public ones.
"""
from __future__ import annotations

import random

from game.bots.bezique_family_endgame import endgame_for
from game.bots.expert import SearchHooks, register_hooks
from game.bots.simple import register_rollout, register_simple
from game.cards import bits
from game.rules.bezique import (
    MASKS,
    RA,
    RJ,
    RK,
    RQ,
    RT,
    SUIT_CODES,
    BeziqueFamilyState,
    face,
    rank_of,
    strength,
    suit_of,
)

SEQUENCE_RANKS = (RA, RT, RK, RQ, RJ)


class View:
    """What the player to move knows, as masks: enough for the greedy rule."""

    __slots__ = ("game", "m", "hand", "trump", "stage", "trick", "source", "declared", "table", "pair", "variant")

    def __init__(self, cls: type[BeziqueFamilyState], hand: int, trump: int | None, stage: int, trick: list[int],
                 source: int, declared: int, pair_faces: list[tuple[int, int]]):
        self.variant = cls.variant
        self.m = MASKS[cls.info.deck.size]
        self.hand = hand
        self.trump = trump
        self.stage = stage
        self.trick = trick
        self.source = source  # where declarations come from (hand, or won cards)
        self.declared = declared  # cards already declared by this seat
        self.table = {c.id: c.points for c in cls.variant.table}
        self.pair = pair_faces

    def keep_value(self, card: int) -> float:
        """How much holding (or, in Fildinski, winning) this card is worth for combinations."""
        f = face(card)
        r, s = rank_of(card), suit_of(card)
        fm = self.m.face
        src = self.source
        value = 0.0
        for c in self.variant.table:
            shape = c.shape
            if shape == "four" and r == c.rank:
                have = (src & self.m.rank[r]).bit_count()
                value += c.points * min(have, 4) / 16.0
            elif shape == "trump_sequence" and s == self.trump and r in SEQUENCE_RANKS:
                have = sum(1 for x in SEQUENCE_RANKS if src & fm[s * 8 + x])
                value += c.points * have / 25.0
            elif shape in ("pair", "trump_pair") and r in c.ranks:
                if (shape == "trump_pair") != (s == self.trump):
                    continue
                other = c.ranks[1] if r == c.ranks[0] else c.ranks[0]
                if src & fm[s * 8 + other]:
                    value += c.points / 2.0
                else:
                    value += c.points / 8.0
            elif shape == "jacks_queens" and c.count <= 2:
                for jack, queen in self.pair:
                    if f in (jack, queen):
                        other = queen if f == jack else jack
                        value += c.points / (2.0 if src & fm[other] else 6.0) / c.count
        if (1 << card) & self.declared:
            value *= 0.5
        return value

    def cost(self, card: int) -> float:
        """What losing this card costs: trick rank, a brisque, a trump, combinations."""
        v = strength(card) * 1.5
        if (1 << card) & self.m.brisques and self.variant.brisques:
            v += 10
        if self.trump is not None and suit_of(card) == self.trump:
            v += 8
        if self.variant.source == "hand":
            v += self.keep_value(card)
        return v


def wins_against(led: int, card: int, trump: int | None) -> bool:
    if suit_of(card) == suit_of(led):
        return strength(card) > strength(led)
    return trump is not None and suit_of(card) == trump


def choose_play(view: View, legal_cards: list[int]) -> int:
    trick = view.trick
    cost = view.cost
    if not trick:
        if view.stage == 2:
            # Lead the strongest card (aces and trumps first), keeping the game simple.
            return max(legal_cards, key=lambda c: (strength(c) + (8 if suit_of(c) == view.trump else 0), -c))
        return min(legal_cards, key=lambda c: (cost(c), c))
    led = trick[0]
    winners = [c for c in legal_cards if wins_against(led, c, view.trump)]
    if view.stage == 2:
        if winners:
            return min(winners, key=lambda c: (cost(c), c))
        return min(legal_cards, key=lambda c: (cost(c), c))
    worth = 0.0
    if view.variant.brisques:
        worth += 10 * (((1 << led) & view.m.brisques) != 0)
    if view.variant.source == "won":
        worth += view.keep_value(led) * 2
    best = min(winners, key=lambda c: (cost(c), c)) if winners else None
    if best is not None:
        gain = worth + (10 if view.variant.brisques and (1 << best) & view.m.brisques else 0)
        if view.variant.source == "won":
            gain += view.keep_value(best)
        # Winning also gives the right to declare and to draw first.
        if view.variant.source == "hand" and view.has_open:
            gain += 8
        if gain >= 10 and cost(best) - 8 * (view.trump is not None and suit_of(best) == view.trump) < gain + 12:
            return best
    return min(legal_cards, key=lambda c: (cost(c), c))


def choose_declaration(legal: list, table: dict[str, int]):
    best, best_v = None, 0
    for m in legal:
        if m[0] == "declare":
            v = table.get(m[1], 0)
        elif m[0] == "dix":
            v = 10
        else:
            continue
        if v > best_v:
            best, best_v = m, v
    return best or ("skip",)


def _pair_faces(trump: int | None, options: dict) -> list[tuple[int, int]]:
    """The (jack, queen) faces of the bezique pair under these trumps and options."""
    return [(j, q) for j, q, _ in BeziqueFamilyState.bezique_faces(_PairProbe(trump, options))]


class _PairProbe:
    __slots__ = ("trump", "options")

    def __init__(self, trump, options):
        self.trump = trump
        self.options = options


def _open_declarations(view: View) -> bool:
    """Does the hand hold a combination still to declare (so winning a trick is worth more)?"""
    m = view.m
    src = view.hand & ~view.declared
    for s in range(4):
        if src & m.face[s * 8 + RK] and view.hand & m.face[s * 8 + RQ]:
            return True
    for j, q in view.pair:
        if src & (m.face[j] | m.face[q]) and view.hand & m.face[j] and view.hand & m.face[q]:
            return True
    return False


View.has_open = property(_open_declarations)


def _declared_by(state: BeziqueFamilyState, seat: int) -> int:
    out = 0
    for s, kind, mask, _ in state._parsed():
        if s == seat and kind != "dix":
            out |= mask
    return out


def _declared_mask(declarations: list, seat: int, deck) -> int:
    out = 0
    for d in declarations:
        if d["seat"] == seat and d["combination"] != "dix":
            out |= deck.mask_of(d["cards"])
    return out


def make_simple(cls: type[BeziqueFamilyState]):
    deck = cls.info.deck
    table = {c.id: c.points for c in cls.variant.table}

    def simple_policy(obs: dict, legal: list, rng: random.Random):
        if obs["phase"] in ("declare", "carte_blanche"):
            return choose_declaration(legal, table)
        seat = obs["seat"]
        trump = None if obs["trump"] is None else SUIT_CODES.index(obs["trump"])
        hand = deck.mask_of(obs["hand"])
        source = deck.mask_of(obs["won"][seat]) if cls.variant.source == "won" else hand
        view = View(cls, hand, trump, obs["stage"], [deck.card(c) for c in obs["trick"]], source,
                    _declared_mask(obs["declarations"], seat, deck), _pair_faces(trump, obs["options"]))
        return ("play", choose_play(view, [m[1] for m in legal]))

    return simple_policy


def make_rollout(cls: type[BeziqueFamilyState]):
    """The greedy rule itself in the play-outs (5% of cards at random), so the play-outs'
    opponent plays as the real one would."""
    table = {c.id: c.points for c in cls.variant.table}

    def rollout_policy(state: BeziqueFamilyState, legal: list, rng: random.Random):
        if state.phase != "play":
            return choose_declaration(legal, table)
        if rng.random() < 0.05:
            return legal[rng.randrange(len(legal))]
        seat = state.to_move
        source = state.won[seat] if cls.variant.source == "won" else state.hands[seat]
        view = View(cls, state.hands[seat], state.trump, state.stage, state.trick, source,
                    _declared_by(state, seat), _pair_faces(state.trump, state.options))
        return ("play", choose_play(view, [m[1] for m in legal]))

    return rollout_policy


def _marker(state: BeziqueFamilyState):
    return (state.round_no, state.phase == "over")


def make_evaluate(scale: float):
    def evaluate(state: BeziqueFamilyState, seat: int, ended: bool) -> float:
        # Points of the round so far (the rollout started in it) for the seat minus the other's,
        # and a bonus for the game won or lost.
        if state.rounds and (state.phase == "over" or ended):
            last = state.rounds[-1]["points"]
        else:
            last = state.scores
        v = (last[seat] - last[1 - seat]) / scale
        if state.phase == "over":
            v += 3.0 if seat in state.winners else -3.0
        return v

    return evaluate


def _distinct(cls: type[BeziqueFamilyState]):
    deck = cls.info.deck

    def distinct(obs: dict, legal: list) -> list:
        """One move per class of moves no continuation tells apart: copies of a card with the
        same standing (shown or not, declared in the same combinations)."""
        seat = obs["seat"]
        shown = deck.mask_of(obs["shown"][seat])
        kinds: dict[int, tuple] = {}
        for d in obs["declarations"]:
            if d["seat"] == seat:
                for c in bits(deck.mask_of(d["cards"])):
                    kinds[c] = kinds.get(c, ()) + (d["combination"],)
        seen = set()
        out = []
        for m in legal:
            if m[0] == "play":
                c = m[1]
                key = ("play", face(c), bool(shown >> c & 1), tuple(sorted(kinds.get(c, ()))))
            elif m[0] == "declare":
                key = ("declare", m[1], tuple(sorted((face(c), tuple(sorted(kinds.get(c, ())))) for c in bits(m[2]))))
            elif m[0] == "dix":
                key = ("dix",)
            else:
                key = m
            if key not in seen:
                seen.add(key)
                out.append(m)
        return out

    return distinct


PRIOR_POINTS = 10.0  # the search leaves the greedy move only for a gain worth about this


def make_horizon(cls: type[BeziqueFamilyState]):
    """Turns of the searching seat a rollout looks ahead while the stock lasts (the game's
    ``Variant.search_horizon``; None: to the end of the deal), then to the end of the deal."""
    turns = cls.variant.search_horizon

    def horizon_for(obs: dict):
        return turns if obs["stage"] == 1 else None

    return horizon_for



def make_prior(simple):
    """The greedy move first: with few worlds (long deals, a short budget) the search falls
    back on it, and it wins near-ties."""

    def prior(obs: dict, legal: list) -> list[float]:
        choice = simple(obs, legal, random.Random(0))
        return [1.0 if m == choice else 0.0 for m in legal]

    return prior


def register(cls: type[BeziqueFamilyState]) -> None:
    """The hooks of a game of the family (the registry gives its State class); its scale and
    horizon are its ``Variant``'s."""
    gid = cls.info.id
    scale = cls.variant.search_scale
    simple = make_simple(cls)
    register_simple(gid)(simple)
    rollout = register_rollout(gid)(make_rollout(cls))
    register_hooks(gid, SearchHooks(
        round_marker=_marker,
        evaluate=make_evaluate(scale),
        apply_fast="apply_unchecked",
        distinct=_distinct(cls),
        prior=make_prior(simple),
        horizon_for=make_horizon(cls),
        prior_weight=PRIOR_POINTS / scale,
        settle_z=3.0,
        endgame_for=endgame_for(cls, scale, rollout),
    ))
