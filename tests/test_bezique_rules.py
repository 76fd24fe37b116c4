"""One test per rule of the Bezique family texts (docs/rules/dutch_games.txt:
"Bezique", "Marjolet", "Binage / Cinq Cents", "Fildinski", "Rubicon") and of the
RULES-NOTES "Bezique family" rulings. Each docstring quotes the sentence it checks."""
import json

import pytest

from game.rules import RulesError, game_class, new_game
from game.rules.base import round_rng
from tests.bezique_helpers import arrange, declarations, legal_json, play

GAMES = ["bezique", "marjolet", "binage", "fildinski", "rubicon"]
SINGLE = {"marjolet", "binage"}  # the 32-card games: codes without a copy number


def k(game, code, copy=1):
    """A card code of the game's deck: 'AH' or 'AH/1'."""
    return code if game in SINGLE else f"{code}/{copy}"


def ks(game, *codes):
    return [k(game, c) for c in codes]


def low_hand(game, n, suit="C"):
    """n low cards (9, 8, 7 and copies) of one suit, never a brisque nor a court."""
    copies = 1 if game in SINGLE else (4 if game == "rubicon" else 2)
    cards = [f"{r}{suit}" + ("" if game in SINGLE else f"/{i}") for i in range(1, copies + 1) for r in "987"]
    return cards[:n]


HAND = {"bezique": 8, "marjolet": 6, "binage": 8, "fildinski": 8, "rubicon": 9}


def full_hands(game, hands, turned=None, stock=()):
    """The two hands filled up to the deal's size with low cards of any suit named nowhere
    else, then jacks, queens and kings (a loaded state's hands are one size: both draw after
    every trick)."""
    hands = [list(h) for h in hands]
    used = {c for h in hands for c in h} | {turned} | set(stock)
    courts = [c for suit in "CDSH" for r in "JQK" for c in ks(game, r + suit)]
    for h in hands:
        for c in [c for suit in "CDSH" for c in low_hand(game, 12, suit)] + courts:
            if len(h) >= HAND[game]:
                break
            if c not in used:
                h.append(c)
                used.add(c)
    return hands


# ---------------------------------------------------------------- cards and the deal
@pytest.mark.parametrize("game,size", [("bezique", 64), ("marjolet", 32), ("binage", 32), ("fildinski", 64),
                                       ("rubicon", 128)])
def test_deck_size(game, size):
    """Bezique/Fildinski: "Kaarten; 64 kaarten, 2x een piketspel (A-10-H-V-B-9-8-7)"; Marjolet, Binage:
    "Kaarten; 32, piketspel"; Rubicon: "Kaarten; 128 kaarten, 4x een piketspel"."""
    assert game_class(game).info.deck.size == size


@pytest.mark.parametrize("game", GAMES)
def test_hand_size_and_stock(game):
    """"Deel 8 kaarten uit aan iedere speler" (Marjolet: 6, Rubicon: 9); the rest is the stock."""
    s = new_game(game, 2, seed=3)
    n = HAND[game]
    assert [h.bit_count() for h in s.hands] == [n, n]
    assert s.stock_count() == s.info.deck.size - 2 * n


@pytest.mark.parametrize("game", ["bezique", "marjolet", "binage", "fildinski", "rubicon"])
def test_deal_in_packets_of_three_and_two_non_dealer_first_then_the_turned_trump(game):
    """"Deel ... in sets van 2 of 3. Draai de volgende kaart voor troef, en leg de stok hierbovenop"
    (Rubicon: "Er wordt geen troef gedraaid."). Packets 3-2-3 (6 cards: 3-3; 9: 3-3-3)."""
    cls = game_class(game)
    order = list(cls.info.deck.codes)
    seed = 5
    s = cls.new(2, None, seed, order)
    dealer = round_rng(seed, 0).randrange(2)
    assert s.dealer == dealer and s.leader == 1 - dealer
    packets = {6: (3, 3), 8: (3, 2, 3), 9: (3, 3, 3)}[HAND[game]]
    expect = [[], []]
    pos = 0
    for p in packets:
        for seat in (1 - dealer, dealer):
            expect[seat] += order[pos:pos + p]
            pos += p
    assert [sorted(cls.info.deck.codes_of(h)) for h in s.hands] == [sorted(e) for e in expect]
    if game == "rubicon":
        assert s.turned is None and s.trump is None and s.observation(0)["trump"] is None
        assert s.to_json()["stock"] == order[pos:]
    else:
        assert cls.info.deck.code(s.turned) == order[pos]
        assert s.observation(0)["trump"] == order[pos][1] and s.observation(1)["turned"] == order[pos]
        assert s.to_json()["stock"] == order[pos + 1:]


@pytest.mark.parametrize("game", ["bezique", "marjolet", "binage", "fildinski"])
def test_a_turned_seven_scores_ten_for_the_dealer(game):
    """"Is de gedraaide troef een 7, dan scoort de Deler 10 punten.\""""
    cls = game_class(game)
    seed = 2
    dealer = round_rng(seed, 0).randrange(2)
    order = list(cls.info.deck.codes)
    turned_at = 2 * HAND[game]
    seven = k(game, "7H")
    order.remove(seven)
    order.insert(turned_at, seven)
    s = cls.new(2, None, seed, order)
    assert cls.info.deck.code(s.turned) == seven
    assert s.scores[dealer] == 10 and s.scores[1 - dealer] == 0
    assert s.breakdown[dealer] == {"turned_seven": 10}


def test_the_non_dealer_leads():
    """"Tegenspeler van de Deler komt als eerste uit.\""""
    for seed in range(6):
        s = new_game("bezique", 2, seed=seed)
        assert s.current_player() == 1 - s.dealer and s.phase == "play"


# ---------------------------------------------------------------- tricks
@pytest.mark.parametrize("game", GAMES)
def test_highest_trump_wins_else_highest_of_suit_led(game):
    """"De slag wordt gewonnen door de hoogste troefkaart die gespeeld is, of anders de hoogste kaart
    in de bloem waar de leider mee kwam." (Rubicon: trumps once a marriage named them.)"""
    turned = None if game == "rubicon" else k(game, "9H")
    trump = "H"
    s = arrange(game, [ks(game, "AC", "7H") + low_hand(game, HAND[game] - 2, "D"),
                       ks(game, "8H", "TC") + low_hand(game, HAND[game] - 2, "S")], turned=turned, trump=trump)
    play(s, k(game, "AC"), k(game, "8H"))
    assert s.trick_winners[-1] == 1  # a low trump beats the ace of the suit led
    s = arrange(game, [ks(game, "TC", "7H") + low_hand(game, HAND[game] - 2, "D"),
                       ks(game, "AC", "AS") + low_hand(game, HAND[game] - 2, "S")], turned=turned, trump=trump)
    play(s, k(game, "TC"), k(game, "AS"))
    assert s.trick_winners[-1] == 0  # another suit, not trumps, never wins
    s = arrange(game, [ks(game, "TC", "7H") + low_hand(game, HAND[game] - 2, "D"),
                       ks(game, "AC", "AS") + low_hand(game, HAND[game] - 2, "S")], turned=turned, trump=trump)
    play(s, k(game, "TC"), k(game, "AC"))
    assert s.trick_winners[-1] == 1


@pytest.mark.parametrize("game", GAMES)
def test_trick_rank_ace_ten_king_queen_jack_nine_eight_seven(game):
    """"Van hoog naar laag zijn de kaarten in de slag waard; A-10-H-V-B-9-8-7.\""""
    order = ["A", "T", "K", "Q", "J", "9", "8", "7"]
    turned = None if game == "rubicon" else k(game, "9H")
    for hi, lo in zip(order, order[1:]):
        s = arrange(game, [[k(game, lo + "C")] + low_hand(game, HAND[game] - 1, "D"),
                           [k(game, hi + "C")] + low_hand(game, HAND[game] - 1, "S")], turned=turned)
        play(s, k(game, lo + "C"), k(game, hi + "C"))
        assert s.trick_winners[-1] == 1, (hi, lo)


@pytest.mark.parametrize("game", ["bezique", "fildinski", "rubicon"])
def test_of_two_identical_cards_the_first_played_wins(game):
    """RULES-NOTES: "Of two identical cards in a trick, the first played wins.\""""
    turned = None if game == "rubicon" else k(game, "9H")
    s = arrange(game, [[k(game, "AC", 1)] + low_hand(game, HAND[game] - 1, "D"),
                       [k(game, "AC", 2)] + low_hand(game, HAND[game] - 1, "S")], turned=turned)
    play(s, k(game, "AC", 1), k(game, "AC", 2))
    assert s.trick_winners[-1] == 0


@pytest.mark.parametrize("game", GAMES)
def test_while_the_stock_lasts_any_card_may_be_played(game):
    """"Zolang er nog kaarten op de Stok liggen, mag je iedere willekeurige kaart aan de slag spelen.\""""
    turned = None if game == "rubicon" else k(game, "9H")
    s = arrange(game, full_hands(game, [low_hand(game, HAND[game], "C"),
                                        ks(game, "AC", "7H") + low_hand(game, HAND[game] - 2, "S")], turned),
                turned=turned)
    play(s, low_hand(game, 1, "C")[0])
    assert {m["card"] for m in legal_json(s)} == set(s.info.deck.codes_of(s.hands[1]))


@pytest.mark.parametrize("game", GAMES)
def test_the_winner_draws_first_then_the_other(game):
    """"De winnaar van de slag trekt een kaart van de Stok, daarna doet de andere speler hetzelfde.\""""
    turned = None if game == "rubicon" else k(game, "9H")
    s = arrange(game, full_hands(game, [low_hand(game, HAND[game], "C"),
                                        [k(game, "AC")] + low_hand(game, HAND[game] - 1, "S")], turned,
                                        ks(game, "KD", "QS")),
                turned=turned, stock=ks(game, "KD", "QS"))
    play(s, low_hand(game, 1, "C")[0], k(game, "AC"))
    assert s.to_move == 1 and s.phase == "declare"
    s.play_json({"kind": "skip"})
    assert s.hands[1] >> s.info.deck.card(k(game, "KD")) & 1
    assert s.hands[0] >> s.info.deck.card(k(game, "QS")) & 1
    assert s.to_move == 1 and s.phase == "play"


def test_only_the_trick_winner_may_declare_and_not_before_a_trick():
    """"Wanneer een speler een slag wint, mag hij - alvorens een kaart van de Stok te trekken - één
    combinatie ... roemen": no declaration before the first trick, none for the loser."""
    s = arrange("bezique", [ks("bezique", "KC", "QC", "9D", "8D", "7D", "9S", "8S", "7S"),
                            ks("bezique", "KH", "QH", "AD", "8H", "9H", "9C", "8C", "7C")], turned=k("bezique", "TS"))
    assert all(m["kind"] == "play" for m in legal_json(s))
    play(s, k("bezique", "7D"), k("bezique", "AD"))
    assert s.to_move == 1 and ("marriage", ks("bezique", "KH", "QH")) in declarations(s)
    assert all(m["combination"] != "marriage" or "KC/1" not in m["cards"]
               for m in legal_json(s) if m["kind"] == "declare")


# ---------------------------------------------------------------- points during play
@pytest.mark.parametrize("game", ["bezique", "marjolet", "binage", "fildinski"])
def test_each_ace_and_ten_won_scores_ten_at_once(game):
    """"voor iedere Aas en / of Tien die je in een slag wint krijg je onmiddelijk 10 punten.\""""
    s = arrange(game, [[k(game, "TC")] + low_hand(game, HAND[game] - 1, "D"),
                       [k(game, "AC")] + low_hand(game, HAND[game] - 1, "S")], turned=k(game, "9H"))
    events = play(s, k(game, "TC"), k(game, "AC"))
    assert s.scores == [0, 20] and s.totals == [0, 20]
    assert {"type": "score", "seat": 1, "points": 20, "reason": "brisques", "total": 20} in events


@pytest.mark.parametrize("game", ["bezique", "marjolet", "binage", "fildinski"])
def test_playing_a_trump_seven_scores_ten(game):
    """"Wanneer je een Troef 7 aan een slag speelt, krijg je ook 10 punten." RULES-NOTES: each trump 7
    scores 10 when played, whoever wins the trick."""
    s = arrange(game, [[k(game, "7H")] + low_hand(game, HAND[game] - 1, "D"),
                       [k(game, "AH")] + low_hand(game, HAND[game] - 1, "S")], turned=k(game, "9H"))
    play(s, k(game, "7H"), k(game, "AH"))
    assert s.breakdown[0] == {"trump_seven": 10} and s.breakdown[1] == {"brisques": 10}


def test_rubicon_has_no_points_on_the_cards():
    """Rubicon: "Er zijn geen punten op de kaarten." and "Er is geen speciale functie of score voor de Dix.\""""
    s = arrange("rubicon", [ks("rubicon", "TC", "7H") + low_hand("rubicon", 7, "D"),
                            ks("rubicon", "AC") + low_hand("rubicon", 8, "S")], turned=None, trump="H")
    play(s, k("rubicon", "TC"), k("rubicon", "AC"))
    assert s.scores == [0, 0]
    assert not any(m["kind"] == "dix" for m in legal_json(s))


# ---------------------------------------------------------------- declaring
def test_declared_cards_stay_in_the_hand_face_up_and_can_be_played():
    """"Geroemde kaarten blijven onderdeel van je hand, maar worden open voor je neergelegd.\""""
    g = "bezique"
    s = arrange(g, [ks(g, "KC", "QC", "9D", "8D", "7D", "9S", "8S", "7S"),
                    ks(g, "AD", "8H", "9H", "9C", "8C", "7C", "KS", "QS")], turned=k(g, "TH"), leader=1)
    play(s, k(g, "8H"), k(g, "7D"))
    assert s.to_move == 1
    s = arrange(g, [ks(g, "KC", "QC", "AD", "8D", "7D", "9S", "8S", "7S"),
                    ks(g, "9D", "8H", "9H", "9C", "8C", "7C", "KS", "QS")], turned=k(g, "TH"), leader=1)
    play(s, k(g, "9D"), k(g, "AD"))
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(g, "KC", "QC")})
    obs1 = s.observation(1)
    assert sorted(obs1["shown"][0]) == ks(g, "KC", "QC") and sorted(obs1["known"][0]) == ks(g, "KC", "QC")
    assert "KC/1" not in obs1["hand"] and obs1["hand_counts"][0] == 8  # 7 + the card drawn
    assert k(g, "KC") in s.observation(0)["hand"]
    play(s, k(g, "QC"))
    assert s.observation(1)["shown"][0] == [k(g, "KC")]


@pytest.mark.parametrize("game", ["bezique", "binage"])
def test_one_declaration_per_won_trick(game):
    """Bezique: "één combinatie van kaarten in zijn hand roemen (en ook echt maar één!)"; Binage: "één (en
    ook maar één) combinatie\""""
    s = arrange(game, [ks(game, "KC", "QC", "KD", "QD", "AS", "7S", "8S", "9S"),
                       ks(game, "9H", "JH", "8H", "TS", "JS", "7C", "8C", "9C")],
                turned=k(game, "TH"))
    play(s, k(game, "AS"), k(game, "TS"))
    assert ("marriage", ks(game, "KC", "QC")) in declarations(s)
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(game, "KC", "QC")})
    assert s.phase == "play" and s.stock_count() == s.info.deck.size - 2 * HAND[game] - 2


@pytest.mark.parametrize("game", ["marjolet", "rubicon"])
def test_several_declarations_at_once(game):
    """Marjolet: "mag hij ... één of meerdere combinaties van kaarten in zijn hand roemen"; Rubicon: "één
    of meerdere combinaties\""""
    n = HAND[game]
    s = arrange(game, [ks(game, "KC", "QC", "KD", "QD", "AS") + ks(game, "7S", "8S", "9S", "JS")[: n - 5],
                       [k(game, "TS")] + ks(game, "8H", "7H", "9C", "8C", "7C", "JH", "9H", "TH")[: n - 1]],
                turned=None if game == "rubicon" else k(game, "TH"), trump="H")
    play(s, k(game, "AS"), k(game, "TS"))
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(game, "KC", "QC")})
    assert s.phase == "declare" and ("marriage", ks(game, "KD", "QD")) in declarations(s)
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(game, "KD", "QD")})
    assert s.phase == "declare" and s.scores[0] == 40 + (0 if game == "rubicon" else 20)
    s.play_json({"kind": "skip"})
    assert s.phase == "play"


def test_fildinski_several_at_once_each_with_a_card_of_the_trick_and_no_card_twice():
    """Fildinski: "Meerdere roem tegelijk is ook toegestaan, zolang iedere combinatie een kaart gebruikt die
    in de slag gewonnen is, en dat dezelfde kaart niet gelijktijdig in verschillende combinaties gebruikt
    wordt.\""""
    g = "fildinski"
    s = arrange(g, [ks(g, "KC", "AS", "7S", "8S", "9S", "7D", "8D", "9D"),
                    ks(g, "QC", "TS", "8H", "7H", "9C", "8C", "7C", "9H")], turned=k(g, "TH"))
    # Seat 0 already won KD, QD, QS (an earlier trick) and now wins KC + QC.
    data = s.to_json()
    data["won"][0] = ks(g, "KD", "QD")
    data["tricks"].append(ks(g, "KD", "QD"))
    data["trick_leaders"].append(0)
    data["trick_winners"].append(0)
    data["stock"] = [c for c in data["stock"] if c not in ks(g, "KD", "QD")]
    s = type(s).from_json(data)
    play(s, k(g, "KC"), k(g, "QC"))
    decl = declarations(s)
    assert ("marriage", ks(g, "KC", "QC")) in decl
    assert ("marriage", ks(g, "KD", "QD")) not in decl  # uses no card of the trick just won
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(g, "KC", "QC")})
    assert s.phase == "declare"
    assert all(not set(c) & set(ks(g, "KC", "QC")) for _, c in declarations(s))


def test_fildinski_declares_from_the_won_cards_not_the_hand():
    """Fildinski: "combinaties roemen van kaarten die voor hem op tafel liggen, mits één of beide zojuist
    gewonnen kaarten deel uitmaken van de combinatie"; won cards "mogen dus niet meer aan slagen gespeeld
    worden\""""
    g = "fildinski"
    s = arrange(g, [ks(g, "KC", "QC", "AS", "KD", "7S", "8S", "9S", "7D"),
                    ks(g, "QD", "TS", "8H", "7H", "9C", "8C", "7C", "9H")], turned=k(g, "TH"))
    play(s, k(g, "KD"), k(g, "QD"))
    assert declarations(s) == [("marriage", ks(g, "KD", "QD"))]  # K♣ Q♣ in the hand do not count
    obs = s.observation(1)
    assert sorted(obs["won"][0]) == ks(g, "KD", "QD") and obs["won_face_up"] is True
    assert k(g, "KD") not in obs["hand"]


@pytest.mark.parametrize("game", ["bezique", "marjolet", "binage", "fildinski"])
def test_the_dix_exchanges_the_trump_seven_for_the_turned_trump_for_ten(game):
    """"Een speciale roem is de Dix; dit is het omwisselen van de troef 7 (vanuit je hand) met de gedraaide
    troefkaart; 10 punten\""""
    n = HAND[game]
    s = arrange(game, [[k(game, "7H"), k(game, "AS")] + ks(game, "7S", "8S", "9S", "7D", "8D", "9D")[: n - 2],
                       [k(game, "TS")] + ks(game, "8C", "7C", "9C", "JC", "JS", "QC", "QD")[: n - 1]],
                turned=k(game, "AH"))
    play(s, k(game, "AS"), k(game, "TS"))
    assert {"kind": "dix", "card": k(game, "7H")} in legal_json(s)
    before = s.scores[0]
    s.play_json({"kind": "dix", "card": k(game, "7H")})
    assert s.scores[0] == before + 10 and s.breakdown[0]["dix"] == 10
    assert s.observation(1)["turned"] == k(game, "7H")
    assert k(game, "AH") in s.observation(0)["hand"] and k(game, "AH") in s.observation(1)["known"][0]


def test_the_dix_may_go_with_the_one_declaration_of_bezique():
    """Bezique: the Dix is "een speciale roem" besides "één combinatie ... (en ook echt maar één!)": as in the
    classic rules, the exchange may be made with a declaration (first the Dix, then the declaration)."""
    g = "bezique"
    s = arrange(g, [ks(g, "7H", "AS", "KC", "QC", "7S", "8S", "9S", "7D"),
                 ks(g, "TS", "8C", "7C", "9C", "JC", "8D", "9D", "JD")], turned=k(g, "AH"))
    play(s, k(g, "AS"), k(g, "TS"))
    s.play_json({"kind": "dix", "card": k(g, "7H")})
    assert s.phase == "declare" and ("marriage", ks(g, "KC", "QC")) in declarations(s)
    assert not any(m["kind"] == "dix" for m in legal_json(s))
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(g, "KC", "QC")})
    assert s.phase == "play" and s.breakdown[0] == {"brisques": 20, "dix": 10, "declarations": 20}


def test_the_last_card_drawn_is_the_turned_trump_and_goes_to_the_loser():
    """"Zodra de laatste kaart van de Stok getrokken is (altijd de gedraaide troef of troef 7)": the
    trick's loser draws second, so takes the turned trump, face up."""
    g = "bezique"
    s = arrange(g, [ks(g, "AS", "KC", "QC", "7S", "8S", "9S", "7D", "8D"),
                    ks(g, "TS", "8C", "7C", "9C", "JC", "9D", "JD", "8H")], turned=k(g, "AH"),
                stock=[k(g, "KH")], stock_size=1, fill_stock=True)
    assert s.stock_count() == 2
    play(s, k(g, "AS"), k(g, "TS"))
    events = s.play_json({"kind": "skip"})
    assert {"type": "draw", "seat": 1, "card": k(g, "AH"), "stock": 0} in events
    assert k(g, "KH") in s.observation(0)["hand"] and k(g, "AH") in s.observation(0)["known"][1]
    assert s.stage == 2 and any(e["type"] == "stage_two" for e in events)


# ---------------------------------------------------------------- stage two
def _stage_two(game, hand0, hand1, trump="H", leader=0):
    return arrange(game, [ks(game, *hand0), ks(game, *hand1)], turned=None, trump=trump, stage=2,
                   stock_size=0, leader=leader)


@pytest.mark.parametrize("game", GAMES)
def test_stage_two_must_follow_suit_and_beat(game):
    """"je moet namelijk wanneer je als tweede aan de slag gooit altijd een kaart in dezelfde bloem spelen
    als de kaart van de leider. Tevens moet je een hogere kaart spelen als je de hebt\""""
    s = _stage_two(game, ["KC", "8S", "7S"], ["AC", "9C", "7H"])
    play(s, k(game, "KC"))
    assert [m["card"] for m in legal_json(s)] == [k(game, "AC")]
    s = _stage_two(game, ["KC", "8S", "7S"], ["QC", "9C", "7H"])
    play(s, k(game, "KC"))
    assert sorted(m["card"] for m in legal_json(s)) == ks(game, "9C", "QC")  # cannot beat: any club


@pytest.mark.parametrize("game", GAMES)
def test_stage_two_must_trump_when_void(game):
    """"Kun je niet bedienen, dan ben je verplicht een troef te spelen.\""""
    s = _stage_two(game, ["KC", "8S", "7S"], ["7H", "9D", "AS"])
    play(s, k(game, "KC"))
    assert [m["card"] for m in legal_json(s)] == [k(game, "7H")]
    s = _stage_two(game, ["KC", "8S", "7S"], ["9D", "AS", "8D"])
    play(s, k(game, "KC"))
    assert sorted(m["card"] for m in legal_json(s)) == sorted(ks(game, "9D", "AS", "8D"))


def test_stage_two_identical_card_does_not_beat():
    """RULES-NOTES: "Of two identical cards in a trick, the first played wins": the twin is not higher."""
    g = "bezique"
    s = arrange(g, [[k(g, "KC", 1), k(g, "8S"), k(g, "7S")], [k(g, "KC", 2), k(g, "QC"), k(g, "7H")]], turned=None,
                trump="H",
                stage=2, stock_size=0)
    play(s, k(g, "KC", 1))
    assert sorted(m["card"] for m in legal_json(s)) == sorted([k(g, "KC", 2), k(g, "QC")])


@pytest.mark.parametrize("game", ["bezique", "binage", "fildinski", "rubicon"])
def test_no_declarations_in_stage_two(game):
    """"Zodra de laatste kaart van de Stok getrokken is ..., mag er niet meer geroemd worden." (Binage:
    RULES-NOTES, "no declarations in phase two".)"""
    s = _stage_two(game, ["AC", "KS", "QS"], ["9C", "KD", "QD"])
    play(s, k(game, "AC"), k(game, "9C"))
    assert s.phase == "play" and s.to_move == 0


def test_marjolet_declares_in_stage_two_too():
    """Marjolet: "Ook in dit deel van het spel mag je roemen, je hoeft niet je kaarten op tafel te laten
    liggen.\""""
    g = "marjolet"
    s = _stage_two(g, ["AC", "KS", "QS"], ["9C", "KD", "QD"])
    play(s, "AC", "9C")
    assert s.phase == "declare" and declarations(s) == [("marriage", ["KS", "QS"])]
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ["KS", "QS"]})
    assert s.observation(1)["shown"][0] == [] and sorted(s.observation(1)["known"][0]) == ["KS", "QS"]


@pytest.mark.parametrize("game", GAMES)
def test_stage_two_puts_the_declared_cards_back_into_the_hand(game):
    """"Neem alle openliggende kaarten weer op handen." (Fildinski: "draai alle gewonnen kaarten om".)"""
    n = HAND[game]
    s = arrange(game, [ks(game, "AS", "KC", "QC", "7S", "8S", "9S", "7D", "8D", "9D")[:n],
                       ks(game, "TS", "8C", "7C", "9C", "JC", "9H", "JD", "8H", "JH")[:n]],
                turned=None if game == "rubicon" else k(game, "TH"), trump="H", stock=ks(game, "KH", "KD"),
                stock_size=2 if game == "rubicon" else 1)
    if game == "fildinski":
        play(s, k(game, "KC"), k(game, "8C"))
    else:
        play(s, k(game, "AS"), k(game, "TS"))
    s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(game, "KC", "QC")}
                if game != "fildinski" else {"kind": "skip"})
    if s.phase == "declare":
        s.play_json({"kind": "skip"})
    assert s.stage == 2
    obs = s.observation(1)
    assert obs["shown"] == [[], []]
    if game == "fildinski":
        assert obs["won_face_up"] is False


@pytest.mark.parametrize("game,bonus", [("bezique", 10), ("binage", 10), ("fildinski", 10), ("rubicon", 50),
                                        ("marjolet", 10)])
def test_last_trick_bonus(game, bonus):
    """"De laatste slag is 10 punten waard." Rubicon: "De laatste slag is 50 punten waard.\""""
    s = _stage_two(game, ["9C", "8S"], ["8C", "7D"])
    play(s, k(game, "9C"), k(game, "8C"))
    if s.phase == "declare":
        s.play_json({"kind": "skip"})
    play(s, k(game, "8S"), k(game, "7D"))
    assert s.rounds[-1]["breakdown"][0].get("last_trick") == bonus
    assert s.rounds[-1]["complete"] is True


def test_marjolet_forty_more_for_all_six_last_tricks():
    """Marjolet: "De laatste slag is 10 punten waard, en nog eens 40 punten extra als je al de zes laatste
    slagen haalt.\""""
    g = "marjolet"
    for take_all in (True, False):
        s = _stage_two(g, ["AC", "AS"], ["8C", "7S" if take_all else "7D"], trump="D")
        play(s, "AC", "8C")
        s.play_json({"kind": "skip"})
        play(s, "AS", "7S" if take_all else "7D")
        assert s.rounds[-1]["breakdown"][0].get("all_last_tricks") == (40 if take_all else None)


def test_marjolet_ten_to_the_player_who_draws_the_last_card():
    """Marjolet: "De speler die de laatste kaart trekt (altijd de gedraaide troef óf de troef 7), krijgt 10
    punten. Deze speler verloor dus de laatste slag van het eerste deel!" Variant: "de winnaar van de laatste
    slag van het eerste deel 10 punten wint in plaats van de verliezer.\""""
    g = "marjolet"
    for option, seat in (("drawer", 1), ("trick_winner", 0)):
        s = arrange(g, [["AS", "7S", "8S", "9S", "7D", "8D"], ["TS", "8C", "7C", "9C", "JC", "9D"]], turned="KH",
                    stock=["QH"], stock_size=1, options={"last_draw": option})
        play(s, "AS", "TS")
        s.play_json({"kind": "skip"})
        assert s.breakdown[seat].get("last_draw") == 10 and "last_draw" not in s.breakdown[1 - seat]


def test_binage_gives_nothing_for_the_last_draw():
    """Binage: "De speler die de laatste kaart trekt (altijd de gedraaide troef óf de troef 7)." names no
    points (RULES-NOTES: none)."""
    g = "binage"
    s = arrange(g, [["AS", "7S", "8S", "9S", "7D", "8D", "9D", "JD"], ["TS", "8C", "7C", "9C", "JC", "QD", "8H", "9H"]],
                turned="KH", stock=["QH"], stock_size=1)
    play(s, "AS", "TS")
    s.play_json({"kind": "skip"})
    assert s.stage == 2 and "last_draw" not in s.breakdown[0] and "last_draw" not in s.breakdown[1]


# ---------------------------------------------------------------- game end
@pytest.mark.parametrize("game,default", [("bezique", 1000), ("marjolet", 500), ("binage", 500),
                                          ("fildinski", 500)])
def test_first_to_the_target_wins_at_once(game, default):
    """"De score wordt bijgehouden van hand tot hand, degene die het eerst de 500 bereikt, wint." (Bezique:
    RULES-NOTES "game to 1000 (options 500 and 1500)".)"""
    assert game_class(game).info.option("target").default == default
    s = arrange(game, [[k(game, "TC")] + low_hand(game, HAND[game] - 1, "D"),
                       [k(game, "AC")] + low_hand(game, HAND[game] - 1, "S")], turned=k(game, "9H"))
    data = s.to_json()
    data["totals"] = [0, default - 20]
    s = type(s).from_json(data)
    events = play(s, k(game, "TC"), k(game, "AC"))
    assert s.finished and s.result()["winners"] == [1]
    assert [e["type"] for e in events][-2:] == ["round_end", "game_end"]
    assert events[-2]["summary"]["complete"] is False


def test_a_game_won_by_a_trump_seven_in_the_last_trick_reports_the_deal_incomplete():
    """The game ends the moment a total reaches the target: a trump 7 played to the last trick
    ends it before the trick is won, so the deal summary says it was not complete."""
    cls = game_class("marjolet")
    deck = cls.info.deck
    rest = [c for c in deck.codes if c not in ("AC", "7H")]
    tricks = [rest[i:i + 2] for i in range(0, len(rest), 2)]
    winners = [i % 2 for i in range(len(tricks))]
    won = [[c for t, w in zip(tricks, winners) if w == seat for c in t] for seat in (0, 1)]
    state = cls.from_json({
        "format": 1, "game": "marjolet", "players": 2, "options": {}, "seed": 0, "round": 0, "dealer": 1,
        "to_move": 0, "leader": 0, "phase": "play", "stage": 2, "trump": "H", "turned": None, "stock": [],
        "hands": [["AC"], ["7H"]], "shown": [[], []], "known": [[], []], "won": won, "trick": [],
        "tricks": tricks, "trick_leaders": [0] + winners[:-1], "trick_winners": winners,
        "stage_two_from": len(tricks) - 5, "declarations": [], "turn_used": [], "turn_count": 0, "asking": [],
        "blanche": [0, 0], "scores": [0, 0], "breakdown": [{}, {}], "totals": [0, 490], "rounds": [], "winners": []})
    events = state.apply(next(m for m in state.legal_moves())) + state.apply(state.legal_moves()[0])
    end = next(e for e in events if e["type"] == "round_end")
    assert state.finished and state.result()["winners"] == [1]
    assert not any(e["type"] == "trick_end" for e in events)
    assert end["summary"]["complete"] is False
    # The finished game, its last trick still open, saves and loads (it was refused: "a trick
    # holds two cards").
    assert cls.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


def test_rubicon_is_a_number_of_deals_highest_total_wins():
    """RULES-NOTES: "A match is a number of deals (1, 3 or 5; default 3); highest total wins.\""""
    import random

    for deals in (1, 3):
        s = new_game("rubicon", 2, {"deals": deals}, seed=4)
        rng = random.Random(1)
        while not s.finished:
            s.apply(rng.choice(s.legal_moves()))
        res = s.result()
        assert len(res["rounds"]) == deals
        best = max(res["totals"])
        assert res["winners"] == [x for x in (0, 1) if res["totals"][x] == best]


# ---------------------------------------------------------------- the tables, entry by entry
def _declare_one(game, cards, trump="H", options=None):
    """Seat 0 holds ``cards`` (+ low spades and clubs), wins a trick with a spade (seat 1 holds no spade
    and no trump) and is offered declarations."""
    n = HAND[game]
    copies = 1 if game in SINGLE else 2
    lead = next(c for c in ks(game, "AS", "7S", "8S", "9S") if c not in cards)
    pool0 = [f"{r}{x}" + ("" if game in SINGLE else f"/{i}") for i in range(1, copies + 1) for x in "SC"
             for r in "789"]
    hand0 = list(cards) + [lead] + [c for c in pool0 if c not in cards and c != lead]
    hand0 = hand0[: max(n, len(cards) + 1)]
    pool1 = [f"{r}{x}" + ("" if game in SINGLE else f"/{i}") for i in range(1, copies + 1) for x in "DC"
             for r in "789TJQKA"]
    if trump != "H":
        pool1 += [f"{r}H" + ("" if game in SINGLE else f"/{i}") for i in range(1, copies + 1) for r in "789TJQKA"]
    hand1 = [c for c in pool1 if c not in hand0 and c[1] != trump][:n]
    turned = None if game == "rubicon" else next(
        f"{r}{trump}" + ("" if game in SINGLE else f"/{i}") for i in range(copies, 0, -1) for r in "98"
        if f"{r}{trump}" + ("" if game in SINGLE else f"/{i}") not in hand0 + hand1)
    used = set(hand0 + hand1 + [turned])
    spade = next(c for c in (f"{r}S" + ("" if game in SINGLE else f"/{i}") for i in range(1, copies + 1)
                              for r in "789TJQKA") if c not in used)
    other = next(c for c in pool1 if c not in used and c[1] != trump)
    s = arrange(game, [hand0, hand1], turned=turned, trump=trump, options=options, stock=[spade, other])
    play(s, lead, hand1[0])
    assert s.to_move == 0 and s.phase == "declare"
    return s


BEZIQUE_ENTRIES = [
    ("trump_sequence", ["AH", "TH", "KH", "QH", "JH"], 250),
    ("four_aces", ["AC", "AD", "AH", "AC/2"], 100),
    ("four_kings", ["KC", "KD", "KH", "KS"], 80),
    ("four_queens", ["QC", "QD", "QH", "QS"], 60),
    ("four_jacks", ["JC", "JD", "JH", "JS"], 40),
    ("trump_marriage", ["KH", "QH"], 40),
    ("marriage", ["KC", "QC"], 20),
    ("bezique", ["JD", "QS"], 40),
    ("double_bezique", ["JD", "QS", "JD/2", "QS/2"], 500),
]
MARJOLET_ENTRIES = [
    ("four_aces", ["AC", "AD", "AH", "AS"], 100),
    ("four_tens", ["TC", "TD", "TH", "TS"], 80),
    ("four_kings", ["KC", "KD", "KH", "KS"], 60),
    ("four_queens", ["QC", "QD", "QH", "QS"], 40),
    ("trump_marriage", ["KH", "QH"], 40),
    ("marriage", ["KC", "QC"], 20),
    ("trump_marjolet", ["JH", "QH"], 40),
    ("marjolet", ["JH", "QC"], 20),
]
BINAGE_ENTRIES = [
    ("trump_sequence", ["AH", "TH", "KH", "QH", "JH"], 250),
    ("sequence", ["AC", "TC", "KC", "QC", "JC"], 120),
    ("trump_marriage", ["KH", "QH"], 40),
    ("marriage", ["KC", "QC"], 20),
    ("binage", ["JD", "QS"], 40),
]
RUBICON_ENTRIES = [
    ("trump_sequence", ["AH", "TH", "KH", "QH", "JH"], 250),
    ("sequence", ["AC", "TC", "KC", "QC", "JC"], 150),
    ("four_aces", ["AC", "AD", "AH", "AC/2"], 100),
    ("four_tens", ["TC", "TD", "TH", "TS"], 90),
    ("four_kings", ["KC", "KD", "KH", "KS"], 80),
    ("four_queens", ["QC", "QD", "QH", "QS"], 60),
    ("four_jacks", ["JC", "JD", "JH", "JS"], 40),
    ("trump_marriage", ["KH", "QH"], 40),
    ("marriage", ["KC", "QC"], 20),
    ("bezique", ["JD", "QS"], 40),
    ("double_bezique", ["JD", "QS", "JD/2", "QS/2"], 500),
    ("triple_bezique", ["JD", "QS", "JD/2", "QS/2", "JD/3", "QS/3"], 1500),
    ("quadruple_bezique", ["JD", "QS", "JD/2", "QS/2", "JD/3", "QS/3", "JD/4", "QS/4"], 4500),
]


def _full(game, code):
    return code if game in SINGLE or "/" in code else code + "/1"


@pytest.mark.parametrize("game,entries", [("bezique", BEZIQUE_ENTRIES), ("marjolet", MARJOLET_ENTRIES),
                                          ("binage", BINAGE_ENTRIES), ("rubicon", RUBICON_ENTRIES)])
def test_declaration_table_entry_by_entry(game, entries):
    """The text's "Toegestane combinaties" of each game, every line offered with its points and scored."""
    table = {c.id: c.points for c in game_class(game).variant.table}
    assert {e[0] for e in entries} | ({"carte_blanche"} if game == "rubicon" else set()) == set(table)
    for combo, cards, points in entries:
        cards = [_full(game, c) for c in cards]
        assert table[combo] == points
        s = _declare_one(game, cards)
        assert (combo, sorted(cards)) in declarations(s), combo
        before = s.scores[0]
        events = s.play_json({"kind": "declare", "combination": combo, "cards": cards})
        assert s.scores[0] - before == points
        assert any(e["type"] == "declare" and e["points"] == points for e in events)


FILDINSKI_ENTRIES = [
    ("trump_sequence", ["AH", "TH", "KH", "QH", "JH"], 250),
    ("four_aces", ["AC", "AD", "AH", "AC/2"], 100),
    ("four_kings", ["KC", "KD", "KH", "KS"], 80),
    ("four_queens", ["QC", "QD", "QH", "QS"], 60),
    ("four_jacks", ["JC", "JD", "JH", "JS"], 40),
    ("trump_marriage", ["KH", "QH"], 40),
    ("marriage", ["KC", "QC"], 20),
    ("fildinski", ["JD", "QS"], 40),
    ("double_fildinski", ["JD", "QS", "JD/2", "QS/2"], 500),
]


def test_fildinski_table_entry_by_entry():
    """Fildinski's "Toegestane combinaties", each made from won cards including one of the trick just won."""
    g = "fildinski"
    table = {c.id: c.points for c in game_class(g).variant.table}
    assert {e[0] for e in FILDINSKI_ENTRIES} == set(table)
    for combo, cards, points in FILDINSKI_ENTRIES:
        cards = [_full(g, c) for c in cards]
        assert table[combo] == points
        last, earlier = cards[0], cards[1:]
        low = [f"{r}{x}/{i}" for i in (1, 2) for x in "SCD" for r in "789"]
        follow = next(c for c in low if c[1] not in (last[1], "H") and c not in cards)
        hand0 = [last] + [c for c in low if c not in cards and c != follow][:7]
        hand1 = [follow] + [c for c in low if c not in cards and c not in hand0 and c != follow][:7]
        pad = [] if len(earlier) % 2 == 0 else [k(g, "8H", 2)]
        s = arrange(g, [hand0, hand1], turned=k(g, "9H"), trump="H")
        data = s.to_json()
        data["won"][0] = earlier + pad
        pairs = [data["won"][0][i:i + 2] for i in range(0, len(data["won"][0]), 2)]
        data["tricks"] += pairs
        data["trick_leaders"] += [0] * len(pairs)
        data["trick_winners"] += [0] * len(pairs)
        data["stock"] = [c for c in data["stock"] if c not in data["won"][0]]
        s = type(s).from_json(data)
        play(s, last, follow)
        assert s.to_move == 0 and s.phase == "declare", combo
        assert (combo, sorted(cards)) in declarations(s), combo
        before = s.scores[0]
        s.play_json({"kind": "declare", "combination": combo, "cards": cards})
        assert s.scores[0] - before == points


def test_combinations_not_in_a_table_are_not_offered():
    """Marjolet lists no four jacks; Binage "kent geen roem voor carré"; Bezique: "Tienen kunnen nooit in een
    carré geroemd worden, Boeren juist weer wel".\""""
    s = _declare_one("marjolet", ["JC", "JD", "JH"])
    assert not any(c == "four_jacks" for c, _ in declarations(s))
    s = _declare_one("binage", ["KC", "KD", "KH", "KS"])
    assert not any(c.startswith("four") for c, _ in declarations(s))
    s = _declare_one("bezique", ks("bezique", "TC", "TD", "TH", "TS"))
    assert not any(c == "four_tens" for c, _ in declarations(s))
    assert "four_tens" not in {c.id for c in game_class("bezique").variant.table}


def test_the_bezique_is_the_jack_of_diamonds_with_the_queen_of_spades():
    """RULES-NOTES: "Symbols lost from the text: bezique, binage and fildinski are the J♦ with the Q♠.\""""
    s = _declare_one("bezique", ks("bezique", "JD", "QS", "JC", "QH"))
    pairs = [c for c, cards in declarations(s) if c == "bezique"]
    assert [cards for c, cards in declarations(s) if c == "bezique"] == [ks("bezique", "JD", "QS")]
    assert len(pairs) == 1


@pytest.mark.parametrize("game", ["bezique", "fildinski"])
def test_variant_bezique_with_jack_of_clubs_and_queen_of_hearts_when_diamonds_or_spades_are_trumps(game):
    """"Sommigen spelen dat wanneer ruiten of schoppen troef is, de Bezique combinatie gevormd wordt door
    [Klaver] Boer & [Harten] Vrouw." (option bezique_pair = clubs_hearts)"""
    if game == "fildinski":
        g = game
        s = arrange(g, [ks(g, "JC", "AS", "7S", "8S", "9S", "7D", "8D", "9D"),
                        ks(g, "QH", "TS", "8H", "7H", "9C", "8C", "7C", "9H")], turned=k(g, "TD"),
                    options={"bezique_pair": "clubs_hearts"})
        play(s, k(g, "JC"), k(g, "QH"))
        assert declarations(s) == [("fildinski", ks(g, "JC", "QH"))]
        return
    for trump, pair in (("D", ["JC", "QH"]), ("S", ["JC", "QH"]), ("H", ["JD", "QS"]), ("C", ["JD", "QS"])):
        s = _declare_one(game, ks(game, "JD", "QS", "JC", "QH"), trump=trump, options={"bezique_pair": "clubs_hearts"})
        assert [cards for c, cards in declarations(s) if c == "bezique"] == [sorted(ks(game, *pair))], trump


def test_marjolet_variant_marriage_of_jack_and_queen():
    """Marjolet: "Sommigen spelen dat de Marias plaats vindt tussen Boer & Vrouw van dezelfde niet-Troef bloem
    in plaats van de Heer-Vrouw combinatie." (option marriage = jack_queen)"""
    s = _declare_one("marjolet", ["KC", "QC", "JC"], options={"marriage": "jack_queen"})
    decl = declarations(s)
    assert ("marriage", ["JC", "QC"]) in decl and ("marriage", ["KC", "QC"]) not in decl


# ---------------------------------------------------------------- re-use of declared cards
def _after(game, first, cards_first, hand, options=None):
    """Seat 0 declares ``first`` and then wins the next trick; returns the state in its declare phase."""
    s = _declare_one(game, hand, options=options)
    cards_first = [_full(game, c) for c in cards_first]
    s.play_json({"kind": "declare", "combination": first, "cards": cards_first})
    if s.phase == "declare":
        s.play_json({"kind": "skip"})
    # seat 0 leads again and wins the next trick with a spade
    lead = next(c for c in sorted(s.observation(0)["hand"]) if c[1] == "S" and c not in cards_first)
    play(s, lead)
    follow = next(c for c in s.observation(1)["legal"] if c["card"][1] not in "HS")["card"]
    play(s, follow)
    assert s.to_move == 0 and s.phase == "declare"
    return s


def test_bezique_reuse_only_in_a_combination_worth_as_much_or_more():
    """Bezique: "Reeds geroemde kaarten mogen slechts opnieuw gebruikt voor roem als het een roem betreft die
    gelijk of méér punten waard is dan de vorige roem waar de kaart onderdeel van uit maakte.\""""
    g = "bezique"
    hand = ks(g, "KC", "QC", "KD", "KH", "KS")
    s = _after(g, "marriage", ["KC", "QC"], hand)
    assert ("four_kings", ks(g, "KC", "KD", "KH", "KS")) in declarations(s)  # 80 >= 20
    s = _after(g, "four_kings", ["KC", "KD", "KH", "KS"], hand)
    assert ("marriage", ks(g, "KC", "QC")) not in declarations(s)  # 20 < 80
    s = _after(g, "bezique", ["JD", "QS"], ks(g, "JD", "QS", "QC", "QD", "QH"))
    assert ("four_queens", ks(g, "QC", "QD", "QH", "QS")) in declarations(s)  # 60 >= 40
    s = _after(g, "four_queens", ["QC", "QD", "QH", "QS"], ks(g, "JD", "QS", "QC", "QD", "QH"))
    assert ("bezique", ks(g, "JD", "QS")) not in declarations(s)  # 40 < 60


@pytest.mark.parametrize("game", ["bezique", "marjolet", "binage", "rubicon"])
def test_the_same_combination_only_once(game):
    """"Eenzelfde combinatie mag maar één keer geroemd worden." RULES-NOTES: the same physical cards cannot be
    declared twice in the same kind of combination."""
    s = _after(game, "marriage", ["KC", "QC"], ks(game, "KC", "QC"))
    assert not any(c == "marriage" for c, _ in declarations(s))


@pytest.mark.parametrize("game", ["marjolet", "binage"])
def test_marjolet_and_binage_reuse_in_another_kind_whatever_its_points(game):
    """RULES-NOTES: "in Marjolet and Binage only in a different kind of combination".\""""
    if game == "marjolet":
        s = _after(game, "four_queens", ["QC", "QD", "QH", "QS"], ["QC", "QD", "QH", "QS", "KC"])
        assert ("marriage", ["KC", "QC"]) in declarations(s)  # 20 after 40: another kind
    else:
        s = _after(game, "trump_sequence", ["AH", "TH", "KH", "QH", "JH"], ["AH", "TH", "KH", "QH", "JH"])
        assert ("trump_marriage", ["KH", "QH"]) in declarations(s)  # 40 after 250: another kind


def test_rubicon_a_combination_completed_again_after_playing_one_of_its_cards_scores_again():
    """Rubicon: "Na het spelen van een reeds geroemde kaart mag je dezelfde roem weer aanvullen en opnieuw
    scoren in een volgende beurt.\""""
    g = "rubicon"
    # Declare four aces with A♠/1, then play A♠/1 and complete them again with A♠/2.
    s = arrange(g, [ks(g, "AC", "AD", "AH", "AS", "7S", "8S", "9S", "7C", "8C"),
                    ks(g, "TS", "9H", "8H", "9D", "8D", "7D", "JC", "9C", "JH")], turned=None, trump="H",
                stock=[k(g, "AS", 2), k(g, "7D", 2), k(g, "8D", 2), k(g, "9D", 2)])
    play(s, k(g, "7S"), k(g, "9D"))
    assert s.to_move == 0
    s.play_json({"kind": "declare", "combination": "four_aces", "cards": ks(g, "AC", "AD", "AH", "AS")})
    s.play_json({"kind": "skip"})
    assert k(g, "AS", 2) in s.observation(0)["hand"]
    play(s, k(g, "AS"), k(g, "8D"))
    assert ("four_aces", sorted(ks(g, "AC", "AD", "AH") + [k(g, "AS", 2)])) in declarations(s)
    s.play_json({"kind": "declare", "combination": "four_aces", "cards": ks(g, "AC", "AD", "AH") + [k(g, "AS", 2)]})
    assert s.breakdown[0]["declarations"] == 200


def test_bezique_no_refill_after_playing_a_declared_card():
    """Bezique has no such rule ("Grootste verschillen met Bezique ... Na het spelen van een reeds geroemde
    kaart mag je dezelfde roem weer aanvullen" is Rubicon's): the remaining kings stay used."""
    g = "bezique"
    s = arrange(g, [ks(g, "KC", "KD", "KH", "KS", "7S", "8S", "9S", "7C"),
                    ks(g, "TS", "9H", "8H", "9D", "8D", "7D", "JC", "9C")], turned=k(g, "9H", 2),
                stock=[k(g, "KS", 2), k(g, "7D", 2), k(g, "8D", 2), k(g, "9D", 2)])
    play(s, k(g, "7S"), k(g, "9D"))
    s.play_json({"kind": "declare", "combination": "four_kings", "cards": ks(g, "KC", "KD", "KH", "KS")})
    play(s, k(g, "KS"), k(g, "8D"))
    assert s.to_move == 0 and s.phase == "declare"
    assert not any(c == "four_kings" for c, _ in declarations(s))


# ---------------------------------------------------------------- Rubicon specifics
def test_rubicon_the_first_marriage_names_trumps():
    """Rubicon: "Het spel begint zonder troef, de eerste Marias die geroemd wordt bepaald de troefbloem voor de
    rest van de hand." RULES-NOTES: before that, no trump marriage, trump sequence or Dix."""
    g = "rubicon"
    s = arrange(g, [ks(g, "KC", "QC", "AS", "KH", "QH", "7S", "8S", "9S", "7D"),
                    ks(g, "TS", "9H", "8H", "9D", "8D", "JD", "JC", "9C", "JH")], turned=None)
    assert s.trump is None
    play(s, k(g, "AS"), k(g, "TS"))
    decl = declarations(s)
    assert ("marriage", ks(g, "KC", "QC")) in decl and ("marriage", ks(g, "KH", "QH")) in decl
    assert not any(c.startswith("trump") for c, _ in decl)
    events = s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(g, "KH", "QH")})
    assert s.observation(1)["trump"] == "H" and s.scores[0] == 20
    assert any(e.get("trump") == "H" for e in events)
    decl = declarations(s)
    assert ("trump_marriage", ks(g, "KH", "QH")) not in decl  # the same cards, the same kind
    assert ("marriage", ks(g, "KC", "QC")) in decl


def test_rubicon_carte_blanche_before_the_first_lead():
    """Rubicon: "Carte Blanche; 50 punten". RULES-NOTES: a hand with no K, Q or J may be shown for 50
    before the first lead."""
    g = "rubicon"
    s = arrange(g, [ks(g, "AC", "TC", "9C", "8C", "7C", "AS", "TS", "9S", "8S"),
                    ks(g, "KS", "9H", "8H", "9D", "8D", "JD", "JC", "JH") + ["9C/2"]], turned=None)
    data = s.to_json()
    data["asking"] = [0]
    data["phase"] = "carte_blanche"
    s = type(s).from_json(data)
    legal = legal_json(s)
    assert {"kind": "skip"} in legal and any(m.get("combination") == "carte_blanche" for m in legal)
    s.play_json(next(m for m in legal if m["kind"] == "declare"))
    assert s.scores[0] == 50 and s.phase == "play" and s.to_move == 0
    assert len(s.observation(1)["known"][0]) == 9
    # a dealt hand with a court card is never asked
    for seed in range(5):
        st = new_game(g, 2, seed=seed)
        for seat in st.asking:
            assert not st.hands[seat] & st.m.courts


def test_rubicon_variant_bezique_of_trump_queen_and_partner_jack():
    """Rubicon variant: "De combinatie Bezique kan anders worden gevormd, namelijk door de Vrouw van troef en
    de bijbehorende Boer in de juiste kleur (Ruiten en Schoppen vormen een paar, en Klavers en Harten). Is er
    nog geen troef bepaald, bepaald de bloem van de Vrouw in de Bezique de troefbloem voor de rest van de
    hand.\""""
    g = "rubicon"
    opts = {"bezique_pair": "trump_queen"}
    s = arrange(g, [ks(g, "QH", "JC", "AS", "QS", "JD", "7S", "8S", "9S", "7D"),
                    ks(g, "TS", "9H", "8H", "9D", "8D", "JS", "7C", "9C", "JH")], turned=None, options=opts)
    play(s, k(g, "AS"), k(g, "TS"))
    bez = [cards for c, cards in declarations(s) if c == "bezique"]
    assert sorted(bez) == sorted([ks(g, "JC", "QH"), ks(g, "JD", "QS")])
    s.play_json({"kind": "declare", "combination": "bezique", "cards": ks(g, "QH", "JC")})
    assert s.observation(0)["trump"] == "H"
    assert [cards for c, cards in declarations(s) if c == "bezique"] == []  # Q♠ J♦ no longer the pair
    s = arrange(g, [ks(g, "QH", "JC", "AS", "QS", "JD", "7S", "8S", "9S", "7D"),
                    ks(g, "TS", "9H", "8H", "9D", "8D", "JS", "7C", "9C", "JH")], turned=None, trump="D",
                options=opts)
    play(s, k(g, "AS"), k(g, "TS"))
    assert [cards for c, cards in declarations(s) if c == "bezique"] == []  # trump ♦: Q♦ with J♠
    s = arrange(g, [ks(g, "QD", "JS", "AS", "QS", "JD", "7S", "8S", "9S", "7D"),
                    ks(g, "TS", "9H", "8H", "9D", "8D", "JH", "7C", "9C", "JC")], turned=None, trump="D",
                options=opts)
    play(s, k(g, "AS"), k(g, "TS"))
    assert [cards for c, cards in declarations(s) if c == "bezique"] == [ks(g, "JS", "QD")]


def test_rubicon_nine_tricks_in_stage_two():
    """RULES-NOTES: "Rubicon: hands of 9, so the last 9 tricks are played under phase-two rules".\""""
    import random

    s = new_game("rubicon", 2, {"deals": 1}, seed=8)
    rng = random.Random(3)
    while s.stage == 1:
        s.apply(rng.choice(s.legal_moves()))
    assert [h.bit_count() for h in s.hands] == [9, 9] and s.stock_count() == 0


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("game", GAMES)
def test_illegal_moves_are_refused_with_a_clear_message_and_change_nothing(game):
    s = new_game(game, 2, seed=1)
    before = s.to_json()
    other = s.info.deck.codes_of(s.hands[1 - s.to_move])[0]
    for bad, words in [({"kind": "play", "card": other}, "illegal"), ({"kind": "play", "card": "ZZ"}, "unknown card"),
                       ({"kind": "declare", "combination": "marriage", "cards": []}, "illegal"),
                       ({"kind": "dix", "card": s.info.deck.codes[0]}, "illegal"), ({"kind": "draw"}, "kind"),
                       ({"kind": "play"}, "missing"), ("AS", "JSON object")]:
        with pytest.raises(RulesError, match=words):
            s.play_json(bad)
        assert s.to_json() == before
    with pytest.raises(RulesError, match="illegal"):
        s.apply(("skip",))
    assert s.to_json() == before


def test_a_declaration_not_held_is_refused():
    g = "bezique"
    s = _declare_one(g, ks(g, "KC", "QC"))
    before = s.to_json()
    with pytest.raises(RulesError, match="illegal"):
        s.play_json({"kind": "declare", "combination": "marriage", "cards": ks(g, "KD", "QD")})
    with pytest.raises(RulesError, match="illegal"):
        s.play_json({"kind": "declare", "combination": "trump_marriage", "cards": ks(g, "KC", "QC")})
    assert s.to_json() == before
