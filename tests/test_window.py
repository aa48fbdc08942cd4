"""The window: its size and full screen are remembered between runs, F11 and the settings menu switch them,
the picture keeps its logical resolution, and a click lands on what is under the pointer at any window size.

Under the dummy video driver a window can really be resized and made full screen (at the dummy desktop's
1024 x 768), and SDL sends the same window events as on a desktop, so these tests assert on the window itself.
"""

from __future__ import annotations

import ctypes
import json
from pathlib import Path

import pygame
import pytest
from scene_driver import Driver, screenshot_dir

from game.services.settings import SMALLEST_WINDOW, Settings, save_settings, settings_from_json
from scenes.app import App
from scenes.kit.ui import LOGICAL_SIZE
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import SettingsOverlay

SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP = 0x401, 0x402


def open_app(tmp_path: Path, monkeypatch, settings: Settings | None = None) -> Driver:
    """The app on the data folder of ``tmp_path`` (kept between runs), with ``settings`` stored first."""
    folder = tmp_path / "data"
    monkeypatch.setenv("FALCONI_DATA_DIR", str(folder))
    if settings is not None:
        folder.mkdir(parents=True, exist_ok=True)
        save_settings(folder, settings)
    driver = Driver(App(fps=0))
    driver.run(2)
    return driver


def stored(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "data" / "settings.json").read_text())


def desktop() -> tuple[int, int]:
    return pygame.display.get_desktop_sizes()[0]


class _MouseButton(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint32), ("timestamp", ctypes.c_uint32), ("windowID", ctypes.c_uint32),
                ("which", ctypes.c_uint32), ("button", ctypes.c_uint8), ("state", ctypes.c_uint8),
                ("clicks", ctypes.c_uint8), ("padding", ctypes.c_uint8), ("x", ctypes.c_int32),
                ("y", ctypes.c_int32)]


class _SDLEvent(ctypes.Union):
    _fields_ = [("button", _MouseButton), ("size", ctypes.c_uint8 * 56)]


def sdl_library() -> ctypes.CDLL:
    """The SDL that pygame loaded: only its own queue maps window pixels to logical ones, as for a real mouse
    (``pygame.event.post`` hands positions over untouched)."""
    try:
        with open("/proc/self/maps") as maps:
            path = next(line.split()[-1] for line in maps if "libSDL2-2" in line)
    except (OSError, StopIteration):
        pytest.skip("the SDL library pygame loaded cannot be found on this system")
    return ctypes.CDLL(path)


def click_window_pixel(driver: Driver, pixel: tuple[int, int]) -> None:
    """Press and release the left button at ``pixel`` of the window, as the mouse would."""
    sdl = sdl_library()
    for kind, state in ((SDL_MOUSEBUTTONDOWN, 1), (SDL_MOUSEBUTTONUP, 0)):
        event = _SDLEvent()
        event.button = _MouseButton(type=kind, windowID=driver.app.window.id, button=1, state=state, clicks=1,
                                    x=pixel[0], y=pixel[1])
        assert sdl.SDL_PushEvent(ctypes.byref(event)) == 1
    driver.run()


def window_pixel(logical: tuple[int, int]) -> tuple[int, int]:
    """Where a logical point is shown: the picture is scaled to fit the window, centred, bars on two sides."""
    width, height = pygame.display.get_window_size()
    scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
    left, top = (width - LOGICAL_SIZE[0] * scale) / 2, (height - LOGICAL_SIZE[1] * scale) / 2
    return round(left + logical[0] * scale), round(top + logical[1] * scale)


@pytest.mark.parametrize("kind", [pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED],
                         ids=["VIDEORESIZE", "WINDOWSIZECHANGED"])
@pytest.mark.slow
def test_a_window_resized_by_the_player_is_remembered_for_the_next_run(tmp_path, monkeypatch, kind):
    driver = open_app(tmp_path, monkeypatch)
    try:
        driver.app.window.size = (1400, 800)  # what the window manager does when the player drags an edge
        pygame.event.clear((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED))  # then tells with either event
        driver.post(kind, size=(1400, 800), w=1400, h=800, x=1400, y=800)
        assert stored(tmp_path)["window_size"] == [1400, 800]
        assert driver.app.screen.get_size() == LOGICAL_SIZE
    finally:
        driver.app.close()
    driver = open_app(tmp_path, monkeypatch)
    try:
        assert pygame.display.get_window_size() == (1400, 800)
        driver.click_item("settings")
        assert driver.top.menu.item("window_size").value == "1400 x 800"
        driver.save(screenshot_dir(tmp_path), "settings_dragged_window_size")
    finally:
        driver.app.close()


def test_a_resize_event_the_window_does_not_match_changes_nothing(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, Settings(window_size=(1600, 900)))
    try:
        driver.post(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700)  # stale: the window is 1600 x 900
        assert pygame.display.get_window_size() == (1600, 900)
        assert stored(tmp_path)["window_size"] == [1600, 900]
    finally:
        driver.app.close()


def test_f11_switches_full_screen_and_back_to_the_window_size(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, Settings(window_size=(1600, 900)))
    try:
        assert pygame.display.get_window_size() == (1600, 900) and not pygame.display.is_fullscreen()
        driver.key(pygame.K_F11)
        driver.run(2)  # the full-screen window's own resize events come in
        assert pygame.display.is_fullscreen() and pygame.display.get_window_size() == desktop()
        assert driver.app.screen.get_size() == LOGICAL_SIZE
        assert stored(tmp_path)["fullscreen"] and stored(tmp_path)["window_size"] == [1600, 900]
        driver.key(pygame.K_F11)
        driver.run(2)
        assert not pygame.display.is_fullscreen() and pygame.display.get_window_size() == (1600, 900)
        assert stored(tmp_path) == Settings(window_size=(1600, 900)).to_json()
    finally:
        driver.app.close()


def test_full_screen_is_remembered_and_opens_full_screen(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, Settings(fullscreen=True, window_size=(1920, 1080)))
    try:
        assert pygame.display.is_fullscreen() and driver.app.screen.get_size() == LOGICAL_SIZE
        driver.key(pygame.K_F11)
        assert pygame.display.get_window_size() == (1920, 1080)
    finally:
        driver.app.close()


def test_the_settings_menu_sizes_the_window_and_switches_full_screen(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])  # the dummy's is 1024 x 768
    driver = open_app(tmp_path, monkeypatch)
    try:
        driver.click_item("settings")
        menu = driver.top.menu
        menu.focus = menu.items.index(menu.item("window_size"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        driver.post(pygame.WINDOWSIZECHANGED, x=1280, y=720)  # of the same frame, older than the choice
        assert pygame.display.get_window_size() == (1600, 900)
        assert stored(tmp_path)["window_size"] == [1600, 900]
        driver.save(screenshot_dir(tmp_path), "settings_window_size")
        driver.click_item("fullscreen")
        assert pygame.display.is_fullscreen() and driver.top.menu.item("fullscreen").value == "Yes"
        driver.key(pygame.K_F11)  # behind the menu's back: the menu shows it at once
        assert not pygame.display.is_fullscreen() and driver.top.menu.item("fullscreen").value == "No"
        assert pygame.display.get_window_size() == (1600, 900)
    finally:
        driver.app.close()


@pytest.mark.parametrize("fullscreen", [False, True], ids=["window", "full_screen"])
def test_a_click_lands_on_the_item_under_the_pointer_at_any_window_size(tmp_path, monkeypatch, fullscreen):
    driver = open_app(tmp_path, monkeypatch, Settings(fullscreen=fullscreen, window_size=(1600, 900)))
    try:
        assert pygame.display.get_window_size() == (desktop() if fullscreen else (1600, 900))
        title = driver.top
        assert isinstance(title, TitleScene)
        rect = title.menu.rects[title.menu.items.index(title.menu.item("settings"))]
        click_window_pixel(driver, window_pixel(rect.center))
        assert isinstance(driver.top, SettingsOverlay)
    finally:
        driver.app.close()


@pytest.mark.parametrize("size, usable", [
    ([1400, 800], True), ([1280, 720], True), ([900, 506], True), ([640, 360], True), ([600, 700], False),
    ([20000, 900], False), ([1400.0, 800], False),
    ([1400, 800, 1], False), ("1400x800", False),
])
def test_a_stored_window_size_is_one_the_game_can_open_and_fits_a_screen(size, usable):
    settings, problems = settings_from_json({"window_size": size})
    assert (settings.window_size == tuple(size)) is usable and (problems == []) is usable


def test_the_picture_fills_a_window_of_any_size_and_the_window_may_be_smaller_than_it(tmp_path, monkeypatch):
    """pygame's SCALED renderer scales by whole numbers unless told otherwise: a 1600x900 window then showed the
    1280x720 picture unscaled inside black bars. It must fill the window (non-integer scaling), and a player
    on a small screen may shrink the window below the picture's size."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        sdl = sdl_library()
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        sdl.SDL_RenderGetIntegerScale.argtypes = [ctypes.c_void_p]
        renderer = sdl.SDL_GetRenderer(sdl.SDL_GetWindowFromID(driver.app.window.id))
        assert renderer and sdl.SDL_RenderGetIntegerScale(renderer) == 0
        assert driver.app.window.minimum_size == SMALLEST_WINDOW
    finally:
        driver.app.close()


@pytest.mark.parametrize(("desktop", "offered"), [((1280, 720), ["1280 x 720"]),
                                                  ((1920, 1080), ["1280 x 720", "1600 x 900", "1920 x 1080"])])
def test_the_settings_menu_offers_only_the_window_sizes_that_fit_the_screen(tmp_path, monkeypatch, desktop, offered):
    """Issue 51: 1920 x 1080 was offered on a 1280 x 720 screen, and half the game was drawn off it."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    driver = open_app(tmp_path, monkeypatch)
    try:
        driver.click_item("settings")
        row = driver.top.menu.item("window_size")
        assert row.choices == offered
        driver.top.menu.focus = driver.top.menu.items.index(row)
        for _ in range(3):
            driver.key(pygame.K_RIGHT)
            assert driver.app.context.settings.window_size[0] <= desktop[0]
    finally:
        driver.app.close()


def test_a_choice_of_one_shows_no_arrows(driver, monkeypatch):
    """On a screen the size of the smallest window offered, only one size fits: the playtest saw arrows that
    changed nothing. A row with one choice draws its value alone."""
    from scenes.kit.ui import TextCache
    from scenes.pages.overlays import SettingsOverlay

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    drawn: list[str] = []
    real = TextCache.blit
    monkeypatch.setattr(TextCache, "blit", lambda self, surface, words, *args, **kwargs: drawn.append(words) or real(
        self, surface, words, *args, **kwargs))
    overlay = SettingsOverlay(driver.app.context)
    assert overlay.menu.item("window_size").choices == ["1280 x 720"]
    overlay.menu.draw(driver.app.screen, driver.app.context.text)
    choices = [item for item in overlay.menu.items if item.choices]
    assert drawn.count("<") == drawn.count(">") == len([item for item in choices if len(item.choices) > 1])
