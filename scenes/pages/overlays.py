"""Overlays drawn over the scene below: pause, confirm, rules help, settings, hand-over, unplugged gamepad.

Each returns its answer to the scene below with ``Pop(result)``. The hand-over screen is opaque on purpose:
while it is up nothing of the board — least of all a secret — is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.services.match import KEYBOARD, Match, MatchSetup
from game.services.settings import ANIMATION_SPEEDS, LANGUAGES, window_size_choices
from scenes.boards import board, boards
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.results import (
    AskHint,
    HandedOver,
    LeaveGame,
    OpenLog,
    SceneResult,
    SwitchDevice,
    TakeBack,
    UndoLast,
)
from scenes.kit.stack import Pop, Push, Scene, Transition
from scenes.kit.ui import (
    ACCENT,
    DIM,
    LOGICAL_SIZE,
    NOTE_GAP,
    NOTE_LINE,
    NOTE_SIZE,
    TEXT,
    Menu,
    MenuItem,
    panel,
    shade,
)
from scenes.online.name_row import NameRow
from scenes.pages.log_overlay import BOX, LINE, ROWS, SIZE, TOP, ScrollingPage
from scenes.pages.rules_page import CAPTION_SIZE, Row, RulesPage, opening_row

CENTRE_X = LOGICAL_SIZE[0] // 2
TITLE_SIZE, TITLE_LINE = 40, 34  # an overlay's title: font size (bold) and line height when it wraps
MARGIN = 40  # between an overlay's box and its text
RULES_WIDTH = 1000  # the rules' lines end well left of the scroll bar
TOPIC_PICTURE = 44  # the emblem either side of a rules topic's title


class MenuOverlay(Scene):
    """A titled menu in a box over the dimmed scene below; Back closes it with no answer. A title too wide for
    the box (a long question, a long language) wraps, and the box grows upwards to hold it."""

    opaque = False
    side = MARGIN  # the box's room either side of the items
    row = Menu.row  # from one item's top to the next one's

    def __init__(self, context: AppContext, title: str = "", top: int = 220, focus: int = 0) -> None:
        self.context, self._title = context, title
        self.menu = Menu(self.build_items(), top=top, focus=focus, row=self.row, text=context.text,
                         sound=context.audio.play)
        self.menu.note_width = self.box_width - 2 * MARGIN

    @property
    def title(self) -> str:
        """The title as given. Overlays that name themselves (pause, settings) make theirs as they draw, so a
        language changed in the settings shows at once when they come back to the top."""
        return self._title

    def build_items(self) -> list[MenuItem]:
        raise NotImplementedError

    def explanation(self) -> str:
        """A sentence under the title, if the overlay needs one."""
        return ""

    def refresh(self) -> None:
        """Make the items again (a setting, maybe the language, changed), keeping the focus."""
        self.menu = Menu(self.build_items(), top=self.menu.top, focus=self.menu.focus, row=self.row,
                         note_width=self.menu.note_width, text=self.context.text, sound=self.context.audio.play)

    @property
    def typing(self) -> bool:
        return self.menu.typing

    def handle(self, intent: inp.Intent) -> Transition | None:
        if self.menu.type(intent):
            return None
        if intent.kind in (inp.BACK, inp.PAUSE):
            return Pop()
        return self.menu.handle(intent)

    @property
    def box_width(self) -> int:
        return self.menu.width + 2 * self.side

    def title_lines(self) -> list[str]:
        return self.context.text.wrap(self.title, self.box_width - 2 * MARGIN, TITLE_SIZE, bold=True)

    def explanation_lines(self) -> list[str]:
        explanation = self.explanation()
        return self.context.text.wrap(explanation, self.box_width - 2 * MARGIN, NOTE_SIZE) if explanation else []

    def box(self) -> pygame.Rect:
        """Room for the title and explanation above the items, and under them for the longest note."""
        menu = self.menu
        above = 100 + TITLE_LINE * (len(self.title_lines()) - 1) + NOTE_LINE * len(self.explanation_lines())
        notes = max(len(menu.note_lines(item)) for item in menu.items)
        below = NOTE_GAP + NOTE_LINE * notes + 18 if notes else 36
        box = pygame.Rect(0, menu.top - above, self.box_width, 0)
        box.height, box.centerx = menu.rects[-1].bottom + below - box.y, CENTRE_X
        return box

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        text, box = self.context.text, self.box()
        panel(surface, box)
        y = box.y + 24
        for line in self.title_lines():
            text.blit(surface, line, TITLE_SIZE, ACCENT, bold=True, shadow=2, midtop=(CENTRE_X, y))
            y += TITLE_LINE
        for line in self.explanation_lines():
            text.blit(surface, line, NOTE_SIZE, TEXT, midtop=(CENTRE_X, y + 22))
            y += NOTE_LINE
        self.menu.draw(surface, text)


class ConfirmOverlay(MenuOverlay):
    """A yes-or-no question, with what Yes will do under it (``detail``); Yes pops ``answer``. A question whose
    Yes loses something (``safe``) starts on No, so a hurried Enter keeps it; ``yes_icon`` shows what Yes does
    (the bin of a deletion)."""

    side = 120  # a question is a sentence or two: a wider box keeps it to few lines

    def __init__(self, context: AppContext, question: str, answer: SceneResult, safe: bool = False,
                 detail: str = "", yes_icon: str = "confirm") -> None:
        self.answer, self.detail, self.yes_icon = answer, detail, yes_icon
        super().__init__(context, question, top=300, focus=int(safe))

    def explanation(self) -> str:
        return self.detail

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [MenuItem(tr("common.yes"), lambda: Pop(self.answer), key="yes", icon=self.yes_icon),
                MenuItem(tr("common.no"), lambda: Pop(), key="no", icon="back")]


class PauseOverlay(MenuOverlay):
    def __init__(self, context: AppContext, match: Match, device: str = KEYBOARD) -> None:
        self.match, self.device = match, device  # the device that paused: the hint is asked as if from it
        super().__init__(context, top=200)

    @property
    def title(self) -> str:
        return self.context.tr("pause.title")

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("pause.resume"), lambda: Pop(), key="resume", icon="play", tip="tips.pause.resume"),
            MenuItem(tr("hints.menu"), lambda: Pop(AskHint(self.device)), enabled=self._person_decides(),
                     note=tr("hints.menu.note"), key="hint", icon="hint"),
            MenuItem(tr("play.log"), lambda: Pop(OpenLog()), key="log", icon="log"),
            MenuItem(tr("pause.take_back"), lambda: Pop(TakeBack()), enabled=self.match.can_take_back(0),
                     note=tr("pause.take_back.note"), key="take_back", icon="undo", tip="tips.pause.take_back"),
            MenuItem(tr("menu.rules"), lambda: Push(RulesOverlay(self.context, self.match.setup)), key="rules",
                     icon="rules"),
            MenuItem(tr("menu.settings"), lambda: Push(SettingsOverlay(self.context)), key="settings",
                     icon="settings"),
            MenuItem(tr("pause.quit"), self._quit, note=tr("pause.quit.note"), key="quit", icon="quit",
                     tip="tips.pause.quit"),
        ]

    def _person_decides(self) -> bool:
        """Whether a hint may be asked now (the play scene still checks whose turn it is)."""
        state = self.match.state
        return not state.is_terminal() and self.match.setup.seats[state.current_seat].kind == "person"

    def _quit(self) -> Transition:
        return Push(ConfirmOverlay(self.context, self.context.tr("confirm.leave_game"), LeaveGame()))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case LeaveGame():
                return Pop(result)  # the question's answer goes on down to the game
            case _:
                self.refresh()
                return None


class SettingsOverlay(MenuOverlay):
    """Every setting, changed in place and remembered at once."""

    side = 120  # the notes are long: two lines of them fit under the last item
    row = 46  # twelve items and a note of two lines in the window's height

    def __init__(self, context: AppContext) -> None:
        self.shown = context.settings  # what the items show: F11 or a dragged window may change it meanwhile
        self.name = NameRow(context, self.refresh)  # the player's name, taken to every online table
        super().__init__(context, top=84)

    @property
    def title(self) -> str:
        return self.context.tr("menu.settings")

    def build_items(self) -> list[MenuItem]:
        tr, settings = self.context.tr, self.context.settings
        yes_no = [tr("common.no"), tr("common.yes")]
        volumes = [f"{step * 10}%" for step in range(11)]
        sizes = window_size_choices(settings.window_size, desktop_size())

        def setter(name: str, values: list[Any]) -> Any:
            return lambda index: self._change(name, values[index])

        flags = {"fullscreen": "fullscreen", "colour_blind": "eye", "hints": "hint", "screen_shake": "shake",
                 "confirm_losses": "confirm"}
        # the players' languages, and the one in use if it is none of them (the tests' pseudo-language)
        codes = list(dict.fromkeys((*LANGUAGES, settings.language)))
        items = [
            MenuItem(tr("settings.language"), choices=[tr(f"language.{code}") for code in codes],
                     index=codes.index(settings.language), on_change=setter("language", codes),
                     key="language", icon="language"),
            MenuItem(tr("settings.window_size"), choices=[f"{w} x {h}" for w, h in sizes],
                     index=sizes.index(settings.window_size), on_change=setter("window_size", sizes),
                     note=tr("settings.window_size.note"), key="window_size", icon="window"),
            MenuItem(tr("settings.music_volume"), choices=volumes, index=round(settings.music_volume * 10),
                     on_change=setter("music_volume", [step / 10 for step in range(11)]), key="music_volume",
                     icon="music"),
            MenuItem(tr("settings.effects_volume"), choices=volumes, index=round(settings.effects_volume * 10),
                     on_change=setter("effects_volume", [step / 10 for step in range(11)]), key="effects_volume",
                     icon="volume"),
            MenuItem(tr("settings.animation_speed"), choices=[f"x{speed:g}" for speed in ANIMATION_SPEEDS],
                     index=ANIMATION_SPEEDS.index(settings.animation_speed),
                     on_change=setter("animation_speed", list(ANIMATION_SPEEDS)), key="animation_speed",
                     icon="speed"),
        ]
        items += [
            MenuItem(tr(f"settings.{name}"), choices=yes_no, index=int(getattr(settings, name)),
                     on_change=setter(name, [False, True]), note=tr(f"settings.{name}.note"), key=name, icon=icon)
            for name, icon in flags.items()
        ]
        items.append(self.name.item())
        items.append(MenuItem(tr("menu.back"), lambda: Pop(), key="back", icon="back"))
        return items

    def handle(self, intent: inp.Intent) -> Transition | None:
        transition = super().handle(intent)
        self.name.settle(self.menu.focused.key)
        return transition

    def _change(self, name: str, value: Any) -> None:
        self.context.change_settings(self.context.settings.changed(**{name: value}))
        if name != "language":  # a new language changes every label: the items are made again in update
            self.shown = self.context.settings

    def update(self, dt: float) -> Transition | None:
        if self.context.settings != self.shown:
            self.shown = self.context.settings
            self.refresh()
        return None

    def box(self) -> pygame.Rect:
        """Nearly the whole screen, whatever the focused note: the box does not jump as the focus moves."""
        box = pygame.Rect(0, 0, self.box_width, LOGICAL_SIZE[1] - 20)
        box.midtop = (CENTRE_X, 10)
        return box


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on (the first), so no window larger than it is offered; ``None``
    where the video system cannot tell."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


class HandOverOverlay(Scene):
    """Pass the screen to the next person; their secrets appear only once they confirm (opaque on purpose).
    Until then the one who played last may still undo their move (``undo``: the match allows it), which the
    ``UndoLast`` answer asks of the play scene."""

    def __init__(self, context: AppContext, name: str, person: int, undo: bool = False, role: str = "") -> None:
        self.context, self.name, self.person, self.undo = context, name, person, undo
        self.role = role  # the seat they are about to play ("Port police"), under their name
        items = [MenuItem(context.tr("handover.ready", name=name), lambda: Pop(HandedOver()), key="ready",
                          icon="player")]
        if undo:
            items.append(MenuItem(context.tr("handover.undo"), lambda: Pop(UndoLast()), key="undo", icon="undo"))
        self.menu = Menu(items, top=420, width=640, text=context.text, sound=context.audio.play)

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind == inp.PAUSE:
            return None
        if intent.kind == inp.UNDO:
            return Pop(UndoLast()) if self.undo else None
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        ui_art.draw_background(surface, "menu")
        tooltip.icon(surface, "player", 96, ACCENT, midbottom=(CENTRE_X, 186))
        text, tr = self.context.text, self.context.tr
        text.blit(surface, tr("handover.title", name=self.name), 56, ACCENT, bold=True, shadow=3,
                  midtop=(CENTRE_X, 200))
        if self.role:
            text.blit(surface, self.role, 30, TEXT, shadow=2, midtop=(CENTRE_X, 270))
        text.blit(surface, tr("handover.look_away"), 30, DIM if self.role else TEXT, shadow=2,
                  midtop=(CENTRE_X, 320 if self.role else 290))
        self.menu.draw(surface, text)


class PadMissingOverlay(MenuOverlay):
    """A gamepad that a person plays with is unplugged: wait for it (any press on it will do), or go on with
    the keyboard. A pad plugged in meanwhile takes its place, unless it came back as another person's pad
    (``others``): that person has theirs again, and this one is still missing."""

    def __init__(self, context: AppContext, device: str, others: frozenset[str]) -> None:
        self.device, self.others = device, others
        super().__init__(context, context.tr("pad.missing", number=device[3:]), top=320)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [MenuItem(tr("pad.use_keyboard"), lambda: Pop(SwitchDevice(self.device, KEYBOARD)), key="keyboard",
                         icon="keyboard")]

    def explanation(self) -> str:
        return self.context.tr("pad.plug_back")

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.device == self.device and intent.kind != inp.PAD_REMOVED:
            return Pop()  # the pad is (back) in a hand: it was plugged in again under its own number
        if intent.kind == inp.PAD_ADDED and intent.device not in self.others:
            return Pop(SwitchDevice(self.device, intent.device))
        if intent.kind in (inp.BACK, inp.PAUSE):
            return None  # the game stays paused until the pad is back or the keyboard takes over
        return self.menu.handle(intent)


class RulesOverlay(ScrollingPage):
    """The rules help: the current game's rules (or every topic, from the menu) and the controls. It scrolls
    as the game log does; left and right (and Tab) change the topic."""

    def __init__(self, context: AppContext, setup: MatchSetup | None, state: Any = None,
                 actions: Sequence[Any] = ()) -> None:
        """With ``state`` (F1 on a board), the page opens at the paragraph on the step the player is at, which
        ``actions``, those still open to the player, tell apart."""
        self.context = context
        self.pictures = dict(self._topics(setup))  # each topic's emblem, the controls' apart
        self.topics = [*self.pictures, "rules.controls"]
        self.topic = 0
        self._pages: dict[tuple[str, str], RulesPage] = {}
        if setup is not None and state is not None:
            self.first = opening_row(setup.game, self.topics[0], self.page(), state, actions)

    @staticmethod
    def _topics(setup: MatchSetup | None) -> list[tuple[str, str]]:
        """The rules of the game's set-up, or of every game, each with its emblem."""
        if setup is None:
            return [topic for spec in boards() for topic in spec.rules_topics(None)]
        return board(setup.game).rules_topics(setup.options)

    def page(self) -> RulesPage:
        """The topic's rows and diagrams, laid out once per topic and language."""
        key = (self.topics[self.topic], self.context.tr.language)
        if key not in self._pages:
            self._pages[key] = RulesPage(self.context, key[0], RULES_WIDTH)
        return self._pages[key]

    def rows(self) -> list[Row]:
        topic = self.topics[self.topic]
        if topic == "rules.controls":
            tr = self.context.tr

            def spoken(names: tuple[str, ...]) -> str:
                return " / ".join(tr(name) if name.startswith("input.") else name for name in names)

            def row(keys: tuple[str, ...], pad: tuple[str, ...]) -> str:
                if not pad:
                    return spoken(keys)
                return tr("help.keys.pad_row", keys=spoken(keys), pad=tr("help.pad"), buttons=spoken(pad))

            return [Row(tr("help.keys.row", what=tr(key), keys=row(keys, pad))) for key, keys, pad in inp.key_help()]
        return self.page().rows

    def lines(self) -> list[str]:
        return [row.text for row in self.rows()]

    def line_count(self) -> int:
        return len(self.lines())

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if kind in (inp.BACK, inp.HELP, inp.CONFIRM, inp.PAUSE, inp.CLICK):
            return Pop()
        if kind in (inp.LEFT, inp.RIGHT, inp.NEXT, inp.PREV):
            step = 1 if kind in (inp.RIGHT, inp.NEXT) else -1
            self.topic, self.first = (self.topic + step) % len(self.topics), 0
        else:
            self.scroll_for(kind)
        return None

    def draw_picture(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """Beside the title: the topic's emblem (a Falconi variant's pizza, Fredericus' own), or a gamepad for the
        controls."""
        topic = self.topics[self.topic]
        if topic in self.pictures:
            tooltip.emblem(surface, self.pictures[topic], TOPIC_PICTURE, center=centre)
        else:
            tooltip.icon(surface, "gamepad", TOPIC_PICTURE, center=centre)

    def draw(self, surface: pygame.Surface) -> None:
        text, tr = self.context.text, self.context.tr
        title = self.draw_page(surface, f"<  {tr(self.topics[self.topic] + '.title')}  >", tr("rules.hint"))
        for x in (title.left - 16 - TOPIC_PICTURE // 2, title.right + 16 + TOPIC_PICTURE // 2):
            self.draw_picture(surface, (x, title.centery))
        for number, row in enumerate(self.rows()[self.first:self.first + ROWS]):
            if row.text:
                text.blit(surface, row.text, CAPTION_SIZE if row.indent else SIZE, ACCENT if row.heading else TEXT,
                          bold=row.heading, topleft=(BOX.x + 40 + row.indent, TOP + number * LINE))
        if self.topics[self.topic] != "rules.controls":
            self._draw_diagrams(surface)

    def _draw_diagrams(self, surface: pygame.Surface) -> None:
        """The page's diagrams in view, cut where the rows end: one half scrolled off never covers the title or
        the hint."""
        area = pygame.Rect(BOX.x + 40, TOP, RULES_WIDTH, ROWS * LINE)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        for placed in self.page().pictures:
            if placed.row < self.first + ROWS and placed.row + placed.rows > self.first:
                surface.blit(placed.image, (area.x, TOP + (placed.row - self.first) * LINE + 4))
        surface.set_clip(clip)
