"""Every game plays as recorded: Orlan, Olsen and Aluette as they did before the common
contract (recorded at commit 073cb58), the thirteen later games as they did before the
families were made data (recorded at e4a5726; Basic and Boathouse Rummy recorded again when
the round summary came to name what a melded joker stands for: only each recorded game's last
move, the one ending the hand, changed its events).

tests/data/baseline_*.json were written by ``python tools/play_record.py record`` from the
protocol's random and simple bots; every recorded move is replayed through the protocol and
the legal moves at every step, the round points and totals, the final totals and the
winners must be the same, and so must the observation of the seat to move (its JSON, key
order included: the bots' dice are seeded by it) and the events of every move.
"""
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import play_record  # noqa: E402


def _cases():
    for game in play_record.games():
        with open(play_record.baseline_path(game)) as f:
            for case in json.load(f)["cases"]:
                yield pytest.param(case, id=f"{game}-{case['players']}-{case['seed']}-{case['level']}-{len(case['steps'])}")


@pytest.mark.parametrize("case", list(_cases()))
def test_recorded_game_plays_identically(case):
    assert play_record.check_case(case) is None
