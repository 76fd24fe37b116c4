"""La Rigueur, one test per rule of the text (docs/rules/dutch_games.txt,
"La Rigueur (Tarot), 2-6 spelers"), of issue 14 and of RULES-NOTES.md (Tarot family)."""
import random

import pytest

from game.rules.base import RulesError
from game.rules.la_rigueur import VALUES, LaRigueurState
from tests.tarot_helpers import C, D, legal_codes, play, position

LR = LaRigueurState


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_twelve_cards_each_the_rest_unused(players):
    """"Spelers; 2 tot 6" "Delen; Iedere speler krijgt 12 kaarten"; RULES-NOTES: "Cards not
    dealt stay unused.\""""
    s = LR.new(players, seed=1)
    assert [h.bit_count() for h in s.hands] == [12] * players
    assert s.unused.bit_count() == 78 - 12 * players
    assert s.observation(0)["unused_count"] == 78 - 12 * players
    with pytest.raises(RulesError):
        LR.new(7)


def test_unable_to_follow_play_a_trump_or_a_spade():
    """"Kan een speler niet bedienen, dan moet hij van de Troefbloem of van Schoppen (of ) spelen.
    Troeven en Schoppen bijspelen is niet toegestaan zolang je kunt bedienen.\""""
    s = position(LR, 3, {0: "9C", 1: "T03 2S 4D EXC", 2: "5C"}, trick="2H")
    assert legal_codes(s) == {"T03", "2S", "EXC"}
    s = position(LR, 3, {0: "9C", 1: "T03 2S 4H", 2: "5C"}, trick="2H")
    assert legal_codes(s) == {"4H"}


def test_spades_led_and_none_held_a_trump_if_able():
    """"Troef en Schoppen mag wel altijd gevraagd worden, wat betekent dat iedereen de juiste bloem
    moet bedienen. Kunnen Schoppen niet bediend worden, dan moet je een Troef spelen (indien
    mogelijk).\""""
    s = position(LR, 3, {0: "9C", 1: "T03 4D 2H", 2: "5C"}, trick="2S")
    assert legal_codes(s) == {"T03"}
    s = position(LR, 3, {0: "9C", 1: "3S T03", 2: "5C"}, trick="2S")
    assert legal_codes(s) == {"3S"}


def test_trumps_led_and_none_held_no_spade_required():
    """"Wanneer Troef gevraagd wordt en niet kan worden bediend, dan ben je niet verplicht een
    Schoppen bij te spelen.\""""
    s = position(LR, 3, {0: "9C", 1: "3S 4D", 2: "5C"}, trick="T02")
    assert legal_codes(s) == {"3S", "4D"}


def test_highest_trump_then_highest_spade_else_the_suit_led():
    """"De slag wordt gewonnen door de hoogste Troef in een slag, daarna door de hoogste Schoppen,
    of anders door de hoogst gespeelde kaart in de gevraagde bloem." "De gewone bloemen zijn van
    hoog naar laag R-D-C-V-10-9-8-7-....1.\""""
    s = position(LR, 3, {0: "2H 5C", 1: "2S 6C", 2: "RH 7C"})
    play(s, "2H 2S RH")
    assert s.trick_winners[-1] == 1  # a spade beats the suit led
    s = position(LR, 3, {0: "2H 5C", 1: "RS 6C", 2: "T01 7C"})
    play(s, "2H RS T01")
    assert s.trick_winners[-1] == 2  # a trump beats spades
    s = position(LR, 3, {0: "9H 5C", 1: "TH 6C", 2: "AH 7C"})
    play(s, "9H TH AH")
    assert s.trick_winners[-1] == 1


def test_overtrumping_is_not_required():
    """"Pas op klaverjassers, overtroeven is niet verplicht.\""""
    s = position(LR, 3, {0: "9C", 1: "T02 T20", 2: "5C"}, trick="T10")
    assert legal_codes(s) == {"T02", "T20"}


def test_the_excuse_may_always_be_played():
    """"Het Excuus mag je altijd spelen in plaats van te troeven of kleur te bekennen.\""""
    s = position(LR, 3, {0: "9C", 1: "EXC 3H T05", 2: "5C"}, trick="2H")
    assert legal_codes(s) == {"EXC", "3H"}


def test_card_values():
    """"5 punten (the Excuse, RULES-NOTES) / †21 en †1; 4 punten / Roi; 4 punten / Dame; 3 punten /
    Cavalier; 2 punten / Valet; 1 punten"; other cards are worth nothing."""
    expected = {"EXC": 5, "T21": 4, "T01": 4, "RS": 4, "DH": 3, "CC": 2, "VD": 1, "TH": 0, "T12": 0}
    assert {code: VALUES[C(code)] for code in expected} == expected


def test_a_deal_scores_card_values_plus_cards_won_minus_twelve():
    """Issue 14: "points: the Excuse 5, †21 and †1 4, Roi 4, Dame 3, Cavalier 2, Valet 1, plus
    (cards won - 12)"; "Allereerst telt iedereen de punten op de kaarten die hij heeft gewonnen in
    slagen bij elkaar op.\""""
    s = LR.new(4, seed=3)
    dealt = D.full_mask & ~s.unused
    rng = random.Random(3)
    while not s.rounds:
        s.apply(rng.choice(s.legal_moves()))
    r = s.rounds[0]
    assert r["points"] == [cp + n - 12 for cp, n in zip(r["card_points"], r["cards_won"])]
    assert sum(r["points"]) == sum(VALUES[c] for c in range(78) if dealt >> c & 1)


def test_first_to_50_and_the_highest_if_several():
    """Issue 14: "first to 50"; RULES-NOTES: "If several players pass 50 in one deal, the highest
    wins.\""""
    for seed in range(5):
        s = LR.new(3, seed=seed)
        rng = random.Random(seed)
        while s.current_player() is not None:
            assert max(s.totals) < 50
            s.apply(rng.choice(s.legal_moves()))
        assert max(s.totals) >= 50
        best = max(s.totals)
        assert s.result()["winners"] == [p for p in range(3) if s.totals[p] == best]
