"""The route a Mode I drive takes, which the board shows before the player commits (F-5.1 c, F-5.4)."""

from falconi_scenarios import build

from game.falconi.board import close_edge
from game.falconi.city import place_of
from game.falconi.network import drive_route

NORTH, SOUTH = 0, 2
ROAD = {"4,8": "straight r0", "4,7": "straight r0", "4,6": "curve r1"}  # north, then east at 4,6


def place(x: int, y: int, entry: int) -> int:
    return place_of(y * 9 + x, entry)


def test_the_route_follows_the_road_to_the_open_end_it_ends_at():
    state = build("margherita", board=ROAD, cars={0: "5,6 W"})  # he stands at the open end already
    start, goal = place(4, 8, SOUTH), place(5, 6, 3)  # out of the curve eastwards, into 5,6 from the west
    assert drive_route(state, start, goal) == [start, place(4, 7, SOUTH), place(4, 6, SOUTH), goal]


def test_no_route_leads_through_a_bombed_edge_f5_4():
    state = build("margherita", board=ROAD, cars={0: "5,6 W"})  # he stands at the open end already
    close_edge(state, place(4, 7, SOUTH))
    assert drive_route(state, place(4, 8, SOUTH), place(5, 6, 3)) is None


def test_no_route_leads_into_a_tile_without_a_road_on_that_edge_f3_4():
    state = build("margherita", board=ROAD | {"4,7": "straight r1"}, cars={0: "5,6 W"})  # crosswise at 4,7
    assert drive_route(state, place(4, 8, SOUTH), place(5, 6, 3)) is None
    assert drive_route(state, place(4, 8, SOUTH), place(4, 8, SOUTH)) == [place(4, 8, SOUTH)]
