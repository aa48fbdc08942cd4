"""F-6.3 and F-9: nothing a police seat can perceive tells an escape-tile draw from a road-tile draw.

Twin games: over many seeds of Salami and Diavola, a random game is played to a moment where Don Falconi may
draw. Two copies are made that differ in one thing only: the tile on top of the pile is an escape tile in one
and a road tile in the other (each lies at the bottom of the other twin's pile, where no draw reaches during
the test). Both draw it, then play on with the same actions, chosen among those legal in both, through the
police's turns and into his next one. After every action, everything a police seat can perceive must be
the same in both twins:

- its observation, and the samples ``determinize`` deals for it (what its bots and its hints search);
- the log's sentence for the action, in every language;
- the board as drawn for the police (no secret seat visible), the side panel's lines, the danger lanes;
- the animations of the action: their pictures at three moments and their sound cues;
- the hint the Normal AI gives a police seat when it decides;
- the message of an illegal action tried at any moment.
"""

from __future__ import annotations

import random

import pygame
import pytest
from board_frames import frames
from falconi_scenarios import fresh_escape, pile_order, rigged
from registry_cases import pizzas

from game.ai.ismcts import ISMCTSBot
from game.ai.levels import NORMAL
from game.ai.service import AIService
from game.core.errors import IllegalActionError
from game.core.view import SeatView
from game.falconi.constants import FUGITIVE, POLICE
from game.falconi.danger import danger_lanes
from game.falconi.state import FalconiState
from game.falconi.tiles import ESCAPE
from game.i18n import Translator
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.falconi.view import FalconiView
from scenes.kit.input import InputMapper

SEEDS = range(1, 25)
ACTIONS_AFTER_THE_DRAW = 14
TRANSLATORS = [Translator(language) for language in LANGUAGES]
TRIED = ("place crossroads 0,0 r0", "escape N0", "step N", "draw", "boost N,N")


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    pygame.init()
    folder = tmp_path_factory.mktemp("data")
    return FalconiView(AppContext(Settings(), folder, SaveStore(folder), AIService(), InputMapper()))


def twins(variant: str, seed: int) -> tuple[FalconiState, FalconiState] | None:
    """A position of a random game where Don Falconi may draw, twice: an escape tile on top of the pile in the
    first, a road tile in the second; ``None`` when the game gives no such moment with an escape tile left."""
    state = FalconiState.new_game(variant, seed, POLICE)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_terminal():
            return None
        if state.current_seat == FUGITIVE and "draw" in texts(state) and rng.random() < 0.5:
            pile = pile_order(state)
            escape = next((i for i, item in enumerate(pile) if item >= ESCAPE), None)
            road = next((i for i, item in enumerate(pile) if item < ESCAPE), None)
            if escape is not None and road is not None:
                return with_top(state, pile[escape], pile[road]), with_top(state, pile[road], pile[escape])
        state.apply(rng.choice(state.legal_actions()))
    return None


def with_top(state: FalconiState, top: int, bottom: int) -> FalconiState:
    """``state`` with ``top`` moved to the top of the pile and ``bottom`` to its bottom."""
    pile = pile_order(state)
    pile.remove(top)
    pile.remove(bottom)
    return rigged(state, pile=[bottom, *pile, top])


def texts(state: FalconiState) -> list[str]:
    return [state.action_text(action) for action in state.legal_actions()]


def police_seats(state: FalconiState) -> list[int]:
    return [seat for seat in POLICE if state.status[seat] != 0]


def perceived(view: FalconiView, state: FalconiState, before: FalconiState | None, text: str | None) -> dict:
    """Everything the police seats perceive of ``state`` (and of the action ``text`` that led to it)."""
    police = frozenset(police_seats(state))
    seen: dict = {}
    for seat in police:
        seen[f"observation {seat}"] = state.observation(seat)
        seen[f"samples {seat}"] = [state.determinize(seat, random.Random(k)).to_json() for k in range(2)]
        if not state.is_terminal():
            seen[f"danger {seat}"] = sorted(danger_lanes(state, seat).lanes.items())
    surface = pygame.Surface((1280, 720))
    view.draw_board(surface, state, None, police, [])
    seen["board"] = pygame.image.tobytes(surface, "RGB")
    seen["panel"] = view.hud(state, police)
    if before is not None and text is not None:
        action = before.parse_action(text)
        seen["log"] = [translator.message(before.narrate(action)) for translator in TRANSLATORS]
        animations = view.animations(before, action, state.clone(), police)
        seen["sounds"] = [animation.sound for animation in animations]
        seen["animation"] = frames(view, state, animations, police)
    seen["errors"] = refusals(state)
    return seen


def refusals(state: FalconiState) -> dict[str, str | None]:
    """The message refusing each of a few actions (``None`` where it is legal: only Don Falconi may know which
    of his actions are, and nobody may play them for him)."""
    messages: dict[str, str | None] = {}
    for tried in TRIED:
        try:
            state.clone().apply(state.parse_action(tried))
        except IllegalActionError as error:
            messages[tried] = str(error)
        else:
            messages[tried] = None
    return messages


def hint(state: FalconiState) -> str:
    """The Normal AI's choice for the police seat deciding, as the hint key would ask it."""
    bot = ISMCTSBot("normal", NORMAL)
    return state.action_text(bot.choose(SeatView(state), random.Random(7)))


def same_turn_after(one: FalconiState, two: FalconiState, text: str) -> bool:
    """Whether ``text`` leaves both twins in the same turn. A Mode II turn ends early when no action is legal
    (F-6.1), and a face-down escape tile he holds can be placed on the border where no road tile fits: then
    the rules make his turn go on in one twin only, as at the table. That is his hand showing through the
    rules, not his draw through the program, so the twins are played only along actions that avoid it."""
    after = [twin.clone() for twin in (one, two)]
    for twin in after:
        twin.apply(twin.parse_action(text))
    return (after[0].turn_number, after[0].current_seat) == (after[1].turn_number, after[1].current_seat)


def assert_same(one: dict, two: dict, where: str) -> None:
    for key in one:
        if key == "errors":  # compared where both refuse
            for tried, message in one[key].items():
                if message is not None and two[key][tried] is not None:
                    assert message == two[key][tried], f"{where}: the refusal of {tried!r} differs"
            continue
        assert one[key] == two[key], f"{where}: the police can tell the twins apart by {key}"


@pytest.mark.parametrize("variant", pizzas(mode=2))
@pytest.mark.slow
def test_f6_3_the_police_perceive_the_same_whether_he_drew_an_escape_tile_or_a_road_tile(view, variant: str) -> None:
    compared = hinted = 0
    for seed in SEEDS:
        pair = twins(variant, seed)
        if pair is None:
            continue
        escape_twin, road_twin = pair
        assert pile_order(escape_twin)[-1] >= ESCAPE > pile_order(road_twin)[-1]
        assert_same(perceived(view, escape_twin, None, None), perceived(view, road_twin, None, None), "before")
        rng = random.Random(seed)
        text = "draw"
        for step in range(ACTIONS_AFTER_THE_DRAW):
            befores = escape_twin.clone(), road_twin.clone()
            escape_twin.apply(escape_twin.parse_action(text))
            road_twin.apply(road_twin.parse_action(text))
            where = f"{variant} seed {seed}, action {step} ({text})"
            assert_same(perceived(view, escape_twin, befores[0], text), perceived(view, road_twin, befores[1], text),
                        where)
            compared += 1
            if step == 0:  # the draw itself: the tile went face down into his reserve in both
                assert fresh_escape(escape_twin) >= ESCAPE and fresh_escape(road_twin) < 0
            if escape_twin.is_terminal() or road_twin.is_terminal():
                break
            if escape_twin.current_seat != FUGITIVE and hinted < 6:
                assert hint(escape_twin) == hint(road_twin), f"{where}: the hint differs"
                hinted += 1
            both = [choice for choice in texts(escape_twin) if choice in set(texts(road_twin))
                    if same_turn_after(escape_twin, road_twin, choice)]
            if not both:
                break
            text = rng.choice(both)
    assert compared >= 150 and hinted >= 6, (compared, hinted)


@pytest.mark.slow
def test_f6_5_the_police_perceive_the_same_whether_he_must_smash_or_has_another_way_on(view) -> None:
    """Diavola (F-6.5, revised 2026-11-27): twins that differ only in his accomplice's district, which decides
    whether the free slot at the end of his road is a way out or his only way on is the block ahead. Port ends
    the round, he smashes the block in both, and both play on alike through his turn and the police's."""
    from test_falconi_rulings_2026_11_27 import accomplice_twins

    free, bound = accomplice_twins()
    assert_same(perceived(view, free, None, None), perceived(view, bound, None, None), "before")
    rng = random.Random(5)
    text, compared = "step S", 0
    while True:
        befores = free.clone(), bound.clone()
        free.apply(free.parse_action(text))
        bound.apply(bound.parse_action(text))
        if compared == 0:
            assert bound.must_smash and not free.must_smash
        assert_same(perceived(view, free, befores[0], text), perceived(view, bound, befores[1], text),
                    f"must-smash twins, action {compared} ({text})")
        compared += 1
        if free.is_terminal() or bound.is_terminal() or compared > 9:
            break
        if free.current_seat != FUGITIVE:
            assert hint(free) == hint(bound), f"must-smash twins, action {compared}: the hint differs"
        both = [choice for choice in texts(free) if choice in set(texts(bound)) if same_turn_after(free, bound, choice)]
        text = "boost W" if compared == 1 else rng.choice(both)
    assert compared > 6 and not bound.must_smash
