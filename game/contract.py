"""The common game contract, checked on whole games: what every registered game promises.

In the spirit of OpenSpiel's random simulation test, ``play_checked`` plays one game to the
end and checks at every step:

* every card of the deck is in exactly one place (``State.card_locations``);
* the seat to move has legal moves, a finished game has none and its ``result`` says so;
* every legal move's JSON has a declared ``kind`` and reads back as the same move;
* every seat's observation has a ``phase``, the seat to move finds its legal moves in it,
  and it never names a card that seat may not see (``State.hidden_cards``; the summaries
  of past rounds under ``rounds`` name cards of earlier deals and the keys of
  ``State.RULE_CARD_KEYS`` name cards the rules fix, so neither is searched);
* every event has a ``type``; a ``round_end`` carries the common round summary (round,
  sides, points and totals per side) and its totals add up; ``game_end`` comes once, last,
  with the winners of ``result``;
* at some steps, ``sample`` deals a full state from the observation of the seat to move
  that shows that seat exactly the same observation;
* the state saved as JSON at a random step, loaded and given the same moves, ends in the
  same state.

tests/test_contract.py runs it over every entry of game/registry.py, for every player
count and every option value; ``python main.py soak`` runs it on many games in parallel.
A failure raises ContractError naming the game, the seed and the step.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from game.rules import RulesError, State

MAX_MOVES = 250_000  # a game that has not ended by then is reported as endless (random moves in a
# rummy game to a target: nearly every hand is void, and a game can take 200 hands)


class ContractError(AssertionError):
    pass


@dataclass
class GameRun:
    """What one checked game did (for the soak's figures)."""

    moves: int = 0
    rounds: int = 0
    samples: int = 0
    checks: dict[str, int] = field(default_factory=dict)


def configs(cls: type[State]) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, then every other value of each option
    (one option at a time) at every player count that accepts it.

    A game whose random games would be long declares a short setting for the checks in
    ``GameInfo.extra["contract_options"]`` (the rummy games: one hand): it is part of every
    combination, and its options are varied over their other values, default included."""
    info = cls.info
    short = dict(info.extra.get("contract_options", {}))
    out = []
    for players in range(info.min_players, info.max_players + 1):
        variants: list[dict[str, Any]] = [{}]
        for opt in info.options:
            variants += [{opt.name: v} for v in opt.choices if v != short.get(opt.name, opt.default)]
        for options in variants:
            options = {**short, **options}
            try:
                cls.new(players, options, 0)
            except RulesError:
                continue  # a combination the game refuses (teams with 3 players...)
            out.append((players, options))
    return out


# Observation keys that hold the record of earlier rounds, whose cards were dealt again
# since: round summaries and the plays of past rounds. History, not where a card is now.
PAST_ROUND_KEYS = ("rounds", "past_rounds")
_QUOTED = re.compile(r'"([^"\\]*)"')  # every string of a JSON text, keys included (never a card code)


Chooser = Callable[[State, int, random.Random], Any]


def random_chooser(state: State, seat: int, rng: random.Random) -> Any:
    return rng.choice(state.legal_moves())


def bot_chooser(level: str, game_id: str, seed: int) -> Chooser:
    """Moves from the game's bots of one level (one bot per seat, seeded)."""
    from game.bots import make_bot

    bots: dict[int, Any] = {}

    def choose(state: State, seat: int, rng: random.Random) -> Any:
        if seat not in bots:
            bots[seat] = make_bot(level, game_id, seed=seed * 10 + seat, ms=5.0, iterations=20)
        return bots[seat].choose(state.observation(seat))

    return choose


class Checker:
    def __init__(self, cls: type[State], players: int, options: dict, seed: int) -> None:
        self.cls = cls
        self.deck = cls.info.deck
        self.where = f"{cls.info.id} players={players} options={options} seed={seed}"
        self.step = 0

    def fail(self, what: str) -> None:
        raise ContractError(f"{self.where} step {self.step}: {what}")

    def cards(self, state: State) -> None:
        seen = 0
        for place, mask in state.card_locations().items():
            if seen & mask:
                self.fail(f"a card of {place} is also elsewhere: {self.deck.codes_of(seen & mask)}")
            seen |= mask
        if seen != self.deck.full_mask:
            self.fail(f"cards nowhere: {self.deck.codes_of(self.deck.full_mask & ~seen)}")

    def moves(self, state: State, full: bool = True) -> list:
        legal = state.legal_moves()
        seat = state.current_player()
        if seat is None:
            if legal:
                self.fail("a finished game has legal moves")
            return legal
        if not legal:
            self.fail(f"seat {seat} is to move and has no legal move")
        kinds = state.MOVE_KINDS
        for m in legal if full else legal[:1]:
            j = state.move_to_json(m)
            if not isinstance(j, dict) or j.get("kind") not in kinds:
                self.fail(f"move {j!r} has no declared kind (kinds: {sorted(kinds)})")
            if state.move_from_json(j) != m:
                self.fail(f"move {j!r} does not read back as the same move")
        return legal

    def observations(self, state: State, legal: list, seats: Any = None) -> None:
        to_move = state.current_player()
        for seat in range(state.players) if seats is None else seats:
            obs = state.observation(seat)
            if not isinstance(obs.get("phase"), str):
                self.fail(f"the observation of seat {seat} has no phase")
            if (obs["phase"] == "over") != (to_move is None):
                self.fail(f"the observation's phase is {obs['phase']!r}: it must be 'over' exactly once the game is over")
            if seat == to_move and obs.get("legal") != [state.move_to_json(m) for m in legal]:
                self.fail(f"the observation of seat {seat} (to move) does not list its legal moves")
            hidden = state.hidden_cards(seat)
            if hidden:
                codes = set(self.deck.codes_of(hidden))
                # Summaries of past rounds name cards of earlier deals: history, not places.
                skip = {*PAST_ROUND_KEYS, *state.RULE_CARD_KEYS}
                text = json.dumps({k: v for k, v in obs.items() if k not in skip})
                shown = codes.intersection(_QUOTED.findall(text))
                if shown:
                    self.fail(f"the observation of seat {seat} names hidden cards {sorted(shown)}")

    def sample(self, state: State, rng: random.Random) -> None:
        seat = state.current_player()
        obs = json.loads(json.dumps(state.observation(seat)))
        world = self.cls.sample(obs, rng)
        if world.observation(seat) != obs:
            self.fail(f"a sampled state shows seat {seat} another observation")
        self.cards(world)

    def events(self, state: State, events: Any, rounds: list) -> bool:
        """Checks what one move caused; True once the game has ended."""
        if not isinstance(events, list) or not all(isinstance(e, dict) and "type" in e for e in events):
            self.fail(f"apply must return a list of events with a type, not {events!r}")
        ended = False
        for e in events:
            if ended:
                self.fail(f"event {e['type']} after game_end")
            if e["type"] == "round_end":
                self.summary(e["summary"], rounds)
                rounds.append(e["summary"])
            elif e["type"] == "game_end":
                ended = True
                if e.get("winners") != state.result()["winners"]:
                    self.fail(f"game_end names winners {e.get('winners')}, result {state.result()['winners']}")
        if ended != (state.current_player() is None):
            self.fail("game_end must come exactly when the game ends")
        return ended

    def summary(self, s: Any, rounds: list) -> None:
        if not isinstance(s, dict) or not {"round", "sides", "points", "totals"} <= set(s):
            self.fail(f"a round summary needs round, sides, points and totals: {s!r}")
        sides = s["sides"]
        if not sides or not all(isinstance(x, list) and x for x in sides):
            self.fail(f"summary sides must be lists of seats: {sides!r}")
        if len(s["points"]) != len(sides) or len(s["totals"]) != len(sides):
            self.fail("summary points and totals must have one value per side")
        before = rounds[-1]["totals"] if rounds and rounds[-1]["sides"] == sides else [0] * len(sides)
        if [a + b for a, b in zip(before, s["points"])] != list(s["totals"]):
            self.fail(f"totals {s['totals']} are not the previous {before} plus the points {s['points']}")

    def result(self, state: State, rounds: list) -> None:
        res = state.result()
        n = state.players
        finished = state.current_player() is None
        if len(res.get("totals", ())) != n:
            self.fail("result totals must have one value per seat")
        winners = res.get("winners")
        if not isinstance(winners, list) or any(w not in range(n) for w in winners) or winners != sorted(set(winners)):
            self.fail(f"winners must be a sorted list of seats: {winners!r}")
        if winners and not finished:
            self.fail("winners before the game is over")
        if res.get("finished") != finished:
            self.fail("result finished disagrees with current_player")
        if res.get("rounds") != rounds:
            self.fail("result rounds are not the summaries of the round_end events")
        sides, side_totals = res.get("sides"), res.get("side_totals")
        if (not isinstance(sides, list) or sorted(x for side in sides for x in side) != list(range(n))
                or not isinstance(side_totals, list) or len(side_totals) != len(sides)):
            self.fail(f"result sides must share out the seats, one side total each: {sides!r}, {side_totals!r}")
        if any(res["totals"][x] != side_totals[i] for i, side in enumerate(sides) for x in side):
            self.fail("result totals per seat differ from the side totals")
        if res.get("draw") is not (finished and not winners):
            self.fail(f"result draw must say the game is over with no winner: {res.get('draw')!r}")
        if finished and rounds:
            last = rounds[-1]
            for side, seats in enumerate(last["sides"]):
                if any(res["totals"][seat] != last["totals"][side] for seat in seats):
                    self.fail("result totals per seat differ from the last summary's totals per side")


def play_checked(
    cls: type[State],
    players: int,
    options: dict[str, Any],
    seed: int,
    chooser: Chooser = random_chooser,
    sample_every: int = 11,
    observe_every: int = 1,
) -> GameRun:
    """Play one game to the end with every contract check; ContractError on a breach.

    The seat to move's observation is checked at every step; every seat's, and the JSON
    of every legal move, each ``observe_every`` steps; ``sample`` each ``sample_every``."""
    rng = random.Random(f"contract:{seed}")
    state = cls.new(players, options, seed)
    chk = Checker(cls, players, options, seed)
    run = GameRun()
    rounds: list = []
    save_at = rng.randrange(120)
    saved: str | None = None
    tail: list = []
    while True:
        full = chk.step % observe_every == 0
        chk.cards(state)
        legal = chk.moves(state, full)
        if full or not legal:
            chk.observations(state, legal)
        else:
            chk.observations(state, legal, [state.current_player()])
        chk.result(state, rounds)
        seat = state.current_player()
        if seat is None:
            break
        if chk.step % sample_every == sample_every - 1:
            chk.sample(state, rng)
            run.samples += 1
        if chk.step == save_at:
            saved = json.dumps(state.to_json())
        move = chooser(state, seat, rng)
        if move not in legal:
            chk.fail(f"the chooser picked an illegal move {move!r}")
        if saved is not None:
            tail.append(move)
        chk.events(state, state.apply(move), rounds)
        chk.step += 1
        if chk.step > MAX_MOVES:
            chk.fail(f"no end after {MAX_MOVES} moves")
    run.moves = chk.step
    run.rounds = len(rounds)
    if saved is not None:
        again = cls.from_json(json.loads(saved))
        for move in tail:
            again.apply(move)
        if again.to_json() != state.to_json() or again.result() != state.result():
            chk.fail(f"the state saved at step {save_at} and given the same moves ends differently")
    if json.loads(json.dumps(state.to_json())) != state.to_json():
        chk.fail("the finished state is not plain JSON")
    return run
