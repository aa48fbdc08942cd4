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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.protocol import GameState
from game.core.view import SeatView

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "data" / "same_decisions.json"
FORMAT = "same-decisions"

# Positions per set-up: (label, seed, at least this many random actions, who must decide). The seat rules:
# "any" (any seat, at a decision with a choice), "fugitive"/"police" (Falconi) and "boosting" (Diavola: Don
# Falconi still holding his accomplice and a boost). A game that ends first gives way to the next seed's.
FALCONI_PICKS = (("opening", 1, 0, "any"), ("fugitive", 1, 5, "fugitive"), ("police", 3, 6, "police"),
                 ("later", 6, 20, "any"), ("fugitive-later", 2, 25, "fugitive"), ("police-later", 5, 30, "police"))
DIAVOLA_PICKS = FALCONI_PICKS + (("boosting", 5, 12, "boosting"),)
FREDERICUS_PICKS = (("opening", 1, 0, "any"), ("early", 2, 7, "any"), ("middle", 3, 30, "any"))
VALUE_POSITIONS = 150  # per Falconi variant
VALUE_EVERY = 3  # every third position of a random game, so that the positions of many games are met


@dataclass(frozen=True)
class Position:
    """A position reached by ``actions`` random legal actions (``random.Random(seed).choice``) from the deal
    of ``seed``."""

    label: str
    seed: int
    actions: int
    state: GameState


def setup_makers() -> dict[str, Callable[[int], GameState]]:
    """Every set-up of ``bench ai``, by name (``falconi/margherita``, ``fredericus/2p``…)."""
    from devtools.bench_ai import game_setups

    return {setup.name: setup.new_game for setup in game_setups()}


def _picks(name: str) -> tuple[tuple[str, int, int, str], ...]:
    if name == "falconi/diavola":
        return DIAVOLA_PICKS
    return FALCONI_PICKS if name.startswith("falconi/") else FREDERICUS_PICKS


def _wanted(state: GameState, rule: str) -> bool:
    from game.falconi.constants import FUGITIVE

    seat = state.current_seat
    if rule == "fugitive":
        return seat == FUGITIVE
    if rule == "police":
        return seat != FUGITIVE
    if rule == "boosting":
        return seat == FUGITIVE and getattr(state, "accomplice", -1) >= 0 and getattr(state, "boosts", 0) > 0
    return True


def positions(name: str, new_game: Callable[[int], GameState]) -> list[Position]:
    """The fixed positions of set-up ``name``: each the first of its seed's random game, after its least
    number of actions, where the wanted seat decides among more than one action."""
    return [_position(name, new_game, *pick) for pick in _picks(name)]


def _position(name: str, new_game: Callable[[int], GameState], label: str, seed: int, least: int,
              rule: str) -> Position:
    for tried in range(seed, seed + 20):
        state, rng, played = new_game(tried), random.Random(tried), 0
        while not state.is_terminal():
            if played >= least and len(state.legal_actions()) > 1 and _wanted(state, rule):
                return Position(label, tried, played, state)
            state.apply(rng.choice(state.legal_actions()))
            played += 1
    raise RuntimeError(f"{name}: no {label} position in the games of seeds {seed} to {seed + 19}")


def replay(new_game: Callable[[int], GameState], seed: int, actions: int) -> GameState:
    """The position ``actions`` random actions into the game of ``seed`` (as :func:`positions` reached it)."""
    state, rng = new_game(seed), random.Random(seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


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


def value_positions(variant: str) -> Iterator[tuple[int, int, GameState]]:
    """(seed, actions, position): every :data:`VALUE_EVERY`-th unfinished position of random games of
    ``variant`` (all three police cars), game after game, :data:`VALUE_POSITIONS` in all."""
    from game.falconi.constants import POLICE
    from game.falconi.state import FalconiState

    given = 0
    seed = 0
    while True:
        seed += 1
        state, rng, played = FalconiState.new_game(variant, seed, POLICE), random.Random(seed), 0
        while not state.is_terminal():
            if played % VALUE_EVERY == 0:
                yield seed, played, state
                given += 1
                if given == VALUE_POSITIONS:
                    return
            state.apply(rng.choice(state.legal_actions()))
            played += 1


def value_figures(state: Any, memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The value guess of ``state`` and, in Mode II, the distances and ways on behind it (``memo`` as the
    search's remembering guess uses it)."""
    from game.falconi import heuristics
    from game.falconi.constants import ACTIVE

    figures: dict[str, Any] = {"values": heuristics.values(state, memo)}
    if state.variant.mode == 2:
        figures["chase"] = heuristics.chase_distances(state, memo)
        figures["escape"] = heuristics.escape_distance(state, memo)
        figures["ways"] = [heuristics.ways_on(state, seat, 8, memo) if state.status[seat] == ACTIVE else None
                           for seat in range(4)]
    return figures


def record_values(variant: str) -> list[dict[str, Any]]:
    return [{"seed": seed, "actions": actions} | value_figures(state)
            for seed, actions, state in value_positions(variant)]


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


def check_values(variant: str, entries: Sequence[dict[str, Any]]) -> list[str]:
    """What differs from the recorded value figures of ``variant``, computed both alone and with one memory
    shared by all the positions, as a search shares it."""
    memo: dict[Any, Any] = {}
    problems = []
    for entry, (seed, actions, state) in zip(entries, value_positions(variant), strict=True):
        where = f"falconi/{variant} values at seed {seed}, {actions} actions"
        if (seed, actions) != (entry["seed"], entry["actions"]):
            problems.append(f"{where}: recorded for seed {entry['seed']}, {entry['actions']} actions: re-record")
            continue
        recorded = {key: value for key, value in entry.items() if key not in ("seed", "actions")}
        for how, found in (("alone", value_figures(state)), ("remembering", value_figures(state, memo))):
            if found != recorded:
                problems.append(f"{where} ({how}): {found} instead of {recorded}")
    return problems


def _select(names: Sequence[str], wanted: Sequence[str] | None) -> list[str]:
    if not wanted:
        return list(names)
    return [name for name in names if name in wanted or name.split("/")[-1] in wanted]


def load(path: Path = FIXTURE) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} record")
    return data


def record(wanted: Sequence[str] | None, path: Path = FIXTURE) -> list[str]:
    """Record the set-ups in ``wanted`` (all when empty) into ``path``, keeping the others; returns their names."""
    from game.falconi.variants import VARIANTS

    data: dict[str, Any] = load(path) if path.exists() else {"format": FORMAT, "decisions": {}, "values": {}}
    makers = setup_makers()
    unknown = set(wanted or ()) - set(makers) - {name.split("/")[-1] for name in makers}
    if unknown:
        raise ValueError(f"no set-up called {', '.join(sorted(unknown))}; choose from {', '.join(makers)}")
    done = []
    for name in _select(list(makers), wanted):
        data["decisions"][name] = record_decisions(name, makers[name])
        done.append(name)
    for variant in _select(list(VARIANTS), wanted):
        data["values"][variant] = record_values(variant)
        done.append(f"values of {variant}")
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
    problems = []
    for name in _select(sorted(data["decisions"]), wanted):
        problems += check_decisions(name, data["decisions"][name])
    for variant in _select(sorted(data["values"]), wanted):
        problems += check_values(variant, data["values"][variant])
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
