"""The city map (F-1): the shipped Tiled map reads as F-1 says, headless, and broken maps are refused clearly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.errors import MapError
from game.falconi.city import E, N, S, W, place_of
from game.falconi.citymap import DEFAULT_MAP, city_from_tiled, load_city
from game.tiled import load_tiled_map

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_TEXT = DEFAULT_MAP.read_text(encoding="utf-8")

# F-1.3, written out slot by slot; None is the prison piece.
DISTRICTS = {
    "N": ["port"] * 9,
    "W": ["country"] * 6 + ["forest"] * 3,
    "E": ["forest"] * 6 + ["country"] * 3,
    "S": ["country"] * 3 + [None] * 3 + ["forest"] * 3,
}
SPECIAL = {  # slot: (role, partner)
    "S4": ("prison", None),
    "W4": ("station", None),
    "N4": ("station", None),
    "E4": ("station", None),
    "W1": ("tunnel", "E7"),
    "E7": ("tunnel", "W1"),
    "W7": ("tunnel", "E1"),
    "E1": ("tunnel", "W7"),
}


# --- editing the generated map text into broken variants ------------------------------------------------------


def edit_object(text: str, name: str, old: str, new: str) -> str:
    """Replace ``old`` by ``new`` inside the one object called ``name``."""
    match = re.search(rf'  <object id="\d+" name="{name}" .*?</object>\n', text, re.DOTALL)
    assert match and old in match.group(), f"{old!r} not in object {name}"
    return text[: match.start()] + match.group().replace(old, new, 1) + text[match.end() :]


def drop_object(text: str, name: str) -> str:
    return re.sub(rf'  <object id="\d+" name="{name}" .*?</object>\n', "", text, count=1, flags=re.DOTALL)


def replace_once(text: str, old: str, new: str) -> str:
    assert old in text, f"{old!r} not in the map"
    return text.replace(old, new, 1)


def assert_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "falconi_city.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError, match=re.escape(message)):
        load_city(path)


# --- the shipped map is F-1 -----------------------------------------------------------------------------------


def test_f1_1_the_city_is_a_9_by_9_grid():
    city = load_city()
    assert (city.width, city.height, city.cell_count) == (9, 9, 81)


def test_f1_2_the_border_has_36_slots_9_per_side():
    city = load_city()
    assert len(city.slots) == 36
    for side in (N, E, S, W):
        assert sorted(slot.index for slot in city.slots if slot.side == side) == list(range(9))


def test_f1_3_every_slot_has_the_district_of_its_piece():
    city = load_city()
    found = {slot.name: slot.district for slot in city.slots}
    expected = {f"{side}{index}": district for side, row in DISTRICTS.items() for index, district in enumerate(row)}
    assert found == expected


def test_f1_3_special_slots_are_exactly_the_prison_stations_and_tunnels():
    city = load_city()
    found = {slot.name: (slot.role, slot.partner) for slot in city.slots if slot.role != "plain"}
    assert found == SPECIAL


def test_f1_3_the_prison_is_at_s4():
    city = load_city()
    assert city.slots[city.prison].name == "S4"
    assert city.slot_cell(city.slots[city.prison]) == city.cell(4, 8)


def test_f1_3_police_stations_are_country_w4_port_n4_forest_e4():
    city = load_city()
    assert {d: city.slots[city.station(d)].name for d in ("country", "port", "forest")} == {
        "country": "W4",
        "port": "N4",
        "forest": "E4",
    }


def test_f1_3_the_prison_pieces_plain_slots_take_no_escape_tile():
    city = load_city()
    escapes = {city.slots[i].name for d in ("country", "port", "forest") for i in city.escape_slots(d)}
    assert escapes.isdisjoint({"S3", "S4", "S5"})
    assert len(escapes) == 36 - 3 - 3 - 4  # the prison piece, three stations, four tunnel mouths


def test_f1_4_tunnel_leaving_west_enters_from_east():
    city = load_city()
    assert city.links[place_of(city.cell(0, 1), W)] == place_of(city.cell(8, 7), E)


def test_f1_4_tunnel_leaving_east_enters_from_west():
    city = load_city()
    assert city.links[place_of(city.cell(8, 7), E)] == place_of(city.cell(0, 1), W)


def test_f1_4_forest_tunnel_joins_w7_and_e1():
    city = load_city()
    assert city.links[place_of(city.cell(0, 7), W)] == place_of(city.cell(8, 1), E)
    assert city.links[place_of(city.cell(8, 1), E)] == place_of(city.cell(0, 7), W)


def test_f1_5_driving_into_a_station_or_plain_slot_meets_the_border():
    city = load_city()
    assert city.links[place_of(city.cell(4, 0), N)] == -(city.slot_by_name["N4"] + 1)
    assert city.links[place_of(city.cell(3, 0), N)] == -(city.slot_by_name["N3"] + 1)


def test_f1_6_slots_come_from_geometry_so_moving_a_station_in_tiled_moves_it(tmp_path):
    path = tmp_path / "moved.tmx"
    path.write_text(edit_object(SHIPPED_TEXT, "station_port", 'x="328"', 'x="392"'), encoding="utf-8")  # N4 → N5
    city = load_city(path)
    assert city.slots[city.station("port")].name == "N5"


def test_f1_6_a_map_already_parsed_converts_to_the_same_city():
    assert city_from_tiled(load_tiled_map(DEFAULT_MAP)) == load_city()


def test_objects_typed_with_tiled_1_9_class_attribute_read_the_same(tmp_path):
    path = tmp_path / "tiled19.tmx"
    path.write_text(SHIPPED_TEXT.replace(' type="', ' class="'), encoding="utf-8")
    assert load_city(path) == load_city()


def test_load_city_reads_each_file_once():
    assert load_city() is load_city(str(DEFAULT_MAP))


def test_shipped_map_is_what_the_generator_writes(tmp_path):
    output = tmp_path / "generated.tmx"
    subprocess.run([sys.executable, "-m", "tools.make_falconi_map", str(output)], check=True, cwd=ROOT)
    assert output.read_text(encoding="utf-8") == SHIPPED_TEXT


def test_reading_the_city_does_not_import_pygame():
    code = (
        "import sys, game, game.falconi.citymap as citymap\n"
        "citymap.load_city()\n"
        "assert 'pytmx' in sys.modules\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if m.startswith('pygame'))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- broken maps are refused, saying what and where -----------------------------------------------------------


# Broken maps, each refused with a message naming what is wrong (the ruling, where one applies, leads the id).
BROKEN_MAPS = [
    pytest.param("f1_4_tunnel_without_partner",
                 "tunnel_W1 at tile (0,2) has no partner",
                 lambda: edit_object(SHIPPED_TEXT, "tunnel_W1", '<property name="partner" value="tunnel_E7"/>', "")),
    pytest.param("f1_4_tunnel_whose_partner_does_not_lead_back",
                 "tunnel_W1 at tile (0,2) leads to tunnel_E7, but tunnel_E7 leads to tunnel_W7",
                 lambda: edit_object(SHIPPED_TEXT, "tunnel_E7", 'value="tunnel_W1"', 'value="tunnel_W7"')),
    pytest.param("f1_4_tunnel_leading_to_a_missing_object",
                 "tunnel_W1 at tile (0,2) leads to 'tunnel_E9', which is not a building",
                 lambda: edit_object(SHIPPED_TEXT, "tunnel_W1", 'value="tunnel_E7"', 'value="tunnel_E9"')),
    pytest.param("f1_3_two_prisons",
                 "exactly one prison, found 2: prison at tile (5,10); station_port at tile (5,0)",
                 lambda: edit_object(SHIPPED_TEXT, "station_port", 'value="station"', 'value="prison"')),
    pytest.param("f1_3_a_city_without_prison",
                 "exactly one prison, found 0",
                 lambda: drop_object(SHIPPED_TEXT, "prison")),
    pytest.param("f1_3_prison_off_the_prison_piece",
                 "prison piece south_1 at tiles (4,10)–(6,10) does not hold the prison",
                 lambda: edit_object(SHIPPED_TEXT, "prison", 'x="328"', 'x="136"')),  # S1, on the country piece
    pytest.param("f1_3_district_without_police_station",
                 "the forest district needs exactly one",
                 lambda: drop_object(SHIPPED_TEXT, "station_forest")),
    pytest.param("f1_3_station_on_another_districts_piece",
                 "station_port at tile (5,0) belongs to the forest district but stands on north_1",
                 lambda: edit_object(SHIPPED_TEXT, "station_port", 'value="port"', 'value="forest"')),
    pytest.param("f1_2_station_on_a_corner",
                 "station_port at tile (0,0) is on a corner and touches no cell",
                 lambda: edit_object(SHIPPED_TEXT, "station_port", 'x="328"', 'x="8"')),
    pytest.param("f1_2_building_inside_the_grid",
                 "station_port at tile (5,5) is inside the grid",
                 lambda: edit_object(SHIPPED_TEXT, "station_port", 'y="8"', 'y="328"')),
    pytest.param("building_outside_the_map",
                 "station_port at tile (5,-2) lies outside the 11×11 map",
                 lambda: edit_object(SHIPPED_TEXT, "station_port", 'y="8"', 'y="-120"')),
    pytest.param("two_buildings_on_one_slot",
                 "station_country and tunnel_W1 at tile (0,5) stand on the same slot W4",
                 lambda: edit_object(SHIPPED_TEXT, "tunnel_W1", 'y="136"', 'y="328"')),
    pytest.param("building_with_unknown_role",
                 "tunnel_W1 at tile (0,2) has role 'garage'",
                 lambda: edit_object(SHIPPED_TEXT, "tunnel_W1", 'value="tunnel"', 'value="garage"')),
    pytest.param("two_buildings_with_one_name",
                 "two buildings are named tunnel_W1",
                 lambda: replace_once(SHIPPED_TEXT, 'name="tunnel_W7"', 'name="tunnel_W1"')),
    pytest.param("f1_3_unknown_district",
                 "border piece north_0 at tiles (1,0)–(3,0) has an unknown district 'harbour'",
                 lambda: edit_object(SHIPPED_TEXT, "north_0", 'value="port"', 'value="harbour"')),
    pytest.param("f1_3_only_the_prison_piece_has_no_district",
                 "border piece north_0 at tiles (1,0)–(3,0): the prison piece, and only it,",
                 lambda: edit_object(SHIPPED_TEXT, "north_0", 'value="port"', 'value=""')),
    pytest.param("f1_2_overlapping_border_pieces",
                 "slot N2 at tile (3,0) is covered by 2 border pieces (north_0, north_1)",
                 lambda: edit_object(SHIPPED_TEXT, "north_1", 'x="256"', 'x="192"')),
    pytest.param("f1_2_slot_covered_by_no_piece",
                 "slot N6 at tile (7,0) is covered by no border piece",
                 lambda: drop_object(SHIPPED_TEXT, "north_2")),
    pytest.param("f1_2_border_piece_of_two_slots",
                 "border piece north_2 at tiles (7,0)–(8,0) covers 2 slots, not 3",
                 lambda: edit_object(SHIPPED_TEXT, "north_2", 'width="192"', 'width="128"')),
    pytest.param("f1_2_border_piece_over_a_corner",
                 "north_0 at tiles (0,0)–(2,0) reaches tile (0,0), which is on a corner",
                 lambda: edit_object(SHIPPED_TEXT, "north_0", 'x="64"', 'x="0"')),
    pytest.param("map_without_buildings_layer",
                 "the map has no layer 'buildings'",
                 lambda: replace_once(SHIPPED_TEXT, 'name="buildings"', 'name="houses"')),
    pytest.param("f1_1_map_of_the_wrong_size",
                 "the map is 12×11 tiles; it must be the grid plus a one-tile border",
                 lambda: replace_once(SHIPPED_TEXT, 'width="11" height="11" tilewidth',
                                      'width="12" height="11" tilewidth')),
    pytest.param("ground_layer_smaller_than_the_map",
                 "layer 'ground' is 10×11 tiles but the map is 11×11",
                 lambda: replace_once(SHIPPED_TEXT, 'name="ground" width="11"', 'name="ground" width="10"')),
    pytest.param("truncated_map_file",
                 "not a readable Tiled map (XML error",
                 lambda: SHIPPED_TEXT[: len(SHIPPED_TEXT) // 2]),
    pytest.param("map_flagged_infinite_without_chunks",
                 "the map is infinite",
                 lambda: replace_once(SHIPPED_TEXT, 'infinite="0"', 'infinite="1"')),
    pytest.param("f1_3_tunnel_on_the_prison_piece",  # S3, beside the prison
                 "the tunnel at S3 needs a district",
                 lambda: edit_object(SHIPPED_TEXT, "tunnel_W1", 'x="8" y="136"', 'x="264" y="648"')),
]


@pytest.mark.parametrize("case, message, broken", BROKEN_MAPS, ids=[str(param.values[0]) for param in BROKEN_MAPS])
def test_a_broken_map_is_refused_saying_what_is_wrong(tmp_path, case, message, broken):
    assert_refused(tmp_path, broken(), message)


def test_f1_4_tunnel_joining_two_districts_is_refused(tmp_path):
    pairs = {"tunnel_W1": "tunnel_E1", "tunnel_E1": "tunnel_W1", "tunnel_W7": "tunnel_E7", "tunnel_E7": "tunnel_W7"}
    text = SHIPPED_TEXT
    for name, partner in pairs.items():
        old = re.search(rf'name="{name}" .*?name="partner" value="(\w+)"', text, re.DOTALL).group(1)
        text = edit_object(text, name, f'value="{old}"', f'value="{partner}"')
    assert_refused(tmp_path, text, "joins different districts")


def test_missing_map_file_is_refused(tmp_path):
    with pytest.raises(MapError, match="map file not found"):
        load_city(tmp_path / "nowhere.tmx")


def test_infinite_map_is_refused(tmp_path):
    text = replace_once(SHIPPED_TEXT, 'infinite="0"', 'infinite="1"')
    chunk = '<chunk x="0" y="0" width="11" height="11">'
    text = replace_once(text, '<data encoding="csv">', f'<data encoding="csv">\n{chunk}')
    text = replace_once(text, "</data>", "</chunk>\n</data>")
    assert_refused(tmp_path, text, "the map is infinite")


def test_xml_encoded_tile_layer_is_refused(tmp_path):
    xml_data = "<data>" + '<tile gid="1"/>' * 121 + "</data>"
    text = re.sub(r'<data encoding="csv">.*?</data>', xml_data, SHIPPED_TEXT, count=1, flags=re.DOTALL)
    assert_refused(tmp_path, text, "XML tile elements are no longer supported")

