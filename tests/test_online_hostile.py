"""Issue 50: the table server's handler against a hostile client, without sockets. Nobody sits where they do
not belong (an AI's seat stays the AI's, an away person's seat is theirs to take back), every answer fits a
frame, every action text gets an answer, guesses and tables are counted per address, and names cannot pass for
one another. ``tests/test_online_hostile_host.py`` tries the same on a real host process."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online_harness import Harness, match_of, open_table

from game.core.text import person_name
from game.online.chairs import StandIn
from game.online.guesses import FIRST_WAIT, FORGET_AFTER, FREE_GUESSES
from game.online.lobby import TABLES_PER_ADDRESS, TABLES_PER_LINK
from game.online.protocol import MOST_NAME, MOST_SERVER_BYTES, MOST_TABLES_PAGE, TABLES_PAGE

DIAVOLA = ("falconi", {"variant": "diavola"})
FREDERICUS = ("fredericus", {"short_game": True})
LONGEST_NAME = "\U0001f985" * MOST_NAME  # 24 eagles: twelve bytes each as the server writes JSON


def diavola_with_an_ai_don(harness: Harness) -> str:
    """The issue's table: Don Falconi an AI, three people in the police cars, started."""
    for link, name in ((1, "Ann"), (2, "Bob"), (3, "Cid")):
        harness.connect(link, name)
    return open_table(harness, *DIAVOLA, ["ai", "open", "open", "open"], [1, 2, 3])


def create(harness: Harness, link: int, game: tuple[str, dict], kinds: list[str], **extra: object) -> dict:
    seats = [{"kind": kind, "level": "easy"} if kind == "ai" else {"kind": kind} for kind in kinds]
    return harness.send(link, verb="create", game=game[0], options=game[1], seats=seats,
                        **{"away_ai": None, **extra})[0]


def until_seat_decides(harness: Harness, table: str, seat: int) -> None:
    """Every seat plays its first legal action (the AI's through the harness) until ``seat`` decides."""
    match = match_of(harness, table)
    for _ in range(500):
        if match.state.current_seat == seat:
            return
        chair = harness.lobby.tables[table].chairs[match.state.current_seat]
        if chair.player_link is None:
            harness.run_ai()
            continue
        update = harness.last(chair.player_link, "update")
        harness.now += 0.1
        harness.send(chair.player_link, verb="act", table=table, action=update["legal"][0], moment=update["moment"])
    raise AssertionError(f"seat {seat} never came to decide")


# --- seats ----------------------------------------------------------------------------------------------------
def test_an_ai_s_seat_cannot_be_joined_after_the_start_by_a_spectator_or_a_second_connection() -> None:
    """Issue 50, case 1: a fourth connection asked for Don Falconi's AI seat and read his secrets."""
    harness = Harness()
    table = diavola_with_an_ai_don(harness)
    harness.connect(4, "Eve")
    harness.send(4, verb="watch", table=table)
    harness.connect(5, "Bob")  # Bob's second connection
    for link in (4, 5):
        before = harness.lobby.snapshot()
        answer = harness.send(link, verb="join", table=table, seat=0)
        assert [message["code"] for message in answer] == ["started"]
        assert harness.lobby.snapshot() == before
    assert all(update["seat"] is None for update in harness.inbox[4] if update["verb"] == "update")
    assert not any(message["verb"] == "joined" for link in (4, 5) for message in harness.inbox[link])


@pytest.mark.parametrize("kinds", [["open", "ai", "ai"], ["open", "open", "open"]], ids=["ai", "left-open"])
def test_a_fredericus_ai_falconer_s_seat_cannot_be_joined_after_the_start(kinds: list[str]) -> None:
    """The same of a Fredericus AI falconer (its objectives), whether chosen for the AI or left open at the start."""
    harness = Harness()
    harness.connect(1, "Ann")
    table = open_table(harness, *FREDERICUS, kinds, [1])
    harness.connect(2, "Eve")
    assert harness.send(2, verb="join", table=table, seat=2)[0]["code"] == "started"


def test_the_host_opens_an_ai_s_seat_to_a_person_who_then_plays_it_under_their_own_name() -> None:
    """Issue 50: an AI's seat is opened to a person by the host alone, with a verb of its own."""
    harness = Harness()
    table = diavola_with_an_ai_don(harness)
    harness.connect(4, "Eve")
    assert harness.send(2, verb="open_seat", table=table, seat=0)[0]["code"] == "not_host"
    assert harness.send(1, verb="open_seat", table=table, seat=1)[0]["code"] == "seat_taken"  # Ann's own
    harness.send(1, verb="open_seat", table=table, seat=0)
    assert harness.last(4, "table")["seats"][0]["kind"] == "open"
    assert harness.lobby.tables[table].stood_in(0, harness.now)  # the AI plays it until somebody sits down
    answer = harness.send(4, verb="join", table=table, seat=0)
    assert answer[0]["verb"] == "joined" and answer[0]["seat"] == 0
    setup = match_of(harness, table).setup
    assert setup.seats[0].kind == "person" and setup.people[setup.seats[0].person].name == "Eve"
    until_seat_decides(harness, table, 0)
    assert harness.lobby.ai_turns(harness.now) == []
    assert harness.last(4, "update")["legal"]


def test_the_host_may_open_an_ai_s_seat_before_the_start_too() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    create(harness, 1, FREDERICUS, ["open", "ai"])
    harness.send(1, verb="open_seat", table="t1", seat=1)
    assert harness.last(1, "table")["seats"][1] == {"kind": "open", "name": "", "level": "", "stand_in": "",
                                                    "connected": False, "away": False}


def away_person_at_fredericus(harness: Harness, stand_ins: bool, wait: float | None) -> tuple[str, str]:
    """Ann hosts, Bob plays seat 1 and drops; the table and Bob's token."""
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    create(harness, 1, FREDERICUS, ["open", "open", "ai"], away_ai=wait, stand_ins=stand_ins)
    table = harness.last(1, "table")["id"]
    harness.send(1, verb="join", table=table, seat=0)
    token = harness.send(2, verb="join", table=table, seat=1)[0]["token"]
    harness.send(1, verb="start", table=table)
    harness.drop(2)
    return table, token


def test_an_away_person_s_seat_is_theirs_alone_where_the_host_lets_nobody_stand_in() -> None:
    harness = Harness()
    table, _token = away_person_at_fredericus(harness, stand_ins=False, wait=5)
    harness.now += 60
    harness.connect(3, "Eve")
    assert harness.send(3, verb="join", table=table, seat=1)[0]["code"] == "seat_taken"


def test_a_stand_in_waits_for_the_host_s_wait_then_plays_until_the_person_is_back() -> None:
    """Issue 50: a stand-in takes an away seat only past the wait; its person, back with their token, always
    gets it back, and the stand-in is told and watches from then on."""
    harness = Harness()
    table, token = away_person_at_fredericus(harness, stand_ins=True, wait=30)
    harness.connect(3, "Eve")
    harness.now += 10
    assert harness.send(3, verb="join", table=table, seat=1)[0]["code"] == "seat_taken"
    harness.now += 30
    assert harness.send(3, verb="join", table=table, seat=1)[0]["verb"] == "joined"
    assert harness.last(1, "table")["seats"][1]["stand_in"] == "Eve"
    until_seat_decides(harness, table, 1)
    assert harness.last(3, "update")["legal"] and harness.lobby.ai_turns(harness.now) == []
    harness.connect(4, "Bob")
    answer = harness.send(4, verb="resume", token=token)
    assert answer[0]["verb"] == "joined" and answer[0]["seat"] == 1
    assert harness.last(3, "unseated") == {"verb": "unseated", "table": table, "seat": 1, "name": "Bob"}
    assert harness.last(3, "update")["seat"] is None and harness.last(4, "update")["legal"]
    moment = harness.last(3, "update")["moment"]
    refused = harness.send(3, verb="act", table=table, action="end", moment=moment)
    assert refused[0]["code"] == "not_your_turn"


def test_a_wait_set_to_nothing_mid_game_never_spends_the_away_person_s_token() -> None:
    """Issue 50: a host who set the away wait to 0 mid-game let anyone take a dropped seat, and its person's
    token stopped working for good."""
    harness = Harness()
    table, token = away_person_at_fredericus(harness, stand_ins=True, wait=None)
    harness.send(1, verb="away_ai", table=table, seconds=0)
    harness.connect(3, "Eve")
    assert harness.send(3, verb="join", table=table, seat=1)[0]["verb"] == "joined"
    harness.connect(4, "Bob")
    assert harness.send(4, verb="resume", token=token)[0]["verb"] == "joined"


def test_a_stand_in_who_drops_comes_back_with_their_own_token_while_the_person_is_away() -> None:
    harness = Harness()
    table, _token = away_person_at_fredericus(harness, stand_ins=True, wait=0)
    harness.connect(3, "Eve")
    eve = harness.send(3, verb="join", table=table, seat=1)[0]["token"]
    harness.drop(3)
    harness.connect(5, "Eve")
    answer = harness.send(5, verb="resume", token=eve)
    assert answer[0]["verb"] == "joined" and answer[0]["seat"] == 1


def test_a_stand_in_who_leaves_gives_the_seat_back_to_its_waiting() -> None:
    harness = Harness()
    table, _token = away_person_at_fredericus(harness, stand_ins=True, wait=0)
    harness.connect(3, "Eve")
    harness.send(3, verb="join", table=table, seat=1)
    harness.send(3, verb="leave", table=table)
    assert harness.lobby.tables[table].chairs[1].stand_in is None
    assert harness.lobby.tables[table].chairs[1].name == "Bob"


# --- names ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "kept"), [
    ("Ann\u202e", "Ann"),  # a right-to-left override
    ("A\u200bnn", "Ann"),  # a zero-width space
    ("\u2066Ann\u2069", "Ann"),  # an isolate
    ("Ann\u3164", "Ann"),  # a Hangul filler, which draws as nothing
    ("Zoe\u0308", "Zoë"),  # composed
    ("Max" + "\u0301" * 9, "Max\u0301\u0301"),  # a pile of accents climbs over the next line
])
def test_a_name_is_composed_and_stripped_of_what_would_let_it_pass_for_another(typed: str, kept: str) -> None:
    """Issue 50: names are normalised (NFC) and stripped of bidi controls and zero-width characters."""
    harness = Harness()
    harness.connect(1, typed)
    assert harness.lobby.clients[1].name == kept == person_name(typed, MOST_NAME)


def test_two_people_of_one_name_at_a_table_are_told_apart() -> None:
    """Issue 50: names are unique within a table ("Ann", "Ann (2)")."""
    harness = Harness()
    for link, name in ((1, "Ann"), (2, "ann"), (3, "A\u200bnn"), (4, "x" * MOST_NAME), (5, "x" * MOST_NAME)):
        harness.connect(link, name)
    create(harness, 1, DIAVOLA, ["open"] * 4)
    for link, seat in ((1, 0), (2, 1), (3, 2)):
        harness.send(link, verb="join", table="t1", seat=seat)
    assert [seat["name"] for seat in harness.last(1, "table")["seats"][:3]] == ["Ann", "ann (2)", "Ann (3)"]
    create(harness, 4, FREDERICUS, ["open", "open"])
    harness.send(4, verb="join", table="t2", seat=0)
    harness.send(5, verb="join", table="t2", seat=1)
    second = harness.last(4, "table")["seats"][1]["name"]
    assert second == "x" * (MOST_NAME - 4) + " (2)" and len(second) == MOST_NAME


# --- frames -----------------------------------------------------------------------------------------------------
def test_a_binary_frame_is_refused_as_malformed() -> None:
    """Issue 50: binary frames were read as text."""
    harness = Harness()
    harness.connect(1, hello=False)
    before = harness.lobby.snapshot()
    hello = json.dumps({"verb": "hello", "version": 1, "name": "Ann"}).encode()
    assert harness.send_text(1, hello)[0]["code"] == "malformed"
    assert harness.lobby.snapshot() == before


def many_tables(harness: Harness, count: int) -> None:
    """``count`` Falconi tables opened by people named :data:`LONGEST_NAME`, each seat taken by another."""
    harness.lobby.tables_per_link = harness.lobby.tables_per_address = count
    for link in range(1, 5):
        harness.connect(link, LONGEST_NAME)
    for number in range(1, count + 1):
        harness.now += 0.25  # within the flood limit
        create(harness, 1, DIAVOLA, ["open"] * 4)
        for link in range(1, 5):
            harness.lobby.receive(link, json.dumps({"verb": "join", "table": f"t{number}", "seat": link - 1}),
                                  harness.now)


@pytest.mark.slow
def test_the_table_list_comes_in_pages_that_fit_a_frame_with_thousands_of_tables_of_the_longest_names() -> None:
    """Issue 50, case 2: 1,500 tables made a ``tables`` answer of 1.4 MB, past the 1 MiB the docs promise."""
    harness = Harness()
    many_tables(harness, 2000)
    harness.connect(9)
    whole = sum(len(json.dumps(table.summary().summary())) for table in harness.lobby.tables.values())
    assert whole > 2 * MOST_SERVER_BYTES  # one list of them all would not fit
    first = harness.send(9, verb="tables")[0]  # the harness checks every frame against the limit
    assert len(first["tables"]) == TABLES_PAGE and first["pages"] == 100 and first["total"] == 2000
    widest = harness.send(9, verb="tables", page=3, per_page=MOST_TABLES_PAGE)[0]
    assert [table["id"] for table in widest["tables"]] == [f"t{n}" for n in range(151, 201)]
    assert harness.send(9, verb="tables", page=40, per_page=MOST_TABLES_PAGE)[0]["tables"] == []
    assert all(len(text.encode()) <= MOST_SERVER_BYTES for texts in harness.frames.values() for text in texts)


def test_the_table_list_shows_tables_with_a_seat_to_take_first() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    open_table(harness, *FREDERICUS, ["open", "open"], [1])  # t1: in play
    create(harness, 2, FREDERICUS, ["open", "ai"])  # t2: a seat to take
    listed = harness.send(2, verb="tables", per_page=1)[0]
    assert [table["id"] for table in listed["tables"]] == ["t2"] and listed["pages"] == 2


@pytest.mark.parametrize("asked", [{"page": -1}, {"per_page": 0}, {"per_page": MOST_TABLES_PAGE + 1},
                                   {"page": "2"}, {"per_page": True}])
def test_a_page_out_of_range_is_refused(asked: dict) -> None:
    harness = Harness()
    harness.connect(1)
    assert harness.send(1, verb="tables", **asked)[0]["code"] == "malformed"


def test_the_longest_summary_of_the_widest_page_fits_a_frame_many_times_over() -> None:
    """Every seat of every table on a page named with the longest names, standing in and all: the page's
    frame stays a fraction of the limit, so no count of tables or choice of names can pass it."""
    harness = Harness()
    many_tables(harness, MOST_TABLES_PAGE)
    for table in harness.lobby.tables.values():
        for chair in table.chairs:
            chair.stand_in = StandIn(LONGEST_NAME, "0" * 64)
    harness.connect(9)
    harness.send(9, verb="tables", per_page=MOST_TABLES_PAGE)
    assert len(harness.frames[9][-1]) < MOST_SERVER_BYTES // 4


# --- actions ----------------------------------------------------------------------------------------------------
CRASHERS = ["bet \u00b2", "card \u00b9 2", "bet " + "9" * 5000, "card 1_0 2", "place cross \u0663,4 r0",
            "drive 4,8\tS", "x" * 10_000]


@pytest.mark.parametrize("text", CRASHERS)
@pytest.mark.parametrize("game", [DIAVOLA, FREDERICUS])
def test_an_action_text_that_crashed_the_handler_is_refused_as_illegal(text: str, game: tuple[str, dict]) -> None:
    """Issue 50, case 4: such texts made a ValueError escape and closed the link with 1011."""
    harness = Harness()
    harness.connect(1, "Ann")
    kinds = ["open", "ai", "ai", "ai"] if game == DIAVOLA else ["open", "ai"]
    table = open_table(harness, *game, kinds, [1])
    until_seat_decides(harness, table, 0)
    before = harness.lobby.snapshot()
    moment = harness.last(1, "update")["moment"]
    assert [m["code"] for m in harness.send(1, verb="act", table=table, action=text, moment=moment)] == ["illegal"]
    assert harness.lobby.snapshot() == before


def near_misses(legal: list[str]) -> st.SearchStrategy[str]:
    """Texts of every kind: anything at all, and legal texts with a character changed, added or doubled."""
    def changed(data: tuple[str, int, str]) -> str:
        text, at, char = data
        at %= len(text) + 1
        return text[:at] + char + text[at + 1:]

    def added(data: tuple[str, int, str]) -> str:
        text, at, char = data
        at %= len(text) + 1
        return text[:at] + char + text[at:]

    pieces = st.tuples(st.sampled_from(legal), st.integers(0, 40), st.characters())
    return st.one_of(st.text(max_size=40), pieces.map(changed), pieces.map(added),
                     st.sampled_from(legal).map(lambda text: text + " " + text), st.sampled_from(legal))


@pytest.mark.slow
@pytest.mark.parametrize("game", [DIAVOLA, FREDERICUS], ids=["falconi", "fredericus"])
@settings(max_examples=40)
@given(data=st.data())
def test_any_text_as_the_action_at_every_decision_is_refused_or_played(game: tuple[str, dict],
                                                                        data: st.DataObject) -> None:
    """Issue 50: arbitrary text as the action at every decision gets an ``illegal`` error that changes
    nothing, or is a legal action and moves the game on; the handler never raises."""
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    kinds = ["open", "open", "ai", "ai"] if game == DIAVOLA else ["open", "open"]
    table = open_table(harness, *game, kinds, [1, 2])
    match = match_of(harness, table)
    for _ in range(data.draw(st.integers(5, 30))):
        harness.run_ai()
        if match.state.is_terminal():
            break
        link = harness.lobby.tables[table].chairs[match.state.current_seat].player_link
        assert link is not None
        update = harness.last(link, "update")
        text = data.draw(near_misses(update["legal"]))
        before, moment = harness.lobby.snapshot(), len(match.log)
        harness.now += 0.1
        answers = harness.send(link, verb="act", table=table, action=text, moment=update["moment"])
        if answers[0]["verb"] == "error":
            assert [answer["code"] for answer in answers] == ["illegal"] and harness.lobby.snapshot() == before
        else:
            assert len(match.log) == moment + 1 and answers[0]["verb"] == "update"


# --- guesses ------------------------------------------------------------------------------------------------------
def guess(harness: Harness, link: int, password: str, address: str = "198.51.100.7") -> str:
    harness.connect(link, hello=False, address=address)
    answer = harness.send(link, verb="hello", version=1, name="Eve", password=password)[0]
    harness.drop(link)
    return str(answer.get("code", answer["verb"]))


def test_wrong_passwords_from_one_address_are_a_few_free_then_each_waits_longer() -> None:
    """Issue 50: 2,000 guesses a second from 40 connections; now a few, then a growing wait, per address."""
    harness = Harness(password="sesame")
    codes = [guess(harness, link, "open") for link in range(1, FREE_GUESSES + 1)]
    assert codes == ["password"] * FREE_GUESSES
    assert guess(harness, 10, "open") == "password"  # the first past the free ones: now it must wait
    assert guess(harness, 11, "sesame") == "too_many_guesses"  # even the right one is not looked at
    assert guess(harness, 12, "sesame", address="203.0.113.9") == "welcome"  # another address is not held up
    harness.now += FIRST_WAIT
    assert guess(harness, 13, "open") == "password"
    harness.now += FIRST_WAIT  # the wait has doubled
    assert guess(harness, 14, "sesame") == "too_many_guesses"
    harness.now += FIRST_WAIT
    assert guess(harness, 15, "sesame") == "welcome"
    harness.now += FORGET_AFTER
    assert [guess(harness, 20 + n, "open") for n in range(FREE_GUESSES + 1)] == ["password"] * (FREE_GUESSES + 1)


def test_bad_tokens_count_as_guesses_too() -> None:
    harness = Harness()
    table, token = away_person_at_fredericus(harness, stand_ins=False, wait=None)
    harness.connect(3, "Eve", address="198.51.100.7")
    codes = [harness.send(3, verb="resume", token=f"guess-{n}")[0]["code"] for n in range(FREE_GUESSES + 2)]
    assert codes == ["bad_token"] * (FREE_GUESSES + 1) + ["too_many_guesses"]
    harness.connect(4, "Bob", address="203.0.113.9")
    assert harness.send(4, verb="resume", token=token)[0]["verb"] == "joined"
    assert table in harness.lobby.tables


# --- caps -----------------------------------------------------------------------------------------------------------
def test_a_connection_and_an_address_hold_at_most_their_tables_at_once() -> None:
    """Issue 50: one connection opened 420 tables in 20 seconds."""
    harness = Harness()
    harness.connect(1, address="198.51.100.7")
    answers = [create(harness, 1, FREDERICUS, ["open", "open"]) for _ in range(TABLES_PER_LINK + 1)]
    assert [answer.get("code") for answer in answers] == [None] * TABLES_PER_LINK + ["too_many_tables"]
    for link in range(2, 10):
        harness.connect(link, address="198.51.100.7")
    made = sum(create(harness, link, FREDERICUS, ["open", "open"])["verb"] == "table" for link in range(2, 10))
    assert made == TABLES_PER_ADDRESS - TABLES_PER_LINK
    harness.drop(1)  # its tables, with nobody at them, are put away: the address may open more
    harness.connect(10, address="198.51.100.7")
    assert create(harness, 10, FREDERICUS, ["open", "open"])["verb"] == "table"


# --- table ids --------------------------------------------------------------------------------------------------------
def test_a_new_table_never_takes_an_id_a_file_in_the_folder_bears() -> None:
    """Issue 50, case 5: a table got the id of a save the host had left where it was, and replaced it."""
    harness = Harness()
    harness.lobby.taken = lambda table_id: table_id in {"t1", "t2", "t4"}
    harness.connect(1)
    ids = [create(harness, 1, FREDERICUS, ["open", "open"])["id"] for _ in range(3)]
    assert ids == ["t3", "t5", "t6"]
