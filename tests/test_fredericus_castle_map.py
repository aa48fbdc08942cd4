"""The castle map (R-1.1): the shipped map loads headless into a sound layout, and broken maps are refused."""

from __future__ import annotations

import dataclasses
import math
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.core.errors import MapError
from game.fredericus.castle import CastleLayout, Spot
from game.fredericus.castlemap import load_castle
from game.tiled import load_tiled_map

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "assets" / "maps" / "fredericus_castle.tmx"
MAP_SIZE = 640  # pixels: 20 tiles of 32


def angle(layout: CastleLayout, x: float, y: float) -> float:
    return math.atan2(y - layout.centre[1], x - layout.centre[0])


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


# --- the shipped map ---------------------------------------------------------------------------------------


def test_generator_writes_the_shipped_map_byte_for_byte(tmp_path: Path) -> None:
    output = tmp_path / "castle.tmx"
    subprocess.run([sys.executable, "-m", "tools.make_castle_map", str(output)], check=True, cwd=REPO)
    assert output.read_bytes() == SHIPPED.read_bytes()


def test_shipped_map_is_a_finite_orthogonal_map_with_a_csv_ground_layer() -> None:
    tiled_map = load_tiled_map(SHIPPED)
    assert (tiled_map.orientation, tiled_map.infinite) == ("orthogonal", "0")
    assert (tiled_map.width, tiled_map.height, tiled_map.tilewidth) == (20, 20, 32)
    assert tiled_map.get_layer_by_name("ground").data[0][0] > 0
    assert '<data encoding="csv">' in SHIPPED.read_text(encoding="utf-8")


def test_shipped_castle_has_eight_towers_numbered_clockwise() -> None:
    castle = load_castle()
    assert castle.tower_count == 8
    assert [tower.number for tower in castle.towers] == list(range(8))
    # on screen (y down) a clockwise turn from one tower to the next is +45°
    for p in range(8):
        a, b = castle.towers[p], castle.towers[(p + 1) % 8]
        turn = math.degrees(angle(castle, b.x, b.y) - angle(castle, a.x, a.y)) % 360
        assert turn == pytest.approx(45, abs=0.5)
    assert castle.towers[0].y < castle.centre[1]  # tower 0 stands north of the courtyard


def test_shipped_rows_start_outside_their_tower_and_grow_outward() -> None:
    castle = load_castle()
    cx, cy = castle.centre
    for tower, row in zip(castle.towers, castle.rows, strict=True):
        assert math.dist((row.x, row.y), castle.centre) > math.dist((tower.x, tower.y), castle.centre)
        assert (row.x - cx) * row.dx + (row.y - cy) * row.dy > 0
        assert max(abs(row.dx), abs(row.dy)) == 1


def test_shipped_posts_and_segments_lie_on_their_towers_side() -> None:
    castle = load_castle()
    for places in (castle.posts, castle.segments):
        assert [place.number for place in places] == list(range(8))
        for tower, place in zip(castle.towers, places, strict=True):
            assert angle(castle, place.x, place.y) == pytest.approx(angle(castle, tower.x, tower.y), abs=0.01)
    assert castle.centre == (MAP_SIZE / 2, MAP_SIZE / 2)


def test_load_castle_reads_the_map_once() -> None:
    assert load_castle() is load_castle()


def test_loading_the_castle_does_not_import_pygame() -> None:
    code = "import sys, game.fredericus.castlemap as m; m.load_castle(); assert 'pygame' not in sys.modules"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_map_saved_by_tiled_1_9_with_class_instead_of_type_loads_the_same(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    text, count = re.subn(r' type="(tower|post|row|segment|centre)"', r' class="\1"', text)
    assert count == 33
    path = tmp_path / "castle.tmx"
    path.write_text(text, encoding="utf-8")
    assert load_castle(path) == load_castle()


def test_object_layer_offset_moves_its_places(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    path = tmp_path / "castle.tmx"
    path.write_text(replace_once(text, 'name="towers">', 'name="towers" offsetx="4" offsety="-2">'), encoding="utf-8")
    moved, shipped = load_castle(path).towers[3], load_castle().towers[3]
    assert (moved.x, moved.y) == (shipped.x + 4, shipped.y - 2)


# --- broken maps, made by editing the shipped text ------------------------------------------------------------


def object_block(text: str, name: str) -> str:
    blocks = re.findall(rf'  <object id="\d+" name="{name}".*?</object>\n', text, flags=re.DOTALL)
    assert len(blocks) == 1, name
    return blocks[0]


def edit_object(text: str, name: str, old: str, new: str) -> str:
    block = object_block(text, name)
    return replace_once(text, block, replace_once(block, old, new))


def remove_object(text: str, name: str) -> str:
    return replace_once(text, object_block(text, name), "")


def layer_block(text: str, name: str) -> str:
    blocks = re.findall(rf' <objectgroup id="\d+" name="{name}">.*?</objectgroup>\n', text, flags=re.DOTALL)
    assert len(blocks) == 1, name
    return blocks[0]


def mirror_towers(text: str) -> str:
    """Reflect the towers left to right, which numbers them counter-clockwise."""
    block = layer_block(text, "towers")
    mirrored = re.sub(r'\bx="([\d.]+)"', lambda m: f'x="{MAP_SIZE - float(m.group(1)):g}"', block)
    return replace_once(text, block, mirrored)


def second_centre(text: str) -> str:
    block = object_block(text, "centre")
    return replace_once(text, block, block + block.replace('id="33"', 'id="34"'))


def csv_data(text: str) -> str:
    return re.search(r'  <data encoding="csv">.*?</data>', text, flags=re.DOTALL).group(0)  # type: ignore[union-attr]


def infinite_with_chunks(text: str) -> str:
    text = replace_once(text, 'infinite="0"', 'infinite="1"')
    chunk = '  <data encoding="csv">\n   <chunk x="0" y="0" width="16" height="16">\n' + ",".join(["1"] * 256)
    return replace_once(text, csv_data(text), chunk + "\n   </chunk>\n  </data>")


def xml_encoded(text: str) -> str:
    return replace_once(text, csv_data(text), "  <data>\n" + '   <tile gid="1"/>\n' * 400 + "  </data>")


BROKEN: dict[str, tuple[Callable[[str], str], str]] = {
    "missing tower": (lambda t: remove_object(t, "tower 5"), r"tower 5 missing"),
    "tower numbered beyond 7": (
        lambda t: edit_object(t, "tower 7", 'value="7"', 'value="8"'),
        r"tower 8 \(object 8 'tower 7'\) is not numbered 0\.\.7",
    ),
    "duplicate post number": (
        lambda t: edit_object(t, "post 3", 'value="3"', 'value="2"'),
        r"post 2 appears 2 times \(object 11 'post 2', object 12 'post 3'\)",
    ),
    "posts swapped": (
        lambda t: edit_object(edit_object(t, "post 1", 'value="1"', 'value="2"'), "post 2", 'value="2"', 'value="1"'),
        r"post 1 \(object 11 'post 2'\) lies by tower 2, not by tower 1",
    ),
    "row growing inward": (
        lambda t: edit_object(t, "row 2", 'name="dx" type="int" value="1"', 'name="dx" type="int" value="-1"'),
        r"row 2 \(object 19 'row 2'\) grows inward, towards the courtyard centre",
    ),
    "row without direction": (
        lambda t: edit_object(t, "row 0", 'name="dy" type="int" value="-1"', 'name="dy" type="int" value="0"'),
        r"row 0 \(object 17 'row 0'\) has no direction",
    ),
    "row direction not a unit step": (
        lambda t: edit_object(t, "row 2", 'name="dx" type="int" value="1"', 'name="dx" type="int" value="2"'),
        r"row 2 \(object 19 'row 2'\) has direction \(2, 0\), not a unit step",
    ),
    "row without dy": (
        lambda t: edit_object(t, "row 4", '    <property name="dy" type="int" value="1"/>\n', ""),
        r"rows: object 21 'row 4' has no int property 'dy'",
    ),
    "property of the wrong type": (
        lambda t: edit_object(t, "tower 3", 'type="int" value="3"', 'value="3"'),
        r"towers: object 4 'tower 3' property 'tower' must be an int, not '3' \(str\)",
    ),
    "no centre": (lambda t: remove_object(t, "centre"), r"courtyard: 0 centres found; .* exactly one centre"),
    "two centres": (second_centre, r"courtyard: 2 centres found \(object 33 'centre', object 34 'centre'\)"),
    "courtyard object of unknown class": (
        lambda t: edit_object(t, "centre", 'type="centre"', 'type="fountain"'),
        r"courtyard: object 33 'centre' has class 'fountain'",
    ),
    "towers counter-clockwise": (mirror_towers, r"towers are numbered counter-clockwise"),
    "missing layer": (lambda t: replace_once(t, layer_block(t, "posts"), ""), r"no object layer 'posts'"),
    "tile layer where an object layer belongs": (
        lambda t: replace_once(replace_once(t, layer_block(t, "posts"), ""), 'name="ground"', 'name="posts"'),
        r"layer 'posts' must be an object layer",
    ),
    "isometric map": (
        lambda t: replace_once(t, 'orientation="orthogonal"', 'orientation="isometric"'),
        r"must be orthogonal, not isometric",
    ),
    "truncated file": (lambda t: t[: len(t) // 2], r"not a readable Tiled map \(XML error"),
    "infinite map": (infinite_with_chunks, r"the map is infinite"),
    "infinite flag without chunks": (lambda t: replace_once(t, 'infinite="0"', 'infinite="1"'), r"the map is infinite"),
    "XML-encoded layer": (xml_encoded, r"XML tile elements are no longer supported"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_broken_map_is_refused_naming_the_problem(case: str, tmp_path: Path) -> None:
    edit, message = BROKEN[case]
    path = tmp_path / "castle.tmx"
    path.write_text(edit(SHIPPED.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(MapError, match=r"^castle\.tmx: .*" + message):
        load_castle(path)


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="map file not found: .*nowhere.tmx"):
        load_castle(tmp_path / "nowhere.tmx")


# --- the layout checks itself, whoever builds it --------------------------------------------------------------


def test_layout_wants_places_listed_by_number() -> None:
    castle = load_castle()
    with pytest.raises(MapError, match="towers must be listed in number order"):
        dataclasses.replace(castle, towers=castle.towers[1:] + castle.towers[:1])


def test_layout_refuses_a_tower_on_the_centre() -> None:
    castle = load_castle()
    towers = (Spot(0, *castle.centre),) + castle.towers[1:]
    with pytest.raises(MapError, match="tower 0 stands on the courtyard centre"):
        dataclasses.replace(castle, towers=towers)


def test_layout_refuses_a_place_outside_the_map() -> None:
    castle = load_castle()
    segments = castle.segments[:7] + (Spot(7, -5.0, 10.0, source="object 99"),)
    with pytest.raises(MapError, match=r"segment 7 \(object 99\) at \(-5.0, 10.0\) lies outside the map"):
        dataclasses.replace(castle, segments=segments)


def test_layout_refuses_towers_that_go_round_twice() -> None:
    castle = load_castle()
    towers = tuple(Spot(p, castle.towers[2 * p % 8].x, castle.towers[2 * p % 8].y) for p in range(8))
    with pytest.raises(MapError, match="go round the centre 2 times"):
        dataclasses.replace(castle, towers=towers)
