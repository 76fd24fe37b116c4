"""One test per rule of the Orlan text (docs/rules/orlan.txt) and RULES-NOTES.md."""
import pytest

from game.cards import FRENCH52
from game.rules import RulesError, new_game
from game.rules.orlan import OrlanState, value
from tests.orlan_helpers import moves_json, play, position, side_lines

D = FRENCH52


def codes(state_part):
    return sorted(D.codes_of(state_part))


# ---------------------------------------------------------------- 1. cards and players
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players):
    s = new_game("orlan", players, seed=1)
    assert len(s.hands) == players


@pytest.mark.parametrize("players", [1, 5])
def test_other_player_counts_are_refused(players):
    with pytest.raises(RulesError):
        new_game("orlan", players)


def test_teams_only_with_four_players():
    with pytest.raises(RulesError):
        new_game("orlan", 3, {"teams": True})
    s = new_game("orlan", 4, {"teams": True})
    assert s.side_of(0) == s.side_of(2) != s.side_of(1) == s.side_of(3)


# ---------------------------------------------------------------- 2. setup
def test_setup_deals_four_each_and_four_face_up():
    for players in (2, 3, 4):
        s = new_game("orlan", players, seed=11)
        assert [h.bit_count() for h in s.hands] == [4] * players
        assert s.table.bit_count() == 4
        assert len(s.stock) == 52 - 4 * players - 4


def test_deck_order_deals_from_the_top_starting_after_the_dealer():
    order = [c for c in D.codes if c[0] != "J"] + ["JC", "JD", "JH", "JS"]  # no jack on the table
    s = new_game("orlan", 2, {"starter": 0}, deck_order=order)
    # starter 0 => dealer is seat 1, seat 0 receives the first four cards
    assert codes(s.hands[0]) == sorted(order[0:4])
    assert codes(s.hands[1]) == sorted(order[4:8])
    assert codes(s.table) == sorted(order[8:12])
    assert s.to_json()["stock"] == order[12:]


def test_starting_table_jacks_are_replaced_until_none():
    # Put all four jacks where the table is dealt (2 players: positions 8-11).
    rest = [c for c in D.codes if c[0] != "J"]
    order = rest[:8] + ["JC", "JD", "JH", "JS"] + rest[8:]
    for seed in range(20):
        s = new_game("orlan", 2, seed=seed, deck_order=order)
        assert s.table.bit_count() == 4
        assert not any(c.startswith("J") for c in D.codes_of(s.table))
        stock = s.to_json()["stock"]
        assert {"JC", "JD", "JH", "JS"} <= set(stock)  # shuffled back into the deck
        assert len(stock) == 40


def test_starting_table_queen_or_king_stays():
    rest = [c for c in D.codes if c not in ("QC", "KD")]
    order = rest[:8] + ["QC", "KD"] + rest[8:]
    s = new_game("orlan", 2, deck_order=order)
    assert {"QC", "KD"} <= set(D.codes_of(s.table))


def test_deck_order_must_be_a_permutation():
    with pytest.raises(RulesError):
        new_game("orlan", 2, deck_order=list(D.codes)[:51])
    with pytest.raises(RulesError):
        new_game("orlan", 2, deck_order=list(D.codes)[:51] + ["AC"])


# ---------------------------------------------------------------- 3. card values
def test_card_values():
    assert value(D.card("AH")) == 1
    assert [value(D.card(r + "S")) for r in "23456789T"] == list(range(2, 11))
    assert value(D.card("JS")) == value(D.card("QS")) == value(D.card("KS")) == 0


def test_ten_takes_an_ace_and_ace_takes_ten():
    s = position([["TC", "AD"], ["2H", "3H"]], ["AS", "TH"])
    assert ("TC", ("AS",)) in moves_json(s)
    assert ("AD", ("TH",)) in moves_json(s)


def test_faces_never_count_in_a_sum():
    # 6 + 5 = 11, the queen on the table is not part of any sum
    s = position([["6C"], ["2H"]], ["5D", "QH"])
    assert moves_json(s) == [("6C", ("5D",))]


# ---------------------------------------------------------------- 4. playing a turn
def test_a_card_that_can_capture_must_capture():
    s = position([["6C", "2D"], ["2H"]], ["5D", "KH"])
    assert ("6C", ()) not in moves_json(s)
    with pytest.raises(RulesError):
        play(s, "6C")


def test_free_to_play_a_card_that_captures_nothing():
    s = position([["6C", "2D"], ["2H"]], ["5D", "KH"])
    assert ("2D", ()) in moves_json(s)
    play(s, "2D")
    assert "2D" in D.codes_of(s.table)
    assert s.piles[0] == 0


def test_capture_by_eleven_with_several_cards_takes_one_subset_only():
    s = position([["3C"], ["2H"]], ["8D", "4H", "4S", "KH"])
    assert moves_json(s) == [("3C", ("4H", "4S")), ("3C", ("8D",))]
    play(s, "3C", ["8D"])
    assert codes(s.table) == ["4H", "4S", "KH"]
    assert codes(s.piles[0]) == ["3C", "8D"]  # the played card joins the pile


def test_identical_values_are_distinct_captures():
    s = position([["6S"], ["2H"]], ["5C", "5H"])
    assert moves_json(s) == [("6S", ("5C",)), ("6S", ("5H",))]


def test_capture_must_sum_exactly_to_eleven():
    s = position([["5S"], ["2H"]], ["5C", "7H"])
    assert moves_json(s) == [("5S", ())]


def test_jack_sweeps_number_cards_and_jacks_not_queens_or_kings():
    s = position([["JS"], ["2H"]], ["5C", "TH", "JD", "QH", "KC"])
    assert moves_json(s) == [("JS", ("5C", "JD", "TH"))]
    events = play(s, "JS", ["5C", "TH", "JD"])
    assert codes(s.table) == ["KC", "QH"]
    assert codes(s.piles[0]) == ["5C", "JD", "JS", "TH"]
    assert events[0].get("sweep") is True


def test_bi_qahwa_jack_stays_when_nothing_to_sweep_then_is_swept():
    s = position([["JS", "3C"], ["JH", "4D"]], ["QH", "KC"])
    assert moves_json(s) == [("3C", ()), ("JS", ())]
    events = play(s, "JS")
    assert events[0].get("bi_qahwa") is True
    assert "JS" in D.codes_of(s.table)
    assert ("JH", ("JS",)) in moves_json(s)  # a jack on the table is swept by the next jack
    before = s.piles[1]
    play(s, "JH", ["JS"])
    assert codes(s.piles[1] & ~before) == ["JH", "JS"]


def test_queen_takes_one_queen_only_and_not_a_king():
    s = position([["QS"], ["2H"]], ["QC", "QD", "KH", "5C"])
    assert moves_json(s) == [("QS", ("QC",)), ("QS", ("QD",))]
    play(s, "QS", ["QD"])
    assert codes(s.table) == ["5C", "KH", "QC"]


def test_king_takes_one_king_only():
    s = position([["KS"], ["2H"]], ["KC", "KD", "QH"])
    assert moves_json(s) == [("KS", ("KC",)), ("KS", ("KD",))]


def test_queen_without_a_queen_on_table_is_laid():
    s = position([["QS"], ["2H"]], ["KC", "5D"])
    assert moves_json(s) == [("QS", ())]


def test_play_goes_clockwise():
    s = position([["2C"], ["3C"], ["4C"]], ["KH"], to_move=1, stock=[])
    assert s.current_player() == 1
    play(s, "3C")
    assert s.current_player() == 2
    play(s, "4C")
    assert s.current_player() == 0


# ---------------------------------------------------------------- 6. end of round and game
def test_redeal_four_each_nothing_to_table_until_stock_is_empty():
    for players, deals in ((2, 6), (3, 4), (4, 3)):
        s = new_game("orlan", players, seed=5)
        seen_deals = 1
        start_round = s.round_no
        while s.round_no == start_round:
            table_before = s.table.bit_count()
            mover = s.current_player()
            move = s.legal_moves()[0]
            events = s.apply(move)
            kinds = [e["type"] for e in events]
            if "deal" in kinds:
                seen_deals += 1
                assert [h.bit_count() for h in s.hands] == [4] * players
                # nothing added to the table by the deal itself
                delta = s.table.bit_count() - table_before
                assert delta == (1 if move[1] == 0 else -move[1].bit_count())
            if "round_end" in kinds:
                break
            assert mover is not None
        assert seen_deals == deals


def test_leftovers_go_to_the_last_capturer():
    # Last trick of the round: seat 0 plays a card that captures nothing, seat 1 last.
    s = position([["2D"], ["3D"]], ["KH", "QS"], stock=[], last_capturer=1, rest_to=0)
    play(s, "2D")
    events = play(s, "3D")
    summary = next(e for e in events if e["type"] == "round_end")["summary"]
    assert summary["leftover_to"] == 1
    assert sorted(summary["leftover"]) == ["2D", "3D", "KH", "QS"]


def test_leftovers_stay_uncounted_when_nobody_captured():
    s = position([["2D"], ["3D"]], ["KH", "QS"], stock=[], last_capturer=None, rest_to=0)
    # rest_to put the other cards in seat 0's pile, which is not a capture this round
    play(s, "2D")
    events = play(s, "3D")
    summary = next(e for e in events if e["type"] == "round_end")["summary"]
    assert summary["leftover_to"] is None
    assert summary["cards"][1] == 0


def _scores(piles, players=2, teams=False):
    # One card in each hand so that the position is one play can go on from; only the piles,
    # set below, are scored.
    s = position([[c] for c in ("QS", "QH", "QD", "JS")[:players]], [], options={"teams": teams}, stock=[])
    s.piles = [D.mask_of(p) for p in piles]
    return side_lines(s.round_scores())


def test_scoring_table():
    sides = _scores([["2C", "TD", "3C", "4C"], ["5H", "6H", "7C"]])
    assert sides[0]["breakdown"] == {"most_cards": 2, "most_clubs": 1, "two_clubs": 1, "ten_diamonds": 1}
    assert sides[0]["points"] == 5
    assert sides[1]["points"] == 0


def test_ties_for_most_cards_or_clubs_score_nothing():
    sides = _scores([["2C", "5H"], ["3C", "TD"]])
    assert [s["breakdown"]["most_cards"] for s in sides] == [0, 0]
    assert [s["breakdown"]["most_clubs"] for s in sides] == [0, 0]
    assert [s["points"] for s in sides] == [1, 1]


def test_most_clubs_is_separate_from_most_cards():
    sides = _scores([["5H", "6H", "7H"], ["3C", "TD"]])
    assert sides[0]["breakdown"]["most_cards"] == 2
    assert sides[1]["breakdown"]["most_clubs"] == 1
    assert sides[1]["points"] == 2


def test_three_player_tie_between_two_scores_nothing():
    sides = _scores([["5H", "6H"], ["5D", "6D"], ["7S"]], players=3)
    assert [s["breakdown"]["most_cards"] for s in sides] == [0, 0, 0]


def test_team_piles_are_merged_at_scoring():
    # Seats 0 and 2 have 2 cards each (team 4); seat 1 has 3 and seat 3 none (team 3).
    sides = _scores([["5H", "6H"], ["5D", "6D", "7D"], ["5S", "6S"], []], players=4, teams=True)
    assert len(sides) == 2
    assert sides[0]["seats"] == [0, 2] and sides[0]["cards"] == 4
    assert sides[0]["breakdown"]["most_cards"] == 2


def test_round_points_are_added_to_totals_and_game_ends_at_target():
    s = position([["2D"], ["3D"]], ["KH"], stock=[], last_capturer=0, rest_to=0, totals=[20, 3])
    play(s, "2D")
    events = play(s, "3D")
    types = [e["type"] for e in events]
    assert "game_end" in types
    assert s.current_player() is None
    assert s.result()["winners"] == [0]
    assert s.seat_totals()[0] >= 21


def test_quick_game_ends_at_eleven():
    s = position([["2D"], ["3D"]], ["KH"], stock=[], last_capturer=0, rest_to=0, totals=[9, 0], options={"target": 11})
    play(s, "2D")
    play(s, "3D")
    assert s.finished and s.result()["winners"] == [0]


def test_below_target_a_new_round_starts_with_the_next_dealer():
    s = position([["2D"], ["3D"]], ["KH"], stock=[], last_capturer=0, rest_to=0, dealer=1, to_move=0)
    play(s, "2D")
    events = play(s, "3D")
    assert [e["type"] for e in events][-1] == "round_start"
    assert s.dealer == 0
    assert s.current_player() == 1  # the player after the dealer opens
    assert s.round_no == 1
    assert [h.bit_count() for h in s.hands] == [4, 4]


def test_both_reach_target_highest_wins():
    # seat 0 takes all but the 10 of diamonds (4 points): 18 -> 22 beats seat 1's 20 -> 21.
    s = position([["2D"], ["3D"]], ["KH"], piles=[[], ["TD"]], stock=[], last_capturer=0, rest_to=0, totals=[18, 20])
    play(s, "2D")
    play(s, "3D")
    assert s.finished and s.result()["winners"] == [0]


def test_exact_tie_at_the_top_plays_one_more_round():
    s = position([["2D"], ["3D"]], ["KH"], piles=[[], ["TD"]], stock=[], last_capturer=0, rest_to=0, totals=[17, 20])
    play(s, "2D")
    play(s, "3D")
    assert s.seat_totals() == [21, 21]
    assert not s.finished
    assert s.round_no == 1


def test_teams_win_together():
    hands = [["2D"], ["3D"], ["4D"], ["QD"]]
    s = position(hands, ["KH"], stock=[], last_capturer=2, rest_to=2, totals=[19, 0], options={"teams": True})
    for c in ("2D", "3D", "4D", "QD"):
        play(s, c)
    assert s.finished
    assert s.result()["winners"] == [0, 2]
    assert s.seat_totals()[0] == s.seat_totals()[2] >= 21


@pytest.mark.parametrize("starter", [0, 1, 2])
def test_starter_option_opens_first_round_then_deal_rotates(starter):
    s = new_game("orlan", 3, {"starter": starter}, seed=2)
    assert s.current_player() == starter
    assert s.dealer == (starter - 1) % 3
    first_dealer = s.dealer
    while s.round_no == 0:
        s.apply(s.legal_moves()[0])
    assert s.dealer == (first_dealer + 1) % 3
    assert s.current_player() == (s.dealer + 1) % 3


def test_starter_must_be_a_seat():
    with pytest.raises(RulesError):
        new_game("orlan", 2, {"starter": 3})


def test_new_round_reshuffles_all_cards():
    s = new_game("orlan", 2, seed=9)
    first = s.to_json()
    while s.round_no == 0:
        s.apply(s.legal_moves()[0])
    again = s.to_json()
    total = sum(len(h) for h in again["hands"]) + len(again["table"]) + len(again["stock"])
    assert total == 52 and all(p == [] for p in again["piles"])
    assert again["hands"] != first["hands"]


def test_same_seed_same_game():
    a = new_game("orlan", 3, seed=42)
    b = new_game("orlan", 3, seed=42)
    assert a.to_json() == b.to_json()
    assert new_game("orlan", 3, seed=43).to_json() != a.to_json()


def test_unknown_option_and_bad_value_are_clear_errors():
    with pytest.raises(RulesError, match="unknown option"):
        new_game("orlan", 2, {"colour": "red"})
    with pytest.raises(RulesError, match="target"):
        new_game("orlan", 2, {"target": 15})
    with pytest.raises(RulesError, match="target"):
        new_game("orlan", 2, {"target": True})
    # 21.0 == 21 in Python; a float must not slip through as a choice (the starter is an index).
    with pytest.raises(RulesError, match="target"):
        new_game("orlan", 2, {"target": 21.0})
    with pytest.raises(RulesError, match="starter"):
        new_game("orlan", 2, {"starter": 1.0})


def _loaded(players, change, options=None):
    data = new_game("orlan", players, options or {}, seed=4).to_json()
    change(data)
    return OrlanState.from_json(data)


def test_a_state_the_rules_could_not_reach_is_refused_at_load():
    # Teams are for four players only (the text: "possible with 4 players, two against two").
    def three_in_teams(d):
        d["options"]["teams"] = True
        d["side_totals"] = [0, 0]
    with pytest.raises(RulesError, match="4 players only"):
        _loaded(3, three_in_teams)
    # The stock is dealt four cards to each player until it runs out: 37 cards cannot be.
    def short_stock(d):
        d["piles"][1] = d["stock"][-3:]
        d["stock"] = d["stock"][:-3]
    with pytest.raises(RulesError, match="cannot be dealt"):
        _loaded(2, short_stock)
    # A side alone at or past the target ended the game at the round's end: no seat is to move.
    def over(d):
        d["side_totals"] = [25, 3]
    with pytest.raises(RulesError, match="already over"):
        _loaded(2, over)
    # Tied at the top past the target: another round is played, so that state is fine.
    tied = _loaded(2, lambda d: d.__setitem__("side_totals", [21, 21]))
    assert tied.legal_moves()


def test_corrupt_state_is_refused_clearly():
    s = new_game("orlan", 2, seed=1).to_json()
    s["hands"][0].append(s["table"][0])  # a card in two places
    with pytest.raises(RulesError, match="twice"):
        OrlanState.from_json(s)
    t = new_game("orlan", 2, seed=1).to_json()
    t["stock"].pop()
    with pytest.raises(RulesError, match="accounted"):
        OrlanState.from_json(t)
    with pytest.raises(RulesError):
        OrlanState.from_json({"game": "orlan"})
    newer = new_game("orlan", 2, seed=1).to_json()
    newer["format"] = 99
    with pytest.raises(RulesError, match="format 99"):
        OrlanState.from_json(newer)


# ---------------------------------------------------------------- the plays of the deal
def test_the_plays_of_the_current_deal_are_public_and_start_afresh_at_each_deal():
    s = new_game("orlan", 2, seed=5)
    start_round = s.round_no
    expected = []
    while s.round_no == start_round:
        mover = s.current_player()
        card, cap = s.legal_moves()[-1]
        events = s.apply((card, cap))
        expected.append({"seat": mover, "card": D.code(card), "capture": D.codes_of(cap)})
        kinds = [e["type"] for e in events]
        if "deal" in kinds or "round_start" in kinds:
            expected = []
        for seat in range(2):  # every seat sees every play: they are made face up
            assert s.observation(seat)["deal_plays"] == expected
        assert len(expected) <= 8  # two hands of four


def test_a_format_2_state_loads_with_no_plays_and_plays_on_as_before():
    s = new_game("orlan", 3, seed=8)
    for _ in range(5):
        s.apply(s.legal_moves()[0])
    old = s.to_json()
    assert old["deal_plays"]
    old["format"] = 2
    del old["deal_plays"]
    loaded = OrlanState.from_json(old)
    assert loaded.deal_plays == [] and loaded.to_json()["format"] == OrlanState.FORMAT
    while not s.finished:
        move = s.legal_moves()[0]
        s.apply(move)
        loaded.apply(move)
    assert loaded.result() == s.result()


def test_a_malformed_play_record_is_refused_clearly():
    s = new_game("orlan", 2, seed=1)
    s.apply(s.legal_moves()[0])
    data = s.to_json()
    data["deal_plays"][0] = {"seat": 0, "card": "7H"}
    with pytest.raises(RulesError, match="deal_plays"):
        OrlanState.from_json(data)
    data["deal_plays"][0] = {"seat": 5, "card": "7H", "capture": []}
    with pytest.raises(RulesError, match="not by a seat"):
        OrlanState.from_json(data)


# ---------------------------------------------------------------- the record of the game's plays
def test_the_round_s_plays_and_the_past_rounds_are_public_and_complete():
    """Every play of the round is listed in order and the deal's plays are its last ones;
    when a round ends its plays pass, with the table they started from, to the past rounds:
    replayed from that table they account for every card of the round."""
    s = new_game("orlan", 3, {"target": 21}, seed=4)
    expected = []
    start_table = s.table
    while s.round_no < 2 and not s.finished:
        mover = s.current_player()
        card, cap = s.legal_moves()[0]
        round_before = s.round_no
        s.apply((card, cap))
        expected.append({"seat": mover, "card": D.code(card), "capture": D.codes_of(cap)})
        if s.round_no != round_before:
            past = s.observation(0)["past_rounds"][-1]
            assert past == {"table": D.codes_of(start_table), "plays": expected}
            table = start_table
            for p in past["plays"]:
                bit, cap = 1 << D.card(p["card"]), D.mask_of(p["capture"])
                assert not cap & ~table  # what a play captures lies on the table replayed
                table = table ^ cap if cap else table | bit
            assert len(past["plays"]) == 52 - 4  # every card but the starting table was played
            expected, start_table = [], s.table
        for seat in range(3):
            obs = s.observation(seat)
            assert obs["round_plays"] == expected
            assert obs["round_plays"][len(expected) - len(obs["deal_plays"]):] == obs["deal_plays"]
    assert len(s.observation(1)["past_rounds"]) == 2
    assert OrlanState.from_json(s.to_json()).to_json() == s.to_json()


def test_a_format_3_state_loads_with_its_deal_as_the_round_s_record():
    s = new_game("orlan", 2, seed=8)
    for _ in range(11):
        s.apply(s.legal_moves()[0])
    old = s.to_json()
    old["format"] = 3
    del old["round_plays"], old["past_rounds"]
    loaded = OrlanState.from_json(old)
    assert loaded.round_plays == loaded.deal_plays == s.deal_plays and loaded.past_rounds == []
    assert loaded.to_json()["format"] == OrlanState.FORMAT
    while not s.finished:
        move = s.legal_moves()[0]
        s.apply(move)
        loaded.apply(move)
    assert loaded.result() == s.result()


def test_a_malformed_record_of_past_rounds_is_refused_clearly():
    s = new_game("orlan", 2, seed=1)
    s.apply(s.legal_moves()[0])
    data = s.to_json()
    data["past_rounds"] = [{"table": ["2H"]}]
    with pytest.raises(RulesError, match="past_rounds"):
        OrlanState.from_json(data)
    data["past_rounds"] = [{"table": ["2H"], "plays": [{"seat": 7, "card": "3H", "capture": []}]}]
    with pytest.raises(RulesError, match="not by a seat"):
        OrlanState.from_json(data)
    data = s.to_json()
    data["round_plays"] = []
    with pytest.raises(RulesError, match="last plays of the round"):
        OrlanState.from_json(data)
