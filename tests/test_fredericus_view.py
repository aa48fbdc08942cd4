"""The Fredericus castle view: every legal action can be chosen step by step on the board or in the action bar,
hotspots stay on the board, drawing and the side panel work on many positions, objectives show only for the
seats allowed to see them (R-10), and screenshots of mid-game positions are saved for a person to look at."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest
from fredericus_builder import build_position

from game.ai.service import AIService
from game.core.message import Message
from game.fredericus import FredericusState
from game.fredericus.actions import CAPTURE, HOOD
from game.i18n import Translator
from game.services.match import LogEntry
from game.services.saves import SaveStore
from game.services.settings import LANGUAGES, Settings
from scenes.context import AppContext
from scenes.fredericus.view import FredericusView
from scenes.kit import tooltip
from scenes.kit.chooser import ActionChooser
from scenes.kit.input import InputMapper
from scenes.playing import hud
from scenes.playing.gameview import BOARD_AREA

CONFIGS = [(players, short) for players in (2, 3, 4) for short in (False, True)]


@pytest.fixture
def context(tmp_path):
    pygame.init()
    yield AppContext(Settings(), tmp_path, SaveStore(tmp_path), AIService(), InputMapper())
    pygame.quit()


def random_game(players: int, short: bool, seed: int):
    """Every position of a random game, with the log entries of the turn that led to it."""
    state = FredericusState.new_game(players, seed, short_game=short)
    rng = random.Random(seed)
    log: list[LogEntry] = []
    while True:
        last = [entry for entry in log if (entry.seat, entry.turn) == (log[-1].seat, log[-1].turn)] if log else []
        yield state, last
        if state.is_terminal():
            return
        action = rng.choice(state.legal_actions())
        log.append(LogEntry(state.current_seat, state.turn_number, state.action_text(action),
                            state.narrate(action), False))
        state.apply(action)


def choose_by_steps(view: FredericusView, state: FredericusState, action) -> None:
    """Walk the chooser through the action's steps, as a player would; steps it took itself are checked."""
    chooser = ActionChooser(view, state, state.legal_actions())
    path = view.steps(state, action)
    result = None
    for depth, step in enumerate(path):
        if len(chooser.prefix) > depth:
            assert chooser.prefix[depth] == step, "the chooser took a step the action does not have"
            continue
        assert step in chooser.options, f"{step} not offered for {action}"
        result = chooser.choose(step)
        assert (result is None) == (depth < len(path) - 1)
    assert result == action


@pytest.mark.parametrize("players,short", CONFIGS)
@pytest.mark.slow
def test_every_legal_action_has_its_own_path_and_the_chooser_reaches_it(context, players, short):
    view = FredericusView(context)
    for seed in (1, 2):
        for state, _ in random_game(players, short, seed):
            actions = state.legal_actions()
            paths = {action: view.steps(state, action) for action in actions}
            assert len(set(paths.values())) == len(actions)
            for action, path in paths.items():
                assert not any(other != path and other[: len(path)] == path for other in paths.values())
                for depth, step in enumerate(path):
                    if not view.is_button(step):
                        rect = view.option_rect(state, path[:depth], step)
                        assert rect.width > 0 and BOARD_AREA.contains(rect), (action, step, rect)
                choose_by_steps(view, state, action)


def test_hood_asks_which_raptors_only_when_there_is_a_choice(context):
    view = FredericusView(context)
    seen = set()
    for players, short in CONFIGS:
        for state, _ in random_game(players, short, 7):
            hoods = [action for action in state.legal_actions() if action.kind == HOOD]
            for action in hoods:
                several = sum(other.a == action.a for other in hoods) > 1
                path = view.steps(state, action)
                assert len(path) == (2 if several else 1)
                if several:
                    assert view.is_button(path[1]) and view.label(state, path[1]).startswith("Hood")
                seen.add(several)
    assert seen == {True, False}


def test_a_capture_badge_never_hides_the_end_card_it_takes(context):
    view = FredericusView(context)
    for state, _ in random_game(4, False, 3):
        for action in state.legal_actions():
            if action.kind == CAPTURE:
                badge = view.option_rect(state, (), ("capture", action.a))
                end_card = view.option_rect(state, (), ("row", state.post_of(action.a)))
                assert not badge.colliderect(end_card)


@pytest.mark.parametrize("players,short", CONFIGS)
@pytest.mark.slow
def test_the_board_and_the_panel_draw_any_position_and_show_only_visible_objectives(context, players, short):
    view = FredericusView(context)
    surface = pygame.Surface((1280, 720))
    rng = random.Random(players)
    for number, (state, last) in enumerate(random_game(players, short, 11)):
        if number % 9 and not state.is_terminal():
            continue
        seat = state.current_seat
        visible = frozenset() if number % 2 else frozenset({seat})
        if state.is_terminal():
            visible = frozenset()
        view.draw_board(surface, state, None, visible, last)
        shown = view.hud(state, visible)
        words = [card.name for card in shown.cards] + [card.points for card in shown.cards] + list(shown.notes)
        assert all(isinstance(line, str) and line and "fredericus." not in line for line in words)
        assert view.secrets_drawn == (frozenset() if state.is_terminal() else visible)
        if state.is_terminal():
            continue
        chooser = ActionChooser(view, state, state.legal_actions())
        path = view.steps(state, rng.choice(state.legal_actions()))
        for step in path[:-1]:
            if step in chooser.options:
                chooser.choose(step)
        for option in chooser.options:  # every preview the position offers
            chooser.set_focus(option)
            view.draw_board(surface, state, chooser, visible, last)
            assert view.secrets_drawn == visible


def face_up_objectives(hud) -> dict[int, list[str]]:
    return {card.seat: [chip.picture for chip in card.chips if chip.picture.startswith("objective:")
                        and chip.picture != "objective:back"] for card in hud.cards}


def test_objectives_of_a_hidden_seat_stay_off_the_panel(context):
    view = FredericusView(context)
    state = FredericusState.new_game(3, 5)
    owner = state.current_seat
    shown = face_up_objectives(view.hud(state, frozenset({owner})))
    assert view.secrets_drawn == frozenset({owner})
    hidden = view.hud(state, frozenset())
    assert view.secrets_drawn == frozenset()
    assert len(shown[owner]) == 1 and not any(pictures for seat, pictures in shown.items() if seat != owner)
    assert not any(face_up_objectives(hidden).values())
    assert all(card.chips[-1:] == (hud.Chip("objective:back", Message("tips.fredericus.objectives_hidden"), ""),)
               for card in hidden.cards)


def test_every_falconer_has_secrets_until_the_final_scoring(context):
    view = FredericusView(context)
    for state, _ in random_game(2, False, 4):
        assert all(view.has_secrets(state, seat) == (not state.is_terminal()) for seat in state.seats)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.slow
def test_every_step_has_a_translated_label(context, language):
    context.tr = Translator(language)
    view = FredericusView(context)
    labels = set()
    for players, short in CONFIGS:
        for state, _ in random_game(players, short, 3):
            for action in state.legal_actions():
                for step in view.steps(state, action):
                    label = view.label(state, step)
                    assert label and "fredericus." not in label, (step, label)
                    labels.add(step[0])
    assert labels == {"row", "to_row", "raptor", "post", "hood", "mask", "capture", "flip", "seal", "tidy", "bet",
                      "token", "token_to", "end", "stay"}


def mid_game(players: int, seed: int, wanted: str):
    """A position some turns in where the deciding falconer may do ``wanted``, and the turn that led to it."""
    for number, (state, last) in enumerate(random_game(players, True, seed)):
        if number > 12 * players and any(action.kind == wanted for action in state.legal_actions()):
            return state, last
    raise AssertionError("no such position")


@pytest.mark.parametrize("players,seed,wanted", [(2, 3, CAPTURE), (4, 5, "card")])
def test_screenshots_of_mid_game_positions(context, tmp_path, players, seed, wanted):
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    view = FredericusView(context)
    state, last = mid_game(players, seed, wanted)
    chooser = ActionChooser(view, state, state.legal_actions())
    if wanted == CAPTURE:
        chooser.set_focus(next(option for option in chooser.options if option[0] == "capture"))
    else:
        chooser.choose(chooser.options[0])  # a row chosen: its card's destinations are offered
    surface = pygame.Surface((1280, 720))
    surface.fill((24, 28, 40))
    view.draw_board(surface, state, chooser, frozenset({state.current_seat}), last)
    path = folder / f"fredericus_{players}p_{wanted}.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 10_000


@pytest.mark.slow
def test_the_colour_blind_setting_recolours_the_falconers(context, tmp_path):
    """The same position in both palettes: the raptors, tokens and legend pieces take the seat colours
    of the setting read at draw time; everything else stays as it was, and every piece carries a mark."""
    from scenes.fredericus import draw
    from scenes.fredericus.colours import seat_colours
    from scenes.fredericus.layout import KEY_RECT

    view = FredericusView(context)
    state, last = mid_game(4, 5, "card")
    layout = view.layout(state)
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    frames = {}
    for colour_blind in (False, True, False):
        context.settings = context.settings.changed(colour_blind=colour_blind)
        surface = pygame.Surface((1280, 720))
        view.draw_board(surface, state, None, frozenset(), last)
        if colour_blind in frames:
            assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(frames[colour_blind], "RGB")
        frames[colour_blind] = surface
        pygame.image.save(surface, str(folder / f"fredericus_palette_{colour_blind}.png"))
    for flag, frame in frames.items():
        colours = {tuple(frame.get_at((x, y))[:3]) for x in range(BOARD_AREA.right) for y in range(BOARD_AREA.bottom)}
        for seat in range(4):
            assert seat_colours(flag)[seat] in colours
            assert seat_colours(not flag)[seat] not in colours
    seat_places = [KEY_RECT,
                   *(layout.raptor_rect(raptor).inflate(8, 8) for raptor in layout.raptors),
                   *(layout.tower_rect(tower).inflate(24, 24) for tower in range(8)), layout.centre_rect()]
    changed = [(x, y) for x in range(BOARD_AREA.right) for y in range(BOARD_AREA.bottom)
               if frames[False].get_at((x, y)) != frames[True].get_at((x, y))]
    assert changed
    assert all(any(place.collidepoint(point) for place in seat_places) for point in changed)
    assert draw.seat_marks(["Red", "Blue", "Green", "Yellow"]) == ("R", "B", "G", "Y")
    assert draw.seat_marks(["Rot", "Blau", "Grün", "Gelb"]) == ("1", "2", "3", "4")  # alike initials: numbers


def test_each_falconers_card_says_their_points_and_counts_their_creatures_and_objectives(context):
    view = FredericusView(context)
    state = build_position(2, creatures={0: "g"}, objectives={1: "u"})
    red, blue = view.hud(state, frozenset({1})).cards
    assert (red.name, red.points, blue.name, blue.points) == ("Red", "1 point", "Blue", "1 point")
    assert context.tr.message(red.tip) == ("Red · points so far: 1 (without the secret pairs) · creatures caught: 1 · "
                                           "objective cards: 0")
    assert [chip.picture for chip in blue.chips] == ["keeper", "token:1", "objective:1"]  # R-2.4: last in turn
    assert [chip.picture for chip in red.chips] == ["start", "token:0"]
    assert blue.chips[1].count == "×2"  # two players: two betting tokens each, both in hand (R-1.4)
    assert [(chip.picture, chip.count) for chip in red.more] == [("creature:0", "")]  # one griffin: no count
    assert blue.more == ()



def test_at_the_end_each_falconers_card_counts_the_pairs_and_its_tip_says_so(context):
    """R-8.2: the cards' points leave the secret pairs out during the hunt; the final ones count them."""
    view = FredericusView(context)
    state = build_position(2, phase="over", trigger="fredericus_discarded", discards="F", creatures={0: "gg"},
                           objectives={0: "g"})
    red, _ = view.hud(state, frozenset()).cards
    assert red.points == "4 points" and state.scores()[0] == 2 + 1 + 1
    assert context.tr.message(red.tip) == ("Red · final points: 4, the secret pairs counted · creatures caught: 2 · "
                                           "objective cards: 1")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_counts_one_point_in_its_singular_on_the_cards(context, language):
    context.tr = tr = Translator(language)
    view = FredericusView(context)
    state = build_position(2, creatures={0: "g"}, objectives={1: "u"})
    one = tr("fredericus.board.points.one", count=1)
    assert [card.points for card in view.hud(state, frozenset()).cards] == [one, one]


def test_the_rules_help_says_what_the_game_allows_a_falconer_with_a_hooded_raptor(context):
    """Rules decision 4: hooding needs no raptor of the hooder's own, so it is allowed while one is hooded."""
    state = build_position(2, {0: "T", 2: "T"}, hooded=["0f"])
    assert [state.action_text(action) for action in state.legal_actions() if action.kind == HOOD] == ["hood 1 1f"]
    phrases = {"en": "even while one of your own raptors is hooded",
               "it": "anche mentre uno dei tuoi rapaci è incappucciato",
               "de": "während einer deiner eigenen Greifvögel verkappt ist",
               "fr": "même quand l'un de tes rapaces est chaperonné"}
    for language, phrase in phrases.items():
        assert phrase in Translator(language)("rules.fredericus"), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_r6_2_ending_early_says_how_many_extra_actions_go_unused(context, tmp_path, language):
    """R-6.2 (revised 2026-11-24): after a flip the turn may end with the extra actions unused. The end button
    says how many, in a label that fits its button; the panel counts own and optional extra actions apart."""
    from scenes.playing.action_bar import BUTTON_ICON, BUTTON_PADDING, LABEL_SIZES
    from scenes.playing.gameview import BAR_AREA

    context.tr = tr = Translator(language)
    view = FredericusView(context)
    state = build_position(4, {7: "I", 0: "gT", 1: "II"}, actions_left=1)
    for text in ("flip 0", "seal 1"):
        state.apply(state.parse_action(text))
    assert view.label(state, ("end", 0)) == tr("fredericus.step.end")  # not offered yet: the own action first
    state.apply(state.parse_action("card 3 4"))
    assert ("end", 0) in {view.steps(state, action)[0] for action in state.legal_actions()}
    button = (BAR_AREA.width - 10) // 2 - BUTTON_PADDING - BUTTON_ICON - 6  # the play scene's two columns
    for extra in (2, 1):
        label = view.label(state, ("end", 0))
        assert label == tr.plural("fredericus.step.end_unused", extra) and str(extra) in label
        assert context.text.render(label, LABEL_SIZES[-1]).get_width() <= button, label
        surface = pygame.Surface((1280, 720))
        tooltip.reset()
        view.draw_board(surface, state, ActionChooser(view, state, state.legal_actions()), frozenset({0}), [])
        said = [tip.message for tip in tooltip.tips().tips]
        assert Message.of("tips.fredericus.extra_actions", count=extra) in said
        assert not any(message.key == "tips.fredericus.actions" for message in said)  # none of its own left
        if extra == 2:
            pygame.image.save(surface, str(screenshot_folder(tmp_path) / f"fredericus_extra_actions_{language}.png"))
        state.apply(state.parse_action("card 4 3"))
    assert view.label(state, ("end", 0)) == tr("fredericus.step.end")  # both extras used: a plain end


def screenshot_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_raptors_sharing_a_post_never_hide_each_others_mark(context, monkeypatch):
    """Every bird of a post is drawn before any falconer's mark on a base: a neighbour's body never covers one."""
    from scenes.fredericus import draw

    state = build_position(4, {0: "TTT"}, raptors={"0f": 4, "1f": 4, "2g": 4, "3f": 4})
    calls: list[tuple[str, tuple[float, float]]] = []
    monkeypatch.setattr(draw, "paint_raptor",
                        lambda surface, centre, *rest, **named: calls.append(("bird", tuple(centre))))
    monkeypatch.setattr(draw, "paint_raptor_mark",
                        lambda surface, centre, *rest, **named: calls.append(("mark", tuple(centre))))
    view = FredericusView(context)
    view.draw_board(pygame.Surface(BOARD_AREA.size), state, None, frozenset(state.seats), [])
    perched = {tuple(centre) for centre, _small in view.layout(state).raptors.values()}
    board = [kind for kind, centre in calls if centre in perched]
    assert board.count("bird") == board.count("mark") == len(state.raptors()) == len(perched)
    assert board == ["bird"] * len(perched) + ["mark"] * len(perched)
