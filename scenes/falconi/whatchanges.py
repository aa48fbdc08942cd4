"""The "what changes" card: the first time a player chooses one of the harder pizzas, a short card says what it
adds to the pizza before it, with a picture of the new thing, before the seat set-up. The two strategic pizzas
also recall, in a line, what they keep from the pizzas before them: a player may come to them from Margherita.

Each card is shown once (``Settings.seen_cards`` remembers it between runs); the variant menu's "show the cards
again" forgets them all. "Got it" goes on to the seat set-up, F1 or "Read the full rules" opens the pizza's
rules, Back returns to the pizzas.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.falconi.registration import NEW_PIZZA_CARDS
from game.falconi.variants import VARIANTS
from scenes.context import AppContext
from scenes.falconi import draw as falconi_draw
from scenes.falconi import sprites
from scenes.kit import input as inp
from scenes.kit import tooltip
from scenes.kit.stack import Pop, Push, Replace, Scene, Transition
from scenes.kit.ui import ACCENT, DIM, LOGICAL_SIZE, TEXT, Menu, MenuItem, panel, shade
from scenes.router import pages

# What each card says: a line per change, each with the icon of scenes.kit.ui_art that shows it.
CARD_LINES: dict[str, tuple[tuple[str, str], ...]] = {
    "funghi": (("keep", "cards.funghi.reserve"), ("draw_tile", "cards.funghi.choose")),
    "prosciutto": (("escape_tile", "cards.prosciutto.pile"), ("draw_tile", "cards.prosciutto.place"),
                   ("drive", "cards.prosciutto.escape")),
    "salami": (("step", "cards.salami.actions"), ("place_tile", "cards.salami.place"),
               ("catch", "cards.salami.catch"), ("keep", "cards.salami.hidden"),
               ("escape_tile", "cards.salami.before")),  # a player may come straight from Margherita
    "diavola": (("chili_boost", "cards.diavola.boost"), ("blast", "cards.diavola.smash"),
                ("accomplice", "cards.diavola.accomplice"), ("step", "cards.diavola.before")),
}
WIDTH = 900  # the card's box
MARGIN = 36  # between the box and what is in it
EMBLEM = 84  # the pizza, left of the title
LINE_ICON = 36  # a change's icon, left of its words
ICON_GAP = 14
SIZE, LINE = 26, 28  # a change's font size and line height
LINE_GAP = 14  # between two changes
PICTURE = 96  # the new thing, right of the changes
PICTURE_ROOM = 170  # its column: two tiles side by side fit
PICTURE_GAP = 20  # between the changes' words and the picture's column
ROW = 54  # the buttons' rows
ESCAPE_DISTRICT = 1  # the Port's escape tile stands for all three on the Prosciutto card


def card_or(context: AppContext, variant: str, then: Callable[[], Scene]) -> Transition:
    """Go to ``then()`` (the seat set-up), by way of ``variant``'s card if it has one the player has not seen;
    it counts as seen from now on."""
    settings = context.settings
    if variant not in NEW_PIZZA_CARDS or variant in settings.seen_cards:
        return Push(then())
    context.change_settings(settings.changed(seen_cards=settings.seen_cards + (variant,)))
    return Push(WhatChangesCard(context, variant, then))


def show_cards_again_item(context: AppContext, after: Callable[[], None]) -> MenuItem:
    """The variant menu's item that forgets the cards seen (greyed while none has been), then calls ``after``."""
    def forget() -> None:
        context.change_settings(context.settings.changed(seen_cards=()))
        after()

    tr = context.tr
    return MenuItem(tr("cards.again"), forget, enabled=bool(context.settings.seen_cards), note=tr("cards.again.note"),
                    key="cards_again", icon="hint", tip="tips.cards.again")


class WhatChangesCard(Scene):
    """The card of ``variant`` over the dimmed variant menu; "Got it" replaces it by ``then()``."""

    opaque = False

    def __init__(self, context: AppContext, variant: str, then: Callable[[], Scene]) -> None:
        self.context, self.variant, self.then = context, variant, then
        text, tr = context.text, context.tr
        width = WIDTH - 2 * MARGIN - LINE_ICON - ICON_GAP - PICTURE_GAP - PICTURE_ROOM
        self.lines = [(icon, text.wrap(tr(key), width, SIZE)) for icon, key in CARD_LINES[variant]]
        self.body = max(PICTURE, sum(self._height(words) for _, words in self.lines)
                        + LINE_GAP * (len(self.lines) - 1))
        height = 24 + EMBLEM + 24 + self.body + 28 + 2 * ROW + 10
        self.box = pygame.Rect(0, 0, WIDTH, height)
        self.box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        items = [MenuItem(tr("cards.got_it"), lambda: Replace(self.then()), key="got_it", icon="confirm",
                          tip="tips.cards.got_it"),
                 MenuItem(tr("cards.rules"), self._rules, key="rules", icon="rules")]
        self.menu = Menu(items, centre_x=self.box.centerx, top=self.box.bottom - 10 - 2 * ROW, width=460, row=ROW,
                         text=text, sound=context.audio.play)

    @staticmethod
    def _height(words: list[str]) -> int:
        return max(LINE_ICON, len(words) * LINE)

    def handle(self, intent: inp.Intent) -> Transition | None:
        if intent.kind in (inp.BACK, inp.PAUSE):
            return Pop()
        if intent.kind == inp.HELP:
            return self._rules()
        return self.menu.handle(intent)

    def _rules(self) -> Transition:
        """The rules help, open at this pizza."""
        rules = pages().rules(self.context, None)
        rules.topic = rules.topics.index(f"rules.falconi.{self.variant}")
        return Push(rules)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        panel(surface, self.box)
        text, tr, box = self.context.text, self.context.tr, self.box
        top = box.y + 24
        pizza = tooltip.emblem(surface, self.variant, EMBLEM, topleft=(box.x + MARGIN, top))
        names = list(VARIANTS)
        before = names[names.index(self.variant) - 1]
        title = tr("cards.title", pizza=tr(f"variant.{self.variant}"))
        text.blit(surface, title, 44, ACCENT, bold=True, shadow=2, bottomleft=(pizza.right + 22, pizza.centery + 4))
        text.blit(surface, tr("cards.compared", pizza=tr(f"variant.{before}")), 26, DIM,
                  topleft=(pizza.right + 22, pizza.centery + 10))
        y = pizza.bottom + 24
        x = box.x + MARGIN
        for icon, words in self.lines:
            height = self._height(words)
            tooltip.icon(surface, icon, LINE_ICON, TEXT, topleft=(x, y + (min(height, 2 * LINE) - LINE_ICON) // 2))
            lines_top = y + (height - len(words) * LINE) // 2
            for number, line in enumerate(words):
                text.blit(surface, line, SIZE, TEXT, topleft=(x + LINE_ICON + ICON_GAP, lines_top + number * LINE))
            y += height + LINE_GAP
        centre = (box.right - MARGIN - PICTURE_ROOM // 2, pizza.bottom + 24 + self.body // 2)
        tooltip.add(self._draw_picture(surface, centre), f"tips.card.{self.variant}")
        self.menu.draw(surface, text)

    def _draw_picture(self, surface: pygame.Surface, centre: tuple[int, int]) -> pygame.Rect:
        """The new thing, from the board's own sprites; returns where it was drawn."""
        rect = pygame.Rect(0, 0, PICTURE, PICTURE)
        rect.center = centre
        if self.variant == "funghi":  # two reserve tiles, face up
            half = PICTURE * 3 // 4
            left = pygame.Rect(rect.x - half // 2 + 4, rect.y + (PICTURE - half) // 2, half, half)
            for index, kind in enumerate((0, 1)):
                surface.blit(falconi_draw.tile_image(kind * 4, half), left.move(index * (half + 8), 0))
            return left.union(left.move(half + 8, 0))
        if self.variant == "prosciutto":
            letter = self.context.tr(f"falconi.car.{ESCAPE_DISTRICT + 1}")
            surface.blit(falconi_draw.escape_image(ESCAPE_DISTRICT, 2, PICTURE, letter=letter,
                                                   text=self.context.text), rect)
        elif self.variant == "salami":  # Don Falconi's reserve, face down
            falconi_draw.tile_back(surface, rect, self.context.text)
        else:
            surface.blit(sprites.image(sprites.ITEMS, "boost", PICTURE), rect)
        return rect
