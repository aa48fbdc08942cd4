"""What a popped scene hands to the scene below (``scenes/kit/results.py``): each overlay, clicked through real
events, pops the result its scene below reads; that scene's ``resume`` has a ``case`` for it; and a result a
scene does not expect is ignored (no transition, no crash)."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, get_args

import pytest
from online_table import TABLE, TableDouble, read_update, update_message
from saved_games import save_in_new_slot
from scene_driver import Driver
from test_online_seats_pages import Wary

from game.core.message import Message
from game.online.mirror import Mirror
from game.services.match import KEYBOARD, Match, MatchSetup, Person, SeatPlan
from game.services.tutorials import FIRST_PATHS
from scenes.context import AppContext
from scenes.kit.results import (
    AskHint,
    ConfirmedMove,
    DeleteSlot,
    GuessesRefused,
    HandedOver,
    LeaveGame,
    MoreLessons,
    OpenLog,
    OtherSlots,
    PasswordRefused,
    PlayCopy,
    PlayReadyGame,
    QuitApp,
    ResetStats,
    RestartTutorial,
    ResumeSlot,
    SceneResult,
    SwitchDevice,
    TakeBack,
    UndoLast,
)
from scenes.kit.stack import Push, Scene
from scenes.online.join import JoinScene, TablesScene
from scenes.online.network import offline_network
from scenes.online.play import OnlinePauseOverlay
from scenes.online.session import Session
from scenes.online.source import OnlineSource, online_scene
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import HandOverOverlay, PadMissingOverlay, PauseOverlay
from scenes.pages.saved_games import HeldSlotOverlay, SavedGamesScene, SlotOverlay
from scenes.pages.stats_scene import StatsScene, sample_stats
from scenes.pages.tutorial_menus import TutorialEndOverlay, TutorialMenu
from scenes.playing.no_loss import losing_question
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import LocalSource, start_match_scene
from scenes.playing.sources.tutorial import TutorialSource, tutorial_scene

TUTORIAL = FIRST_PATHS["fredericus"]
SLOT = "slot"  # stands for the name of the one saved game the rows make


def two_people() -> MatchSetup:
    return MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.human(1)), (Person("Anna"), Person("Bruno")), seed=4)


def against_ai(moves: int = 0) -> Match:
    """Anna against an easy AI, after ``moves`` of hers (one: she may take it back)."""
    match = Match(MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.ai("easy")), (Person("Anna"),), seed=4))
    for _ in range(moves):
        match.play(match.state.legal_actions()[0])
    return match


class LosesEverything:
    """A position where every move loses: the question before a losing move is asked whatever is chosen."""

    def self_defeat(self, action: object, allies: frozenset[int]) -> Message:
        return Message.of("fredericus.loss.behind", leader="@seat.fredericus.1", theirs=3, mine=1)


def losing_move(context: AppContext) -> Scene:
    question = losing_question(context, LosesEverything(), "draw", frozenset())  # type: ignore[arg-type]
    assert question is not None
    return question


def pushed(transition: object) -> Scene:
    """The scene a page's own action pushes (a question whose answer the page chose)."""
    assert isinstance(transition, Push)
    return transition.scene


def online_pause(context: AppContext) -> Scene:
    """The pause menu of a game at a table (its leave question says what becomes of the seat)."""
    session = Session(TableDouble("127.0.0.1", 47470, "Ann"), "Ann")
    return OnlinePauseOverlay(context, Mirror(TABLE, two_people()), KEYBOARD, session)


def tables(double: type[TableDouble], **fields: Any) -> Callable[[AppContext], Scene]:
    def make(context: AppContext) -> Scene:
        return TablesScene(context, Session(double("10.0.0.7", 47470, "Ann", **fields), "Ann"), "10.0.0.7:47470")

    return make


SOURCES: tuple[type, ...] = (LocalSource, TutorialSource, OnlineSource)  # read through the one play scene
Reader = type  # a scene that reads results, or a move source, whose play scene reads them with it


@dataclass(frozen=True)
class Row:
    """An overlay (made as the scenes below make it), the items clicked on it and on what they open, the
    result that comes down, and the scenes that read it."""

    name: str
    overlay: Callable[[AppContext], Scene]
    clicks: tuple[str, ...]
    result: SceneResult
    readers: tuple[Reader, ...]


ROWS = [
    Row("hand-over ready", lambda c: HandOverOverlay(c, "Anna", 0, undo=True), ("ready",), HandedOver(),
        (LocalSource,)),
    Row("hand-over undo", lambda c: HandOverOverlay(c, "Anna", 0, undo=True), ("undo",), UndoLast(), (LocalSource,)),
    Row("losing move", losing_move, ("yes",), ConfirmedMove("draw"), (LocalSource,)),
    Row("pause take back", lambda c: PauseOverlay(c, against_ai(1)), ("take_back",), TakeBack(), (LocalSource,)),
    Row("pause log", lambda c: PauseOverlay(c, against_ai()), ("log",), OpenLog(), (LocalSource,)),
    Row("pause hint", lambda c: PauseOverlay(c, against_ai()), ("hint",), AskHint(KEYBOARD), (LocalSource,)),
    Row("pad missing", lambda c: PadMissingOverlay(c, "pad1", frozenset()), ("keyboard",),
        SwitchDevice("pad1", KEYBOARD), (LocalSource,)),
    Row("leave question", lambda c: pushed(PauseOverlay(c, against_ai())._quit()), ("yes",), LeaveGame(),
        (PauseOverlay,)),
    Row("pause leave", lambda c: PauseOverlay(c, against_ai()), ("quit", "yes"), LeaveGame(),
        (LocalSource, TutorialSource)),
    Row("online leave", online_pause, ("quit", "yes"), LeaveGame(), (OnlineSource,)),
    Row("tutorial menu again", TutorialMenu, ("restart",), RestartTutorial(), (TutorialSource,)),
    Row("tutorial menu leave", TutorialMenu, ("leave",), LeaveGame(), (TutorialSource,)),
    Row("tutorial end real", lambda c: TutorialEndOverlay(c, TUTORIAL), ("real",), PlayReadyGame(), (TutorialSource,)),
    Row("tutorial end more", lambda c: TutorialEndOverlay(c, TUTORIAL), ("more",), MoreLessons(), (TutorialSource,)),
    Row("tutorial end again", lambda c: TutorialEndOverlay(c, TUTORIAL), ("again",), RestartTutorial(),
        (TutorialSource,)),
    Row("tutorial end menu", lambda c: TutorialEndOverlay(c, TUTORIAL), ("menu",), LeaveGame(), (TutorialSource,)),
    Row("title quit", lambda c: pushed(TitleScene(c).back()), ("yes",), QuitApp(), (TitleScene,)),
    Row("statistics reset", lambda c: pushed(StatsScene(c)._ask_reset()), ("yes",), ResetStats(), (StatsScene,)),
    Row("slot resume", lambda c: SlotOverlay(c, c.saves.slots()[0]), ("resume",), ResumeSlot(SLOT),
        (SavedGamesScene,)),
    Row("slot delete", lambda c: SlotOverlay(c, c.saves.slots()[0]), ("delete", "yes"), DeleteSlot(SLOT),
        (SavedGamesScene, SlotOverlay)),
    Row("held slot copy", lambda c: HeldSlotOverlay(c, c.saves.slots()[0].name), ("copy",), PlayCopy(SLOT),
        (SavedGamesScene, TitleScene)),
    Row("held slot others", lambda c: HeldSlotOverlay(c, c.saves.slots()[0].name), ("others",), OtherSlots(SLOT),
        (TitleScene,)),
    Row("tables password", tables(TableDouble, server_password="sesame"), (), PasswordRefused(), (JoinScene,)),
    Row("tables wait", tables(Wary), (), GuessesRefused(40), (JoinScene,)),
]


class Recorder(Scene):
    """The scene below an overlay: it keeps what it is handed."""

    def __init__(self) -> None:
        self.results: list[SceneResult | None] = []

    def resume(self, result: SceneResult | None) -> None:
        self.results.append(result)


def named(result: SceneResult, slot: str) -> SceneResult:
    """``result`` with the saved game's real name where the row says ``SLOT``."""
    return replace(result, name=slot) if isinstance(result, ResumeSlot | DeleteSlot | PlayCopy | OtherSlots) else result


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_each_overlay_pops_the_result_its_scene_below_reads(driver: Driver, row: Row) -> None:
    context = driver.app.context
    slot = save_in_new_slot(context.saves, Match(two_people()))
    recorder = Recorder()
    driver.app.stack.apply(Push(recorder))
    driver.app.stack.apply(Push(row.overlay(context)))
    driver.run()
    for key in row.clicks:
        driver.click_item(key)
    driver.run(2)
    assert driver.top is recorder and recorder.results == [named(row.result, slot)]


def cased(resume: Callable[..., object]) -> tuple[set[str], bool]:
    """The classes ``resume``'s ``match`` has a case for, and whether it hands the rest to ``super().resume``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(resume)))
    classes = {ast.unparse(node.cls).rpartition(".")[2] for node in ast.walk(tree) if isinstance(node, ast.MatchClass)}
    calls_super = any(isinstance(node, ast.Attribute) and node.attr == "resume" and isinstance(node.value, ast.Call)
                      and ast.unparse(node.value.func) == "super" for node in ast.walk(tree))
    return classes, calls_super


def handled(reader: Reader) -> set[str]:
    """The result classes ``reader`` dispatches on, its own and those it hands up to the classes it comes from;
    a move source's are the play scene's and its own, to which the play scene hands the rest."""
    if reader in SOURCES:
        return cased(PlayScene.resume)[0] | cased(vars(reader)["resume"])[0]
    classes: set[str] = set()
    for kind in reader.__mro__:
        if "resume" in vars(kind):
            own, calls_super = cased(vars(kind)["resume"])
            classes |= own
            if not calls_super:
                break
    return classes


READS = sorted({(reader, type(row.result)) for row in ROWS for reader in row.readers},
               key=lambda pair: (pair[0].__name__, pair[1].__name__))


@pytest.mark.parametrize(("reader", "result"), READS, ids=[f"{r.__name__}-{k.__name__}" for r, k in READS])
def test_each_scene_has_a_case_for_the_results_its_overlays_pop(reader: Reader, result: type) -> None:
    assert result.__name__ in handled(reader)


def test_every_kind_of_result_has_an_overlay_that_pops_it_and_a_scene_that_reads_it() -> None:
    assert {type(row.result) for row in ROWS} == set(get_args(SceneResult))


def at_a_table(context: AppContext) -> Scene:
    """The play scene of a table, from its first update."""
    session = Session(TableDouble("127.0.0.1", 47470, "Ann"), "Ann")
    return online_scene(context, session, Mirror.from_update(read_update(update_message(Match(two_people()), 0))))


READERS: dict[Reader, Callable[[AppContext], Scene]] = {
    LocalSource: lambda c: start_match_scene(c, Match(two_people())),
    TutorialSource: lambda c: tutorial_scene(c, TUTORIAL),
    OnlineSource: at_a_table,
    PauseOverlay: lambda c: PauseOverlay(c, against_ai()),
    SlotOverlay: lambda c: SlotOverlay(c, c.saves.slots()[0]),
    SavedGamesScene: SavedGamesScene,
    TitleScene: TitleScene,
    StatsScene: StatsScene,
    JoinScene: lambda c: JoinScene(c, offline_network()),
}


@pytest.mark.parametrize("reader", list(READERS), ids=[reader.__name__ for reader in READERS])
def test_a_result_a_scene_does_not_expect_is_ignored(driver: Driver, reader: Reader) -> None:
    context = driver.app.context
    context.stats = sample_stats()
    save_in_new_slot(context.saves, Match(two_people()))
    scene = READERS[reader](context)
    cases = handled(reader)
    for row in ROWS:
        if type(row.result).__name__ not in cases:
            assert scene.resume(row.result) is None, row.name
    scene.leave()


def test_every_scene_that_reads_a_result_is_asked_about_the_others() -> None:
    assert {reader for row in ROWS for reader in row.readers} == set(READERS)
