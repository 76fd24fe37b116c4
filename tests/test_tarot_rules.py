"""The tarot family's shared mechanics (game/rules/tarot.py), each test citing the text.

Texts: docs/rules/dutch_games.txt (Maison Troggen, Leipzig Taroc, La Rigueur,
Triomphe Forcée share these sentences) and docs/rules/RULES-NOTES.md (Tarot family)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import TAROT78
from game.rules.la_rigueur import LaRigueurState
from game.rules.leipzig_taroc import LeipzigTarocState
from game.rules.leipzig_taroc import VALUES as LT_VALUES
from game.rules.maison_troggen import VALUES as MT_VALUES
from game.rules.maison_troggen import MaisonTroggenState
from game.rules.tarot import count_by_threes, simple_count
from game.rules.triomphe_forcee import TriompheForceeState
from tests.tarot_helpers import legal_codes, mask, play, position

MT, LT, LR, TF = MaisonTroggenState, LeipzigTarocState, LaRigueurState, TriompheForceeState


def test_the_deck_is_the_78_card_tarot():
    """"Kaarten; 78 tarotkaarten": 21 trumps, the Excuse, four suits of 14 (R, D, C, V, 1-10)."""
    assert TAROT78.size == 78
    assert TAROT78.codes[:21] == tuple(f"T{n:02d}" for n in range(1, 22)) and TAROT78.codes[21] == "EXC"
    assert {c for c in TAROT78.codes if c.endswith("H")} == {r + "H" for r in "A23456789TVCDR"}


@pytest.mark.parametrize("cls,players", [(MT, 3), (LT, 3), (LR, 4), (TF, 5)])
def test_play_runs_counter_clockwise_from_the_dealers_right(cls, players):
    """"Speelrichting; Tegen de klok in" and "De Voorhand (rechts van de Deler) leidt de eerste
    slag": seats are numbered counter-clockwise, so the dealer's right is dealer + 1 and play
    goes on to + 2."""
    s = cls.new(players, {}, seed=3)
    while s.phase != "play":
        s.apply(s.legal_moves()[-1])
    lead = (s.dealer + 1) % players
    assert s.current_player() == lead
    s.apply(s.legal_moves()[0])
    assert s.current_player() == (lead + 1) % players


def test_the_deal_passes_to_the_right():
    """"het delen roteert van hand tot hand tegen de klok in" (Triomphe Forcée; RULES-NOTES:
    play and the deal run counter-clockwise in all four games)."""
    s = LR.new(3, {}, seed=1)
    first = s.dealer
    while not s.rounds:
        s.apply(s.legal_moves()[0])
    assert s.dealer == (first + 1) % 3


def test_the_suit_led_must_be_followed():
    """"de bloem die de leider vraagt moet bediend worden door de andere spelers" (the Excuse
    may always be played instead)."""
    s = position(MT, 3, {0: "9S", 1: "2H RH T05 EXC 3C", 2: "4C"}, trick="5H")
    assert legal_codes(s) == {"2H", "RH", "EXC"}


def test_a_player_who_cannot_follow_must_trump():
    """"Kan een speler niet bedienen, dan moet hij een troef spelen. Troeven is niet toegestaan
    zolang je kunt bedienen.\""""
    s = position(MT, 3, {0: "9S", 1: "T05 T02 3C RS", 2: "4C"}, trick="5H")
    assert legal_codes(s) == {"T05", "T02"}


def test_trumps_led_must_be_followed_with_trumps():
    """"Troef mag altijd gevraagd worden, wat betekent dat de andere spelers een troef moeten
    spelen indien mogelijk.\""""
    s = position(TF, 3, {0: "9S", 1: "T03 RH 2C", 2: "4C"}, trick="T07")
    assert legal_codes(s) == {"T03"}


def test_no_suit_and_no_trump_allows_any_card():
    """"Wie niet kan bedienen én geen troeven meer heeft moet een andere kaart bijgooien.\""""
    s = position(MT, 3, {0: "9S", 1: "3C RS", 2: "4C"}, trick="5H")
    assert legal_codes(s) == {"3C", "RS"}


def test_there_is_no_obligation_to_overtrump():
    """The texts never ask for a higher trump ("Pas op klaverjassers, overtroeven is niet
    verplicht", La Rigueur): a lower trump may be played under a higher one."""
    s = position(MT, 3, {0: "9S", 1: "T02 T21", 2: "4C"}, trick="T20")
    assert legal_codes(s) == {"T02", "T21"}


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led():
    """"De slag wordt gewonnen door de hoogste troef in een slag, of anders door de hoogst
    gespeelde kaart in de bloem gevraagd door de leider.\""""
    s = position(MT, 3, {0: "9C 2D 2S", 1: "RC 5D 3S", 2: "T01 RD 4S"})
    play(s, "9C RC T01")
    assert s.trick_winners[-1] == 2 and s.current_player() == 2
    play(s, "RD 2D 5D")
    assert s.trick_winners[-1] == 2  # a card of another suit never wins


def test_the_winner_leads_the_next_trick():
    """"Winnaar van een slag leidt de volgende slag.\""""
    s = position(MT, 3, {0: "2S 3S", 1: "DS 4S", 2: "5S 6S"})
    play(s, "2S DS 5S")
    assert s.current_player() == 1 and s.leader == 1


@pytest.mark.parametrize("cls,order", [(MT, ["AH", "TH"]), (LT, ["AH", "TH"]), (TF, ["AH", "TH"]), (LR, ["TH", "AH"])])
def test_red_pips_run_from_one_high_except_in_la_rigueur(cls, order):
    """"de rode bloemen (,) zijn van hoog naar laag R-D-C-V-1-2-3-4-5....10" (Maison Troggen,
    Leipzig Taroc, Triomphe Forcée); La Rigueur: "De gewone bloemen zijn van hoog naar laag
    R-D-C-V-10-9-8-7-....1"; black suits always 10 high."""
    high, low = order
    s = position(cls, 3, {0: "2H 2S", 1: high + " 3S", 2: low + " 4S"})
    play(s, f"2H {high} {low}")
    assert s.trick_winners[-1] == 1
    s = position(cls, 3, {0: "2C 2S", 1: "TC 3S", 2: "AC 4S"})
    play(s, "2C TC AC")
    assert s.trick_winners[-1] == 1


def test_the_excuse_never_wins_and_returns_to_its_owner_for_a_low_card():
    """"Het Excuus mag worden gespeeld in plaats van iedere andere kaart aan een slag, echter kan
    deze kaart nooit de slag winnen noch verloren worden. Speler van het Excuus neemt deze na het
    spelen terug en stop hem bij zijn eigen slagen, en geeft er een lege kaart voor terug aan de
    winnaar van de slag.\""""
    s = position(MT, 3, {0: "2C 9S", 1: "EXC 8S", 2: "3C 7S"}, won={1: "4D 5D 6D"})
    events = play(s, "2C EXC 3C")
    assert s.trick_winners[-1] == 2
    assert s.won[1] & mask("EXC") and not s.won[2] & mask("EXC")
    assert s.won[2] & mask("4D") and not s.won[1] & mask("4D")  # a low card
    assert {"type": "excuse", "owner": 1, "to": 2, "card": "4D"} in events


def test_a_led_excuse_lets_the_next_card_set_the_suit():
    """The Excuse may lead ("in plaats van iedere andere kaart"); it sets no suit, so the next
    player plays freely and his card is the suit to follow (issue 14)."""
    s = position(MT, 3, {0: "EXC 2S", 1: "3C 4H T09", 2: "5C 6H"})
    play(s, "EXC")
    assert legal_codes(s) == {"3C", "4H", "T09"}
    play(s, "4H")
    assert legal_codes(s) == {"6H"}
    play(s, "6H")
    assert s.trick_winners[-1] == 1  # red pips: 4 above 6


def test_the_excuse_debt_waits_for_a_low_card():
    """La Rigueur: "Heb je nog geen lege kaarten, dan moet je wachten tot je dat wel hebt."
    (RULES-NOTES: Maison Troggen settles the Excuse the same way.)"""
    s = position(LR, 3, {0: "2H RS 2C", 1: "EXC 8S 3C", 2: "3H 7S 4C"})
    play(s, "2H EXC 3H")
    assert s.excuse_creditor == 2 and s.won[1] == mask("EXC")
    play(s, "7S RS 8S")  # seat 2 won and leads; seat 0 takes this one
    assert s.excuse_creditor == 2 and s.won[1] == mask("EXC")


def test_the_excuse_debt_is_paid_when_the_owner_wins_a_low_card():
    """La Rigueur: "Geef hiervoor een lege kaart retour. Heb je nog geen lege kaarten, dan moet
    je wachten tot je dat wel hebt.\""""
    s = position(LR, 3, {0: "2H 5D 2C", 1: "EXC RD 3C", 2: "3H 4D 4C"})
    play(s, "2H EXC 3H")
    assert s.excuse_creditor == 2
    play(s, "4D 5D RD")
    assert s.excuse_creditor is None
    assert s.won[2] & mask("4D") and s.won[1] == mask("EXC 5D RD")


def test_at_the_end_a_point_card_pays_the_excuse():
    """La Rigueur: "Heb je op het einde van het spel nog geen lege kaarten, dan moet je een punt
    kaart geven.\""""
    s = position(LR, 3, {0: "2H DD", 1: "EXC RD", 2: "3H VD"})
    play(s, "2H EXC 3H")
    events = play(s, "VD DD RD")  # seat 1 wins only honours: R, D and V of diamonds
    assert {"type": "excuse", "owner": 1, "to": 2, "card": "VD"} in events  # the least valuable


def test_an_owner_who_won_nothing_gives_the_excuse_itself():
    """La Rigueur: "Heb je alleen het Excuus, dan moet je hem overgeven aan de speler die de
    oorspronkelijke slag won.\""""
    s = position(LR, 3, {0: "2H 5S", 1: "EXC 4H", 2: "3H 7S"})
    play(s, "2H EXC 3H")
    events = play(s, "7S 5S 4H")
    assert {"type": "excuse", "owner": 1, "to": 2, "card": "EXC"} in events
    summary = s.rounds[-1]
    assert summary["cards_won"][1] == 0 and summary["card_points"][2] == 5  # the Excuse counts for seat 2


def test_counting_by_threes():
    """"de kaarten worden per drie geteld, wat betekent dat bijvoorbeeld een Dame pas 4 punten
    waard is als er ook twee lege kaarten bijgeteld worden. Drie lege kaarten vormen samen 1
    punt.\""""
    assert count_by_threes(mask("DH 2C 3C"), MT_VALUES) == 4
    assert count_by_threes(mask("2C 3C 4C"), MT_VALUES) == 1
    assert count_by_threes(mask("RH DH CH"), MT_VALUES) == 5 + 4 + 3 - 2


def test_leftover_cards_in_leipzig():
    """Leipzig Taroc: "Tel 2 overige kaarten alsof het er 3 zijn. Heeft een speler alleen het
    Excuus, dan telt deze in zijn eentje als 4 punten.\""""
    assert count_by_threes(mask("2C 3C"), LT_VALUES) == 1
    assert count_by_threes(mask("EXC"), LT_VALUES) == 4


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 77)))
def test_the_simpler_count_gives_the_same_points(cards):
    """"Heb je moeite met deze manier van tellen, tel dan als de punten op de kaarten als volgt;
    †21, †1, Roi; 4 punten ... Draai nu de kaarten om en tel het aantal sets van 3 kaarten hierbij
    op." Both counts agree on any pile (two leftover cards count as a set)."""
    pile = sum(1 << c for c in cards)
    for values in (MT_VALUES, LT_VALUES):
        honours, sets = simple_count(pile, values)
        assert honours + sets == count_by_threes(pile, values)


def test_simple_values_are_one_less():
    """The simpler count's values: "†21, †1, Roi; 4 punten / Dame; 3 punten / Cheval; 2 punten
    / Valet; 1 punten" (and the Excuse 2 in Maison Troggen, 4 in Leipzig Taroc)."""
    for code, mt, lt in [("T21", 4, 4), ("T01", 4, 4), ("RS", 4, 4), ("DS", 3, 3), ("CS", 2, 2), ("VS", 1, 1),
                         ("EXC", 2, 4), ("7S", 0, 0), ("T10", 0, 0)]:
        assert simple_count(mask(code), MT_VALUES)[0] == mt
        assert simple_count(mask(code), LT_VALUES)[0] == lt
