"""The window's registry of boards (``scenes.boards``): a third game, registered with its rules and its board in
a few lines here, is offered by the game menu and goes through the seat set-up, the play scene, the game-over
screen, the rules help and the statistics without a line of the window changed. And the two boxed games'
boards say what the window used to hard-code."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame
import pytest
from takeaway_game import TakeAway

from game.core.errors import GameError
from game.core.gamespec import GameSpec
from game.core.jsonio import field
from game.core.knowledge import GameKnowledge
from game.core.message import Message
from game.core.options import OptionValue
from game.core.protocol import Seat
from game.falconi.options import FalconiOptions
from game.fredericus.options import FredericusOptions
from game.i18n import catalog
from game.registry import register, unregister
from game.services.match import OFF, Match, MatchSetup, SeatPlan
from game.services.tally import Tally
from scenes.boards import BoardSpec, board, boards, has_board, register_board, unregister_board
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import ui_art
from scenes.kit.audio import cue_names, music_names
from scenes.kit.input import Binding, GameIntent, key_help
from scenes.kit.stack import Push, Scene
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.gameover import GameOverScene
from scenes.pages.overlays import RulesOverlay
from scenes.pages.seats import SeatSetupScene, describe_game
from scenes.pages.stats_scene import StatsScene, sample_stats
from scenes.pages.stats_table import table_lines, variant_name
from scenes.playing.gameview import BOARD_AREA
from scenes.playing.hud import Hud, SeatCard
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene


class Pebbles(TakeAway):
    """Take-away under another name, with a board of its own."""

    game_name = "pebbles"


def check_seats(in_play: Sequence[bool]) -> None:
    if len(in_play) != 2 or not in_play[0]:
        raise GameError("pebbles has two seats, the first one played")


def no_knowledge() -> GameKnowledge:
    raise AssertionError("no AI plays pebbles here")


@dataclass(frozen=True)
class PebblesOptions:
    """How many pebbles a game starts with."""

    pebbles: int = 5

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PebblesOptions:
        return cls(field(data, "pebbles", int, "match set-up"))

    def to_json(self) -> dict[str, OptionValue]:
        return {"pebbles": self.pebbles}


PEBBLES: GameSpec[PebblesOptions] = GameSpec(
    name="pebbles", title="Pebbles", options_type=PebblesOptions, check_seats=check_seats,
    new_state=lambda options, in_play, seed: Pebbles(options.pebbles, len(in_play)),
    state_from_json=Pebbles.from_json, knowledge=no_knowledge, roles=("player",), role_of=lambda seat: "player",
    record_variants=("any",), record_variant=lambda options, seats: "any",
)


SHAKE = GameIntent("shake_pile")  # the board's own intent: S shakes the pile (it says so)
SHAKE_BINDING = Binding(SHAKE, (pygame.K_s,), (), ("pebbles.keys.shake", ("S",), ()))


class PebblesView:
    """The board: a button per number of pebbles to take, and the pile as a row of dots."""

    shaken = 0

    secrets_drawn: frozenset[Seat] = frozenset()
    previewed_kinds: frozenset[str] = frozenset()

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.input_device = "mouse"

    def steps(self, state: Any, action: int) -> tuple[tuple[str, int], ...]:
        return (("take", action),)

    def is_button(self, step: tuple[str, int]) -> bool:
        return True

    def icon(self, step: tuple[str, int]) -> str:
        return "play"

    def option_rect(self, state: Any, prefix: Any, step: Any) -> pygame.Rect:
        raise AssertionError("every step is a button")

    def label(self, state: Any, step: tuple[str, int]) -> str:
        return f"take {step[1]}"

    def has_secrets(self, state: Any, seat: Seat) -> bool:
        return False

    def draw_board(self, surface: pygame.Surface, state: Any, chooser: Any, visible: frozenset[Seat], last: Any,
                   hidden: frozenset[str] = frozenset(), final: Any = None, why: Any = ()) -> None:
        for pebble in range(state.stones):
            pygame.draw.circle(surface, (200, 200, 200), (BOARD_AREA.x + 60 + 50 * pebble, BOARD_AREA.centery), 20)

    def animations(self, before: Any, action: int, after: Any, visible: frozenset[Seat]) -> list[Any]:
        return []

    def hud(self, state: Any, visible: frozenset[Seat]) -> Hud:
        return Hud(tuple(SeatCard(seat, f"Player {seat + 1}", Message("game.pebbles")) for seat in state.seats),
                   notes=(f"{state.stones} pebbles",))

    def picture(self, name: str, size: int) -> pygame.Surface:
        return pygame.Surface((size, size))

    def seat_colour(self, seat: Seat) -> tuple[int, int, int]:
        return PEBBLES_BOARD.colours[seat]

    def game_intent(self, kind: str) -> bool:
        self.shaken += kind == SHAKE
        return kind == SHAKE

    def looked_at(self, state: Any, intent: Any, chooser: Any) -> None:
        return None

    def winning_moment(self, actions: Sequence[int]) -> int:
        return len(actions) - 1

    def announces(self, action: int) -> bool:
        return False

    def explain(self, before: Any, action: int, after: Any) -> tuple[()]:
        return ()

    def event_sound(self) -> str:
        return "click"

    def turn_warning(self, state: Any, visible: frozenset[int]) -> None:
        return None

    def playfield(self, state: Any) -> pygame.Rect:
        return BOARD_AREA.copy()

    def pieces(self, state: Any) -> list[pygame.Rect]:
        return []

    def seat_cards(self, state: Any) -> list[pygame.Rect]:
        return []


def options_page(context: AppContext) -> Scene:
    """No options to choose: straight to the seats, the second one empty to begin with."""
    return SeatSetupScene(context, "pebbles")


def pebbles_emblem() -> pygame.Surface:
    """The game's own emblem, drawn here (it has no art files): three grey pebbles on a sand-coloured disc."""
    size = ui_art.EMBLEM_SIZE
    emblem = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(emblem, (14, 14, 22), (size // 2, size // 2), size // 2 - 1)
    pygame.draw.circle(emblem, (222, 196, 140), (size // 2, size // 2), size // 2 - 9)
    for x, y in ((44, 56), (84, 56), (64, 88)):
        pygame.draw.circle(emblem, (120, 124, 132), (x, y), 16)
    return emblem


PEBBLES_BOARD: BoardSpec[Pebbles, int, PebblesOptions] = BoardSpec(
    name="pebbles", title_key="game.pebbles", note_key="game.pebbles.note", emblem="pebbles",
    emblems=("pebbles",), music=None, colours=((200, 0, 0), (0, 0, 200)),
    colour_blind_colours=((213, 94, 0), (0, 114, 178)), make_view=PebblesView, options_page=options_page,
    first_seats=(SeatPlan.human(0), OFF), seat_icons=("player", "player"),
    describe=lambda tr, options: f"Pebbles ({options.pebbles})", setup_emblem=lambda options: "pebbles",
    rules_topics=lambda options: [("rules.pebbles", "pebbles")], record_name=lambda tr, variant: "any pile",
    may_be_off=lambda seat: seat > 0, seats_problem=lambda in_play: "" if all(in_play) else "setup.pebbles.two",
    result_lines=lambda tr, setup, state: [f"{state.taken} turns"],
    sample_records=(("any", "player", "people", Tally(3, 2)),),
    icons=("pebble",), sounds=("click",), bindings=(SHAKE_BINDING,),
)


@pytest.fixture
def pebbles(monkeypatch) -> Iterator[BoardSpec]:
    register(PEBBLES)
    register_board(PEBBLES_BOARD)
    monkeypatch.setitem(ui_art._ART._images, "emblem_pebbles", pebbles_emblem())  # in place of a file
    yield PEBBLES_BOARD
    unregister_board(PEBBLES_BOARD.name)
    unregister(PEBBLES.name)


def test_the_boxed_games_register_their_boards_in_the_order_of_the_menus():
    assert [spec.name for spec in boards()] == ["falconi", "fredericus"]
    assert has_board("falconi") and not has_board("pebbles")
    with pytest.raises(KeyError, match="pebbles"):
        board("pebbles")
    assert music_names() == ("falconi", "fredericus")
    assert ui_art.emblem_names() == ("margherita", "funghi", "prosciutto", "salami", "diavola", "falconi",
                                 "fredericus")
    assert board("falconi").palette()[1] == (214, 168, 58) and board("fredericus").palette(True)[3] == (240, 228, 66)


def test_the_boxed_boards_describe_their_set_ups(driver):
    tr = driver.app.context.tr
    assert describe_game(tr, "falconi", FalconiOptions("funghi")) == "Catch Don Falconi - Pizza Funghi"
    assert describe_game(tr, "fredericus", FredericusOptions()) == "Fredericus"
    assert describe_game(tr, "fredericus", FredericusOptions(True)).startswith("Fredericus - ")
    falconi, fredericus = board("falconi"), board("fredericus")
    assert falconi.setup_emblem(FalconiOptions("salami")) == "salami"
    assert fredericus.setup_emblem(FredericusOptions()) == "fredericus"
    assert falconi.seats_problem([True, False, False, False]) and not falconi.seats_problem([True, False, True, False])
    assert [falconi.may_be_off(seat) for seat in range(4)] == [False, True, True, True]
    assert not any(fredericus.may_be_off(seat) for seat in range(4))
    assert fredericus.record_name(tr, "3p-short") != fredericus.record_name(tr, "3p")


@pytest.mark.slow
def test_the_game_menu_offers_a_registered_game_which_plays_through_to_its_end(driver, pebbles):
    driver.click_item("new")
    assert isinstance(driver.top, GameChoiceScene)
    assert [item.key for item in driver.top.menu.items] == ["falconi", "fredericus", "pebbles", "back"]
    driver.click_item("pebbles")
    seats = driver.top
    assert isinstance(seats, SeatSetupScene) and seats.options == PebblesOptions(5)
    assert seats.menu.item("seat1").value == driver.app.context.tr("setup.empty")
    driver.click_item("start")  # the second seat is empty: the board says why it cannot start
    assert driver.top is seats and seats.menu.item("start").note == "setup.pebbles.two"
    seats.menu.focus = seats.menu.items.index(seats.menu.item("seat1"))
    driver.key(pygame.K_RIGHT)  # from "Empty" round to Player 1: one person plays both seats
    assert seats.plans == [SeatPlan.human(0), SeatPlan.human(0)]
    driver.click_item("start")
    play = driver.top
    assert isinstance(play, PlayScene) and play.music is None  # the game is played in silence
    for _ in range(10):
        if play.match.state.is_terminal():
            break
        driver.key(pygame.K_RETURN)
        driver.run(3)
    assert play.match.state.is_terminal()
    driver.run(120)  # the final position stays a moment, then the game-over screen
    over = driver.top
    assert isinstance(over, GameOverScene)
    assert f"{play.match.state.taken} turns" in [line for line, *_ in over.paragraphs()]
    assert "seat.pebbles." in over.headline()  # the seat's name, by the board's key (no catalog entry)


def test_the_rules_help_and_the_statistics_show_every_registered_game(driver, pebbles):
    context = driver.app.context
    rules = RulesOverlay(context, None)
    assert rules.topics[-2:] == ["rules.pebbles", "rules.controls"] and rules.pictures["rules.pebbles"] == "pebbles"
    setup = MatchSetup("pebbles", (SeatPlan.human(0), SeatPlan.human(0)))
    assert RulesOverlay(context, setup).topics == ["rules.pebbles", "rules.controls"]
    stats = StatsScene(context)
    assert [line.game for line in stats.lines() if line.kind == "heading"] == ["falconi", "fredericus", "pebbles"]
    context.stats = sample_stats()  # each board's made-up records
    assert [line.kind for line in table_lines(context.stats) if line.game == "pebbles"] == [
        "heading", "summary", "labels", "variant", "row", "players", "person", "person"]  # the player and the
    # sample's other name
    row = next(line for line in table_lines(context.stats) if line.game == "pebbles" and line.key is not None)
    assert variant_name(context.tr, row.key) == "any pile"
    stats.scroll(len(stats.lines()))
    stats.draw(pygame.Surface((1280, 720)))  # three games' emblems round the title, the last game's rows


def test_registering_a_board_fills_the_kit_with_its_icons_emblems_sounds_and_intents(pebbles):
    assert "pebble" in ui_art.icon_names() and ui_art.emblem_names()[-1] == "pebbles"
    assert ui_art.emblem("pebbles").get_at((64, 88))[:3] == (120, 124, 132)  # its own picture, not a plain disc
    assert music_names() == ("falconi", "fredericus")  # it is played in silence
    assert key_help()[-2] == SHAKE_BINDING.help and key_help()[-1][0] == "help.keys.fullscreen"
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0)
    assert [intent.kind for intent in inp.InputMapper().intents(key)] == [SHAKE]
    unregister_board(pebbles.name)
    assert "pebble" not in ui_art.icon_names() and "pebbles" not in ui_art.emblem_names()
    assert SHAKE_BINDING.help not in key_help() and inp.InputMapper().intents(key) == []


def test_the_kit_names_no_game_its_lists_come_from_the_boards_registered():
    boxed = boards()
    for spec in boxed:
        unregister_board(spec.name)
    try:
        assert ui_art.icon_names() == ui_art.ICONS.own and ui_art.emblem_names() == ()
        assert cue_names() == ("click", "deny") and music_names() == ()
        assert key_help() == inp.KEY_HELP
        assert inp.InputMapper().intents(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0)) == []
    finally:
        for spec in boxed:
            register_board(spec)
    assert "chili_bomb" in ui_art.icon_names() and "raptor_cry" in cue_names() and not inp.is_game_intent("shake_pile")
    assert inp.is_game_intent("danger")


@pytest.mark.parametrize("taken", [pygame.K_RETURN, pygame.K_d], ids=["the kit's confirm", "Falconi's danger"])
def test_a_board_whose_intent_wants_a_key_already_taken_is_refused(taken):
    greedy = replace(PEBBLES_BOARD, bindings=(Binding(SHAKE, (taken,), (), SHAKE_BINDING.help),))
    with pytest.raises(ValueError, match="another intent has"):
        register_board(greedy)
    assert not has_board("pebbles") and not inp.is_game_intent(SHAKE)


def test_a_games_own_intent_goes_to_its_board_and_another_board_says_it_has_no_use_for_it(driver, pebbles):
    setup = MatchSetup("pebbles", (SeatPlan.human(0),) * 2)
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, Match(setup))))
    play = driver.top
    driver.key(pygame.K_s)
    assert play.view.shaken == 1 and play.message != driver.app.context.tr("danger.none")
    driver.key(pygame.K_d)  # Falconi's danger lanes
    assert play.message == driver.app.context.tr("danger.none")


def test_every_key_a_boxed_board_names_is_in_the_catalogs():
    """The keys a board holds as data (its title, its seats, its notes, its rules pages, its intents' help and
    what another board says of them) are not ``tr("…")`` calls, which ``test_i18n.py`` finds by reading the
    scenes: they are checked here."""
    english = catalog("en")
    for spec in boards():
        keys = [spec.title_key, spec.note_key] + [spec.seat_key(seat) for seat in range(len(spec.colours))]
        keys += [topic + suffix for topic, _ in spec.rules_topics(None) for suffix in ("", ".title")]
        keys += [f"setup.preset.{name}" for name in spec.presets]
        problems = (spec.seats_problem([True] + [False] * 3), spec.seats_problem([True, True, False, False]))
        keys += [key for key in problems if key]
        keys += [key for binding in spec.bindings for key in (binding.help[0], f"{binding.intent}.none")]
        assert [key for key in keys if key not in english] == [], spec.name
