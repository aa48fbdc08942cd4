"""One move, one copy and one legality check (issue 39, point 2): a move chosen on screen or answered by an AI
seat is checked once, by the rules core that guards the state, and copied once, by the match that keeps the
position before it for undo and the animations; the play scene neither copies nor checks it again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from event_player import choose
from scene_driver import Driver, FixedClock

from game.ai.service import Decision
from game.core.errors import IllegalActionError
from game.core.protocol import GameState
from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.fredericus.state import FredericusState
from game.services.match import Match, MatchSetup, Person, SeatPlan
from scenes.app import App
from scenes.playing.play import PlayScene

ANNA = SeatPlan.human(0)
EASY = SeatPlan.ai("easy")


@dataclass
class Counts:
    """The clones made and the legality checks (``legal_actions`` asked) of the position a move is made in."""

    clones: int = 0
    checks: int = 0
    on: bool = False


@contextmanager
def counting(monkeypatch, match: Match) -> Iterator[Counts]:
    """Count Fredericus clones, and the legal actions asked before the move is in ``match``'s log, while
    ``counts.on``: the legal actions asked after it are the next decision's options, not this move's check."""
    counts = Counts()
    clone, legal_actions = FredericusState.clone, FredericusState.legal_actions
    played = len(match.log)

    def counted_clone(state: FredericusState) -> FredericusState:
        counts.clones += counts.on
        return clone(state)

    def counted_legal_actions(state: FredericusState):
        counts.checks += counts.on and len(match.log) == played
        return legal_actions(state)

    monkeypatch.setattr(FredericusState, "clone", counted_clone)
    monkeypatch.setattr(FredericusState, "legal_actions", counted_legal_actions)
    yield counts
    monkeypatch.setattr(FredericusState, "clone", clone)
    monkeypatch.setattr(FredericusState, "legal_actions", legal_actions)


def counted_while(counts: Counts, method: Callable[..., object]) -> Callable[..., object]:
    """``method``, counting only while it runs: the frames' drawing in between asks the state for itself."""
    def run(*args: object) -> object:
        counts.on = True
        try:
            return method(*args)
        finally:
            counts.on = False
    return run


def open_game(tmp_path, monkeypatch, seats: tuple[SeatPlan, ...]) -> tuple[Driver, PlayScene]:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(MatchSetup("fredericus", seats, (Person("Anna"),), seed=5), fps=0)
    app.context.ai_pause = 0.0
    app.clock = FixedClock(100)
    driver = Driver(app)
    driver.run(2)
    scene = driver.top
    assert isinstance(scene, PlayScene)
    return driver, scene


def test_a_move_chosen_on_screen_is_copied_once_and_checked_at_most_once(tmp_path, monkeypatch):
    driver, scene = open_game(tmp_path, monkeypatch, (ANNA, ANNA))
    try:
        action = scene.match.state.legal_actions()[0]
        played = len(scene.match.log)
        with counting(monkeypatch, scene.match) as counts:
            monkeypatch.setattr(scene, "handle", counted_while(counts, scene.handle))
            choose(driver, scene, action, "keyboard")
        assert len(scene.match.log) == played + 1
        assert counts.clones == 1  # the match's, for undo and the animations
        assert counts.checks <= 1  # the core's, as it applies the move
    finally:
        driver.app.close()


def test_an_ai_seats_move_is_copied_once_and_checked_at_most_once(tmp_path, monkeypatch):
    driver, scene = open_game(tmp_path, monkeypatch, (EASY, EASY))
    try:
        match = scene.match
        action = match.state.legal_actions()[0]
        text = match.state.action_text(action)

        def ask(state: GameState, level: str, seed: int) -> Decision:
            """The worker's answer at once, with the copy the AI service keeps to read it (not counted here)."""
            answer: Future[str | None] = Future()
            answer.set_result(text)
            return Decision(1, state.current_seat, answer, FredericusState.from_json(state.to_json()))

        monkeypatch.setattr(driver.app.context.ai, "ask", ask)
        played = len(match.log)
        with counting(monkeypatch, match) as counts:
            monkeypatch.setattr(scene, "update", counted_while(counts, scene.update))
            for _ in range(20):
                if len(match.log) > played:
                    break
                driver.run()
        assert [entry.text for entry in match.log[played:]] == [text]
        assert counts.clones == 1
        assert counts.checks <= 1
    finally:
        driver.app.close()


def test_an_ai_answer_the_position_no_longer_allows_is_dropped_and_the_seat_asked_again(tmp_path, monkeypatch):
    driver, scene = open_game(tmp_path, monkeypatch, (EASY, EASY))
    try:
        match = scene.match
        legal = match.state.action_text(match.state.legal_actions()[0])
        illegal = next(text for text in ("end", "stay", "flip 0")
                       if match.state.parse_action(text) not in match.state.legal_actions())
        answers = [illegal, legal]

        def ask(state: GameState, level: str, seed: int) -> Decision:
            answer: Future[str | None] = Future()
            answer.set_result(answers.pop(0))
            return Decision(1, state.current_seat, answer, state.clone())

        monkeypatch.setattr(driver.app.context.ai, "ask", ask)
        for _ in range(20):
            if match.log:
                break
            driver.run()
        assert [entry.text for entry in match.log] == [legal] and answers == []
    finally:
        driver.app.close()


@pytest.mark.parametrize(("game", "seats", "options", "text"), [
    ("falconi", (ANNA,) * 4, FalconiOptions("salami"), "step N"),
    ("fredericus", (ANNA, ANNA), FredericusOptions(), "end"),
])
def test_the_match_refuses_an_illegal_action_and_changes_nothing(game, seats, options, text):
    match = Match(MatchSetup(game, seats, options=options))
    before = match.state.clone()
    with pytest.raises(IllegalActionError) as error:
        match.play(match.state.parse_action(text))
    assert str(error.value).strip()
    assert match.state == before and match.log == [] and not match.can_undo()
