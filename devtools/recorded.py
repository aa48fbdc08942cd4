"""``python main.py tournament recorded``: the tables of docs/ai.md, from the games recorded in a folder.

A long match is played with ``--record FOLDER`` (:func:`devtools.tournament.execute`), one file per match, and
grows over many runs. This reads every file there, makes each match's row from its recorded games alone (as
many as there are from the first on; nothing is played) with the same summary as the tournament, and writes
the rows as the Markdown tables of docs/ai.md, each with its target, verdict and command. Each game's own
part (``devtools/<game>/matches.py``) knows its files' names, its tables and how a row reads there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from devtools.games import parts
from devtools.tournament import recorded_count, recorded_row


def recorded_tables(folder: Path) -> dict[str, list[str]]:
    """Every table with recorded rows, by title, in the games' order: its head, then its rows in the order its
    game gives them."""
    heads: dict[str, str] = {}
    rows: dict[str, list[tuple[tuple[Any, ...], str]]] = {}
    games_parts = [part for _name, part in parts("matches")]
    for part in games_parts:
        heads |= part.MARKDOWN_TABLES
    for path in sorted(folder.glob("*.jsonl")):
        count = recorded_count(path)
        for part in games_parts:
            plan = part.recorded_plan(path.stem, count) if count else None
            row = recorded_row(plan, folder) if plan is not None else None
            if row is not None:
                title, order, line = part.markdown_row(row, folder.as_posix())
                rows.setdefault(title, []).append((order, line))
                break
    return {title: [*head.splitlines(), *(line for _order, line in sorted(rows[title]))]
            for title, head in heads.items() if title in rows}


def format_tables(tables: dict[str, list[str]]) -> str:
    return "\n\n".join(f"### {title}\n\n" + "\n".join(lines) for title, lines in tables.items())
