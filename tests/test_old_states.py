"""States of older formats still load and play on: format 1 (written before the common
contract by commit 073cb58; the tarot games' by commit 5f4d309) and the rummy games' format 2
(the seat to move named "turn", by commit e4a5726). tests/data/format1_states.json,
tarot_format1_states.json and rummy_format2_states.json hold states as those versions wrote
them (mid-game, and one finished), the random moves that finished each game then, and the
result."""
import json
import sys
from pathlib import Path

import pytest

from game.rules import load_state
from game.saves import SAVE_FORMAT, SAVE_VERSION, load_game
from game.storage import MemoryStorage

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from play_record import normal_move  # noqa: E402

# Orlan, Olsen and Aluette as commit 073cb58 wrote them; the tarot games as 5f4d309 did (their
# format 1: a finished game's phase was "end"); the rummy games as e4a5726 did (format 2).
# tools/make_format1_states.py wrote them.
CASES = [case for name in ("format1_states.json", "tarot_format1_states.json", "rummy_format2_states.json")
         for case in json.loads((ROOT / "tests" / "data" / name).read_text())["cases"]]


def _finish(state, moves):
    for i, move in enumerate(moves):
        by_name = {normal_move(state.move_to_json(m)): m for m in state.legal_moves()}
        assert move in by_name, f"move {i} ({move}) is not legal after loading"
        state.apply(by_name[move])
    assert state.finished


IDS = [f"{c['state']['game']}-{c['state']['players']}-{len(c['moves'])}" for c in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_an_older_state_loads_and_plays_on_to_the_same_result(case):
    state = load_state(case["state"])
    assert case["state"]["format"] < state.FORMAT == state.to_json()["format"]
    # Round summaries of the old state are read in the common shape.
    for summary in state.result()["rounds"]:
        assert {"round", "sides", "points", "totals"} <= set(summary)
    again = load_state(json.loads(json.dumps(state.to_json())))
    _finish(state, case["moves"])
    res = state.result()
    assert res["totals"] == case["totals"] and res["winners"] == case["winners"]
    assert len(res["rounds"]) == case["rounds"]
    _finish(again, case["moves"])
    assert again.result() == res


@pytest.mark.parametrize("case", [c for c in CASES if "turn" in c["state"]], ids=[i for i, c in zip(IDS, CASES)
                                                                                  if "turn" in c["state"]])
def test_a_rummy_state_of_format_2_names_its_seat_to_move_to_move(case):
    """Format 2 named the seat to move "turn" (0 once the game was over); it is "to_move" now,
    null once over, as in every game."""
    old = case["state"]
    data = load_state(old).to_json()
    assert "turn" not in data
    assert data["to_move"] == (None if old["step"] == "over" else old["turn"])
    assert data["melded_this_turn"] == old["melds_this_turn"] and data["scores_this_hand"] == old["scores"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_saved_game_holding_an_older_state_resumes(case):
    state = case["state"]
    doc = {
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": state["game"], "saved_at": "2026-11-30T03:30:00Z",
        "seats": [{"name": f"P{i}", "kind": "human", "level": None} for i in range(state["players"])],
        "timer": 0, "state": state, "tally": None, "extra": {},
    }
    storage = MemoryStorage()
    storage.put("current_game", doc)
    loaded = load_game(storage)
    assert loaded.message is None and loaded.game is not None
    _finish(loaded.game.state, case["moves"])
    assert loaded.game.state.result()["totals"] == case["totals"]


def test_a_state_of_an_unknown_format_is_refused_clearly():
    state = dict(CASES[0]["state"], format=7)
    with pytest.raises(ValueError, match="format 7"):
        load_state(state)
