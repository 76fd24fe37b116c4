"""The tarot bots: the simple rule (issue 14: a skart that voids a suit and keeps the Rois;
the cheapest card that wins a trick worth winning, else the lowest; the Pagat kept until it
can win the last trick in Leipzig Taroc; tricks won in Triomphe Forcée) and the expert's
worlds (voids, refused trumps and declared cards are respected)."""
import random

import pytest

from game.bots import make_bot
from game.rules import game_class
from game.rules.leipzig_taroc import LeipzigTarocState
from game.rules.maison_troggen import MaisonTroggenState
from game.rules.tarot import ROIS, SUIT_MASKS, TRUMPS
from game.rules.triomphe_forcee import TriompheForceeState
from tests.tarot_helpers import D, play, position

CASES = [("maison_troggen", 3, {}), ("leipzig_taroc", 3, {"deals": 3}), ("la_rigueur", 4, {}),
         ("triomphe_forcee", 4, {"deals": 5}), ("leipzig_taroc", 3, {"deals": 3, "annul_few_trumps": True,
                                                                   "excuse": "free", "declarations": "hidden_three_matadors"})]


@pytest.mark.parametrize("game,players,options", CASES)
def test_simple_bots_play_whole_games_with_legal_moves(game, players, options):
    cls = game_class(game)
    s = cls.new(players, options, seed=11)
    bots = [make_bot("simple", game, seed=i) for i in range(players)]
    while (seat := s.current_player()) is not None:
        move = bots[seat].choose(s.observation(seat))
        assert move in s.legal_moves()
        s.apply(move)
    assert s.result()["winners"]


def test_the_skart_voids_a_suit_and_keeps_the_rois():
    """Issue 14: "skart that voids a suit and keeps Rois"."""
    s = MaisonTroggenState.new(3, seed=0)
    hand = s.hands[s.dealer]
    move = make_bot("simple", "maison_troggen").choose(s.observation(s.dealer))
    assert move[0] == "discard" and not move[1] & ROIS
    voidable = [m for m in SUIT_MASKS if hand & m and not hand & m & ROIS and (hand & m).bit_count() <= 3]
    if voidable:
        assert any(hand & m and not (hand & ~move[1]) & m for m in SUIT_MASKS)


def test_the_cheapest_card_that_wins_a_trick_worth_winning():
    """Issue 14: "cheapest card that wins a trick worth winning, else the lowest"."""
    s = position(MaisonTroggenState, 3, {0: "2S", 1: "3S", 2: "T05 T20 4C"}, trick="RH DH")
    bot = make_bot("simple", "maison_troggen")
    assert bot.choose(s.observation(2)) == ("play", D.card("T05"))
    s = position(MaisonTroggenState, 3, {0: "2S", 1: "3S", 2: "2H 9H RH"}, trick="T10 5H")
    assert bot.choose(s.observation(2)) == ("play", D.card("9H"))  # cannot win: the lowest (red 9 below 2)


def test_the_pagat_is_kept_back_in_leipzig():
    """Issue 14: "keep the Pagat safe until it can win the last trick in Leipzig Taroc"."""
    s = position(LeipzigTarocState, 3, {0: "2S 3S", 1: "4S 5S", 2: "T01 T03 6C"}, trick="T10 T12")
    bot = make_bot("simple", "leipzig_taroc")
    assert bot.choose(s.observation(2)) == ("play", D.card("T03"))
    s = position(LeipzigTarocState, 3, {0: "2S", 1: "4S", 2: "T01"}, trick="", leader=2, tricks_done=24)
    assert bot.choose(s.observation(2)) == ("play", D.card("T01"))


def test_triomphe_forcee_wins_tricks():
    """Issue 14: "in Triomphe Forcée win tricks": take the trick cheaply even when it is worth
    no card points."""
    s = position(TriompheForceeState, 3, {0: "2S", 1: "3S", 2: "T05 T20 4C"}, trick="2H 3H")
    assert make_bot("simple", "triomphe_forcee").choose(s.observation(2)) == ("play", D.card("T05"))


def test_sampled_worlds_respect_voids_refused_trumps_and_declared_cards():
    """The expert's worlds: "a player who did not follow has none of that suit; one who did not
    trump has no trumps; declared cards are known" (issue 14)."""
    s = LeipzigTarocState.new(3, {"deals": 3}, seed=4)
    rng = random.Random(4)
    while s.phase != "play" or len(s.tricks) < 6:
        s.apply(rng.choice(s.legal_moves()))
    seat = s.current_player()
    obs = s.observation(seat)
    allowed, known = s.hidden_constraints(seat)
    for k in range(30):
        world = LeipzigTarocState.sample(obs, random.Random(k))
        assert world.observation(seat) == obs
        for x, m in allowed.items():
            assert world.hands[x] & ~m == 0
        played = sum(s.won) | sum(1 << c for c in s.trick)
        for x, m in known.items():
            assert world.hands[x] & m == m & ~played
    # a hand-made void: seat 1 discarded on a heart lead without trumping
    t = position(MaisonTroggenState, 3, {0: "2S 3S", 1: "4C 5C 6H", 2: "T05 6S 7S"}, trick="")
    play(t, "2S 4C")  # seat 1 neither followed nor trumped
    allowed, _ = t.hidden_constraints(2)
    assert not allowed[1] & (SUIT_MASKS[3] | TRUMPS)


def test_declared_cards_are_dealt_to_their_declarer_in_every_world():
    s = LeipzigTarocState.new(3, {"deals": 3}, seed=0)
    while s.phase != "play":
        legal = s.legal_moves()
        s.apply(next((m for m in legal if m[0] == "declare" and m[1] != "none"), legal[0]))
    declared = [d for d in s.declared]
    if not declared:
        pytest.skip("no declaration in this deal")
    seat = next(x for x in range(3) if all(d["seat"] != x for d in declared))
    obs = s.observation(seat)
    for k in range(10):
        world = LeipzigTarocState.sample(obs, random.Random(k))
        for d in declared:
            cards = D.mask_of(d["cards"])
            assert world.hands[d["seat"]] & cards == cards & s.hands[d["seat"]]


def test_triomphe_forcee_worlds_hold_no_death_and_no_undeclared_honours():
    """Triomphe Forcée: "Als een speler †13 op handen heeft, dan roemt hij deze meteen en wint
    héél de pot": in a deal that goes on, nobody holds Death. And a declaration only gains (a
    stake from the pot, refilled when emptied), so once play has begun a player who declared
    no Excuse, †1 or †11 holds none. Worlds deal those cards elsewhere, and the real deal is
    always among the possible worlds."""
    honours = [D.card(c) for c in ("EXC", "T01", "T11")]
    death = D.card("T13")
    seen = 0
    for seed in range(12):
        s = TriompheForceeState.new(4, {"deals": 5}, seed=seed)
        rng = random.Random(seed)
        while s.current_player() is not None:
            seat = s.current_player()
            allowed, _ = s.hidden_constraints(seat)
            for x, m in allowed.items():
                assert s.hands[x] & ~m == 0  # the real deal is a possible world
            if s.phase == "play":
                obs = s.observation(seat)
                world = TriompheForceeState.sample(obs, random.Random(seed))
                for x in range(4):
                    if x == seat:
                        continue
                    assert not world.hands[x] >> death & 1
                    declared = {D.card(c) for d in s.declared if d["seat"] == x for c in d["cards"]}
                    for c in honours:
                        if world.hands[x] >> c & 1:
                            assert c in declared
                            seen += 1
            legal = s.legal_moves()
            s.apply(next((m for m in legal if m[0] == "declare" and m[1] != "none"), None) or rng.choice(legal))
    assert seen  # declared honours still in hand are dealt to their declarer


@pytest.mark.parametrize("game,players,options", CASES[:4])
def test_the_expert_chooses_legal_moves_in_every_phase(game, players, options):
    cls = game_class(game)
    s = cls.new(players, options, seed=3)
    rng = random.Random(3)
    phases = set()
    for _ in range(12):
        seat = s.current_player()
        if seat is None:
            break
        obs = s.observation(seat)
        move = make_bot("expert", game, seed=1, iterations=4).choose(obs)
        assert move in s.legal_moves()
        phases.add(s.phase)
        s.apply(move)
        for _ in range(5):
            if s.current_player() is not None:
                s.apply(rng.choice(s.legal_moves()))
    assert "play" in phases
