"""The interactive tutorials: their scripts replay on the rules core, and each is played to its end through real
events by following the pointer, with the mouse, the keyboard and a gamepad; a choice off the script is refused
with a line saying what the lesson wants and changes nothing; every lesson's arrow, words and number agree
(issue 38, point 6); Back leaves; the player's saved game and statistics are never touched."""

from __future__ import annotations

import pygame
import pytest
from event_player import choose
from play_kinds import is_tutorial
from scene_driver import Driver, FixedClock, screenshot_dir

from game.services.match import Match, MatchSetup, SeatPlan
from game.services.tutorials import LEARNER, MORE_LESSONS, NOTE, SCRIPT, TUTORIALS, accepted, problems
from scenes.app import App
from scenes.kit.stack import Push
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay, PauseOverlay
from scenes.pages.tutorial_menus import LearnScene, MoreLessonsScene, TutorialEndOverlay, TutorialMenu
from scenes.playing.play import PlayScene
from scenes.playing.sources.local import start_match_scene
from scenes.playing.sources.tutorial import TutorialSource, tutorial_scene

MARGHERITA, FREDERICUS = TUTORIALS["margherita"], TUTORIALS["fredericus"]  # the first paths
TURNS, POLICE = TUTORIALS["margherita_turns"], TUTORIALS["margherita_police"]  # further lessons
CATCHES = TUTORIALS["fredericus_catch"]

ROTATE, CYCLE, CONFIRM = "rotate", "cycle", "confirm"
KEYS = {ROTATE: pygame.K_r, CYCLE: pygame.K_TAB, CONFIRM: pygame.K_RETURN}
PAD = {ROTATE: pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, CYCLE: pygame.CONTROLLER_BUTTON_X,
       CONFIRM: pygame.CONTROLLER_BUTTON_A}
SHOWN = {"mouse": "mouse", "keyboard": "keyboard", "pad": "pad"}


def open_app(tmp_path, monkeypatch) -> Driver:
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0)
    app.context.ai_pause = 0.0
    app.context.settings = app.context.settings.changed(animation_speed=4.0)
    app.clock = FixedClock(100)  # each frame counts as a long one: animations end within a few frames
    return Driver(app)


def main_line(tutorial) -> list[str]:
    """The actions of the script when the learner always takes the action shown first."""
    match = Match(tutorial.setup)
    for text in tutorial.opening:
        match.play(match.state.parse_action(text))
    for step in tutorial.steps:
        if step.kind != NOTE:
            match.play(accepted(match.state, step)[0])
    return [entry.text for entry in match.log]


def press(driver: Driver, device: str, what: str, pos: tuple[int, int] = (400, 360)) -> None:
    if device == "mouse":
        if what == CONFIRM:
            driver.click(pos)
        else:
            driver.move(pos)
            driver.wheel(-1)
    elif device == "keyboard":
        driver.key(KEYS[what])
    else:
        driver.pad(PAD[what])


def start(driver: Driver, name: str) -> PlayScene[TutorialSource]:
    """From the title: Learn to play, then the tutorial (behind More lessons for a further lesson), by mouse
    clicks."""
    driver.click_item("learn")
    assert isinstance(driver.top, LearnScene)
    if name not in {item.key for item in driver.top.menu.items}:
        driver.click_item("more")
        assert isinstance(driver.top, MoreLessonsScene)
    driver.click_item(name)
    scene = driver.top
    assert is_tutorial(scene) and scene.source.tutorial is TUTORIALS[name]
    return scene


def follow(driver: Driver, scene: PlayScene[TutorialSource], device: str, until: int | None = None) -> None:
    """Play the tutorial with ``device`` (up to step ``until``) by doing what the pointer shows, checking at every
    choice that the pointer is on the option leading to the step's first legal action, and that the lesson names
    the keys of the device in use."""
    steps = scene.source.tutorial.steps
    tr = driver.app.context.tr
    for _ in range(3000):
        if driver.top is not scene or scene.source.index == until:
            return
        step = scene.source.step
        if step is None or step.kind == SCRIPT or scene.timeline.busy:
            driver.run()
            continue
        if step.kind == NOTE:
            wanted = None if step.point is None else scene.view.option_rect(scene.match.state, (), step.point)
            assert scene.source.pointer() == wanted
            before = scene.source.index
            press(driver, device, CONFIRM)
            assert scene.source.index == before + 1
            continue
        assert step.kind == LEARNER and scene.match.state.current_seat == step.seat
        chooser = scene.chooser
        assert chooser is not None
        action = accepted(scene.match.state, step)[0]
        path = chooser.paths[action]
        option = path[len(chooser.prefix)]
        target = chooser.rect(option)
        assert scene.source.pointer() == target, f"step {scene.source.index + 1} ({step.lesson})"
        assert not scene.source.lesson_area.colliderect(target), "the lesson box covers what to click"
        for _ in range(len(chooser.options) + 1):
            if chooser.focused == option:
                break
            press(driver, device, ROTATE if option[0] == "rot" else CYCLE, target.center)
            if device == "mouse" and chooser.focused != option and chooser.option_at(target.center) == option:
                break  # the pointer is on it: a click takes it
        if scene.source.index > 0 and device != "mouse":  # the mouse's wording shows once the pointer moved
            assert scene.source.how() in {tr(f"tutorial.how.{kind}.{SHOWN[device]}") for kind in ("choose", "move")}
        played, completes = len(scene.match.log), chooser.action_of(option) is not None
        press(driver, device, CONFIRM, target.center)
        assert scene.source.refusal == ""
        if completes:  # played (and maybe the script's next actions after it)
            assert scene.match.log[played].text == scene.match.state.action_text(action)
        else:
            assert len(scene.match.log) == played and scene.chooser is chooser and option in chooser.prefix
    assert scene.source.index == len(steps)


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_every_way_of_following_a_script_replays_on_the_rules_core(name):
    assert problems(TUTORIALS[name]) == []


def test_the_tutorials_teach_what_they_promise():
    def verbs(tutorial, seat=None):
        return {step.actions[0].split()[0] for step in tutorial.steps
                if step.kind == LEARNER and seat in (None, step.seat)}

    assert {"place", "drive", "bomb"} <= verbs(MARGHERITA, seat=0)  # Don Falconi draws, places, drives, bombs
    assert {"place", "drive", "catch"} <= verbs(MARGHERITA, seat=2)  # then the learner drives the Port police
    match = Match(MARGHERITA.setup)
    for text in main_line(MARGHERITA):
        match.play(match.state.parse_action(text))
    assert match.state.outcome.termination == "catch" and match.state.outcome.winners == {2}
    assert {"bet", "card", "raptor", "capture", "hood", "flip", "seal", "end", "stay"} <= verbs(FREDERICUS)


@pytest.mark.parametrize("name, device", [("margherita", "mouse"), ("fredericus", "mouse"),
                                          ("fredericus", "keyboard"), ("fredericus", "pad")])
@pytest.mark.slow
def test_a_tutorial_is_played_to_its_end_card_by_following_the_pointer(tmp_path, monkeypatch, name, device):
    driver = open_app(tmp_path, monkeypatch)
    stats = driver.app.context.stats
    try:
        scene = start(driver, name)
        folder = screenshot_dir(tmp_path)
        driver.save(folder, f"tutorial-{name}-{device}-first")
        follow(driver, scene, device)
        for _ in range(20):
            if isinstance(driver.top, TutorialEndOverlay):
                break
            driver.run()
        assert isinstance(driver.top, TutorialEndOverlay)
        driver.save(folder, f"tutorial-{name}-{device}-end")
        assert [entry.text for entry in scene.match.log] == main_line(TUTORIALS[name])
        driver.click_item("menu")
        assert isinstance(driver.top, TitleScene)
        assert not driver.app.context.saves.slots()
        assert driver.app.context.stats == stats  # nothing counted, nothing written
        assert not (tmp_path / "data" / "stats.json").exists()
    finally:
        driver.app.close()


def lesson(driver: Driver, tutorial, key: str) -> PlayScene[TutorialSource]:
    scene = tutorial_scene(driver.app.context, tutorial, tutorial.step_of(key))
    driver.app.stack.apply(Push(scene))
    driver.run()
    return scene


def test_a_wrong_choice_is_refused_with_a_line_and_changes_nothing(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = lesson(driver, TURNS, "tutorial.margherita.rotate")
        chooser, before = scene.chooser, scene.match.state.to_json()
        assert chooser.focused == scene.source.target()  # the focus starts on the arrow's choice: Enter would take it
        while chooser.focused[1].quarters != 0:  # no road goes on north that way
            driver.key(pygame.K_r)
        assert chooser.focused != scene.source.target() and chooser.focused[0] == "rot"  # turned a wrong way
        assert scene.source.how() == driver.app.context.tr("tutorial.how.rotate.keyboard")  # the key that turns it
        driver.key(pygame.K_RETURN)  # lays it the wrong way round
        assert scene.source.refusal == driver.app.context.tr("tutorial.margherita.rotate.wanted")  # what it wants
        assert scene.match.state.to_json() == before and len(scene.match.log) == scene.source.tutorial.step_of(
            "tutorial.margherita.rotate") - 2 and scene.chooser is chooser
        how = scene.source.how()
        assert how == driver.app.context.tr("tutorial.how.rotate.keyboard")  # still the key, not a repeat
        driver.save(screenshot_dir(tmp_path), "tutorial-refused")
        for _ in range(3):
            if chooser.focused != scene.source.target():
                driver.key(pygame.K_r)
        driver.key(pygame.K_RETURN)  # now the right way
        assert scene.source.refusal == "" and scene.source.step.lesson == "tutorial.margherita.drive_again"
        wrong = next(option for option in scene.chooser.options if option != scene.source.target())
        played = len(scene.match.log)
        driver.click(scene.chooser.rect(wrong).center)  # the other open end
        assert len(scene.match.log) == played and scene.source.refusal
        driver.key(pygame.K_z, pygame.KMOD_CTRL)  # undo is no way round a lesson either
        assert len(scene.match.log) == played and scene.source.refusal == driver.app.context.tr("tutorial.no_undo")

        scene = lesson(driver, CATCHES, "tutorial.fredericus.move_card")
        before = scene.match.state.to_json()
        wrong = next(option for option in scene.chooser.options if option != scene.source.target())
        driver.click(scene.chooser.rect(wrong).center)
        assert scene.match.state.to_json() == before and scene.chooser.prefix == [] and scene.source.refusal
        driver.click(scene.source.pointer().center)  # the end card of row 2, then the wrong row for it
        to_row = next(option for option in scene.chooser.options if option != scene.source.target())
        driver.click(scene.chooser.rect(to_row).center)
        assert scene.match.state.to_json() == before and scene.chooser.prefix == [("row", 2)]
        driver.click(scene.source.pointer().center)
        assert scene.match.log[-1].text == "card 2 3" and scene.source.refusal == ""
    finally:
        driver.app.close()


@pytest.mark.slow
def test_every_turn_that_meets_the_lessons_words_is_taken_and_the_refusal_goes_once_put_right(tmp_path, monkeypatch):
    """"Turn it until the road goes on to the north": both turns of the T-junction with a road to the north are
    right. The refusal of a wrong turn goes as soon as the tile is turned a right way, before it is laid."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = lesson(driver, TURNS, "tutorial.margherita.rotate")
        chooser = scene.chooser
        while chooser.focused[1].quarters != 0:
            driver.key(pygame.K_r)
        assert chooser.focused[1].quarters == 0  # roads west, east and south: none goes on north
        driver.key(pygame.K_RETURN)
        assert scene.source.refusal == driver.app.context.tr("tutorial.margherita.rotate.wanted")
        driver.key(pygame.K_r)
        assert chooser.focused[1].quarters == 1 and scene.source.refusal == ""  # north, south and west: right
        driver.key(pygame.K_RETURN)
        assert scene.match.log[-1].text == "place t-junction 4,7 r1"
        assert scene.source.step.lesson == "tutorial.margherita.drive_again"
        follow(driver, scene, "keyboard")  # and the lesson goes on to its end from there
    finally:
        driver.app.close()


@pytest.mark.slow
def test_back_opens_the_tutorial_menu_to_start_again_or_leave(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = start(driver, "fredericus")
        follow(driver, scene, "keyboard", until=FREDERICUS.step_of("tutorial.path.fredericus.capture"))
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, TutorialMenu)
        driver.save(screenshot_dir(tmp_path), "tutorial-menu")
        driver.key(pygame.K_ESCAPE)
        assert driver.top is scene and scene.source.step.lesson == "tutorial.path.fredericus.capture"
        driver.key(pygame.K_ESCAPE)
        driver.click_item("restart")
        again = driver.top
        assert is_tutorial(again) and again is not scene and again.source.index == 0
        assert again.match.log == []
        driver.key(pygame.K_ESCAPE)
        driver.click_item("leave")
        assert isinstance(driver.top, TitleScene)
        assert not driver.app.context.saves.slots()
    finally:
        driver.app.close()


@pytest.mark.slow
def test_the_saved_game_is_the_same_after_a_tutorial_played_to_its_catch(tmp_path, monkeypatch):
    """Margherita's tutorial with the keyboard, from a title menu with a saved game to resume."""
    driver = open_app(tmp_path, monkeypatch)
    setup = MatchSetup("falconi", (SeatPlan.human(0), SeatPlan("off"), SeatPlan.ai("easy"), SeatPlan("off")), seed=9)
    try:
        play = start_match_scene(driver.app.context, Match(setup))
        driver.app.stack.apply(Push(play))
        choose(driver, play, play.match.state.legal_actions()[0], "keyboard")  # Don Falconi lays his first tile
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, PauseOverlay)
        driver.click_item("quit")
        assert isinstance(driver.top, ConfirmOverlay)
        driver.click_item("yes")
        assert isinstance(driver.top, TitleScene)
        saves = driver.app.context.saves
        saved = saves.slot_path(play.source.slot.name).read_bytes()
        scene = start(driver, "margherita")
        follow(driver, scene, "keyboard")
        assert scene.match.state.is_terminal()  # the Port police caught him: a finished game, never recorded
        for _ in range(20):
            driver.run()
        driver.click_item("menu")
        assert [info.name for info in saves.slots()] == [play.source.slot.name]
        assert saves.slot_path(play.source.slot.name).read_bytes() == saved
        assert driver.top.menu.item("continue").enabled
    finally:
        driver.app.close()


def saved_game(driver: Driver) -> tuple[str, bytes]:
    """A game in progress saved in a slot, as the title's Continue would resume it: its slot's name and bytes."""
    setup = MatchSetup("falconi", (SeatPlan.human(0), SeatPlan("off"), SeatPlan.ai("easy"), SeatPlan("off")), seed=9)
    match = Match(setup)
    match.play(match.state.legal_actions()[0])
    slot = driver.app.context.saves.new_slot()
    slot.save(match)
    slot.flush()
    slot.release()
    return slot.name, driver.app.context.saves.slot_path(slot.name).read_bytes()


@pytest.mark.parametrize("tutorial", [MARGHERITA, FREDERICUS], ids=lambda tutorial: tutorial.name)
def test_enter_on_the_end_card_opens_a_board_with_a_game_ready(tmp_path, monkeypatch, tutorial):
    """Issue 52: after "Well done!", Enter landed on the seat set-up, where Enter changed the preset. Now it
    starts a real game at once (the lesson's game and options, the learner against the normal AI), in a slot of
    its own: the saved game in progress is left as it was."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        name, saved = saved_game(driver)
        scene = tutorial_scene(driver.app.context, tutorial, len(tutorial.steps))
        driver.app.stack.apply(Push(scene))
        driver.run(10)
        assert isinstance(driver.top, TutorialEndOverlay) and driver.top.menu.focused.key == "real"
        driver.save(screenshot_dir(tmp_path), f"tutorial-end-{tutorial.name}")
        driver.key(pygame.K_RETURN)
        play = driver.top
        assert isinstance(play, PlayScene) and not is_tutorial(play)
        setup = play.match.setup
        assert setup.game == tutorial.game and setup.options == tutorial.setup.options  # Margherita after its path
        assert [plan.kind for plan in setup.seats][:2] == ["person", "ai"] and {
            plan.level for plan in setup.seats if plan.kind == "ai"} == {"normal"}
        assert not play.match.state.is_terminal()  # a game under way at once, not a form
        assert driver.app.context.saves.slot_path(name).read_bytes() == saved
        assert driver.app.stack.scenes[-2] is not scene  # the lesson made room for the game
    finally:
        driver.app.close()


def test_the_end_card_offers_the_further_lessons_and_the_same_lesson_again(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = tutorial_scene(driver.app.context, FREDERICUS, len(FREDERICUS.steps))
        driver.app.stack.apply(Push(scene))
        driver.run(10)
        driver.click_item("again")
        again = driver.top
        assert is_tutorial(again) and again.source.index == 0 and again.source.tutorial is FREDERICUS
        driver.app.stack.apply(Push(TutorialEndOverlay(driver.app.context, FREDERICUS)))
        driver.click_item("more")
        assert isinstance(driver.top, MoreLessonsScene)
        keys = [item.key for item in driver.top.menu.items]
        assert keys == [lesson.name for lesson in MORE_LESSONS["fredericus"]] + ["back"]  # this game's only
        driver.click_item("fredericus_hood")
        lesson_scene = driver.top
        assert is_tutorial(lesson_scene) and lesson_scene.source.tutorial.name == "fredericus_hood"
        opening = lesson_scene.source.tutorial.opening
        assert [entry.text for entry in lesson_scene.match.log][:len(opening)] == list(opening)  # where it begins
    finally:
        driver.app.close()


def test_the_title_menu_offers_learn_to_play_right_after_new_game(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch)
    try:
        keys = [item.key for item in driver.top.menu.items]
        assert keys[keys.index("new") + 1] == "learn"
    finally:
        driver.app.close()


def test_the_arrow_comes_from_below_or_the_side_rather_than_cover_a_car():
    from scenes.playing.tutorial_overlay import draw_pointer

    surface = pygame.Surface((1280, 720))
    target = pygame.Rect(300, 300, 64, 64)
    assert draw_pointer(surface, target, 0.0).bottom <= target.top  # from above, as a rule
    car = pygame.Rect(316, 236, 32, 40)  # the square above the target
    arrow = draw_pointer(surface, target, 0.0, [car])
    assert arrow.top >= target.bottom and not arrow.colliderect(car)
    both = [car, pygame.Rect(316, 370, 32, 40)]  # a car under it too: from the left
    arrow = draw_pointer(surface, target, 0.0, both)
    assert arrow.right <= target.left and arrow.collidelist(both) < 0
    boxed = [*both, pygame.Rect(236, 316, 40, 32), pygame.Rect(370, 316, 40, 32)]  # and on each side: from above
    assert draw_pointer(surface, target, 0.0, boxed).bottom <= target.top



def test_the_lesson_keeps_its_words_until_the_moves_it_tells_of_are_seen(tmp_path, monkeypatch):
    """A German newcomer read "the police drove on and made a U-turn" while the police car still stood where it
    was: a screen's words wait for the script's moves they tell of, and for the board to show them."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = start(driver, MARGHERITA.name)
        source, steps = scene.source, MARGHERITA.steps
        bomb = next(index for index, step in enumerate(steps) if step.lesson.endswith(".bomb"))
        assert steps[bomb].kind == SCRIPT and steps[bomb - 1].lesson != steps[bomb].lesson
        follow(driver, scene, "keyboard", until=bomb)
        tr = driver.app.context.tr
        before = tr(steps[bomb - 1].lesson)
        seen = []
        while source.index < len(steps) and steps[source.index].kind == SCRIPT or scene.timeline.busy:
            seen.append((source.lesson().body, source.index, scene.timeline.busy))
            driver.run()
        assert len({index for _, index, _ in seen}) > 1  # the script's moves were played meanwhile
        assert all(body == before for body, _, _ in seen)
        assert source.lesson().body == tr(steps[bomb].lesson) and steps[source.index].kind != SCRIPT
    finally:
        driver.app.close()
