"""Tooltips on every icon: shown after the pointer rests on an icon or the focus rests on its row, kept on screen
and clear of what they explain, gone with the hints setting off, and written in all four languages for every
icon that every screen of the catalogue draws."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pygame
import pytest
from fredericus_builder import build_position
from hypothesis import given
from hypothesis import strategies as st
from scene_driver import FixedClock, screenshot_dir

from devtools.catalogue import every_screen, midgame_screens, open_screen
from game.falconi.options import FalconiOptions
from game.i18n import Translator, catalog
from game.services.match import Match, MatchSetup, Person, SeatPlan
from game.services.settings import LANGUAGES
from scenes.falconi.menus import VariantScene
from scenes.kit import tooltip, ui_art
from scenes.kit.stack import Push, Reset
from scenes.kit.ui import LOGICAL_SIZE
from scenes.playing import hud
from scenes.playing.gameview import BAR_AREA, BOARD_AREA, PANEL_AREA
from scenes.playing.sources.local import start_match_scene

ROOT = Path(__file__).resolve().parent.parent
SCREEN = pygame.Rect((0, 0), LOGICAL_SIZE)
REST = 30  # frames of 16 ms: a little longer than the tooltip's delay


@pytest.fixture
def app(driver):
    """The driven app with a clock that says 16 ms a frame, so the delay is the same on every machine."""
    driver.app.clock = FixedClock(16)
    return driver


def shown():
    return tooltip.tips().shown


def tip_of(picture: str) -> tooltip.Tip:
    return next(tip for tip in tooltip.tips().tips if tip.picture == picture)


def to_the_pizzas(app) -> None:
    app.click_item("new")
    app.click_item("falconi")
    assert isinstance(app.top, VariantScene)


def test_a_tip_shows_only_once_the_pointer_has_rested_on_the_icon(app, tmp_path):
    icon = tip_of("icon:settings")
    app.move(icon.area.center)
    app.run(10)
    assert shown() is None  # 0.16 s: not yet
    app.run(REST - 10)
    assert shown().words == app.app.context.tr("tips.icon.settings")
    assert SCREEN.contains(shown().rect) and not shown().rect.colliderect(icon.area)
    app.save(screenshot_dir(tmp_path), "tooltip_menu_icon")
    app.move((5, 5))  # off the icon: the tip goes at once
    assert shown() is None


def test_a_menu_rows_icon_stays_put_when_its_row_takes_the_focus(app):
    """A focused label is bold and wider; the row keeps its icon where it was, so a resting pointer keeps its
    tip."""
    before = tip_of("icon:settings").area
    assert app.top.menu.focused.key != "settings"
    app.move(before.center)
    app.run(2)
    assert app.top.menu.focused.key == "settings"
    assert tip_of("icon:settings").area == before


def test_a_tip_goes_when_the_pointer_leaves_the_window_and_comes_back_when_it_rests_again(app):
    icon = tip_of("icon:settings")
    app.move(icon.area.center)
    app.run(REST)
    assert shown() is not None
    app.post(pygame.WINDOWLEAVE)
    app.run(REST)
    assert shown() is None
    app.move(icon.area.center)
    app.run(REST)
    assert shown() is not None


def test_a_click_puts_the_tip_away_until_the_pointer_rests_again(app):
    to_the_pizzas(app)
    app.move(tip_of("emblem:falconi").area.center)
    app.run(REST)
    assert shown() is not None
    app.post(pygame.MOUSEBUTTONDOWN, pos=tip_of("emblem:falconi").area.center, button=1)
    assert shown() is None
    app.run(REST)
    assert shown() is not None


def test_a_star_tells_the_pizzas_difficulty(app, tmp_path):
    to_the_pizzas(app)
    stars = [tip for tip in tooltip.tips().tips if tip.picture.startswith("icon:star")]
    assert len(stars) == 25
    app.move(stars[12].area.center)  # the third star of Prosciutto's row
    app.run(REST)
    assert shown().words == "Difficulty 3 of 5"
    app.save(screenshot_dir(tmp_path), "tooltip_star")


@pytest.mark.slow
def test_keyboard_and_pad_focus_show_the_focused_rows_tip_beside_it(app, tmp_path):
    to_the_pizzas(app)
    app.key(pygame.K_DOWN)
    app.key(pygame.K_DOWN)
    app.run(REST)
    row = app.top.menu.rects[app.top.menu.focus]
    assert shown().words == "Difficulty 3 of 5"
    assert SCREEN.contains(shown().rect) and not shown().rect.colliderect(row)
    app.save(screenshot_dir(tmp_path), "tooltip_focus")
    app.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert shown() is None  # a new row: its tip waits for the focus to rest
    app.run(REST)
    assert shown().words == "Difficulty 4 of 5"


def test_a_bar_button_at_the_screens_edge_keeps_its_tip_on_screen(app, tmp_path):
    setup = MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=3,
                       options=FalconiOptions("diavola"))
    app.app.stack.apply(Push(start_match_scene(app.app.context, Match(setup))))
    app.run()
    buttons = [tip for tip in tooltip.tips().tips if tip.picture.startswith("icon:") and BAR_AREA.contains(tip.area)]
    rightmost = max(buttons, key=lambda tip: tip.area.right)
    assert rightmost.area.right > SCREEN.right - 30
    app.move((rightmost.area.right - 3, rightmost.area.bottom - 3))
    app.run(REST)
    assert shown().tip.area == rightmost.area and shown().tip.picture == rightmost.picture
    assert SCREEN.contains(shown().rect) and not shown().rect.colliderect(rightmost.area)
    app.save(screenshot_dir(tmp_path), "tooltip_bar_edge")


@pytest.mark.slow
def test_a_focused_bar_buttons_tip_covers_no_other_control(app, tmp_path, variant="diavola"):
    """Keyboard players see the focused button's tip all the time: it must leave "Drive one tile" readable
    under "Draw", and the other buttons and the controls atop the panel clickable."""
    setup = MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=3,
                       options=FalconiOptions(variant))
    scene = start_match_scene(app.app.context, Match(setup))
    app.app.stack.apply(Push(scene))
    app.run()
    buttons = {option for option in scene.chooser.options if scene.view.is_button(option)}
    assert len(buttons) >= 2
    seen = set()
    for _ in range(len(scene.chooser.options) + 1):
        app.key(pygame.K_TAB)
        if scene.chooser.focused not in buttons:
            continue  # a square on the board: its tip is the board's
        app.run(REST)
        seen.add(scene.chooser.focused)
        focused = scene.chooser.rect(scene.chooser.focused)
        tip = shown()
        assert tip is not None and tip.tip.focus == focused
        others = [control for control in tooltip.tips().controls if not control.colliderect(focused)]
        assert SCREEN.contains(tip.rect) and not any(tip.rect.colliderect(other) for other in others), tip.words
    assert seen == buttons
    app.save(screenshot_dir(tmp_path), f"tooltip_clear_of_controls_{variant}")


def test_a_tip_goes_to_the_side_where_it_covers_no_other_control():
    avoid = pygame.Rect(500, 300, 200, 40)
    below = pygame.Rect(500, 346, 200, 40)  # the button under it
    rect = tooltip.place((180, 40), avoid, SCREEN, beside=False, others=[below])
    assert not rect.colliderect(avoid) and not rect.colliderect(below) and rect.bottom <= avoid.top
    everywhere = [pygame.Rect(0, 0, 1280, 290), pygame.Rect(0, 346, 1280, 374)]
    rect = tooltip.place((180, 40), avoid, SCREEN, beside=False, others=everywhere)
    assert SCREEN.contains(rect) and not rect.colliderect(avoid)  # nowhere clear: the least covered side


def test_a_falconi_token_explains_itself(app, tmp_path):
    setup = MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=3,
                       options=FalconiOptions("diavola"))
    app.app.stack.apply(Push(start_match_scene(app.app.context, Match(setup))))
    app.run()
    boosts = next(tip for tip in tooltip.tips().tips if tip.message.key == "tips.falconi.boosts")
    app.move(boosts.area.center)
    app.run(REST)
    assert shown().words.startswith("Chili Boosts left: 2 of 2")
    app.save(screenshot_dir(tmp_path), "tooltip_token")


@pytest.mark.slow
def test_a_card_of_a_long_fredericus_row_names_itself_under_the_pointer_and_at_the_focus(app, tmp_path):
    """Issue 38, point 7: every card of a squeezed row says what it is and where, to the mouse, and to the
    keyboard and the pad with the keys that step along the row (R-6.1: the first card is focused to flip it)."""
    rows = {2: "I", 4: "I", 3: "gubchmdpTS" * 4}
    state = build_position(4, rows, raptors={"0f": 3})
    match = Match(MatchSetup("fredericus", (SeatPlan.human(0),) * 4))
    match.state = state
    app.app.stack.apply(Push(start_match_scene(app.app.context, match)))
    app.run()
    row = app.top.view.layout(state).rows[3]
    cards = len(state.row(3))
    assert row.squeezed and cards > 40
    middle = row.card_rect(12)
    app.move(middle.topleft)  # the row runs down and right: card 12's corner nearest the castle
    app.run(REST)
    name = app.app.context.tr(f"fredericus.card.{state.row(3)[12]}")
    assert shown().words == f"Card 13 of {cards} in row 3, counting from the castle: {name}"
    assert not shown().rect.colliderect(middle)
    app.save(screenshot_dir(tmp_path), "tooltip_fredericus_card")
    for press, keys in ((lambda: app.key(pygame.K_TAB), "E / R"),
                        (lambda: app.pad(pygame.CONTROLLER_BUTTON_X), "LB / RB")):
        chooser = app.top.chooser
        press()  # the focus moves on from wherever it was, with this device
        for _ in chooser.options:
            if chooser.focused == ("flip", 3):
                break
            press()
        assert chooser.focused == ("flip", 3)
        app.run(REST)
        first = app.app.context.tr(f"fredericus.card.{state.row(3)[0]}")
        assert shown().words == (f"Card 1 of {cards} in row 3, counting from the castle: {first}. "
                                 f"{keys}: the card before or after")


def test_the_police_never_read_don_falconis_hidden_tiles_in_a_tip(app):
    """With an AI Don Falconi to play, a person driving the police sees his reserve and his accomplice face
    down: their tips say so and nothing more (F-6.2, F-6.6)."""
    setup = MatchSetup("falconi", (SeatPlan.ai("easy"),) + (SeatPlan.human(0),) * 3, (Person("Anna"),), seed=3,
                       options=FalconiOptions("diavola"))
    app.app.context.ai_pause = 60.0  # he does not move while we look
    app.app.stack.apply(Push(start_match_scene(app.app.context, Match(setup))))
    app.run()
    tiles = [tip for tip in tooltip.tips().tips if "tile" in tip.message.key]
    strip = [tip.message for tip in tiles if BOARD_AREA.contains(tip.area)]
    his = next(tip.area for tip in tooltip.tips().tips if PANEL_AREA.contains(tip.area)
               and tip.area.height == hud.CARD_HEIGHT)  # the HUD's first card: Don Falconi's
    card = [tip.message for tip in tiles if his.contains(tip.area)]
    assert len(strip) == len(card) == 3
    assert {message.key for message in strip + card} == {"tips.falconi.hidden_tile"}
    assert all(not message.fields for message in strip + card)


def test_with_hints_off_no_tip_shows(app):
    context = app.app.context
    context.change_settings(context.settings.changed(hints=False))
    app.move(tip_of("icon:settings").area.center)
    app.run(REST)
    assert shown() is None
    context.change_settings(context.settings.changed(hints=True))
    app.run(REST)
    assert shown() is not None


def test_only_the_top_scenes_icons_answer(app):
    """Under the pause menu the board's tiles and tokens are covered: pointing there shows nothing."""
    setup = MatchSetup("falconi", (SeatPlan.human(0),) + (SeatPlan.ai("easy"),) * 3, (Person("Anna"),), seed=3,
                       options=FalconiOptions("diavola"))
    app.app.stack.apply(Push(start_match_scene(app.app.context, Match(setup))))
    app.run()
    boosts = next(tip for tip in tooltip.tips().tips if tip.message.key == "tips.falconi.boosts")
    app.key(pygame.K_p)
    app.move(boosts.area.center)
    app.run(REST)
    assert type(app.top).__name__ == "PauseOverlay" and shown() is None
    assert all(tip.message.key != "tips.falconi.boosts" for tip in tooltip.tips().tips)


@given(x=st.integers(-20, 1280), y=st.integers(-20, 720), width=st.integers(1, 600), height=st.integers(1, 120),
       tip_width=st.integers(40, 340), tip_height=st.integers(30, 110), beside=st.sampled_from([None, False]))
def test_a_tip_is_placed_on_screen_and_clear_of_its_icon_wherever_the_icon_is(x, y, width, height, tip_width,
                                                                             tip_height, beside):
    icon = pygame.Rect(x, y, width, height).clip(SCREEN) or pygame.Rect(min(max(x, 0), 1279), min(max(y, 0), 719),
                                                                        1, 1)
    rect = tooltip.place((tip_width, tip_height), icon, SCREEN, beside)
    assert SCREEN.contains(rect)
    gap = tooltip.GAP
    free = (icon.bottom + gap + tip_height <= SCREEN.bottom or icon.top - gap - tip_height >= SCREEN.top
            or icon.right + gap + tip_width <= SCREEN.right or icon.left - gap - tip_width >= SCREEN.left)
    if free:  # some side has room: the tip never covers what it explains
        assert not rect.colliderect(icon)


@pytest.mark.slow
def test_no_scene_draws_an_icon_without_its_tip():
    """Every icon and emblem of the menus' art is drawn through ``scenes.kit.tooltip``, which registers its tip."""
    offenders = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        if path.name in ("tooltip.py", "ui_art.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in ("icon", "emblem")
                    and isinstance(node.value, ast.Name) and node.value.id == "ui_art"):
                offenders.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and node.module == "scenes.kit.ui_art":
                offenders += [f"{path.name}:{node.lineno}" for alias in node.names if alias.name in ("icon", "emblem")]
    assert offenders == []


def test_a_row_borrowing_another_rows_icon_says_what_it_is_itself():
    """A menu row drawn with the settings icon but not the Settings row has a tip of its own (issue 51: the
    Join page's Address row explained the Settings)."""
    offenders = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "MenuItem":
                words = {keyword.arg: keyword.value for keyword in node.keywords}
                icon, key = words.get("icon"), words.get("key")
                if (isinstance(icon, ast.Constant) and icon.value == "settings" and "tip" not in words
                        and not (isinstance(key, ast.Constant) and key.value == "settings")):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_every_icon_and_emblem_has_its_own_tip_in_all_four_languages():
    keys = [f"tips.icon.{name}" for name in ui_art.icon_names()]
    keys += [f"tips.emblem.{name}" for name in ui_art.emblem_names()]
    for language in LANGUAGES:
        assert [key for key in keys if key not in catalog(language)] == [], language


@pytest.mark.slow
def test_every_icon_of_every_catalogue_screen_has_a_tip_in_all_four_languages(app, monkeypatch):
    """Each screen's last frame: each icon and emblem the top scene drew (counted at the art's door, afresh as
    each scene starts drawing, like the tips) was registered with a tip, and each tip's text and the words it
    names exist in every catalog."""
    drawn: Counter[str] = Counter()
    clear = tooltip.clear

    def clearing() -> None:
        drawn.clear()
        clear()

    monkeypatch.setattr(tooltip, "clear", clearing)
    for kind in ("icon", "emblem"):
        original = getattr(ui_art, kind)

        def counting(name, *args, kind=kind, original=original, **kwargs):
            drawn[f"{kind}:{name}"] += 1
            return original(name, *args, **kwargs)

        monkeypatch.setattr(ui_art, kind, counting)
    context = app.app.context
    screens = every_screen(context) + midgame_screens(context)
    messages, untold = set(), {}
    for screen in screens:
        open_screen(app.app, screen)
        app.run(2)
        registered = Counter(tip.picture for tip in tooltip.tips().tips if tip.picture)
        if drawn != registered:
            untold[screen.name] = sorted((drawn - registered).elements())
        messages |= {tip.message for tip in tooltip.tips().tips}
        app.app.stack.apply(Reset(type(app.app.stack.scenes[0])(context)))
    for language in LANGUAGES:
        texts = catalog(language)
        missing = {key for message in messages for key in (message.key, *message.field_keys()) if key not in texts}
        assert missing == set(), language
        tr = Translator(language)
        assert [message for message in messages if "{" in tr.message(message)] == [], language
    assert {"tips.difficulty", "tips.falconi.boosts", "tips.falconi.tile", "tips.fredericus.token",
            "tips.fredericus.deck", "tips.icon.settings", "tips.emblem.diavola"} <= {m.key for m in messages}
    assert untold == {}, "icons drawn without a tip"
