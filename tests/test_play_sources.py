"""One play scene, every move source (issue 53): the same moves of one seeded game, played by the people here
with the AI worker (a scripted stand-in of it), by an online table (a fake link feeding the updates the server
would send), by a tutorial's script and stepped through in the replay of the finished match, draw the same board
after every move. What differs between the sources is what they say, never how the board is drawn: the same
position seen by the same seats is the same picture.

Each move's board is compared as it lands, its animations ended, pixel by pixel, its banner and explanation
included. Left out: the choice on offer (a tutorial focuses the option its arrow points at, a local game the
chooser's first), and an earlier move's banner, which fades after a time each source spends its own way. The
replay marks what it shows its own way, so it is compared with the local game drawn so: only the one action
that led to the position marked as the last (not the mover's whole turn), explained, and no banner (the replay
reads each move's events in its log); and it shows every seat's secrets, so it is shown the seat the others see.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from online_table import TABLE, received, update_message
from scene_driver import Driver, screenshot_dir

import scenes
from game.core.protocol import Action, Seat
from game.online.messages import Act, ClientMessage, Received
from game.services.match import Match, SeatPlan
from game.services.tutorials import LEARNER, NOTE, SCRIPT, TUTORIALS, Tutorial, accepted
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.online.session import Session
from scenes.online.source import game_from
from scenes.playing.gameview import BOARD_AREA
from scenes.playing.play import PlayScene
from scenes.playing.sources.base import BoardMarks
from scenes.playing.sources.local import LocalSource
from scenes.playing.sources.replay import ReplaySource, replay_scene
from scenes.playing.sources.tutorial import tutorial_scene

FRAME = 0.25  # seconds per frame while a source's own seats take their time


def test_there_is_one_play_scene_and_no_subclass_of_it() -> None:
    for module in pkgutil.walk_packages(scenes.__path__, "scenes."):
        importlib.import_module(module.name)
    assert PlayScene.__subclasses__() == []


@dataclass
class _Answer:
    """A decision of the stand-in AI worker: already made."""

    action: Action | None

    def done(self) -> bool:
        return True

    def result(self) -> Action | None:
        return self.action


@dataclass
class ScriptedAI:
    """The AI worker's stand-in: it answers every question with the next move of the script."""

    next: Action | None = None
    asked: int = 0

    def start(self) -> None:
        pass

    def ask(self, state: Any, level: str, seed: int) -> _Answer:
        self.asked += 1
        return _Answer(self.next)

    def cancel(self, decision: Any) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass
class ServerLink:
    """An online table's link without a network: the server is a local match, and each move it plays comes to
    the client as the ``update`` the server would send to ``seat``."""

    server: Match
    seat: Seat
    sent: list[ClientMessage] = field(default_factory=list)
    inbox: list[Received] = field(default_factory=list)

    def send(self, message: ClientMessage) -> None:
        self.sent.append(message)
        if isinstance(message, Act):  # the client's own move: played on the server, told back
            self.play(self.server.state.parse_action(message.action))

    def play(self, action: Action) -> None:
        self.server.play(action)
        self.inbox.append(received(update_message(self.server, self.seat, len(self.server.log) - 1)))

    def poll(self) -> list[Received]:
        messages, self.inbox = self.inbox, []
        return messages

    def close(self) -> None:
        pass


def script_of(tutorial: Tutorial) -> tuple[Match, list[Action]]:
    """The tutorial's game after its opening, and the moves its steps play from there."""
    match = Match(tutorial.setup)
    for text in tutorial.opening:
        match.play(match.state.parse_action(text))
    start = match.to_json()
    moves = []
    for step in tutorial.steps:
        if step.kind != NOTE:
            action = accepted(match.state, step)[0]
            moves.append(action)
            match.play(action)
    return Match.from_json(start), moves


def local_scene(driver: Driver, tutorial: Tutorial, opened: Match, ai: ScriptedAI) -> PlayScene[LocalSource]:
    """The people here on the learner's seats, the AI worker on the script's."""
    seats = tuple(plan if plan.kind == "off" or seat in tutorial.learner_seats else SeatPlan.ai("easy")
                  for seat, plan in enumerate(tutorial.setup.seats))
    match = Match.from_json(opened.to_json())
    match.setup = replace(match.setup, seats=seats)
    driver.app.context.ai = ai  # type: ignore[assignment]
    return PlayScene(driver.app.context, LocalSource(driver.app.context, match))


def online_scene(driver: Driver, opened: Match, seat: Seat) -> tuple[PlayScene[Any], ServerLink]:
    link = ServerLink(Match.from_json(opened.to_json()), seat)
    session = Session(link, "Ann", state="open", table={"id": TABLE}, seat=seat)
    scene = game_from(driver.app.context, session, [received(update_message(link.server, seat))])
    assert scene is not None
    return scene, link


def past_notes(scene: PlayScene[Any]) -> None:
    """A tutorial's notes change nothing on the board: read, they make way for the next move."""
    source = scene.source
    while source.step is not None and source.step.kind == NOTE:
        scene.handle(inp.Intent(inp.CONFIRM, "keyboard"))


def frames_until_played(scene: PlayScene[Any], moves: int) -> None:
    """Frames until the scene's match holds ``moves`` moves: an AI seat's or the script's pace."""
    for _ in range(400):
        if len(scene.match.log) >= moves:
            return
        scene.update(FRAME)
    raise AssertionError(f"move {moves} never came ({type(scene.source).__name__})")


def board_area(scene: PlayScene[Any]) -> pygame.Surface:
    """What the scene draws on the board area, its animations ended, with no choice drawn on it."""
    scene.timeline.skip()
    chooser, scene.chooser = scene.chooser, None
    screen = pygame.display.get_surface()
    assert screen is not None
    surface = pygame.Surface(screen.get_size())
    tooltip.clear()  # as the scene stack does before a scene is drawn: no other scene's marks are kept clear of
    scene.draw(surface)
    scene.chooser = chooser
    return surface.subsurface(BOARD_AREA).copy()


def replay_of(driver: Driver, opened: Match, moves: list[Action], seat: Seat) -> PlayScene[ReplaySource]:
    """The replay of the match the moves make, at the position they start from, showing ``seat``'s secrets only,
    as the other sources do."""
    recorded = Match.from_json(opened.to_json())
    for action in moves:
        recorded.play(action)
    scene = replay_scene(driver.app.context, recorded)
    scene.source.seats = frozenset({seat})
    scene.source.go(len(opened.log))
    return scene


def marked_as_replayed(scene: PlayScene[Any]) -> pygame.Surface:
    """The board area of ``scene`` marked as a replay marks it: its last action alone, explained, no banner."""
    log, source, banner = scene.match.log, scene.source, scene.banner_left
    own = BoardMarks(tuple(log[-1:]), scene.why.now(len(log)), False)
    scene.banner_left = 0.0
    source.board_marks = lambda: own
    try:
        return board_area(scene)
    finally:
        del source.board_marks
        scene.banner_left = banner


def differing(pictures: dict[str, pygame.Surface]) -> list[str]:
    """The sources whose picture is not the first source's."""
    names = list(pictures)
    first = pygame.image.tobytes(pictures[names[0]], "RGB")
    return [name for name in names[1:] if pygame.image.tobytes(pictures[name], "RGB") != first]


@pytest.mark.parametrize("name", ["fredericus", "falconi_mode2"])
def test_the_same_moves_draw_the_same_board_from_every_source(driver, tmp_path, name) -> None:
    tutorial = TUTORIALS[name]
    (seat,) = tutorial.learner_seats  # one seat is seen, whatever the source: an online client holds one
    opened, moves = script_of(tutorial)
    ai = ScriptedAI()
    scenes_by_source: dict[str, PlayScene[Any]] = {
        "local": local_scene(driver, tutorial, opened, ai),
        "tutorial": tutorial_scene(driver.app.context, tutorial),
    }
    online, link = online_scene(driver, opened, seat)
    scenes_by_source["online"] = online
    replay = replay_of(driver, opened, moves, seat)
    scenes_by_source["replay"] = replay
    lesson = scenes_by_source["tutorial"]
    past_notes(lesson)
    for number, action in enumerate([None, *moves]):
        if action is not None:
            for scene in scenes_by_source.values():  # the sources take their own time between moves: a banner
                scene.banner_left = 0.0  # of an earlier move has faded, as it would after a long enough wait
            mover = opened.state.current_seat
            opened.play(action)
            count = len(opened.log)
            local = scenes_by_source["local"]
            if mover == seat:  # the person here chooses it, in each source that has them choose
                local.source.choose(action)
                online.source.choose(action)
                assert isinstance(link.sent[-1], Act)
            else:  # the other seats: the AI worker, the server, the script
                ai.next = action
                frames_until_played(local, count)
                link.play(action)
            online.update(0.0)  # the server's update comes in
            step = lesson.source.step
            assert step is not None and step.kind == (LEARNER if mover == seat else SCRIPT)
            if mover == seat:
                lesson.source.choose(action)
            else:
                frames_until_played(lesson, count)
            past_notes(lesson)
            replay.handle(inp.Intent(inp.RIGHT, "keyboard"))  # one step on, as the Right key does
            for source, scene in scenes_by_source.items():
                assert [entry.text for entry in scene.match.log] == [entry.text for entry in opened.log], source
        assert all(scene.source.visible_seats() == {seat} for scene in scenes_by_source.values())
        pictures = {source: board_area(scene) for source, scene in scenes_by_source.items() if scene is not replay}
        replayed = {"local": marked_as_replayed(scenes_by_source["local"]), "replay": board_area(replay)}
        wrong = differing(pictures) + differing(replayed)
        if wrong:
            folder = Path(screenshot_dir(tmp_path))
            for source, picture in [*pictures.items(), ("local-marked-as-replayed", replayed["local"]),
                                    ("replay", replayed["replay"])]:
                pygame.image.save(picture, str(folder / f"sources-{name}-{number}-{source}.png"))
        assert not wrong, f"after move {number} of {name}, {wrong} drew another board than the local game"
    assert ai.asked > 0 and any(isinstance(message, Act) for message in link.sent)  # each source played its part
