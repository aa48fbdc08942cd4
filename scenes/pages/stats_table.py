"""What the statistics page lists, line by line, and how its numbers read: per game a summary as Board Game
Arena shows one (played, won, rate, best streak, best score), then its lines by pizza (or falconers), side and
AI level, then its players by name.

A figure nobody knows (a streak of games counted before the record kept them) reads "—"; a streak that older
games might make longer reads as the least it is ("3+"), never as more than was seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import Translator
from game.registry import game_spec
from game.services.stats import Stats, StatsKey
from game.services.tally import Tally
from scenes.boards import board, boards

UNKNOWN = "—"
NUMBERS = ("played", "won", "percent", "streak", "best_streak", "best")  # the number columns, left to right
SUMMARY = ("played", "won", "percent", "best_streak", "best")  # a game's summary, left to right


@dataclass(frozen=True)
class TableLine:
    """One line of the page: a game's ``heading``, its ``summary`` (the figures, then their ``labels``), a
    ``variant``'s name over its ``row``s, the title of its ``players`` and a ``person``'s line (their ``name``,
    :data:`game.services.stats.YOU` for the player's own), the sentence of a game not played yet (``none``) or
    a ``gap`` between games."""

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
        total = stats.total(game)
        lines += [TableLine("summary", game, tally=total), TableLine("labels", game)]
        variant = ""
        for key, tally in rows:
            if key.variant != variant:
                variant = key.variant
                lines.append(TableLine("variant", game, key))
            lines.append(TableLine("row", game, key, tally))
        people = stats.people(game, own)
        if people:
            lines.append(TableLine("players", game))
            lines += [TableLine("person", game, tally=tally, name=name) for name, tally in people]
    return lines


def figure(tr: Translator, game: str, tally: Tally, column: str) -> str:
    """A number of ``column`` (one of :data:`NUMBERS`) as the page writes it."""
    if column == "played":
        return str(tally.played)
    if column == "won":
        return str(tally.won)
    if column == "percent":
        return tr("stats.percent", value=tally.win_percent)
    if column in ("streak", "best_streak"):
        floor = tally.streak_floor(best=column == "best_streak")
        if floor is None:
            return UNKNOWN
        return tr("stats.at_least", value=floor[0]) if floor[1] else str(floor[0])
    return UNKNOWN if tally.best is None else tr.plural(f"stats.best_value.{game}", tally.best)


def summary(game: str) -> tuple[str, ...]:
    """The figures of a game's summary: its best score only in a game that keeps one."""
    return SUMMARY if game_spec(game).record_score is not None else SUMMARY[:-1]


def label(tr: Translator, game: str, column: str) -> str:
    """The name of a summary figure: the best score is named by its game (the points, or the fastest win)."""
    return tr(f"stats.best.{game}") if column == "best" else tr(f"stats.summary.{column}")


def variant_name(tr: Translator, key: StatsKey) -> str:
    """A pizza's name, or Fredericus' falconers (and the shorter game)."""
    return board(key.game).record_name(tr, key.variant)
