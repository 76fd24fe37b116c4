"""Write tests/data/format1_states.json: mid-game states as commit 073cb58 wrote them.

    git archive 073cb58 | tar -x -C /tmp/old && cd /tmp && python /path/to/tools/make_format1_states.py /tmp/old

The tarot games' format 1 (before the finished game's phase became "over"), from 5f4d309:

    git archive 5f4d309 | tar -x -C /tmp/old5 && cd /tmp && python /path/to/tools/make_format1_states.py \
        /tmp/old5 tarot_format1_cases.json tarot_format1_states.json

The rummy games' format 2 (before the seat to move was named "to_move"), from e4a5726:

    git archive e4a5726 | tar -x -C /tmp/old6 && cd /tmp && python /path/to/tools/make_format1_states.py \
        /tmp/old6 rummy_format2_cases.json rummy_format2_states.json

Run with the old code first on the path: for each case of tests/data/format1_cases.json
(game, players, options, seed, how many random moves in, or "end": a finished game), a
state in the old format, the random
moves that finished the game from there (normalised as tools/play_record.py does) and the
result, for tests/test_old_states.py.
"""
import json
import random
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, str(Path(__file__).resolve().parent))
from game.rules import new_game
from play_record import normal_move

out = []
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
CASES_FILE, STATES_FILE = (sys.argv[2], sys.argv[3]) if len(sys.argv) > 3 else ("format1_cases.json", "format1_states.json")
spec = json.loads((DATA / CASES_FILE).read_text())
for case in spec["cases"]:
    game, players, options, seed, at = (case[k] for k in ("game", "players", "options", "seed", "at"))
    s = new_game(game, players, options, seed)
    rng = random.Random(seed)
    while not s.finished if at == "end" else at > 0:
        s.apply(rng.choice(s.legal_moves()))
        at = at if at == "end" else at - 1
    state = json.loads(json.dumps(s.to_json()))
    moves = []
    while not s.finished:
        m = rng.choice(s.legal_moves())
        moves.append(normal_move(s.move_to_json(m)))
        s.apply(m)
    res = s.result()
    out.append({"state": state, "moves": moves, "totals": res["totals"], "winners": res["winners"], "rounds": len(res["rounds"])})
json.dump({"note": spec.get("note", "format 1 states written by commit 073cb58 mid-game, then random moves to the end"),
           "cases": out}, open(DATA / STATES_FILE, "w"), indent=None, separators=(",", ":"))
print([len(c["moves"]) for c in out])
