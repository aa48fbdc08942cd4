"""Issue 40: the table server's handler, without sockets. The server alone applies actions, checks that each
comes from the seat that decides and is legal, sends each client only its seat's picture, and answers every
bad frame with an ``error`` to its sender that changes nothing; a dropped person keeps their seat and comes
back with their token; tables survive in their saves."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online_harness import Harness, match_of, open_table

from game.core.protocol import NO_SEAT
from game.online import wire
from game.online.lobby import FLOOD_BURST
from game.online.protocol import MOST_CLIENT_BYTES
from game.online.table import Table
from game.services.match import Match

FALCONI = ("falconi", {"variant": "margherita"})
FREDERICUS = ("fredericus", {"short_game": False})


def two_person_fredericus(harness: Harness) -> str:
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    return open_table(harness, *FREDERICUS, ["open", "open"], [1, 2])


def decider(harness: Harness, table: str) -> int:
    """The connection whose seat decides now at ``table``."""
    link = harness.lobby.tables[table].chairs[match_of(harness, table).state.current_seat].link
    assert link is not None
    return link


def act(harness: Harness, table: str, link: int | None = None, index: int = 0) -> list[dict]:
    link = decider(harness, table) if link is None else link
    harness.now += 0.1  # a person's pace, well within the flood limit
    update = harness.last(link, "update")
    return harness.send(link, verb="act", table=table, action=update["legal"][index], moment=update["moment"])


def test_a_malformed_first_message_gets_an_error_and_hello_may_be_sent_again() -> None:
    harness = Harness()
    harness.connect(1, hello=False)
    assert harness.send_text(1, "{not json")[0]["code"] == "malformed"
    assert harness.send(1, verb="hello", version=1)[0]["code"] == "malformed"
    assert harness.send(1, verb="tables")[0]["code"] == "hello_first"
    welcome = harness.send(1, verb="hello", version=1, name="  Ann\x00 ")[0]
    assert welcome == {"verb": "welcome", "you": 1, "server": "test server", "version": 1}
    assert harness.lobby.clients[1].name == "Ann"


def test_a_wrong_version_or_password_is_refused_and_may_be_tried_again() -> None:
    harness = Harness(password="sesame")
    harness.connect(1, hello=False)
    assert harness.send(1, verb="hello", version=2, name="A", password="sesame")[0]["code"] == "version"
    assert harness.send(1, verb="hello", version=1, name="A", password="open")[0]["code"] == "password"
    assert harness.send(1, verb="hello", version=1, name="A", password="sesame")[0]["verb"] == "welcome"


def test_too_big_unknown_and_mistyped_frames_are_refused_by_code() -> None:
    harness = Harness()
    harness.connect(1)
    assert harness.send_text(1, " " * (MOST_CLIENT_BYTES + 1))[0]["code"] == "too_big"
    assert harness.send(1, verb="dance")[0]["code"] == "unknown_verb"
    assert harness.send(1, verb="join", table="t1", seat="0")[0] == {
        "verb": "error", "code": "malformed", "message": 'the field "seat" of "join" has the wrong type',
        "answered": "join"}
    assert harness.send(1, verb="join", table="t9", seat=0)[0]["code"] == "no_table"


def test_a_created_table_is_told_to_everyone_in_the_lobby_and_listed() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    harness.send(1, verb="create", game="falconi", options={"variant": "salami"},
                 seats=[{"kind": "open"}, {"kind": "ai", "level": "hard"}, {"kind": "off"}, {"kind": "open"}],
                 away_ai=30)
    summary = harness.last(2, "table")
    assert summary["host"] == "Ann" and summary["options"] == {"variant": "salami"} and not summary["started"]
    assert [seat["kind"] for seat in summary["seats"]] == ["open", "ai", "off", "open"]
    assert harness.send(2, verb="tables")[0]["tables"] == [{k: v for k, v in summary.items() if k != "verb"}]


def test_a_table_the_game_cannot_seat_is_refused() -> None:
    harness = Harness()
    harness.connect(1)
    for game, options, kinds in [("fredericus", {"short_game": False}, ["open", "off"]),
                                 ("fredericus", {"short_game": False}, ["open"] * 5),
                                 ("falconi", {"variant": "calzone"}, ["open"] * 4),
                                 ("chess", {}, ["open"] * 2)]:
        answer = harness.send(1, verb="create", game=game, options=options,
                              seats=[{"kind": kind} for kind in kinds], away_ai=None)
        assert answer[0]["code"] == "malformed", (game, kinds)
    assert harness.lobby.tables == {}


def test_only_the_host_starts_and_open_seats_become_normal_ai() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    table = open_table(harness, *FALCONI, ["open", "open", "open", "open"], [1, 2], start=False)
    assert harness.send(2, verb="start", table=table)[0]["code"] == "not_host"
    harness.send(1, verb="start", table=table)
    setup = match_of(harness, table).setup
    assert [plan.kind for plan in setup.seats] == ["person", "person", "ai", "ai"]
    assert setup.seats[2].level == "normal" and [person.name for person in setup.people] == ["Ann", "Bob"]
    assert harness.send(1, verb="start", table=table)[0]["code"] == "started"


def test_each_seat_is_sent_its_own_picture_and_its_legal_actions_only_when_it_decides() -> None:
    """Issue 40: each client receives its seat's observation and its legal actions when it decides."""
    harness = Harness()
    table = two_person_fredericus(harness)
    match = match_of(harness, table)
    for link, seat in ((1, 0), (2, 1)):
        update = harness.last(link, "update")
        assert update["seat"] == seat and update["from"] == 0 and update["entries"] == []
        picture = wire.picture_from_wire("fredericus", update["picture"])
        assert picture.observation(seat) == match.state.observation(seat)
        deciding = match.state.current_seat == seat
        assert bool(update["legal"]) == deciding
        assert update["setup"]["seed"] == wire.HIDDEN_SEED


def test_an_action_out_of_turn_stale_or_illegal_is_refused_and_changes_nothing() -> None:
    harness = Harness()
    table = two_person_fredericus(harness)
    mover = decider(harness, table)
    other = 3 - mover
    before = harness.lobby.snapshot()
    legal = harness.last(mover, "update")["legal"][0]
    assert harness.send(other, verb="act", table=table, action=legal, moment=0)[0]["code"] == "not_your_turn"
    assert harness.send(mover, verb="act", table=table, action=legal, moment=5)[0]["code"] == "stale"
    assert harness.send(mover, verb="act", table=table, action="fly away", moment=0)[0]["code"] == "illegal"
    assert harness.lobby.snapshot() == before


def test_an_action_sends_everyone_the_new_entry_alone() -> None:
    harness = Harness()
    table = two_person_fredericus(harness)
    act(harness, table)
    for link in (1, 2):
        update = harness.last(link, "update")
        assert update["from"] == 0 and update["moment"] == 1 and len(update["entries"]) == 1
    act(harness, table)
    assert [harness.last(link, "update")["from"] for link in (1, 2)] == [1, 1]


def test_a_spectator_sees_what_every_seat_sees_and_never_a_legal_action() -> None:
    """Issue 40: a spectator sees only what every seat sees."""
    harness = Harness()
    table = two_person_fredericus(harness)
    act(harness, table)
    harness.connect(3)
    update = harness.send(3, verb="watch", table=table)[0]
    state = match_of(harness, table).state
    assert update["seat"] is None and update["legal"] == [] and len(update["entries"]) == 1
    assert update["picture"] == wire.seat_picture(state, NO_SEAT, table, 1)


def test_a_dropped_person_keeps_the_seat_and_resumes_with_a_new_token_that_spends_the_old() -> None:
    """Issue 40, faults: a client that drops keeps its seat and comes back with the token it was given."""
    harness = Harness()
    table = two_person_fredericus(harness)
    act(harness, table)
    token = harness.last(2, "joined")["token"]
    harness.drop(2)
    assert harness.last(1, "update")["away"] == [False, True]
    assert harness.last(1, "table")["seats"][1]["away"]
    harness.connect(5)
    answers = harness.send(5, verb="resume", token=token)
    joined, update = answers[0], answers[1]
    assert joined["seat"] == 1 and joined["token"] != token
    assert update["from"] == 0 and len(update["entries"]) == 1 and update["away"] == [False, False]
    harness.connect(6)
    assert harness.send(6, verb="resume", token=token)[0]["code"] == "bad_token"


def test_nobody_s_turn_is_skipped_unless_the_host_lets_an_ai_take_an_away_seat() -> None:
    """Issue 40, faults: the AI takes an away seat only after the wait the host chose, and gives it back."""
    harness = Harness()
    table = two_person_fredericus(harness)
    mover = decider(harness, table)
    harness.drop(mover)
    harness.now = 1000.0
    assert harness.lobby.ai_turns(harness.now) == []
    host = 1 if mover == 2 else None
    if host is None:  # the host himself dropped: the other person cannot set the wait
        assert harness.send(2, verb="away_ai", table=table, seconds=10)[0]["code"] == "not_host"
        return
    harness.send(host, verb="away_ai", table=table, seconds=10)
    assert harness.last(host, "table")["away_ai"] == 10
    turns = harness.lobby.ai_turns(harness.now)
    assert len(turns) == 1 and turns[0].level == "normal"
    assert harness.lobby.ai_turns(harness.now) == []  # asked once


def test_a_person_back_before_the_ai_answers_plays_the_turn_themself() -> None:
    harness = Harness()
    harness.connect(1, "Ann")
    harness.connect(2, "Bob")
    table = open_table(harness, *FREDERICUS, ["open", "open"], [1, 2])
    mover = decider(harness, table)
    token = harness.last(mover, "joined")["token"]
    harness.send(1, verb="away_ai", table=table, seconds=5)
    harness.drop(mover)
    harness.now = 10.0
    [turn] = harness.lobby.ai_turns(harness.now)
    harness.connect(7)
    harness.send(7, verb="resume", token=token)
    state = turn.match.state
    assert harness.lobby.ai_played(table, turn.moment, state.action_text(state.legal_actions()[0]), 11.0) == []
    assert len(match_of(harness, table).log) == 0


def test_ai_seats_play_through_the_workers_answers() -> None:
    harness = Harness()
    harness.connect(1)
    table = open_table(harness, *FREDERICUS, ["open", "ai"], [1])
    for _ in range(30):
        harness.run_ai()
        if decider(harness, table) == 1:
            act(harness, table)
    log = match_of(harness, table).log
    assert {entry.seat for entry in log} == {0, 1}


def test_a_flood_of_frames_is_refused_and_changes_nothing() -> None:
    """Issue 40: a flood of messages gets an error message to that client and changes nothing."""
    harness = Harness()
    harness.connect(1)
    answers = [harness.send(1, verb="tables")[0] for _ in range(int(FLOOD_BURST) + 5)]
    assert sum(answer["verb"] == "error" and answer["code"] == "flood" for answer in answers) >= 5
    harness.now += 5
    assert harness.send(1, verb="tables")[0]["verb"] == "tables"


def test_the_game_over_sends_the_whole_save_once_and_only_the_host_may_ask_a_rematch() -> None:
    harness = Harness()
    table = two_person_fredericus(harness)
    rng = random.Random(4)
    assert harness.send(1, verb="rematch", table=table)[0]["code"] == "not_over"
    while not harness.lobby.tables[table].over:
        act(harness, table, index=rng.randrange(len(harness.last(decider(harness, table), "update")["legal"])))
    for link in (1, 2):
        overs = [message for message in harness.inbox[link] if message["verb"] == "over"]
        assert len(overs) == 1
        assert Match.from_json(overs[0]["save"]).state.to_json() == match_of(harness, table).state.to_json()
    assert harness.send(2, verb="rematch", table=table)[0]["code"] == "not_host"
    old_seed = match_of(harness, table).setup.seed
    harness.send(1, verb="rematch", table=table)
    assert match_of(harness, table).setup.seed != old_seed
    assert harness.last(2, "update")["moment"] == 0


def test_a_table_reads_back_from_its_save_and_its_people_resume_with_their_tokens() -> None:
    """Issue 40: a host that stops resumes its tables from their saves."""
    harness = Harness()
    table = two_person_fredericus(harness)
    for _ in range(3):
        act(harness, table)
    saved = json.loads(json.dumps(harness.lobby.take_changed()[table]))
    assert "token-" not in json.dumps(saved)  # only hashes of the tokens are kept
    restarted = Harness()
    restarted.lobby.restore(Table.from_json(saved, 0.0))
    assert restarted.lobby.tables[table].to_json() == saved
    restarted.connect(1)
    answers = restarted.send(1, verb="resume", token=harness.last(2, "joined")["token"])
    assert answers[1]["moment"] == 3 and answers[1]["away"] == [True, False]


def test_a_table_nobody_can_come_back_to_is_put_away() -> None:
    harness = Harness()
    harness.connect(1)
    harness.send(1, verb="create", game="fredericus", options={"short_game": True}, seats=[{"kind": "open"}] * 2,
                 away_ai=None)
    harness.drop(1)
    assert harness.lobby.tables == {} and harness.lobby.take_changed() == {"t1": None}


# --- the fuzz ---------------------------------------------------------------------------------------------------
LINKS = (1, 2, 3)
VERBS = ("hello", "tables", "create", "create", "join", "join", "join", "watch", "leave", "start", "start", "start",
         *["act"] * 12, "resume", "away_ai", "rematch", "open_seat", "junk")
JUNK = st.one_of(st.text(max_size=30), st.binary(max_size=30).map(lambda raw: raw.decode("latin-1")),
                 st.sampled_from(['{"verb": 1}', "[]", '{"verb": "act", "table": "t1"}', "null",
                                  '{"verb": "hello", "version": 1, "name": 5}', '{"verb": "act", "table": "t1", '
                                  '"action": "x", "moment": 1e400}']))


def _frame(data: st.DataObject, harness: Harness, link: int) -> str:
    """A frame that is often nearly right: real table ids, seats, tokens and legal actions, now and then off."""
    verb = data.draw(st.sampled_from(VERBS))
    tables = [*harness.lobby.tables] * 3 + ["t9"]
    table = data.draw(st.sampled_from(tables))
    if verb == "junk":
        return data.draw(JUNK)
    message: dict = {"verb": verb, "table": table}
    if verb == "hello":
        message.update(version=data.draw(st.sampled_from([1, 1, 2])), name=data.draw(st.text(max_size=30)))
    elif verb == "create":
        game, options = data.draw(st.sampled_from([FALCONI, FREDERICUS, FREDERICUS, ("falconi", {"variant": "x"})]))
        count = data.draw(st.sampled_from([4] if game == "falconi" else [2, 2, 3, 5]))
        kinds = data.draw(st.lists(st.sampled_from(["open", "open", "ai", "off"]), min_size=count, max_size=count))
        message.update(game=game, options=options, away_ai=data.draw(st.sampled_from([None, 0, 5, -1])),
                       seats=[{"kind": kind, "level": "easy"} for kind in kinds],
                       stand_ins=data.draw(st.sampled_from([False, True, True, 1])))
    elif verb == "tables":
        message.update(page=data.draw(st.sampled_from([0, 1, -1])), per_page=data.draw(st.sampled_from([1, 2, 0])))
    elif verb in ("join", "open_seat"):
        message["seat"] = data.draw(st.integers(-1, 4))
    elif verb == "act":
        match = harness.lobby.tables[table].match if table in harness.lobby.tables else None
        legal = [] if match is None or match.state.is_terminal() else [
            match.state.action_text(action) for action in match.state.legal_actions()]
        message["action"] = data.draw(st.sampled_from([*legal[:20], "draw", ""]))
        moment = len(match.log) if match else 0
        message["moment"] = data.draw(st.sampled_from([moment, moment, moment - 1]))
    elif verb == "resume":
        tokens = [message["token"] for inbox in harness.inbox.values() for message in inbox
                  if message["verb"] == "joined"]
        message["token"] = data.draw(st.sampled_from([*tokens, "token-999"]))
    elif verb == "away_ai":
        message["seconds"] = data.draw(st.sampled_from([None, 0, 3, 1e9]))
    return json.dumps(message)


def _assert_sound(harness: Harness) -> None:
    """Every table's game is what its log replays to, and its summary and save read back."""
    for table in harness.lobby.tables.values():
        if table.match is not None:
            replayed = Match.replay(table.match.setup, [entry.text for entry in table.match.log])
            assert replayed.state.to_json() == table.match.state.to_json()
        assert Table.from_json(json.loads(json.dumps(table.to_json())), 0.0).to_json() == table.to_json()


@pytest.mark.slow
@settings(max_examples=100)
@given(st.data())
def test_no_sequence_of_frames_from_several_connections_raises_or_corrupts_a_table(data: st.DataObject) -> None:
    """Issue 40, faults: the server never crashes and never corrupts a table; every refused frame gets an
    error to its sender and changes nothing."""
    harness = Harness()
    for link in LINKS:
        harness.connect(link, hello=data.draw(st.sampled_from([True, True, True, False])))
    for _ in range(data.draw(st.integers(20, 80))):
        step = data.draw(st.sampled_from(["frame"] * 16 + ["drop", "ai", "ai", "wait"]))
        link = data.draw(st.sampled_from(LINKS))
        if link not in harness.lobby.clients:  # a link that dropped comes back, and may forget its hello
            harness.connect(link, hello=data.draw(st.sampled_from([True, True, True, False])))
        if step == "drop":
            harness.drop(link)
        elif step == "ai":
            harness.run_ai()
        elif step == "wait":
            harness.now += data.draw(st.sampled_from([0.5, 10.0]))
        else:
            before = harness.lobby.snapshot()
            answers = harness.send_text(link, _frame(data, harness, link))
            refused = [answer for answer in answers if answer["verb"] == "error"]
            if refused:
                assert answers == refused and len(refused) == 1
                assert harness.lobby.snapshot() == before
        _assert_sound(harness)


def test_closing_every_table_tells_its_people_and_removes_its_save() -> None:
    """A host's window closing its server ends its tables for good (the newcomer's test, issue 50)."""
    harness = Harness()
    table = two_person_fredericus(harness)
    harness.connect(3)
    harness.send(3, verb="watch", table=table)
    harness.lobby.take_changed()
    harness.deliver(harness.lobby.close_all())
    assert all(harness.last(link, "closed") == {"verb": "closed", "table": table} for link in (1, 2, 3))
    assert harness.lobby.tables == {} and harness.lobby.take_changed() == {table: None}
