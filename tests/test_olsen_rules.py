"""One test per rule of the Olsen text (docs/rules/olsen.txt) and RULES-NOTES.md."""
import random

import pytest

from game.cards import FRENCH52
from game.rules import GAMES, RulesError, new_game
from game.rules.olsen import OlsenState

D = FRENCH52


def interleave(hands):
    """A deck order dealing these hands one card at a time from seat 0 (dealer = last seat)."""
    n = len(hands)
    return [hands[i % n][i // n] for i in range(n * len(hands[0]))]


def position(hands, to_move, trick=(), first_trick=False, hearts_broken=False, taken=None, options=None,
             totals=None, hands_played=0):
    """A mid-hand position; cards in no hand and not removed count as played in earlier tricks."""
    n = len(hands)
    removed = {3: ["2D"], 5: ["2D", "2C"]}.get(n, [])
    used = {c for h in hands for c in h} | {c for _, c in trick} | set(removed)
    rest = [c for c in D.codes if c not in used]
    assert not (first_trick and rest), "a first-trick position must list every card"
    taken = taken or [rest if i == 0 else [] for i in range(n)]
    assert sorted(c for t in taken for c in t) == sorted(rest), "the cards taken are the cards played"
    # The earlier tricks, one (of any size) for each seat that took cards: what a seat took is
    # what the tricks it won hold, as a loaded state must show.
    tricks = [{"leader": 0, "plays": [{"seat": 0, "card": c} for c in t], "winner": w} for w, t in enumerate(taken) if t]
    tricks_won = [1 if t else 0 for t in taken]
    opts = {"pass3": False, "jack_diamonds": False, "target": 100, "deals": 0}
    opts.update(options or {})
    data = {
        "format": 2, "game": "olsen", "players": n, "options": opts, "seed": 0, "round": 0, "hands_played": hands_played,
        "dealer": n - 1, "seats": list(range(n)), "tiebreak": False, "phase": "play", "to_move": to_move,
        "hands": [list(h) for h in hands], "passes": [[]] * n, "passed": [[]] * n, "received": [[]] * n,
        "leader": trick[0][0] if trick else to_move,
        "trick": [{"seat": s, "card": c} for s, c in trick], "tricks": tricks,
        "taken": taken, "tricks_won": tricks_won, "voids": [0] * n,
        "hearts_broken": hearts_broken, "totals": totals or [0] * n, "rounds": [], "winners": [],
    }
    return OlsenState.from_json(data)


def legal(state):
    return sorted(state.move_to_json(m)["card"] for m in state.legal_moves())


def play(state, *codes):
    events = []
    for c in codes:
        events += state.play_json({"card": c})
    return events


def suit_hand(suit, ranks):
    return [r + suit for r in ranks]


# ---------------------------------------------------------------- players and cards
def test_registered_with_three_to_five_players():
    assert GAMES["olsen"] is OlsenState
    for n in (3, 4, 5):
        new_game("olsen", n)
    for n in (2, 6):
        with pytest.raises(RulesError):
            new_game("olsen", n)


@pytest.mark.parametrize("players,removed,each", [(3, {"2D"}, 17), (4, set(), 13), (5, {"2D", "2C"}, 10)])
def test_low_cards_removed_so_the_deck_divides_evenly(players, removed, each):
    s = new_game("olsen", players, seed=3)
    assert [h.bit_count() for h in s.hands] == [each] * players
    held = set()
    for h in s.hands:
        held |= set(D.codes_of(h))
    assert set(D.codes) - held == removed
    assert set(s.observation(0)["removed"]) == removed


def test_deal_one_card_at_a_time_from_the_left_of_the_dealer():
    order = list(D.codes)
    s = new_game("olsen", 4, deck_order=order)
    assert s.dealer == 3
    assert D.codes_of(s.hands[0]) == sorted(order[0::4], key=D.card)
    assert D.codes_of(s.hands[1]) == sorted(order[1::4], key=D.card)


def test_deck_order_may_list_the_reduced_deck_or_all_52():
    full = list(D.codes)
    reduced = [c for c in full if c != "2D"]
    assert new_game("olsen", 3, deck_order=full).hands == new_game("olsen", 3, deck_order=reduced).hands
    with pytest.raises(RulesError):
        new_game("olsen", 3, deck_order=full[:-1])


# ---------------------------------------------------------------- first lead
def test_two_of_clubs_holder_leads_it():
    s = new_game("olsen", 4, seed=5)
    holder = next(i for i, h in enumerate(s.hands) if "2C" in D.codes_of(h))
    assert s.current_player() == holder
    assert legal(s) == ["2C"]


def test_three_of_clubs_leads_with_five_players():
    s = new_game("olsen", 5, seed=5)
    holder = next(i for i, h in enumerate(s.hands) if "3C" in D.codes_of(h))
    assert s.current_player() == holder and legal(s) == ["3C"]


# ---------------------------------------------------------------- following
def test_must_follow_suit_when_able():
    s = position([["KS"], ["3S", "4H"], ["5D", "6D"], ["2H", "7C"]], 1, trick=[(0, "AS")])
    assert legal(s) == ["3S"]
    with pytest.raises(RulesError):
        s.play_json({"card": "4H"})


def test_void_player_may_play_anything_after_the_first_trick():
    s = position([["KS"], ["3D", "4H"], ["5D", "6D"], ["2H", "7C"]], 1, trick=[(0, "AS")])
    assert legal(s) == ["3D", "4H"]


def test_highest_card_of_suit_led_wins_no_trumps_aces_high():
    s = position([["KS", "3C"], ["AS", "4C"], ["AH", "5C"], ["2S", "6C"]], 0)
    ev = play(s, "KS", "AS", "AH", "2S")
    end = next(e for e in ev if e["type"] == "trick_end")
    assert end["winner"] == 1
    assert s.current_player() == 1  # the winner leads next
    assert s.tricks_won[1] == 1 and "AH" in D.codes_of(s.taken[1])


def test_off_suit_high_card_does_not_win():
    s = position([["2D", "3C"], ["AH", "4C"], ["AS", "5C"], ["3D", "6C"]], 0, hearts_broken=True)
    ev = play(s, "2D", "AH", "AS", "3D")
    assert next(e for e in ev if e["type"] == "trick_end")["winner"] == 3


# ---------------------------------------------------------------- hearts broken
def test_hearts_cannot_be_led_before_broken():
    s = position([["2H", "3C"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]], 0)
    assert legal(s) == ["3C"]


def test_only_hearts_may_be_led_by_necessity():
    s = position([["2H", "3H"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]], 0)
    assert legal(s) == ["2H", "3H"]


def test_heart_discarded_on_another_suit_breaks_hearts():
    s = position([["2C", "3H"], ["4H", "5D"], ["6C", "7C"], ["8C", "9C"]], 0)
    play(s, "2C", "4H", "6C", "8C")  # seat 1 is void in clubs and discards a heart
    assert s.hearts_broken
    s2 = position([["3H", "2D"], ["5C", "4D"], ["7C", "6D"], ["9C", "8D"]], 0, hearts_broken=True)
    assert legal(s2) == ["2D", "3H"]


def test_queen_of_spades_does_not_break_hearts():
    s = position([["2C", "3D", "4D"], ["QS", "5D", "7D"], ["6C", "8D", "9D"], ["8C", "3H", "TD"]], 0)
    play(s, "2C", "QS", "6C", "8C")  # seat 1, void in clubs, discards the queen
    assert not s.hearts_broken
    assert s.current_player() == 3 and legal(s) == ["TD"]


def test_heart_led_by_necessity_does_not_break_hearts():
    # The text: hearts are broken by a heart discarded on a trick of another suit only.
    s = position([["2H", "3H"], ["4H", "5C"], ["6H", "7C"], ["8H", "9C", ]], 0)
    play(s, "3H", "4H", "6H", "8H")
    assert not s.hearts_broken


# ---------------------------------------------------------------- first trick restriction
def first_trick_hands(seat1_rest):
    """Seat 0 leads 2C; seat 1 is void in clubs and holds ``seat1_rest`` plus filler."""
    seat1 = list(seat1_rest)
    others = [c for c in D.codes if c not in seat1 and c != "2C"]
    clubs = [c for c in others if c[1] == "C"]
    non_clubs = [c for c in others if c[1] != "C"]
    # Fill seat 1 to 13 cards with non-clubs, then deal the rest with seat 0 holding 2C.
    fill = [c for c in non_clubs if c not in ("QS",) and c[1] != "H"][: 13 - len(seat1)] if len(seat1) < 13 else []
    seat1 += fill
    rest = [c for c in others if c not in seat1]
    rest = clubs + [c for c in rest if c not in clubs]
    seat0 = ["2C"] + rest[:12]
    seat2 = rest[12:25]
    seat3 = rest[25:38]
    return [seat0, seat1, seat2, seat3]


def test_first_trick_no_penalty_card_when_void():
    hands = first_trick_hands(["QS", "AH", "KH"])
    s = new_game("olsen", 4, deck_order=interleave(hands))
    assert s.current_player() == 0
    play(s, "2C")
    allowed = legal(s)
    assert "QS" not in allowed and "AH" not in allowed and "KH" not in allowed
    assert set(allowed) == set(hands[1]) - {"QS", "AH", "KH"}


def test_option_penalty_cards_allowed_on_the_first_trick():
    # The text's common variants: "Certains groupes autorisent les cartes pénalités au
    # premier pli" (option first_trick_penalties, off by default).
    hands = first_trick_hands(["QS", "AH", "KH"])
    s = new_game("olsen", 4, {"first_trick_penalties": True}, deck_order=interleave(hands))
    play(s, "2C")
    assert set(legal(s)) == set(hands[1])  # void in clubs: any card, Q♠ and hearts included
    play(s, "QS")
    assert s.record.plays[-1][1] == D.card("QS")
    # The lead itself is unchanged: the 2♣ still opens the hand.
    t = new_game("olsen", 4, {"first_trick_penalties": True}, deck_order=interleave(hands))
    assert legal(t) == ["2C"]


def test_option_any_heart_played_breaks_hearts():
    # Option any_heart_breaks: a heart led by necessity breaks hearts...
    s = position([["2H", "3H"], ["4H", "5C"], ["6H", "7C"], ["8H", "9C"]], 0, options={"any_heart_breaks": True})
    play(s, "3H")
    assert s.hearts_broken
    # ...and so does a heart followed to another heart's lead, or discarded (as by default).
    s = position([["2C"], ["4H", "5C"], ["6H", "7C"], ["8H", "9C"]], 1, trick=[(0, "3H")],
                 options={"any_heart_breaks": True}, hearts_broken=False)
    assert not s.hearts_broken
    play(s, "4H")
    assert s.hearts_broken
    # Off (the default) the same plays leave hearts unbroken: only a discard breaks them.
    s = position([["2H", "3H"], ["4H", "5C"], ["6H", "7C"], ["8H", "9C"]], 0)
    play(s, "3H", "4H")
    assert not s.hearts_broken


def test_first_trick_penalty_allowed_when_nothing_else():
    hearts = [r + "H" for r in "A23456789TJQK"]
    hands = first_trick_hands(["QS"] + hearts[:12])
    s = new_game("olsen", 4, deck_order=interleave(hands))
    play(s, "2C")
    assert set(legal(s)) == set(hands[1])


# ---------------------------------------------------------------- scoring
def test_penalty_points_hearts_one_queen_thirteen():
    from game.rules.olsen import hand_points
    taken = [D.mask_of(["2H", "3H", "QS", "AC"]), D.mask_of(["4H"]), D.mask_of([r + "H" for r in "56789TJQKA"]), 0]
    raw, points, moon = hand_points(taken, False)
    assert raw == [15, 1, 10, 0] and points == raw and moon is None


def test_taking_all_penalties_gives_zero_and_26_to_each_other():
    from game.rules.olsen import hand_points
    taken = [D.mask_of([r + "H" for r in "A23456789TJQK"] + ["QS"]), D.mask_of(["AC"]), 0, 0]
    raw, points, moon = hand_points(taken, False)
    assert raw[0] == 26 and points == [0, 26, 26, 26] and moon == 0


def test_jack_of_diamonds_option_minus_ten():
    from game.rules.olsen import hand_points
    taken = [D.mask_of(["JD", "2H"]), D.mask_of(["QS"]), 0, 0]
    assert hand_points(taken, True)[1] == [-9, 13, 0, 0]
    assert hand_points(taken, False)[1] == [1, 13, 0, 0]


def test_hand_end_adds_points_to_totals():
    # Last trick of a hand: seat 0 leads AH and takes it with the 3 other hearts.
    s = position([["AH"], ["2H"], ["3H"], ["4H"]], 0, hearts_broken=True, taken=None, totals=[10, 20, 30, 40])
    ev = play(s, "AH", "2H", "3H", "4H")
    summary = next(e for e in ev if e["type"] == "round_end")["summary"]
    # Seat 0 took every other card in the fake history too: 9 hearts + QS = 22 before + 4.
    assert summary["penalties"][0] == 26 and summary["points"] == [0, 26, 26, 26]
    assert summary["sides"] == [[0], [1], [2], [3]] and summary["totals"] == [10, 46, 56, 66]
    assert s.totals == [10, 46, 56, 66]


def test_game_ends_at_100_lowest_total_wins():
    s = position([["AH"], ["2H"], ["3H"], ["4H"]], 0, hearts_broken=True, totals=[10, 20, 30, 90])
    ev = play(s, "AH", "2H", "3H", "4H")  # seat 0 takes all: others +26, seat 3 reaches 116
    assert s.finished
    assert s.result()["winners"] == [0]
    assert ev[-1] == {"type": "game_end", "winners": [0]}


def test_game_goes_on_below_100():
    s = position([["AH"], ["2H"], ["3H"], ["4H"]], 0, hearts_broken=True, totals=[10, 20, 30, 40])
    play(s, "AH", "2H", "3H", "4H")
    assert not s.finished and s.round_no == 1 and s.dealer == 0


def test_fixed_number_of_deals():
    rng = random.Random(2)
    s = new_game("olsen", 3, {"deals": 3}, seed=8)
    while not s.finished:
        s.apply(rng.choice(s.legal_moves()))
    normal = [r for r in s.result()["rounds"] if not r["tiebreak"]]
    assert len(normal) == 3
    totals = s.result()["totals"]
    assert totals == [sum(r["points"][i] for r in normal) for i in range(3)]


def test_fixed_deals_end_lowest_total_wins():
    s = position([["AH"], ["2H"], ["3H"], ["4H"]], 0, hearts_broken=True, totals=[50, 0, 50, 80],
                 options={"deals": 3}, hands_played=2,
                 taken=[[], [c for c in D.codes if c not in ("AH", "2H", "3H", "4H")], [], []])
    # Seat 0 takes 4 hearts (4), seat 1 holds QS + 9 hearts (22): totals 54, 22, 50, 80 -> seat 1 wins alone.
    play(s, "AH", "2H", "3H", "4H")
    assert s.finished and s.winners == [1] and s.totals == [54, 22, 50, 80]


def test_tied_lowest_totals_start_a_tiebreak_hand_for_those_players():
    s = position([["2H"], ["AH"], ["3H"], ["4H"]], 0, hearts_broken=True, totals=[30, 30, 52, 80],
                 options={"deals": 3}, hands_played=2,
                 taken=[[], [], [c for c in D.codes if c not in ("AH", "2H", "3H", "4H")], []])
    ev = play(s, "2H", "AH", "3H", "4H")
    # Seat 1 takes 4 points: 30, 34, 74, 80 -> seat 0 alone. Make a tie instead:
    assert s.finished and s.winners == [0]
    s = position([["2H"], ["AH"], ["3H"], ["4H"]], 0, hearts_broken=True, totals=[34, 30, 52, 80],
                 options={"deals": 3}, hands_played=2,
                 taken=[[], [], [c for c in D.codes if c not in ("AH", "2H", "3H", "4H")], []])
    ev = play(s, "2H", "AH", "3H", "4H")  # 34, 34, 74, 80: seats 0 and 1 tie
    assert not s.finished
    assert s.tiebreak and s.seats == [0, 1]
    assert [h.bit_count() for h in s.hands] == [26, 26, 0, 0]  # 2 players keep all 52 cards
    assert ev[-1]["type"] == "round_start" and ev[-1]["tiebreak"]
    totals_before = list(s.totals)
    rng = random.Random(4)
    while not s.finished:
        assert s.current_player() in (0, 1)
        s.apply(rng.choice(s.legal_moves()))
    assert s.totals == totals_before  # tie-break hands decide, they do not add to totals
    last = s.rounds[-1]
    assert last["tiebreak"] and last["seats"] == [0, 1]
    assert last["points"] == [0, 0, 0, 0]  # what the hand adds to the totals
    assert last["hand_points"][2:] == [None, None]
    assert s.winners == [min(last["seats"], key=lambda seat: last["hand_points"][seat])]


def _tiebreak_with_a_pass_leaving_out_seat_0():
    # Seat 1 takes the last trick (4); seat 2 holds QS and nine hearts (22): 50, 54, 30, 30.
    s = position([["2H"], ["AH"], ["3H"], ["4H"]], 0, hearts_broken=True, totals=[50, 50, 8, 30],
                 options={"deals": 3, "pass3": True}, hands_played=2,
                 taken=[[], [], [c for c in D.codes if c not in ("AH", "2H", "3H", "4H")], []])
    play(s, "2H", "AH", "3H", "4H")
    assert s.tiebreak and s.seats == [2, 3] and s.phase == "pass"
    return s


def test_a_game_saved_while_a_tie_break_hand_passes_loads_and_plays_on_identically():
    s = _tiebreak_with_a_pass_leaving_out_seat_0()
    saved = s.to_json()
    loaded = OlsenState.from_json(saved)
    assert loaded.to_json() == saved
    rng_a, rng_b = random.Random(6), random.Random(6)
    while not s.finished:
        a, b = rng_a.choice(s.legal_moves()), rng_b.choice(loaded.legal_moves())
        assert s.move_to_json(a) == loaded.move_to_json(b)
        s.apply(a)
        loaded.apply(b)
    assert loaded.to_json() == s.to_json()


def test_a_tie_break_pass_saved_naming_seat_0_as_leader_still_loads():
    # What the app wrote before the tie-break's pass named a seat of the hand.
    saved = _tiebreak_with_a_pass_leaving_out_seat_0().to_json()
    saved["leader"] = 0
    loaded = OlsenState.from_json(saved)
    assert loaded.record.leader in loaded.seats and loaded.legal_moves()


def test_a_state_whose_taken_cards_are_not_its_tricks_is_refused():
    s = position([["AH"], ["2H"], ["3H"], ["4H"]], 0, hearts_broken=True)
    data = s.to_json()
    data["taken"][3].append("AH")  # still in seat 0's hand: it would count twice
    with pytest.raises(RulesError, match="taken"):
        OlsenState.from_json(data)
    data = s.to_json()
    data["tricks_won"] = [5, 0, 0, 0]
    with pytest.raises(RulesError, match="tricks_won"):
        OlsenState.from_json(data)


def test_a_state_in_play_after_the_game_ended_is_refused():
    s = position([["AH"], ["2H"], ["3H"], ["4H"]], 0, hearts_broken=True)
    data = s.to_json()
    data["totals"] = [120, 0, 0, 0]  # the hand that reached 100 ended the game
    with pytest.raises(RulesError, match="game is over"):
        OlsenState.from_json(data)
    data = s.to_json()
    data["winners"] = [1]
    with pytest.raises(RulesError, match="winners"):
        OlsenState.from_json(data)
    data = s.to_json()
    data["hands_played"] = -1
    with pytest.raises(RulesError, match="hands_played"):
        OlsenState.from_json(data)


# ---------------------------------------------------------------- passing
def test_passing_three_cards_to_the_left():
    s = new_game("olsen", 4, {"pass3": True}, seed=9)
    before = [D.codes_of(h) for h in s.hands]
    assert s.phase == "pass" and s.current_player() == 0
    assert all(len(s.move_to_json(m)["cards"]) == 3 for m in s.legal_moves())
    chosen = []
    for seat in range(4):
        assert s.current_player() == seat
        pick = before[seat][:3]
        chosen.append(pick)
        ev = s.play_json({"kind": "pass", "cards": pick})
        if seat < 3:
            # Hidden until everyone has chosen: nobody's hand changed yet, others see only a flag.
            assert D.codes_of(s.hands[seat]) == before[seat]
            assert s.observation((seat + 1) % 4)["my_pass"] is None
            assert s.observation((seat + 1) % 4)["pass_chosen"][seat] is True
    assert any(e["type"] == "pass_exchange" for e in ev)
    for seat in range(4):
        right = (seat - 1) % 4
        assert set(D.codes_of(s.hands[seat])) == (set(before[seat]) - set(chosen[seat])) | set(chosen[right])
        assert s.observation(seat)["received"] == sorted(chosen[right], key=D.card)
    assert s.phase == "play" and legal(s) == ["2C"]


def test_pass_move_json_form():
    three = ("pass", D.mask_of(["QS", "AH", "2D"]))
    assert OlsenState.move_from_json({"kind": "pass", "cards": ["QS", "AH", "2D"]}) == three
    assert OlsenState.move_to_json(three) == {"kind": "pass", "cards": ["2D", "AH", "QS"]}
    assert OlsenState.move_to_json(D.card("QS")) == {"kind": "play", "card": "QS"}
    # The kind-less forms of protocol version 1 are still read.
    assert OlsenState.move_from_json({"pass": ["QS", "AH", "2D"]}) == three
    assert OlsenState.move_from_json({"card": "QS"}) == D.card("QS")
    for bad in ({"pass": ["QS", "AH"]}, {"pass": ["QS", "QS", "AH"]}, {"card": 3}, {"card": "ZZ"}, "QS",
                {"kind": "pass", "cards": ["QS", "AH"]}, {"kind": "play", "cards": ["QS"]}, {"kind": "lead", "card": "QS"}):
        with pytest.raises(RulesError):
            OlsenState.move_from_json(bad)
    s = new_game("olsen", 4, {"pass3": True}, seed=9)
    not_mine = [c for c in D.codes if c not in D.codes_of(s.hands[0])][:3]
    with pytest.raises(RulesError):
        s.play_json({"pass": not_mine})


def test_renege_impossible_illegal_card_refused_state_unchanged():
    s = new_game("olsen", 4, seed=1)
    before = s.to_json()
    other = next(c for c in D.codes_of(s.hands[s.current_player()]) if c != "2C")
    with pytest.raises(RulesError):
        s.play_json({"card": other})
    assert s.to_json() == before
