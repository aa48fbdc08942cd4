"""Overlays drawn over the scene below: pause, confirm, rules help, settings, hand-over, unplugged gamepad.

Each returns its answer to the scene below with ``Pop(result)``. The hand-over screen is opaque on purpose:
while it is up nothing of the board — least of all a secret — is drawn.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.match import KEYBOARD, Match, MatchSetup
from game.settings import ANIMATION_SPEEDS, LANGUAGES, window_size_choices
from scenes import input as inp
from scenes.context import AppContext
from scenes.stack import Pop, Push, Scene, Transition
from scenes.ui import ACCENT, BACKGROUND, DIM, LOGICAL_SIZE, TEXT, Menu, MenuItem, panel, shade

CENTRE_X = LOGICAL_SIZE[0] // 2


class MenuOverlay(Scene):
    """A titled menu over the dimmed scene below; Back closes it with no answer."""

    opaque = False

    def __init__(self, context: AppContext, title: str, top: int = 220) -> None:
        self.context, self.title = context, title
        self.menu = Menu(self.build_items(), top=top)

    def build_items(self) -> list[MenuItem]:
        raise NotImplementedError

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind in (inp.BACK, inp.PAUSE):
            return Pop()
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        rects = self.menu.rects
        box = pygame.Rect(0, 0, self.menu.width + 80, rects[-1].bottom - self.menu.top + 170)
        box.midtop = (CENTRE_X, self.menu.top - 100)
        panel(surface, box)
        self.context.text.blit(surface, self.title, 40, ACCENT, bold=True, midtop=(CENTRE_X, box.y + 24))
        self.menu.draw(surface, self.context.text)


class ConfirmOverlay(MenuOverlay):
    def __init__(self, context: AppContext, question: str, answer: Any) -> None:
        self.answer = answer
        super().__init__(context, question, top=300)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [MenuItem(tr("common.yes"), lambda: Pop(self.answer), key="yes"),
                MenuItem(tr("common.no"), lambda: Pop(), key="no")]


class PauseOverlay(MenuOverlay):
    def __init__(self, context: AppContext, match: Match) -> None:
        self.match = match
        super().__init__(context, context.tr("pause.title"), top=200)

    def build_items(self) -> list[MenuItem]:
        tr = self.context.tr
        return [
            MenuItem(tr("pause.resume"), lambda: Pop(), key="resume"),
            MenuItem(tr("play.log"), lambda: Pop("log"), key="log"),
            MenuItem(tr("pause.take_back"), lambda: Pop("take_back"), enabled=self.match.can_take_back(0),
                     note=tr("pause.take_back.note"), key="take_back"),
            MenuItem(tr("menu.rules"), lambda: Push(RulesOverlay(self.context, self.match.setup)), key="rules"),
            MenuItem(tr("menu.settings"), lambda: Push(SettingsOverlay(self.context)), key="settings"),
            MenuItem(tr("pause.quit"), self._quit, note=tr("pause.quit.note"), key="quit"),
        ]

    def _quit(self) -> Transition:
        return Push(ConfirmOverlay(self.context, self.context.tr("confirm.leave_game"), "quit"))

    def resume(self, result: Any) -> Transition | None:
        if result == "quit":
            return Pop("quit")
        self.menu = Menu(self.build_items(), top=self.menu.top, focus=self.menu.focus)
        return None


class SettingsOverlay(MenuOverlay):
    """Every setting, changed in place and remembered at once."""

    def __init__(self, context: AppContext) -> None:
        self.shown = context.settings  # what the items show: F11 or a dragged window may change it meanwhile
        super().__init__(context, context.tr("menu.settings"), top=90)

    def build_items(self) -> list[MenuItem]:
        tr, settings = self.context.tr, self.context.settings
        yes_no = [tr("common.no"), tr("common.yes")]
        volumes = [f"{step * 10}%" for step in range(11)]
        sizes = window_size_choices(settings.window_size)

        def setter(name: str, values: list[Any]) -> Any:
            return lambda index: self._change(name, values[index])

        flags = ("fullscreen", "colour_blind", "hints", "screen_shake")
        items = [
            MenuItem(tr("settings.language"), choices=[tr(f"language.{code}") for code in LANGUAGES],
                     index=LANGUAGES.index(settings.language), on_change=setter("language", list(LANGUAGES)),
                     key="language"),
            MenuItem(tr("settings.window_size"), choices=[f"{w} x {h}" for w, h in sizes],
                     index=sizes.index(settings.window_size), on_change=setter("window_size", sizes),
                     note=tr("settings.window_size.note"), key="window_size"),
            MenuItem(tr("settings.music_volume"), choices=volumes, index=round(settings.music_volume * 10),
                     on_change=setter("music_volume", [step / 10 for step in range(11)]), key="music_volume"),
            MenuItem(tr("settings.effects_volume"), choices=volumes, index=round(settings.effects_volume * 10),
                     on_change=setter("effects_volume", [step / 10 for step in range(11)]), key="effects_volume"),
            MenuItem(tr("settings.animation_speed"), choices=[f"x{speed:g}" for speed in ANIMATION_SPEEDS],
                     index=ANIMATION_SPEEDS.index(settings.animation_speed),
                     on_change=setter("animation_speed", list(ANIMATION_SPEEDS)), key="animation_speed"),
        ]
        items += [
            MenuItem(tr(f"settings.{name}"), choices=yes_no, index=int(getattr(settings, name)),
                     on_change=setter(name, [False, True]), note=tr(f"settings.{name}.note"), key=name)
            for name in flags
        ]
        items.append(MenuItem(tr("menu.back"), lambda: Pop(), key="back"))
        return items

    def _change(self, name: str, value: Any) -> None:
        self.context.change_settings(self.context.settings.changed(**{name: value}))
        if name != "language":  # a new language changes every label: the items are made again in update
            self.shown = self.context.settings

    def update(self, dt: float) -> Transition | None:
        if self.context.settings != self.shown:
            self.shown = self.context.settings
            self.title = self.context.tr("menu.settings")
            self.menu = Menu(self.build_items(), top=self.menu.top, focus=self.menu.focus)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        # tall enough for two lines of the focused item's note under the last item, and as wide as they are
        box = pygame.Rect(0, 0, self.menu.width + 240, LOGICAL_SIZE[1] - 20)
        box.midtop = (CENTRE_X, 10)
        panel(surface, box)
        self.context.text.blit(surface, self.title, 40, ACCENT, bold=True, midtop=(CENTRE_X, 26))
        self.menu.draw(surface, self.context.text)


class HandOverOverlay(Scene):
    """Pass the screen to the next person; their secrets appear only once they confirm (opaque on purpose)."""

    def __init__(self, context: AppContext, name: str, person: int) -> None:
        self.context, self.name, self.person = context, name, person
        self.menu = Menu([MenuItem(context.tr("handover.ready", name=name), lambda: Pop("handover"), key="ready")],
                         top=420, width=640)

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind == inp.PAUSE:
            return None
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        text, tr = self.context.text, self.context.tr
        text.blit(surface, tr("handover.title", name=self.name), 56, ACCENT, bold=True, midtop=(CENTRE_X, 200))
        text.blit(surface, tr("handover.look_away"), 32, TEXT, midtop=(CENTRE_X, 290))
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
        return [MenuItem(tr("pad.use_keyboard"), lambda: Pop(("device", self.device, KEYBOARD)), key="keyboard")]

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.device == self.device and intent.kind != inp.PAD_REMOVED:
            return Pop()  # the pad is (back) in a hand: it was plugged in again under its own number
        if intent.kind == inp.PAD_ADDED and intent.device not in self.others:
            return Pop(("device", self.device, intent.device))
        if intent.kind in (inp.BACK, inp.PAUSE):
            return None  # the game stays paused until the pad is back or the keyboard takes over
        return self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        text = self.context.text
        # the explanation may take two lines in some languages: the box grows upwards to hold them
        lines = text.wrap(self.context.tr("pad.plug_back"), self.menu.width + 20, 26)
        box = pygame.Rect(0, self.menu.top - 100 - 28 * len(lines), self.menu.width + 80, 0)
        box.height, box.centerx = self.menu.rects[-1].bottom + 36 - box.y, CENTRE_X
        panel(surface, box)
        text.blit(surface, self.title, 40, ACCENT, bold=True, midtop=(CENTRE_X, box.y + 24))
        for number, line in enumerate(lines):
            text.blit(surface, line, 26, TEXT, midtop=(CENTRE_X, box.y + 80 + 28 * number))
        self.menu.draw(surface, text)


class RulesOverlay(Scene):
    """The rules help: the current game's rules (or every topic, from the menu) and the controls.
    Up and down scroll; left and right change the topic."""

    opaque = False
    LINE = 26

    def __init__(self, context: AppContext, setup: MatchSetup | None) -> None:
        self.context = context
        self.topics = self._topics(setup)
        self.topic = 0
        self.scroll = 0

    @staticmethod
    def _topics(setup: MatchSetup | None) -> list[str]:
        if setup is None:
            from game.falconi.variants import VARIANTS

            return [f"rules.falconi.{name}" for name in VARIANTS] + ["rules.fredericus", "rules.controls"]
        if setup.game == "falconi":
            return [f"rules.falconi.{setup.variant}", "rules.controls"]
        return ["rules.fredericus", "rules.controls"]

    def lines(self) -> list[str]:
        topic = self.topics[self.topic]
        if topic == "rules.controls":
            tr = self.context.tr

            def spoken(names: tuple[str, ...]) -> str:
                return " / ".join(tr(name) if name.startswith("input.") else name for name in names)

            return [f"{tr(key)}: {spoken(keys)}" + (f"   ({tr('help.pad')}: {spoken(pad)})" if pad else "")
                    for key, keys, pad in inp.KEY_HELP]
        return self.context.text.wrap(self.context.tr(topic), 1000, 24)

    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        if kind in (inp.BACK, inp.HELP, inp.CONFIRM, inp.PAUSE, inp.CLICK):
            return Pop()
        if kind in (inp.UP, inp.DOWN):
            self.scroll = max(0, self.scroll + (1 if kind == inp.DOWN else -1) * 3)
        elif kind in (inp.LEFT, inp.RIGHT, inp.NEXT, inp.PREV):
            step = 1 if kind in (inp.RIGHT, inp.NEXT) else -1
            self.topic, self.scroll = (self.topic + step) % len(self.topics), 0
        elif kind in (inp.ROTATE_CW, inp.ROTATE_CCW):  # the mouse wheel scrolls
            self.scroll = max(0, self.scroll + (3 if kind == inp.ROTATE_CW else -3))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        box = pygame.Rect(60, 30, LOGICAL_SIZE[0] - 120, LOGICAL_SIZE[1] - 60)
        panel(surface, box)
        text, tr = self.context.text, self.context.tr
        title = tr(self.topics[self.topic] + ".title")
        text.blit(surface, f"<  {title}  >", 38, ACCENT, bold=True, midtop=(CENTRE_X, box.y + 18))
        lines = self.lines()
        self.scroll = min(self.scroll, max(0, len(lines) - 20))
        y = box.y + 70
        for line in lines[self.scroll:self.scroll + 21]:
            heading = line.isupper()  # the rules texts write their section headings in capitals
            text.blit(surface, line, 24, ACCENT if heading else TEXT, bold=heading, topleft=(box.x + 40, y))
            y += self.LINE
        text.blit(surface, tr("rules.hint"), 22, DIM, midbottom=(CENTRE_X, box.bottom - 12))
