"""The menus' art: the generator gives the committed pixels again, every named picture is there at its size,
panels keep their corners at any size, and a missing or broken file only makes the game plainer."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.falconi.options import FalconiOptions
from scenes.boards import boards
from scenes.falconi.menus import VariantScene
from scenes.kit import ui_art
from scenes.kit.ui_art import (
    BACKGROUNDS,
    BUTTON_STATES,
    SLICE,
    SPRITES,
    MissingArtWarning,
    UiArt,
    emblem_names,
    icon_names,
)
from scenes.pages.game_choice import GameChoiceScene
from scenes.pages.menus import TitleScene
from scenes.pages.seats import SeatSetupScene

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "sprites" / "ui"
assert boards()  # registered: each game's icons and emblems are in the kit's lists
EXPECTED = ({f"bg_{name}" for name in BACKGROUNDS} | {"panel"} | {f"button_{state}" for state in BUTTON_STATES}
            | {f"emblem_{name}" for name in emblem_names()} | {f"icon_{name}" for name in icon_names()} | set(SPRITES))


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


@pytest.mark.slow
def test_the_generator_draws_the_committed_pictures_again_pixel_for_pixel(tmp_path):
    subprocess.run([sys.executable, "-m", "tools.make_ui_art", str(tmp_path)], check=True, cwd=ROOT,
                   capture_output=True)
    made = {path.stem for path in tmp_path.glob("*.png")}
    assert made == {path.stem for path in FOLDER.glob("*.png")} == EXPECTED
    changed = [name for name in sorted(made) if pixels(tmp_path / f"{name}.png") != pixels(FOLDER / f"{name}.png")]
    assert not changed, f"regenerate with python -m tools.make_ui_art and commit: {changed}"


@pytest.mark.parametrize("name", icon_names())
def test_every_icon_is_48_pixels_square_with_something_drawn(name):
    image = pygame.image.load(str(FOLDER / f"icon_{name}.png"))
    assert image.get_size() == (48, 48)
    opaque = pygame.mask.from_surface(image, 200).count()
    assert 150 < opaque < 48 * 48 - 200  # a glyph, not an empty or a filled square


@pytest.mark.parametrize("name", emblem_names())
def test_every_emblem_is_a_128_pixel_disc(name):
    image = pygame.image.load(str(FOLDER / f"emblem_{name}.png"))
    assert image.get_size() == (128, 128)
    assert image.get_at((64, 64)).a == 255 and image.get_at((64, 3)).a > 200
    assert image.get_at((2, 2)).a == 0 and image.get_at((125, 125)).a == 0  # round: the corners are clear


def test_the_backgrounds_are_dark_pictures_at_the_logical_resolution():
    for name in BACKGROUNDS:
        image = pygame.image.load(str(FOLDER / f"bg_{name}.png"))
        assert image.get_size() == (1280, 720)
        mean = pygame.transform.average_color(image, image.get_rect().inflate(-600, -300))
        assert max(mean[:3]) < 110, name  # white text must read on the middle of it


def test_icons_take_a_colour_and_keep_their_dark_outline():
    art = UiArt()
    star = art.icon("star", 48, (250, 204, 92))
    assert star.get_at((24, 26))[:3] == (250, 204, 92)
    edge = next(star.get_at((24, y)) for y in range(48) if star.get_at((24, y)).a > 200)
    assert max(edge[:3]) < 60
    assert art.icon("star", 48, (250, 204, 92)) is star  # cached
    assert art.icon("star", 22).get_size() == (22, 22)
    assert art.icon("star").get_at((24, 26))[:3] == (255, 255, 255)  # tinting made a copy


@pytest.mark.parametrize("state", ("panel",) + BUTTON_STATES)
@pytest.mark.parametrize("size", [(64, 48), (200, 50), (760, 600), (1160, 660)])
def test_a_sliced_frame_keeps_its_corners_at_any_size(state, size):
    art = UiArt()
    name = "panel" if state == "panel" else f"button_{state}"
    source = art.image(name)
    margin = SLICE["panel" if state == "panel" else "button"]
    surface = pygame.Surface(size, pygame.SRCALPHA)
    art.draw_panel(surface, surface.get_rect(), state)
    sw, sh = source.get_size()
    w, h = size
    corners = (((0, 0), (0, 0)), ((sw - margin, 0), (w - margin, 0)), ((0, sh - margin), (0, h - margin)),
               ((sw - margin, sh - margin), (w - margin, h - margin)))
    for (sx, sy), (dx, dy) in corners:
        corner = source.subsurface((sx, sy, margin, margin))
        drawn = surface.subsurface((dx, dy, margin, margin))
        assert pygame.image.tobytes(corner, "RGBA") == pygame.image.tobytes(drawn, "RGBA"), (state, size, sx, sy)


def test_a_missing_folder_falls_back_to_plain_drawing_with_one_warning_per_file(tmp_path):
    art = UiArt(tmp_path / "nowhere")
    surface = pygame.Surface((1280, 720))
    with pytest.warns(MissingArtWarning) as caught:
        art.draw_background(surface, "title")
        art.draw_panel(surface, pygame.Rect(100, 100, 300, 200))
        art.draw_button(surface, pygame.Rect(100, 400, 300, 46), "focus")
        icon = art.icon("rotate", 32, (250, 204, 92))
        emblem = art.emblem("diavola", 64)
        art.draw_panel(surface, pygame.Rect(100, 100, 300, 200))
    assert len(caught) == 5
    assert icon.get_size() == (32, 32) and emblem.get_size() == (64, 64)
    assert surface.get_at((640, 360))[:3] != (0, 0, 0)  # the plain background colour


def test_a_broken_file_falls_back_too(tmp_path):
    (tmp_path / "icon_rotate.png").write_bytes(b"not a png")
    with pytest.warns(MissingArtWarning, match="icon_rotate"):
        assert UiArt(tmp_path).icon("rotate", 48).get_size() == (48, 48)


def walk_the_menus(driver) -> list[type]:
    """Title, game choice, the pizzas, Funghi's "what changes" card and the seats, drawn as a player reaches
    them."""
    seen = [type(driver.top)]
    for key in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN, pygame.K_RETURN):
        driver.key(key)
        seen.append(type(driver.top))
    return seen


def test_the_menus_draw_their_pictures(driver, tmp_path):
    screen = driver.app.screen
    picture = pygame.image.load(str(FOLDER / "bg_title.png"))
    assert all(abs(a - b) <= 2 for a, b in zip(screen.get_at((8, 712)), picture.get_at((8, 712))))
    assert walk_the_menus(driver)[-1] is SeatSetupScene


def test_the_menus_still_work_with_no_art_at_all(driver, tmp_path, monkeypatch):
    monkeypatch.setattr(ui_art, "_ART", UiArt(tmp_path / "nowhere"))
    with pytest.warns(MissingArtWarning):
        seen = walk_the_menus(driver)
    assert seen[:3] == [TitleScene, GameChoiceScene, VariantScene] and seen[-1] is SeatSetupScene
    assert driver.top.options == FalconiOptions("funghi")
