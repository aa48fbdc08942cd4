"""``python main.py play …`` starts the window straight into a game set up from the command line."""

import pytest

import cli
from game.core.errors import GameError
from game.falconi.options import FalconiOptions
from game.services.match import setup_from_spec


@pytest.fixture
def started(monkeypatch):
    calls = []
    import scenes.app

    monkeypatch.setattr(scenes.app, "run_app", lambda setup=None, max_frames=None: calls.append(setup) or 0)
    return calls


def test_play_falconi_from_the_command_line(started):
    assert cli.main(["play", "falconi", "--variant", "diavola", "--seats", "human,hard,normal,off", "--seed", "7"]) == 0
    setup = started[0]
    assert (setup.game, setup.options, setup.seed) == ("falconi", FalconiOptions("diavola"), 7)
    assert [(p.kind, p.level) for p in setup.seats] == [("person", ""), ("ai", "hard"), ("ai", "normal"), ("off", "")]


def test_play_fredericus_from_the_command_line(started):
    assert cli.main(["play", "fredericus", "--players", "3", "--seats", "human,normal,hard"]) == 0
    setup = started[0]
    assert setup.game == "fredericus" and len(setup.seats) == 3 and 1 <= setup.seed < 1_000_000


def test_no_command_opens_the_menu(started):
    assert cli.main([]) == 0 and started == [None]


@pytest.mark.parametrize("argv, message", [
    (["play", "falconi", "--variant", "hawaii"], "unknown variant"),
    (["play", "falconi", "--seats", "human,wizard"], "not human"),
    (["play", "falconi", "--seats", "off,normal"], "cannot be empty"),
    (["play", "fredericus", "--players", "5"], "2, 3 or 4"),
])
def test_a_bad_play_command_says_why(started, capsys, argv, message):
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err and started == []


def test_two_people_at_one_screen():
    setup = setup_from_spec("falconi", "human2,off,human,off", 1)
    assert [setup.seats[0].person, setup.seats[2].person] == [1, 0] and len(setup.people) == 2
    with pytest.raises(GameError):
        setup_from_spec("falconi", "human,human,human,human,human", 1)


@pytest.mark.parametrize("spec", ["human,easy,off,off", "human,off,off,easy"])
def test_f4_2_a_lone_police_seat_on_the_command_line_moves_to_the_port_and_it_says_so(spec, started, capsys):
    notes: list[str] = []
    setup = setup_from_spec("falconi", spec, 1, notes=notes)
    assert [plan.kind for plan in setup.seats] == ["person", "off", "ai", "off"]
    assert len(notes) == 1 and "Port" in notes[0]
    assert cli.main(["play", "falconi", "--seats", spec]) == 0
    assert "Port" in capsys.readouterr().out and started


def test_a_game_started_from_the_command_line_never_touches_the_saved_games(started, tmp_path, monkeypatch):
    """Each game has its own slot (made by the window as the game starts): the command line moves no saved game,
    the slot of a game in progress nor an old single save."""
    monkeypatch.setenv("FALCONI_DATA_DIR", str(tmp_path))
    saves = tmp_path / "saves"
    saves.mkdir()
    slot = saves / "game-20261127-120000-abcd.json"
    slot.write_text('{"a": "game in progress"}')
    (saves / "autosave.json").write_text('{"an": "older game"}')
    assert cli.main(["play", "falconi", "--seats", "human,off,easy,off"]) == 0
    assert slot.read_text() == '{"a": "game in progress"}'
    assert (saves / "autosave.json").read_text() == '{"an": "older game"}'
