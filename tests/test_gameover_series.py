"""The game-over screen's rematch and the Falconi series (F-8): Don Falconi's seat goes round so everyone plays
him once, the running score adds up, the series' end names its winner, and a series survives quit and
Continue."""

from __future__ import annotations

import json
import random

import pygame
import pytest
from event_player import choose
from saved_games import load_latest, write_slot
from scene_driver import Driver, screenshot_dir
from test_scenes_play import open_app, play_to_the_end, quit_and_continue

from game.core.errors import StateFormatError
from game.falconi.options import FalconiOptions
from game.services import series as series_module
from game.services.match import OFF, Match, MatchSetup, Person, SeatPlan
from game.services.saves import SaveError, SaveStore
from game.services.series import GameResult, Series, next_in_series, plays_as_series, rematch
from scenes.pages.gameover import GameOverScene
from scenes.pages.overlays import HandOverOverlay
from scenes.playing.play import PlayScene

ANNA_AND_BRUNO = (Person("Anna"), Person("Bruno"))
ANNA_FLEES_BRUNO_CHASES = MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.human(1), OFF), ANNA_AND_BRUNO,
                                     seed=1)


def finish(match: Match, seed: int) -> Match:
    """Play random legal actions to the end of the game, headless."""
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def winning_people(match: Match) -> set[int]:
    assert match.state.outcome is not None
    return {person for seat in match.state.outcome.winners if (person := match.setup.person_of(seat)) is not None}


def menu_keys(scene: GameOverScene) -> list[str]:
    return [item.key for item in scene.menu.items]


def to_game_over(driver: Driver, seed: int) -> GameOverScene:
    play_to_the_end(driver, "keyboard", seed)
    driver.run()  # the game-over screen's first frame, drawn
    over = driver.top
    assert isinstance(over, GameOverScene)
    return over


# --- the series, headless -----------------------------------------------------------------------------------
def test_don_falconis_seat_passes_to_each_person_in_turn_f_8():
    people = (*ANNA_AND_BRUNO, Person("Carla"))
    setup = MatchSetup("falconi", (SeatPlan.human(0), SeatPlan.human(1), SeatPlan.ai("easy"), SeatPlan.human(2)),
                       people, seed=1)
    fugitives = []
    for _ in range(4):
        fugitives.append(setup.person_of(0))
        assert setup.seats[2] == SeatPlan.ai("easy")  # the AI keeps its car
        setup = next_in_series(setup)
    assert fugitives == [0, 1, 2, 0]


def test_a_series_of_two_ends_once_both_have_been_don_falconi_and_the_score_adds_up():
    first = finish(Match(ANNA_FLEES_BRUNO_CHASES), seed=1)
    first.series.record(first)
    assert first.series.games == 1 and not first.series.is_complete
    second = finish(Match(next_in_series(ANNA_FLEES_BRUNO_CHASES, seed=2), first.series), seed=2)
    second.series.record(second)
    series = second.series
    assert series is first.series and series.is_complete
    assert [game.round_seat_person for game in series.history] == [0, 1]
    assert series.wins == [sum(person in winning_people(match) for match in (first, second)) for person in (0, 1)]


def test_a_game_still_going_is_not_counted():
    match = Match(ANNA_FLEES_BRUNO_CHASES)
    match.series.record(match)
    assert match.series.games == 0


def test_the_leaders_are_everyone_with_the_most_wins():
    series = Series(3, [GameResult(0, (1, 2), "catch"), GameResult(1, (1,), "escape"), GameResult(2, (2,), "escape")])
    assert series.wins == [0, 2, 2] and series.leaders() == [1, 2]


@pytest.mark.parametrize("setup, is_series", [
    (ANNA_FLEES_BRUNO_CHASES, True),
    (MatchSetup("falconi", (SeatPlan.human(0), OFF, SeatPlan.ai("easy"), OFF)), False),  # one person
    (MatchSetup("falconi", (SeatPlan.ai("easy"), SeatPlan.human(0), SeatPlan.human(1), OFF), ANNA_AND_BRUNO), False),
    (MatchSetup("fredericus", (SeatPlan.human(0), SeatPlan.human(1)), ANNA_AND_BRUNO), False),
])
def test_only_falconi_with_people_playing_don_falconi_is_a_series(setup, is_series):
    assert plays_as_series(setup) is is_series


def test_a_rematch_keeps_the_seats_people_and_game_with_the_seed_it_is_given():
    setup = MatchSetup("falconi", ANNA_FLEES_BRUNO_CHASES.seats, ANNA_AND_BRUNO, seed=5,
                       options=FalconiOptions("diavola"))
    again = rematch(setup, seed=6)
    assert again.seed == 6 and again == MatchSetup("falconi", setup.seats, ANNA_AND_BRUNO, 6,
                                                   options=FalconiOptions("diavola"))


# --- the series in the save ---------------------------------------------------------------------------------
def a_second_game_under_way() -> Match:
    """Bruno is Don Falconi in the series' second game; Anna won the first."""
    series = Series(2, [GameResult(0, (0,), "escape")])
    match = Match(next_in_series(ANNA_FLEES_BRUNO_CHASES, seed=3), series)
    rng = random.Random(3)
    for _ in range(5):
        match.play(rng.choice(match.state.legal_actions()))
    return match


def test_a_series_goes_through_save_and_load():
    match = a_second_game_under_way()
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.series == match.series and restored.series.wins == [1, 0]
    assert restored.state == match.state


def test_an_old_save_without_a_series_begins_a_new_one():
    document = a_second_game_under_way().to_json()
    del document["series"]
    assert Match.from_json(document).series == Series(2)


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(series=[]), "the series must be an object"),
    (lambda d: d["series"].pop("history"), "no field 'history'"),
    (lambda d: d["series"].update(history="escape"), "'history' must be a list"),
    (lambda d: d["series"]["history"].append(7), "every series game must be an object"),
    (lambda d: d["series"]["history"][0].update(fugitive=2), "not at the screen"),
    (lambda d: d["series"]["history"][0].update(fugitive=True), "'fugitive' must be a person's number or null"),
    (lambda d: d["series"]["history"][0].pop("fugitive"), "'fugitive' must be a person's number or null"),
    (lambda d: d["series"]["history"][0].update(winners=[0, 0]), "names a winner twice"),
    (lambda d: d["series"]["history"][0].update(winners=["Anna"]), "'winners' must be a list of whole numbers"),
    (lambda d: d["series"]["history"][0].pop("termination"), "no field 'termination'"),
])
def test_a_malformed_series_is_refused_with_a_clear_message(damage, message):
    document = a_second_game_under_way().to_json()
    damage(document)
    with pytest.raises(StateFormatError, match=message):
        Match.from_json(document)


def test_a_save_with_a_malformed_series_is_kept_aside_with_the_reason(tmp_path):
    store = SaveStore(tmp_path)
    document = a_second_game_under_way().to_json()
    document["series"]["history"][0]["winners"] = [5]
    write_slot(store, json.dumps(document))
    with pytest.raises(SaveError, match="not at the screen"):
        load_latest(store)


# --- through the game-over screen, with posted events ---------------------------------------------------------
@pytest.mark.slow
def test_rematch_starts_the_same_set_up_again_with_a_new_seed_and_a_new_running_score(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, ANNA_FLEES_BRUNO_CHASES)
    try:
        over = to_game_over(driver, seed=5)
        assert menu_keys(over) == ["series", "rematch", "replay", "menu"]
        assert over.menu.focused.key == "replay"  # issue 51: a reflex Enter starts nothing
        driver.key(pygame.K_UP)
        driver.key(pygame.K_RETURN)
        again = driver.top
        assert isinstance(again, PlayScene) and again.match is not over.match and again.match.log == []
        setup = again.match.setup
        assert setup.seed != ANNA_FLEES_BRUNO_CHASES.seed
        assert setup == rematch(ANNA_FLEES_BRUNO_CHASES, seed=setup.seed)  # same seats, people, game and variant
        assert again.match.series == Series(2)
    finally:
        driver.app.close()


@pytest.mark.slow
def test_a_two_person_series_through_the_game_over_screen_ends_by_naming_its_winner(tmp_path, monkeypatch):
    driver = open_app(tmp_path, monkeypatch, ANNA_FLEES_BRUNO_CHASES)
    shots = screenshot_dir(tmp_path)
    try:
        first = to_game_over(driver, seed=5)
        series = first.series
        assert series.games == 1 and series.wins == [int(p in winning_people(first.match)) for p in (0, 1)]
        assert not series.is_complete and first.series_lines()[0].startswith("Series, 1 of 2 games played")
        driver.save(shots, "over_series_middle")
        driver.keys(pygame.K_UP, pygame.K_UP, pygame.K_RETURN)  # up from the replay to "next game of the series"
        assert driver.top.match.setup.person_of(0) == 1 and driver.top.match.series is series
        last = to_game_over(driver, seed=6)
        assert series.games == 2 and series.is_complete
        assert [game.round_seat_person for game in series.history] == [0, 1]
        assert sum(series.wins) == len(winning_people(first.match)) + len(winning_people(last.match))
        assert menu_keys(last) == ["new_series", "rematch", "replay", "menu"]
        leaders = [("Anna", "Bruno")[person] for person in series.leaders()]
        result, score = last.series_lines()
        assert result == (f"{leaders[0]} wins the series!" if len(leaders) == 1 else
                          f"The series ends level: {', '.join(leaders)}.")
        assert score == f"Final score after 2 games: Anna: {series.wins[0]}   Bruno: {series.wins[1]}"
        driver.save(shots, "over_series_end")
        driver.keys(pygame.K_UP, pygame.K_UP, pygame.K_RETURN)  # "new series"
        fresh = driver.top.match
        assert fresh.setup.person_of(0) == 0 and fresh.series == Series(2)
    finally:
        driver.app.close()


def test_a_tied_series_says_who_is_level(driver):
    match = finish(Match(next_in_series(ANNA_FLEES_BRUNO_CHASES, seed=2), Series(2)), seed=2)
    match.series.history.insert(0, GameResult(0, tuple({0, 1} - winning_people(match)), "escape"))
    match.series.record(match)
    assert GameOverScene(driver.app.context, match).series_lines()[0] == "The series ends level: Anna, Bruno."


@pytest.mark.slow
def test_a_series_survives_quit_and_continue_and_ends_with_the_right_score(tmp_path, monkeypatch):
    # The next game's deal is fixed: a fresh random one ended on Bruno's first tile now and then (a U-turn in
    # front of the prison), and a finished game leaves no save to continue.
    monkeypatch.setattr(series_module, "_fresh", lambda seed: 11 if seed is None else seed)
    driver = open_app(tmp_path, monkeypatch, ANNA_FLEES_BRUNO_CHASES)
    first = to_game_over(driver, seed=5)
    first_wins = list(first.series.wins)
    driver.keys(pygame.K_UP, pygame.K_UP, pygame.K_RETURN)  # the next game of the series
    scene, rng = driver.top, random.Random(2)
    while scene.match.state.current_seat == 0 or driver.top is not scene:  # Bruno's first turn as Don Falconi
        if isinstance(driver.top, HandOverOverlay):
            driver.key(pygame.K_RETURN)
        else:
            choose(driver, scene, rng.choice(scene.match.state.legal_actions()), "keyboard")
    assert not scene.match.state.is_terminal()
    driver = quit_and_continue(driver, tmp_path, monkeypatch)
    try:
        assert isinstance(driver.top, PlayScene) and driver.top.match.series.history == first.series.history
        last = to_game_over(driver, seed=7)
        assert last.series.is_complete
        assert last.series.wins == [first_wins[p] + (p in winning_people(last.match)) for p in (0, 1)]
    finally:
        driver.app.close()
