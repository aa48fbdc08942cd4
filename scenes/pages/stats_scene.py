"""The statistics page, from the title menu: for each game a table of games played and won per variant, role
and opponents, with the game's total, then its players by name, most games first, and a way to start counting
again.

Up and down (the d-pad, the wheel, Page Up/Down, Home/End) scroll the table, as the game log does; left and
right choose between the two buttons under it, so every device reaches everything. Reset asks first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.jsonio import disk_reason
from game.core.message import Message
from game.services.stats import YOU, NameKey, Stats, StatsKey, Tally, save_stats
from scenes.boards import board, boards
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.stack import Pop, Push, Scene, Transition
from scenes.kit.ui import ACCENT, DANGER, DIM, LOGICAL_SIZE, PANEL_EDGE, TEXT, Menu, MenuItem, draw_scroll_bar
from scenes.pages.overlays import ConfirmOverlay

CENTRE_X = LOGICAL_SIZE[0] // 2
TITLE_EMBLEM = 64  # the games' emblems either side of the title
BOX = pygame.Rect(50, 104, LOGICAL_SIZE[0] - 100, 500)  # the table's panel
LINE = 38  # the height of a line of the table
HEADER_Y = BOX.y + 32  # the middle of the column names, which stay put while the lines under them scroll
TOP = BOX.y + 58  # the first line
ROWS = (BOX.bottom - 14 - TOP) // LINE  # lines shown at once
PAGE = ROWS - 1  # a page keeps one line of the last one in view
WHEEL_LINES = 3
SIZE = 26  # the table's font size
GAME_EMBLEM, PIZZA = 34, 30  # a game's emblem before its name, a pizza's before its row
BUTTONS_Y, BUTTON_WIDTH, BUTTON_HEIGHT = BOX.bottom + 14, 400, 46
# Where each column is: the variant's text after its pizza, then role and opponents from their left edges,
# the three numbers to their right edges (left of the scroll bar).
VARIANT_X, ROLE_X, OPPONENTS_X = BOX.x + 72, BOX.x + 430, BOX.x + 620
PLAYED_RIGHT, WON_RIGHT, PERCENT_RIGHT = BOX.x + 900, BOX.x + 1020, BOX.x + 1130
NAME_RIGHT = PLAYED_RIGHT - 110  # a name ends clear of the widest count of games played


@dataclass(frozen=True)
class TableLine:
    """One line of the page: a game's ``heading``, a ``row``, the game's ``total``, the title of its ``players``
    and a ``person``'s line (their ``name``, :data:`YOU` for the player's own), the sentence of a game not played
    yet (``none``) or a ``gap`` between games."""

    kind: str
    game: str = ""
    key: StatsKey | None = None
    tally: Tally | None = None
    name: str = ""


def table_lines(stats: Stats, own: str = "") -> list[TableLine]:
    """Every line of the page for ``stats``, game after game (every game the window shows); ``own``: the
    player's name in the settings (see :meth:`Stats.people`)."""
    lines: list[TableLine] = []
    for game in (spec.name for spec in boards()):
        if lines:
            lines.append(TableLine("gap"))
        lines.append(TableLine("heading", game))
        rows = stats.lines(game)
        if not rows:
            lines.append(TableLine("none", game))
            continue
        lines += [TableLine("row", game, key, tally) for key, tally in rows]
        lines.append(TableLine("total", game, tally=stats.total(game)))
        people = stats.people(game, own)
        if people:
            lines.append(TableLine("players", game))
            lines += [TableLine("person", game, tally=tally, name=name) for name, tally in people]
    return lines


class StatsScene(Scene):
    """The page over the menu's background; Back (or the Back button) returns to the title menu."""

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.first = 0  # the first line shown
        self.message = ""  # why a reset could not be remembered
        self.menu = self._menu()

    def _menu(self) -> Menu:
        tr = self.context.tr
        items = [MenuItem(tr("stats.reset"), self._ask_reset, enabled=not self.context.stats.is_empty, key="reset",
                          icon="undo", tip="stats.reset.tip"),
                 MenuItem(tr("menu.back"), lambda: Pop(), key="back", icon="back")]
        menu = Menu(items, focus=1, width=BUTTON_WIDTH, text=self.context.text, sound=self.context.audio.play)
        gap = 40
        left = CENTRE_X - BUTTON_WIDTH - gap // 2
        # side by side under the table: up and down are the table's, left and right the buttons'
        menu.rects = [pygame.Rect(left + index * (BUTTON_WIDTH + gap), BUTTONS_Y, BUTTON_WIDTH, BUTTON_HEIGHT)
                      for index in range(len(items))]
        return menu

    # --- scrolling --------------------------------------------------------------------------------------------
    def lines(self) -> list[TableLine]:
        return table_lines(self.context.stats, self.context.settings.player_name)

    @property
    def last_first(self) -> int:
        """The first line shown when scrolled to the end."""
        return max(0, len(self.lines()) - ROWS)

    def scroll(self, lines: int) -> None:
        self.first = min(max(0, self.first + lines), self.last_first)

    # --- input ---------------------------------------------------------------------------------------------------
    def handle(self, intent: inp.Intent) -> Transition | None:
        kind = intent.kind
        steps: dict[inp.IntentKind, int] = {inp.UP: -1, inp.DOWN: 1, inp.PAGE_UP: -PAGE, inp.PAGE_DOWN: PAGE,
                 inp.ROTATE_CCW: -WHEEL_LINES, inp.ROTATE_CW: WHEEL_LINES, inp.HOME: -len(self.lines()),
                 inp.END: len(self.lines())}
        if kind == inp.BACK:
            return Pop()
        if kind in steps:
            self.scroll(steps[kind])
            return None
        if kind in (inp.LEFT, inp.RIGHT, inp.PREV, inp.NEXT):
            self.menu.move(-1 if kind in (inp.LEFT, inp.PREV) else 1)
            return None
        return self.menu.handle(intent)

    def _ask_reset(self) -> Transition:
        return Push(ConfirmOverlay(self.context, self.context.tr("stats.confirm_reset"), "reset", safe=True))

    def resume(self, result: Any) -> Transition | None:
        if result == "reset":
            self._reset()
        return None

    def _reset(self) -> None:
        """Start counting again, remembered at once; the page says so if the disk refuses."""
        self.context.stats, self.first, self.message = Stats(), 0, ""
        try:
            save_stats(self.context.data_folder, self.context.stats)
        except OSError as error:
            self.message = self.context.tr.message(Message.of("stats.not_saved", reason=disk_reason(error)))
        self.menu = self._menu()

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui_art.draw_background(surface, "menu")
        text, tr = self.context.text, self.context.tr
        title = text.blit(surface, tr("stats.title"), 56, ACCENT, bold=True, shadow=3, midtop=(CENTRE_X, 26))
        for number, spec in enumerate(boards()):  # the first game's left of the title, the next right, and so on
            outward = 20 + TITLE_EMBLEM // 2 + number // 2 * (TITLE_EMBLEM + 8)
            x = title.left - outward if number % 2 == 0 else title.right + outward
            tooltip.emblem(surface, spec.emblem, TITLE_EMBLEM, center=(x, title.centery))
        ui_art.draw_panel(surface, BOX)
        if self.context.stats.is_empty:
            self._draw_empty(surface)
        else:
            self._draw_header(surface)
            lines = self.lines()
            for row in range(min(ROWS, len(lines) - self.first)):
                index = self.first + row
                self._draw_line(surface, lines[index], lines[index - 1] if row else None, TOP + row * LINE)
            draw_scroll_bar(surface, pygame.Rect(BOX.right - 26, TOP, 6, ROWS * LINE), ROWS, len(lines), self.first)
        self.menu.draw(surface, text)
        if self.message:
            text.blit(surface, self.message, 22, DANGER, shadow=1, midbottom=(CENTRE_X, LOGICAL_SIZE[1] - 8))
        elif self.context.settings.hints:
            text.blit(surface, tr("stats.hint"), 22, DIM, shadow=1, midbottom=(CENTRE_X, LOGICAL_SIZE[1] - 8))

    def _draw_empty(self, surface: pygame.Surface) -> None:
        text = self.context.text
        lines = text.wrap(self.context.tr("stats.empty"), BOX.width - 200, 30)
        y = BOX.centery - len(lines) * 36 // 2
        for number, line in enumerate(lines):
            text.blit(surface, line, 30, TEXT, midtop=(CENTRE_X, y + number * 36))

    def _draw_line(self, surface: pygame.Surface, line: TableLine, above: TableLine | None, y: int) -> None:
        """One line at ``y``; ``above`` is the line drawn over it (``None`` at the top of the box)."""
        text, tr = self.context.text, self.context.tr
        middle = y + LINE // 2
        if line.kind == "heading":
            spec = board(line.game)
            tooltip.emblem(surface, spec.emblem, GAME_EMBLEM, midleft=(BOX.x + 24, middle))
            text.blit(surface, tr(spec.title_key), 32, ACCENT, bold=True, midleft=(VARIANT_X, middle))
        elif line.kind == "none":
            text.blit(surface, tr("stats.none_yet"), SIZE, DIM, midleft=(VARIANT_X, middle))
        elif line.kind == "row":
            self._draw_row(surface, line, above, middle)
        elif line.kind == "total":
            pygame.draw.line(surface, PANEL_EDGE, (VARIANT_X, y + 2), (PERCENT_RIGHT, y + 2), 2)
            text.blit(surface, tr("stats.total"), SIZE, ACCENT, bold=True, midleft=(VARIANT_X, middle))
            assert line.tally is not None
            self._draw_numbers(surface, line.tally, middle, ACCENT, bold=True)
        elif line.kind == "players":
            text.blit(surface, tr("stats.players"), 22, DIM, bold=True, midleft=(VARIANT_X, middle))
        elif line.kind == "person":
            self._draw_person(surface, line, middle)

    def _draw_header(self, surface: pygame.Surface) -> None:
        """The column names over the lines, and a rule under them."""
        text, tr = self.context.text, self.context.tr
        for key, x in (("variant", VARIANT_X), ("role", ROLE_X), ("opponents", OPPONENTS_X)):
            text.blit(surface, tr(f"stats.column.{key}"), 22, DIM, bold=True, midleft=(x, HEADER_Y))
        for key, x in (("played", PLAYED_RIGHT), ("won", WON_RIGHT), ("percent", PERCENT_RIGHT)):
            text.blit(surface, tr(f"stats.column.{key}"), 22, DIM, bold=True, midright=(x, HEADER_Y))
        pygame.draw.line(surface, PANEL_EDGE, (BOX.x + 24, TOP - 6), (PERCENT_RIGHT, TOP - 6), 2)

    def _draw_row(self, surface: pygame.Surface, line: TableLine, above: TableLine | None, middle: int) -> None:
        """A row names its variant unless the row above is of the same one, so the rows of one variant read as
        a group (the top row of the box always names it)."""
        text, tr = self.context.text, self.context.tr
        key, tally = line.key, line.tally
        assert key is not None and tally is not None
        if above is None or above.key is None or above.key.variant != key.variant:
            emblem = board(key.game).record_emblem(key.variant)  # a pizza, say
            if emblem:
                tooltip.emblem(surface, emblem, PIZZA, center=(BOX.x + 24 + GAME_EMBLEM // 2, middle))
            text.blit(surface, self.variant_name(key), SIZE, TEXT, midleft=(VARIANT_X, middle))
        text.blit(surface, tr(f"stats.role.{key.role}"), SIZE, TEXT, midleft=(ROLE_X, middle))
        text.blit(surface, tr(f"stats.opponents.{key.opponents}"), SIZE, TEXT, midleft=(OPPONENTS_X, middle))
        self._draw_numbers(surface, tally, middle, TEXT)

    def _draw_person(self, surface: pygame.Surface, line: TableLine, middle: int) -> None:
        """A name and its games; the player's own line under the name they gave, or "You", in bold. A name as
        long as the seat screen takes fits at the table's size; one of wide letters is drawn smaller."""
        text = self.context.text
        own = line.name == YOU
        name = (self.context.settings.player_name or self.context.tr("stats.you")) if own else line.name
        size = text.fit_size(name, NAME_RIGHT - VARIANT_X, (SIZE, 22, 18), bold=own)
        text.blit(surface, name, size, TEXT, bold=own, midleft=(VARIANT_X, middle))
        assert line.tally is not None
        self._draw_numbers(surface, line.tally, middle, TEXT)

    def _draw_numbers(self, surface: pygame.Surface, tally: Tally, middle: int, colour: tuple[int, int, int],
                      bold: bool = False) -> None:
        text = self.context.text
        percent = self.context.tr("stats.percent", value=tally.win_percent)
        for value, right in ((str(tally.played), PLAYED_RIGHT), (str(tally.won), WON_RIGHT),
                             (percent, PERCENT_RIGHT)):
            text.blit(surface, value, SIZE, colour, bold=bold, midright=(right, middle))

    def variant_name(self, key: StatsKey) -> str:
        """A pizza's name, or Fredericus' falconers (and the shorter game)."""
        return board(key.game).record_name(self.context.tr, key.variant)


SAMPLE_NAME = "Giulia"  # who played a third of each game's sample games with the player


def sample_stats() -> Stats:
    """A few games of each kind (each board's made-up records), a third of them by :data:`SAMPLE_NAME`, the
    rest by the player, for the screenshot catalogue and the frame bench (which never read the player's own
    record)."""
    stats = Stats({StatsKey(spec.name, variant, role, opponents): Tally(played, won)
                   for spec in boards() for variant, role, opponents, played, won in spec.sample_records})
    names: dict[NameKey, Tally] = {}
    for spec in boards():
        total = stats.total(spec.name)
        theirs = Tally(total.played // 3, total.won // 3)
        names[NameKey(YOU, spec.name)] = Tally(total.played - theirs.played, total.won - theirs.won)
        if theirs.played:
            names[NameKey(SAMPLE_NAME, spec.name)] = theirs
    return Stats(stats.tallies, names)
