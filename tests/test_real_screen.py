"""Proof on a real screen: ``python main.py`` opens a real X window under Xvfb, and xdotool's clicks and key
presses take it from the title menu through a whole game of Margherita (one person as Don Falconi, the AI as
the police) and out again through the quit question, saving a screenshot of every stage.

Run it alone with ``python -m pytest -n 0 tests/test_real_screen.py`` (``SCREENSHOT_DIR=folder`` keeps the
pictures). It needs the Debian packages xvfb, xdotool and x11-apps (``xwd``); ``.ci/run`` installs them where
it can, and the test is skipped, saying which program is missing, where they are not.

How the test knows where the game is, from outside only (the window's title never changes): the window's
pixels (a press that does something changes them, a menu at rest stays still, and the play scene alone leaves
the gaps round its side panel in plain background colour), and the autosave in the data folder, which appears
once a turn has passed, says whose turn it is, and is discarded when the game ends. The positions to click come
from a twin of the app run headless in this process, which lays out the same menus and the same board.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import select
import shutil
import signal
import struct
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Literal, TypeVar

import pygame
import pytest
from scene_driver import screenshot_dir

from game.core.jsonio import parse_json_text
from game.falconi.options import FalconiOptions
from game.services.match import Match
from scenes.falconi.menus import VariantScene
from scenes.kit.ui import BACKGROUND, LOGICAL_SIZE
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.seats import SeatSetupScene
from scenes.playing.gameview import BOARD_AREA, PANEL_AREA
from scenes.playing.sources.local import start_match_scene

T = TypeVar("T")

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = {"Xvfb": "xvfb", "xdotool": "xdotool", "xwd": "x11-apps"}  # program: the Debian package that has it
MISSING = [program for program in PROGRAMS if shutil.which(program) is None]
SCREEN = (1280, 800)  # the virtual screen: room beside the window to park the pointer where it touches nothing
# What moves by design on the title (scenes/pages/title_motion.py), in the logical 1280×720 picture.
MOVING = (pygame.Rect(0, 560, 1140, 160), pygame.Rect(820, 480, 320, 90), pygame.Rect(900, 155, 240, 115))
WINDOW = (1024, 576)  # smaller than the logical picture, so every click goes through the window's scaling
TITLE = "Catch Don Falconi & Fredericus"
GAME_TIME = 240  # seconds for the whole game; a game against normal police takes well under a minute here

pytestmark = [
    pytest.mark.skipif(bool(MISSING), reason=f"a real screen needs {', '.join(MISSING)} (Debian packages "
                       f"{', '.join(sorted({PROGRAMS[p] for p in MISSING}))}); .ci/run installs them where apt works"),
    pytest.mark.timeout(420),
]


def wait_for(condition: Callable[[], T | None], seconds: float, what: str, pause: float = 0.05) -> T:
    """Poll ``condition`` until it gives something true; fail saying ``what`` was awaited."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(pause)


def picture_from_xwd(data: bytes) -> pygame.Surface:
    """A surface from ``xwd``'s dump of a true-colour window (the only kind Xvfb's 24-bit screen gives)."""
    (header_size, _version, pixmap_format, _depth, width, height, _xoffset, byte_order, _unit, _bit_order, _pad,
     bits_per_pixel, bytes_per_line, _class, red, green, blue, _bits, _entries, colours) = struct.unpack(
        ">20I", data[:80])
    assert (pixmap_format, bits_per_pixel, red, green, blue) == (2, 32, 0xFF0000, 0xFF00, 0xFF), "not 32-bit RGB"
    start = header_size + colours * 12
    pixels = data[start:start + height * bytes_per_line]
    # the fourth byte is padding, not alpha: made opaque below
    layout: Literal["BGRA", "ARGB"] = "BGRA" if byte_order == 0 else "ARGB"
    surface = pygame.image.frombuffer(pixels, (width, height), layout, bytes_per_line).copy()
    surface.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
    return surface


def thumbnail(surface: pygame.Surface) -> list[tuple[int, ...]]:
    small = pygame.transform.scale(surface, (64, 36))
    return [tuple(small.get_at((x, y)))[:3] for y in range(36) for x in range(64)]


def variety(surface: pygame.Surface) -> tuple[int, float]:
    """How many colours a picture has, and the share of its commonest one: a blank window has one colour."""
    colours = Counter(thumbnail(surface))
    return len(colours), colours.most_common(1)[0][1] / sum(colours.values())


def difference(first: pygame.Surface, second: pygame.Surface) -> float:
    """The share of the picture that differs visibly between two screenshots."""
    pairs = zip(thumbnail(first), thumbnail(second))
    return sum(sum(abs(a - b) for a, b in zip(one, two)) > 40 for one, two in pairs) / (64 * 36)


def panel_of(picture: pygame.Surface) -> pygame.Surface:
    """The side panel's part of a screenshot of any size."""
    scale_x, scale_y = picture.get_width() / LOGICAL_SIZE[0], picture.get_height() / LOGICAL_SIZE[1]
    return picture.subsurface(pygame.Rect(round(PANEL_AREA.x * scale_x), round(PANEL_AREA.y * scale_y),
                                          round(PANEL_AREA.width * scale_x), round(PANEL_AREA.height * scale_y)))


def shows_the_board(picture: pygame.Surface) -> bool:
    """Whether the play scene is on screen: it fills the gaps round its side panel (between the board and the
    panel, under it and right of it) with its plain background colour, where every menu has its picture."""
    middle_x = (BOARD_AREA.right + PANEL_AREA.left) // 2
    bottom_y, right_x = (PANEL_AREA.bottom + LOGICAL_SIZE[1]) // 2, (PANEL_AREA.right + LOGICAL_SIZE[0]) // 2
    points = [(x, y) for y in range(4, LOGICAL_SIZE[1] - 4, 8) for x in (middle_x, right_x)]
    points += [(x, bottom_y) for x in range(middle_x, LOGICAL_SIZE[0] - 4, 8)]
    scale_x, scale_y = picture.get_width() / LOGICAL_SIZE[0], picture.get_height() / LOGICAL_SIZE[1]
    colours = [picture.get_at((int(x * scale_x), int(y * scale_y))) for x, y in points]
    return all(max(abs(colour[i] - BACKGROUND[i]) for i in range(3)) <= 8 for colour in colours)


def start_server(logs: Path) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    """Start Xvfb on a display of its own, and the environment its clients need. Other X servers may start
    here at the same moment (test runs side by side, a developer's own): given ``-displayfd`` alone, each takes
    the lowest free number, and servers racing for one were seen to clash and remove each other's lock files.
    So the number is drawn from a wide range, and the server admits only clients holding this test's cookie: a
    client that reached another server would be refused rather than press keys in another program."""
    authority = logs / "Xauthority"
    # one entry for every host and display (FamilyWild, no address, no number): the MIT-MAGIC-COOKIE-1 protocol
    entry = [b"", b"", b"MIT-MAGIC-COOKIE-1", secrets.token_bytes(16)]
    authority.write_bytes(struct.pack(">H", 0xFFFF) + b"".join(struct.pack(">H", len(part)) + part for part in entry))
    for _attempt in range(5):
        number = 1000 + secrets.randbelow(50000)
        read, write = os.pipe()
        # -displayfd: the server writes its number there once it is ready; -noreset: it does not start afresh
        # each time its last client goes (an xdotool call before the game connects)
        command = ["Xvfb", f":{number}", "-displayfd", str(write), "-auth", str(authority), "-screen", "0",
                   f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp", "-noreset"]
        with (logs / "xvfb.log").open("ab") as out:
            server = subprocess.Popen(command, pass_fds=(write,), stdout=out, stderr=subprocess.STDOUT)
        os.close(write)
        told = b""
        while not told.endswith(b"\n") and select.select([read], [], [], 60)[0]:  # the server dies if the
            chunk = os.read(read, 32)  # pipe closes before its whole line is written
            if not chunk:
                break
            told += chunk
        os.close(read)
        if told.strip() == str(number).encode():
            return server, dict(os.environ, DISPLAY=f":{number}", XAUTHORITY=str(authority))
        server.kill()
        server.wait(10)
    raise AssertionError("Xvfb did not start (five displays tried): see xvfb.log")


class RealScreen:
    """Xvfb, the game's window in it, and xdotool to press keys and click in it."""

    def __init__(self, folder: Path, logs: Path) -> None:
        self.folder, self.logs = folder, logs
        self.server, self.env = start_server(logs)
        self.app: subprocess.Popen[bytes] | None = None
        self.window = ""
        self.origin = (0, 0)
        self.size = (0, 0)

    def run(self, *command: str) -> str:
        return subprocess.run(command, env=self.env, check=True, capture_output=True, timeout=60).stdout.decode()

    def xdotool(self, *args: object) -> str:
        return self.run("xdotool", *map(str, args))

    def start_app(self, data: Path) -> None:
        env = dict(self.env, FALCONI_DATA_DIR=str(data), SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)  # the test suite's dummy driver has no window: SDL picks X11 here
        with (self.logs / "game.log").open("wb") as out:
            self.app = subprocess.Popen([sys.executable, "main.py"], cwd=REPO, env=env, stdout=out,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        # xdotool's --name search misses SDL's window (its WM_NAME is typed UTF-8), so find it by process
        self.window = str(wait_for(self._find_window, 90, "the game's window")).split()[0]
        wait_for(lambda: self.xdotool("getwindowname", self.window).strip() == TITLE, 30, "the window's title")
        wait_for(lambda: self._geometry() == WINDOW, 30, f"the window to take its size {WINDOW} from the settings")
        self.park_pointer()
        self.xdotool("windowfocus", "--sync", self.window)  # no window manager: the test gives it the keyboard

    def _geometry(self) -> tuple[int, int]:
        fields = dict(line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", self.window).split())
        self.origin = (int(fields["X"]), int(fields["Y"]))
        self.size = (int(fields["WIDTH"]), int(fields["HEIGHT"]))
        return self.size

    def _find_window(self) -> str:
        assert self.app is not None
        if self.app.poll() is not None:
            raise AssertionError(f"the game exited with code {self.app.returncode} before its window showed")
        try:
            return self.xdotool("search", "--onlyvisible", "--pid", self.app.pid).strip()
        except subprocess.CalledProcessError:  # nothing found yet
            return ""

    def park_pointer(self) -> None:
        """Move the pointer off the window: hovering over a menu or the board would move the focus."""
        corner = (SCREEN[0] - 1, SCREEN[1] - 1)
        assert corner[0] >= self.origin[0] + self.size[0] or corner[1] >= self.origin[1] + self.size[1]
        self.xdotool("mousemove", *corner)

    def key(self, name: str) -> None:
        """Press and release a key at once: xdotool's usual pause between the two lets a game that pumps its
        events in that pause see the key held down, and on a busy machine its next frame can come after the
        game's key repeat delay (300 ms), which then presses the key again and again."""
        self.xdotool("key", "--delay", 0, name)

    def click(self, logical: tuple[int, int]) -> None:
        """A left click at a point of the logical 1280×720 picture, scaled to the window as SDL scales it."""
        x = round(logical[0] * self.size[0] / LOGICAL_SIZE[0])
        y = round(logical[1] * self.size[1] / LOGICAL_SIZE[1])
        self.xdotool("mousemove", "--window", self.window, x, y, "click", 1)
        self.park_pointer()

    def grab(self) -> bytes:
        return subprocess.run(["xwd", "-silent", "-id", self.window], env=self.env, check=True, capture_output=True,
                              timeout=60).stdout

    def picture(self) -> pygame.Surface:
        return picture_from_xwd(self.grab())

    def still(self, seconds: float = 30) -> bytes:
        """The window once two grabs a moment apart are the same (nothing moving), but for what moves by design:
        the title's car on its road and its falcons over the castle."""
        last = [self.grab()]

        def steady(grab: bytes) -> bytes:
            picture = picture_from_xwd(grab)
            for area in MOVING:
                picture.fill((0, 0, 0), pygame.Rect(round(area.x * self.size[0] / LOGICAL_SIZE[0]),
                                                    round(area.y * self.size[1] / LOGICAL_SIZE[1]),
                                                    round(area.width * self.size[0] / LOGICAL_SIZE[0]) + 1,
                                                    round(area.height * self.size[1] / LOGICAL_SIZE[1]) + 1))
            return pygame.image.tobytes(picture, "RGB")

        def settled() -> bool:
            now = self.grab()
            same, last[0] = steady(now) == steady(last[0]), now
            return same

        wait_for(settled, seconds, "the window to stop changing", pause=0.1)
        return last[0]

    def press(self, action: Callable[[], None], seconds: float = 30, what: str = "") -> None:
        """Do ``action`` and wait until the window shows its effect."""
        before = self.grab()
        action()
        wait_for(lambda: self.grab() != before, seconds, what or "the window to change", pause=0.1)

    def save(self, name: str, wanted: Callable[[pygame.Surface], bool] = lambda picture: True) -> pygame.Surface:
        """Wait for a still picture that is drawn (not blank: many colours, none filling the window) and
        ``wanted``, and save it as ``name``.png."""
        last: list[pygame.Surface] = []

        def ready() -> pygame.Surface | None:
            last[:] = [picture_from_xwd(self.still())]
            colours, commonest = variety(last[0])
            return last[0] if colours >= 12 and commonest < 0.9 and wanted(last[0]) else None

        try:
            picture = wait_for(ready, 60, f"the {name} screen")
        except AssertionError:
            if last:  # what the window showed instead, to look at
                pygame.image.save(last[0], str(self.folder / f"{name}-not-shown.png"))
            raise
        pygame.image.save(picture, str(self.folder / f"{name}.png"))
        return picture

    def report(self) -> str:
        """What the game and the X server printed, for a failure's report."""
        logs = sorted(self.logs.glob("*.log"))
        return "\n".join(f"--- {path.name}:\n{path.read_text(errors='replace')}" for path in logs)

    def close(self) -> None:
        if self.app is not None and self.app.poll() is None:
            os.killpg(self.app.pid, signal.SIGKILL)  # its own session: the app and its AI worker
            self.app.wait(10)
        self.server.terminate()
        self.server.wait(10)


class Autosave:
    """What the game's save slot says: whether there is one, and whether a person is to play."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path: Path | None = None  # the slot of the game, once its first save has made it
        self.seen = False
        self._text = ""
        self._match: Match | None = None

    def match(self) -> Match | None:
        if self.path is None:
            found = sorted(self.folder.glob("game-*.json"))
            if not found:
                return None
            self.path = found[0]
        try:
            text = self.path.read_text()
        except FileNotFoundError:
            return None
        self.seen = True
        if text != self._text:  # written atomically: a read gives one whole save or another
            self._text, self._match = text, Match.from_json(parse_json_text(text.encode()))
        return self._match

    def person_to_play(self) -> bool:
        match = self.match()
        if match is None:
            return not self.seen  # before the first save, Don Falconi's first turn
        return match.setup.seats[match.state.current_seat].kind == "person"

    def gone(self) -> bool:
        return self.seen and self.path is not None and not self.path.exists()


@pytest.fixture
def screen(tmp_path):
    screen = RealScreen(screenshot_dir(tmp_path / "shots"), tmp_path)
    try:
        yield screen
    finally:
        screen.close()
        print(screen.report())  # shown by pytest when the test failed


@pytest.mark.slow
def test_a_margherita_game_on_a_real_screen_from_the_title_to_quitting(screen, driver, tmp_path):
    """Clicks and keys through the menus, a whole game as Don Falconi against the AI police, then out."""
    data = tmp_path / "real"
    data.mkdir()
    # the fastest animations, so the AI's moves do not hold the test up; a window smaller than the picture
    (data / "settings.json").write_text(json.dumps({"animation_speed": 4.0, "window_size": list(WINDOW)}))
    screen.start_app(data)
    screen.save("1-title")

    # the twin, headless in this process, walks the same menus and says where to click
    new_game = driver.top.menu.rects[[item.key for item in driver.top.menu.items].index("new")].center
    screen.press(lambda: screen.click(new_game), what="the game choice after clicking New game")
    driver.click(new_game)
    assert isinstance(driver.top, GameChoiceScene) and driver.top.menu.focused.key == "falconi"
    screen.save("2-game-choice")
    screen.press(lambda: screen.key("Return"), what="the variants after Enter")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, VariantScene) and driver.top.menu.focused.key == "margherita"
    screen.save("3-variant")
    screen.press(lambda: screen.key("space"), what="the seat set-up after Space")
    driver.key(pygame.K_SPACE)
    assert isinstance(driver.top, SeatSetupScene) and driver.top.options == FalconiOptions("margherita")
    plans = [(plan.kind, plan.level) for plan in driver.top.plans]
    assert plans[0] == ("person", "") and all(kind == "ai" for kind, _ in plans[1:]), plans
    screen.save("4-seat-setup")
    start = driver.top.menu.rects[[item.key for item in driver.top.menu.items].index("start")].center
    screen.press(lambda: screen.click(start), what="the board after clicking Start")

    save = Autosave(data / "saves")
    mid = play_to_the_end(screen, save, driver)
    assert screen.app.poll() is None, screen.report()
    over = screen.save("6-game-over", lambda picture: not shows_the_board(picture))

    screen.press(lambda: screen.key("Escape"), what="Main menu focused after Esc on the game-over screen")
    screen.still()
    screen.press(lambda: screen.key("Escape"), what="the title after a second Esc on the game-over screen")
    screen.still()
    screen.press(lambda: screen.key("Escape"), what="the quit question after Esc on the title")
    screen.save("7-quit-question")
    screen.key("Return")  # Yes has the focus
    assert screen.app.wait(60) == 0, screen.report()
    # the result in the panel beside the board: its page differs from the mid-game cards and log by a fifth or
    # more (how much depends on the game played), where two mid-game panels differ by a tenth at most
    assert save.gone() and difference(panel_of(over), panel_of(mid)) > 0.15


def play_to_the_end(screen: RealScreen, save: Autosave, driver) -> pygame.Surface:
    """Play Don Falconi's turns with keys, and one click on the board, while the AI plays the police, until
    the autosave is discarded; returns the mid-game screenshot (his second turn, the first one saved: with
    a person pressing whatever is focused, the police often catch him within a few turns)."""
    keys = ("Return", "space", "Tab", "Return", "Right", "Return", "space", "Down", "Return")
    mid: pygame.Surface | None = None
    presses = 0
    deadline = time.monotonic() + GAME_TIME
    assert screen.app is not None
    while not save.gone():
        assert time.monotonic() < deadline, f"the game did not end within {GAME_TIME} s"
        assert screen.app.poll() is None, f"the game exited with code {screen.app.returncode}"
        if not save.person_to_play():
            time.sleep(0.05)  # the police think; no key while it is not his turn (one might reach the end screen)
            continue
        match = save.match()
        if match is not None and mid is None:
            mid = screen.save("5-mid-game", shows_the_board)
            click_an_option(screen, match, driver)
            continue
        name = keys[presses % len(keys)]
        presses += 1
        if name in ("Return", "space"):
            # the turn may pass on or the key come late: the autosave says what to do next
            with contextlib.suppress(AssertionError):
                screen.press(partial(screen.key, name), seconds=10)
        else:
            screen.key(name)  # moving the focus may leave the picture as it was
    assert mid is not None, "the game ended before Don Falconi's second turn: no mid-game screenshot"
    return mid


def click_an_option(screen: RealScreen, match: Match, driver) -> None:
    """Click the last option the board offers at the start of this turn, where the twin's board puts it."""
    scene = start_match_scene(driver.app.context, match)
    assert scene.chooser is not None and scene.chooser.options
    rect = scene.chooser.rect(scene.chooser.options[-1])
    screen.press(lambda: screen.click(rect.center), what=f"a change after clicking the board at {rect.center}")
