"""Settings that cannot be used: a window larger than any screen falls back to the default, and a file
that cannot be read is kept aside, never written over; where it cannot be moved, the game goes on and says so."""

import errno
import json
import pathlib
import tempfile

import pytest

from game.services.settings import (
    LARGEST_WINDOW,
    SETTINGS_FILE,
    Settings,
    load_settings,
    settings_from_json,
    window_size_choices,
)
from scenes.app import App


@pytest.mark.parametrize("size", [[16384, 16384], [7681, 4320], [7680, 4321], [7680, 7680], [4321, 7680]])
def test_a_window_larger_than_any_screen_falls_back_to_the_default_and_is_reported(size):
    """16384 x 16384 used to be opened: most of a second a frame and gigabytes of memory."""
    settings, problems = settings_from_json({"window_size": size, "hints": False})
    assert settings == Settings(hints=False)
    assert [problem.setting for problem in problems] == ["window_size"]


@pytest.mark.parametrize("size", [list(LARGEST_WINDOW), [4320, 7680], [2560, 1440]])
def test_a_window_as_large_as_a_real_screen_either_way_round_is_kept(size):
    assert settings_from_json({"window_size": size}) == (Settings(window_size=tuple(size)), [])


def open_app(folder, monkeypatch) -> App:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(folder))
    return App(fps=0)


@pytest.mark.parametrize("content", [b"\x00{not json", b'["a", "list"]', b'{"language": "it", "hints": tru'])
def test_an_unreadable_settings_file_is_kept_aside_and_the_notice_names_it(tmp_path, monkeypatch, content):
    """It used to be written over at the first change of a setting, with whatever it still held."""
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    app = open_app(tmp_path, monkeypatch)
    try:
        [kept] = tmp_path.glob("settings.unreadable-*.json")
        assert kept.read_bytes() == content and app.context.settings == Settings()
        assert app.context.notices == [
            f"The settings could not be read, so the defaults are used. The file was kept as {kept.name}."]
        app.context.change_settings(Settings(hints=False))
        assert kept.read_bytes() == content
        assert json.loads((tmp_path / SETTINGS_FILE).read_text())["hints"] is False
    finally:
        app.close()
    assert load_settings(tmp_path) == (Settings(hints=False), [])  # the next start has nothing to tell


def test_an_unreadable_settings_file_in_a_read_only_folder_is_left_and_the_game_goes_on(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00{not json")

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    real_mkstemp = tempfile.mkstemp

    def no_temporary_here(*args, dir=None, **kwargs):  # elsewhere (the AI's shared memory) as usual
        if dir is not None and pathlib.Path(dir) == tmp_path:
            read_only()
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(pathlib.Path, "replace", read_only)
    monkeypatch.setattr(tempfile, "mkstemp", no_temporary_here)
    app = open_app(tmp_path, monkeypatch)
    try:
        assert app.context.settings == Settings()
        assert app.context.notices == ["The settings could not be read, so the defaults are used. The data folder "
                                       "cannot be written (the disk is read-only), so the file was left as it is."]
        app.context.change_settings(Settings(hints=False))
        assert app.context.settings == Settings(hints=False)  # used for this run
        assert app.context.notices[-1] == "The settings could not be saved: the disk is read-only"
        assert [path.name for path in tmp_path.iterdir()] == [SETTINGS_FILE]
        assert (tmp_path / SETTINGS_FILE).read_bytes() == b"\x00{not json"
    finally:
        app.close()


@pytest.mark.parametrize(("desktop", "offered"), [
    ((1280, 720), [(1280, 720)]),  # issue 51: 1920 x 1080 was offered on a 1280 x 720 screen
    ((1366, 768), [(1280, 720)]),
    ((1920, 1200), [(1280, 720), (1600, 900), (1920, 1080)]),
    ((1024, 768), [(1024, 576), (1280, 720)]),  # none of the usual ones fits: the largest of the picture's shape
    (None, [(1280, 720), (1600, 900), (1920, 1080)]),  # a screen of unknown size
])
def test_only_window_sizes_that_fit_the_screen_are_offered_besides_the_windows_own(desktop, offered):
    assert window_size_choices((1280, 720), desktop) == offered
    assert window_size_choices((1400, 800), (1920, 1080)) == [(1280, 720), (1400, 800), (1600, 900), (1920, 1080)]


@pytest.mark.parametrize("name", ["Anna", "Anna Maria", ""])
def test_a_clean_player_name_is_kept(name):
    assert settings_from_json({"player_name": name}) == (Settings(player_name=name), [])


@pytest.mark.parametrize("name", [" Anna", "Ann\u202ea", "x" * 25, 7, None, "two\nlines"])
def test_a_player_name_no_table_would_show_as_it_is_falls_back_to_the_login_name(name):
    settings, problems = settings_from_json({"player_name": name})
    assert settings.player_name == "" and [problem.setting for problem in problems] == ["player_name"]
