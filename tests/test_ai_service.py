"""The AI worker process: answers with a legal action, repeats for a seed, and stops when cancelled."""

import random
import time

import pytest

from game.ai.levels import level_makers
from game.ai.service import AIService
from game.core.view import SeatView
from game.falconi.state import FalconiState
from game.fredericus.state import FredericusState


@pytest.fixture(scope="module")
def service():
    """A worker whose searches are capped on its CPU time, as a tournament's are: the wall clock of a loaded
    machine would cut the worker's search and the local one at different iterations."""
    ai = AIService(clock=time.process_time)
    ai.start()
    yield ai
    ai.close()


def wait(decision, seconds=60.0):
    deadline = time.monotonic() + seconds
    while not decision.done():
        assert time.monotonic() < deadline, "the AI worker did not answer"
        time.sleep(0.01)
    return decision.result()


@pytest.mark.parametrize("state", [FalconiState.new_game("diavola", 4), FredericusState.new_game(3, 4)],
                         ids=["falconi", "fredericus"])
def test_the_worker_answers_as_the_bot_would_for_the_same_seed(service, state):
    action = wait(service.ask(state, "easy", seed=11))
    assert action in state.legal_actions()
    bot = level_makers(clock=time.process_time)["easy"]()
    assert action == bot.choose(SeatView(state), random.Random(11))


def test_a_cancelled_search_stops_and_answers_nothing(service):
    state = FalconiState.new_game("salami", 2)
    assert wait(service.ask(state, "easy", seed=1)) is not None  # the worker is up and has imported the AI
    decision = service.ask(state, "hard", seed=1)  # 1,600 iterations: far more than 0.1 s
    time.sleep(0.1)
    service.cancel(decision)
    assert wait(decision, 10) is None  # cancelled, not finished: a finished search answers an action
    later = service.ask(state, "easy", seed=1)  # the worker serves the next request as usual
    assert wait(later) in state.legal_actions()


def test_cancelling_stops_every_request_asked_so_far(service):
    state = FredericusState.new_game(4, 8)
    first = service.ask(state, "hard", seed=1)
    queued = service.ask(state, "hard", seed=2)
    service.cancel()
    assert wait(first, 10) is None and wait(queued, 10) is None
