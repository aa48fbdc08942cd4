"""Nothing covers what the player may click next (issue 38, point 5): no tip, banner or message is drawn over a
board option, a car or raptor, a seat card, the prompt line or a button; the lesson box leaves the HUD readable;
two shouts at one place stand apart; the ghost of the tile being placed lets the car under it show through.

The whole-screen check is ``python main.py check layout`` (``devtools/layout/``); these
tests drive the places the issue named through real events and measure them, so that each fails where the
fault was.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest
from scene_driver import FixedClock, screenshot_dir

from devtools.layout import recording as fit
from devtools.layout.frames import screen_problems
from game.falconi.options import FalconiOptions
from game.fredericus.actions import HAND, TOKEN
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.settings import LANGUAGES
from game.services.tutorials import NOTE, SCRIPT, TUTORIALS
from scenes.falconi import tags
from scenes.kit import tooltip
from scenes.kit.stack import Pop, Push, Scene, SceneStack
from scenes.pages.seats import SeatSetupScene
from scenes.playing.gameview import BAR_AREA, BOARD_AREA, PANEL_AREA
from scenes.playing.sources.local import start_match_scene
from scenes.playing.sources.tutorial import tutorial_scene

ANNA = SeatPlan.human(0)
REST = 6  # frames (of 100 ms) for a tip to come up under a resting pointer


@pytest.fixture
def app(driver):
    driver.app.clock = FixedClock(100)
    return driver


def open_board(driver, match: Match):
    driver.app.stack.apply(Push(start_match_scene(driver.app.context, match)))
    driver.run(3)
    return driver.top


def rest_on(driver, tip: tooltip.Tip) -> tooltip.Shown:
    """Move the pointer onto the tip's icon and wait there until its tip shows."""
    driver.move(tip.area.center)
    driver.run(REST)
    shown = tooltip.tips().shown
    assert shown is not None and shown.tip.message == tip.message
    return shown


def targets(scene) -> list[pygame.Rect]:
    """Where the board options on offer are: what a click chooses next."""
    chooser = scene.chooser
    return [chooser.rect(option) for option in chooser.options if not scene.view.is_button(option)]


def hidden(shown: tooltip.Shown, places: list[pygame.Rect]) -> list[pygame.Rect]:
    """The places a tip covers, but the one it explains (the tip may stand beside that)."""
    return [place for place in places if shown.rect.colliderect(place) and not place.colliderect(shown.tip.area)]


def test_an_overlay_over_a_place_kept_clear_is_told():
    """The checker: a tip, banner or message over a place kept clear in its own layer is a problem; a tip over
    the place holding what it explains, a place it only touches, and a place of a layer under it are not."""
    pygame.font.init()
    with fit.recording() as drawn:
        drawn.keep("seat card", pygame.Rect(0, 0, 100, 40))
        drawn.layer()
        drawn.keep("target", pygame.Rect(200, 200, 30, 30))
        drawn.keep("control", pygame.Rect(400, 400, 300, 40))
        drawn.cover("banner", pygame.Rect(0, 0, 300, 100))  # over the seat card of the layer below only
        drawn.cover("tip", pygame.Rect(210, 210, 100, 50))  # over the target
        drawn.cover("tip", pygame.Rect(500, 380, 100, 30), about=pygame.Rect(410, 410, 10, 10))  # over its own row
        drawn.cover("message", pygame.Rect(230, 150, 50, 50))  # touching the target's edge
    assert drawn.problems() == ["the tip at (210, 210, 100x50) covers the target at (200, 200, 30x30)"]


class _Drawing(Scene):
    """A scene whose drawing is ``paint``."""

    def __init__(self, paint: Callable[[], object]) -> None:
        self.paint = paint

    def draw(self, surface: pygame.Surface) -> None:
        self.paint()


def test_each_scene_the_stack_draws_is_a_layer_of_its_own_and_the_stack_is_left_as_it_was():
    """The recording makes each scene a layer by wrapping its drawing while the stack draws (the stack itself
    has no hook): an overlay's banner over a button of the scene under it is no problem, one in its own layer
    is."""
    button = pygame.Rect(10, 10, 50, 20)
    surface = pygame.Surface((100, 100))
    with fit.recording() as drawn:
        stack = SceneStack(_Drawing(lambda: tooltip.control(button)))
        stack.scenes.append(_Drawing(lambda: drawn.cover("banner", button)))
        stack.draw(surface)
        assert drawn.problems(surface) == []
        tooltip.control(button)  # in the overlay's layer
    assert drawn.problems(surface) == ["the banner at (10, 10, 50x20) covers the control at (10, 10, 50x20)"]
    assert SceneStack.draw is stack_draw and all("draw" not in vars(scene) for scene in stack.scenes)


stack_draw = SceneStack.draw


@pytest.mark.slow
def test_a_token_tip_on_the_castle_hides_no_tower_to_click(app, tmp_path):
    """A token chosen to move, every tower it may go to is a target: the tip of any token stands clear of them
    (it used to hide towers 6, 7, 1 and 2)."""
    match = Match(MatchSetup("fredericus", (ANNA,) * 4, (Person("Anna"),), seed=5))
    rng = random.Random(3)
    while not any(action[0] == TOKEN and action[1] != HAND for action in match.state.legal_actions()):
        match.play(rng.choice(match.state.legal_actions()))
    scene = open_board(app, match)
    token = next(option for option in scene.chooser.options if option[0] == "token")
    app.click(scene.chooser.rect(token).center)
    assert scene.chooser.prefix == [token] and len(targets(scene)) >= 7  # every other tower, and the centre
    tips = [tip for tip in tooltip.tips().tips if tip.message.key == "tips.fredericus.token"]
    assert tips
    for tip in tips:
        shown = rest_on(app, tip)
        assert hidden(shown, targets(scene)) == [], f"{shown.words!r} at {shown.rect}"
    app.save(screenshot_dir(tmp_path), "token_tip_beside_the_towers")
    assert screen_problems(app.app) == []


def test_a_car_tip_hides_no_other_car(app, tmp_path):
    """Cars side by side (the Margherita tutorial's long drive, the police car just above Don Falconi): the tip
    of one leaves the other in sight."""
    tutorial = TUTORIALS["margherita_lanes"]
    step = tutorial.step_of("tutorial.margherita.long_drive")
    app.app.stack.apply(Push(tutorial_scene(app.app.context, tutorial, step)))
    app.run(3)
    scene = app.top
    cars = scene.view.pieces(scene.match.state)
    tips = [tip for tip in tooltip.tips().tips
            if tip.message.key.startswith("tips.falconi.car.") and BOARD_AREA.contains(tip.area)]
    assert len(tips) >= 2
    for tip in tips:
        shown = rest_on(app, tip)
        assert hidden(shown, cars) == [], f"{shown.words!r} at {shown.rect} hides a car of {cars}"
    app.save(screenshot_dir(tmp_path), "car_tip_beside_the_other_car")


@pytest.mark.slow
def test_the_seat_set_up_tips_leave_the_subtitle_readable(app, tmp_path):
    context = app.app.context
    app.app.stack.apply(Push(SeatSetupScene(context, "falconi")))
    app.run(2)
    subtitle = next(text.rect for sheet in _recorded(app).sheets.values() for text in sheet.texts
                    if text.words.startswith("Catch Don Falconi"))
    tips = list(tooltip.tips().tips)
    assert tips
    for tip in tips:
        shown = rest_on(app, tip)
        assert not shown.rect.colliderect(subtitle), f"{shown.words!r} at {shown.rect} hides the subtitle"
    for _ in range(6):  # the focused row's tip, row by row
        app.key(pygame.K_DOWN)
        app.run(REST)
        shown = tooltip.tips().shown
        assert shown is None or not shown.rect.colliderect(subtitle), f"{shown.words!r} at {shown.rect}"
    app.save(screenshot_dir(tmp_path), "seat_setup_tip")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_undo_is_told_above_the_prompt_and_inside_the_panel(app, tmp_path, language):
    """Undo at the first turn is refused: the sentence saying so has lines of its own in the panel, over the
    prompt (the focused choice in words, two lines long here), never over it."""
    context = app.app.context
    context.change_settings(context.settings.changed(language=language))
    match = Match(MatchSetup("falconi", (ANNA,) * 4, (Person("Anna"),), seed=4, options=FalconiOptions("diavola")))
    open_board(app, match)
    app.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    refused = context.tr("play.cannot_undo")
    drawn = _recorded(app)
    texts = [text for sheet in drawn.sheets.values() for text in sheet.texts]
    said = [text.rect for text in texts if text.words in refused]  # its lines, or the whole of it in one
    prompt = [text.rect for text in texts if text.rect.colliderect(BAR_AREA.x, BAR_AREA.y - 60, BAR_AREA.width, 60)
              and text.rect not in said]
    assert said and prompt
    for line in said:
        assert PANEL_AREA.contains(line), f"{refused!r} runs past the panel at {line}"
        assert line.collidelist(prompt) < 0, f"{refused!r} at {line} is printed over the prompt {prompt}"
    assert drawn.covering() == []
    app.save(screenshot_dir(tmp_path), f"undo_refused_{language}")


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["margherita", "fredericus", "falconi_mode2"])
def test_the_lesson_box_leaves_the_huds_turn_row_and_notes_readable(app, tmp_path, name, language):
    """At every lesson the learner reads, the box stands below the HUD: nothing the HUD wrote above the log (the
    seat cards, the turn row, the red-lane note) is under it; and the log keeps the room under the box (issue
    51: the box covered half of it)."""
    context = app.app.context
    context.change_settings(context.settings.changed(language=language))
    tutorial = TUTORIALS[name]
    for index, step in enumerate(tutorial.steps):
        if step.kind == SCRIPT:
            continue
        app.app.stack.apply(Push(tutorial_scene(context, tutorial, index)))
        drawn = _recorded(app)
        scene = app.top
        texts = [text for sheet in drawn.sheets.values() for text in sheet.texts if PANEL_AREA.contains(text.rect)]
        heading = next(number for number, text in enumerate(texts) if text.words == scene.source.lesson().heading)
        hud = [text for text in texts[:heading] if scene.source.lesson_area.colliderect(text.rect)]
        assert hud == [], f"lesson {step.lesson} covers {[text.words for text in hud]}"
        log = [text for text in texts[heading:] if not scene.source.lesson_area.contains(text.rect)]
        area = scene.source.lesson_area
        assert all(text.rect.top >= area.bottom or not text.rect.colliderect(area)
                   for text in log), f"lesson {step.lesson} covers the log"
        if step.kind == NOTE and index == 0:
            app.save(screenshot_dir(tmp_path), f"lesson_{name}_{language}")
        app.app.stack.apply(Pop())


def test_two_catch_tags_stand_apart(app, tmp_path, monkeypatch):
    """Two roads reach Don Falconi's place (the Margherita tutorial's catch lesson): their CATCH! tags stand
    apart with a clear gap, not on each other (here one above the other)."""
    tutorial = TUTORIALS["margherita_police"]
    app.app.stack.apply(Push(tutorial_scene(app.app.context, tutorial, tutorial.step_of("tutorial.margherita.catch"))))
    boxes: list[pygame.Rect] = []
    real_tag = tags.tag
    monkeypatch.setattr(tags, "tag", lambda *args: boxes.append(real_tag(*args)) or boxes[-1])
    app.top.board_picture.forget()  # drawn afresh, its tags told
    app.run()
    assert len(boxes) == 2
    first, second = sorted(boxes, key=lambda rect: rect.top)
    assert second.top - first.bottom >= 4, f"the tags at {first} and {second} sit on each other"
    app.save(screenshot_dir(tmp_path), "two_catch_tags")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hint_banner_leaves_every_seat_card_clear(app, tmp_path, players):
    """The hint's banner over the castle covers none of the board's boxes (the deck, the turn, the legends; the
    falconers' cards are in the side panel), and the recording hears of it: the sentence lies in the banner it
    was told of."""
    match = Match(MatchSetup("fredericus", (ANNA,) * players, (Person("Anna"),), seed=5))
    scene = open_board(app, match)
    chooser, action = scene.chooser, next(iter(scene.chooser.paths))  # shown as if the AI had answered
    scene.hints.chooser, scene.hints.action, scene.hints.message = chooser, action, match.state.narrate(action)
    drawn = _recorded(app)
    sentence = scene.hints.sentence()
    lines = [text.rect for sheet in drawn.sheets.values() for text in sheet.texts if text.words in sentence]
    assert lines
    boxes = scene.view.layout(match.state).panels
    for line in lines:
        assert line.collidelist(boxes) < 0, f"the hint's line at {line} covers a box of {boxes}"
    banners = [cover.rect for cover in drawn.covers if cover.what == "banner"]
    assert any(banner.contains(line) for banner in banners for line in lines)
    assert drawn.covering() == []
    app.save(screenshot_dir(tmp_path), f"hint_banner_{players}")


def test_the_ghost_tile_lets_the_car_under_it_show_through(app, tmp_path):
    """The tile being placed is drawn see-through over the car beside its cell: the car shows through it."""
    match = Match(MatchSetup("falconi", (ANNA,) * 4, (Person("Anna"),), seed=4, options=FalconiOptions("margherita")))
    scene = open_board(app, match)
    view, state, chooser = scene.view, match.state, scene.chooser
    cars = view.pieces(state)
    assert [kind for kind, _ in chooser.prefix] == ["tile", "cell"]  # the one tile, on the one cell it may go to
    cell = next(option for option in chooser.options if chooser.rect(option).collidelist(cars) >= 0)
    chooser.set_focus(cell)
    car = cars[chooser.rect(cell).collidelist(cars)].clip(chooser.rect(cell))

    def picture(focused: bool, without_car: bool) -> pygame.Surface:
        surface = pygame.Surface((1280, 720))
        hidden = frozenset(f"car:{seat}" for seat in range(4)) if without_car else frozenset()
        if focused:
            view.draw_board(surface, state, chooser, frozenset({0}), [], hidden)
        else:
            view.draw_board(surface, state, None, frozenset({0}), [], hidden)
        return surface.subsurface(car).copy()

    def difference(one: pygame.Surface, other: pygame.Surface) -> float:
        first, second = pygame.image.tobytes(one, "RGB"), pygame.image.tobytes(other, "RGB")
        return sum(abs(a - b) for a, b in zip(first, second)) / len(first)

    shown = difference(picture(True, False), picture(True, True))  # what the car changes under the ghost
    bare = difference(picture(False, False), picture(False, True))  # what it changes on the bare board
    assert bare > 10 and shown >= 0.35 * bare, f"the car shows {shown / bare:.0%} through the ghost tile"
    pygame.image.save(pygame.display.get_surface(), str(screenshot_dir(tmp_path) / "ghost_tile.png"))


def _recorded(driver) -> fit.Recording:
    """One frame of the app, drawn whatever changed, recorded."""
    driver.app.dirty = True
    with fit.recording() as drawn:
        driver.app.frame()
    return drawn
