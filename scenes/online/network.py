"""The doors to the network the online pages use: connect to a table server, host one in this process, find
tables on the local network. Handed to the pages as one :class:`Network`, so that tests stand in for each.

The real ones live in ``game.online`` (``client``, ``server``, ``discovery``) and are imported when a player
first uses them: a window that never plays online loads neither ``websockets`` nor ``zeroconf`` (their imports
take about half a second).
"""

from __future__ import annotations

import errno
import getpass
import socket
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.core.text import person_name
from game.online.messages import ClientMessage, Received
from game.online.protocol import DEFAULT_PORT
from game.services.match import NAME_LENGTH
from scenes.kit.wake import wake

if TYPE_CHECKING:
    from game.online.discovery import Advert
    from game.online.server import RunningServer

LISTEN_ON = "0.0.0.0"  # a table hosted from the window is open to the local network, as its advert says
LOOPBACK = "127.0.0.1"  # the host's own client reaches its server here


class Link(Protocol):
    """A connection to a table server (``game.online.client.Connection``): it never blocks the window, it
    greets the server itself (``hello``, with the name and password it was made with, again after a drop), and it
    wakes a window at rest (``scenes.kit.wake``) when there is something new to poll."""

    def send(self, message: ClientMessage) -> None: ...

    def poll(self) -> list[Received]: ...

    def close(self) -> None: ...


class Hosted(Protocol):
    """A table server running in this process, and its advert on the local network."""

    @property
    def port(self) -> int: ...

    def stop(self) -> None: ...


class Found(Protocol):
    """A table server found on the local network (``game.online.discovery.Found``)."""

    @property
    def name(self) -> str: ...

    @property
    def address(self) -> str: ...

    @property
    def port(self) -> int: ...


def lan_address() -> str:
    """This computer's address on its local network, for the players who type it (no packet is sent: a UDP
    socket only asks the system which address it would use). A table it hosts is advertised under it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK


def own_addresses() -> frozenset[str]:
    """The addresses a table server on this computer is found at: its own hosts are listed first."""
    return frozenset({LOOPBACK, lan_address()})


@dataclass(frozen=True)
class Network:
    connect: Callable[[str, int, str, str], Link]  # address, port, the player's name, password
    # the port (0: any free one), password, the folder for its saves, the name it is advertised under
    host: Callable[[int, str, Path, str], Hosted]
    browse: Callable[[float], Sequence[Found]]  # the servers that answer within that many seconds
    default_port: int
    here: Callable[[], Collection[str]] = own_addresses  # this computer's addresses


def own_first(found: Sequence[Found], here: Collection[str]) -> list[Found]:
    """The servers found, those on this computer (at an address in ``here``) first, the others as they came."""
    return sorted(found, key=lambda server: server.address not in here)


@dataclass
class _Hosting:
    """The server started by :func:`_host` with its advert (``None``: not advertised): both end together."""

    server: RunningServer
    advert: Advert | None

    @property
    def port(self) -> int:
        return self.server.port

    def stop(self) -> None:
        try:
            if self.advert is not None:
                self.advert.close()
        finally:
            self.server.stop()


def _connect(address: str, port: int, name: str, password: str) -> Link:
    """A connection that wakes the window at rest when something arrives: the page waiting on it polls only then."""
    from game.online.client import Connection

    return Connection(address, port, name, password, on_message=wake)


def _host(port: int, password: str, folder: Path, name: str) -> Hosted:
    """A server for this window's tables, advertised on the local network under the player's ``name``. Where
    multicast does not work (or zeroconf fails on a busy machine), it serves all the same, unadvertised: its
    lobby shows the address players type, as ``main.py host`` does."""
    from zeroconf import Error as ZeroconfError

    from game.online.discovery import advertise
    from game.online.server import start_in_thread

    server = start_in_thread(LISTEN_ON, port, password, folder)
    try:
        advert: Advert | None = advertise(name, server.port)
    except (OSError, ZeroconfError):
        advert = None
    except BaseException:
        server.stop()
        raise
    return _Hosting(server, advert)


def _browse(seconds: float) -> Sequence[Found]:
    from game.online.discovery import browse

    return browse(seconds)


def real_network() -> Network:
    """The network as ``game.online`` reaches it, with its protocol's default port."""
    return Network(_connect, _host, _browse, DEFAULT_PORT)


def offline_network() -> Network:
    """The real network's port and protocol with every door closed: nothing connects, no table is hosted, none
    is found. For a window that must stay off the player's network (the soak), as it stays out of their saves."""
    return replace(real_network(), connect=_refuse_link, host=_refuse_table, browse=_find_nothing)


def _refuse_link(address: str, port: int, name: str, password: str) -> Link:
    raise OSError(errno.ENETUNREACH, "this window plays offline")


def _refuse_table(port: int, password: str, folder: Path, name: str) -> Hosted:
    raise OSError(errno.ENETUNREACH, "this window plays offline")


def _find_nothing(seconds: float) -> Sequence[Found]:
    return ()


def player_name(chosen: str = "") -> str:
    """The name this player is known by at a table: the one they ``chosen`` (the settings' ``player_name``), else
    their login name on this computer, cleaned as a typed name is, as the other players are likely to know them
    (no login name, or one nobody could read: "Player")."""
    if chosen:
        return chosen
    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no login name: a container, a service account
        name = ""
    return person_name(name, NAME_LENGTH) or "Player"
