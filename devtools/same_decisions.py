"""``python -m devtools.same_decisions``: the record that makes a faster search prove it decides as before.

Speeding up the search or the value guess must not change a single decision, or the recorded tournament rows
would no longer describe the bots that play. So fixed positions of every game set-up are searched by ``hard``
with fixed seeds and a clock that never moves (only the iteration budget stops the search, so the result
is the same on any machine), and the chosen actions are recorded; the Falconi value guess and the distances
behind it are recorded exactly on a few hundred positions of random play of each variant, so that a change
shows up directly, not only when it happens to turn a decision.

``--record`` writes ``tests/data/same_decisions.json`` from the code as it stands (``--setups`` limits it to
some set-ups, keeping the others' entries: after a rule change, re-record the variants it touched);
without it, every entry is checked and the differences are printed. ``tests/test_ai_same_decisions.py``
checks the same in the test suite.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.protocol import GameState
from game.core.view import SeatView

if TYPE_CHECKING:
    from devtools.games import DecisionPick

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "data" / "same_decisions.json"
FORMAT = "same-decisions"


@dataclass(frozen=True)
class Position:
    """A position reached by ``actions`` random legal actions (``random.Random(seed).choice``) from the deal
    of ``seed``."""

    label: str
    seed: int
    actions: int
    state: GameState


def setup_makers() -> dict[str, Callable[[int], GameState]]:
    """Every set-up of ``bench ai``, by name (``<game>/<set-up>``)."""
    from devtools.bench_ai import game_setups

    return {setup.name: setup.new_game for setup in game_setups()}


def _part(name: str) -> Any:
    """The benchmarks' part of the game a set-up or group ``<game>/...`` belongs to."""
    from devtools.games import parts

    return dict(parts("benches"))[name.split("/")[0]]


def positions(name: str, new_game: Callable[[int], GameState]) -> list[Position]:
    """The fixed positions of set-up ``name``, as its game's part picks them."""
    return [_position(name, new_game, pick) for pick in _part(name).decision_picks(name)]


def _position(name: str, new_game: Callable[[int], GameState], pick: DecisionPick) -> Position:
    for tried in range(pick.seed, pick.seed + 20):  # a game that ends first gives way to the next seed's
        state, rng, played = new_game(tried), random.Random(tried), 0
        while not state.is_terminal():
            if played >= pick.least and len(state.legal_actions()) > 1 and pick.wanted(state):
                return Position(pick.label, tried, played, state)
            state.apply(rng.choice(state.legal_actions()))
            played += 1
    raise RuntimeError(f"{name}: no {pick.label} position in the games of seeds {pick.seed} to {pick.seed + 19}")


def hard_decision(state: GameState, seed: int) -> dict[str, Any]:
    """``hard``'s choice in ``state`` with ``random.Random(seed)`` and a clock that never moves."""
    from game.ai.ismcts import ISMCTSBot
    from game.ai.levels import level_makers

    bot = level_makers(clock=lambda: 0.0)["hard"]()
    assert isinstance(bot, ISMCTSBot)
    action = bot.choose(SeatView(state), random.Random(seed))
    return {"chosen": state.action_text(action), "iterations": bot.stats.iterations, "nodes": bot.stats.nodes}


def record_decisions(name: str, new_game: Callable[[int], GameState]) -> list[dict[str, Any]]:
    entries = []
    for position in positions(name, new_game):
        entry = {"label": position.label, "seed": position.seed, "actions": position.actions,
                 "seat": position.state.current_seat}
        entries.append(entry | hard_decision(position.state, position.seed))
    return entries


def check_decisions(name: str, entries: Sequence[dict[str, Any]]) -> list[str]:
    """What differs from the recorded ``entries`` of set-up ``name``, one line each."""
    new_game = setup_makers()[name]
    problems = []
    for entry, position in zip(entries, positions(name, new_game), strict=True):
        where = f"{name} {entry['label']} (seed {entry['seed']}, {entry['actions']} actions)"
        if (position.seed, position.actions) != (entry["seed"], entry["actions"]):
            problems.append(f"{where}: the position is now reached after {position.actions} actions: did the "
                            "rules change? re-record this set-up")
            continue
        found = hard_decision(position.state, position.seed)
        recorded = {key: entry[key] for key in found}
        if found != recorded:
            problems.append(f"{where}: hard decided {found}, recorded {recorded}")
    return problems


def _known(wanted: Sequence[str] | None, names: Sequence[str]) -> None:
    unknown = set(wanted or ()) - {short for name in names for short in (name, name.split("/")[-1])}
    if unknown:
        raise ValueError(f"no set-up called {', '.join(sorted(unknown))}; choose from {', '.join(sorted(set(names)))}")


def check_guesses(group: str, entries: Sequence[dict[str, Any]]) -> list[str]:
    """What differs from the recorded value guesses of ``group``, one line each."""
    return list(_part(group).check_guesses(group, entries))


def _select(names: Sequence[str], wanted: Sequence[str] | None) -> list[str]:
    if not wanted:
        return list(names)
    return [name for name in names if name in wanted or name.split("/")[-1] in wanted]


def load(path: Path = FIXTURE) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} record")
    return data


def guess_groups() -> list[str]:
    """Every game's groups of positions whose value guess is recorded (``<game>/<group>``)."""
    from devtools.games import parts

    return [group for _game, part in parts("benches") for group in part.guess_groups()]


def record(wanted: Sequence[str] | None, path: Path = FIXTURE) -> list[str]:
    """Record the set-ups in ``wanted`` (all when empty) into ``path``, keeping the others; returns their names."""
    data: dict[str, Any] = load(path) if path.exists() else {"format": FORMAT, "decisions": {}, "values": {}}
    makers = setup_makers()
    groups = guess_groups()
    _known(wanted, [*makers, *groups])
    done = []
    for name in _select(list(makers), wanted):
        data["decisions"][name] = record_decisions(name, makers[name])
        done.append(name)
    for group in _select(groups, wanted):
        data["values"][group] = _part(group).record_guesses(group)
        done.append(f"values of {group}")
    path.write_text(_dump(data), encoding="utf-8")
    return done


def _dump(data: dict[str, Any]) -> str:
    """One line per entry: a re-recording shows in ``git diff`` as the entries that changed."""
    lines = ["{", f'  "format": {json.dumps(FORMAT)},']
    for section in ("decisions", "values"):
        lines.append(f'  "{section}": {{')
        groups = sorted(data[section].items())
        for index, (name, entries) in enumerate(groups):
            lines.append(f"    {json.dumps(name)}: [")
            lines += [f"      {json.dumps(entry)}{',' if i < len(entries) - 1 else ''}" for i, entry in
                      enumerate(entries)]
            lines.append("    ]" + ("," if index < len(groups) - 1 else ""))
        lines.append("  }" + ("," if section == "decisions" else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def check(wanted: Sequence[str] | None, path: Path = FIXTURE) -> list[str]:
    """Every difference from the record, for the set-ups in ``wanted`` (all when empty)."""
    data = load(path)
    _known(wanted, [*data["decisions"], *data["values"]])
    problems = []
    for name in _select(sorted(data["decisions"]), wanted):
        problems += check_decisions(name, data["decisions"][name])
    for group in _select(sorted(data["values"]), wanted):
        problems += check_guesses(group, data["values"][group])
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.same_decisions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", action="store_true", help="record from the code as it stands")
    parser.add_argument("--setups", nargs="+", metavar="NAME",
                        help="only these set-ups, e.g. margherita diavola fredericus/2p (default: all)")
    args = parser.parse_args(argv)
    if args.record:
        for name in record(args.setups):
            print(f"recorded {name}")
        return 0
    problems = check(args.setups)
    for line in problems:
        print(line)
    print("same decisions and values as recorded" if not problems else f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
