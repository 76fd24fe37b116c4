"""Triomphe Forcée, one test per rule of the text (docs/rules/dutch_games.txt,
"Triomphe Forcée, 2-10 spelers") and of RULES-NOTES.md (Tarot family)."""
import random

import pytest

from game.rules.triomphe_forcee import TriompheForceeState
from tests.tarot_helpers import deck_order, legal_codes, play, position, summary_of

TF = TriompheForceeState


def tf_new(players: int, hands: dict, options=None):
    """Seat players-1 deals first; seat 0 is on its right."""
    size = 12 if players <= 6 else 78 // players
    return TF.new(players, options or {}, 0, deck_order(players, hands, size, players - 1, avoid="T13 EXC T01 T11"))


@pytest.mark.parametrize("players,size", [(2, 12), (6, 12), (7, 11), (10, 7)])
def test_twelve_cards_each_fewer_above_six_players(players, size):
    """"Aantal spelers; 2-10" "Deel 12 kaarten aan ieder." RULES-NOTES: "with more than 6
    players: deal floor(78 / players) each; the rest unused.\""""
    s = TF.new(players, seed=0)
    counts = [h.bit_count() for h in s.hands]
    assert counts == [size] * players or s.rounds and s.rounds[0].get("death") is not None


def test_everyone_antes_when_the_pot_is_empty():
    """"Iedere speler doet één vaste inleg in de pot wanneer deze leeg is." RULES-NOTES: one chip a
    stake, 20 chips each (option)."""
    s = tf_new(3, {0: ["2C"], 1: ["3C"], 2: ["4C"]})
    assert s.pot == 3 and s.chips() == [19, 19, 19] and s.totals == [-1, -1, -1]
    s = tf_new(3, {0: ["2C"]}, {"chips": 50})
    assert s.chips() == [49, 49, 49]
    assert all(s.observation(seat)["chips"] == [49, 49, 49] for seat in range(3))  # on the table for all


def test_death_in_a_hand_takes_the_whole_pot_and_ends_the_deal():
    """"Als een speler †13 (klassieke troefthema de Dood) op handen heeft, dan roemt hij deze
    meteen en wint héél de pot." RULES-NOTES: it ends the deal; the next begins with new antes."""
    order = deck_order(3, {1: ["T13"]}, 12, 2, avoid="EXC T01 T11")
    s = TF.new(3, {}, 0, order)
    assert s.phase == "declare" and s.current_player() == 1
    assert s.legal_moves() == [("declare", "death")]  # shown at once: no other choice
    assert s.observation(0)["hand_counts"] == [12, 12, 12]
    first = summary_of(s.apply(("declare", "death")))
    assert first["death"] == 1 and first["points"] == [-1, 2, -1]
    assert first["pot_winner"] == 1 and first["tricks_won"] == [0, 0, 0]
    assert s.round_no == 1 and (s.rounds[1:] or s.pot == 3)  # the next deal begins with new antes


def test_the_excuse_and_pagat_are_declared_for_one_stake_and_the_eleven_for_two():
    """"☆ en †1 kunnen geroemd worden voor een enkele inleg uit de pot, de †11 voor een dubbele.\""""
    s = tf_new(4, {0: ["EXC", "T11"], 2: ["T01"]}, {"chips": 20})
    assert s.phase == "declare" and s.current_player() == 0
    assert set(s.legal_moves()) == {("declare", "excuse"), ("declare", "eleven"), ("declare", "none")}
    s.apply(("declare", "eleven"))
    assert s.pot == 2 and s.chips()[0] == 21
    s.apply(("declare", "excuse"))
    assert s.pot == 1 and s.chips()[0] == 22
    assert s.current_player() == 2  # in playing order; seat 1 has nothing to declare
    events = s.apply(("declare", "pagat"))
    # the pot is empty: everyone antes again
    assert any(e["type"] == "ante" for e in events) and s.pot == 4
    assert s.chips() == [21, 18, 19, 18]


def test_declarations_are_optional_and_made_before_the_first_lead():
    """"kunnen geroemd worden" (may be declared), before play (RULES-NOTES: before the first
    lead, in playing order)."""
    s = tf_new(3, {0: ["EXC"]})
    assert s.phase == "declare"
    s.apply(("declare", "none"))
    assert s.phase == "play" and s.current_player() == 0 and s.pot == 3


def test_the_excuse_may_always_be_played_instead_of_following_or_trumping():
    """"Het Excuus mag je altijd spelen in plaats van te troeven of kleur te bekennen.\""""
    s = position(TF, 3, {0: "9C", 1: "EXC 3H T05", 2: "5C"}, trick="2H")
    assert legal_codes(s) == {"EXC", "3H"}
    s = position(TF, 3, {0: "9C", 1: "EXC 4C T05", 2: "5C"}, trick="2H")
    assert legal_codes(s) == {"EXC", "T05"}


def test_one_point_a_trick_and_the_most_tricks_takes_the_rest_of_the_pot():
    """"Iedere slag is één punt waard." "De speler met de meeste slagen / punten neemt de rest van de
    pot.\""""
    s = position(TF, 3, {0: "RC RH", 1: "2C 2H", 2: "3C 3H"})
    s.pot = 3
    s.totals = [-1, -1, -1]
    r = summary_of(play(s, "RC 2C 3C RH 2H 3H"))
    assert r["tricks_won"] == [2, 0, 0] and r["pot_winner"] == 0 and r["pot_won"] == 3


def test_a_tie_for_most_tricks_leaves_the_pot():
    """RULES-NOTES: "A tie for most tricks leaves the pot for the next deal (no new antes while it
    is not empty).\""""
    s = position(TF, 2, {0: "RC 2H", 1: "2C RH"})
    s.pot = 2
    s.totals = [-1, -1]
    events = play(s, "RC 2C 2H RH")
    r = summary_of(events)
    assert r["pot_winner"] is None and r["pot"] == 2
    end = next(i for i, e in enumerate(events) if e["type"] == "round_end")
    deal = next(i for i, e in enumerate(events) if e["type"] == "deal" and i > end)
    assert not any(e["type"] == "ante" for e in events[end:deal])  # no ante for the next deal


def test_the_game_ends_after_the_deals_or_when_a_player_cannot_ante():
    """RULES-NOTES: "The game ends after a fixed number of deals (default 10) or when a player
    cannot ante; the most chips wins." Chips are never created nor lost."""
    for seed in range(8):
        s = TF.new(4, {"chips": 10, "deals": 20}, seed=seed)
        rng = random.Random(seed)
        while s.current_player() is not None:
            assert sum(s.chips()) + s.pot == 40 and sum(s.totals) + s.pot == 0
            s.apply(rng.choice(s.legal_moves()))
        assert sum(s.chips()) + s.pot == 40
        assert s.totals == [sum(r["points"][p] for r in s.rounds) for p in range(4)]
        assert len(s.rounds) == 20 or s.broke
        best = max(s.totals)
        assert s.result()["winners"] == [p for p in range(4) if s.totals[p] == best]
