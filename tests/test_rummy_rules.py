"""The rummy family's shared mechanics (game/rules/rummy.py), shown on deck_order-built deals:
drawing, the pile turned over, the endless-hand rule, melds and why a meld is refused,
lay-offs on anyone's melds, the joker swap, never discarding the card taken from the pile,
going out and counting the hands, the JSON state and the sampler."""
import json
import random

import pytest

from game.rules import RulesError
from game.rules.basic_rummy import BasicRummyState as Basic
from game.rules.boathouse_rummy import BoathouseRummyState as Boathouse
from game.rules.classic_rummy import ClassicRummyState as Classic
from game.rules.jersey_gin import JerseyGinState as Jersey
from game.rules.melds import MeldRule
from tests.rummy_helpers import codes, deal, play

GAMES = (Basic, Classic, Boathouse, Jersey)


def test_the_deal_follows_the_texts_hand_sizes():
    sizes = {
        (Basic, 2, ()): 7, (Basic, 3, ()): 7, (Basic, 3, (("hand_size", 10),)): 10, (Basic, 5, ()): 7,
        (Basic, 6, ()): 6, (Basic, 6, (("decks", 2),)): 10, (Basic, 7, ()): 10,
        (Classic, 2, ()): 10, (Classic, 3, ()): 7, (Classic, 4, ()): 7, (Classic, 5, ()): 6, (Classic, 6, ()): 6,
        (Boathouse, 4, ()): 7, (Boathouse, 7, ()): 10, (Jersey, 3, ()): 10,
    }
    for (cls, players, options), size in sizes.items():
        s = cls.new(players, dict(options), 5)
        assert [h.bit_count() for h in s.hands] == [size] * players, (cls.info.id, players, options)
        in_play = 108 if cls.decks(players, s.options) == 2 else (54 if cls.info.deck.size == 108 else 52)
        assert len(s.pile) == 1 and len(s.stock) == in_play - size * players - 1
        assert s.current_player() == (s.dealer + 1) % players


def test_options_that_mean_nothing_at_a_player_count_are_refused():
    with pytest.raises(RulesError, match="one deck"):
        Basic.new(3, {"decks": 2})
    with pytest.raises(RulesError, match="3 players only"):
        Boathouse.new(4, {"hand_size": 10})
    # 7 players always play two decks; 2-3 one: the /2 cards lie aside
    assert Basic.new(7, {}).aside == 0 and Basic.new(2, {}).aside.bit_count() == 54


def test_the_stock_top_is_drawn_and_a_pile_card_is_known_to_everyone():
    s = deal(Basic, 2, {}, "9S/1", ["KD/1", "2H/1"], seed=3)
    mover = s.to_move
    events = play(s, kind="draw", from_="stock")
    assert events == [{"type": "draw", "seat": mover, "from": "stock"}]  # no card named: it is hidden
    assert "KD/1" in codes(s, s.hands[mover]) and s.observation(mover)["drawn"] == "KD/1"
    assert s.observation(1 - mover)["drawn"] is None
    play(s, kind="discard", card="KD/1")
    other = s.to_move
    events = play(s, kind="draw", from_="pile")
    assert events[0]["card"] == "KD/1"
    assert s.observation(mover)["known"][other] == ["KD/1"]


def test_an_empty_stock_is_the_pile_turned_over_without_shuffling():
    s = deal(Classic, 2, {}, "9S", seed=1)
    s.stock = s.stock[-1:]  # one card left: the rest of the stock goes to the pile, bottom first
    gone = s.info.deck.full_mask
    for m in s.hands:
        gone &= ~m
    rest = [c for c in range(52) if gone >> c & 1 and c not in s.stock]
    s.pile = rest  # pile bottom first
    s._legal = s._public = None
    first_discard = s.pile[0]
    play(s, kind="draw", from_="stock")
    play(s, kind="discard", card=codes(s, s.hands[s.to_move])[0])
    assert not s.stock
    play(s, kind="draw", from_="stock")  # the pile is turned over: its first discard is drawn first
    assert s.rebuilds == 1 and s.drawn == first_discard and not s.pile


def test_the_pile_is_shuffled_with_the_option():
    s = Classic.new(2, {"shuffle_pile": True}, 1)
    s.pile = list(s.stock) + s.pile
    s.stock = []
    s._legal = s._public = None
    before = list(reversed(s.pile))
    play(s, kind="draw", from_="stock")
    assert sorted(s.stock + [s.drawn]) == sorted(before) and s.stock + [s.drawn] != before


def test_a_hand_is_void_when_the_stock_runs_out_a_third_time():
    s = deal(Classic, 2, {}, "9S", seed=1)
    s.rebuilds = 2
    s.stock = s.stock[-1:]
    s._legal = s._public = None
    totals = list(s.totals)
    play(s, kind="draw", from_="stock")
    events = play(s, kind="discard", card=codes(s, s.hands[s.to_move])[0])
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["void"] and end["out"] is None and end["points"] == [0, 0] and s.totals == totals
    assert s.round_no == 1 and s.rebuilds == 0  # the next hand is dealt


def test_void_hands_in_a_row_do_not_end_a_game_to_a_target():
    s = Classic.new(2, {}, 1)
    for hand in range(4):
        s.rebuilds = 2
        s.stock = s.stock[-1:]
        s._legal = s._public = None
        play(s, kind="draw", from_="stock")
        play(s, kind="discard", card=codes(s, s.hands[s.to_move])[0])
        assert s.round_no == hand + 1 and s.rounds[-1]["void"]
    assert s.current_player() is not None and not s.result()["finished"] and s.totals == [0, 0]


def test_a_meld_is_checked_and_a_bad_one_named_with_the_state_unchanged():
    s = deal(Basic, 2, {1: ["5H/1", "6H/1", "7H/1", "7S/1", "7C/1", "7D/1", "X1/1"]}, "9S/1", seed=3)
    assert s.to_move == 1
    play(s, kind="draw", from_="stock")
    before = s.to_json()
    for bad, words in (
        (["5H/1", "6H/1"], "at least 3"),
        (["5H/1", "7H/1", "6H/1", "7D/1"], "not a meld"),
        (["5H/1", "7H/1", "X1/1"], "not a run"),
        (["7H/1", "7S/1", "7H/1"], "twice"),
        (["7H/1", "7S/1", "8C/1"], "not in the hand"),
        (["5H/1", "7H/1", "X2/1"], "not in the hand"),
    ):
        with pytest.raises(RulesError, match=words):
            play(s, kind="meld", cards=bad)
        assert s.to_json() == before
    with pytest.raises(RulesError, match="unknown card code"):
        play(s, kind="meld", cards=["5H/1", "6H/1", "ZZ"])
    # the joker's place says what it stands for: the 6 of hearts here (held or not)
    assert ("meld", tuple(s.info.deck.card(c) for c in ("5H/1", "X1/1", "7H/1")), "run") in s.legal_moves()
    events = play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1", "X1/1"])
    assert events[0]["type"] == "meld" and s.table_json[0]["jokers"] == {"X1/1": "8H"}
    play(s, kind="meld", cards=["7S/1", "7C/1", "7D/1"])
    assert s.table_json[1]["kind"] == "set" and s.melded[1] == 2


def test_lay_offs_go_on_anyones_melds_and_must_fit():
    s = deal(Basic, 2, {1: ["5H/1", "6H/1", "7H/1", "2C/1", "3D/1", "9C/1", "JD/1"],
                        0: ["8H/1", "4H/1", "7D/1", "2S/1", "3S/1", "9D/1", "QC/1"]}, "TS/1", ["KC/1", "KD/1"], seed=3)
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1"])
    play(s, kind="discard", card="KC/1")
    play(s, kind="draw", from_="stock")
    with pytest.raises(RulesError, match="does not fit"):
        play(s, kind="layoff", card="9D/1", meld=0)
    with pytest.raises(RulesError, match="no meld 3"):
        play(s, kind="layoff", card="8H/1", meld=3)
    events = play(s, kind="layoff", card="8H/1", meld=0)
    assert events[0] == {"type": "layoff", "seat": 0, "card": "8H/1", "meld": 0, "end": "high", "owner": 1}
    play(s, kind="layoff", card="4H/1", meld=0)
    assert s.table_json[0]["cards"] == ["4H/1", "5H/1", "6H/1", "7H/1", "8H/1"]
    assert codes(s, s.laid_off[0]) == ["4H/1", "8H/1"]


def test_the_joker_swap_takes_the_joker_back_to_be_used_at_once():
    s = deal(Basic, 2, {1: ["5H/1", "X1/1", "7H/1", "2C/1", "3D/1", "9C/1", "JD/1"],
                        0: ["6H/1", "8S/1", "9S/1", "2S/1", "3S/1", "4D/1", "QC/1"]}, "TS/1", ["KC/1", "KD/1"], seed=3)
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["5H/1", "X1/1", "7H/1"])
    play(s, kind="discard", card="KC/1")
    play(s, kind="draw", from_="stock")
    with pytest.raises(RulesError):
        play(s, kind="swap", card="8S/1", meld=0)  # the joker stands for the 6 of hearts only
    events = play(s, kind="swap", card="6H/1", meld=0)
    assert events[0]["joker"] == "X1/1" and s.step == "joker" and "X1/1" in codes(s, s.hands[0])
    assert s.table_json[0]["cards"] == ["5H/1", "6H/1", "7H/1"]
    legal = [s.move_to_json(m) for m in s.legal_moves()]
    assert legal and all("X1/1" in json.dumps(m) for m in legal)  # only moves that use the joker
    with pytest.raises(RulesError, match="step 'joker'"):
        play(s, kind="discard", card="QC/1")
    with pytest.raises(RulesError, match="end"):
        play(s, kind="layoff", card="X1/1", meld=0)  # on a run a joker says at which end
    play(s, kind="layoff", card="X1/1", meld=0, end="high")
    assert s.step == "play" and s.joker is None and s.table_json[0]["jokers"] == {"X1/1": "8H"}


def test_the_card_taken_from_the_pile_is_not_discarded_the_same_turn():
    s = deal(Basic, 2, {}, "9S/1", seed=3)
    play(s, kind="draw", from_="pile")
    assert ("discard", s.info.deck.card("9S/1")) not in s.legal_moves()
    with pytest.raises(RulesError, match="taken from the pile"):
        play(s, kind="discard", card="9S/1")
    assert s.observation(0)["last_pile_card"] == "9S/1"


@pytest.mark.parametrize("cls,hand,upcard,meld,last", [
    (Basic, ["3H/1", "4H/1", "5H/1", "6H/1", "7C/1", "7D/1", "7S/1"], "QD/1",
     [["3H/1", "4H/1", "5H/1", "6H/1"]], ["7C/1", "7D/1", "7S/1"]),
    (Classic, ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"], "KD", [],
     ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"]),
])
def test_no_meld_may_leave_only_the_card_taken_from_the_pile(cls, hand, upcard, meld, last):
    # Basic: "leg een kaart op de Aflegstapel, altijd een andere dan degene die je eventueel hebt
    # getrokken van de Aflegstapel die beurt"; Classic: "mag je niet diezelfde kaart op de
    # Aflegstapel gooien in deze beurt". A meld leaving only that card would end the hand on it.
    s = deal(cls, 2, {1: hand}, upcard, seed=3)
    play(s, kind="draw", from_="pile")
    for cards in meld:
        play(s, kind="meld", cards=cards)
    before = s.to_json()
    assert {s.info.deck.card(c) for c in last} not in [set(m[1]) for m in s.legal_moves() if m[0] == "meld"]
    with pytest.raises(RulesError, match="would leave only .*taken from the pile"):
        play(s, kind="meld", cards=last)
    assert s.to_json() == before and s.current_player() == 1
    if cls is Classic:  # nine clubs melded, the ten kept back is the discard
        assert {s.info.deck.card(c) for c in last[:-1]} in [set(m[1]) for m in s.legal_moves() if m[0] == "meld"]
        play(s, kind="meld", cards=last[:-1])
        events = play(s, kind="discard", card=last[-1])
        assert not any(e["type"] == "round_end" for e in events) and s.current_player() == 0


def test_out_by_laying_off_and_a_discard_scores_every_card_left_in_the_other_hand():
    # Basic values: 2-10 face value, courts 10, aces 11, jokers 15
    s = deal(Basic, 2, {1: ["5H/1", "6H/1", "7H/1", "8C/1", "8D/1", "8S/1", "2D/1"],
                        0: ["AS/1", "KD/1", "X1/1", "2C/1", "9H/1", "3S/1", "TD/1"]}, "4C/1",
             ["JC/1", "QH/1", "4H/1"], seed=3)
    play(s, kind="draw", from_="stock")
    play(s, kind="meld", cards=["5H/1", "6H/1", "7H/1"])
    play(s, kind="meld", cards=["8C/1", "8D/1", "8S/1"])
    play(s, kind="discard", card="JC/1")
    play(s, kind="draw", from_="stock")
    play(s, kind="discard", card="QH/1")
    play(s, kind="draw", from_="stock")
    play(s, kind="layoff", card="4H/1", meld=0)
    events = play(s, kind="discard", card="2D/1")
    end = next(e for e in events if e["type"] == "round_end")["summary"]
    assert end["out"] == 1 and end["points"] == [0, 11 + 10 + 15 + 2 + 9 + 3 + 10] and s.totals == [0, 60]
    assert end["hands"][1] == {"melds": [["4H/1", "5H/1", "6H/1", "7H/1"], ["8C/1", "8D/1", "8S/1"]],
                               "laid_off": ["4H/1"], "deadwood": [], "deadwood_points": 0}
    assert end["hands"][0]["deadwood_points"] == 60 and not end["void"]
    assert s.round_no == 1 and s.dealer == 1  # the deal rotates


def random_position(cls, seed: int, moves: int):
    """A one-hand game of ``cls`` at its fewest players after up to ``moves`` random moves."""
    s = cls.new(cls.info.min_players, {"hands": 1}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.current_player() is None:
            break
        s.apply(rng.choice(s.legal_moves()))
    return s


@pytest.mark.parametrize("cls", GAMES, ids=[c.info.id for c in GAMES])
def test_a_saved_position_resumes_identically_and_a_broken_one_is_refused(cls):
    s = random_position(cls, 4, 40)
    data = json.loads(json.dumps(s.to_json()))
    again = cls.from_json(data)
    assert again.to_json() == s.to_json() and again.legal_moves() == s.legal_moves()
    broken = json.loads(json.dumps(data))
    broken["hands"][0] = broken["hands"][0][:-1]
    with pytest.raises(RulesError, match="missing|accounted"):
        cls.from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["step"] = "dance"
    with pytest.raises(RulesError, match="step"):
        cls.from_json(broken)


def test_the_sampler_keeps_the_cards_known_to_be_in_a_hand():
    s = deal(Basic, 2, {}, "9S/1", seed=3)
    play(s, kind="draw", from_="pile")
    play(s, kind="discard", card=codes(s, s.hands[1] & ~(1 << s.info.deck.card("9S/1")))[0])
    obs = json.loads(json.dumps(s.observation(0)))
    for seed in range(5):
        world = Basic.sample(obs, random.Random(seed))
        assert "9S/1" in codes(world, world.hands[1]) and world.observation(0) == obs


def test_each_game_gives_the_meld_finder_its_rule():
    assert Basic.meld_rule({}) == MeldRule(aces="high_or_low", ace_value=11, joker_value=15)
    assert Classic.meld_rule({}) == MeldRule(aces="low", ace_value=1, joker_value=0)
    assert Classic.meld_rule({"aces_high_low": True}) == MeldRule(aces="high_or_low", ace_value=15, joker_value=0)
    assert Classic.meld_rule({"ace_bridge": True}).aces == "around"
    assert Boathouse.meld_rule({}) == MeldRule(aces="around", ace_value=11, joker_value=15)
    assert Jersey.meld_rule({}) == MeldRule(aces="low", ace_value=1, joker_value=0)


def test_moves_read_from_json_with_clear_errors():
    for bad, words in (({"kind": "draw", "from": "table"}, "stock"), ({"kind": "fly"}, "unknown move kind"),
                       ({"kind": "layoff", "card": "5H/1", "meld": 0, "end": "middle"}, "low"),
                       ({"kind": "discard"}, "missing")):
        with pytest.raises(RulesError, match=words):
            Basic.move_from_json(bad)
    m = Basic.move_from_json({"kind": "layoff", "card": "5H/1", "meld": 2})
    assert Basic.move_to_json(m) == {"kind": "layoff", "card": "5H/1", "meld": 2}
    # a set in any order is the same move; a run without jokers too
    assert Basic.move_from_json({"kind": "meld", "cards": ["7S/1", "7C/1", "7H/1"]}) == \
        Basic.move_from_json({"kind": "meld", "cards": ["7C/1", "7H/1", "7S/1"]})
    assert Basic.move_from_json({"kind": "meld", "cards": ["AH/1", "KH/1", "QH/1"]})[1] == \
        tuple(Basic.info.deck.card(c) for c in ("QH/1", "KH/1", "AH/1"))


def test_what_each_seat_threw_or_passed_over_is_public_and_forgotten_when_the_pile_is_turned():
    """The discards and the pile tops a seat left for the stock ("shunned"), and each seat's
    latest discard: what the expert reads as "discards say what a player did not want"
    (issue: the rummy family, AIs). Cards of the pile turned into the stock are hidden again."""
    s = deal(Classic, 2, {}, "9S", ["KD", "2H"], seed=1)
    first = s.to_move
    play(s, kind="draw", from_="stock")  # 9S left on the pile
    play(s, kind="discard", card="KD")
    second = s.to_move
    play(s, kind="draw", from_="pile")  # takes KD: not shunned by the taker
    thrown = codes(s, s.hands[second] & ~(1 << s.info.deck.card("KD")))[0]
    play(s, kind="discard", card=thrown)
    for seat in (0, 1):
        obs = s.observation(seat)
        assert sorted(obs["shunned"][first]) == ["9S", "KD"] and obs["shunned"][second] == [thrown]
        assert obs["last_discard"][first] == ["KD"] and obs["last_discard"][second] == [thrown]
    again = Classic.from_json(json.loads(json.dumps(s.to_json())))
    assert again.observation(0)["shunned"] == s.observation(0)["shunned"]
    world = Classic.sample(json.loads(json.dumps(s.observation(first))), random.Random(2))
    assert world.observation(first) == s.observation(first)
    # Turned over as the new stock, the pile's cards are hidden again: no longer shown.
    s.pile = list(s.stock) + s.pile
    s.stock = []
    s._legal = s._public = None
    play(s, kind="draw", from_="stock")
    # KD stays: it is in the other hand, known to all since it was taken from the pile.
    assert s.rebuilds == 1 and s.observation(0)["shunned"][first] == ["KD"]
    assert s.observation(0)["shunned"][second] == [] and s.observation(0)["last_discard"][second] == []


def test_jersey_passing_the_upcard_shuns_it():
    s = deal(Jersey, 3, {}, "QH", seed=2)
    seat = s.to_move
    play(s, kind="pass")
    assert s.observation(seat)["shunned"][seat] == ["QH"]


def test_a_state_of_format_1_is_read_with_nothing_shunned():
    s = Classic.new(2, {"hands": 1}, 4)
    play(s, kind="draw", from_="stock")
    data = json.loads(json.dumps(s.to_json()))
    del data["shunned"], data["last_discard"]
    # format 1 (and 2) named these as the observation does not
    data["turn"], data["melds_this_turn"], data["scores"] = (data.pop("to_move"), data.pop("melded_this_turn"),
                                                             data.pop("scores_this_hand"))
    data["format"] = 1
    old = Classic.from_json(data)
    assert old.shunned == old.last_discard == [0, 0] and old.legal_moves() == s.legal_moves()
    assert old.to_json()["format"] == Classic.FORMAT == 3


@pytest.mark.parametrize("cls", GAMES, ids=[c.info.id for c in GAMES])
def test_the_sampler_reads_the_observation_once_and_gives_samples_worlds(cls):
    """``sampler(obs)`` (the expert's many worlds of one position) gives, for the same
    generator, the world ``sample`` gives; playing a world to the end leaves the next ones
    unchanged (nothing shared with the template is changed in place)."""
    s = random_position(cls, 6, 25)
    if s.current_player() is None:
        pytest.skip("the hand ended early")
    seat = s.current_player()
    obs = json.loads(json.dumps(s.observation(seat)))
    world = cls.sampler(obs)
    first = world(random.Random(1))
    assert first.to_json() == cls.sample(obs, random.Random(1)).to_json()
    play_rng = random.Random(2)
    while first.current_player() is not None:
        first.apply(play_rng.choice(first.legal_moves()))
    again = world(random.Random(3))
    assert again.to_json() == cls.sample(obs, random.Random(3)).to_json()
    assert again.observation(seat) == obs
