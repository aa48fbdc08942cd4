"""Every lesson's arrow, words and number agree (issue 38, point 6): the place a lesson names is the one its arrow
points at, from the side it says, in every language; and the lessons' cars read *You* and *Tutor*."""

from __future__ import annotations

import re

import pygame
import pytest
from scene_driver import Driver, screenshot_dir
from test_tutorial import MARGHERITA, POLICE, TURNS, follow, lesson, open_app, start

from game.falconi.city import EDGE_NAMES, cell_of
from game.falconi.constants import FUGITIVE
from game.services.settings import LANGUAGES
from game.services.tutorials import NOTE, SCRIPT, TUTORIALS, accepted
from scenes.playing import tutorial_overlay
from scenes.playing.play import PlayScene
from scenes.playing.sources.tutorial import TutorialSource

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


def walk(driver: Driver, scene: PlayScene[TutorialSource], language: str, arrows: list) -> list[str]:
    """Play the tutorial to its end with the mouse, at every choice first taking one that leads elsewhere, and
    check each lesson's arrow, place words and refusal; returns the problems found."""
    tr, found = driver.app.context.tr, []
    for _ in range(3000):
        step = scene.source.step
        if driver.top is not scene or step is None:
            break
        if step.kind == SCRIPT or scene.timeline.busy:
            driver.run()
            continue
        if step.kind == NOTE:
            driver.click((400, 360))
            continue
        where = f"step {scene.source.index + 1} ({step.lesson})"
        chooser, state = scene.chooser, scene.match.state
        depth = len(chooser.prefix)
        paths = [chooser.paths[action] for action in accepted(state, step)]
        leading = {path[depth] for path in paths if path[:depth] == tuple(chooser.prefix)}
        option = scene.source.target()
        driver.run()
        target, arrow = arrows[-1]
        if option not in leading or target != chooser.rect(option):
            found.append(f"{where}: the arrow is not on a choice the lesson takes")
        others = [chooser.rect(other) for other in chooser.options if not chooser.rect(other).colliderect(target)]
        if arrow.collidelist(others) >= 0:
            found.append(f"{where}: the arrow lies on another choice, {others[arrow.collidelist(others)]}")
        action = chooser.action_of(option)
        drives = scene.source.tutorial.game == "falconi" and action is not None and action.verb in ("drive", "catch")
        if drives and not named_place_singles_out(language, tr(step.lesson), state, action):
            found.append(f"{where}: the words name another place than the arrow's")
        if not all(named_row_fits(language, tr(key), option) for key in (step.lesson, step.wanted)):
            found.append(f"{where}: the words name another row or post than the arrow's")
        wrong = next((other for other in chooser.options if other not in leading), None)
        if wrong is not None and focus_with_mouse(driver, chooser, wrong):
            before, played = state.to_json(), len(scene.match.log)
            driver.click(chooser.rect(wrong).center)
            assert scene.match.state.to_json() == before and len(scene.match.log) == played, where
            if scene.source.refusal != tr(step.wanted) or ARROW_WORD[language] in scene.source.refusal.lower():
                found.append(f"{where}: refused with {scene.source.refusal!r}, which does not say what is wanted")
        assert focus_with_mouse(driver, chooser, option), where
        driver.click(chooser.rect(option).center)
        assert scene.source.refusal == "", where
    assert scene.source.step is None, "the tutorial did not reach its end"
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
        assert scene.source.refusal == tr("tutorial.margherita.police_place.wanted")
        while chooser.focused != turns[3]:
            driver.key(pygame.K_r)
        assert scene.source.refusal == ""
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
        assert {seat: player.name for seat, player in scene.source.players().items()} == {FUGITIVE: you, port: tutor}
        driver.run(2)
        driver.save(screenshot_dir(tmp_path), f"tutorial-names-{language}")
        scene = lesson(driver, POLICE, "tutorial.margherita.swap")
        assert {seat: player.name for seat, player in scene.source.players().items()} == {FUGITIVE: tutor, port: you}
    finally:
        driver.app.close()
