"""The statistics page, from the title menu: for each game a summary, a table of games played and won, streaks
and best scores per variant, role and opponents, then its players by name, most games first
(:mod:`scenes.pages.stats_table`), and a way to start counting again.

Up and down (the d-pad, the wheel, Page Up/Down, Home/End) scroll the table, as the game log does; left and
right choose between the two buttons under it, so every device reaches everything. Reset asks first.
"""

from __future__ import annotations

import pygame

from game.core.jsonio import disk_reason
from game.core.message import Message
from game.services.stats import YOU, NameKey, Stats, StatsKey, save_stats
from game.services.tally import Tally
from scenes.boards import board, boards
from scenes.context import AppContext
from scenes.kit import input as inp
from scenes.kit import tooltip, ui_art
from scenes.kit.results import ResetStats, SceneResult
from scenes.kit.stack import Pop, Push, Scene, Transition
from scenes.kit.ui import ACCENT, DANGER, DIM, LOGICAL_SIZE, PANEL_EDGE, TEXT, Menu, MenuItem, draw_scroll_bar
from scenes.pages.overlays import ConfirmOverlay
from scenes.pages.stats_table import NUMBERS, SUMMARY, TableLine, figure, label, summary, table_lines, variant_name

CENTRE_X = LOGICAL_SIZE[0] // 2
TITLE_EMBLEM = 64  # the games' emblems either side of the title
BOX = pygame.Rect(50, 104, LOGICAL_SIZE[0] - 100, 500)  # the table's panel
LINE = 38  # the height of a line of the table
HEADER_Y = BOX.y + 36  # the middle of the column names (two lines at most), which stay put while the lines scroll
TOP = BOX.y + 68  # the first line
ROWS = (BOX.bottom - 14 - TOP) // LINE  # lines shown at once
PAGE = ROWS - 1  # a page keeps one line of the last one in view
WHEEL_LINES = 3
SIZE = 24  # the table's font size
HEAD_SIZES = (20, 18, 16)  # the column names: the largest at which each word fits its column
GAME_EMBLEM, PIZZA = 34, 30  # a game's emblem before its name, a pizza's before its variant's name
BUTTONS_Y, BUTTON_WIDTH, BUTTON_HEIGHT = BOX.bottom + 14, 400, 46
# Where each column is: side and opponents from their left edges (a variant's name over its rows from the
# first), the six numbers to their right edges (left of the scroll bar).
ROLE_X, OPPONENTS_X = BOX.x + 72, BOX.x + 250
RIGHTS = dict(zip(NUMBERS, (BOX.x + 560, BOX.x + 670, BOX.x + 780, BOX.x + 890, BOX.x + 1000, BOX.x + 1130)))
COLUMN = 104  # the room of a number column's name
NAME_RIGHT = RIGHTS["played"] - 110  # a name ends clear of the widest count of games played
SUMMARY_LEFT = ROLE_X  # a game's summary: figures centred in equal parts of the table's width
SUMMARY_PART = (RIGHTS["best"] - SUMMARY_LEFT) // len(SUMMARY)


class StatsScene(Scene):
    """The page over the menu's background; Back (or the Back button) returns to the title menu."""

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.first = 0  # the first line shown
        self._table: tuple[object, str, list[TableLine]] | None = None  # the lines, and the record they are of
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
        """The table's lines, worked out again only when the record or the player's name changes: scrolling and
        drawing ask for them every frame."""
        stats, name = self.context.stats, self.context.settings.player_name
        if self._table is None or self._table[0] is not stats or self._table[1] != name:
            self._table = (stats, name, table_lines(stats, name))
        return self._table[2]

    @property
    def last_first(self) -> int:
        """The first line shown when scrolled to the end."""
        return max(0, len(self.lines()) - ROWS)

    def scroll(self, lines: int) -> None:
        """Move by ``lines``, within the ends; the top line is never the names of a summary whose figures are
        above it: the move goes one line further (or one back, at the end)."""
        table = self.lines()
        first = min(max(0, self.first + lines), self.last_first)
        if table and table[first].kind == "labels":
            ahead = first + (1 if lines > 0 else -1)
            first = ahead if 0 <= ahead <= self.last_first else first - (1 if lines > 0 else -1)
        self.first = first

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
        return Push(ConfirmOverlay(self.context, self.context.tr("stats.confirm_reset"), ResetStats(), safe=True))

    def resume(self, result: SceneResult | None) -> Transition | None:
        match result:
            case ResetStats():
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
                self._draw_line(surface, lines[self.first + row], TOP + row * LINE)
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

    def _draw_line(self, surface: pygame.Surface, line: TableLine, y: int) -> None:
        """One line at ``y``."""
        text, tr = self.context.text, self.context.tr
        middle = y + LINE // 2
        if line.kind == "heading":
            spec = board(line.game)
            tooltip.emblem(surface, spec.emblem, GAME_EMBLEM, midleft=(BOX.x + 24, middle))
            text.blit(surface, tr(spec.title_key), 32, ACCENT, bold=True, midleft=(ROLE_X, middle))
        elif line.kind == "none":
            text.blit(surface, tr("stats.none_yet"), SIZE, DIM, midleft=(ROLE_X, middle))
        elif line.kind in ("summary", "labels"):
            self._draw_summary(surface, line, middle)
        elif line.kind == "variant":
            assert line.key is not None
            emblem = board(line.game).record_emblem(line.key.variant)  # a pizza, say
            if emblem:
                tooltip.emblem(surface, emblem, PIZZA, center=(BOX.x + 24 + GAME_EMBLEM // 2, middle))
            pygame.draw.line(surface, PANEL_EDGE, (ROLE_X, y + 2), (RIGHTS["best"], y + 2), 1)
            text.blit(surface, variant_name(tr, line.key), SIZE, TEXT, bold=True, midleft=(ROLE_X, middle))
        elif line.kind == "row":
            assert line.key is not None and line.tally is not None
            text.blit(surface, tr(f"stats.role.{line.key.role}"), SIZE, TEXT, midleft=(ROLE_X, middle))
            text.blit(surface, tr(f"stats.opponents.{line.key.opponents}"), SIZE, TEXT, midleft=(OPPONENTS_X, middle))
            self._draw_numbers(surface, line.game, line.tally, middle)
        elif line.kind == "players":
            pygame.draw.line(surface, PANEL_EDGE, (ROLE_X, y + 2), (RIGHTS["best"], y + 2), 1)
            text.blit(surface, tr("stats.players"), 22, DIM, bold=True, midleft=(ROLE_X, middle))
        elif line.kind == "person":
            self._draw_person(surface, line, middle)

    def _draw_summary(self, surface: pygame.Surface, line: TableLine, middle: int) -> None:
        """A game's figures, large, each centred over its name (the line under them, drawn close up to them);
        the names at one size, the largest at which each fits its part."""
        text, tr = self.context.text, self.context.tr
        room = SUMMARY_PART - 16
        columns = summary(line.game)
        if line.tally is not None:
            for part, column in enumerate(columns):
                words = figure(tr, line.game, line.tally, column)
                size = text.fit_size(words, room, (30, 26, 22), bold=True)
                text.blit(surface, words, size, ACCENT, bold=True, center=(self._summary_x(part), middle + 5))
            return
        labels = [label(tr, line.game, column) for column in columns]
        size = min(text.fit_size(words, room, HEAD_SIZES) for words in labels)
        for part, words in enumerate(labels):
            text.blit(surface, words, size, DIM, center=(self._summary_x(part), middle - 7))

    @staticmethod
    def _summary_x(part: int) -> int:
        return SUMMARY_LEFT + part * SUMMARY_PART + SUMMARY_PART // 2

    def _draw_header(self, surface: pygame.Surface) -> None:
        """The column names over the lines (a long one on two lines), and a rule under them."""
        text, tr = self.context.text, self.context.tr
        for key, x in (("role", ROLE_X), ("opponents", OPPONENTS_X)):
            text.blit(surface, tr(f"stats.column.{key}"), HEAD_SIZES[0], DIM, bold=True, midleft=(x, HEADER_Y))
        for key, right in RIGHTS.items():
            words = tr(f"stats.column.{key}")
            size = min(text.fit_size(word, COLUMN, HEAD_SIZES, bold=True) for word in words.split())
            rows = text.wrap(words, COLUMN, size, bold=True, most=2)
            height = size + 2
            for number, row in enumerate(rows):
                y = HEADER_Y + (2 * number - len(rows) + 1) * height // 2
                text.blit(surface, row, size, DIM, bold=True, midright=(right, y))
        pygame.draw.line(surface, PANEL_EDGE, (BOX.x + 24, TOP - 6), (RIGHTS["best"], TOP - 6), 2)

    def _draw_person(self, surface: pygame.Surface, line: TableLine, middle: int) -> None:
        """A name and its games; the player's own line under the name they gave, or "You", in bold. A name as
        long as the seat screen takes fits at the table's size; one of wide letters is drawn smaller."""
        text = self.context.text
        own = line.name == YOU
        name = (self.context.settings.player_name or self.context.tr("stats.you")) if own else line.name
        size = text.fit_size(name, NAME_RIGHT - ROLE_X, (SIZE, 22, 18), bold=own)
        text.blit(surface, name, size, TEXT, bold=own, midleft=(ROLE_X, middle))
        assert line.tally is not None
        self._draw_numbers(surface, line.game, line.tally, middle)

    def _draw_numbers(self, surface: pygame.Surface, game: str, tally: Tally, middle: int) -> None:
        text, tr = self.context.text, self.context.tr
        for column, right in RIGHTS.items():
            words = figure(tr, game, tally, column)
            size = text.fit_size(words, COLUMN + 20, (SIZE, 20, 18))
            text.blit(surface, words, size, TEXT, midright=(right, middle))


SAMPLE_NAME = "Giulia"  # who played a third of each game's sample games with the player


def sample_stats() -> Stats:
    """A few games of each kind (each board's made-up records, an older one among them whose streaks are
    unknown), a third of them by :data:`SAMPLE_NAME`, the rest by the player, for the screenshot catalogue and
    the frame bench (which never read the player's own record)."""
    stats = Stats({StatsKey(spec.name, variant, role, opponents): tally
                   for spec in boards() for variant, role, opponents, tally in spec.sample_records})
    names: dict[NameKey, Tally] = {}
    for spec in boards():
        total = stats.total(spec.name)
        theirs = Tally(total.played // 3, total.won // 3, 0, min(1, total.won // 3))
        won = total.won - theirs.won
        names[NameKey(YOU, spec.name)] = Tally(total.played - theirs.played, won, min(1, won),
                                               min(total.best_streak, won), total.best)
        if theirs.played:
            names[NameKey(SAMPLE_NAME, spec.name)] = theirs
    return Stats(stats.tallies, names)
