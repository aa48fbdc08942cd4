"""Nothing outside ``game/falconi/`` decodes a Falconi place or tile code by its bits: places and tile codes are
packed ints inside the rules core (fast to index tables with), and everyone else asks the core's named accessors
(``Place.cell`` and ``.edge``, ``cell_of``, ``edge_of``, ``place_of``, ``same_cell``, ``Action.place``,
``FalconiState.car_at``; ``kind_of``, ``rotation_of`` and ``tile_code`` for tiles), so the packing can change
in one package. Fredericus has its own boards and is not scanned."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("scenes", "devtools", "tests", "tools", "cli.py", "main.py")
# a shift by two (cell of a place, kind of a tile), a mask of the two low bits (its edge, its rotation), or the
# packing itself (cell * 4 + edge, kind * 4 + rotation; not a tuple repeated four times and joined to another)
BITS = re.compile(r">>\s*2\b|<<\s*2\b|&\s*~?\s*3\b|\*\s*4\s*\+(?!\s*[(\[\"'])|divmod\([^)]*,\s*4\s*\)")


def decoders(source: str, name: str) -> list[str]:
    return [f"{name}:{number}: {line.strip()}" for number, line in enumerate(source.splitlines(), 1)
            if BITS.search(line)]


def scanned_files() -> list[Path]:
    found: list[Path] = []
    for name in SCANNED:
        where = ROOT / name
        found += [where] if where.is_file() else sorted(where.rglob("*.py"))
    return [path for path in found if "fredericus" not in path.name and "fredericus" not in path.parts
            and path != Path(__file__).resolve()]


def test_the_scan_catches_every_way_of_decoding_bits():
    probe = ("cell = place >> 2\nedge = place & 3\nbase = place & ~3\nplace = cell * 4 + edge\n"
             "code = kind << 2 | rotation\nkind, rotation = divmod(code, 4)\n")
    assert len(decoders(probe, "probe.py")) == 6
    harmless = ('turned = (edge + 2) % 4\nmix = ("easy",) * 5 + ("normal",) * 4 + ("hard",)\n'
                "cell, edge = place.cell, place.edge\nsize = width // 4\n")
    assert decoders(harmless, "probe.py") == []


def test_nothing_outside_the_falconi_core_decodes_bits():
    found = [line for path in scanned_files()
             for line in decoders(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, "ask game.falconi's named accessors (Place, cell_of, kind_of …) instead:\n" + "\n".join(found)
