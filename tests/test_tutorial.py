"""The interactive tutorials: their scripts replay on the rules core, and each is played to its end through real
events by following the pointer, with the mouse, the keyboard and a gamepad; a choice off the script is refused
with a line saying what the lesson wants and changes nothing; every lesson's arrow, words and number agree
(issue 38, point 6); Back leaves; the player's saved game and statistics are never touched."""

from __future__ import annotations

import re

import pygame
import pytest
from event_player import choose
from scene_driver import Driver, FixedClock, screenshot_dir

from game.falconi.city import EDGE_NAMES, cell_of
from game.falconi.constants import FUGITIVE
from game.services.match import Match, MatchSetup, SeatPlan
from game.services.settings import LANGUAGES
from game.services.tutorials import LEARNER, MORE_LESSONS, NOTE, SCRIPT, TUTORIALS, accepted, problems
from scenes.app import App
from scenes.kit.stack import Push
from scenes.pages.menus import TitleScene
from scenes.pages.overlays import ConfirmOverlay, PauseOverlay
from scenes.pages.tutorial_menus import LearnScene, MoreLessonsScene, TutorialEndOverlay, TutorialMenu
from scenes.playing import tutorial_overlay
from scenes.playing.play import PlayScene, start_match_scene
from scenes.playing.tutorial import TutorialScene

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


def start(driver: Driver, name: str) -> TutorialScene:
    """From the title: Learn to play, then the tutorial (behind More lessons for a further lesson), by mouse
    clicks."""
    driver.click_item("learn")
    assert isinstance(driver.top, LearnScene)
    if name not in {item.key for item in driver.top.menu.items}:
        driver.click_item("more")
        assert isinstance(driver.top, MoreLessonsScene)
    driver.click_item(name)
    scene = driver.top
    assert isinstance(scene, TutorialScene) and scene.tutorial is TUTORIALS[name]
    return scene


def follow(driver: Driver, scene: TutorialScene, device: str, until: int | None = None) -> None:
    """Play the tutorial with ``device`` (up to step ``until``) by doing what the pointer shows, checking at every
    choice that the pointer is on the option leading to the step's first legal action, and that the lesson names
    the keys of the device in use."""
    steps = scene.tutorial.steps
    tr = driver.app.context.tr
    for _ in range(3000):
        if driver.top is not scene or scene.index == until:
            return
        step = scene.step
        if step is None or step.kind == SCRIPT or scene.timeline.busy:
            driver.run()
            continue
        if step.kind == NOTE:
            wanted = None if step.point is None else scene.view.option_rect(scene.match.state, (), step.point)
            assert scene.pointer() == wanted
            before = scene.index
            press(driver, device, CONFIRM)
            assert scene.index == before + 1
            continue
        assert step.kind == LEARNER and scene.match.state.current_seat == step.seat
        chooser = scene.chooser
        assert chooser is not None
        action = accepted(scene.match.state, step)[0]
        path = chooser.paths[action]
        option = path[len(chooser.prefix)]
        target = chooser.rect(option)
        assert scene.pointer() == target, f"step {scene.index + 1} ({step.lesson})"
        assert not scene.lesson_area.colliderect(target), "the lesson box covers what to click"
        for _ in range(len(chooser.options) + 1):
            if chooser.focused == option:
                break
            press(driver, device, ROTATE if option[0] == "rot" else CYCLE, target.center)
            if device == "mouse" and chooser.focused != option and chooser.option_at(target.center) == option:
                break  # the pointer is on it: a click takes it
        if scene.index > 0 and device != "mouse":  # the mouse's wording shows once the pointer moved
            assert scene.how() in {tr(f"tutorial.how.{kind}.{SHOWN[device]}") for kind in ("choose", "move")}
        played, completes = len(scene.match.log), chooser.action_of(option) is not None
        press(driver, device, CONFIRM, target.center)
        assert scene.refusal == ""
        if completes:  # played (and maybe the script's next actions after it)
            assert scene.match.log[played].text == scene.match.state.action_text(action)
        else:
            assert len(scene.match.log) == played and scene.chooser is chooser and option in chooser.prefix
    assert scene.index == len(steps)


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


def lesson(driver: Driver, tutorial, key: str) -> TutorialScene:
    scene = TutorialScene(driver.app.context, tutorial, tutorial.step_of(key))
    driver.app.stack.apply(Push(scene))
    driver.run()
    return scene


def test_a_wrong_choice_is_refused_with_a_line_and_changes_nothing(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = lesson(driver, TURNS, "tutorial.margherita.rotate")
        chooser, before = scene.chooser, scene.match.state.to_json()
        assert chooser.focused == scene.target()  # the focus starts on the arrow's choice: Enter would take it
        while chooser.focused[1].quarters != 0:  # no road goes on north that way
            driver.key(pygame.K_r)
        assert chooser.focused != scene.target() and chooser.focused[0] == "rot"  # turned a wrong way
        assert scene.how() == driver.app.context.tr("tutorial.how.rotate.keyboard")  # the key that turns it
        driver.key(pygame.K_RETURN)  # lays it the wrong way round
        assert scene.refusal == driver.app.context.tr("tutorial.margherita.rotate.wanted")  # what it wants
        assert scene.match.state.to_json() == before and len(scene.match.log) == scene.tutorial.step_of(
            "tutorial.margherita.rotate") - 2 and scene.chooser is chooser
        assert scene.how() == driver.app.context.tr("tutorial.how.rotate.keyboard")  # still the key, not a repeat
        driver.save(screenshot_dir(tmp_path), "tutorial-refused")
        for _ in range(3):
            if chooser.focused != scene.target():
                driver.key(pygame.K_r)
        driver.key(pygame.K_RETURN)  # now the right way
        assert scene.refusal == "" and scene.step.lesson == "tutorial.margherita.drive_again"
        wrong = next(option for option in scene.chooser.options if option != scene.target())
        played = len(scene.match.log)
        driver.click(scene.chooser.rect(wrong).center)  # the other open end
        assert len(scene.match.log) == played and scene.refusal
        driver.key(pygame.K_z, pygame.KMOD_CTRL)  # undo is no way round a lesson either
        assert len(scene.match.log) == played and scene.refusal == driver.app.context.tr("tutorial.no_undo")

        scene = lesson(driver, CATCHES, "tutorial.fredericus.move_card")
        before = scene.match.state.to_json()
        wrong = next(option for option in scene.chooser.options if option != scene.target())
        driver.click(scene.chooser.rect(wrong).center)
        assert scene.match.state.to_json() == before and scene.chooser.prefix == [] and scene.refusal
        driver.click(scene.pointer().center)  # the end card of row 2, then the wrong row for it
        to_row = next(option for option in scene.chooser.options if option != scene.target())
        driver.click(scene.chooser.rect(to_row).center)
        assert scene.match.state.to_json() == before and scene.chooser.prefix == [("row", 2)]
        driver.click(scene.pointer().center)
        assert scene.match.log[-1].text == "card 2 3" and scene.refusal == ""
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
        assert scene.refusal == driver.app.context.tr("tutorial.margherita.rotate.wanted")
        driver.key(pygame.K_r)
        assert chooser.focused[1].quarters == 1 and scene.refusal == ""  # north, south and west: right
        driver.key(pygame.K_RETURN)
        assert scene.match.log[-1].text == "place t-junction 4,7 r1"
        assert scene.step.lesson == "tutorial.margherita.drive_again"
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
        assert driver.top is scene and scene.step.lesson == "tutorial.path.fredericus.capture"
        driver.key(pygame.K_ESCAPE)
        driver.click_item("restart")
        again = driver.top
        assert isinstance(again, TutorialScene) and again is not scene and again.index == 0
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
        saved = saves.slot_path(play.slot.name).read_bytes()
        scene = start(driver, "margherita")
        follow(driver, scene, "keyboard")
        assert scene.match.state.is_terminal()  # the Port police caught him: a finished game, never recorded
        for _ in range(20):
            driver.run()
        driver.click_item("menu")
        assert [info.name for info in saves.slots()] == [play.slot.name]
        assert saves.slot_path(play.slot.name).read_bytes() == saved
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
        scene = TutorialScene(driver.app.context, tutorial, len(tutorial.steps))
        driver.app.stack.apply(Push(scene))
        driver.run(10)
        assert isinstance(driver.top, TutorialEndOverlay) and driver.top.menu.focused.key == "real"
        driver.save(screenshot_dir(tmp_path), f"tutorial-end-{tutorial.name}")
        driver.key(pygame.K_RETURN)
        play = driver.top
        assert isinstance(play, PlayScene) and not isinstance(play, TutorialScene)
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
        scene = TutorialScene(driver.app.context, FREDERICUS, len(FREDERICUS.steps))
        driver.app.stack.apply(Push(scene))
        driver.run(10)
        driver.click_item("again")
        again = driver.top
        assert isinstance(again, TutorialScene) and again.index == 0 and again.tutorial is FREDERICUS
        driver.app.stack.apply(Push(TutorialEndOverlay(driver.app.context, FREDERICUS)))
        driver.click_item("more")
        assert isinstance(driver.top, MoreLessonsScene)
        keys = [item.key for item in driver.top.menu.items]
        assert keys == [lesson.name for lesson in MORE_LESSONS["fredericus"]] + ["back"]  # this game's only
        driver.click_item("fredericus_hood")
        lesson_scene = driver.top
        assert isinstance(lesson_scene, TutorialScene) and lesson_scene.tutorial.name == "fredericus_hood"
        opening = lesson_scene.tutorial.opening
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


# --- every lesson's arrow, words and number agree (issue 38, point 6) ------------------------------------------
ARROW_WORD = {"en": "arrow", "it": "freccia", "de": "pfeil", "fr": "flèche"}
# The words a lesson uses to say where to go, as a direction from the car, and how it names the side a car comes
# in by (which is not where it goes: "to 3,0, coming in from the south" lies north of a car at 3,2).
PLACE_WORDS = {
    "en": {"north": "N", "south": "S", "east": "E", "west": "W", "top": "N", "bottom": "S", "left": "W",
           "right": "E", "above": "N", "below": "S"},
    "it": {"nord": "N", "sud": "S", "est": "E", "ovest": "W", "in alto": "N", "in basso": "S", "sinistra": "W",
           "destra": "E", "sopra": "N", "sotto": "S"},
    "de": {"norden": "N", "süden": "S", "osten": "E", "westen": "W", "oben": "N", "unten": "S", "links": "W",
           "rechts": "E", "darüber": "N", "darunter": "S"},
    "fr": {"nord": "N", "sud": "S", "l'est": "E", "l'ouest": "W", "en haut": "N", "en bas": "S", "gauche": "W",
           "droite": "E", "dessus": "N", "dessous": "S"},
}
COMING_IN = {"en": r"from the (north|south|east|west)", "it": r"da (nord|sud|est|ovest)",
             "de": r"von (norden|süden|osten|westen)", "fr": r"par (le nord|le sud|l'est|l'ouest)"}
SIDES = {"north": "N", "south": "S", "east": "E", "west": "W", "nord": "N", "sud": "S", "est": "E", "ovest": "W",
         "norden": "N", "süden": "S", "osten": "E", "westen": "W", "le nord": "N", "le sud": "S", "l'est": "E",
         "l'ouest": "W"}


def screens(tutorial) -> int:
    """The screens a learner sees: a run of steps told by one text is one screen."""
    steps = tutorial.steps
    return sum(1 for index, step in enumerate(steps) if index == 0 or step.lesson != steps[index - 1].lesson)


def falconi_places(state, actions) -> dict:
    """Where each drive or catch goes: its cell's x and y, and the side it comes in by."""
    city, places = state.city, {}
    for action in actions:
        if action.verb == "drive" and action.slot < 0:
            places[action] = (*city.xy(action.cell), EDGE_NAMES[action.edge])
        elif action.verb == "catch":
            places[action] = (*city.xy(cell_of(state.links[state.cars[FUGITIVE]])), EDGE_NAMES[action.edge])
    return places


def named_place_singles_out(language: str, text: str, state, target) -> bool:
    """Whether what a Falconi lesson ``text`` says about where to drive (directions from the car, a cell such as
    ``3,1``, the side the car comes in by) fits the arrow's ``target`` and no other drive or catch on offer; true
    when the text names no place. A catch is told by its cell and side alone: it ends where Don Falconi is, so
    "the upper CATCH! tag" is about the tags, not a way from the car."""
    text = text.lower()
    sides = {SIDES[side] for side in re.findall(COMING_IN[language], text)}
    plain = re.sub(COMING_IN[language], " ", text)
    directions = {way for word, way in PLACE_WORDS[language].items() if re.search(rf"(?<!\w){word}(?!\w)", plain)
                  and target.verb == "drive"}
    cells = {(int(x), int(y)) for x, y in re.findall(r"(?<!\d)(\d),(\d)(?!\d)", text)}
    if not (sides or directions or cells):
        return True
    car_x, car_y = state.city.xy(cell_of(state.cars[state.turn_seat]))
    offsets = {"N": lambda x, y: y < car_y, "S": lambda x, y: y > car_y, "E": lambda x, y: x > car_x,
               "W": lambda x, y: x < car_x}

    def fits(place) -> bool:
        x, y, side = place
        return (all(offsets[way](x, y) for way in directions) and (not cells or (x, y) in cells)
                and (not sides or side in sides))

    places = falconi_places(state, state.legal_actions())
    return fits(places[target]) and not any(fits(place) for action, place in places.items() if action != target)


ROW_WORDS = {"en": ("row", "post"), "it": ("fila", "posto"), "de": ("reihe", "posten"), "fr": ("rangée", "poste")}
NAMED_BY = {"row": 0, "flip": 0, "seal": 0, "hood": 1}  # a Fredericus choice named by its row (0) or post (1)


def named_row_fits(language: str, text: str, target) -> bool:
    """Whether a Fredericus lesson ``text`` that names rows (or posts) names the one the arrow is on; true when
    the choice is not a row's or a post's, or the text names none."""
    if target[0] not in NAMED_BY:
        return True
    word = ROW_WORDS[language][NAMED_BY[target[0]]]
    named = {int(number) for number in re.findall(rf"(?<!\w){word} (\d)", text.lower())}
    return not named or target[1] in named


def focus_with_mouse(driver: Driver, chooser, option) -> bool:
    """Point at ``option`` and turn the wheel until it is focused (the rotations of a tile share its square)."""
    driver.move(chooser.rect(option).center)
    for _ in range(len(chooser.options) + 1):
        if chooser.focused == option:
            return True
        driver.wheel(-1)
    return chooser.focused == option


def walk(driver: Driver, scene: TutorialScene, language: str, arrows: list) -> list[str]:
    """Play the tutorial to its end with the mouse, at every choice first taking one that leads elsewhere, and
    check each lesson's arrow, place words and refusal; returns the problems found."""
    tr, found = driver.app.context.tr, []
    for _ in range(3000):
        step = scene.step
        if driver.top is not scene or step is None:
            break
        if step.kind == SCRIPT or scene.timeline.busy:
            driver.run()
            continue
        if step.kind == NOTE:
            driver.click((400, 360))
            continue
        where = f"step {scene.index + 1} ({step.lesson})"
        chooser, state = scene.chooser, scene.match.state
        depth = len(chooser.prefix)
        paths = [chooser.paths[action] for action in accepted(state, step)]
        leading = {path[depth] for path in paths if path[:depth] == tuple(chooser.prefix)}
        option = scene.target()
        driver.run()
        target, arrow = arrows[-1]
        if option not in leading or target != chooser.rect(option):
            found.append(f"{where}: the arrow is not on a choice the lesson takes")
        others = [chooser.rect(other) for other in chooser.options if not chooser.rect(other).colliderect(target)]
        if arrow.collidelist(others) >= 0:
            found.append(f"{where}: the arrow lies on another choice, {others[arrow.collidelist(others)]}")
        action = chooser.action_of(option)
        drives = scene.tutorial.game == "falconi" and action is not None and action.verb in ("drive", "catch")
        if drives and not named_place_singles_out(language, tr(step.lesson), state, action):
            found.append(f"{where}: the words name another place than the arrow's")
        if not all(named_row_fits(language, tr(key), option) for key in (step.lesson, step.wanted)):
            found.append(f"{where}: the words name another row or post than the arrow's")
        wrong = next((other for other in chooser.options if other not in leading), None)
        if wrong is not None and focus_with_mouse(driver, chooser, wrong):
            before, played = state.to_json(), len(scene.match.log)
            driver.click(chooser.rect(wrong).center)
            assert scene.match.state.to_json() == before and len(scene.match.log) == played, where
            if scene.refusal != tr(step.wanted) or ARROW_WORD[language] in scene.refusal.lower():
                found.append(f"{where}: refused with {scene.refusal!r}, which does not say what is wanted")
        assert focus_with_mouse(driver, chooser, option), where
        driver.click(chooser.rect(option).center)
        assert scene.refusal == "", where
    assert scene.step is None, "the tutorial did not reach its end"
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(TUTORIALS))
@pytest.mark.slow
def test_every_lessons_arrow_words_refusal_and_number_agree(tmp_path, monkeypatch, name, language):
    """Played to its end with the mouse: each arrow points at a choice the lesson takes and lies on no other
    choice, the words naming where to drive pick out the arrow's place, a wrong choice is refused with a line
    saying what the lesson wants (never "follow the arrow"), and the box numbers its screens 1 to N once each."""
    driver = open_app(tmp_path, monkeypatch)
    context = driver.app.context
    context.ai_pause = 0.5  # the script's actions wait a few frames, so each of their screens is drawn
    context.change_settings(context.settings.changed(language=language))
    arrows, headings = [], []
    draw_pointer, draw_lesson = tutorial_overlay.draw_pointer, tutorial_overlay.draw_lesson

    def pointer_seen(surface, target, *rest):
        arrow = draw_pointer(surface, target, *rest)
        arrows.append((target, arrow))
        return arrow

    def lesson_seen(surface, text, lesson, *rest):
        if not headings or headings[-1] != lesson.heading:
            headings.append(lesson.heading)
        return draw_lesson(surface, text, lesson, *rest)

    monkeypatch.setattr(tutorial_overlay, "draw_pointer", pointer_seen)
    monkeypatch.setattr(tutorial_overlay, "draw_lesson", lesson_seen)
    try:
        found = walk(driver, start(driver, name), language, arrows)
        count = screens(TUTORIALS[name])
        numbered = [heading for heading in headings if re.search(r"\d", heading)]
        if numbered != [context.tr("tutorial.heading", number=k, count=count) for k in range(1, count + 1)]:
            found.append(f"the screens are numbered {numbered}, not 1 to {count} once each")
        assert found == []
    finally:
        driver.app.close()


def test_lesson_18_takes_either_turn_of_the_tile_with_a_road_to_the_north(tmp_path, monkeypatch):
    """The Port police's T-junction (lesson 18 when the watched screens had no number of their own, 26 now): both
    turns with a road going on north towards Don Falconi lead to the catch; the third is refused with what is
    wanted."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        scene = lesson(driver, POLICE, "tutorial.margherita.police_place")
        chooser, tr = scene.chooser, driver.app.context.tr
        turns = {option[1].quarters: option for option in chooser.options}
        assert sorted(turns) == [0, 2, 3]  # r0 has no road north
        while chooser.focused != turns[0]:
            driver.key(pygame.K_r)
        driver.key(pygame.K_RETURN)
        assert scene.refusal == tr("tutorial.margherita.police_place.wanted")
        while chooser.focused != turns[3]:
            driver.key(pygame.K_r)
        assert scene.refusal == ""
        driver.key(pygame.K_RETURN)
        assert scene.match.log[-1].text == "place t-junction 3,2 r3"
        follow(driver, scene, "keyboard")
        assert scene.match.state.outcome.termination == "catch"
    finally:
        driver.app.close()


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_tutorials_cars_read_you_and_tutor_not_player_1_twice(tmp_path, monkeypatch, language):
    """Issue 51: one person plays both cars of the tutorial's set-up, so both seat cards read "Player 1". The
    car the learner drives in this part of the lesson reads "You", the one the script drives "Tutor", and they
    change places when the learner takes the police car."""
    driver = open_app(tmp_path, monkeypatch)
    try:
        context = driver.app.context
        context.change_settings(context.settings.changed(language=language))
        you, tutor = context.tr("tutorial.you"), context.tr("tutorial.tutor")
        scene = lesson(driver, TURNS, "tutorial.margherita.place")
        port = next(seat for seat in MARGHERITA.learner_seats if seat != FUGITIVE)
        assert {seat: player.name for seat, player in scene.players().items()} == {FUGITIVE: you, port: tutor}
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), f"tutorial-names-{language}")
        scene = lesson(driver, POLICE, "tutorial.margherita.swap")
        assert {seat: player.name for seat, player in scene.players().items()} == {FUGITIVE: tutor, port: you}
    finally:
        driver.app.close()
