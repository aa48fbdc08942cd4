"""The log tells every way a game or a catch ends (issue 38, point 4), word for word in all four languages.

Each test builds the position just before the end, plays the last action through the core and reads the log's
entry as the match keeps it (:meth:`game.services.match.Match.play`): the action's sentence, then what followed
by itself. Falconi endings are F-8's (with the catch and its Chili Bomb answer of F-5.4), Fredericus' R-7.2's.
"""

from __future__ import annotations

from falconi_scenarios import build, play
from fredericus_builder import build_position

from game.core.protocol import GameState
from game.falconi.constants import COUNTRY, FUGITIVE, PORT
from game.falconi.state import FalconiState
from game.fredericus.actions import CAPTURE, END_TURN, FLIP, STAY_TOKENS
from game.fredericus.actions import Action as FredericusAction
from game.i18n import Translator
from game.services.settings import LANGUAGES

TRANSLATORS = {language: Translator(language) for language in LANGUAGES}


def told(state: GameState, text: str) -> dict[str, list[str]]:
    """Play the action ``text`` and return the log's lines for it in each language, as the match logs them."""
    action = state.parse_action(text)
    before = state.clone()
    message = state.narrate(action)
    state.apply(action)
    said = [message, *state.aftermath(before, action)]
    return {language: [tr.message(line) for line in said] for language, tr in TRANSLATORS.items()}


# --- Catch Don Falconi ------------------------------------------------------------------------------------------


def port_closes_in(**fields) -> FalconiState:
    """Port police placed a straight at (4,6) and may drive north to Don Falconi, who waits at (4,4) having come
    in from the south: the same lane (F-3.6)."""
    board = {"4,5": "straight r0", "4,7": "straight r0"}
    state = build(board=board, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"}, turn_seat=PORT, phase="place",
                  drawn="straight", **fields)
    return play(state, "place straight 4,6 r0")


def test_f5_4_a_catch_with_no_chili_bomb_left_is_told_as_caught_from_behind():
    state = port_closes_in(bombs=0)
    assert told(state, "catch S") == {
        "en": ["Port police drives to (4,4) and catches Don Falconi from behind"],
        "it": ["Polizia del Porto guida fino alla casella (4,4) e prende Don Falconi da dietro"],
        "de": ["Hafenpolizei fährt auf Feld (4,4) und fängt Don Falconi von hinten"],
        "fr": ["Police du port roule jusqu'à la case (4,4) et percute Don Falconi par l'arrière"],
    }
    assert state.outcome.termination == "catch"


def test_f5_4_a_catch_he_does_not_answer_with_his_chili_bomb_is_told_as_caught_by_that_police_car():
    state = play(port_closes_in(), "catch S")  # told as closing in: he may still answer
    assert told(state, "pass") == {
        "en": ["Don Falconi throws no Chili Bomb: Port police catches him from behind"],
        "it": ["Don Falconi non lancia la bomba-chili: Polizia del Porto lo prende da dietro"],
        "de": ["Don Falconi wirft keine Chili-Bombe: Hafenpolizei fängt ihn von hinten"],
        "fr": ["Don Falconi ne lance pas de bombe chili : Police du port le percute par l'arrière"],
    }
    assert state.outcome.termination == "catch" and state.outcome.winners == {PORT}


def test_f5_4_a_catch_answered_with_a_chili_bomb_is_told_as_the_road_destroyed_not_as_a_catch():
    """The catch goes on by another way to him (F-5.4): the bomb's sentence alone, and no catch yet."""
    board = {"4,5": "crossroads r0", "5,6": "curve r3", "5,5": "curve r2", "4,7": "straight r0"}
    state = build(board=board, cars={FUGITIVE: "4,4 S", PORT: "4,6 S"}, turn_seat=PORT, phase="place",
                  drawn="crossroads")
    play(state, "place crossroads 4,6 r0", "catch S")
    assert told(state, "bomb") == {
        "en": ["Don Falconi throws a Chili Bomb and destroys the road behind him"],
        "it": ["Don Falconi lancia una bomba-chili e distrugge la strada dietro di sé"],
        "de": ["Don Falconi wirft eine Chili-Bombe und zerstört die Straße hinter sich"],
        "fr": ["Don Falconi lance une bombe chili et détruit la route derrière lui"],
    }
    assert state.outcome is None and state.current_seat == PORT


def test_f6_4_a_mode_ii_drive_into_his_lane_is_told_as_a_catch_not_as_a_drive():
    board = {"4,3": "straight r0", "4,4": "straight r0"}
    state = build("salami", board=board, cars={PORT: "4,3 N", FUGITIVE: "4,4 N"}, turn_seat=PORT, phase="action",
                  actions_left=3, acted=0, reserves=[["curve", "straight"], [], [], []])
    assert told(state, "step S") == {
        "en": ["Port police drives one tile to the south and catches Don Falconi from behind"],
        "it": ["Polizia del Porto avanza di una tessera verso sud e prende Don Falconi da dietro"],
        "de": ["Hafenpolizei fährt eine Karte weiter nach Süden und fängt Don Falconi von hinten"],
        "fr": ["Police du port avance d'une carte plein sud et percute Don Falconi par l'arrière"],
    }
    assert state.outcome.termination == "catch"


def test_f5_5_a_blocked_fugitive_is_told_as_blocked():
    state = build(board={"4,7": "straight r1"}, cars={FUGITIVE: "4,8 S"}, turn_seat=FUGITIVE, bombs=0,
                  phase="place", drawn="straight")
    assert told(state, "place straight 4,8 r0") == {
        "en": ["Don Falconi places a straight at (4,8)", "Don Falconi can go nowhere: he is blocked"],
        "it": ["Don Falconi piazza una tessera «rettilineo» nella casella (4,8)",
               "Don Falconi non può andare da nessuna parte: è bloccato"],
        "de": ["Don Falconi legt eine Straßenkarte „Gerade“ auf Feld (4,8)",
               "Don Falconi kommt nirgends mehr hin: er ist blockiert"],
        "fr": ["Don Falconi pose une carte route « rue droite » sur la case (4,8)",
               "Don Falconi ne peut aller nulle part : il est bloqué"],
    }
    assert state.outcome.termination == "fugitive_blocked"


def test_f3_5_a_mode_i_drive_into_an_escape_slot_is_told_as_an_escape():
    state = build("prosciutto", board={"3,0": "straight r0"}, cars={FUGITIVE: "3,0 S"}, escapes={"N3": "port"},
                  turn_seat=FUGITIVE, phase="drive", drive_from="3,0 S", reserves=[[], [], [], []])
    assert told(state, "drive N3") == {
        "en": ["Don Falconi drives out through N3 to the accomplice and escapes"],
        "it": ["Don Falconi esce da N3, raggiunge il complice e fugge"],
        "de": ["Don Falconi fährt bei N3 hinaus zum Komplizen und entkommt"],
        "fr": ["Don Falconi sort par N3, rejoint son complice et s'échappe"],
    }
    assert state.outcome.termination == "escape"


def test_f6_6_a_chili_boost_out_through_an_escape_slot_is_told_as_an_escape():
    board = {"3,1": "straight r0", "3,0": "straight r0"}
    state = build("diavola", board=board, cars={FUGITIVE: "3,1 S"}, escapes={"N3": "port"}, boosts=2,
                  turn_seat=FUGITIVE, phase="action", actions_left=3, acted=0, reserves=[[], [], [], []])
    assert told(state, "boost N,N") == {
        "en": ["Don Falconi fires a Chili Boost: north, north",
               "Don Falconi drives out through N3 to the accomplice and escapes"],
        "it": ["Don Falconi usa un Paga-Peño: nord, nord", "Don Falconi esce da N3, raggiunge il complice e fugge"],
        "de": ["Don Falconi setzt einen Chili-Boost ein: Norden, Norden",
               "Don Falconi fährt bei N3 hinaus zum Komplizen und entkommt"],
        "fr": ["Don Falconi utilise un Chili-Boost : nord, nord",
               "Don Falconi sort par N3, rejoint son complice et s'échappe"],
    }
    assert state.outcome.termination == "escape"


def test_f8_3_the_last_police_car_out_is_told_with_the_fugitives_win():
    """Don Falconi bombs the only road to him: Port, the one police car, has nowhere to go (F-5.4)."""
    state = play(port_closes_in(), "catch S")
    assert told(state, "bomb") == {
        "en": ["Don Falconi throws a Chili Bomb and destroys the road behind him",
               "Port police can go nowhere and is out of the chase",
               "Every police car is out of the chase: Don Falconi wins"],
        "it": ["Don Falconi lancia una bomba-chili e distrugge la strada dietro di sé",
               "Polizia del Porto non può andare da nessuna parte ed è fuori dall'inseguimento",
               "Tutte le auto della polizia sono fuori dall'inseguimento: vince Don Falconi"],
        "de": ["Don Falconi wirft eine Chili-Bombe und zerstört die Straße hinter sich",
               "Hafenpolizei kommt nirgends mehr hin und scheidet aus der Verfolgung aus",
               "Alle Polizeiautos sind aus der Verfolgung ausgeschieden: Don Falconi gewinnt"],
        "fr": ["Don Falconi lance une bombe chili et détruit la route derrière lui",
               "Police du port ne peut aller nulle part et sort de la poursuite",
               "Toutes les voitures de police sont hors de la poursuite : Don Falconi gagne"],
    }
    assert state.outcome.termination == "police_out"


def test_f7_2_mode_i_the_tiles_running_out_is_told_with_the_fugitives_win():
    """Port ends its drive with the pile empty: Don Falconi must take a tile and cannot."""
    state = build(board={"4,0": "straight r0"}, cars={PORT: "4,0 N"}, turn_seat=PORT, phase="drive",
                  drive_from="4,0 N", pile_size=0)
    assert told(state, "drive 4,1 N") == {
        "en": ["Port police drives to (4,1), coming in from the north", "The tiles have run out: Don Falconi wins"],
        "it": ["Polizia del Porto guida fino alla casella (4,1), entrando da nord",
               "Le tessere sono finite: vince Don Falconi"],
        "de": ["Hafenpolizei fährt von Norden kommend auf Feld (4,1)",
               "Die Straßenkarten sind aufgebraucht: Don Falconi gewinnt"],
        "fr": ["Police du port roule jusqu'à la case (4,1) en entrant par le côté nord",
               "Il n'y a plus de cartes route : Don Falconi gagne"],
    }
    assert state.outcome.termination == "tiles_out"


def police_ends_round(round_number: int, **fields) -> FalconiState:
    """Salami: Port's last action of the round, a drive south to (4,1); Don Falconi waits in the prison's road."""
    board = {"4,8": "straight r0", "4,0": "straight r0", "4,1": "straight r0"}
    return build("salami", board=board, cars={PORT: "4,0 N"}, turn_seat=PORT, phase="action", actions_left=1,
                 acted=2, round=round_number, reserves=[[], [], [], []], **fields)


def test_f7_2_mode_ii_the_last_round_over_with_the_pile_empty_is_told_with_the_fugitives_win():
    state = police_ends_round(12, pile_size=0, last_round=True)
    assert told(state, "step S") == {
        "en": ["Port police drives one tile to the south", "The tiles have run out: Don Falconi wins"],
        "it": ["Polizia del Porto avanza di una tessera verso sud", "Le tessere sono finite: vince Don Falconi"],
        "de": ["Hafenpolizei fährt eine Karte weiter nach Süden",
               "Die Straßenkarten sind aufgebraucht: Don Falconi gewinnt"],
        "fr": ["Police du port avance d'une carte plein sud", "Il n'y a plus de cartes route : Don Falconi gagne"],
    }
    assert state.outcome.termination == "tiles_out"


def test_f7_3_the_round_limit_is_told_with_the_round_and_the_fugitives_win():
    state = police_ends_round(50)
    assert {language: lines[1:] for language, lines in told(state, "step S").items()} == {
        "en": ["Round 50 is over and Don Falconi is still free: he wins"],
        "it": ["Il giro 50 è finito e Don Falconi è ancora libero: vince lui"],
        "de": ["Runde 50 ist vorbei und Don Falconi ist immer noch frei: er gewinnt"],
        "fr": ["La manche 50 est terminée et Don Falconi est toujours libre : il gagne"],
    }
    assert state.outcome.termination == "round_limit"


def test_f6_6_a_boost_that_overtakes_one_of_two_police_cars_is_told_without_an_ending():
    """Overtaking a car in its own lane puts it out; with another still in the chase the game goes on."""
    board = {"4,8": "straight r0", "4,7": "straight r0", "4,6": "straight r0"}
    state = build("diavola", board=board, boosts=2, police=(COUNTRY, PORT), cars={PORT: "4,7 S"},
                  turn_seat=FUGITIVE, phase="action", actions_left=3, acted=0,
                  reserves=[["curve", "straight"], [], [], []])
    assert told(state, "boost N,N")["en"] == [
        "Don Falconi fires a Chili Boost: north, north", "Port police is overtaken in its lane and out of the chase"]
    assert state.outcome is None


# --- Fredericus -------------------------------------------------------------------------------------------------


def fredericus_told(state, action: FredericusAction) -> dict[str, list[str]]:
    return told(state, state.action_text(action))


def test_r7_2_an_eighth_creature_is_told_as_the_end_triggered():
    """Red's falcon on post 0 between two skies takes the griffin: Red's eighth creature."""
    state = build_position(4, {7: "S", 0: "g", 1: "S"}, creatures={0: "gubchmd"})
    assert fredericus_told(state, FredericusAction(CAPTURE, 0, 0)) == {
        "en": ["Red's falcon captures the griffin at tower 0",
               "Red has caught an eighth creature: the game ends with this round"],
        "it": ["Rosso cattura il grifone con il suo falco al torrione 0",
               "Rosso ha catturato l'ottava creatura: la partita finisce con questo giro"],
        "de": ["Der Falke von Rot fängt den Greif am Turm 0",
               "Rot hat das achte Wesen gefangen: das Spiel endet mit dieser Runde"],
        "fr": ["Rouge capture le griffon avec son faucon à la tour 0",
               "Rouge a capturé sa huitième créature : la partie se termine avec cette manche"],
    }
    assert state.trigger == "eighth_creature"


def test_r7_2_drawing_fredericus_is_told_as_the_end_triggered():
    """Red flips row 0 between two imperial seals and draws the objective on top of the deck: Fredericus."""
    state = build_position(4, {7: "I", 1: "I"}, deck="F")
    assert fredericus_told(state, FredericusAction(FLIP, 0, 0)) == {
        "en": ["Red flips row 0", "Red draws Fredericus: the game ends with this round"],
        "it": ["Rosso ribalta la fila 0", "Rosso pesca Fredericus: la partita finisce con questo giro"],
        "de": ["Rot dreht Reihe 0 um", "Rot zieht Fredericus: das Spiel endet mit dieser Runde"],
        "fr": ["Rouge retourne la rangée 0", "Rouge pioche Fredericus : la partie se termine avec cette manche"],
    }
    assert state.trigger == "fredericus_drawn" and state.fredericus_holder == 0


def test_r7_2_the_deck_keeper_turning_up_fredericus_is_told_as_the_end_and_the_game_over():
    """Yellow, last in turn order and so the deck keeper (R-2.4), ends the round; the discard is Fredericus. Nobody
    has scored, and a tie goes to the falconer who played last (R-8.3): Yellow wins."""
    state = build_position(4, deck="F", phase="token", turn=3, tokens={3: [5]})
    assert fredericus_told(state, STAY_TOKENS) == {
        "en": ["Yellow leaves the betting tokens where they are",
               "Yellow, the deck keeper, turns up Fredericus and discards it: the game ends with this round",
               "The last round is over: Yellow wins"],
        "it": ["Giallo lascia i gettoni scommessa dove sono",
               "Giallo, che gestisce il mazzo obiettivi, scopre Fredericus e lo scarta: la partita finisce con questo"
               " giro", "L'ultimo giro è finito: vince Giallo"],
        "de": ["Gelb lässt die Wettsteine, wo sie sind",
               "Gelb deckt als Verwalter des Zielstapels Fredericus auf und wirft ihn ab: das Spiel endet mit dieser"
               " Runde", "Die letzte Runde ist vorbei: Gelb gewinnt"],
        "fr": ["Jaune laisse les jetons de pari où ils sont",
               "Jaune, gardien de la pioche, retourne Fredericus et le défausse : la partie se termine avec cette"
               " manche", "La dernière manche est finie : Jaune gagne"],
    }
    assert state.trigger == "fredericus_discarded" and state.is_terminal()


def test_r7_2_the_game_over_at_the_end_of_the_last_round_is_told_with_its_winner():
    """Blue caught an eighth creature earlier in the round; Yellow, last in turn order, ends its last turn."""
    state = build_position(4, creatures={1: "gubchmdp"}, trigger="eighth_creature", turn=3, actions_left=0)
    assert fredericus_told(state, END_TURN) == {
        "en": ["Yellow ends the turn", "The last round is over: Blue wins"],
        "it": ["Giallo termina il turno", "L'ultimo giro è finito: vince Blu"],
        "de": ["Gelb beendet den Zug", "Die letzte Runde ist vorbei: Blau gewinnt"],
        "fr": ["Jaune termine son tour", "La dernière manche est finie : Bleu gagne"],
    }
    assert state.outcome.winners == {1}
